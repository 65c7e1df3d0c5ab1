// swift-format-ignore-file
// AppFoundation README › 常用能力示例 › Kingfisher 图片加载, as the document writes it.
#if canImport(UIKit)
    import KeelCompat
    import KeelUIKit
    import KeelUIKitImages
    import UIKit

    enum SeedImageLoading {
        @MainActor static func example() {
            // seed begin: af-image-url
            let avatarView = UIImageView()
                .contentMode(.scaleAspectFill)
                .cornerRadius(24)
                .imageURL(
                    "https://example.com/avatar.png",
                    placeholder: UIImage(named: "avatar_placeholder")
                )

            avatarView.cancelImageDownload()
            // seed end
        }
    }
#endif
