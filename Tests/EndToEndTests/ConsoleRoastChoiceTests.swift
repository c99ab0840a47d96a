import Foundation
import RoastBot
import RoastCore
import Testing

/// The trial of issue 22 as console scripts: the roast a person asked for — less spice when they
/// say so, names that are not keywords, chili emoji, no identical roast twice in a row, what the chat
/// saw counting as seen, a named category over a picked collection — and a freeze that bridges one
/// missed day only.
struct ConsoleRoastChoiceTests {
    static let quiet = ["ROASTBOT_ABUSE_LIMIT": "0", "ROASTBOT_CLOCK_START": "2026-03-10T08:00:00+07:00"]

    /// One roast the console printed: its header and its text.
    struct Printed {
        var header: String
        var text: String
        var notes: [String]
        var spice: Int { header.components(separatedBy: "🌶️").count - 1 }
    }

    /// The roasts printed in answer to `input` (the lines between its echo and the next prompt).
    static func roasts(answering input: String, in output: String, occurrence: Int = 0) -> [Printed] {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let starts = lines.indices.filter { lines[$0] == input }
        guard occurrence < starts.count else { return [] }
        let answer = Array(lines[(starts[occurrence] + 1)...].prefix { !$0.contains("> ") }).map { $0.trimmingCharacters(in: .whitespaces) }
        var printed: [Printed] = []
        for (index, line) in answer.enumerated() where line.hasPrefix("🔥 Roast cho") || line.hasPrefix("🔥 Roast for") {
            let rest = answer[(index + 1)...].prefix { !$0.hasPrefix("🤖") && !$0.hasPrefix("[") }
            let text = rest.first { !$0.isEmpty && !$0.hasPrefix("ℹ️") } ?? ""
            printed.append(Printed(header: line, text: text, notes: rest.filter { $0.hasPrefix("ℹ️") }))
        }
        return printed
    }

    static func roast(_ input: String, in output: String, occurrence: Int = 0) throws -> Printed {
        try #require(roasts(answering: input, in: output, occurrence: occurrence).first, "no roast for \(input)")
    }

    /// Asking for less spice gets less, in both languages, with and without diacritics.
    @Test func negationAndSoftenersLowerTheSpice() throws {
        let asks = [
            "/roast not spicy", "/roast not too spicy", "/roast not savage please", "/roast nothing harsh", "/roast gentle",
            "/roast keep it light", "/roast đừng cay quá", "/roast dung cay qua", "/roast không cay lắm", "/roast chẳng cay",
            "/roast nhẹ thôi", "/roast bớt cay",
        ]
        let script = ":chat private\n" + asks.joined(separator: "\n") + "\n:quit\n"
        let (output, status) = try ConsoleTranscriptTests.transcript(script, environment: Self.quiet)
        #expect(status == 0)
        for ask in asks {
            let roast = try Self.roast("you@private> " + ask, in: output)
            #expect(roast.spice >= 1 && roast.spice <= 2, "\(ask): \(roast.header)")
            #expect(roast.notes.isEmpty, "\(ask): \(roast.notes)")
        }
    }

    /// Colleagues' names are not typo-corrected into keywords: the category typed stays, no collection
    /// comes in, and the name gets the usual hint.
    @Test func namesAreNotKeywords() throws {
        let asks = [
            ("/roast họp Việt", "📅 Họp hành", "Việt"), ("/roast họp Hùng", "📅 Họp hành", "Hùng"),
            ("/roast deadline Thu", "⏰ Deadline", "Thu"), ("/roast kpi Trung", "📈 KPI", "Trung"),
            ("/roast deadline Dung", "⏰ Deadline", "Dung"), ("/roast họp Tâm", "📅 Họp hành", "Tâm"),
            ("/roast sếp Phúc", "👔 Sếp và quản lý", "Phúc"), ("/roast họp An", "📅 Họp hành", "An"),
        ]
        // November: the Inbox collection ("thư") is on offer.
        let script = asks.map(\.0).joined(separator: "\n") + "\n:quit\n"
        let (output, status) = try ConsoleTranscriptTests.transcript(
            script, environment: ["ROASTBOT_ABUSE_LIMIT": "0", "ROASTBOT_CLOCK_START": "2026-11-10T08:00:00+07:00"])
        #expect(status == 0)
        for (ask, category, name) in asks {
            let roast = try Self.roast("you@group> " + ask, in: output)
            #expect(roast.header.contains(category), "\(ask): \(roast.header)")
            #expect(!roast.header.contains("📧"), "\(ask): \(roast.header)")
            #expect(roast.notes.contains { $0.contains("“\(name)”") }, "\(ask): \(roast.notes)")
        }
    }

