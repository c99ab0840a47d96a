import Foundation
import Testing

@testable import RoastCore

struct RoastPickerTests {
    /// A tiny library: meetings has spice 1, 2, 2, 5; general has spice 1 and 3.
    static func library() throws -> RoastLibrary {
        func file(_ name: String, _ entries: [(String, Int, [String])]) -> (language: Language, name: String, data: Data) {
            let json = entries.map { id, spice, moods in
                "{\"id\":\"\(id)\",\"spice\":\(spice),\"moods\":[\(moods.map { "\"\($0)\"" }.joined(separator: ","))],\"text\":\"Roast \(id).\"}"
            }.joined(separator: ",")
            return (.en, name, Data("[\(json)]".utf8))
        }
        return try RoastLibrary(files: [
            file(
                "meetings",
                [("en.meetings.001", 1, []), ("en.meetings.002", 2, ["bored"]), ("en.meetings.003", 2, []), ("en.meetings.004", 5, [])]),
            file("general", [("en.general.001", 1, []), ("en.general.002", 3, [])]),
        ])
    }

    @Test func neverRepeatsUntilThePoolIsExhausted() throws {
        let picker = RoastPicker(library: try Self.library())
        var random = SplitMix64(seed: 7)
        var served = Set<String>()
        for _ in 0..<3 {
            let choice = try #require(
                picker.pick(
                    RoastRequest(category: .meetings), language: .en, maxSpice: .init(clamping: 3), premiumUnlocked: false,
                    seen: SeenRoasts(served: served),
                    using: &random))
            #expect(!served.contains(choice.roast.id))
            #expect(choice.fallback == .none)
            served.insert(choice.roast.id)
        }
        #expect(served == ["en.meetings.001", "en.meetings.002", "en.meetings.003"])
        let again = try #require(
            picker.pick(
                RoastRequest(category: .meetings), language: .en, maxSpice: .init(clamping: 3), premiumUnlocked: false,
                seen: SeenRoasts(served: served),
                using: &random))
        #expect(again.fallback == .poolExhausted)
    }

    @Test func capsSpiceAtTheChatMaximum() throws {
        let picker = RoastPicker(library: try Self.library())
        var random = SplitMix64(seed: 1)
        for _ in 0..<50 {
            let choice = try #require(
                picker.pick(
                    RoastRequest(category: .meetings, spice: .init(clamping: 5)), language: .en, maxSpice: .init(clamping: 2),
                    premiumUnlocked: false, seen: SeenRoasts(served: []), using: &random))
            #expect(choice.roast.spice.rawValue == 2)
        }
    }

    @Test func fallsBackToTheNearestSpiceThenToGeneral() throws {
        let picker = RoastPicker(library: try Self.library())
        var random = SplitMix64(seed: 3)
        let nearest = try #require(
            picker.pick(
                RoastRequest(category: .meetings, spice: .init(clamping: 4)), language: .en, maxSpice: .hottest, premiumUnlocked: false,
                seen: SeenRoasts(served: []), using: &random))
        #expect(nearest.roast.id == "en.meetings.004")
        #expect(nearest.fallback == .nearestSpice)
        let general = try #require(
            picker.pick(
                RoastRequest(category: .kpis), language: .en, maxSpice: .hottest, premiumUnlocked: false, seen: SeenRoasts(served: []),
                using: &random))
        #expect(general.roast.category == .general)
        #expect(general.fallback == .generalCategory)
    }

    @Test func isReproducibleWithTheSameSeed() throws {
        let picker = RoastPicker(library: try Self.library())
        func run(_ seed: UInt64) -> [String] {
            var random = SplitMix64(seed: seed)
            return (0..<20).compactMap { _ in
                picker.pick(
                    RoastRequest(), language: .en, maxSpice: .hottest, premiumUnlocked: false, seen: SeenRoasts(served: []), using: &random)?
                    .roast.id
            }
        }
        #expect(run(42) == run(42))
        #expect(run(42) != run(43))
    }

    @Test func drawsTheMoodsOwnRoastsFirstButNeverRepeatsForThem() throws {
        let picker = RoastPicker(library: try Self.library())
        var random = SplitMix64(seed: 11)
        var bored = 0
        for _ in 0..<2_000 {
            let choice = picker.pick(
                RoastRequest(category: .meetings, mood: .bored), language: .en, maxSpice: .init(clamping: 2), premiumUnlocked: false,
                seen: SeenRoasts(served: []), using: &random)
            if choice?.roast.id == "en.meetings.002" { bored += 1 }
        }
        // The only roast tagged bored within the cap, every time (it was a weight of 2 in 4 before).
        #expect(bored == 2_000)
        // Once it was served, the category's other roasts come before a repeat.
        let next = try #require(
            picker.pick(
                RoastRequest(category: .meetings, mood: .bored), language: .en, maxSpice: .init(clamping: 2), premiumUnlocked: false,
                seen: SeenRoasts(served: ["en.meetings.002"]), using: &random))
        #expect(next.roast.id != "en.meetings.002")
        #expect(next.fallback == .none)
    }

    @Test func weightsShiftChoices() throws {
        let library = try Self.library()
        let picker = RoastPicker(library: library)
        var random = SplitMix64(seed: 5)
        var favoured = 0
        for _ in 0..<1_000 {
            let choice = picker.pick(
                RoastRequest(category: .meetings), language: .en, maxSpice: .init(clamping: 2), premiumUnlocked: false,
                seen: SeenRoasts(served: []),
                ordinalWeight: { library.all[$0].id == "en.meetings.003" ? 8 : 1 }, using: &random)
            if choice?.roast.id == "en.meetings.003" { favoured += 1 }
        }
        #expect(favoured > 700)
    }

    @Test func disallowedRoastsAreNeverChosenAndDoNotCountAsFresh() throws {
        let picker = RoastPicker(library: try Self.library())
        var random = SplitMix64(seed: 3)
        let blocked: Set<String> = ["en.meetings.001", "en.meetings.003"]
        for _ in 0..<200 {
            let choice = try #require(
                picker.pick(
                    RoastRequest(category: .meetings), language: .en, maxSpice: .init(clamping: 3), premiumUnlocked: false,
                    seen: SeenRoasts(served: []),
                    allowed: { !blocked.contains(picker.library.all[$0].id) }, using: &random))
            #expect(choice.roast.id == "en.meetings.002")
        }
        // The only allowed one was served: the pool is exhausted rather than a blocked roast drawn.
        let again = try #require(
            picker.pick(
                RoastRequest(category: .meetings), language: .en, maxSpice: .init(clamping: 3), premiumUnlocked: false,
                seen: SeenRoasts(served: ["en.meetings.002"]), allowed: { !blocked.contains(picker.library.all[$0].id) }, using: &random
            ))
        #expect(again.roast.id == "en.meetings.002")
        #expect(again.fallback == .poolExhausted)
    }

    @Test func aCategoryWithNothingAllowedFallsBackToGeneral() throws {
        let picker = RoastPicker(library: try Self.library())
        var random = SplitMix64(seed: 4)
        let choice = try #require(
            picker.pick(
                RoastRequest(category: .meetings), language: .en, maxSpice: .init(clamping: 5), premiumUnlocked: false,
                seen: SeenRoasts(served: []),
                allowed: { picker.library.all[$0].category != .meetings }, using: &random))
        #expect(choice.roast.category == .general)
        #expect(choice.fallback == .generalCategory)
    }
}
