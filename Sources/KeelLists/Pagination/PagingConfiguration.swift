import Foundation
import KeelSupport

// The retry schedule is part of this module's API, so importing the module is enough to use it.
@_exported import struct KeelSupport.RetryBackoff

/// How a ``PagingController`` pages: sizes, prefetching, de-duplication, retries, limits.
public struct PagingConfiguration: Hashable, Sendable {
    /// The number of items an append or prepend asks for.
    package var pageSize: Int
    /// How close to either end (in items) a shown item triggers the next load.
    package var prefetchDistance: Int
    /// The number of items a refresh asks for.
    package var initialLimit: Int
    /// The most items kept loaded; beyond it pages far from the last shown item are dropped
    /// (and reloaded on demand). `nil` keeps everything.
    package var maximumItems: Int?
    /// Which copy wins when a page repeats an identifier already loaded (or repeats one within
    /// itself): ``DuplicatePolicy/keepFirst`` keeps the loaded item,
    /// ``DuplicatePolicy/replaceWithNewer`` updates it in place, ``DuplicatePolicy/keepLast``
    /// moves it to the new page.
    package var duplicatePolicy: DuplicatePolicy
    /// Whether a page may return a key already used in this generation (off by default, which
    /// stops a source that would loop forever).
    package var allowsKeyReuse: Bool
    /// How many empty pages in a row an append or prepend follows before failing with
    /// `PagingError/tooManyEmptyPages(_:count:)`.
    package var maximumConsecutiveEmptyPages: Int
    /// Automatic retries of failed loads, waited out on the controller's clock (KeelSupport's
    /// one retry schedule, jitter drawn from the controller's random source); `nil` waits for
    /// ``PagingController/retry()``.
    package var retryBackoff: RetryBackoff?
    /// Whether the default `initialLimit`, three pages, did not fit in `Int` (it is then
    /// `Int.max`, and ``validate()`` refuses the configuration).
    var defaultInitialLimitOverflows = false

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - pageSize: The number of items an append or prepend asks for.
    ///   - prefetchDistance: How close to either end (in items) a shown item triggers the next
    ///     load; `pageSize` by default.
    ///   - initialLimit: The number of items a refresh asks for; three pages by default.
    ///   - maximumItems: The most items kept loaded; beyond it pages far from the last shown
    ///     item are dropped (and reloaded on demand). `nil` keeps everything.
    ///   - duplicatePolicy: Which copy wins when a page repeats an identifier already loaded
    ///     (or repeats one within itself): ``DuplicatePolicy/keepFirst`` keeps the loaded item,
    ///     ``DuplicatePolicy/replaceWithNewer`` updates it in place, ``DuplicatePolicy/keepLast``
    ///     moves it to the new page.
    ///   - allowsKeyReuse: Whether a page may return a key already used in this generation
    ///     (off by default, which stops a source that would loop forever).
    ///   - maximumConsecutiveEmptyPages: How many empty pages in a row an append or prepend
    ///     follows before failing with `PagingError/tooManyEmptyPages(_:count:)`.
    ///   - retryBackoff: Automatic retries of failed loads, waited out on the controller's
    ///     clock; `nil` waits for ``PagingController/retry()``.
    public init(
        pageSize: Int, prefetchDistance: Int? = nil, initialLimit: Int? = nil, maximumItems: Int? = nil,
        duplicatePolicy: DuplicatePolicy = .keepFirst, allowsKeyReuse: Bool = false,
        maximumConsecutiveEmptyPages: Int = 3, retryBackoff: RetryBackoff? = nil
    ) {
        self.pageSize = pageSize
        self.prefetchDistance = prefetchDistance ?? pageSize
        if let initialLimit {
            self.initialLimit = initialLimit
        } else {
            // Checked: `pageSize * 3` trapped for a page size above `Int.max / 3`.
            let (threePages, overflow) = pageSize.multipliedReportingOverflow(by: 3)
            self.initialLimit = overflow ? Int.max : threePages
            defaultInitialLimitOverflows = overflow
        }
        self.maximumItems = maximumItems
        self.duplicatePolicy = duplicatePolicy
        self.allowsKeyReuse = allowsKeyReuse
        self.maximumConsecutiveEmptyPages = maximumConsecutiveEmptyPages
        self.retryBackoff = retryBackoff
    }

    /// Throws `PagingError/invalidConfiguration(_:)` naming the first inconsistent setting,
    /// including settings whose arithmetic does not fit in `Int` (checked, never trapping).
    package func validate() throws {
        func fail(_ reason: String) throws -> Never { throw PagingError.invalidConfiguration(reason) }
        if pageSize < 1 { try fail("pageSize must be at least 1 (got \(pageSize))") }
        if defaultInitialLimitOverflows {
            try fail("the default initialLimit, 3 × pageSize, does not fit in Int (pageSize \(pageSize))")
        }
        if prefetchDistance < 0 {
            try fail("prefetchDistance must not be negative (got \(prefetchDistance))")
        }
        if initialLimit < 1 { try fail("initialLimit must be at least 1 (got \(initialLimit))") }
        if maximumConsecutiveEmptyPages < 1 {
            try fail("maximumConsecutiveEmptyPages must be at least 1 (got \(maximumConsecutiveEmptyPages))")
        }
        if let maximumItems {
            // Checked: `pageSize + 2 * prefetchDistance` trapped for large distances.
            let (twice, twiceOverflows) = prefetchDistance.multipliedReportingOverflow(by: 2)
            let (window, windowOverflows) = pageSize.addingReportingOverflow(twice)
            if twiceOverflows || windowOverflows {
                try fail(
                    "maximumItems (\(maximumItems)) must be at least pageSize + 2 × prefetchDistance,"
                        + " which does not fit in Int (pageSize \(pageSize), prefetchDistance \(prefetchDistance))"
                )
            }
            if maximumItems < window {
                try fail(
                    "maximumItems (\(maximumItems)) must be at least pageSize + 2 × prefetchDistance"
                        + " (\(window))")
            }
        }
        if let reason = retryBackoff?.invalidSetting { try fail("retryBackoff: \(reason)") }
    }
}
