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
    /// RFC 9110 token characters, indexed by ASCII code.
    private static let tokenTable: [Bool] = (0..<128).map { code in
        let scalar = Character(Unicode.Scalar(UInt8(code)))
        return scalar.isLetter || scalar.isNumber || "!#$%&'*+-.^_`|~".contains(scalar)
    }

    /// Why `name: value` cannot be sent, or `nil` when it can.
    static func problem(name: String, value: String) -> String? {
        if name.isEmpty { return "header name is empty" }
        for byte in name.utf8 where byte >= 128 || !tokenTable[Int(byte)] {
            return "header name '\(name)' contains characters not allowed in a token"
        }
        for byte in value.utf8 where byte == 13 || byte == 10 || byte == 0 {
            return "header '\(name)' has a value containing CR, LF or NUL"
        }
        return nil
    }
}
