import DiscordAPI
import Testing

@testable import DiscordGateway

@Suite struct IdentifyBudgetTests {
    @Test func spendsDownToNothingThenWaitsForTheReset() {
        var budget = IdentifyBudget(
            DiscordGatewayBot.SessionStartLimit(total: 1_000, remaining: 2, resetAfter: 60_000, maxConcurrency: 1), now: .seconds(100))
        #expect(budget.availability(now: .seconds(100)) == .now)
        budget.spend(now: .seconds(100))
        #expect(budget.availability(now: .seconds(110)) == .now)
        budget.spend(now: .seconds(110))
        #expect(budget.remaining == 0)
        #expect(budget.availability(now: .seconds(120)) == .exhausted(until: .seconds(160)))
    }

    @Test(arguments: [1, 2, 16])
    func allowsMaxConcurrencyIdentifiesPerFiveSecondsAndTheMargin(maxConcurrency: Int) {
        var budget = IdentifyBudget(
            DiscordGatewayBot.SessionStartLimit.limit(remaining: 100, maxConcurrency: maxConcurrency), now: .zero, margin: .seconds(1))
        for index in 0..<maxConcurrency {
            #expect(budget.availability(now: .milliseconds(index * 10)) == .now)
            budget.spend(now: .milliseconds(index * 10))
        }
        #expect(budget.availability(now: .seconds(1)) == .after(.seconds(6)))
        #expect(budget.availability(now: .seconds(5)) == .after(.seconds(6)))
        #expect(budget.availability(now: .seconds(6)) == .now)
    }

    @Test func newNumbersFromDiscordKeepTheConcurrencyWindow() {
        var budget = IdentifyBudget(DiscordGatewayBot.SessionStartLimit.limit(remaining: 5, maxConcurrency: 1), now: .zero, margin: .zero)
        budget.spend(now: .seconds(1))
        budget.update(DiscordGatewayBot.SessionStartLimit.limit(remaining: 900, resetAfter: 1_000, maxConcurrency: 1), now: .seconds(2))
        #expect(budget.remaining == 900)
        #expect(budget.window == .seconds(5))
        #expect(budget.availability(now: .seconds(2)) == .after(.seconds(6)))
        #expect(budget.learnedAt == .seconds(2))
    }
}
