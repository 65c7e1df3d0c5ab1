import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Hides secrets in headers, query items and JSON or form bodies before anything is logged.
///
/// By default `Authorization`, `Proxy-Authorization`, `Cookie` and `Set-Cookie` headers are
/// redacted, as are common secret query items and JSON fields; add your own names.
public struct Redactor: Sendable {
    /// The text shown instead of a secret.
    public static let placeholder = "<redacted>"

    /// Header names to redact (case-insensitive).
    public var headers: Set<String>
    /// Query item names to redact (case-insensitive), also applied to form bodies.
    public var queryItems: Set<String>
    /// JSON object keys whose values are redacted at any depth (case-insensitive).
    public var jsonFields: Set<String>

    /// Creates a redactor; the names given are added to the defaults.
    public init(headers: Set<String> = [], queryItems: Set<String> = [], jsonFields: Set<String> = []) {
        self.headers = Set((Self.defaultHeaders.union(headers)).map { $0.lowercased() })
        self.queryItems = Set((Self.defaultQueryItems.union(queryItems)).map { $0.lowercased() })
        self.jsonFields = Set((Self.defaultJSONFields.union(jsonFields)).map { $0.lowercased() })
    }

    /// Headers redacted by default.
    public static let defaultHeaders: Set<String> = [
        "Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie",
    ]
    /// Query items redacted by default.
    public static let defaultQueryItems: Set<String> = [
        "access_token", "api_key", "apikey", "token", "password",
    ]
    /// JSON fields redacted by default.
    public static let defaultJSONFields: Set<String> = [
        "password", "access_token", "refresh_token", "token", "secret", "client_secret",
    ]

    /// Headers sorted by name, secrets replaced.
    public func redact(headers: [String: String]) -> [(name: String, value: String)] {
        headers.sorted { $0.key.lowercased() < $1.key.lowercased() }.map { name, value in
            (name, self.headers.contains(name.lowercased()) ? Self.placeholder : value)
        }
    }

    /// The URL as text with secret query item values replaced.
    public func redact(url: URL?) -> String {
        guard let url else { return "<no URL>" }
        // Rebuilt as text: URLComponents traps on query strings holding the placeholder.
        let text = url.absoluteString
        guard let mark = text.firstIndex(of: "?") else { return text }
        let queryStart = text.index(after: mark)
        let fragment = text[queryStart...].firstIndex(of: "#") ?? text.endIndex
        return String(text[..<queryStart]) + redact(formEncoded: String(text[queryStart..<fragment]))
            + String(text[fragment...])
    }

    /// A form-encoded string (`a=1&token=x`) with secret values replaced.
    public func redact(formEncoded text: String) -> String {
        text.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            let decoded = (name.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? name)
                .lowercased()
            guard parts.count == 2, queryItems.contains(decoded) else { return String(pair) }
            return name + "=" + Self.placeholder
        }.joined(separator: "&")
    }

    /// A loggable rendering of a body: JSON and forms with secrets replaced, other text as is,
    /// binary as a byte count. At most `limit` characters.
    public func redact(body: Data, contentType: String?, limit: Int = 4096) -> String {
        if body.isEmpty { return "" }
        let type = contentType?.lowercased() ?? ""
        var text: String?
        if type.contains("json")
            || (type.isEmpty && (body.first == UInt8(ascii: "{") || body.first == UInt8(ascii: "[")))
        {
            text = redact(json: body)
        } else if type.hasPrefix("application/x-www-form-urlencoded") {
            text = String(data: body, encoding: .utf8).map { redact(formEncoded: $0) }
        } else if type.hasPrefix("text/") || type.contains("xml") {
            text = String(data: body, encoding: .utf8)
        }
        guard let text else { return "<\(body.count) bytes\(type.isEmpty ? "" : " of \(type)")>" }
        return text.count > limit ? String(text.prefix(limit)) + "…" : text
    }

    /// JSON with secret fields replaced; `nil` when the body is not JSON.
    public func redact(json body: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) else {
            return nil
        }
        let cleaned = scrub(object)
        guard
            let data = try? JSONSerialization.data(
                withJSONObject: cleaned, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
        else { return nil }
        return String(data: data, encoding: .utf8)
    }

    private func scrub(_ value: Any) -> Any {
        if let object = value as? [String: Any] {
            var result: [String: Any] = [:]
            for (key, nested) in object {
                result[key] = jsonFields.contains(key.lowercased()) ? Self.placeholder : scrub(nested)
            }
            return result
        }
        if let array = value as? [Any] { return array.map(scrub) }
        return value
    }
}
