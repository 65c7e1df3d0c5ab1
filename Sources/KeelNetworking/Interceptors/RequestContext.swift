import Foundation
import KeelSupport

/// Per-call information shared by the interceptors of one ``APIClient`` call.
public final class RequestContext: Sendable {
    /// The endpoint's method.
    public let method: HTTPMethod
    /// Whether the endpoint may be repeated safely (override or method).
    package let isIdempotent: Bool
    /// The calling client's base URL (what ``CredentialScope/baseURL`` compares against).
    package let baseURL: URL?
    private let state = Locked<State>(State())

    private struct State {
        var attempt = 1
        var values: [String: any Sendable] = [:]
        var credentialHeaders: Set<String> = []
    }

    /// Creates a context for a call.
    public init(method: HTTPMethod, isIdempotent: Bool, baseURL: URL? = nil) {
        self.method = method
        self.isIdempotent = isIdempotent
        self.baseURL = baseURL
    }

    /// The current attempt, starting at 1.
    public var attempt: Int {
        state.withLock { $0.attempt }
    }

    /// How many retries have been made so far (`attempt - 1`).
    package var retryCount: Int {
        attempt - 1
    }

    /// Moves to the next attempt.
    func beginNextAttempt() {
        state.withLock { $0.attempt += 1 }
    }

    /// A value an interceptor stored for this call under `key` (such as the credential it
    /// applied), or `nil`.
    public func value<T: Sendable>(forKey key: String, as type: T.Type = T.self) -> T? {
        state.withLock { $0.values[key] as? T }
    }

    /// Header names an interceptor put a credential in (lowercased): removed, with
    /// ``CredentialHeaders``' standard set, if a redirect leaves the origin.
    package var credentialHeaders: Set<String> {
        state.withLock { $0.credentialHeaders }
    }

    /// Declares that `names` carry credentials on this call's requests (an interceptor that
    /// signs or authenticates with a header of its own calls this).
    public func declareCredentialHeaders(_ names: some Sequence<String>) {
        let lowered = names.map { $0.lowercased() }
        state.withLock { $0.credentialHeaders.formUnion(lowered) }
    }

    /// Stores `value` for this call under `key`; `nil` removes it.
    public func setValue(_ value: (any Sendable)?, forKey key: String) {
        state.withLock { $0.values[key] = value }
    }
}
