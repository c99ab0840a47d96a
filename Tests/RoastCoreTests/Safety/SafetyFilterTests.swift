import Foundation
import RoastContent
import RoastCore
import Testing

private let repositoryRoot = Repository.root

@Suite struct SafetyFilterTests {
    let filter = SafetyFilter()

    /// Texts the filter must reject, in both languages, with and without diacritics.
    @Test(arguments: [
        "This sprint is so fucked it needs a retro of its own.",
        "Your deploy script is pure bullshit.",
        "What the FUCK is this merge conflict?",
        "Stop being a bitch about the standup.",
        "Only a retard would schedule this meeting.",
        "You code like a girl.",
        "Too slow because you're a woman, obviously.",
        "At your age you should know git by now.",
        "Even a boomer closes tickets faster.",
        "Your religion must forbid writing tests.",
        "The Muslim guy on the team missed the deadline.",
        "Go back to where you're from, deadline dodger.",
        "Your KPI is as fat as you are.",
        "You're so fat the server needs more RAM.",
        "Is the reviewer deaf or just ignoring you?",
        "That refactor is gay.",
        "Địt, deadline lại dời nữa à?",
        "dit me deadline",
        "Code gì mà ngu thế.",
        "Họp gì mà lâu vcl.",
        "Sếp đéo quan tâm đâu.",
        "Báo cáo như cái lồn.",
        "Người miền Trung làm việc chậm thế.",
        "Phụ nữ thì làm KPI kiểu gì?",
        "Già rồi còn học React làm gì.",
        "Béo thế chạy deadline sao nổi.",
        "Bê đê mà cũng đòi review code.",
        "Dân bắc kỳ họp lâu thật.",
        "Thằng què cũng deploy nhanh hơn.",
        "ĐỊT MẸ CÁI BUG NÀY",
    ])
    func rejects(_ text: String) {
        #expect(!filter.check(text).isAllowed, "should be rejected: \(text)")
    }

    /// Ordinary texts, including words the lists must not match inside or across diacritics.
    @Test(arguments: [
        "Nguyên cả buổi họp chỉ để chốt lịch họp tiếp theo.",
        "Anh Nguyễn đi làm sớm nhất team, chắc vì Wi-Fi ở nhà chậm.",
        "Đi họp đi, di chuyển nhanh lên.",
        "Di chuyển phòng họp lần thứ ba trong ngày.",
        "Mọi người đều đồng ý rằng deadline là một khái niệm.",
        "Buổi họp sáng kéo dài như phim bộ.",
        "Các task đang xếp hàng như giờ cao điểm.",
        "Ngủ gật trong cuộc họp cũng là một kỹ năng.",
        "Mua một lon cà phê cho buổi review code.",
        "Giá cả thị trường tăng, chỉ KPI là không.",
        "Nhà thơ nào viết cái spec này vậy?",
        "Đeo tai nghe vào là thành chuyên gia tập trung.",
        "Điểm KPI quý này đẹp như slide thuyết trình.",
        "Dự án mới béo bở lắm",
        "Our race condition showed up right on time for the demo.",
        "The standup stood up for forty minutes.",
        "Your pull request has more comments than code.",
        "Deadline whooshed past like a cat chasing a laser.",
        "The spreadsheet is 3.5 MB of pure optimism.",
        "Please DM me the agenda before the meeting about the agenda.",
        "Your inbox is a classic: assessment pending since 2019.",
        "Scunthorpe office sends its regards to the meeting room.",
        "Hancock reviewed the plan and approved it by accident.",
    ])
    func allows(_ text: String) {
        #expect(filter.check(text) == .allowed, "should be allowed: \(text) → \(filter.check(text))")
    }

    @Test func namesTheTraitOfAProtectedTraitAttack() {
        #expect(filter.check("You code like a girl.") == .rejected(.protectedTrait(.gender)))
        #expect(filter.check("Người miền Trung họp lâu.") == .rejected(.protectedTrait(.region)))
        #expect(filter.check("That's a slur: faggot") == .rejected(.slur))
    }

    @Test func unaccentedSpellingOfAProfanityIsCaughtButItsEverydayNeighbourIsNot() {
        #expect(!filter.check("dit").isAllowed)
        #expect(!filter.check("địt").isAllowed)
        #expect(filter.check("đi").isAllowed)
        #expect(filter.check("di").isAllowed)
        #expect(filter.check("ngủ").isAllowed)
        #expect(!filter.check("ngu").isAllowed)
    }

    @Test func enforcesLengthBounds() {
        #expect(filter.check("   ") == .rejected(.empty))
        #expect(filter.check(String(repeating: "a", count: 281)) == .rejected(.tooLong(281)))
        #expect(filter.check(String(repeating: "a", count: 280)) == .allowed)
        #expect(filter.check("One. Two. Three. Four.") == .rejected(.tooManySentences(4)))
        #expect(filter.check("One. Two.") == .allowed)
    }

    @Test func blockListAddsTermsWithCommentsAndExactMarks() {
        let terms = SafetyFilter.parseBlockList(
            """
            # operator additions
            synergy   # we've had enough
            =cà khịa

            circle back*
            """)
        #expect(terms == ["synergy", "=cà khịa", "circle back*"])
        let custom = SafetyFilter(blockList: terms)
        #expect(custom.check("More SYNERGY please.") == .rejected(.blockedTerm))
        #expect(custom.check("Đừng cà khịa nữa.") == .rejected(.blockedTerm))
        #expect(custom.check("Đừng ca khia nữa.") == .allowed)
        #expect(custom.check("Let's circle backwards.") == .rejected(.blockedTerm))
        #expect(filter.check("More synergy please.") == .allowed)
    }

    @Test func everyShippedLibraryRoastPassesTheFilter() throws {
        let library = try RoastLibrary.load(directory: repositoryRoot.appending(path: "config/library"))
        #expect(library.all.count >= 480)
        for roast in library.all {
            #expect(filter.check(roast.text) == .allowed, "\(roast.id): \(filter.check(roast.text))")
        }
    }

    @Test func shippedBlockListParsesAndKeepsTheLibraryClean() throws {
        let text = try String(contentsOf: repositoryRoot.appending(path: "config/blocklist.txt"), encoding: .utf8)
        let custom = SafetyFilter(blockList: SafetyFilter.parseBlockList(text))
        let library = try RoastLibrary.load(directory: repositoryRoot.appending(path: "config/library"))
        #expect(library.all.allSatisfy { custom.check($0.text) == .allowed })
    }
}
