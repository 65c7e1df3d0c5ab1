// swift-format-ignore-file
// AppFoundation README › 常用能力示例 › UIKit 链式配置, as the document writes it.
#if canImport(UIKit)
    import KeelCompat
    import KeelUIKit
    import UIKit

    enum SeedChainable {
        @MainActor static func example() {
            // seed begin: af-chainable
            let titleLabel = UILabel()
                .text("标题")
                .font(.boldSystemFont(ofSize: 18))
                .textColor(.label)
                .lines(1)
            // seed end
            _ = titleLabel
        }
    }
#endif
