#if canImport(UIKit)
    import KeelDesign
    import UIKit

    /// What every Keel view that is not a control shares (badge, banner, chip group, progress
    /// indicator, skeleton, text field) — the counterpart of ``KeelThemedControl``: a theme
    /// binding refreshed on trait and window changes, and one way to bind a scene's context.
    @MainActor
    public class KeelThemedView: UIView {
        /// Re-applies the view's theme; set by the subclass.
        var themeBinding: ThemeBinding?

        /// Binds the view to `context` (for example its scene's, when the view came from a
        /// storyboard or nib before the scene was known); it replaces the context the view
        /// finds in its window, and the theme is re-applied at once.
        public func bindThemeContext(_ context: KeelThemeContext) {
            themeBinding?.context = context
        }

        /// Called after a move to or from a window refreshed the theme; subclasses start or
        /// stop what runs only on screen.
        func windowDidChange() {}

        /// Tells Auto Layout about the intrinsic height (decided headlessly) only when it
        /// changed since the last report. A view whose height depends on the width it was given
        /// calls this at the end of `layoutSubviews`: reporting every pass would invalidate the
        /// superview's layout again, and again.
        func reportIntrinsicHeightIfChanged() {
            let height = intrinsicContentSize.height
            if height != reportedHeight {
                reportedHeight = height
                invalidateIntrinsicContentSize()
            }
        }

        /// The intrinsic height last reported to Auto Layout.
        private var reportedHeight: CGFloat?

        /// Re-applies the theme when a relevant trait changed.
        override public func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
            super.traitCollectionDidChange(previousTraitCollection)
            themeBinding?.refresh()
        }

        /// Picks up the scene's theme context once in a window.
        override public func didMoveToWindow() {
            super.didMoveToWindow()
            themeBinding?.refresh()
            windowDidChange()
        }
    }
#endif
