import Foundation

/// The directives of a `Cache-Control` field (RFC 9111 §5.2), request or response, parsed
/// leniently: names compare ignoring case, values may be tokens or quoted strings, unknown
/// directives are ignored, and a delta-seconds value that is not digits counts as `0` (RFC 9111
/// §1.2.2: an invalid freshness value makes the response stale, never fresher).
package struct CacheControl: Sendable, Equatable {
    /// `max-age`, in seconds.
    package var maxAge: Int64?
    /// `s-maxage`, in seconds (shared caches only).
    package var sharedMaxAge: Int64?
    /// `no-store`.
    package var noStore = false
    /// `no-cache` (with or without field names: either way the response is revalidated).
    package var noCache = false
    /// `private`.
    package var isPrivate = false
    /// `public`.
    package var isPublic = false
    /// `must-revalidate` (or, for a shared cache, `proxy-revalidate`).
    package var mustRevalidate = false
    /// `proxy-revalidate`.
    package var proxyRevalidate = false
    /// `stale-while-revalidate` (RFC 5861), in seconds.
    package var staleWhileRevalidate: Int64?
    /// `stale-if-error` (RFC 5861), in seconds.
    package var staleIfError: Int64?
    /// `only-if-cached` (a request directive).
    package var onlyIfCached = false

    /// The longest field parsed; a longer one is read up to this many bytes.
    static let maximumFieldLength = 8192

    /// No directives.
    package init() {}

    /// Parses one or more `Cache-Control` field values (joined with commas).
    package init(_ field: String?) {
        guard let field else { return }
        for directive in Self.directives(in: String(field.prefix(Self.maximumFieldLength))) {
            switch directive.name {
            case "max-age": maxAge = Self.seconds(directive.value)
            case "s-maxage": sharedMaxAge = Self.seconds(directive.value)
            case "no-store": noStore = true
            case "no-cache": noCache = true
            case "private": isPrivate = true
            case "public": isPublic = true
            case "must-revalidate": mustRevalidate = true
            case "proxy-revalidate": proxyRevalidate = true
            case "stale-while-revalidate": staleWhileRevalidate = Self.seconds(directive.value)
            case "stale-if-error": staleIfError = Self.seconds(directive.value)
            case "only-if-cached": onlyIfCached = true
            default: break
            }
        }
    }

    /// Delta-seconds (RFC 9111 §1.2.2): digits; a value past 2³¹ is 2³¹; anything else is `0`.
    static func seconds(_ value: String?) -> Int64 {
        guard let value, !value.isEmpty, value.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return 0 }
        guard value.utf8.count <= 10, let number = Int64(value) else { return 2_147_483_648 }
        return min(number, 2_147_483_648)
    }

    /// `name[=value]` pairs separated by commas; commas inside quoted strings do not split.
    static func directives(in field: String) -> [(name: String, value: String?)] {
        var result: [(String, String?)] = []
        var current = ""
        var quoted = false
        var escaped = false
        func finish() {
            let part = current.trimmingCharacters(in: .whitespaces)
            current = ""
            guard !part.isEmpty else { return }
            if let equals = part.firstIndex(of: "=") {
                let name = part[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
                var value = part[part.index(after: equals)...].trimmingCharacters(in: .whitespaces)
                if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                    value = String(value.dropFirst().dropLast()).replacingOccurrences(of: "\\", with: "")
                }
                result.append((name, value))
            } else {
                result.append((part.lowercased(), nil))
            }
        }
        for character in field {
            if escaped {
                escaped = false
            } else if quoted, character == "\\" {
                escaped = true
            } else if character == "\"" {
                quoted.toggle()
            } else if character == ",", !quoted {
                finish()
                continue
            }
            current.append(character)
        }
        finish()
        return result
    }
}
