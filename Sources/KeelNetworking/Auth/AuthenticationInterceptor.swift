import Foundation
import KeelSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Applies a credential to the requests its `scope` allows and refreshes it when the server
/// rejects it.
///
/// - The credential goes only to the origins in the `scope` it is created with: by default
///   the client's base URL origin (scheme, host and port), and only over `https`. Other
///   requests are sent untouched (and their 401s trigger no refresh). ``URLSessionTransport``
///   strips it again from any redirect to another origin.
/// - Concurrent rejections share **one** refresh; every waiting call is retried once with the
///   new credential. Requests that start while a refresh runs wait for it.
/// - A failed refresh fails every waiting call with the refresh's error and nothing is
///   re-sent; the next call asks the provider for a credential again.
/// - A call is retried after a refresh at most once, and at most `maximumRefreshes` refreshes
///   may happen within `refreshWindow`.
public final class AuthenticationInterceptor<Provider: AuthenticationProvider>: APIInterceptor {
    /// How many refreshes are allowed in a sliding time window.
    package struct RefreshBudget: Sendable {
        /// The most refreshes within ``window``.
        package var maximumRefreshes: Int
        /// The sliding window.
        package var window: Duration
    }

    /// The credential source.
    package let provider: Provider
    /// Which origins get the credential.
    package let scope: CredentialScope
    private let coordinator: RefreshCoordinator<Provider>
    private static var credentialKey: String { "keel.auth.credential" }
    private static var retriedKey: String { "keel.auth.retried" }

    /// Creates the interceptor; at most `maximumRefreshes` refreshes run within
    /// `refreshWindow` (the next rejection fails with
    /// ``AuthenticationError/refreshBudgetExceeded(refreshes:window:)``), `scope` says which
    /// origins get the credential, `clock` measures the window.
    public init(
        provider: Provider,
        maximumRefreshes: Int = 3,
        refreshWindow: Duration = .seconds(60),
        scope: CredentialScope = .baseURL,
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.provider = provider
        self.scope = scope
        let local = clock
        coordinator = RefreshCoordinator(
            provider: provider,
            budget: RefreshBudget(maximumRefreshes: maximumRefreshes, window: refreshWindow),
            elapsed: ElapsedClock(local).elapsed)
    }

    /// How many refreshes have run (for diagnostics and tests).
    package var refreshCount: Int {
        get async { await coordinator.refreshCount }
    }

    /// Applies the current credential, waiting for a refresh in progress, when `scope`
    /// allows the request's origin.
    public func adapt(_ request: inout URLRequest, context: RequestContext) async throws {
        guard scope.allows(request.url, baseURL: context.baseURL) else {
            context.setValue(nil, forKey: Self.credentialKey)
            return
        }
        let credential = try await coordinator.credential()
        let before = request.allHTTPHeaderFields ?? [:]
        provider.apply(credential, to: &request)
        // Whatever `apply` set is a credential, whatever its name: it never follows a redirect
        // to another origin.
        let changed = (request.allHTTPHeaderFields ?? [:]).filter { before[$0.key] != $0.value }.keys
        context.declareCredentialHeaders(changed)
        context.setValue(credential, forKey: Self.credentialKey)
    }

    /// On a rejected credential: refresh (shared), then retry once at once; or fail with the
    /// refresh's error.
    public func retry(_ request: URLRequest, failure: AttemptFailure, context: RequestContext) async
        -> RetryDecision
    {
        guard scope.allows(request.url, baseURL: context.baseURL),
            provider.isAuthenticationFailure(failure, request: request)
        else { return .doNotRetry }
        guard context.value(forKey: Self.retriedKey, as: Bool.self) != true else { return .doNotRetry }
        let used = context.value(forKey: Self.credentialKey, as: Provider.Credential.self)
        do {
            _ = try await coordinator.refresh(replacing: used)
            context.setValue(true, forKey: Self.retriedKey)
            return .retry(after: .zero)
        } catch {
            return .fail(error)
        }
    }
}

/// Single-flight credential state.
actor RefreshCoordinator<Provider: AuthenticationProvider> {
    typealias Credential = Provider.Credential

    private let provider: Provider
    private let budget: AuthenticationInterceptor<Provider>.RefreshBudget
    private let elapsed: @Sendable () -> Duration
    private var current: Credential?
    private var refreshing: Task<Credential, any Error>?
    private var failed: (credential: Credential?, error: any Error)?
    private var refreshTimes: [Duration] = []
    private(set) var refreshCount = 0

    init(
        provider: Provider, budget: AuthenticationInterceptor<Provider>.RefreshBudget,
        elapsed: @escaping @Sendable () -> Duration
    ) {
        self.provider = provider
        self.budget = budget
        self.elapsed = elapsed
    }

    /// The credential to apply: the one a running refresh produces, the held one, or a new
    /// one from the provider.
    func credential() async throws -> Credential {
        if let refreshing { return try await refreshing.value }
        if let current { return current }
        let loaded = try await provider.credential()
        if let refreshing { return try await refreshing.value }
        if let current { return current }
        current = loaded
        failed = nil
        return loaded
    }

    /// A credential newer than `used`: joins a running refresh, reuses one that already
    /// replaced `used`, or starts the one refresh.
    func refresh(replacing used: Credential?) async throws -> Credential {
        if let refreshing { return try await refreshing.value }
        if let failed, failed.credential == used { throw failed.error }
        if let current, current != used { return current }
        let now = elapsed()
        refreshTimes.removeAll { now - $0 >= budget.window }
        guard refreshTimes.count < budget.maximumRefreshes else {
            throw AuthenticationError.refreshBudgetExceeded(
                refreshes: refreshTimes.count, window: budget.window)
        }
        refreshTimes.append(now)
        refreshCount += 1
        guard let old = used ?? current else {
            return try await credential()
        }
        let provider = self.provider
        let task = Task { try await provider.refresh(old: old) }
        refreshing = task
        do {
            let fresh = try await task.value
            refreshing = nil
            current = fresh
            failed = nil
            return fresh
        } catch {
            refreshing = nil
            current = nil
            failed = (old, error)
            throw error
        }
    }
}
