import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Supplies, applies and refreshes the credential an ``AuthenticationInterceptor`` manages.
///
/// ```swift
/// struct TokenProvider: AuthenticationProvider {
///     let store: TokenStore
///     func credential() async throws -> String { try await store.accessToken() }
///     func refresh(old: String) async throws -> String { try await store.refresh(replacing: old) }
/// }
/// ```
public protocol AuthenticationProvider: Sendable {
    /// The credential type, such as an access token.
    associatedtype Credential: Sendable & Equatable

    /// The credential to use now (called when the interceptor holds none).
    func credential() async throws -> Credential

    /// A new credential replacing `old`, which the server rejected. Called once for any number
    /// of concurrent rejections.
    func refresh(old: Credential) async throws -> Credential

    /// Puts `credential` on `request` (default: `Authorization: Bearer <credential>`).
    func apply(_ credential: Credential, to request: inout URLRequest)

    /// Whether a failed attempt means the credential was rejected (default: status 401).
    func isAuthenticationFailure(_ failure: AttemptFailure, request: URLRequest) -> Bool
}

extension AuthenticationProvider {
    /// Sets `Authorization: Bearer <credential>`.
    public func apply(_ credential: Credential, to request: inout URLRequest) {
        request.setValue("Bearer \(credential)", forHTTPHeaderField: "Authorization")
    }

    /// Status 401.
    public func isAuthenticationFailure(_ failure: AttemptFailure, request: URLRequest) -> Bool {
        failure.statusCode == 401
    }
}

/// Why the ``AuthenticationInterceptor`` stopped a call.
public enum AuthenticationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// More refreshes than the budget allows happened within its window: the server keeps
    /// rejecting fresh credentials, so the interceptor stops instead of looping.
    case refreshBudgetExceeded(refreshes: Int, window: Duration)

    /// A readable description.
    public var description: String {
        switch self {
        case .refreshBudgetExceeded(let refreshes, let window):
            return "credential refresh budget exceeded: \(refreshes) refreshes within \(window)"
        }
    }
}
