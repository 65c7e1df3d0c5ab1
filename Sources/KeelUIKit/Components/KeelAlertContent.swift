#if canImport(UIKit)
    import KeelComponents
    import KeelDesign
    import UIKit

    /// Custom alert content (a view controller, or a view passed to
    /// ``KeelAlert/show(on:configuration:contentView:handlers:onAction:)``) that wants the
    /// alert's theme or chooses its VoiceOver focus. Both requirements have defaults.
    @MainActor
    public protocol KeelAlertContent: AnyObject {
        /// The element VoiceOver focuses when the alert opens on the custom content (`nil`:
        /// the content's view).
        var alertAccessibilityFocus: Any? { get }

        /// The alert applied `theme`, resolved by `resolver` for the alert's scene and traits
        /// (on appearance and on every theme or trait change); restyle to match. The alert
        /// measures the content again afterwards.
        func alertDidApplyTheme(_ theme: AlertTheme, resolver: KeelThemeResolver)
    }

    extension KeelAlertContent {
        /// The content's view.
        public var alertAccessibilityFocus: Any? { nil }

        /// Nothing to restyle.
        public func alertDidApplyTheme(_ theme: AlertTheme, resolver: KeelThemeResolver) {}
    }

    /// Wraps a plain view as a child view controller, forwarding ``KeelAlertContent`` to it.
    @MainActor
    final class KeelAlertViewContentController: UIViewController, KeelAlertContent {
        private let contentView: UIView

        init(contentView: UIView) {
            self.contentView = contentView
            super.init(nibName: nil, bundle: nil)
        }

        /// Not supported (built in code): returns `nil` rather than decoding, never traps.
        @available(*, unavailable)
        required init?(coder: NSCoder) { nil }

        override func loadView() {
            view = UIView()
            contentView.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(contentView)
            NSLayoutConstraint.activate([
                contentView.topAnchor.constraint(equalTo: view.topAnchor),
                contentView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                contentView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
                contentView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
            ])
        }

        var alertAccessibilityFocus: Any? {
            (contentView as? KeelAlertContent)?.alertAccessibilityFocus ?? contentView
        }

        func alertDidApplyTheme(_ theme: AlertTheme, resolver: KeelThemeResolver) {
            (contentView as? KeelAlertContent)?.alertDidApplyTheme(theme, resolver: resolver)
        }
    }

    /// The custom content's slot in the card: a scroll view holding the content controller's
    /// view, placed by ``AlertLayoutResult/customContent`` (the clamp of
    /// ``AlertLayout/customContentLayout(_:fittingHeight:otherContentHeight:availableCardHeight:cardWidth:theme:)``).
    /// It owns the child's containment calls.
    @MainActor
    final class KeelAlertContentHost: UIScrollView {
        let content: UIViewController

        init(content: UIViewController) {
            self.content = content
            super.init(frame: .zero)
            alwaysBounceVertical = false
            keyboardDismissMode = .interactive
        }

        /// Not supported (built in code): returns `nil` rather than decoding, never traps.
        @available(*, unavailable)
        required init?(coder: NSCoder) { nil }

        /// Makes the content a child of `parent` and shows its view in the slot, inside
        /// `container`.
        func attach(to parent: UIViewController, in container: UIView) {
            parent.addChild(content)
            container.addSubview(self)
            addSubview(content.view)
            content.didMove(toParent: parent)
        }

        /// Removes the content from its parent (once).
        func detach() {
            guard content.parent != nil else { return }
            content.willMove(toParent: nil)
            content.view.removeFromSuperview()
            content.removeFromParent()
        }

        /// The content's height at `width` (its preferred height, else its Auto Layout height).
        func fittingHeight(width: Double) -> Double {
            content.keelFittingHeight(width: width)
        }

        /// Applies the headless layout: the slot's frame, the content's frame, scrolling.
        func apply(_ layout: AlertCustomContentFrame) {
            frame = CGRect(keel: layout.slot)
            isHidden = layout.isHidden
            content.view.frame = CGRect(keel: layout.content)
            contentSize = CGSize(keel: layout.content.size)
            isScrollEnabled = layout.scrolls
            showsVerticalScrollIndicator = layout.scrolls
        }

        /// What VoiceOver focuses on the content.
        var accessibilityFocus: Any? {
            (content as? KeelAlertContent)?.alertAccessibilityFocus ?? content.view
        }

        /// Tells the content the alert's theme.
        func applyTheme(_ theme: AlertTheme, resolver: KeelThemeResolver) {
            (content as? KeelAlertContent)?.alertDidApplyTheme(theme, resolver: resolver)
        }
    }
#endif
