import Foundation

/// The parameters of one Bot API call, gathered the ways Telegram accepts them: the query string, then a
/// JSON body, an `application/x-www-form-urlencoded` body or a `multipart/form-data` body (later wins).
struct RequestParameters: Sendable {
    /// Form and query values arrive as `.string`; JSON bodies keep their types.
    var values: [String: FakeJSON] = [:]
    /// Multipart parts that carried a file name.
    var files: [String: UploadedFile] = [:]

    struct UploadedFile: Sendable, Equatable {
        var filename: String
        var contentType: String?
        var contents: Data
    }

    enum ParseError: Error, Equatable {
        case invalidJSON
        case invalidMultipart
    }

    static func parse(query: [(name: String, value: String)], contentType: String?, body: Data)
        throws(ParseError)
        -> RequestParameters
    {
        var parameters = RequestParameters()
        for item in query { parameters.values[item.name] = .string(item.value) }
        guard !body.isEmpty else { return parameters }
        let mediaType =
            (contentType ?? "").split(separator: ";").first.map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            } ?? ""
        switch mediaType {
        case "application/json":
            guard case .object(let members)? = FakeJSON.parse(body) else { throw .invalidJSON }
            parameters.values.merge(members) { _, body in body }
        case "multipart/form-data":
            guard let boundary = Self.boundary(in: contentType ?? "") else { throw .invalidMultipart }
            try parameters.mergeMultipart(body, boundary: boundary)
        default:
            for (name, value) in Self.formFields(String(decoding: body, as: UTF8.self)) {
                parameters.values[name] = .string(value)
            }
        }
        return parameters
    }

    func string(_ name: String) -> String? { values[name]?.parameterText }
    func int(_ name: String) -> Int64? { values[name]?.intValue }
    func bool(_ name: String) -> Bool? { values[name]?.boolValue }
    /// A structured parameter (reply_markup, commands, scope…), also when sent as JSON text.
    func json(_ name: String) -> FakeJSON? { values[name]?.decodingEmbeddedJSON }

    /// The parameters as text, for the request log; files appear as their file name.
    var recorded: [String: String] {
        var result = values.mapValues(\.parameterText)
        for (name, file) in files { result[name] = file.filename }
        return result
    }

    static func formFields(_ text: String) -> [(String, String)] {
        text.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode: (Substring) -> String = {
                $0.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
            }
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }

    private static func boundary(in contentType: String) -> String? {
        for piece in contentType.split(separator: ";") {
            let trimmed = piece.trimmingCharacters(in: .whitespaces)
            guard trimmed.lowercased().hasPrefix("boundary=") else { continue }
            let value = trimmed.dropFirst("boundary=".count)
            return value.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return nil
    }

    private mutating func mergeMultipart(_ body: Data, boundary: String) throws(ParseError) {
        let bytes = [UInt8](body)
        let delimiter = [UInt8]("--\(boundary)".utf8)
        var positions: [Int] = []
        var searchFrom = 0
        while let found = Self.index(of: delimiter, in: bytes, from: searchFrom) {
            positions.append(found)
            searchFrom = found + delimiter.count
        }
        guard positions.count >= 2 else { throw .invalidMultipart }
        for (start, end) in zip(positions, positions.dropFirst()) {
            var partStart = start + delimiter.count
            // Skip the CRLF after the delimiter line.
            if partStart + 1 < bytes.count, bytes[partStart] == 13, bytes[partStart + 1] == 10 {
                partStart += 2
            }
            var partEnd = end
            if partEnd - 2 >= partStart, bytes[partEnd - 2] == 13, bytes[partEnd - 1] == 10 {
                partEnd -= 2
            }
            guard partStart <= partEnd else { throw .invalidMultipart }
            let part = Array(bytes[partStart..<partEnd])
            guard let headerEnd = Self.index(of: [13, 10, 13, 10], in: part, from: 0) else {
                throw .invalidMultipart
            }
            let headerText = String(decoding: part[..<headerEnd], as: UTF8.self)
            let content = Data(part[(headerEnd + 4)...])
            var name: String?
            var filename: String?
            var contentType: String?
            for line in headerText.components(separatedBy: "\r\n") {
                let lower = line.lowercased()
                if lower.hasPrefix("content-disposition:") {
                    name = Self.headerParameter("name", in: line)
                    filename = Self.headerParameter("filename", in: line)
                } else if lower.hasPrefix("content-type:") {
                    contentType = line.dropFirst("content-type:".count).trimmingCharacters(in: .whitespaces)
                }
            }
            guard let name else { throw .invalidMultipart }
            if let filename {
                files[name] = UploadedFile(filename: filename, contentType: contentType, contents: content)
            } else {
                values[name] = .string(String(decoding: content, as: UTF8.self))
            }
        }
    }

    private static func headerParameter(_ key: String, in line: String) -> String? {
        for piece in line.split(separator: ";").dropFirst() {
            let trimmed = piece.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("\(key)=") else { continue }
            return trimmed.dropFirst(key.count + 1).trimmingCharacters(
                in: CharacterSet(charactersIn: "\""))
        }
        return nil
    }

    private static func index(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count
        else {
            return nil
        }
        var index = start
        while index <= haystack.count - needle.count {
            if haystack[index] == needle[0], Array(haystack[index..<(index + needle.count)]) == needle {
                return index
            }
            index += 1
        }
        return nil
    }
}
