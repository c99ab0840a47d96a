import Foundation
import RoastContent
import Testing

@testable import RoastCore

/// A mood shapes the draw measurably: over 1,000 draws per mood and language through the selector
/// (the shipped library, cap 5, 50 people asking 20 roasts each, every other one with Premium
/// unlocked), the share of roasts tagged with the mood, against the share when nobody gave a mood.
@Suite(.serialized) struct MoodDrawTests {
    struct Tally {
        var draws = 0
        /// Roasts drawn tagged with each mood.
        var tagged: [Mood: Int] = [:]
        var aboveTwo = 0

        func share(_ mood: Mood) -> Double { Double(tagged[mood, default: 0]) / Double(max(draws, 1)) }
        func line(_ mood: Mood) -> String { "\(tagged[mood, default: 0])/\(draws) (\(Int(share(mood) * 100)) %)" }
    }

    /// The draws without a mood, per language and category (nil: any), shared by the tests.
    static let baselines: [String: Tally] = {
        var result: [String: Tally] = [:]
        for language in Language.allCases {
            for category in [nil, RoastCategory.meetings] {
                result["\(language)-\(category?.rawValue ?? "any")"] = try? draw(nil, category: category, language: language)
            }
        }
        return result
    }()

    static func baseline(_ language: Language, _ category: RoastCategory? = nil) throws -> Tally {
        try #require(baselines["\(language)-\(category?.rawValue ?? "any")"])
    }

    /// 1,000 draws for `mood` (nil: no mood given).
    static func draw(
        _ mood: Mood?, category: RoastCategory? = nil, spice: SpiceLevel? = nil, language: Language, maxSpice: SpiceLevel = .hottest
    ) throws -> Tally {
        let selector = RoastSelector(library: try RoastSelectorTests.library.get())
        var random = SplitMix64(seed: 2026)
        var tally = Tally()
        for person in 0..<50 {
            var served: Set<String> = []
            for _ in 0..<20 {
                let ask = RoastAsk(
                    request: RoastRequest(category: category, spice: spice, mood: mood), language: language, maxSpice: maxSpice,
                    premiumUnlocked: person.isMultiple(of: 2), served: served, date: RoastSelectorTests.ordinary)
                let choice = try #require(selector.select(ask, catalog: .empty, using: &random))
                let roast = try #require(selector.library.roast(id: choice.libraryID ?? ""))
                served.insert(roast.id)
                tally.draws += 1
                for tag in roast.moods { tally.tagged[tag, default: 0] += 1 }
                if roast.spice > SpiceLevel(clamping: 2) { tally.aboveTwo += 1 }
            }
        }
        return tally
    }

    @Test(arguments: Language.allCases, Mood.allCases)
    func aMoodDrawsItsOwnRoasts(language: Language, mood: Mood) throws {
        let shaped = try Self.draw(mood, language: language)
        let baseline = try Self.baseline(language)
        print(
            "mood draw \(language.rawValue) \(mood.rawValue): \(shaped.line(mood)) tagged, without a mood \(baseline.line(mood));"
                + " above spice 2: \(shaped.aboveTwo)")
        #expect(shaped.draws == 1_000)
        #expect(shaped.share(mood) >= 0.9)
        #expect(shaped.share(mood) >= 2 * baseline.share(mood))
        if mood == .stressed { #expect(shaped.aboveTwo == 0) }
    }

    /// Asking one category 20 times: its few roasts of the mood (3 to 12 per language with Premium)
    /// come first, then, since nobody gets a repeat before the pool is exhausted, the rest of the
    /// category; still about twice the share without a mood.
    @Test(arguments: Language.allCases, Mood.allCases)
    func aMoodShapesOneCategoryToo(language: Language, mood: Mood) throws {
        let shaped = try Self.draw(mood, category: .meetings, language: language)
        let baseline = try Self.baseline(language, .meetings)
        print(
            "mood draw \(language.rawValue) \(mood.rawValue) meetings: \(shaped.line(mood)) tagged, without a mood \(baseline.line(mood));"
                + " above spice 2: \(shaped.aboveTwo)")
        #expect(shaped.share(mood) >= 1.5 * baseline.share(mood))
        if mood == .stressed { #expect(shaped.aboveTwo == 0) }
    }

    /// Stressed keeps roasts gentle unless the person asked a spice themselves.
    @Test(arguments: Language.allCases)
    func stressedPeopleWhoAskASpiceGetIt(language: Language) throws {
        let asked = try Self.draw(.stressed, spice: SpiceLevel(clamping: 4), language: language)
        #expect(asked.aboveTwo == asked.draws)
        let capped = try Self.draw(.stressed, language: language, maxSpice: .mildest)
        #expect(capped.aboveTwo == 0)
    }
}
