/// A point in points (the unit, not pixels), with `y` growing downward as in UIKit and SVG.
public struct Point: Hashable, Sendable {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate.
    public var y: Double

    /// A point.
    @inlinable public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin.
    public static let zero = Point(x: 0, y: 0)

    /// `(x, y)`, for debugging.
    package var description: String { "(\(GeometryFormat.number(x)), \(GeometryFormat.number(y)))" }
}

/// A width and a height in points (or, where a type says so, pixels).
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double

    /// A size.
    @inlinable public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// A square.
    @inlinable package init(side: Double) {
        self.init(width: side, height: side)
    }

    /// Zero by zero.
    public static let zero = Size(width: 0, height: 0)

    /// Whether both sides are finite and not negative.
    @inlinable package var isValid: Bool { width.isFinite && height.isFinite && width >= 0 && height >= 0 }

    /// `width×height`.
    public var description: String { "\(GeometryFormat.number(width))×\(GeometryFormat.number(height))" }
}

/// How geometry prints numbers: whole values without a fraction, others in full.
enum GeometryFormat {
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
