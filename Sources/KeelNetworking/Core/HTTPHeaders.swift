import Foundation

/// Case-insensitive helpers for header dictionaries (`[String: String]`).
extension Dictionary where Key == String, Value == String {
    /// The value of the header `name`, compared case-insensitively.
    package func header(_ name: String) -> String? {
        if let exact = self[name] { return exact }
        for (key, value) in self where key.isHeaderName(name) { return value }
        return nil
    }

    /// The key naming the header `name` (compared case-insensitively), if any.
    package func headerKey(_ name: String) -> String? {
        if self[name] != nil { return name }
        return keys.first { $0.isHeaderName(name) }
    }

    /// Whether a header `name` is present, compared case-insensitively.
    package func hasHeader(_ name: String) -> Bool {
        header(name) != nil
    }
}

extension String {
    /// Whether this string and `name` name the same header: equal ignoring ASCII case, as
    /// field names are compared (RFC 9110 §5.1). No string is lowercased: hits look up absent
    /// headers on every call, and lowercasing each key cost more than the rest of the lookup.
    package func isHeaderName(_ name: String) -> Bool {
        utf8.count == name.utf8.count
            && utf8.elementsEqual(name.utf8) { left, right in
                if left == right { return true }
                let folded = left | 0x20
                return folded == right | 0x20 && folded >= UInt8(ascii: "a") && folded <= UInt8(ascii: "z")
            }
    }
}

/// Validation of header names and values taken from endpoints and interceptors (and from
/// image requests, which KeelImages sends through a transport).
package enum HeaderValidation {
    /// RFC 9110 token characters, indexed by ASCII code.
    private static let tokenTable: [Bool] = (0..<128).map { code in
        let scalar = Character(Unicode.Scalar(UInt8(code)))
        return scalar.isLetter || scalar.isNumber || "!#$%&'*+-.^_`|~".contains(scalar)
    }

    /// Why `name: value` cannot be sent, or `nil` when it can.
    package static func problem(name: String, value: String) -> String? {
        if name.isEmpty { return "header name is empty" }
        for byte in name.utf8 where byte >= 128 || !tokenTable[Int(byte)] {
            return "header name '\(name)' contains characters not allowed in a token"
        }
        for byte in value.utf8 where byte == 13 || byte == 10 || byte == 0 {
            return "header '\(name)' has a value containing CR, LF or NUL"
        }
        return nil
    }

    /// Why `method` cannot be sent as a request's method, or `nil` when it can: RFC 9110
    /// §9.1 makes it a `token`, so a space, CR/LF or any other separator (which would rewrite
    /// the request line) is refused. The reason quotes the method escaped.
    static func methodProblem(_ method: String) -> String? {
        if method.isEmpty { return "the method is empty" }
        for byte in method.utf8 where byte >= 128 || !tokenTable[Int(byte)] {
            let shown = method.count > 64 ? String(method.prefix(64)) + "…" : method
            return
                "method \(shown.debugDescription) contains characters not allowed in a token (RFC 9110 §9.1)"
        }
        return nil
    }
}
