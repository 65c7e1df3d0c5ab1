// swift-format-ignore-file
// AppFoundation README › 常用能力示例 › 主题 (主题, 主题变化通知), as the document writes it.
#if canImport(UIKit)
    import KeelCompat
    import Foundation
    import KeelDesign
    import UIKit

    enum SeedTheme {
        // seed begin: af-theme
        @MainActor
        final class LightTheme: AppTheme {
            let identifier = "light"
            let tintColor = UIColor.systemBlue
            let backgroundColor = UIColor.systemBackground
            let labelColor = UIColor.label

            func applyAppearance() {
                UINavigationBar.appearance().tintColor = tintColor
            }
        }

        // seed end

        @MainActor static func example() {
            // seed begin: af-theme
            ThemeStore.shared.setTheme(LightTheme())
            // seed end
        }

        // The observer's token is the host's to keep.
        @MainActor static func observeThemeChanges() -> NSObjectProtocol {
            // seed begin: af-theme-notification
            NotificationCenter.default.addObserver(
                forName: .appThemeDidChange,
                object: ThemeStore.shared,
                queue: .main
            ) { _ in
                // 刷新页面主题
            }
            // seed end
        }
    }
#endif
