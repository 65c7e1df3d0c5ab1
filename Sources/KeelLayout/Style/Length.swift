/// A length in a style: points, a percentage of the containing block, or automatic.
///
/// Percentages resolve against the parent's content box in the same axis (padding, margin
/// and border percentages always against its width, as in CSS). A percentage of a size that
/// is not known yet (an indefinite size) resolves to `auto`.
public enum Length: Sendable, Hashable {
    /// Sized by the algorithm (content, stretch or flex).
    case auto
    /// A fixed length in points.
    case points(Double)
    /// A percentage (0–100) of the containing block's size in the same axis.
    case percent(Double)

    /// Zero points.
    public static let zero = Length.points(0)

    /// The length this resolves to against `base`, or `nil` for `auto`, a percentage of an
    /// unknown base, or a non-finite value (NaN and infinities are treated as `auto`).
    @inlinable
    public func resolve(_ base: Double?) -> Double? {
        switch self {
        case .auto: return nil
        case .points(let value): return value.isFinite ? value : nil
        case .percent(let value):
            guard let base, value.isFinite else { return nil }
            return base * value / 100
        }
    }

    /// Whether this is `auto`.
    @inlinable
    public var isAuto: Bool {
        if case .auto = self { return true }
        return false
    }
}

extension Length: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    /// A point length from an integer literal.
    public init(integerLiteral value: Int) { self = .points(Double(value)) }
    /// A point length from a floating-point literal.
    public init(floatLiteral value: Double) { self = .points(value) }
}
