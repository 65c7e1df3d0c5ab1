#if canImport(UIKit)
    import KeelDesign
    import UIKit

    /// A scene delegate (or a window) that owns its scene's theme context, so views in the
    /// scene find it: adopt it and return the context the app made for the scene (for
    /// example from its `ThemeContextRegistry`).
    @MainActor
    public protocol KeelThemeContextProviding: AnyObject {
        /// The scene's theme context.
        var themeContext: KeelThemeContext { get }
    }

    extension UIView {
        /// The theme context of the view's scene: its window's, when the window adopts
        /// ``KeelThemeContextProviding``, else its scene delegate's, else
        /// ``KeelThemeContext/global`` (also before the view is in a window). Components
        /// created in a scene find it without it being passed by hand.
        public var keelThemeContext: KeelThemeContext {
            if let provider = window as? KeelThemeContextProviding { return provider.themeContext }
            if let provider = window?.windowScene?.delegate as? KeelThemeContextProviding {
                return provider.themeContext
            }
            return .global
        }
    }

    /// Keeps a view or controller's appearance in step with its theme: calls `apply` with a
    /// fresh resolver when the scene's theme changes, when a relevant trait changes (colour
    /// appearance, content size, layout direction, display scale, contrast, legibility), or
    /// when Reduce Motion or Bold Text is switched — observed, never read from a global.
    @MainActor
    public final class ThemeBinding: NSObject {
        private weak var view: UIView?
        private let apply: @MainActor (KeelThemeResolver) -> Void
        private var tracker = ThemeRefreshTracker<ObjectIdentifier>()
        /// Held so its identifier cannot be reused by a new context while the tracker knows it.
        private var observedContext: KeelThemeContext?
        private var changeTask: Task<Void, Never>?
        /// A context injected by hand (`KeelButton(themeContext:)`, `bindThemeContext(_:)`); it
        /// wins over the one the view finds in its window. Setting it re-applies the theme.
        public var context: KeelThemeContext? {
            didSet { refresh() }
        }

        /// Binds `view` (its traits and its scene's context) to `apply`.
        public init(view: UIView, apply: @escaping @MainActor (KeelThemeResolver) -> Void) {
            self.view = view
            self.apply = apply
            super.init()
            // UIKit posts these on the main thread; selector delivery keeps the method on it.
            let center = NotificationCenter.default
            for name in [
                UIAccessibility.reduceMotionStatusDidChangeNotification,
                UIAccessibility.boldTextStatusDidChangeNotification,
            ] {
                center.addObserver(
                    self, selector: #selector(accessibilitySettingChanged), name: name, object: nil)
            }
            refresh()
        }

        deinit {
            changeTask?.cancel()
        }

        @objc private func accessibilitySettingChanged() {
            refresh()
        }

        /// Re-resolves if the context, its theme or the traits changed. Call it from
        /// `traitCollectionDidChange(_:)` and `didMoveToWindow()`.
        public func refresh() {
            guard let view else { return }
            let context = currentContext(of: view)
            let traits = view.traitCollection.keelTraits
            let observation = ThemeRefreshTracker.Event(
                context: ObjectIdentifier(context), generation: context.generation, traits: traits)
            for effect in tracker.send(observation).effects {
                switch effect {
                case .subscribe: subscribe(to: context)
                case .apply: apply(context.resolver(for: traits))
                }
            }
        }

        /// The injected context, else the view's scene context.
        private func currentContext(of view: UIView) -> KeelThemeContext {
            if let context { return context }
            return view.keelThemeContext
        }

        /// The resolver for the bound view now: its context (injected or its scene's) under its
        /// traits.
        package var resolver: KeelThemeResolver? {
            guard let view else { return nil }
            return currentContext(of: view).resolver(for: view.traitCollection.keelTraits)
        }

        private func subscribe(to context: KeelThemeContext) {
            observedContext = context
            changeTask?.cancel()
            let changes = context.changes()
            changeTask = Task { @MainActor [weak self] in
                for await _ in changes {
                    self?.refresh()
                }
            }
        }
    }
#endif
