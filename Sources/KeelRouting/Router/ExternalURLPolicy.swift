/// Which URLs from outside the app (a tapped link, a universal link, another app, a push
/// notification) ``Router/openExternal(_:context:)`` accepts, and what they may reach.
///
/// An external URL must have an allowed scheme; an `http` or `https` URL must also have an
/// allowed host (its first segment). Accepted URLs reach only routes registered with
/// `external: true`. By default they do not fall back to the routes registered without a
/// scheme, and no unmatched handler runs for them. The default policy allows no scheme, so
/// an app that never configures it accepts no external URL.
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
    /// Accepted hosts for `http` and `https` URLs, compared case-insensitively. Other schemes
    /// have no host check: their first segment names a route, which must be external anyway.
    package var allowedHosts: Set<String>
    /// Whether an external URL with a scheme may match external routes registered without one.
    /// `false` by default (``RouterOptions/fallbackToGlobalRoutes`` applies to ``Router/open(_:context:)`` only).
    package var fallbackToGlobalRoutes: Bool
    /// Whether the unmatched handlers (per scheme and global) run for external URLs nothing
    /// matched. `false` by default.
    package var runsUnmatchedHandlers: Bool

    /// The schemes whose first segment is a host checked against ``allowedHosts``.
    package static let webSchemes: Set<String> = ["http", "https"]

    /// Creates a policy; the default accepts nothing.
    public init(
        allowedSchemes: Set<String> = [], allowedHosts: Set<String> = [],
        fallbackToGlobalRoutes: Bool = false,
        runsUnmatchedHandlers: Bool = false
    ) {
        self.allowedSchemes = Set(allowedSchemes.map { $0.lowercased() })
        self.allowedHosts = Set(allowedHosts.map { $0.lowercased() })
        self.fallbackToGlobalRoutes = fallbackToGlobalRoutes
        self.runsUnmatchedHandlers = runsUnmatchedHandlers
    }

    /// Why `url` is refused, or `nil` when the policy accepts it.
    package func rejection(of url: RouteURL) -> ExternalURLRejection? {
        guard let scheme = url.scheme else { return .missingScheme }
        guard allowedSchemes.contains(scheme) else { return .schemeNotAllowed(scheme) }
        if Self.webSchemes.contains(scheme) {
            // The host is the authority right after `//`: `https:///example.com/x` has an
            // empty one (its first segment is a path), and user info or a port is not a host.
            let host = Self.authority(of: url.text).flatMap {
                $0.isEmpty ? nil : url.segments.first?.lowercased()
            }
            guard let host, allowedHosts.contains(host) else {
                return .hostNotAllowed(scheme: scheme, host: host)
            }
        }
        return nil
    }
}

extension ExternalURLPolicy {
    /// The text between `scheme://` and the next `/`, `?`, `#` or `\`; `nil` when the URL
    /// has no `//` after its scheme.
    fileprivate static func authority(of text: String) -> Substring? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let rest = text[text.index(after: colon)...]
        guard rest.hasPrefix("//") else { return nil }
        let start = rest.index(rest.startIndex, offsetBy: 2)
        let end = rest[start...].firstIndex(where: { "/?#\\".contains($0) }) ?? rest.endIndex
        return rest[start..<end]
    }
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
