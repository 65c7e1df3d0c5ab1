import Foundation
import KeelSupport

/// How a ``PaginationController`` pages: sizes, prefetching, de-duplication, retries, limits.
public struct PagingConfiguration: Hashable, Sendable {
    /// Which copy of an item wins when a page repeats an identifier already loaded.
    public enum DuplicatePolicy: Hashable, Sendable {
        /// The item already loaded stays; the new copy is dropped (the default).
        case keepFirst
        /// The new copy replaces the loaded one in place (reported as an update).
        case replaceWithNewer
    }

    /// The number of items an append or prepend asks for.
    public var pageSize: Int
    /// How close to either end (in items) a shown item triggers the next load.
    public var prefetchDistance: Int
    /// The number of items a refresh asks for.
    public var initialLimit: Int
    /// The most items kept loaded; beyond it pages far from the last shown item are dropped
    /// (and reloaded on demand). `nil` keeps everything.
    public var maximumItems: Int?
    /// What happens to repeated identifiers.
    public var duplicatePolicy: DuplicatePolicy
    /// Whether a page may return a key already used in this generation (off by default, which
    /// stops a source that would loop forever).
    public var allowsKeyReuse: Bool
    /// How many empty pages in a row an append or prepend follows before failing with
    /// ``PagingError/tooManyEmptyPages(_:count:)``.
    public var maximumConsecutiveEmptyPages: Int
    /// Automatic retries of failed loads; `nil` waits for ``PaginationController/retry()``.
    public var retryPolicy: RetryPolicy?

    /// Creates a configuration. `prefetchDistance` defaults to `pageSize` and `initialLimit`
    /// to three pages.
    public init(
        pageSize: Int, prefetchDistance: Int? = nil, initialLimit: Int? = nil, maximumItems: Int? = nil,
        duplicatePolicy: DuplicatePolicy = .keepFirst, allowsKeyReuse: Bool = false,
        maximumConsecutiveEmptyPages: Int = 3, retryPolicy: RetryPolicy? = nil
    ) {
        self.pageSize = pageSize
        self.prefetchDistance = prefetchDistance ?? pageSize
        self.initialLimit = initialLimit ?? pageSize * 3
        self.maximumItems = maximumItems
        self.duplicatePolicy = duplicatePolicy
        self.allowsKeyReuse = allowsKeyReuse
        self.maximumConsecutiveEmptyPages = maximumConsecutiveEmptyPages
        self.retryPolicy = retryPolicy
    }

    /// Throws ``PagingError/invalidConfiguration(_:)`` naming the first inconsistent setting.
    public func validate() throws {
        func fail(_ reason: String) throws -> Never { throw PagingError.invalidConfiguration(reason) }
        if pageSize < 1 { try fail("pageSize must be at least 1 (got \(pageSize))") }
        if prefetchDistance < 0 {
            try fail("prefetchDistance must not be negative (got \(prefetchDistance))")
        }
        if initialLimit < 1 { try fail("initialLimit must be at least 1 (got \(initialLimit))") }
        if maximumConsecutiveEmptyPages < 1 {
            try fail("maximumConsecutiveEmptyPages must be at least 1 (got \(maximumConsecutiveEmptyPages))")
        }
        if let maximumItems, maximumItems < pageSize + 2 * prefetchDistance {
            try fail(
                "maximumItems (\(maximumItems)) must be at least pageSize + 2 × prefetchDistance"
                    + " (\(pageSize + 2 * prefetchDistance))")
        }
        if let retryPolicy { try retryPolicy.validate() }
    }
}

/// Automatic retries of a failed load: up to ``maximumAttempts`` loads in all, waiting an
/// exponentially growing delay (with optional jitter) on the controller's clock in between.
public struct RetryPolicy: Hashable, Sendable {
    /// The most loads per request, the first included (so 3 means up to 2 retries).
    public var maximumAttempts: Int
    /// The wait before the first retry.
    public var initialDelay: Duration
    /// The factor each later wait grows by.
    public var multiplier: Double
    /// The longest wait.
    public var maximumDelay: Duration
    /// The fraction (0…1) of each wait that is randomised: a wait `d` becomes a value in
    /// `d × (1 − jitter) … d`.
    public var jitter: Double

    /// Creates a policy.
    public init(
        maximumAttempts: Int = 3, initialDelay: Duration = .seconds(1), multiplier: Double = 2,
        maximumDelay: Duration = .seconds(30), jitter: Double = 0
    ) {
        self.maximumAttempts = maximumAttempts
        self.initialDelay = initialDelay
        self.multiplier = multiplier
        self.maximumDelay = maximumDelay
        self.jitter = jitter
    }

    /// Throws ``PagingError/invalidConfiguration(_:)`` for a negative or non-finite setting.
    public func validate() throws {
        guard maximumAttempts >= 1, initialDelay >= .zero, maximumDelay >= .zero, multiplier.isFinite,
            multiplier >= 1,
            jitter.isFinite, (0...1).contains(jitter)
        else {
            throw PagingError.invalidConfiguration(
                "retry policy needs maximumAttempts ≥ 1, delays ≥ 0, multiplier ≥ 1 and jitter in 0…1")
        }
    }

    /// The wait before retry number `retry` (1 for the first retry), with `unit` (0..<1) picking
    /// the jitter.
    public func delay(beforeRetry retry: Int, unit: Double = 0) -> Duration {
        let base = initialDelay.seconds * pow(multiplier, Double(max(0, retry - 1)))
        let capped = min(base, maximumDelay.seconds)
        let jittered = capped * (1 - jitter * min(max(unit, 0), 1))
        return .nanoseconds(Int64(min(jittered, 9e9) * 1e9))
    }
}
