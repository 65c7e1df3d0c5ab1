#if canImport(UIKit)
    import KeelComponents
    import KeelSupport
    import UIKit

    /// Carries out the effects of a ``ConfirmableSelection`` transition on a UIKit control:
    /// the one place the checkbox and the toggle turn the state machine's answer into events,
    /// callbacks and haptics (the caller redraws afterwards).
    @MainActor
    enum SelectionEffectBinding {
        static func perform(
            _ transition: StateTransition<SelectionEffect>, on control: UIControl,
            onActivated: () -> Void, onValueChanged: (@MainActor (Bool) -> Void)?,
            onValueChangeRequest: (@MainActor (Bool) -> Void)?
        ) {
            for effect in transition.effects {
                KeelHaptics.play(HapticEvent.selection(effect))
                switch effect {
                case .activated: onActivated()
                case .valueChanged(let value): reportValueChanged(value, on: control, to: onValueChanged)
                case .changeRequested(let value): onValueChangeRequest?(value)
                case .settled, .setSilently: control.setNeedsLayout()
                }
            }
        }

        /// UIKit's `.valueChanged` event, then the closure.
        private static func reportValueChanged(
            _ value: Bool, on control: UIControl, to onValueChanged: (@MainActor (Bool) -> Void)?
        ) {
            control.sendActions(for: .valueChanged)
            onValueChanged?(value)
        }
    }
#endif
