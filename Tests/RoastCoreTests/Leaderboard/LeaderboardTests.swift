import RoastCore
import Testing

struct LeaderboardTests {
    typealias Entry = LeaderboardEntry<Int>

    @Test func ranksHighestFirstAndTiesShareARank() {
        let ranked = Leaderboard.rank([
            Entry(member: 1, name: "Bình", value: 5), Entry(member: 2, name: "An", value: 9), Entry(member: 3, name: "Chi", value: 5),
            Entry(member: 4, name: "Dũng", value: 2),
        ])
        #expect(ranked.map(\.entry.member) == [2, 1, 3, 4])
        #expect(ranked.map(\.rank) == [1, 2, 2, 4])
        #expect(ranked.map(\.medal) == ["🥇", "🥈", "🥈", nil])
    }

    @Test func peopleWithNothingToShowAreLeftOut() {
        let ranked = Leaderboard.rank([Entry(member: 1, name: "A", value: 0), Entry(member: 2, name: "B", value: 1)])
        #expect(ranked.map(\.entry.member) == [2])
        #expect(Leaderboard.rank([Entry(member: 1, name: "A", value: 0)]).isEmpty)
    }

    @Test func onlyTheTopTenAreListed() {
        let entries = (1...15).map { Entry(member: $0, name: "P\($0)", value: $0, hasFlame: $0 > 12) }
        let ranked = Leaderboard.rank(entries)
        #expect(ranked.count == 10)
        #expect(ranked.first?.entry.member == 15)
        #expect(ranked.first?.entry.hasFlame == true)
        #expect(ranked.last?.entry.member == 6)
    }

    @Test(arguments: LeaderboardMetric.allCases)
    func metricCodesRoundTrip(_ metric: LeaderboardMetric) {
        #expect(LeaderboardMetric(code: metric.code) == metric)
    }
}
