#if canImport(UIKit)
    import KeelComponents
    import UIKit

    /// The grabber of a ``KeelBottomSheet``: the bar, drawn where ``SheetGrabber`` places it,
    /// inside a 44 pt target that VoiceOver reads as a button. Activating it resizes or
    /// dismisses the sheet as ``SheetGrabber/activation(detentHeights:restingHeight:allowsDismissal:)``
    /// decides; the sheet controller supplies what happens.
    final class KeelSheetGrabberView: UIView {
        /// The drawn bar.
        let bar = UIView()
        /// Called on VoiceOver activation; returns whether anything happened.
        var onActivate: (@MainActor () -> Bool)?
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

        @available(*, unavailable)
        required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

        /// Places the bar for a sheet surface `surfaceWidth` wide (this view's own frame is the
        /// target's, set by the caller).
        func layout(surfaceWidth: Double) {
            let target = SheetGrabber.targetFrame(surfaceWidth: surfaceWidth)
            let bar = SheetGrabber.barFrame(surfaceWidth: surfaceWidth)
            frame = CGRect(keel: target)
            self.bar.frame = CGRect(
                x: bar.minX - target.minX, y: bar.minY - target.minY, width: bar.width, height: bar.height)
            self.bar.layer.cornerRadius = CGFloat(bar.height / 2)
        }

        /// Sets the spoken label and hint.
        func applyStrings(_ strings: AccessibilityStrings, resizes: Bool) {
            accessibilityLabel = strings.string(.sheetGrabber)
            accessibilityHint = strings.string(resizes ? .sheetGrabberResize : .dismiss)
        }

        /// Touches pass through to the content below (the sheet's pan sees them anyway); the
        /// target exists for VoiceOver, which does not hit-test.
        override func point(inside point: CGPoint, with event: UIEvent?) -> Bool { false }

        override func accessibilityActivate() -> Bool {
            guard canActivate else { return false }
            Task { @MainActor [weak self] in _ = self?.onActivate?() }
            return true
        }
    }
#endif
