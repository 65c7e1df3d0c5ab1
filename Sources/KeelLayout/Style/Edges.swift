/// Four values, one per physical edge of a box (margins, padding, borders, insets).
public struct Edges<Value: Sendable & Hashable>: Sendable, Hashable {
    /// The left edge.
    public var left: Value
    /// The right edge.
    public var right: Value
    /// The top edge.
    public var top: Value
    /// The bottom edge.
    public var bottom: Value

    /// Edges with each value given.
    public init(left: Value, right: Value, top: Value, bottom: Value) {
        self.left = left
        self.right = right
        self.top = top
        self.bottom = bottom
    }

    /// The same value on every edge.
    public init(all value: Value) {
        self.init(left: value, right: value, top: value, bottom: value)
    }

    /// One value for left and right, another for top and bottom.
    public init(horizontal: Value, vertical: Value) {
        self.init(left: horizontal, right: horizontal, top: vertical, bottom: vertical)
    }

    /// The edges with left and right exchanged (right-to-left mirroring).
    @inlinable
    public var mirrored: Edges {
        Edges(left: right, right: left, top: top, bottom: bottom)
    }
}

extension Edges where Value == Length {
    /// Every edge zero.
    public static let zero = Edges(all: .points(0))
    /// Every edge automatic (insets that do not constrain).
    public static let auto = Edges(all: .auto)
}
