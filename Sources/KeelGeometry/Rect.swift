/// A rectangle: origin (top-left) and size, in points.
public struct Rect: Hashable, Sendable {
    /// The top-left corner.
    public var origin: Point
    /// The size.
    public var size: Size

    /// A rectangle from its origin and size.
    @inlinable package init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// A rectangle from its coordinates.
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// A rectangle at the origin.
    @inlinable public init(size: Size) {
        self.init(origin: .zero, size: size)
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The left edge.
    @inlinable package var x: Double {
        get { origin.x }
        set { origin.x = newValue }
    }
    /// The top edge.
    @inlinable package var y: Double {
        get { origin.y }
        set { origin.y = newValue }
    }
    /// The width.
    @inlinable public var width: Double {
        get { size.width }
        set { size.width = newValue }
    }
    /// The height.
    @inlinable public var height: Double {
        get { size.height }
        set { size.height = newValue }
    }

    /// The left edge.
    @inlinable public var minX: Double { origin.x }
    /// The top edge.
    @inlinable public var minY: Double { origin.y }
    /// The right edge.
    @inlinable package var maxX: Double { origin.x + size.width }
    /// The bottom edge.
    @inlinable package var maxY: Double { origin.y + size.height }
    /// The horizontal centre.
    @inlinable package var midX: Double { origin.x + size.width / 2 }
    /// The vertical centre.
    @inlinable package var midY: Double { origin.y + size.height / 2 }
    /// The centre.
    @inlinable package var center: Point { Point(x: midX, y: midY) }

    /// Whether `point` lies inside (the right and bottom edges excluded, as in UIKit).
    package func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// Whether `other` lies inside this rectangle, allowing `tolerance` points of overhang.
    package func contains(_ other: Rect, tolerance: Double = 0.01) -> Bool {
        other.minX >= minX - tolerance && other.minY >= minY - tolerance && other.maxX <= maxX + tolerance
            && other.maxY <= maxY + tolerance
    }

    /// The rectangle shrunk (positive values) or grown (negative values) by `dx` on the left
    /// and right and `dy` on the top and bottom; a side never becomes negative.
    package func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: max(0, width - 2 * dx), height: max(0, height - 2 * dy))
    }

    /// The rectangle shrunk by physical insets.
    public func inset(by insets: Edges<Double>) -> Rect {
        Rect(
            x: minX + insets.left, y: minY + insets.top,
            width: max(0, width - insets.left - insets.right),
            height: max(0, height - insets.top - insets.bottom))
    }

    /// The rectangle shrunk by direction-relative insets in `direction`.
    package func inset(by insets: DirectionalInsets, in direction: TextDirection) -> Rect {
        inset(by: insets.resolved(in: direction))
    }

    /// The rectangle moved by `dx` and `dy`.
    @inlinable package func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }

    /// The rectangle reflected inside a container of width `containerWidth` (right-to-left
    /// mirroring of a frame computed left-to-right).
    package func mirrored(inWidth containerWidth: Double) -> Rect {
        Rect(x: containerWidth - maxX, y: minY, width: width, height: height)
    }

    /// The rectangle as laid out in `direction` inside a container of width
    /// `containerWidth`: unchanged left-to-right, mirrored right-to-left.
    public func placed(in direction: TextDirection, containerWidth: Double) -> Rect {
        direction == .rightToLeft ? mirrored(inWidth: containerWidth) : self
    }

    /// `(x, y, w×h)`, for debugging.
    package var description: String {
        "(\(GeometryFormat.number(minX)), \(GeometryFormat.number(minY)), \(size))"
    }
}
