/// A request's head as the listener accepted it: well formed, within its limits, its framing decided.
public struct RequestHead: Sendable, Hashable {
    /// One header field; the name in lower case.
    public struct Field: Sendable, Hashable {
        public var name: String
        public var value: String
    }

    /// How the body is delimited.
    public enum Framing: Sendable, Hashable {
        case none
        case length(Int)
        case chunked
    }

    /// The method, as sent (methods are case-sensitive): `GET`, `POST`…
    public var method: String
    /// The request target as sent: `/path?query` or `*`.
    public var target: String
    /// HTTP/1.0 or HTTP/1.1: 0 or 1.
    public var minorVersion: Int
    public var fields: [Field]
    public var framing: Framing
    /// Whether the connection stays open after the answer (HTTP/1.1 unless `Connection: close`;
    /// HTTP/1.0 only with `Connection: keep-alive`).
    public var keepAlive: Bool
    /// `Expect: 100-continue`: the client waits for an interim answer before sending the body.
    public var expectsContinue: Bool

    /// The target's path, without its query.
    public var path: Substring {
        target.firstIndex(of: "?").map { target[..<$0] } ?? target[...]
    }

    /// Whether the request carries a body.
    public var hasBody: Bool {
        switch framing {
        case .none, .length(0): false
        case .length, .chunked: true
        }
    }

    /// The first field named `name` (compared without case).
    public func field(_ name: String) -> String? {
        let lowered = name.lowercased()
        return fields.first { $0.name == lowered }?.value
    }
}
