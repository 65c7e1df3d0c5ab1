// swift-format-ignore-file
// XDDesignKit README › 基础使用, as the document writes it.
#if canImport(UIKit)
    import KeelCompat
    import KeelDesign
    import KeelUIKit
    import UIKit

    enum SeedXDBasicUsage {
        @MainActor static func example() throws {
            // seed begin: xd-basic
            let button = XDButton(style: .primary, size: .large)
            button.setTitle("Confirm", for: .normal)
            button.onTap = { print("tap") }

            button.setIcon(.arrowForward, placement: .trailing)
            button.loadingAccessibilityValue = "Loading"
            button.isLoading = true

            try XDThemeManager.shared.apply(.blueTheme)
            // seed end
        }

        @MainActor static func styles() {
            // seed begin: xd-styles
            let darkButton = XDButton(style: .primary, size: .large) // #222222 底、白字
            let lightButton = XDButton(style: .outline, size: .large) // 白底、#222222 字、#CDCFD4 固定 1 pt 边框
            let transparentOutlineButton = XDButton(style: .outlineTransparent, size: .large) // 透明底、#222222 字、#CDCFD4 固定 1 pt 边框
            let themedButton = XDButton(style: .brand, size: .large) // 跟随品牌主题
            // seed end
            _ = (darkButton, lightButton, transparentOutlineButton, themedButton)
        }

        @MainActor static func iconLayouts() {
            // seed begin: xd-icon-layouts
            let iconButton = XDButton(style: .text, size: .small)
            iconButton.setIcon(.refresh, placement: .only)
            iconButton.accessibilityLabel = "Refresh"

            let promotion = XDButton(style: .gradient, size: .large)
            promotion.setTitle("Upgrade", for: .normal)

            let vertical = XDButton(style: .outline, size: .large)
            vertical.setTitle("Complete", for: .normal)
            vertical.setIcon(.checkmarkCircle, placement: .top)
            vertical.stackedContentPaddingOverride = 16 // nil restores the theme value
            // seed end
        }

        @MainActor static func sceneContext() throws {
            // seed begin: xd-scene-context
            let context = try XDThemeContext(initialTheme: .blueTheme)
            let button = XDButton(themeContext: context)
            // seed end
            _ = button
        }

        @MainActor static func storyboard(button: KeelButton, context: KeelThemeContext) {
            // seed begin: xd-storyboard
            button.bindThemeContext(context)
            // seed end
        }
    }
#endif
