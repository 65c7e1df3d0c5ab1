// swift-format-ignore-file
// XDDesignKit README › 编写组件, as the document writes it.
#if canImport(UIKit)
    import KeelDesign
    import KeelUIKit
    import UIKit

    enum SeedXDWritingComponents {
        /// The app's own component.
        fileprivate final class CardView: UIView, KeelThemeable {
            // seed begin: xd-component
            func keelApplyTheme() {
                let resolver = keelThemeResolver
                backgroundColor = resolver.color(.backgroundPrimary)
                layer.borderColor = resolver.color(.borderPrimary).cgColor
                layer.borderWidth = resolver.borderWidth(.regular)
                layer.keelApplyShadow(.card, resolver: resolver)
            }
            // seed end
        }
    }
#endif
