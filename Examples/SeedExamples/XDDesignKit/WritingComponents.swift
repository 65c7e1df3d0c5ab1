// swift-format-ignore-file
// XDDesignKit README › 编写组件, as the document writes it.
#if canImport(UIKit)
    import KeelCompat
    import KeelDesign
    import KeelUIKit
    import UIKit

    enum SeedXDWritingComponents {
        /// The app's own component.
        fileprivate final class CardView: UIView, XDThemeable {
            // seed begin: xd-component
            func xdApplyTheme() {
                let resolver = xdThemeResolver
                backgroundColor = resolver.color(.backgroundPrimary)
                layer.borderColor = resolver.color(.borderPrimary).cgColor
                layer.borderWidth = resolver.borderWidth(.regular)
                layer.xdApplyShadow(.card, resolver: resolver)
            }
            // seed end

            /// Keel's one line a KeelThemeable view adds: it owns its binding, refreshed when
            /// it enters a window and when its traits change.
            private lazy var binding = ThemeBinding(themeable: self)

            override func didMoveToWindow() {
                super.didMoveToWindow()
                binding.refresh()
            }

            override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
                super.traitCollectionDidChange(previousTraitCollection)
                binding.refresh()
            }
        }

        /// A screen showing one card (the example app's "Seeds" tab).
        @MainActor static func makeScreen() -> UIViewController {
            let screen = UIViewController()
            screen.view.backgroundColor = .systemBackground
            let card = CardView(frame: CGRect(x: 24, y: 120, width: 240, height: 120))
            screen.view.addSubview(card)
            return screen
        }
    }
#endif
