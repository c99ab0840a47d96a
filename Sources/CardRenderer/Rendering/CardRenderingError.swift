/// Why a picture could not be made. Every case means the same to a caller (send the text
/// without a picture); the message says what Cairo reported, for the log.
public enum CardRenderingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Cairo could not create the surface or encode the PNG (out of memory).
    case cairo(String)
    /// zlib failed while compressing the PNG.
    case encoding(String)

    public var description: String {
        switch self {
        case .cairo(let message): "cairo: \(message)"
        case .encoding(let message): "PNG encoding: \(message)"
        }
    }
}
