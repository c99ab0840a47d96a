import CurlHTTP

extension HTTPResponse {
    /// The value of the response header `name` (case-insensitive). Every header this library reads goes through here,
    /// so a change in how the transport exposes headers touches one function.
    func discordHeader(_ name: String) -> String? {
        let lowered = name.lowercased()
        if let value = headers[lowered] { return value }
        return headers.first { $0.key.lowercased() == lowered }?.value
    }
}
