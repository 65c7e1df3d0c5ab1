/// A set of HTTP status codes, stored as ranges so the common `200...299` costs nothing.
public struct StatusCodes: Sendable, Hashable, ExpressibleByArrayLiteral {
    /// The ranges in the set.
    package var ranges: [ClosedRange<Int>]

    /// A set made of `ranges`.
    public init(_ ranges: [ClosedRange<Int>]) {
        self.ranges = ranges
    }

    /// A set of individual codes: `[200, 201, 304]`.
    public init(arrayLiteral codes: Int...) {
        ranges = codes.map { $0...$0 }
    }

    /// `200...299`, the default.
    @usableFromInline package static let success = StatusCodes([200...299])

    /// Whether `code` is in the set.
    package func contains(_ code: Int) -> Bool {
        for range in ranges where range.contains(code) { return true }
        return false
    }
}
