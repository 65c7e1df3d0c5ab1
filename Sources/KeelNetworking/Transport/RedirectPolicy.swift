import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What ``URLSessionTransport`` does when a server redirects: the decision is this pure
/// function of the two URLs and the method; the transport applies it from its redirect
/// callback.
///
/// - A redirect within the same ``Origin`` is followed unchanged.
/// - A redirect to another origin is followed without any credential header
///   (`credentialHeaders`: the standard set, the `X-…-Token`/`X-…-Key` family, and what the
///   app or its authentication provider declares), so a token meant for one host never reaches
///   another.
/// - A redirect to another origin that keeps a non-idempotent method and its body (`307`/`308`
///   after a `POST` or `PATCH`) is refused unless `followsCrossOriginBodyRedirects`: the body
///   (a password, a payment) would go to a host the app never named.
/// - A redirect from `https` to `http` is refused (unless `allowsHTTPSDowngrade`): it would
///   send the request, and whatever the body says, in clear text.
public struct RedirectPolicy: Sendable, Equatable {
    /// What to do with one redirect.
    package enum Decision: Sendable, Equatable {
        /// Follow it; when `strippingCredentials`, without any credential header.
        case follow(strippingCredentials: Bool)
        /// Do not follow it; the call fails with ``APIError/redirectRefused(from:to:reason:)``.
        case refuse(reason: String)
    }

    /// Which headers are credentials, removed on a redirect to another origin.
    package var credentialHeaders: CredentialHeaders
    /// Whether an `https` → `http` redirect is followed (its credentials still stripped).
    package var allowsHTTPSDowngrade: Bool
    /// Whether redirects to another origin are followed at all (without credentials); when
    /// `false` they are refused.
    package var followsCrossOriginRedirects: Bool
    /// Whether a redirect to another origin that re-sends a non-idempotent request with its
    /// body (`307`/`308` after `POST`) is followed; refused by default.
    package var followsCrossOriginBodyRedirects: Bool

    /// Creates a policy; downgrades and cross-origin re-sent bodies are refused, and
    /// cross-origin redirects followed without credentials, by default.
    ///
    /// - Parameters:
    ///   - allowsHTTPSDowngrade: whether an `https` → `http` redirect is followed (its credentials
    ///     still stripped).
    ///   - followsCrossOriginRedirects: whether redirects to another origin are followed at all
    ///     (without credentials); when `false` they are refused.
    ///   - followsCrossOriginBodyRedirects: whether a redirect to another origin that re-sends a
    ///     non-idempotent request with its body (`307`/`308` after `POST`) is followed; refused by
    ///     default.
    ///   - credentialHeaders: which headers are credentials, removed on a redirect to another
    ///     origin.
    public init(
        allowsHTTPSDowngrade: Bool = false, followsCrossOriginRedirects: Bool = true,
        followsCrossOriginBodyRedirects: Bool = false, credentialHeaders: CredentialHeaders = .default
    ) {
        self.allowsHTTPSDowngrade = allowsHTTPSDowngrade
        self.followsCrossOriginRedirects = followsCrossOriginRedirects
        self.followsCrossOriginBodyRedirects = followsCrossOriginBodyRedirects
        self.credentialHeaders = credentialHeaders
    }

    /// The default: same origin kept, other origins stripped, downgrades refused.
    @usableFromInline package static let `default` = RedirectPolicy()

    /// The decision for a redirect from `source` to `target` whose next request uses `method`
    /// (`GET` after a `303`, or a `301`/`302` of a `POST`; the original method after a
    /// `307`/`308`).
    package func decide(from source: URL, to target: URL, method: String = "GET") -> Decision {
        guard let to = Origin(target), to.scheme == "http" || to.scheme == "https" else {
            return .refuse(
                reason: "the redirect target '\(APIError.describe(url: target))' is not an http or https URL")
        }
        guard let from = Origin(source) else {
            return followsCrossOriginRedirects
                ? .follow(strippingCredentials: true)
                : .refuse(reason: "the redirect's source has no origin")
        }
        if from.isSecure, !to.isSecure, !allowsHTTPSDowngrade {
            return .refuse(reason: "a redirect from https to http would send the request unencrypted")
        }
        if from == to { return .follow(strippingCredentials: false) }
        guard followsCrossOriginRedirects else {
            return .refuse(
                reason: "the redirect leaves \(from) for \(to) and this policy stays on one origin")
        }
        if !followsCrossOriginBodyRedirects, !HTTPMethod(rawValue: method).isIdempotent {
            return .refuse(
                reason:
                    "the redirect would re-send a \(method.uppercased()) request and its body from \(from) to \(to)"
            )
        }
        return .follow(strippingCredentials: true)
    }

    /// The request to send for a redirect from `source` (the request URL before it), or the
    /// reason it is refused: `proposed` with every credential header removed when
    /// ``decide(from:to:method:)`` says so — those of ``credentialHeaders`` and the `declared`
    /// names (what the client's interceptors marked as credentials on this request).
    package func request(
        redirecting proposed: URLRequest, from source: URL, declared: Set<String> = []
    ) -> Result<URLRequest, Refusal> {
        guard let target = proposed.url else { return .failure(Refusal(reason: "the redirect has no URL")) }
        switch decide(from: source, to: target, method: proposed.httpMethod ?? "GET") {
        case .refuse(let reason):
            return .failure(Refusal(reason: reason))
        case .follow(let strips):
            guard strips else { return .success(proposed) }
            var request = proposed
            let credentials = credentialHeaders.declaring(declared)
            for name in (proposed.allHTTPHeaderFields ?? [:]).keys where credentials.contains(name) {
                request.setValue(nil, forHTTPHeaderField: name)
            }
            return .success(request)
        }
    }

    /// Why a redirect was refused.
    package struct Refusal: Error, Sendable, Equatable {
        /// What was wrong with the redirect.
        package var reason: String
    }
}
