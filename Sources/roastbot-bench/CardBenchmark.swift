import CardModel
import CardRenderer
import Foundation
import RoastCore

/// Share-card rendering: time per card for each format (library roasts cycled through every
/// template, category and language) and resident memory before the first card, after it and after
/// the run. The first render loads fontconfig and the fonts, so it is timed apart.
struct CardBenchmark {
    struct Result {
        var firstRender: Double
        var firstFormat: CardFormat
        var latencies: [CardFormat: [Double]]
        var heatmapLatencies: [Double]
        var before: ProcessMemory.Resident?
        var afterFirst: ProcessMemory.Resident?
        var after: ProcessMemory.Resident?
        var pngBytes: [CardFormat: [Int]]
    }

    /// Cards rendered per format (after the first).
    var cardsPerFormat: Int

    func run(library: RoastLibrary) throws -> Result {
        let renderer = CardRenderer()
        let cards = Self.cards(library: library)
        let before = ProcessMemory.resident()
        var start = Stopwatch.now()
        _ = try renderer.render(cards[0].with(format: .story))
        let firstRender = Stopwatch.now() - start
        let afterFirst = ProcessMemory.resident()
        var latencies: [CardFormat: [Double]] = [:]
        var sizes: [CardFormat: [Int]] = [:]
        // Interleaved, so that both formats see the same state of the machine.
        for index in 0..<cardsPerFormat {
            for format in CardFormat.allCases {
                let card = cards[(index * 7 + (format == .post ? 3 : 0)) % cards.count].with(format: format)
                start = Stopwatch.now()
                let png = try renderer.render(card)
                latencies[format, default: []].append(Stopwatch.now() - start)
                sizes[format, default: []].append(png.count)
            }
        }
        var heatmapLatencies: [Double] = []
        for index in 0..<max(10, cardsPerFormat / 10) {
            let heatmap = Self.heatmap(seed: index)
            start = Stopwatch.now()
            _ = try renderer.render(heatmap)
            heatmapLatencies.append(Stopwatch.now() - start)
        }
        return Result(
            firstRender: firstRender, firstFormat: .story, latencies: latencies, heatmapLatencies: heatmapLatencies, before: before,
            afterFirst: afterFirst, after: ProcessMemory.resident(), pngBytes: sizes)
    }

    /// Writes one card per template × format × language (a long roast where there is one), and two
    /// heatmaps, into `directory`, for a person to look at.
    static func writeSamples(library: RoastLibrary, to directory: URL) throws -> [URL] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let renderer = CardRenderer()
        var written: [URL] = []
        for (index, template) in CardTemplate.allCases.enumerated() {
            for language in Language.allCases {
                let category = RoastCategory.allCases[(index * 3 + (language == .vi ? 0 : 1)) % RoastCategory.allCases.count]
                let roasts = library.roasts(language: language, category: category)
                let roast = roasts.max { $0.text.count < $1.text.count } ?? roasts[0]
                for format in CardFormat.allCases {
                    let card = RoastCard(
                        text: roast.text, language: language, category: category, spice: roast.spice, template: template, format: format,
                        deepLink: "t.me/RoastMeLaterBot?start=roast_\(category.rawValue)_\(roast.spice.rawValue)")
                    let url = directory.appendingPathComponent("card-\(template.rawValue)-\(format.rawValue)-\(language.rawValue).png")
                    try Data(renderer.render(card)).write(to: url)
                    written.append(url)
                }
            }
        }
        // Hard cases: far more text than fits, and emoji sequences, right-to-left text and marks.
        let extremes = [
            (
                "long", String(repeating: "Deadline dời lần thứ mười ba nhưng slide vẫn chưa xong, họp tiếp đi cả nhà ơi. ", count: 14),
                CardTemplate.midnight
            ),
            ("emoji", "Code review xong chưa 👨‍💻? 🏳️‍🌈 ❤️‍🔥 🇻🇳 — ằ ẫ ỡ — مرحبا שלום — a\u{301}\u{302}\u{303} 🧑🏽‍🚀", CardTemplate.paper),
        ]
        for (name, text, template) in extremes {
            for format in CardFormat.allCases {
                let card = RoastCard(
                    text: text, language: .vi, category: .codeReviews, spice: .hottest, template: template, format: format,
                    deepLink: "t.me/RoastMeLaterBot?start=roast_code_reviews_5")
                let url = directory.appendingPathComponent("card-\(name)-\(format.rawValue).png")
                try Data(renderer.render(card)).write(to: url)
                written.append(url)
            }
        }
        for language in Language.allCases {
            let url = directory.appendingPathComponent("heatmap-\(language.rawValue).png")
            var picture = heatmap(seed: 3)
            picture.language = language
            try Data(renderer.render(picture)).write(to: url)
            written.append(url)
        }
        return written
    }

    /// Every library roast on every template, alternating categories and languages.
    private static func cards(library: RoastLibrary) -> [RoastCard] {
        library.all.enumerated().map { index, roast in
            RoastCard(
                text: roast.text, language: roast.language, category: roast.category, spice: roast.spice,
                template: CardTemplate.allCases[index % CardTemplate.allCases.count], format: .post,
                deepLink: "t.me/RoastMeLaterBot?start=roast_\(roast.category.rawValue)_\(roast.spice.rawValue)")
        }
    }

    /// A plausible 20 weeks: mostly active weekdays, a current streak of 9 days.
    static func heatmap(seed: Int) -> StreakHeatmap {
        let today = LocalDate(year: 2026, month: 11, day: 20)
        var generator = SplitMix64(seed: UInt64(seed))
        var days: [LocalDate] = (0..<140).compactMap { offset in
            let day = today.adding(days: -offset)
            let chance = day.isoWeekday >= 6 ? 0.25 : 0.7
            return Double.random(in: 0..<1, using: &generator) < chance ? day : nil
        }
        days += (0..<9).map { today.adding(days: -$0) }
        return StreakHeatmap(activeDays: days, today: today, currentStreak: 9, longestStreak: 16, nextMilestone: 14, language: .vi)
    }
}

extension RoastCard {
    fileprivate func with(format: CardFormat) -> RoastCard {
        var copy = self
        copy.format = format
        return copy
    }
}
