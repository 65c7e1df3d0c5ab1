import Foundation

/// Which origins an ``AuthenticationInterceptor`` puts its credential on.
///
/// By default only the client's base URL origin gets it (scheme, host and port must all
/// match), and only over `https`: an endpoint with an absolute URL on another host, or a plain
/// `http` base URL, goes out without the credential unless the scope says otherwise.
public struct CredentialScope: Sendable, Equatable {
    /// The origins allowed; `nil` means the calling client's base URL origin.
    package var origins: Set<Origin>?
    /// Whether an `http` origin in the scope gets the credential (sent in clear text).
    package var allowsInsecureHTTP: Bool

    /// Creates a scope.
    ///
    /// - Parameters:
    ///   - origins: the origins allowed; `nil` means the calling client's base URL origin.
    ///   - allowsInsecureHTTP: whether an `http` origin in the scope gets the credential (sent in
    ///     clear text).
    public init(origins: Set<Origin>? = nil, allowsInsecureHTTP: Bool = false) {
        self.origins = origins
        self.allowsInsecureHTTP = allowsInsecureHTTP
    }

    /// The client's base URL origin, `https` only (the default).
    @usableFromInline package static let baseURL = CredentialScope()

    /// Exactly `origins`; `http` ones only when `allowsInsecureHTTP` is set.
    package static func origins(_ origins: Set<Origin>, allowsInsecureHTTP: Bool = false) -> CredentialScope {
        CredentialScope(origins: origins, allowsInsecureHTTP: allowsInsecureHTTP)
    }

    /// Whether a request to `url` may carry the credential, for a client whose base URL is
    /// `baseURL`.
    package func allows(_ url: URL?, baseURL: URL?) -> Bool {
        guard let url, let target = Origin(url) else { return false }
        guard target.scheme == "https" || (target.scheme == "http" && allowsInsecureHTTP) else {
            return false
        }
        if let origins { return origins.contains(target) }
        guard let baseURL, let base = Origin(baseURL) else { return false }
        return base == target
    }
}
