import ConsoleAdapter
import Testing

/// How a typed console line is read.
struct ConsoleInputTests {
    /// `:user` takes the whole name; a last word `vi` or `en` is the person's language.
    @Test(arguments: [
        (":user Chi", ConsoleInput.user(name: "Chi", languageCode: nil)),
        (":user lan en", .user(name: "lan", languageCode: "en")),
        (":user Lan EN", .user(name: "Lan", languageCode: "en")),
        (":user Nguyễn Văn A vi", .user(name: "Nguyễn Văn A", languageCode: "vi")),
        (":u  Trần   Thị  B ", .user(name: "Trần Thị B", languageCode: nil)),
        (":user Vi", .user(name: "Vi", languageCode: nil)),
    ])
    func userKeepsTheWholeNameAndTheLanguage(line: String, expected: ConsoleInput) {
        #expect(ConsoleInput(line: line) == expected)
    }

    @Test(arguments: [":user", ":user " + String(repeating: "x", count: 33)])
    func userWithoutAUsableNameIsExplained(line: String) {
        guard case .invalid(let reason) = ConsoleInput(line: line) else {
            Issue.record("\(line) was accepted")
            return
        }
        #expect(reason.contains(":user NAME"))
    }
}