    @Test func chiliEmojiAreASpiceLevel() throws {
        let script = "/roast 🌶️🌶️🌶️🌶️\n/roast họp 🌶️🌶️\n:chat private\n/roast 🌶️🌶️🌶️🌶️\n:quit\n"
        let (output, status) = try ConsoleTranscriptTests.transcript(script, environment: Self.quiet)
        #expect(status == 0)
        let capped = try Self.roast("you@group> /roast 🌶️🌶️🌶️🌶️", in: output)
        #expect(capped.spice == 3)
        #expect(capped.notes.contains { $0.contains(Phrasebook(.vi).spiceCapped(to: SpiceLevel(clamping: 3), inGroup: true)) })
        #expect(try Self.roast("you@group> /roast họp 🌶️🌶️", in: output).spice == 2)
        #expect(try Self.roast("you@private> /roast 🌶️🌶️🌶️🌶️", in: output).spice == 4)
    }

    /// 25 asks for one (category, spice) pool: never the same roast twice in a row, whoever asks.
    @Test func noIdenticalRoastBackToBack() throws {
        let asks = (0..<25).map { index in index.isMultiple(of: 5) ? ":user lan\n/roast họp 3\n:user you" : "/roast họp 3" }
        let (output, status) = try ConsoleTranscriptTests.transcript(asks.joined(separator: "\n") + "\n:quit\n", environment: Self.quiet)
        #expect(status == 0)
        let all = output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        // In the order printed: every roast's text is the first line after its header that is no note.
        var inOrder: [String] = []
        for (index, line) in all.enumerated() where line.hasPrefix("🔥 Roast cho") {
            if let text = all[(index + 1)...].first(where: { !$0.isEmpty && !$0.hasPrefix("ℹ️") }) { inOrder.append(text) }
        }
        #expect(inOrder.count == 25)
        for (previous, next) in zip(inOrder, inOrder.dropFirst()) { #expect(previous != next, "\(next)") }
    }

    /// With a collection picked: a named category wins (the collection's when it has one, else the
    /// library's with a note), "/roast thường" and "/roast off" leave it, /collections marks the pick.
    @Test func aNamedCategoryAndAWordWinOverAPickedCollection() throws {
        let start = "/collections\n:quit\n"
        let (listing, _) = try ConsoleTranscriptTests.transcript(start, environment: Self.quiet)
        let buttons = try #require(listing.split(separator: "\n").first { $0.contains("[1] ") })
        let office = try #require(buttons.components(separatedBy: "  ").first { $0.contains("Công sở kinh điển") })
        let number = String(office.trimmingCharacters(in: .whitespaces).dropFirst().prefix { $0.isNumber })
        let script = """
            /collections
            :press \(number)
            /collections
            /roast kpi
            /roast review code
            /roast
            /roast thường
            /roast
            /collections
            :press \(number)
            /roast off
            :quit

            """
        let (output, status) = try ConsoleTranscriptTests.transcript(script, environment: Self.quiet)
        #expect(status == 0)
        let words = Phrasebook(.vi)
        #expect(output.contains("✅ 🏢 Công sở kinh điển"), "the pick is marked on its button")
        let kpi = try Self.roast("you@group> /roast kpi", in: output)
        #expect(kpi.header.contains("📈 KPI"), "\(kpi.header)")
        #expect(
            kpi.header.contains("🏢")
                || kpi.notes.contains { $0.contains(words.collectionLacksCategory("🏢 Công sở kinh điển", category: .kpis)) })
        let review = try Self.roast("you@group> /roast review code", in: output)
        #expect(review.header.contains(RoastCategory.codeReviews.name(in: .vi)), "\(review.header)")
        #expect(try Self.roast("you@group> /roast", in: output).header.contains("🏢"))
        let regular = try Self.roast("you@group> /roast thường", in: output)
        #expect(!regular.header.contains("🏢"))
        #expect(regular.notes.contains { $0.contains(words.collectionCleared) })
        #expect(!(try Self.roast("you@group> /roast", in: output, occurrence: 1).header.contains("🏢")))
        let off = try Self.roast("you@group> /roast off", in: output)
        #expect(!off.header.contains("🏢") && off.notes.contains { $0.contains(words.collectionCleared) })
    }

