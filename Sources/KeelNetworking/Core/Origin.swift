import Foundation

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
    /// - Returns: `nil` when the scheme or host is empty, or no port is given for a scheme
    ///   without a default.
    package init?(scheme: String, host: String, port: Int? = nil) {
        let scheme = scheme.lowercased()
        var host = host.lowercased()
        if host.hasSuffix("."), host.count > 1 { host.removeLast() }  // "example.com." is "example.com"
        guard !scheme.isEmpty, !host.isEmpty, let port = port ?? Self.defaultPort(for: scheme),
            (0...65535).contains(port)
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

    /// The default port of `scheme`, or `nil` when it has none Keel knows.
    static func defaultPort(for scheme: String) -> Int? {
        switch scheme {
        case "http": return 80
        case "https": return 443
        default: return nil
        }
    }
}
