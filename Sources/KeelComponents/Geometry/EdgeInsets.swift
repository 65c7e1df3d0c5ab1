import KeelDesign

/// Insets by direction-relative edges: `leading` is the left edge in a left-to-right layout
/// and the right edge in a right-to-left one. Components state every horizontal inset this
/// way and convert to ``PhysicalInsets`` only at the edge.
public struct EdgeInsets: Hashable, Sendable, CustomStringConvertible {
    /// The top inset.
    public var top: Double
    /// The inset at the start of a line.
    public var leading: Double
    /// The bottom inset.
    public var bottom: Double
    /// The inset at the end of a line.
    public var trailing: Double

    /// Insets.
    @inlinable public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// One value for leading and trailing, another for top and bottom.
    public init(horizontal: Double, vertical: Double) {
        self.init(top: vertical, leading: horizontal, bottom: vertical, trailing: horizontal)
    }

    /// The same value on every edge.
    public init(all value: Double) {
        self.init(top: value, leading: value, bottom: value, trailing: value)
    }

    /// No insets.
    public static let zero = EdgeInsets()

    /// Leading plus trailing.
    @inlinable public var horizontal: Double { leading + trailing }
    /// Top plus bottom.
    @inlinable public var vertical: Double { top + bottom }

    /// The physical insets in `direction`.
    @inlinable public func physical(in direction: LayoutDirection) -> PhysicalInsets {
        direction == .rightToLeft
            ? PhysicalInsets(top: top, left: trailing, bottom: bottom, right: leading)
            : PhysicalInsets(top: top, left: leading, bottom: bottom, right: trailing)
    }

    /// `{t, l, b, tr}`.
    public var description: String { "{\(top), \(leading), \(bottom), \(trailing)}" }
}

/// Insets by physical edge, what a platform reports (safe areas, keyboard frames) and what a
/// view finally applies.
public struct PhysicalInsets: Hashable, Sendable {
    /// The top inset.
    public var top: Double
    /// The left inset.
    public var left: Double
    /// The bottom inset.
    public var bottom: Double
    /// The right inset.
    public var right: Double

    /// Insets.
    @inlinable public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No insets.
    public static let zero = PhysicalInsets()

    /// The direction-relative insets in `direction`.
    public func directional(in direction: LayoutDirection) -> EdgeInsets {
        direction == .rightToLeft
            ? EdgeInsets(top: top, leading: right, bottom: bottom, trailing: left)
            : EdgeInsets(top: top, leading: left, bottom: bottom, trailing: right)
    }
}