    /// What the chat saw counts as seen: a week into Tết, six people pressing the banner's button one
    /// after the other get none of the week's Roasts of the Day and none of each other's roasts.
    @Test func theBannersButtonGivesNeitherARecentRoastOfTheDayNorTheSameRoastTwice() throws {
        let environment = ["ROASTBOT_ABUSE_LIMIT": "0", "ROASTBOT_CLOCK_START": "2026-02-06T08:00:00+07:00"]
        // Into Tết (from 02-07): its banner, then a Tết Roast of the Day each morning, 02-07 … 02-14.
        // A first run finds the banner's number; the same script (same seed and clock) then presses it.
        let opening = "/roast\n:day\n:hour +2\n" + Array(repeating: ":day", count: 7).joined(separator: "\n") + "\n"
        let (first, _) = try ConsoleTranscriptTests.transcript(opening + ":quit\n", environment: environment)
        let banner = try #require(first.components(separatedBy: "🤖 #").dropFirst().first { $0.contains("🧧 Thử roast") })
        let number = String(banner.prefix { $0.isNumber })
        let people = ["you", "lan", "an", "binh", "chi", "dung"]
        let presses = people.map { ":user \($0)\n:press \(number) 1" }.joined(separator: "\n") + "\n:quit\n"
        let (output, status) = try ConsoleTranscriptTests.transcript(opening + presses, environment: environment)
        #expect(status == 0)
        func text(_ block: String) -> String {
            let lines = block.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let header = lines.firstIndex(where: { $0.hasPrefix("🔥 Roast") }) else { return "" }
            return lines[(header + 1)...].first { !$0.isEmpty } ?? ""
        }
        let blocks = output.components(separatedBy: "🤖 #").dropFirst()
        let dailies = Set(blocks.filter { $0.contains(Phrasebook(.vi).roastOfTheDay) && $0.contains("🧧") }.map { text($0) })
        #expect(dailies.count == 8, "\(dailies.count) Tết Roasts of the Day")
        let answers = blocks.filter { $0.contains("Roast cho") && $0.contains("🧧") }.map { text($0) }
        #expect(answers.count == people.count, "\(output)")
        for answer in answers { #expect(!dailies.contains(answer), "a Roast of the Day again: \(answer)") }
        #expect(Set(answers).count == answers.count, "the same roast twice: \(answers)")
    }

    /// /stats counts only other people's reactions to your roasts, as /top does.
    @Test func statsCountOnlyOtherPeoplesReactions() throws {
        let script = "/roast\n:press 2\n/stats\n:user lan\n:press 1 1\n:user you\n/stats\n:quit\n"
        let (output, status) = try ConsoleTranscriptTests.transcript(script, environment: Self.quiet)
        #expect(status == 0)
        let stats = output.components(separatedBy: "📊").dropFirst().map { String($0) }
        #expect(stats.count == 2)
        let received = Phrasebook(.vi).statsReceived
        /// The lines of the section under `received`, up to the next blank line.
        func section(_ text: String) -> [String] {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard let start = lines.firstIndex(of: received) else { return [] }
            return Array(lines[(start + 1)...].prefix { !$0.isEmpty })
        }
        // Only my own 🔥 on my roast: nothing received.
        #expect(section(stats[0]) == [Phrasebook(.vi).statsNothingYet], "\(section(stats[0]))")
        // Lan's 😂 counts; my own 🔥 still does not.
        #expect(section(stats[1]).contains { $0.hasPrefix("😂") && $0.hasSuffix(" 1") }, "\(section(stats[1]))")
        #expect(section(stats[1]).contains { $0.hasPrefix("🔥") && $0.hasSuffix(" 0") }, "\(section(stats[1]))")
    }

    /// /settings says what the reminders switch really does.
    @Test func settingsSayWhatRemindersDo() throws {
        let (output, status) = try ConsoleTranscriptTests.transcript("/settings\n:quit\n", environment: Self.quiet)
        #expect(status == 0)
        #expect(output.contains(Phrasebook(.vi).labelReminders + ": " + Phrasebook(.vi).remindersSetting(true)))
    }

    /// A freeze bridges one missed day: back after 40 days nothing is offered; back the day after a
    /// single missed day the offer comes, and pressing it restores the streak.
    @Test func aFreezeBridgesOneMissedDayOnly() throws {
        let week = Array(repeating: "/roast\n:day", count: 8).joined(separator: "\n")
        let away = "\(week)\n:day +39\n/roast\n:quit\n"
        let (long, _) = try ConsoleTranscriptTests.transcript(away, environment: Self.quiet)
        #expect(!long.contains(Phrasebook(.vi).freezeButton), "offered after 40 days away")
        let missed = "\(week)\n:day\n/roast\n:press 1\n/streak\n:quit\n"
        let (short, status) = try ConsoleTranscriptTests.transcript(missed, environment: Self.quiet)
        #expect(status == 0)
        #expect(short.contains(Phrasebook(.vi).freezeOffer(brokenLength: 8)))
        #expect(short.contains(Phrasebook(.vi).freezeUsed(restoredTo: 9)))
        #expect(short.contains(Phrasebook(.vi).streakCurrent(9)))
    }
}
