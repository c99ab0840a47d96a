import ChatPlatform
import DiscordAPI
import DiscordAdapter
import Foundation
import Testing

/// How the bot's messages look on Discord: markdown that shows text as typed, mentions that notify only on
/// purpose, buttons within Discord's rules, parts within 2,000 characters.
struct DiscordRendererTests {
    let renderer = DiscordRenderer()

    @Test(arguments: [
        (
            RichText(plain: "*not bold* _not italic_ ~~no~~ `no` ||no|| [no](x)"),
            #"\*not bold\* \_not italic\_ \~\~no\~\~ \`no\` \|\|no\|\| \[no\](x)"#
        ),
        (
            RichText(plain: "# not a heading\n- not a list\n> not a quote\n-# not subtext"),
            "\\# not a heading\n\\- not a list\n\\> not a quote\n\\-# not subtext"
        ),
        (RichText(plain: "a-b #1 x>y"), "a-b #1 x>y"),
        (RichText(plain: "@everyone <@123> <#456> <@&789>"), #"@everyone \<@123> \<#456> \<@&789>"#),
        (RichText([.bold("Roast of the day"), .plain(" · "), .italic(" deadlines ")]), "**Roast of the day** ·  *deadlines* "),
        (RichText([.code("swift `build`")]), "`swift ˋbuildˋ`"),
        (RichText([.link(url: "https://example.com/a b)", text: "docs")]), "[docs](https://example.com/a%20b%29)"),
        (RichText([.bold("a*b")]), #"**a\*b**"#),
    ])
    func richTextBecomesMarkdownThatShowsTextAsTyped(_ text: RichText, _ markdown: String) {
        #expect(DiscordRenderer.markdown(text).content == markdown)
        #expect(DiscordRenderer.markdown(text).mentions.isEmpty)
    }

    /// A mention is `<@id>` and the only kind of ping the message allows; `allowed_mentions` never parses
    /// @everyone, @here or roles.
    @Test func onlyMentionedPeopleAreNotified() throws {
        let text = RichText([.mention(UserID(42), name: "Alice"), .plain(" @everyone @here "), .mention(UserID(42), name: "Alice")])
        let part = try #require(try renderer.render(OutgoingMessage(text: text)).first)
        #expect(part.content == "<@42> @everyone @here <@42>")
        #expect(part.mentions == [DiscordUserID(42)])
        let payload = part.payload()
        #expect(payload.allowedMentions.users == [DiscordUserID(42)])
        let json = String(decoding: try JSONEncoder().encode(payload.allowedMentions), as: UTF8.self)
        #expect(json.contains(#""parse":[]"#))
        #expect(json.contains(#""replied_user":false"#))
    }

    /// Long text is split at Discord's 2,000 characters, markup included; nothing is lost.
    @Test(arguments: [
        RichText(plain: String(repeating: "Cuộc họp này lẽ ra chỉ cần một email. ", count: 130)),
        RichText(plain: String(repeating: "*_", count: 1_500)),
        RichText((0..<400).map { _ in RichText.Span.bold("đậm ") }),
    ])
    func longTextIsSplitAtTwoThousandCharacters(_ text: RichText) throws {
        let parts = try renderer.render(OutgoingMessage(text: text, buttons: [[Button("😂", data: "r:1")]]))
        #expect(parts.count >= 2)
        #expect(parts.allSatisfy { $0.content.unicodeScalars.count <= DiscordLimits.messageContent })
        #expect(parts.dropLast().allSatisfy { $0.components.isEmpty })
        #expect(parts.last?.components.first?.buttons.first?.customID == "r:1")
        let unescaped = parts.map { $0.content.replacingOccurrences(of: "\\", with: "").replacingOccurrences(of: "**", with: "") }.joined()
        #expect(unescaped == text.plainText)
    }

    /// A caption is cut, never split.
    @Test func aLongCaptionIsCut() {
        let part = renderer.caption(RichText(plain: String(repeating: "x", count: 2_500)))
        #expect(part.content.unicodeScalars.count == DiscordLimits.messageContent)
        #expect(part.content.hasSuffix("…"))
    }

    // MARK: Buttons

    static func buttons(_ counts: [Int]) -> [[Button]] {
        var next = 0
        return counts.map { count in
            (0..<count).map { _ in
                next += 1
                return Button("b\(next)", data: "p\(next)")
            }
        }
    }

    /// Rows of at most 5 buttons, at most 5 rows: a long row wraps, too many rows are packed.
    @Test(arguments: [
        ([5, 3], [5, 3]), ([7], [5, 2]), ([2, 2, 2, 2, 2, 2, 2, 1, 1], [5, 5, 5, 1]), ([0, 4, 0], [4]),
        ([5, 5, 5, 5, 5], [5, 5, 5, 5, 5]),
    ])
    func buttonsAreLaidOutInDiscordsRows(_ rows: [Int], _ expected: [Int]) throws {
        let components = try renderer.components(Self.buttons(rows))
        #expect(components.map(\.buttons.count) == expected)
        #expect(components.flatMap(\.buttons).compactMap(\.customID) == Self.buttons(rows).flatMap { $0 }.map(\.data))
    }

    /// A payload Discord would refuse is a bug: the message is refused, never truncated.
    @Test(arguments: [
        ([[Button("x", data: String(repeating: "a", count: 101))]], DiscordRenderingError.customIDTooLong(row: 0, column: 0, bytes: 101)),
        (
            [[Button("x", data: "ok"), Button("y", data: String(repeating: "é", count: 51))]],
            .customIDTooLong(row: 0, column: 1, bytes: 102)
        ),
        ([[Button("x", data: "")]], .emptyCustomID(row: 0, column: 0)),
        ([[Button(" ", data: "a")]], .emptyLabel(row: 0, column: 0)),
        ([[Button("x", data: "a"), Button("y", data: "a")]], .repeatedCustomID(row: 0, column: 1)),
        ([[Button.privateChat("x", start: "export")]], .deepLinkUnsupported(row: 0, column: 0)),
        (DiscordRendererTests.buttons([5, 5, 5, 5, 5, 1]), .tooManyButtons(count: 26)),
    ])
    func refusedPayloadsRefuseTheMessage(_ buttons: [[Button]], _ error: DiscordRenderingError) {
        #expect(throws: error) { try renderer.components(buttons) }
    }

    @Test func aHundredBytePayloadAndALongLabelFit() throws {
        let label = String(repeating: "🔥", count: 100)
        let rows = try renderer.components([[Button(label, data: String(repeating: "a", count: 100))]])
        let button = try #require(rows.first?.buttons.first)
        #expect(button.customID?.count == 100)
        #expect((button.label?.unicodeScalars.count ?? 0) <= DiscordLimits.buttonLabel)
    }

    @Test func anEmptyMessageIsRefused() {
        #expect(throws: DiscordRenderingError.emptyMessage) { try renderer.render(OutgoingMessage(text: RichText())) }
    }
}

/// A forum post's name: the first line of its text as a reader sees it, within Discord's 100 characters.
struct DiscordPostNameTests {
    @Test(arguments: [
        (
            RichText([.plain("🔥 "), .bold("Roast of the Day"), .plain(" · 🍜 Food\n\n"), .italic("*your* standup")]),
            "🔥 Roast of the Day · 🍜 Food"
        ),
        (RichText([.plain("\n  \n  "), .bold("Roast của ngày"), .plain("  \nrest")]), "Roast của ngày"),
        (RichText([.mention(UserID(7), name: "Alice"), .plain(", your streak is at risk")]), "Alice, your streak is at risk"),
        (RichText(plain: " \n "), DiscordRenderer.fallbackPostName),
        (RichText(), DiscordRenderer.fallbackPostName),
    ])
    func theNameIsTheFirstLineWithText(_ text: RichText, expected: String) {
        #expect(DiscordRenderer.postName(of: text) == expected)
    }

    /// Cut at whole characters: a flag (two scalars) is never split, and the name stays within 100 scalars.
    @Test func aLongFirstLineIsCut() {
        let name = DiscordRenderer.postName(of: RichText(plain: String(repeating: "a", count: 98) + "🇻🇳🇻🇳 tail\nsecond"))
        #expect(name == String(repeating: "a", count: 98) + "…")
        #expect(name.unicodeScalars.count <= DiscordLimits.threadName)
        let exact = String(repeating: "b", count: 100)
        #expect(DiscordRenderer.postName(of: RichText(plain: exact)) == exact)
    }
}
