// swift-format-ignore-file
// XDDesignKit README › 字体, as the document writes it.
#if canImport(UIKit)
    import KeelCompat
    import KeelDesign
    import KeelUIKit
    import UIKit

    enum SeedXDTypography {
        @MainActor static func example(theme: KeelTheme, view: UIView, label: UILabel) {
            // seed begin: xd-typography
            let resolver = XDThemeResolver(theme: theme, traitCollection: view.traitCollection)
            label.font = resolver.font(.body)
            label.attributedText = NSAttributedString(
                string: "Content",
                attributes: resolver.textAttributes(font: .body, color: .textPrimary)
            )
            // seed end
        }

        @MainActor static func fixedFont(label: UILabel) {
            // seed begin: xd-fixed-font
            label.font = XDFont.fixed.regular(16)
            label.font = XDFont.fixed.medium(18)
            label.font = XDFont.fixed.semibold(20)
            // seed end
        }
    }
#endif
