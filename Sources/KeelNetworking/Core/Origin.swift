import Foundation
import KeelSupport

/// A web origin (RFC 6454): scheme, host and port. Credentials and redirects are judged by
/// origin, so `https://api.example.com` and `https://api.example.com:443` are the same origin
/// and `http://api.example.com` or `https://cdn.example.com` are not.
public struct Origin: Hashable, Sendable {
    /// The scheme, lower-cased (`http` or `https` for anything the client sends).
    package let scheme: String
    /// The host, lower-cased.
    package let host: String
    /// The port, with the scheme's default filled in (80 for `http`, 443 for `https`).
    package let port: Int

    /// Creates an origin; the port defaults to the scheme's.
    ///
    /// The host is compared in `WebAuthority`'s form (KeelSupport), the one KeelRouting's
    /// external-URL policy uses too: lowercased, one trailing dot removed (`example.com.` is
    /// `example.com`), an IPv6 literal in brackets (`::1` is `[::1]`, whichever form
    /// Foundation returned).
    ///
    /// - Returns: `nil` when the scheme or host is empty, or no port is given for a scheme
    ///   without a default.
    package init?(scheme: String, host: String, port: Int? = nil) {
        let scheme = scheme.lowercased()
        guard !scheme.isEmpty, let host = WebAuthority.normalizedHost(host),
            let port = port ?? WebAuthority.defaultPort(forScheme: scheme), (0...65535).contains(port)
        else { return nil }
        self.scheme = scheme
        self.host = host
        self.port = port
    }

    /// The origin of `url`; `nil` when it has no scheme or host.
    public init?(_ url: URL) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true),
            let scheme = components.scheme, let host = components.host
        else { return nil }
        self.init(scheme: scheme, host: host, port: components.port)
    }

    /// Whether the origin's scheme encrypts the connection (`https`).
    package var isSecure: Bool { scheme == "https" }
}
