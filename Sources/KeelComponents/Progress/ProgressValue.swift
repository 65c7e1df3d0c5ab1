/// How far a task has got: a fraction from 0 to 1, or unknown.
public enum ProgressValue: Hashable, Sendable {
    /// A known fraction (clamped to 0…1; a value that is not a number counts as 0).
    case determinate(Double)
    /// Under way, without a known fraction.
    case indeterminate

    /// The fraction, clamped to 0…1, or `nil` when indeterminate.
    package var fraction: Double? {
        guard case .determinate(let value) = self else { return nil }
        return value.isFinite ? min(1, max(0, value)) : 0
    }
}

/// The shape of a progress indicator.
public enum ProgressStyle: String, CaseIterable, Hashable, Sendable {
    /// A bar that fills from the leading edge (or a segment that sweeps along it).
    case linear
    /// A ring whose arc grows clockwise from the top (or a spinner).
    case circular
}
