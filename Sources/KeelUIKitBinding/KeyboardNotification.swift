#if canImport(UIKit)
    import KeelComponents
    import UIKit

    extension KeyboardTransition {
        /// The keyboard's animation as a keyboard notification's `userInfo` states it (its
        /// duration and curve; missing or malformed values give ``init(duration:curve:)``'s
        /// defaults): the one reading both front ends' overlays use.
        @MainActor package init(keyboardNotification userInfo: [AnyHashable: Any]?) {
            self.init(
                duration: (userInfo?[UIResponder.keyboardAnimationDurationUserInfoKey] as? NSNumber)?
                    .doubleValue,
                curve: (userInfo?[UIResponder.keyboardAnimationCurveUserInfoKey] as? NSNumber)?.uintValue)
        }
    }
#endif
