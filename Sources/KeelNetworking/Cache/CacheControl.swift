import Foundation

/// The directives of a `Cache-Control` field (RFC 9111 §5.2), request or response, parsed
/// leniently: names compare ignoring case, values may be tokens or quoted strings, unknown
/// directives are ignored, and a delta-seconds value that is not digits counts as `0` (RFC 9111
/// §1.2.2: an invalid freshness value makes the response stale, never fresher), as does one
/// repeated with a different value (§4.2.1).
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
    /// `max-stale` (a request directive), in seconds: how stale a response the client accepts
    /// without revalidation; ``unboundedStaleness`` when it names no value (any staleness).
    package var maxStale: Int64?
    /// `min-fresh` (a request directive), in seconds: how long a response must stay fresh.
    package var minFresh: Int64?

    /// `max-stale` without a value (RFC 9111 §5.2.1.2): the client accepts any staleness.
    package static let unboundedStaleness = Int64.max

    /// The longest field parsed; a longer one is read up to this many bytes.
    static let maximumFieldLength = 8192

    /// No directives.
    package init() {}

    /// Parses one or more `Cache-Control` field values (joined with commas).
    package init(_ field: String?) {
        guard let field else { return }
        for directive in Self.directives(in: String(field.prefix(Self.maximumFieldLength))) {
            switch directive.name {
            case "max-age": maxAge = Self.repeated(maxAge, Self.seconds(directive.value))
            case "s-maxage": sharedMaxAge = Self.repeated(sharedMaxAge, Self.seconds(directive.value))
            case "no-store": noStore = true
            case "no-cache": noCache = true
            case "private": isPrivate = true
            case "public": isPublic = true
            case "must-revalidate": mustRevalidate = true
            case "proxy-revalidate": proxyRevalidate = true
            case "stale-while-revalidate":
                staleWhileRevalidate = Self.repeated(staleWhileRevalidate, Self.seconds(directive.value))
            case "stale-if-error": staleIfError = Self.repeated(staleIfError, Self.seconds(directive.value))
            case "only-if-cached": onlyIfCached = true
            case "max-stale":
                let value = directive.value == nil ? Self.unboundedStaleness : Self.seconds(directive.value)
                maxStale = Self.repeated(maxStale, value)
            case "min-fresh": minFresh = Self.repeated(minFresh, Self.seconds(directive.value))
            default: break
            }
        }
    }

    /// A delta-seconds directive seen again (RFC 9111 §4.2.1: use the first occurrence or
    /// treat the response as stale): the same value stands, a different one counts as `0`, so
    /// `max-age=0, max-age=86400` (an origin's line and a proxy's, joined by the transport) is
    /// never fresher than either.
    static func repeated(_ earlier: Int64?, _ value: Int64) -> Int64 {
        guard let earlier else { return value }
        return earlier == value ? value : 0
    }

    /// Delta-seconds (RFC 9111 §1.2.2): digits; a value past 2³¹ is 2³¹; anything else is `0`.
    static func seconds(_ value: String?) -> Int64 {
        guard let value, !value.isEmpty, value.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return 0 }
        guard value.utf8.count <= 10, let number = Int64(value) else { return 2_147_483_648 }
        return min(number, 2_147_483_648)
    }

    /// `name[=value]` pairs separated by commas; commas inside quoted strings do not split, a
    /// quoted value loses its quotes and its backslash escapes (RFC 9110 §5.6.4), names are
    /// lowercased. Scans UTF-8 bytes: every network response and every hit revalidation reads
    /// the field.
    static func directives(in field: String) -> [(name: String, value: String?)] {
        var result: [(String, String?)] = []
        let bytes = Array(field.utf8)
        let space = UInt8(ascii: " ")
        let tab = UInt8(ascii: "\t")
        let quote = UInt8(ascii: "\"")
        let backslash = UInt8(ascii: "\\")
        let comma = UInt8(ascii: ",")
        let equals = UInt8(ascii: "=")
        func trimmed(_ range: Range<Int>) -> Range<Int> {
            var lower = range.lowerBound
            var upper = range.upperBound
            while lower < upper, bytes[lower] == space || bytes[lower] == tab { lower += 1 }
            while upper > lower, bytes[upper - 1] == space || bytes[upper - 1] == tab { upper -= 1 }
            return lower..<upper
        }
        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        func finish(_ part: Range<Int>) {
            let part = trimmed(part)
            guard !part.isEmpty else { return }
            guard let sign = bytes[part].firstIndex(of: equals) else {
                result.append((text(part).lowercased(), nil))
                return
            }
            let name = text(trimmed(part.lowerBound..<sign)).lowercased()
            let valueRange = trimmed((sign + 1)..<part.upperBound)
            guard valueRange.count >= 2, bytes[valueRange.lowerBound] == quote,
                bytes[valueRange.upperBound - 1] == quote
            else {
                result.append((name, text(valueRange)))
                return
            }
            var unquoted: [UInt8] = []
            var escaped = false
            for byte in bytes[(valueRange.lowerBound + 1)..<(valueRange.upperBound - 1)] {
                if !escaped, byte == backslash {
                    escaped = true
                    continue
                }
                escaped = false
                unquoted.append(byte)
            }
            result.append((name, String(decoding: unquoted, as: UTF8.self)))
        }
        var start = 0
        var quoted = false
        var escaped = false
        for (index, byte) in bytes.enumerated() {
            if escaped {
                escaped = false
            } else if quoted, byte == backslash {
                escaped = true
            } else if byte == quote {
                quoted.toggle()
            } else if byte == comma, !quoted {
                finish(start..<index)
                start = index + 1
            }
        }
        finish(start..<bytes.count)
        return result
    }
}
