import Foundation

/// Case-insensitive helpers for header dictionaries (`[String: String]`).
extension Dictionary where Key == String, Value == String {
    /// The value of the header `name`, compared case-insensitively.
    package func header(_ name: String) -> String? {
        if let exact = self[name] { return exact }
        let lowered = name.lowercased()
        for (key, value) in self where key.lowercased() == lowered { return value }
        return nil
    }

    /// Whether a header `name` is present, compared case-insensitively.
    package func hasHeader(_ name: String) -> Bool {
        header(name) != nil
    }
}

/// Validation of header names and values taken from endpoints and interceptors.
enum HeaderValidation {
    /// RFC 9110 token characters.
    private static let tokenCharacters = Set(
        "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")

    /// Why `name: value` cannot be sent, or `nil` when it can.
    static func problem(name: String, value: String) -> String? {
        if name.isEmpty { return "header name is empty" }
        if !name.allSatisfy({ tokenCharacters.contains($0) }) {
            return "header name '\(name)' contains characters not allowed in a token"
        }
        if value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) {
            return "header '\(name)' has a value containing CR, LF or NUL"
        }
        return nil
    }
}
