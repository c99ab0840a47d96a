import Foundation
import LunarCalendar
import Testing

@testable import RoastCore

/// The seasons never run dry: every day of Tết and Mid-Autumn, in both languages, under a group's
/// default cap and with no cap, can have a seasonal Roast of the Day nobody in the chat saw in the last
/// 30 days — checked against the lunar calendar for this year and the next ten.
struct SeasonSupplyTests {
    static let thisYear = LocalDate(Date(), in: TimeZone(identifier: "Asia/Ho_Chi_Minh")!).year
    static let years = Array(thisYear...(thisYear + 10))
    /// A group's default cap and a private chat's.
    static let caps = [3, 5]

    /// The season's days, in order, for `year`.
    static func days(of collection: RoastCollection, in year: Int) throws -> [LocalDate] {
        guard case .seasonal(let window) = collection.kind, let occurrence = window.occurrence(of: collection.id, inYear: year) else {
            throw SupplyError.noOccurrence(collection.id, year)
        }
        return stride(from: 0, through: occurrence.last.days(since: occurrence.first), by: 1).map { occurrence.first.adding(days: $0) }
    }

    enum SupplyError: Error { case noOccurrence(String, Int) }

    /// Enough roasts exist: each day can be given its own roast that fits the day (its phase) and the
    /// cap — a matching of days to distinct roasts, found by augmenting paths.
    @Test(arguments: ["tet", "mid_autumn"], caps)
    func everyDayOfEverySeasonCanHaveARoastOfItsOwn(_ id: String, _ cap: Int) throws {
        let catalog = try shippedCatalog.get()
        let collection = try #require(catalog.collection(id: id))
        for language in Language.allCases {
            let roasts = RoastCollection.servable(collection.roasts(in: language), maxSpice: SpiceLevel(clamping: cap))
            for year in Self.years {
                let days = try Self.days(of: collection, in: year)
                let fits = days.map { day in roasts.indices.filter { collection.fits(roasts[$0], on: day) } }
                var owner = [Int?](repeating: nil, count: roasts.count)
                func assign(_ day: Int, _ visited: inout Set<Int>) -> Bool {
                    for roast in fits[day] where visited.insert(roast).inserted {
                        if owner[roast] == nil || assign(owner[roast]!, &visited) {
                            owner[roast] = day
                            return true
                        }
                    }
                    return false
                }
                for day in days.indices {
                    var visited = Set<Int>()
                    #expect(assign(day, &visited), "\(id) \(language) cap \(cap) \(year): no roast left for \(days[day])")
                }
            }
        }
    }

    /// The rule as the bot runs it: a chat's Roast of the Day through each season of the next ten
    /// years (a chat that posted every day) is always from the season and never one the chat received
    /// in the last 30 days, whatever the draw.
    @Test(arguments: ["tet", "mid_autumn"], caps)
    func theRoastOfTheDayIsSeasonalAndFreshEveryDay(_ id: String, _ cap: Int) throws {
        let catalog = try shippedCatalog.get()
        let selector = RoastSelector(library: try RoastLibrary.load(directory: Repository.library))
        let collection = try #require(catalog.collection(id: id))
        for language in Language.allCases {
            for seed in UInt64(1)...3 {
                var random = SplitMix64(seed: seed)
                var received: [String: LocalDate] = [:]
                for year in Self.years {
                    for day in try Self.days(of: collection, in: year) {
                        let recent = received.compactMapValues { date -> Int? in
                            let age = day.days(since: date)
                            return age < RoastSelector.dailyFreshDays ? age : nil
                        }
                        let ask = RoastAsk(
                            purpose: .daily, request: RoastRequest(), language: language, maxSpice: SpiceLevel(clamping: cap),
                            served: Set(received.keys), date: day, receivedInChat: recent)
                        let choice = try #require(selector.select(ask, catalog: catalog, using: &random))
                        let roast = try #require(choice.libraryID)
                        #expect(choice.collection == id, "\(id) \(language) cap \(cap) \(day): an ordinary roast")
                        #expect(
                            recent[roast] == nil, "\(id) \(language) cap \(cap) \(day): \(roast) was posted \(recent[roast] ?? 0) days ago")
                        received[roast] = day
                    }
                }
            }
        }
    }

    /// Every phase has roasts of its own in each language — the day before the full moon and the
    /// eve of Tết included — besides those that fit the whole season.
    @Test func everyPhaseHasRoastsWrittenForIt() throws {
        let catalog = try shippedCatalog.get()
        for collection in catalog.collections where !collection.phases.isEmpty {
            for language in Language.allCases {
                for phase in collection.phases {
                    let own = collection.roasts(in: language).filter { collection.roastPhases[$0.id]?.contains(phase.id) == true }
                    #expect(own.count >= 2, "\(collection.id) \(language) \(phase.id)")
                }
            }
        }
    }
}
