import KeelDesign

// Values a front end reads straight into its views: a SwiftUI view takes a colour and an
// opacity per element where UIKit toggles `isHidden`, so the choice is made here.
extension ButtonAppearance {
    /// The border's colour, clear when the style draws none.
    package var borderColor: ColorValue { border?.color ?? .clear }

    /// The icon's opacity: 0 while hidden (no icon, or the activity indicator replaces it).
    package func iconOpacity(for content: ButtonContent) -> Double { iconIsHidden(for: content) ? 0 : 1 }

    /// The title's opacity: 0 while no title shows (`ButtonLayout.titleIsHidden`: an
    /// icon-only button, whose title label UIKit hides), else 1. SwiftUI drew an icon-only
    /// button's label at a 0 × 0 proposal, where it could still show a truncated glyph.
    package func titleOpacity(for content: ButtonContent) -> Double {
        ButtonContentMetrics.hasTitle(content: content, appearance: self) ? 1 : 0
    }

    /// The activity indicator's opacity: 1 while loading, else 0.
    package var activityIndicatorOpacity: Double { showsActivityIndicator ? 1 : 0 }

    /// Runs `action` when the button acts on touches; a loading or disabled button absorbs
    /// the tap and runs nothing. Returns whether it ran.
    @discardableResult
    package func performIfInteractive(_ action: () -> Void) -> Bool {
        guard isInteractive else { return false }
        action()
        return true
    }

    /// The same appearance laid out left to right, for a front end (SwiftUI) that mirrors a
    /// container's placements itself in right-to-left layouts.
    package var leftToRight: ButtonAppearance {
        var copy = self
        copy.layoutDirection = .leftToRight
        return copy
    }
}

extension SelectionEvent {
    /// The event answering a confirmation request: resolve to `value`, or cancel when the
    /// answer is `nil`.
    package static func answer(_ value: Bool?) -> SelectionEvent {
        value.map(SelectionEvent.resolve) ?? .cancel
    }
}

extension SelectionBehavior {
    /// Confirmation mode when a front end has somebody to ask, else immediate.
    package init(confirming: Bool) {
        self = confirming ? .requiresConfirmation : .immediate
    }
}
