#if canImport(UIKit)
    import KeelDesign
    import UIKit

    /// What every Keel control shares: a theme binding refreshed on trait and window changes,
    /// and spoken accessibility that keeps the caller's label, value and traits apart from the
    /// ones the control's state computes.
    public class KeelThemedControl: UIControl {
        /// Re-applies the control's theme; set by the subclass.
        var themeBinding: ThemeBinding?
        // Written only from main-actor code; read by UIKit's nonisolated accessibility getters.
        nonisolated(unsafe) var spoken = SpokenAccessibility()

        /// Binds the control to `context` (for example its scene's, when the control came from
        /// a storyboard or nib before the scene was known); it replaces the context the control
        /// finds in its window, and the theme is re-applied at once.
        public func bindThemeContext(_ context: KeelThemeContext) {
            themeBinding?.context = context
        }

        /// The context bound with ``bindThemeContext(_:)``, if any (else the control draws with
        /// its scene's).
        package var boundThemeContext: KeelThemeContext? { themeBinding?.context }

        /// Called after a trait change re-applied the theme; subclasses invalidate their layout.
        func traitsDidChange() {}

        /// Re-applies the theme when a relevant trait changed.
        override public func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
            super.traitCollectionDidChange(previousTraitCollection)
            themeBinding?.refresh()
            traitsDidChange()
        }

        /// Picks up the scene's theme context once in a window.
        override public func didMoveToWindow() {
            super.didMoveToWindow()
            themeBinding?.refresh()
        }

        /// The caller's label, else the control's localised default.
        override public var accessibilityLabel: String? {
            get { spoken.label }
            set { spoken.customLabel = newValue }
        }

        /// The caller's value, else the one the state implies (on, off, loading …).
        override public var accessibilityValue: String? {
            get { spoken.value }
            set { spoken.customValue = newValue }
        }

        /// The control's traits plus the caller's.
        override public var accessibilityTraits: UIAccessibilityTraits {
            get { spoken.traits }
            set { spoken.customTraits = newValue }
        }
    }
#endif
