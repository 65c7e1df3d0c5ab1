#if canImport(UIKit)
    import KeelComponents
    import KeelDesign
    import KeelUIKitBinding
    // The iOS 16.4 SDK declares the accessibility trait constants as mutable globals, which
    // Swift 6 rejects by reference; only this file reads them, so only it relaxes the import.
    @preconcurrency import UIKit

    // The small pieces every component shares (hit testing, accessibility, motion). No
    // decisions here: each helper applies a value a headless type computed.

    extension KeelDesign.ColorValue {
        /// The colour as a `CGColor` (for layers, which keep a snapshot: re-apply on theme change).
        @MainActor package var cgColor: CGColor { UIColor(keel: self).cgColor }
    }

    extension UILabel {
        /// Sets `text` in a resolved font and colour, with the descriptor's line height and
        /// tracking as attributes.
        func keelSet(
            _ text: String?, font: FontDescriptor, color: KeelDesign.ColorValue, alignment: NSTextAlignment
        ) {
            self.font = UIFont.keel(font)
            textColor = UIColor(keel: color)
            textAlignment = alignment
            attributedText = text.map {
                NSAttributedString(
                    string: $0,
                    attributes: font.keelTextAttributes(
                        color: color, alignment: alignment, lineBreakMode: lineBreakMode))
            }
        }
    }

    extension FontDescriptor {
        /// The attributes Keel sets text with (and `UIKitTextMeasurer` measures it with): the
        /// font, the colour, the tracking as kern, and the line height as the paragraph's
        /// minimum and maximum line height.
        @MainActor func keelTextAttributes(
            color: KeelDesign.ColorValue, alignment: NSTextAlignment = .natural,
            lineBreakMode: NSLineBreakMode = .byWordWrapping
        ) -> [NSAttributedString.Key: Any] {
            let paragraph = NSMutableParagraphStyle()
            if let lineHeight {
                paragraph.minimumLineHeight = CGFloat(lineHeight)
                paragraph.maximumLineHeight = CGFloat(lineHeight)
            }
            paragraph.alignment = alignment
            paragraph.lineBreakMode = lineBreakMode
            return [
                .font: UIFont.keel(self), .foregroundColor: UIColor(keel: color), .kern: CGFloat(tracking),
                .paragraphStyle: paragraph,
            ]
        }
    }

    extension AccessibilityDescription {
        /// UIKit's traits for the role and traits (`UISwitch`'s own traits for a toggle, so
        /// VoiceOver announces a switch).
        @MainActor package var uiAccessibilityTraits: UIAccessibilityTraits {
            var result: UIAccessibilityTraits = []
            for trait in platformTraits { result.insert(trait.uiAccessibilityTraits) }
            return result
        }
    }

    extension PlatformAccessibilityTrait {
        /// UIKit's trait for this one.
        @MainActor var uiAccessibilityTraits: UIAccessibilityTraits {
            switch self {
            case .button: .button
            case .toggleSwitch: KeelAccessibility.switchTraits
            case .notEnabled: .notEnabled
            case .selected: .selected
            case .updatesFrequently: .updatesFrequently
            case .staticText: .staticText
            }
        }
    }

    /// Accessibility defaults the components share.
    @MainActor
    public enum KeelAccessibility {
        /// The traits a `UISwitch` reports (button plus the switch trait UIKit keeps private
        /// before iOS 17's `toggleButton`), read once from a real switch.
        package static let switchTraits: UIAccessibilityTraits = UISwitch().accessibilityTraits

        /// The image trait.
        static var imageTrait: UIAccessibilityTraits { .image }
        /// The header trait.
        static var headerTrait: UIAccessibilityTraits { .header }
        /// The button trait.
        static var buttonTrait: UIAccessibilityTraits { .button }
        /// The adjustable trait (VoiceOver's swipe up and down).
        static var adjustableTrait: UIAccessibilityTraits { .adjustable }

        /// Moves VoiceOver to `element` after a screen change (an overlay appeared).
        static func screenChanged(focusing element: Any?) {
            UIAccessibility.post(notification: .screenChanged, argument: element)
        }

        /// Has VoiceOver speak `text` now (a warning banner appeared).
        static func announce(_ text: String) {
            UIAccessibility.post(notification: .announcement, argument: text)
        }

        /// The strings for the app's preferred languages: the one table every component reads
        /// when it is made (set it at start-up to supply an app's own).
        public static var strings = AccessibilityStrings(
            appLocalizations: Bundle.main.preferredLocalizations,
            preferredLanguages: Locale.preferredLanguages)
    }

    extension UIView {
        /// Runs `changes` with a resolved motion: animated along its curve, cross-faded, or at
        /// once (Reduce Motion, zero duration, or `animated == false`).
        func keelAnimate(
            _ motion: ResolvedMotion, animated: Bool = true, changes: @escaping @MainActor () -> Void,
            completion: (@MainActor (Bool) -> Void)? = nil
        ) {
            switch motion.plan(animated: animated) {
            case .immediate: Self.keelApplyImmediately(changes, completion: completion)
            case .crossFade(let duration): keelCrossFade(duration: duration, changes, completion: completion)
            case .animate(let timing, let duration, let delay):
                Self.keelAnimate(timing, duration: duration, delay: delay, changes, completion: completion)
            }
        }

        private static func keelApplyImmediately(
            _ changes: @MainActor () -> Void, completion: (@MainActor (Bool) -> Void)?
        ) {
            changes()
            completion?(true)
        }

        private func keelCrossFade(
            duration: Double, _ changes: @escaping @MainActor () -> Void,
            completion: (@MainActor (Bool) -> Void)?
        ) {
            UIView.transition(
                with: self, duration: duration, options: [.transitionCrossDissolve, .allowUserInteraction],
                animations: changes, completion: { completion?($0) })
        }

        private static func keelAnimate(
            _ timing: MotionTiming, duration: Double, delay: Double,
            _ changes: @escaping @MainActor () -> Void,
            completion: (@MainActor (Bool) -> Void)?
        ) {
            let animator = UIViewPropertyAnimator(
                duration: duration, timingParameters: timing.uiTimingParameters)
            animator.isUserInteractionEnabled = true
            animator.addAnimations(changes)
            animator.addCompletion { completion?($0.keelFinished) }
            animator.startAnimation(afterDelay: delay)
        }

        /// Whether this view or one of its descendants is the first responder.
        var keelContainsFirstResponder: Bool {
            if isFirstResponder { return true }
            return subviews.contains { $0.keelContainsFirstResponder }
        }
    }

    extension MotionTiming {
        /// UIKit's timing parameters for this timing.
        @MainActor var uiTimingParameters: UITimingCurveProvider {
            switch self {
            case .spring(let spring):
                UISpringTimingParameters(
                    mass: CGFloat(spring.mass), stiffness: CGFloat(spring.stiffness),
                    damping: CGFloat(spring.damping), initialVelocity: .zero)
            case .cubic(let x1, let y1, let x2, let y2):
                UICubicTimingParameters(
                    controlPoint1: CGPoint(x: x1, y: y1), controlPoint2: CGPoint(x: x2, y: y2))
            }
        }
    }

    extension UIViewAnimatingPosition {
        /// Whether an animation that stopped here finished (reached its end).
        var keelFinished: Bool {
            switch self {
            case .end: true
            case .start, .current: false
            @unknown default: false
            }
        }
    }

    /// What a control tells assistive technology: the caller's label, value and traits kept
    /// apart from the description the headless type computes from state, so a state change
    /// never overwrites what the caller set.
    ///
    /// The SDK declares `accessibilityLabel`, `accessibilityValue` and `accessibilityTraits`
    /// without main-actor isolation (UIKit still calls them on the main thread), so a
    /// control stores this in a `nonisolated(unsafe)` property that is only written from its
    /// main-actor code and UIKit's accessibility calls.
    struct SpokenAccessibility: Sendable {
        /// The caller's label.
        var customLabel: String?
        /// The caller's value.
        var customValue: String?
        /// The caller's traits.
        var customTraits: UIAccessibilityTraits = []
        /// The description for a caller label and value (a pure function of a state snapshot).
        var describe: @Sendable (_ label: String?, _ value: String?) -> AccessibilityDescription = {
            AccessibilityDescription(role: .button, label: $0, value: $1)
        }
        /// The UIKit traits of the current description (computed on the main actor).
        var stateTraits: UIAccessibilityTraits = .button

        /// The label to speak.
        var label: String? { describe(customLabel, customValue).label }
        /// The value to speak.
        var value: String? { describe(customLabel, customValue).value }
        /// The traits to report.
        var traits: UIAccessibilityTraits { customTraits.union(stateTraits) }

        /// Replaces the description function and recomputes the state traits.
        @MainActor mutating func update(
            _ describe: @escaping @Sendable (_ label: String?, _ value: String?) -> AccessibilityDescription
        ) {
            self.describe = describe
            stateTraits = describe(customLabel, customValue).uiAccessibilityTraits
        }
    }
#endif
