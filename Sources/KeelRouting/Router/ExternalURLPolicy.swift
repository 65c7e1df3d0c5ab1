import KeelSupport

/// Which URLs from outside the app (a tapped link, a universal link, another app, a push
/// notification) ``Router/openExternal(_:context:)`` accepts, and what they may reach.
///
/// An external URL must have an allowed scheme; an `http` or `https` URL must also have an
/// allowed host. Accepted URLs reach only routes registered with `external: true`. By default
/// they do not fall back to the routes registered without a scheme, and no unmatched handler
/// runs for them. The default policy allows no scheme, so an app that never configures it
/// accepts no external URL.
///
/// The host of an `http`/`https` URL is read from its authority, right after `//`, the way
/// browsers and Foundation's `URLComponents` agree on:
/// - user info is not the host: `https://user@example.com/` is `example.com`, and
///   `https://example.com@evil.com/` is `evil.com` (refused);
/// - case, one trailing dot and percent-escapes do not matter: `https://EXAMPLE.com./` and
///   `https://ex%61mple.com/` are `example.com`; an IPv6 literal is written in brackets,
///   `[::1]` (either form may be listed in `allowedHosts`);
/// - the scheme's default port is no port: `https://example.com:443/` and
///   `http://example.com:80/` are accepted;
/// - any other port is refused unless `allowedHosts` names the host with that port
///   (`"localhost:8080"`, `"[::1]:8443"`): `https://example.com:8443/` is a different origin
///   (RFC 6454), often another server (a development or admin service), and universal links
///   never use one; the rejection names the host with its port. An entry with the scheme's
///   default port (`"example.com:443"`) is the host alone for that scheme;
/// - refused as ambiguous: an authority with a `\` (browsers read it as `/`, Foundation as
///   part of the user info), a host that is not ASCII (list internationalised hosts as
///   `xn--…`), a forbidden host character or a bad port.
///
/// An accepted URL is matched with its first segment replaced by the host alone (with the
/// port when it is not the default), so `https://user@EXAMPLE.com.:443/product/1` reaches the
/// route registered as `https://example.com/product/<int:id>` with `id` 1; the host of an
/// `http`/`https` route pattern is read the same way (`https://Example.com/…` is
/// `example.com`).
///
/// ```swift
/// let router = Router(options: RouterOptions(external: ExternalURLPolicy(
///     allowedSchemes: ["myapp", "https"], allowedHosts: ["example.com"])))
/// try router.register("myapp://product/<int:id>", external: true) { … }
/// try await router.openExternal(incomingURL.absoluteString)
/// ```
public struct ExternalURLPolicy: Sendable, Hashable {
    /// Accepted schemes, compared case-insensitively.
    package var allowedSchemes: Set<String>
    /// Accepted hosts for `http` and `https` URLs, in `WebAuthority`'s form (lowercased, no
    /// trailing dot, IPv6 in brackets), each with `:port` when an entry named one. Other
    /// schemes have no host check: their first segment names a route, which must be external
    /// anyway.
    package var allowedHosts: Set<String>
    /// Whether an external URL with a scheme may match external routes registered without one.
    /// `false` by default (``RouterOptions/fallbackToGlobalRoutes`` applies to ``Router/open(_:context:)`` only).
    package var fallbackToGlobalRoutes: Bool
    /// Whether the unmatched handlers (per scheme and global) run for external URLs nothing
    /// matched. `false` by default.
    package var runsUnmatchedHandlers: Bool

    /// The schemes whose authority is a host checked against ``allowedHosts``.
    package static let webSchemes: Set<String> = ["http", "https"]

    /// Creates a policy; the default accepts nothing.
    public init(
        allowedSchemes: Set<String> = [], allowedHosts: Set<String> = [],
        fallbackToGlobalRoutes: Bool = false,
        runsUnmatchedHandlers: Bool = false
    ) {
        self.allowedSchemes = Set(allowedSchemes.map { $0.lowercased() })
        self.allowedHosts = Set(allowedHosts.compactMap(Self.normalizedEntry))
        self.fallbackToGlobalRoutes = fallbackToGlobalRoutes
        self.runsUnmatchedHandlers = runsUnmatchedHandlers
    }

