import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What ``URLSessionTransport`` does when a server redirects: the decision is this pure
/// function of the two URLs; the transport applies it from its redirect callback.
///
/// - A redirect within the same ``Origin`` is followed unchanged.
/// - A redirect to another origin is followed without the credential headers
///   (``credentialHeaders``: `Authorization`, `Cookie`, `Proxy-Authorization`), so a token
///   meant for one host never reaches another.
/// - A redirect from `https` to `http` is refused (unless ``allowsHTTPSDowngrade``): it would
///   send the request, and whatever the body says, in clear text.
public struct RedirectPolicy: Sendable, Equatable {
    /// What to do with one redirect.
    public enum Decision: Sendable, Equatable {
        /// Follow it, removing the named headers (empty for a same-origin redirect).
        case follow(strippingHeaders: [String])
        /// Do not follow it; the call fails with ``APIError/redirectRefused(from:to:reason:)``.
        case refuse(reason: String)
    }

    /// The headers that carry credentials and are removed on a redirect to another origin.
    public static let credentialHeaders = ["Authorization", "Cookie", "Proxy-Authorization"]

    /// Whether an `https` → `http` redirect is followed (its credentials still stripped).
    public var allowsHTTPSDowngrade: Bool
    /// Whether redirects to another origin are followed at all (without credentials); when
    /// `false` they are refused.
    public var followsCrossOriginRedirects: Bool

    /// Creates a policy; downgrades are refused and cross-origin redirects followed without
    /// credentials by default.
    public init(allowsHTTPSDowngrade: Bool = false, followsCrossOriginRedirects: Bool = true) {
        self.allowsHTTPSDowngrade = allowsHTTPSDowngrade
        self.followsCrossOriginRedirects = followsCrossOriginRedirects
    }

    /// The default: same origin kept, other origins stripped, downgrades refused.
    public static let `default` = RedirectPolicy()

    /// The decision for a redirect from `source` to `target`.
    public func decide(from source: URL, to target: URL) -> Decision {
        guard let to = Origin(target), to.scheme == "http" || to.scheme == "https" else {
            return .refuse(
                reason: "the redirect target '\(target.absoluteString)' is not an http or https URL")
        }
        guard let from = Origin(source) else {
            return followsCrossOriginRedirects
                ? .follow(strippingHeaders: Self.credentialHeaders)
                : .refuse(reason: "the redirect's source has no origin")
        }
        if from.isSecure, !to.isSecure, !allowsHTTPSDowngrade {
            return .refuse(reason: "a redirect from https to http would send the request unencrypted")
        }
        if from == to { return .follow(strippingHeaders: []) }
        guard followsCrossOriginRedirects else {
            return .refuse(
                reason: "the redirect leaves \(from) for \(to) and this policy stays on one origin")
        }
        return .follow(strippingHeaders: Self.credentialHeaders)
    }

    /// The request to send for a redirect from `source` (the request URL before it), or the
    /// reason it is refused: `proposed` with credential headers removed as ``decide(from:to:)``
    /// says.
    public func request(redirecting proposed: URLRequest, from source: URL) -> Result<URLRequest, Refusal> {
        guard let target = proposed.url else { return .failure(Refusal(reason: "the redirect has no URL")) }
        switch decide(from: source, to: target) {
        case .refuse(let reason):
            return .failure(Refusal(reason: reason))
        case .follow(let headers):
            var request = proposed
            for name in headers { request.setValue(nil, forHTTPHeaderField: name) }
            return .success(request)
        }
    }

    /// Why a redirect was refused.
    public struct Refusal: Error, Sendable, Equatable {
        /// What was wrong with the redirect.
        public var reason: String
    }
}
