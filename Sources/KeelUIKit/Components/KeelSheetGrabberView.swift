#if canImport(UIKit)
    import KeelComponents
    import UIKit

    /// The grabber of a ``KeelBottomSheet``: the bar, drawn where ``SheetGrabber`` places it,
    /// inside a 44 pt target that VoiceOver reads as a button — adjustable (swipe up and down)
    /// through several detents, with a dismiss action where swiping may dismiss. Activating,
    /// adjusting or dismissing resizes or dismisses the sheet as ``BottomSheetDetents``
    /// decides; its geometry comes from `BottomSheetLayout`.
    final class KeelSheetGrabberView: UIView {
        /// The drawn bar.
        let bar = UIView()
        /// Called on VoiceOver activation, adjustment and the dismiss action; returns whether
        /// anything happened.
        var onAction: (@MainActor (SheetGrabberAdjustment) -> Bool)?
        /// Whether activation would do anything, readable from UIKit's nonisolated call
        /// (set on the main actor by the sheet with each layout).
        nonisolated(unsafe) var canActivate = false

        override init(frame: CGRect) {
            super.init(frame: frame)
            addSubview(bar)
            bar.isUserInteractionEnabled = false
            isAccessibilityElement = true
            accessibilityTraits = KeelAccessibility.buttonTrait
        }

        /// Not supported (built in code): returns `nil` rather than decoding, never traps.
        @available(*, unavailable)
        required init?(coder: NSCoder) { nil }

        /// Applies the grabber's part of a resolved `BottomSheetLayout`: the target's frame,
        /// the bar inside it, visibility, the spoken label and hint, and whether activation
        /// does anything.
        func apply(_ layout: SheetGrabberLayout, strings: AccessibilityStrings) {
            frame = CGRect(keel: layout.target)
            bar.frame = CGRect(keel: layout.bar)
            bar.layer.cornerRadius = CGFloat(layout.barCornerRadius)
            isHidden = layout.isHidden
            canActivate = layout.canActivate
            accessibilityLabel = strings.string(.sheetGrabber)
            accessibilityHint = strings.string(layout.hint)
            switch layout.isAdjustable {
            case true:
                accessibilityTraits = [KeelAccessibility.buttonTrait, KeelAccessibility.adjustableTrait]
            case false: accessibilityTraits = KeelAccessibility.buttonTrait
            }
            switch layout.canDismiss {
            case true: accessibilityCustomActions = [dismissAction(named: strings.string(.dismiss))]
            case false: accessibilityCustomActions = nil
            }
        }

        /// The named dismiss action; the sheet's detent machine rejects it when the
        /// presentation does not allow it.
        private func dismissAction(named name: String) -> UIAccessibilityCustomAction {
            UIAccessibilityCustomAction(name: name) { [weak self] _ in
                self?.onAction?(.dismiss) ?? false
            }
        }

        /// Touches pass through to the content below (the sheet's pan sees them anyway); the
        /// target exists for VoiceOver, which does not hit-test.
        override func point(inside point: CGPoint, with event: UIEvent?) -> Bool { false }

        /// Activation is handed to the sheet, whose detent machine rejects it when it would do
        /// nothing.
        override func accessibilityActivate() -> Bool {
            Task { @MainActor [weak self] in _ = self?.onAction?(.activate) }
            return canActivate
        }

        /// VoiceOver's swipe up: the next larger detent.
        override func accessibilityIncrement() {
            Task { @MainActor [weak self] in _ = self?.onAction?(.increment) }
        }

        /// VoiceOver's swipe down: the next smaller detent.
        override func accessibilityDecrement() {
            Task { @MainActor [weak self] in _ = self?.onAction?(.decrement) }
        }
    }
#endif