    /// Why `url` is refused, or `nil` when the policy accepts it.
    package func rejection(of url: RouteURL) -> ExternalURLRejection? {
        if case .refused(let rejection) = admit(url) { return rejection }
        return nil
    }

    /// `url` as it is matched when the policy accepts it — an `http`/`https` URL's first
    /// segment (its authority as written) replaced by the host alone — or why it is refused.
    package func admit(_ url: RouteURL) -> ExternalURLAdmission {
        guard let scheme = url.scheme else { return .refused(.missingScheme) }
        guard allowedSchemes.contains(scheme) else { return .refused(.schemeNotAllowed(scheme)) }
        guard Self.webSchemes.contains(scheme) else { return .accepted(url) }
        // `https:///example.com/x` has an empty authority: its first segment is a path.
        guard let text = WebAuthority.authority(ofURL: url.text[...]), !text.isEmpty else {
            return .refused(.hostNotAllowed(scheme: scheme, host: nil))
        }
        guard let authority = WebAuthority(text) else {
            // Malformed or ambiguous: name the host a browser would reach (the authority ends
            // at a `\`), never the user info, which may hold a password.
            // Searched as UTF-8 bytes, as `WebAuthority` does (a combining mark after a `\`
            // or `@` must not hide it).
            let bytes = text.utf8
            let browsers = text[..<(bytes.firstIndex(of: UInt8(ascii: "\\")) ?? bytes.endIndex)]
            let written =
                browsers.utf8.lastIndex(of: UInt8(ascii: "@")).map { browsers[bytes.index(after: $0)...] }
                ?? browsers
            return .refused(.hostNotAllowed(scheme: scheme, host: written.isEmpty ? nil : String(written)))
        }
        let server = authority.hostAndPort(forScheme: scheme)
        // An entry may name the default port explicitly (`example.com:443`).
        let withPort = (authority.port ?? WebAuthority.defaultPort(forScheme: scheme)).map {
            "\(authority.host):\($0)"
        }
        guard allowedHosts.contains(server) || withPort.map(allowedHosts.contains) == true else {
            return .refused(.hostNotAllowed(scheme: scheme, host: server))
        }
        return .accepted(url.replacingFirstSegment(with: server))
    }

    /// An `allowedHosts` entry in `WebAuthority`'s form: a host (a bare IPv6 literal gets its
    /// brackets) or `host:port`; `nil` for an entry that names no host.
    private static func normalizedEntry(_ entry: String) -> String? {
        if entry.utf8.first != UInt8(ascii: "["),
            entry.utf8.lazy.filter({ $0 == UInt8(ascii: ":") }).count > 1
        {
            return WebAuthority.normalizedHost(entry)
        }
        guard let authority = WebAuthority(Substring(entry)) else { return nil }
        return authority.port.map { "\(authority.host):\($0)" } ?? authority.host
    }
}

/// What `ExternalURLPolicy.admit(_:)` decided about an external URL.
package enum ExternalURLAdmission: Hashable, Sendable {
    /// Accepted: the URL to match (an `http`/`https` authority replaced by its bare host).
    case accepted(RouteURL)
    /// Refused, and why.
    case refused(ExternalURLRejection)
}

/// Why ``Router/openExternal(_:context:)`` refused a URL before matching it.
public enum ExternalURLRejection: Hashable, Sendable, CustomStringConvertible {
    /// The URL has no scheme (`/account/delete`): external URLs must name one.
    case missingScheme
    /// The scheme is not one of the policy's allowed schemes.
    case schemeNotAllowed(String)
    /// An `http`/`https` URL whose host is not one of the policy's allowed hosts (`nil`: none).
    case hostNotAllowed(scheme: String, host: String?)

    /// A readable reason.
    public var description: String {
        switch self {
        case .missingScheme: return "external URLs need a scheme"
        case .schemeNotAllowed(let scheme): return "scheme \"\(scheme)\" is not allowed for external URLs"
        case .hostNotAllowed(let scheme, let host):
            return "host \"\(host ?? "")\" is not allowed for external \(scheme) URLs"
        }
    }
}
