// Layout: TangramKit's entry as the AppFoundation README writes it.
#if canImport(UIKit)
    import KeelUIKit
    import UIKit

    /// TangramKit's linear layouts as the AppFoundation README writes them
    /// (`TGLayout.vertical(spacing: 12) { titleLabel; avatarView }`): KeelUIKit's `KeelLayout`
    /// factories, which build a `KeelLayoutView` over KeelLayout's stacks.
    @available(*, deprecated, renamed: "KeelLayout")
    public typealias TGLayout = KeelUIKit.KeelLayout
#endif
