import AIRoasts
import ChatPlatform
import Foundation
import RoastBot
import RoastCore
import RoastStore
import RoastTesting
import Synchronization
import Testing

@Suite struct LibraryCountsReport {
    /// Prints the closing table: library roasts per category × language × spice (plus premium).
    @Test func libraryCountsPerCategoryLanguageAndSpice() {
        let library = BotFixture.library
        var lines = ["language category      s1 s2 s3 s4 s5 total premium"]
        for language in Language.allCases {
            for category in RoastCategory.allCases {
                let counts = SpiceLevel.all.map { library.count(language: language, category: category, spice: $0) }
                let premium = library.premium(language: language, category: category).count
                let row = counts.map { String(format: "%2d", $0) }.joined(separator: " ")
                lines.append(
                    "\(language.rawValue)       \(category.rawValue.padding(toLength: 14, withPad: " ", startingAt: 0)) \(row) \(String(format: "%5d", counts.reduce(0, +))) \(String(format: "%7d", premium))"
                )
                #expect(counts.reduce(0, +) >= 30)
            }
        }
        print(lines.joined(separator: "\n"))
    }
}
