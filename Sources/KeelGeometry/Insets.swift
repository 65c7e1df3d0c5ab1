/// Four values, one per physical edge of a box: margins, padding, borders, position insets
/// (`Edges<Length>` in a layout style) and applied insets (`Edges<Double>`: safe areas,
/// keyboard frames, what a view finally applies).
public struct Edges<Value: Sendable & Hashable>: Sendable, Hashable {
    /// The top edge.
    public var top: Value
    /// The left edge.
    public var left: Value
    /// The bottom edge.
    public var bottom: Value
    /// The right edge.
    public var right: Value

    /// Edges with each value given, clockwise from the top.
    @inlinable public init(top: Value, left: Value, bottom: Value, right: Value) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// Edges with each value given, horizontal edges first (the order CSS shorthands and
    /// layout fixtures use).
    @inlinable package init(left: Value, right: Value, top: Value, bottom: Value) {
        self.init(top: top, left: left, bottom: bottom, right: right)
    }

    /// The same value on every edge.
    @inlinable package init(all value: Value) {
        self.init(top: value, left: value, bottom: value, right: value)
    }

    /// One value for left and right, another for top and bottom.
    @inlinable package init(horizontal: Value, vertical: Value) {
        self.init(top: vertical, left: horizontal, bottom: vertical, right: horizontal)
    }

    /// The edges with left and right exchanged (right-to-left mirroring).
    @inlinable package var mirrored: Edges {
        Edges(top: top, left: right, bottom: bottom, right: left)
    }
}

extension Edges where Value: ExpressibleByIntegerLiteral {
    /// Every edge zero (`Edges<Double>` and KeelLayout's `Edges<Length>` alike).
    @inlinable public static var zero: Edges { Edges(all: 0) }
}

extension Edges where Value == Double {
    /// Insets, zero where not given.
    @inlinable package init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// Left plus right.
    @inlinable package var horizontal: Double { left + right }
    /// Top plus bottom.
    @inlinable package var vertical: Double { top + bottom }

    /// The direction-relative insets in `direction`.
    package func directional(in direction: TextDirection) -> DirectionalInsets {
        direction == .rightToLeft
            ? DirectionalInsets(top: top, leading: right, bottom: bottom, trailing: left)
            : DirectionalInsets(top: top, leading: left, bottom: bottom, trailing: right)
    }
}

extension Edges where Value: CustomStringConvertible {
    /// `{top, left, bottom, right}`, for debugging.
    package var description: String { "{\(top), \(left), \(bottom), \(right)}" }
}

/// Insets by direction-relative edges: `leading` is the left edge in a left-to-right layout
/// and the right edge in a right-to-left one. Components state every horizontal inset this
/// way and resolve to physical ``Edges`` for a ``TextDirection``.
public struct DirectionalInsets: Hashable, Sendable {
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
    package init(horizontal: Double, vertical: Double) {
        self.init(top: vertical, leading: horizontal, bottom: vertical, trailing: horizontal)
    }

    /// The same value on every edge.
    package init(all value: Double) {
        self.init(top: value, leading: value, bottom: value, trailing: value)
    }

    /// No insets.
    package static let zero = DirectionalInsets()

    /// Leading plus trailing.
    @inlinable package var horizontal: Double { leading + trailing }
    /// Top plus bottom.
    @inlinable package var vertical: Double { top + bottom }

    /// The physical insets in `direction`.
    @inlinable public func resolved(in direction: TextDirection) -> Edges<Double> {
        direction == .rightToLeft
            ? Edges(top: top, left: trailing, bottom: bottom, right: leading)
            : Edges(top: top, left: leading, bottom: bottom, right: trailing)
    }

    /// `{t, l, b, tr}`, for debugging.
    package var description: String { "{\(top), \(leading), \(bottom), \(trailing)}" }
}
