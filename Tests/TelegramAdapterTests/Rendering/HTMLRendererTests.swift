import ChatPlatform
import Testing

@testable import TelegramAdapter

struct HTMLRendererTests {
    let renderer = TelegramHTMLRenderer()

    @Test(arguments: [
        (RichText.Span.plain("<b>"), "&lt;b&gt;"),
        (.plain("Tom & Jerry"), "Tom &amp; Jerry"),
        (.plain("&amp;"), "&amp;amp;"),
        (.plain("say \"hi\" & 'bye'"), "say \"hi\" &amp; 'bye'"),
        (.plain("</i><script>"), "&lt;/i&gt;&lt;script&gt;"),
        (.bold("a<b"), "<b>a&lt;b</b>"),
        (.italic("x > y"), "<i>x &gt; y</i>"),
        (.code("if a < b && c > d {}"), "<code>if a &lt; b &amp;&amp; c &gt; d {}</code>"),
        (.plain("👩‍👩‍👧‍👦 🇻🇳 😀"), "👩‍👩‍👧‍👦 🇻🇳 😀"),
        (.plain("שלום עולם مرحبا \u{202E}abc"), "שלום עולם مرحبا \u{202E}abc"),
        (.plain("a\u{200D}b\u{200B}c\u{FEFF}"), "a\u{200D}b\u{200B}c\u{FEFF}"),
        (.plain("Tie\u{0302}\u{0301}ng Vie\u{0323}\u{0302}t"), "Tie\u{0302}\u{0301}ng Vie\u{0323}\u{0302}t"),
        (.bold(""), ""),
        (.plain(""), ""),
    ])
    func escapesTextAndWrapsStyles(span: RichText.Span, expected: String) throws {
        let html = renderer.html(for: RichText([span]))
        #expect(Array(html.unicodeScalars) == Array(expected.unicodeScalars))
        let visible = try TelegramHTMLReader.visibleText(of: html)
        #expect(Array(visible.unicodeScalars) == Array(RichText([span]).plainText.unicodeScalars))
    }

    @Test(arguments: [
        (RichText.Span.mention(UserID(42), name: "Ann"), "<a href=\"tg://user?id=42\">Ann</a>"),
        (.mention(UserID(7), name: "<Ann & Bob>"), "<a href=\"tg://user?id=7\">&lt;Ann &amp; Bob&gt;</a>"),
        (.mention(UserID(7), name: ""), ""),
        (.link(url: "https://example.com/a", text: "site"), "<a href=\"https://example.com/a\">site</a>"),
        (
            .link(url: "https://example.com/?a=1&b=\"2\"<x>", text: "q&a"),
            "<a href=\"https://example.com/?a=1&amp;b=&quot;2&quot;&lt;x&gt;\">q&amp;a</a>"
        ),
        // A quote alone is escaped in an attribute (and only there).
        (.link(url: "https://example.com/\"q\"", text: "\"t\""), "<a href=\"https://example.com/&quot;q&quot;\">\"t\"</a>"),
        (.link(url: "HTTP://EXAMPLE.COM", text: "caps"), "<a href=\"HTTP://EXAMPLE.COM\">caps</a>"),
        (.link(url: "tg://resolve?domain=roastbot", text: "bot"), "<a href=\"tg://resolve?domain=roastbot\">bot</a>"),
        (.link(url: "javascript://alert(1)", text: "click <me>"), "click &lt;me&gt;"),
        (.link(url: "ftp://example.com", text: "ftp"), "ftp"),
        (.link(url: "https://", text: "empty"), "empty"),
        (.link(url: "https://exa mple.com", text: "space"), "space"),
        (.link(url: "https://example.com/\n", text: "newline"), "newline"),
        (.link(url: "example.com", text: "bare"), "bare"),
        (.link(url: "https://example.com", text: ""), ""),
    ])
    func rendersMentionsAndOnlySafeLinks(span: RichText.Span, expected: String) throws {
        let html = renderer.html(for: RichText([span]))
        #expect(html == expected)
        let visible = try TelegramHTMLReader.visibleText(of: html)
        #expect(visible == RichText([span]).plainText)
    }

    @Test func mixedSpansRenderInOrder() throws {
        let text = RichText([.plain("Hi "), .mention(UserID(1), name: "Ann"), .plain(", "), .bold("roasted"), .plain("!\n")])
        let html = renderer.html(for: text)
        #expect(html == "Hi <a href=\"tg://user?id=1\">Ann</a>, <b>roasted</b>!\n")
        #expect(try TelegramHTMLReader.visibleText(of: html) == text.plainText)
    }

    @Test func shortMessageIsOnePartWithItsButtons() {
        let buttons = [[Button("👍", data: "r:1")], [], [Button("👎", data: "r:2"), Button("🔥", data: "r:3")]]
        let parts = renderer.render(OutgoingMessage(text: RichText([.bold("hot")]), buttons: buttons))
        #expect(parts == [RenderedPart(html: "<b>hot</b>", buttons: [buttons[0], buttons[2]])])
    }

    @Test func buttonsGoOnlyOnTheLastPart() {
        let text = RichText(plain: String(repeating: "word ", count: 3_000))
        let buttons = [[Button("OK", data: "ok")]]
        let parts = renderer.render(OutgoingMessage(text: text, buttons: buttons))
        #expect(parts.count == 4)
        #expect(parts.dropLast().allSatisfy { $0.buttons.isEmpty })
        #expect(parts.last?.buttons == buttons)
    }

    @Test func emptyTextStillGivesOnePartForTheButtons() {
        let parts = renderer.render(OutgoingMessage(text: RichText([.bold("")]), buttons: [[Button("OK", data: "ok")]]))
        #expect(parts == [RenderedPart(html: "", buttons: [[Button("OK", data: "ok")]])])
    }

    @Test(arguments: [
        "<b>", "</b>", "<b><i>x</b></i>", "<blink>x</blink>", "a > b", "a & b", "&nbsp;", "<a>x</a>",
        "<code><b>x</b></code>", "<a href=\"x\"><a href=\"y\">z</a></a>", "<b", "<a href=x>y</a>",
    ])
    func readerRejectsMalformedHTML(html: String) {
        #expect(throws: TelegramHTMLReader.Malformed.self) { try TelegramHTMLReader.visibleText(of: html) }
    }

    @Test func readerDecodesEntitiesAndTags() throws {
        let html = "<b>a &lt;&gt;&amp;&quot; &#128512;&#x1F600;</b><a href=\"https://x.y/?a=1&amp;b=2\">l</a><pre><code>c</code></pre>"
        #expect(try TelegramHTMLReader.visibleText(of: html) == "a <>&\" 😀😀lc")
    }
}
