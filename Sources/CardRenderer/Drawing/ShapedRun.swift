/// A stretch of text that Pango shaped with one font: how tests tell which font covered which text.
struct ShapedRun: Sendable, Hashable {
    var text: String
    var fontFamily: String
}
