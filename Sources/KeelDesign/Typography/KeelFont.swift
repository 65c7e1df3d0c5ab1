/// XDDesignKit's typography entry point: ``fixed`` is the explicit escape hatch for the few
/// places that need a fixed size (`KeelFont.fixed.regular(16)`); everything else uses a
/// semantic ``KeelFontToken`` through the resolver.
public enum KeelFont {
    /// Fixed-size fonts in PingFang SC with the system font as fallback, ignoring Dynamic
    /// Type.
    public static let fixed = KeelFixedFonts()
}

/// Fixed-size fonts in the default family (PingFang SC, then the system font): the
/// resolved descriptors, which the UIKit layer turns into `UIFont`s.
public struct KeelFixedFonts: Hashable, Sendable {
    /// The fixed fonts.
    package init() {}

    /// Regular weight at `size` points (a size that is not finite and positive is 0).
    public func regular(_ size: Double) -> FontDescriptor { descriptor(.regular, size) }
    /// Medium weight at `size` points.
    public func medium(_ size: Double) -> FontDescriptor { descriptor(.medium, size) }
    /// Semibold weight at `size` points.
    public func semibold(_ size: Double) -> FontDescriptor { descriptor(.semibold, size) }

    private func descriptor(_ weight: FontWeight, _ size: Double) -> FontDescriptor {
        let size = size.isFinite && size > 0 ? size : 0
        return FontDescriptor(style: .fixed(weight, size), category: .large, boldText: false)
    }
}
