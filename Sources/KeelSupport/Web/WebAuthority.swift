/// The host and port of an `http`/`https` URL's authority (`[user-info@]host[:port]`): the one
/// parser of an authority and the one rule for comparing hosts and default ports, behind
/// KeelRouting's external-URL policy and KeelNetworking's `Origin`.
///
/// It takes what a browser (the WHATWG URL standard's host parser) and Foundation's
/// `URLComponents` agree on, and refuses what they read differently:
/// - user info ends at the last `@` (`https://example.com@evil.com/` is `evil.com`);
/// - the host is percent-decoded (`ex%61mple.com` is `example.com`), ASCII-lowercased, and loses
///   one trailing dot (`example.com.` names the same host as `example.com`);
/// - an IPv6 literal keeps its brackets (`[::1]`), holding only hex digits, `:` and `.`;
/// - the port is decimal digits up to 65535, leading zeros allowed; an empty port (`host:`)
///   is no port.
///
/// Refused (`nil`): an empty host; a host that is not ASCII after decoding (no IDNA mapping is
/// done, so write internationalised hosts as `xn--…`); a forbidden host character (controls,
/// space, `#%/:<>?@[\]^|`); a bad port; and any `\` in the authority — browsers read it as
/// `/`, so `https://evil.com\@example.com/` is `evil.com` to them and `example.com` to
/// Foundation.
package struct WebAuthority: Hashable, Sendable {
    /// The host: percent-decoded, ASCII-lowercased, one trailing dot removed; an IPv6 literal
    /// in brackets.
    package let host: String
    /// The port written after the host; `nil` when none (or an empty one) is written.
    package let port: Int?

    /// Parses an authority, the text between `scheme://` and the path; `nil` when it is
    /// malformed or ambiguous (see the type's rules).
    package init?(_ authority: Substring) {
        // Every delimiter is ASCII and is searched for as a UTF-8 byte, as `RouteURL` splits a
        // URL: a `Character` search misses a delimiter that a following combining mark (U+0301,
        // U+FE0F, U+200D…) merges into one grapheme cluster, so `evil.com`, `\`, U+0301,
        // `@example.com` would hide its `\` and read as `example.com`.
        let bytes = authority.utf8
        if bytes.contains(UInt8(ascii: "\\")) { return nil }
        let hostAndPort =
            bytes.lastIndex(of: UInt8(ascii: "@")).map { authority[bytes.index(after: $0)...] } ?? authority
        let hostBytes = hostAndPort.utf8
        let hostText: Substring
        let portText: Substring?
        if hostBytes.first == UInt8(ascii: "[") {
            guard let close = hostBytes.firstIndex(of: UInt8(ascii: "]")) else { return nil }
            let afterClose = hostBytes.index(after: close)
            hostText = hostAndPort[..<afterClose]
            let rest = hostAndPort[afterClose...]
            if rest.utf8.isEmpty {
                portText = nil
            } else {
                guard rest.utf8.first == UInt8(ascii: ":") else { return nil }
                portText = rest[rest.utf8.index(after: rest.startIndex)...]
            }
        } else if let colon = hostBytes.firstIndex(of: UInt8(ascii: ":")) {
            hostText = hostAndPort[..<colon]
            portText = hostAndPort[hostBytes.index(after: colon)...]
        } else {
            hostText = hostAndPort
            portText = nil
        }
        guard let host = Self.parseHost(hostText) else { return nil }
        var port: Int?
        if let portText, !portText.utf8.isEmpty {
            guard let value = Self.parsePort(portText) else { return nil }
            port = value
        }
        self.host = host
        self.port = port
    }

    /// The authority of `url`: the text after `scheme://` up to the next `/`, `?` or `#` (a
    /// `\\` stays in it, so ``init(_:)`` refuses it); `nil` when no `//` follows the scheme.
    /// The delimiters are found as UTF-8 bytes, where `RouteURL` finds them, so a combining mark
    /// after one (`https://evil.com/\u{301}@example.com/`) cannot move the end of the authority.
    package static func authority(ofURL url: Substring) -> Substring? {
        let bytes = url.utf8
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let slash1 = bytes.index(after: colon)
        guard slash1 != bytes.endIndex, bytes[slash1] == UInt8(ascii: "/") else { return nil }
        let slash2 = bytes.index(after: slash1)
        guard slash2 != bytes.endIndex, bytes[slash2] == UInt8(ascii: "/") else { return nil }
        let start = bytes.index(after: slash2)
        let end =
            bytes[start...].firstIndex(where: {
                $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
            }) ?? bytes.endIndex
        return url[start..<end]
    }

    /// The scheme's default port (80 for `http`, 443 for `https`, any case); `nil` for a
    /// scheme without one Keel knows.
    package static func defaultPort(forScheme scheme: String) -> Int? {
        switch scheme.lowercased() {
        case "http": return 80
        case "https": return 443
        default: return nil
        }
    }

    /// Whether no port is written or the written one is `scheme`'s default
    /// (`https://example.com:443` is `https://example.com`, RFC 3986 §6.2.3).
    package func hasDefaultPort(forScheme scheme: String) -> Bool {
        port == nil || port == Self.defaultPort(forScheme: scheme)
    }

    /// The host, with the port when it is not `scheme`'s default (`example.com`,
    /// `localhost:8080`, `[::1]:8443`): what names a web origin's server in a route or an
    /// allow list.
    package func hostAndPort(forScheme scheme: String) -> String {
        guard let port, !hasDefaultPort(forScheme: scheme) else { return host }
        return "\(host):\(port)"
    }

    /// A host as a configuration names it or `URLComponents.host` returns it, in this type's
    /// form: lowercased, one trailing dot removed, an IPv6 literal in brackets (`::1` and
    /// `[::1]` are the same host; Foundation returns either, depending on the API and
    /// platform). `nil` when nothing is left.
    package static func normalizedHost(_ host: some StringProtocol) -> String? {
        var host = host.lowercased()
        if host.utf8.last == UInt8(ascii: ".") { host.unicodeScalars.removeLast() }
        if host.isEmpty { return nil }
        if host.utf8.contains(UInt8(ascii: ":")), host.utf8.first != UInt8(ascii: "[") {
            host = "[" + host + "]"
        }
        return host
    }

    /// The host in `text`: an IPv6 literal as written, or a name percent-decoded and checked.
    private static func parseHost(_ text: Substring) -> String? {
        let bytes = text.utf8
        if bytes.first == UInt8(ascii: "[") {
            // `hostText` ends just after the `]` byte, so the bytes between are the literal.
            let inside = bytes.dropFirst().dropLast()
            guard !inside.isEmpty, inside.contains(UInt8(ascii: ":")), bytes.last == UInt8(ascii: "]"),
                inside.allSatisfy({
                    Hex.digitValue($0) != nil || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".")
                })
            else { return nil }
            return normalizedHost(text)
        }
        guard case .success(let decoded) = Hex.percentDecode(text), decoded.allSatisfy(isHostByte) else {
            return nil
        }
        return normalizedHost(String(decoding: decoded, as: UTF8.self))
    }

    /// Whether `byte` may appear in a decoded host name: printable ASCII other than the
    /// WHATWG URL standard's forbidden domain code points.
    private static func isHostByte(_ byte: UInt8) -> Bool {
        guard byte > 0x20, byte < 0x7F else { return false }
        return !"#%/:<>?@[\\]^|".utf8.contains(byte)
    }

    /// The decimal port in `text` when it is only digits and at most 65535.
    private static func parsePort(_ text: Substring) -> Int? {
        var value = 0
        for byte in text.utf8 {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            if value > 65535 { return nil }
        }
        return value
    }
}
