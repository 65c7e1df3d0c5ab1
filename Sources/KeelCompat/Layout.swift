// Layout: Keel's earlier name for the node style, and TangramKit's entry as the AppFoundation
// README writes it.
import KeelLayout

/// Keel's earlier name for `LayoutStyle`, from before the style held the grid too.
@available(*, deprecated, renamed: "LayoutStyle")
public typealias FlexStyle = LayoutStyle

#if canImport(UIKit)
    import KeelUIKit
    import UIKit

    /// TangramKit's linear layouts as the AppFoundation README writes them
    /// (`TGLayout.vertical(spacing: 12) { titleLabel; avatarView }`): KeelUIKit's `KeelLayout`
    /// factories, which build a `KeelLayoutView` over KeelLayout's stacks.
    @available(*, deprecated, renamed: "KeelLayout")
    public typealias TGLayout = KeelUIKit.KeelLayout
#endif
