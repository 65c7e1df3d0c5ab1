import KeelDesign
import KeelLayout

// Only this file imports KeelLayout, to keep its names out of the rest of the module;
// and components use KeelDesign's (it travels in `ThemeTraits`).

extension Rect {
    /// The rectangle of a KeelLayout frame.
    public init(_ rect: LayoutRect) {
        self.init(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
    }

    /// This rectangle as a KeelLayout frame.
    public var layoutRect: LayoutRect { LayoutRect(x: minX, y: minY, width: width, height: height) }
}

extension Size {
    /// The size of a KeelLayout size.
    public init(_ size: LayoutSize) {
        self.init(width: size.width, height: size.height)
    }

    /// This size as a KeelLayout size.
    public var layoutSize: LayoutSize { LayoutSize(width: width, height: height) }
}

extension KeelDesign.LayoutDirection {
    /// The direction as KeelLayout spells it.
    public var flexDirection: KeelLayout.FlexTextDirection { self == .rightToLeft ? .rtl : .ltr }

    /// The direction of a KeelLayout direction.
    public init(_ direction: KeelLayout.FlexTextDirection) {
        self = direction == .rtl ? .rightToLeft : .leftToRight
    }
}
