#if canImport(UIKit)
    import UIKit

    /// A control with a tap action that receives the control (`button.onTap = { button in … }`);
    /// the extension adds XDDesignKit's spelling, a tap action without an argument
    /// (`button.onTap = { print("tap") }`). Both set the one action.
    @MainActor
    public protocol KeelTapActionable: AnyObject {
        /// What the tap action receives (the control).
        associatedtype TapSender
        /// Called on a tap with the control.
        var onTap: (@MainActor (TapSender) -> Void)? { get set }
    }

    extension KeelTapActionable {
        /// The tap action without an argument: the same action as the one taking the control.
        public var onTap: (@MainActor () -> Void)? {
            get {
                guard let action = onTap as (@MainActor (TapSender) -> Void)? else { return nil }
                return { [weak self] in
                    guard let sender = self as? TapSender else { return }
                    action(sender)
                }
            }
            set {
                onTap = newValue.map { action -> @MainActor (TapSender) -> Void in { _ in action() } }
            }
        }
    }

    extension KeelButton: KeelTapActionable {}
    extension KeelIconButton: KeelTapActionable {}
#endif
