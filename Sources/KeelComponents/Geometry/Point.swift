/// A point in points (the unit, not pixels), with `y` growing downward as in UIKit.
public struct Point: Hashable, Sendable, CustomStringConvertible {
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

    /// `(x, y)`.
    public var description: String { "(\(x), \(y))" }
}

/// A width and a height in points.
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

    /// Zero by zero.
    public static let zero = Size(width: 0, height: 0)

    /// Whether both sides are finite and not negative.
    public var isValid: Bool { width.isFinite && height.isFinite && width >= 0 && height >= 0 }

    /// `width×height`.
    public var description: String { "\(width)×\(height)" }
}
