/// The one way the bot turns a count out of a total into a percentage, so that a badge's progress
/// and a collection's read the same: rounded to the nearest whole percent (8 of 12 is 67 %), except
/// that something started never shows 0 % and something unfinished never shows 100 %.
public enum Percentage {
    /// `part` of `whole` in whole percent, 0…100 (0 for an empty whole).
    public static func of(_ part: Int, _ whole: Int) -> Int {
        guard whole > 0, part > 0 else { return 0 }
        guard part < whole else { return 100 }
        let nearest = (part * 200 + whole) / (whole * 2)
        return min(99, max(1, nearest))
    }

    /// `"67 %"`: ``of(_:_:)`` as the bot writes it in both languages.
    public static func text(_ part: Int, of whole: Int) -> String {
        "\(of(part, whole)) %"
    }
}
