/// What kind of component a component is; kinds this library does not name decode as ``other(_:)``.
/// <https://discord.com/developers/docs/components/reference#component-object-component-types>
public enum DiscordComponentType: Sendable, Hashable, Codable {
    case actionRow
    case button
    case stringSelect
    case other(Int)

    public init(rawValue: Int) {
        self =
            switch rawValue {
            case 1: .actionRow
            case 2: .button
            case 3: .stringSelect
            default: .other(rawValue)
            }
    }

    public var rawValue: Int {
        switch self {
        case .actionRow: 1
        case .button: 2
        case .stringSelect: 3
        case .other(let value): value
        }
    }

    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(Int.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
