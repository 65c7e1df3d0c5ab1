/// The space a node may fill in one axis while it is sized.
public enum AvailableSpace: Sendable, Hashable {
    /// A known amount of points.
    case definite(Double)
    /// As small as the content allows (the widest word for text).
    case minContent
    /// As large as the content wants (one line for text).
    case maxContent

    /// The space a platform's size proposal (`sizeThatFits`) means: a positive size below
    /// ``LayoutLimits/maximumLength`` is definite; zero, negative, not-a-number, infinite and
    /// UIKit's "unbounded" (`.greatestFiniteMagnitude`, what `intrinsicContentSize` proposes)
    /// ask for the content's size.
    package static func proposal(_ size: Double) -> AvailableSpace {
        size > 0 && size < LayoutLimits.maximumLength ? .definite(size) : .maxContent
    }

    /// The amount when definite.
    @inlinable
    package var value: Double? {
        if case .definite(let value) = self { return value }
        return nil
    }

    /// A finite definite amount clamped to ±``LayoutLimits/maximumLength`` (the rest as is).
    var clampedToLimits: AvailableSpace {
        if case .definite(let value) = self, value.isFinite { return .definite(LayoutLimits.clamp(value)) }
        return self
    }

    @inlinable
    func subtracting(_ amount: Double) -> AvailableSpace {
        if case .definite(let value) = self { return .definite(value - amount) }
        return self
    }
}

/// What a measure function is asked: the sizes already fixed and the space available.
///
/// Sizes are the content box (padding and border removed). `knownWidth`/`knownHeight` are
/// final when set: return them unchanged. Otherwise fit the content into the available space.
public struct MeasureRequest: Sendable, Hashable {
    /// The width the node will have, if decided.
    public var knownWidth: Double?
    /// The height the node will have, if decided.
    public var knownHeight: Double?
    /// The width available.
    public var availableWidth: AvailableSpace
    /// The height available.
    public var availableHeight: AvailableSpace

    /// A request from its parts.
    package init(
        knownWidth: Double?, knownHeight: Double?, availableWidth: AvailableSpace,
        availableHeight: AvailableSpace
    ) {
        self.knownWidth = knownWidth
        self.knownHeight = knownHeight
        self.availableWidth = availableWidth
        self.availableHeight = availableHeight
    }

    /// The width constraint in Yoga's terms: exactly a known width, at most the available
    /// width, or unconstrained.
    package var widthConstraint: MeasureConstraint {
        MeasureConstraint(known: knownWidth, available: availableWidth)
    }

    /// The height constraint in Yoga's terms.
    package var heightConstraint: MeasureConstraint {
        MeasureConstraint(known: knownHeight, available: availableHeight)
    }

    /// The size to propose to a `sizeThatFits`-style API: each axis's bound, with an
    /// unconstrained axis as the largest finite value (platform APIs take no infinity).
    package var proposedSize: Size {
        Size(width: Self.finiteBound(widthConstraint.bound), height: Self.finiteBound(heightConstraint.bound))
    }

    /// The measured size: the known sizes where fixed, `fitted` elsewhere.
    package func resolved(fitted: Size) -> Size {
        Size(width: knownWidth ?? fitted.width, height: knownHeight ?? fitted.height)
    }

    private static func finiteBound(_ bound: Double) -> Double {
        bound.isFinite ? bound : .greatestFiniteMagnitude
    }
}

/// A one-axis constraint in the style of Yoga's measure modes (`UIView.sizeThatFits` bridges).
package enum MeasureConstraint: Sendable, Hashable {
    /// The size is fixed at this value.
    case exactly(Double)
    /// The size may be up to this value.
    case atMost(Double)
    /// Any size (max-content); `minContent` asks for the narrowest layout.
    case unconstrained(minContent: Bool)

    init(known: Double?, available: AvailableSpace) {
        if let known {
            self = .exactly(known)
        } else {
            switch available {
            case .definite(let value): self = .atMost(max(0, value))
            case .minContent: self = .unconstrained(minContent: true)
            case .maxContent: self = .unconstrained(minContent: false)
            }
        }
    }

    /// The bound to pass to a `sizeThatFits`-style API: the size, or infinity when unconstrained.
    package var bound: Double {
        switch self {
        case .exactly(let value), .atMost(let value): return value
        case .unconstrained: return .infinity
        }
    }
}

/// Measures a leaf's content (text, images, self-sizing views) for a ``MeasureRequest``.
///
/// Must be a pure function of the request: the engine caches results and calls it again only
/// after ``LayoutNode/markDirty()``. May return a first baseline (distance from the top).
public struct MeasureFunction: Sendable {
    /// The measuring closure.
    package let measure: @Sendable (MeasureRequest) -> Size
    /// The distance from the content top to the first baseline for a given content size,
    /// when the content has one.
    package let baseline: (@Sendable (Size) -> Double)?

    /// A measure function from a closure, optionally with a baseline.
    public init(
        baseline: (@Sendable (Size) -> Double)? = nil,
        _ measure: @escaping @Sendable (MeasureRequest) -> Size
    ) {
        self.measure = measure
        self.baseline = baseline
    }

    /// A fixed intrinsic size (an image, an icon), returned whenever it is not overridden.
    public static func intrinsic(_ size: Size) -> MeasureFunction {
        MeasureFunction { request in
            Size(width: request.knownWidth ?? size.width, height: request.knownHeight ?? size.height)
        }
    }
}
