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
    /// The size the content needs at its narrowest (every soft wrap taken). A size keyword:
    /// for `width`, `height` and `flexBasis`; elsewhere it counts as `auto`.
    case minContent
    /// The size the content needs without wrapping. A size keyword.
    case maxContent
    /// The available space, but at least `minContent` and at most `maxContent`. A size keyword.
    case fitContent
    /// The available space less the margins (the containing block's size). A size keyword.
    case stretch
    /// For `flexBasis`: the content size, ignoring `width` / `height`. Elsewhere `auto`.
    case content

    /// Zero points.
    package static let zero = Length.points(0)

    /// The length this resolves to against `base`, or `nil` for `auto`, a percentage of an
    /// unknown base, or a non-finite value (NaN and infinities are treated as `auto`).
    ///
    /// The result is clamped to ±``LayoutLimits/maximumLength``, so a huge finite length or
    /// percentage can never add up to infinity.
    @inlinable @inline(__always)
    package func resolve(_ base: Double?) -> Double? {
        switch self {
        case .auto, .minContent, .maxContent, .fitContent, .stretch, .content: return nil
        case .points(let value): return value.isFinite ? LayoutLimits.clamp(value) : nil
        case .percent(let value):
            guard let base, value.isFinite else { return nil }
            let resolved = base * value / 100
            return resolved.isNaN ? nil : LayoutLimits.clamp(resolved)
        }
    }

    /// Whether this is a size keyword (``minContent``, ``maxContent``, ``fitContent``,
    /// ``stretch`` or ``content``): sized by the layout from the content or the space.
    @inlinable
    package var isSizeKeyword: Bool {
        switch self {
        case .minContent, .maxContent, .fitContent, .stretch, .content: return true
        case .auto, .points, .percent: return false
        }
    }

    /// Whether this is ``minContent``, ``maxContent`` or ``fitContent``: a size taken from the
    /// content, so the item is not stretched in that axis.
    @inlinable
    package var isContentSizeKeyword: Bool {
        switch self {
        case .minContent, .maxContent, .fitContent: return true
        case .auto, .points, .percent, .stretch, .content: return false
        }
    }

    /// Whether this is `auto`.
    @inlinable
    package var isAuto: Bool {
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

/// The bounds that keep every frame finite, whatever the input.
///
/// Every length from a style, every definite available size and every measured size is
/// clamped to ±``maximumLength`` (10¹⁵ points, about 30,000 times the distance to the Moon
/// in typographic points, and still exact to 1/8 point in a `Double`); flex factors are
/// clamped to at most ``maximumLength`` and aspect ratios into `[1/maximumLength,
/// maximumLength]`. Sums of such values stay finite for any realistic tree (it would take
/// 10²⁹³ siblings to reach infinity), so no frame is ever infinite or NaN. As a final guard,
/// a non-finite coordinate in a result is 0, a negative width or height is 0, and every value
/// of every frame (relative, absolute and unrounded) lies within ±``maximumFrameValue`` — so
/// intermediate products (a huge factor times a huge length) cannot reach a frame either.
@usableFromInline package enum LayoutLimits {
    /// The largest magnitude of a length the engine works with: 10¹⁵ points.
    @usableFromInline package static let maximumLength: Double = 1e15

    /// The largest magnitude of any value in a result's frames: 10¹⁸ points, room for a
    /// thousand siblings of ``maximumLength`` side by side.
    @usableFromInline package static let maximumFrameValue: Double = 1e18

    /// `value` clamped to ±``maximumFrameValue`` (NaN passes through).
    @inlinable
    package static func clampFrameValue(_ value: Double) -> Double {
        value > maximumFrameValue
            ? maximumFrameValue : (value < -maximumFrameValue ? -maximumFrameValue : value)
    }

    /// `value` clamped to ±``maximumLength`` (infinities to the bound; NaN passes through).
    @inlinable
    package static func clamp(_ value: Double) -> Double {
        value > maximumLength ? maximumLength : (value < -maximumLength ? -maximumLength : value)
    }
}
