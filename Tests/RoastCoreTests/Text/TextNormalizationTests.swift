import RoastCore
import Testing

@Suite struct TextNormalizationTests {
    @Test(arguments: [
        ("Đồng nghiệp họp hành", "dong nghiep hop hanh"),
        ("ĐỪNG deadline", "dung deadline"),
        ("Khối lượng công việc", "khoi luong cong viec"),
        ("Café Résumé", "cafe resume"),
        ("plain ascii", "plain ascii"),
    ])
    func foldingRemovesCaseAndDiacriticsIncludingDStroke(input: String, expected: String) {
        #expect(TextNormalization.folded(input) == expected)
    }

    @Test func foldingKeepsPunctuationAndSpacing() {
        #expect(TextNormalization.folded("Họp, họp  nữa!") == "hop, hop  nua!")
    }

    @Test(arguments: [
        ("  Per my LAST e-mail…  ", "per my last e mail"),
        ("Sếp ơi!!! Họp\n\tlúc 9h?", "sep oi hop luc 9h"),
        ("🔥 KPIs: 100%", "kpis 100"),
        ("...", ""),
    ])
    func matchKeyDropsPunctuationAndCollapsesWhitespace(input: String, expected: String) {
        #expect(TextNormalization.matchKey(input) == expected)
    }

    @Test func textsWithAndWithoutDiacriticsShareAMatchKey() {
        #expect(TextNormalization.matchKey("roast tôi về họp hành") == TextNormalization.matchKey("Roast toi ve hop hanh"))
    }
}
