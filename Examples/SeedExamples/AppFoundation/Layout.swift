// swift-format-ignore-file
// AppFoundation README › 常用能力示例 › TangramKit 布局, as the document writes it.
#if canImport(UIKit)
    import KeelCompat
    import KeelUIKit
    import UIKit

    enum SeedLayout {
        @MainActor static func example(view: UIView, titleLabel: UILabel, avatarView: UIImageView) {
            // seed begin: af-layout
            let layout = TGLayout.vertical(spacing: 12) {
                titleLabel
                avatarView
            }

            view.addSubview(layout)
            // seed end
        }
    }
#endif
