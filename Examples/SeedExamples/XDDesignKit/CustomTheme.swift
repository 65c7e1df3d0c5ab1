// swift-format-ignore-file
// XDDesignKit README › 自定义主题, as the document writes it.
#if canImport(UIKit)
    import KeelCompat
    import KeelDesign
    import KeelUIKit
    import UIKit

    enum SeedXDCustomTheme {
        @MainActor static func example(brandLight: UIColor, brandDark: UIColor) -> KeelTheme {
            // seed begin: xd-custom-theme
            let brandTheme = XDTheme(
                identifier: "app.brand",
                displayName: "Brand",
                colors: [
                    .brandPrimary: XDThemeColor(light: brandLight, dark: brandDark)
                ],
                basedOn: .defaultTheme
            )
            // seed end
            return brandTheme
        }
    }
#endif
