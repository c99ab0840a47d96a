import CurlHTTP

extension HTTPResponse {
    /// The value of the response header `name` (case-insensitive). Every header this library reads goes through here,
    /// so a change in how the transport exposes headers touches one function.
    func discordHeader(_ name: String) -> String? {
        // Reads the one field from the received header lines, without parsing the others.
        header(name)
    }
}
