/// Splits rich text into parts whose visible text fits one message of a platform, at the limit its
/// adapter gives (``PlatformProfile/messageLimit``): every adapter splits with this one rule.
///
/// The limit counts the visible text in UTF-16 code units: markup does not count, an emoji outside
/// the BMP counts as two. That is exactly how Telegram counts its 4,096 (after entity parsing); a
/// platform that counts characters or code points (Discord's 2,000) is never exceeded by it.
///
/// Parts are cut, in order of preference, after a line break, after whitespace, between spans, or
/// between any two grapheme clusters — never inside one, so emoji sequences, flags and combining
/// marks stay whole. A preferred cut is taken only if the part keeps at least half the limit, so
/// the text is not shredded into tiny messages. A styled span crossing a cut becomes two spans of
/// the same style, which the renderer closes and reopens. A single grapheme cluster longer than
/// the limit (only possible with absurd runs of combining marks) is cut between its scalars.
public struct MessageSplitter: Sendable, Hashable {
    /// The most UTF-16 code units of visible text in one part (at least 2).
    public let limit: Int

    public init(limit: Int) {
        self.limit = max(limit, 2)
    }

    /// The visible length of `text` as the limit counts it: UTF-16 code units of the plain text.
    public static func visibleLength(_ text: RichText) -> Int {
        text.plainText.utf16.count
    }

    /// Splits `text` into parts of at most ``limit`` UTF-16 code units of visible text each.
    ///
    /// Empty spans are dropped; an empty text gives no parts. Concatenating the parts' visible
    /// text gives back the original visible text.
    public func split(_ text: RichText) -> [RichText] {
        let spans = text.spans.filter { !$0.visibleText.isEmpty }
        guard !spans.isEmpty else { return [] }
        // Nearly every message fits: it is one part, its spans as they are. (The cuts below would
        // give the same part, after a walk over its grapheme clusters.)
        if Self.fits(spans, limit: limit) { return [RichText(spans)] }
        return Self.cutByLayout(spans, limit: limit)
    }

    /// Whether the visible text of `spans` is at most `limit` UTF-16 code units. A scalar takes at
    /// least as many UTF-8 bytes as UTF-16 code units, so text within the limit in bytes (the count
    /// a native string keeps) fits without being walked.
    static func fits(_ spans: [RichText.Span], limit: Int) -> Bool {
        var bytes = 0
        for span in spans { bytes += span.visibleText.utf8.count }
        if bytes <= limit { return true }
        var units = 0
        for span in spans {
            units += span.visibleText.utf16.count
            if units > limit { return false }
        }
        return true
    }

    /// The parts of `spans` (none empty) as the cuts fall, whatever their length: the general path.
    static func cutByLayout(_ spans: [RichText.Span], limit: Int) -> [RichText] {
        let layout = Layout(spans: spans, limit: limit)
        let cuts = layout.cuts(limit: limit)
        return zip(cuts.dropLast(), cuts.dropFirst()).map { lower, upper in
            layout.slice(from: lower, to: upper)
        }
    }
}

extension RichText.Span {
    /// The text a reader sees for this span.
    public var visibleText: String {
        switch self {
        case .plain(let text), .bold(let text), .italic(let text), .code(let text): text
        case .mention(_, let name): name
        case .link(_, let text): text
        }
    }

    /// The same span (style, link, mentioned user) with other visible text.
    public func withVisibleText(_ text: String) -> Self {
        switch self {
        case .plain: .plain(text)
        case .bold: .bold(text)
        case .italic: .italic(text)
        case .code: .code(text)
        case .mention(let user, _): .mention(user, name: text)
        case .link(let url, _): .link(url: url, text: text)
        }
    }
}

/// The visible text of a list of spans, measured in the units a cut may fall between.
private struct Layout {
    enum Kind {
        case newline
        case whitespace
        case other
    }

    /// An indivisible piece of text: a grapheme cluster, or one scalar of an oversize cluster.
    struct Unit {
        var scalars: Int
        var utf16: Int
        var kind: Kind
    }

    let spans: [RichText.Span]
    /// Each span's scalars, for slicing.
    let spanScalars: [[Unicode.Scalar]]
    /// Scalar offset where each span starts in the whole text, plus the total at the end.
    let spanStarts: [Int]
    let units: [Unit]
    /// Scalar offset before each unit, plus the total at the end.
    let unitStarts: [Int]

    init(spans: [RichText.Span], limit: Int) {
        self.spans = spans
        spanScalars = spans.map { Array($0.visibleText.unicodeScalars) }
        var starts = [0]
        for scalars in spanScalars { starts.append(starts[starts.count - 1] + scalars.count) }
        spanStarts = starts

        var units: [Unit] = []
        let whole = spans.map(\.visibleText).joined()
        for character in whole {
            let utf16 = character.utf16.count
            if utf16 <= limit {
                let kind: Kind = character.isNewline ? .newline : character.isWhitespace ? .whitespace : .other
                units.append(Unit(scalars: character.unicodeScalars.count, utf16: utf16, kind: kind))
            } else {
                for scalar in character.unicodeScalars {
                    units.append(Unit(scalars: 1, utf16: scalar.utf16.count, kind: .other))
                }
            }
        }
        self.units = units
        var unitStarts = [0]
        for unit in units { unitStarts.append(unitStarts[unitStarts.count - 1] + unit.scalars) }
        self.unitStarts = unitStarts
    }

    /// Unit indices where parts begin and end: `[0, …, units.count]`.
    func cuts(limit: Int) -> [Int] {
        let spanBoundaries = Set(spanStarts)
        let minimumPreferred = max(limit / 2, 1)
        var cuts = [0]
        var start = 0
        while start < units.count {
            var end = start
            var length = 0
            while end < units.count, length + units[end].utf16 <= limit {
                length += units[end].utf16
                end += 1
            }
            guard end < units.count else {
                cuts.append(end)
                break
            }
            var afterNewline: Int?
            var afterWhitespace: Int?
            var betweenSpans: Int?
            var candidate = end
            var candidateLength = length
            while candidate > start, candidateLength >= minimumPreferred {
                let previous = units[candidate - 1]
                if previous.kind == .newline {
                    afterNewline = candidate
                    break
                }
                if afterWhitespace == nil, previous.kind == .whitespace { afterWhitespace = candidate }
                if betweenSpans == nil, spanBoundaries.contains(unitStarts[candidate]) { betweenSpans = candidate }
                candidateLength -= previous.utf16
                candidate -= 1
            }
            let cut = afterNewline ?? afterWhitespace ?? betweenSpans ?? end
            cuts.append(cut)
            start = cut
        }
        return cuts
    }

    /// The spans covering units `lower..<upper`, cut to that range.
    func slice(from lower: Int, to upper: Int) -> RichText {
        let low = unitStarts[lower]
        let high = unitStarts[upper]
        var result = RichText()
        for (index, span) in spans.enumerated() {
            let spanLow = spanStarts[index]
            let spanHigh = spanStarts[index + 1]
            guard spanHigh > low, spanLow < high else { continue }
            if spanLow >= low, spanHigh <= high {
                result.append(span)
                continue
            }
            let scalars = spanScalars[index][(max(low, spanLow) - spanLow)..<(min(high, spanHigh) - spanLow)]
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            result.append(span.withVisibleText(text))
        }
        return result
    }
}
