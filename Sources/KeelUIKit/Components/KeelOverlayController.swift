#if canImport(UIKit)
    import KeelComponents
    import KeelUIKitBinding
    import UIKit

    /// What the alert and sheet controllers share: a full-screen transparent presentation with
    /// a dimming control behind the content, keyboard tracking through the headless
    /// ``KeyboardGeometry`` rule (docked keyboards only), and a theme binding refreshed on
    /// trait changes and appearance.
    class KeelOverlayController: UIViewController {
        /// The dimming layer behind the content; taps on it call ``dimmingTapped()``.
        let dimming = UIControl()
        /// How far a docked keyboard overlaps the container, in points.
        var keyboardOverlap = 0.0
        /// Re-applies the theme; set by the subclass.
        var themeBinding: ThemeBinding?

        /// A full-screen overlay presentation.
        init() {
            super.init(nibName: nil, bundle: nil)
            modalPresentationStyle = .overFullScreen
        }

        /// Not supported (built in code): returns `nil` rather than decoding, never traps.
        @available(*, unavailable)
        required init?(coder: NSCoder) { nil }

        /// The view whose first responder makes a keyboard relevant (the content by default).
        var keyboardOwnerView: UIView { view }

        /// Installs the transparent background, the dimming control and the keyboard observers;
        /// call it first in `viewDidLoad`.
        func installOverlay() {
            view.backgroundColor = .clear
            view.accessibilityViewIsModal = true
            dimming.frame = view.bounds
            dimming.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            dimming.addTarget(self, action: #selector(backgroundTapped), for: .touchUpInside)
            view.addSubview(dimming)
            let center = NotificationCenter.default
            center.addObserver(
                self, selector: #selector(keyboardWillChangeFrame(_:)),
                name: UIResponder.keyboardWillChangeFrameNotification, object: nil)
            center.addObserver(
                self, selector: #selector(keyboardWillHide(_:)),
                name: UIResponder.keyboardWillHideNotification, object: nil)
        }

        /// The dimming layer was tapped.
        func dimmingTapped() {}

        /// ``keyboardOverlap`` changed; animate the layout alongside the keyboard.
        func keyboardOverlapDidChange(duration: TimeInterval, options: UIView.AnimationOptions) {}

        @objc private func backgroundTapped() {
            dimmingTapped()
        }

        @objc private func keyboardWillChangeFrame(_ notification: Notification) {
            let frame = (notification.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?
                .cgRectValue
            keyboardChanged(to: frame.map { view.convert($0, from: nil).keelRect }, notification)
        }

        @objc private func keyboardWillHide(_ notification: Notification) {
            keyboardChanged(to: nil, notification)
        }

        private func keyboardChanged(to keyboard: Rect?, _ notification: Notification) {
            keyboardOverlap = KeyboardGeometry.dockedOverlap(
                keyboardFrame: keyboard, containerFrame: view.bounds.keelRect,
                containsFirstResponder: keyboardOwnerView.keelContainsFirstResponder)
            let transition = KeyboardTransition(keyboardNotification: notification.userInfo)
            keyboardOverlapDidChange(
                duration: transition.duration,
                options: UIView.AnimationOptions(rawValue: transition.animationOptionBits))
        }

        /// Re-applies the theme when a relevant trait changed.
        override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
            super.traitCollectionDidChange(previousTraitCollection)
            themeBinding?.refresh()
        }
    }
#endif
