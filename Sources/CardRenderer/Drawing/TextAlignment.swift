/// How the lines of a text block sit between its left and right edges.
enum TextAlignment: Sendable, Hashable {
    case leading
    case center
    case trailing
}
