#if canImport(UIKit)
    import KeelComponents
    import UIKit

    /// The haptics Keel's components play, through UIKit's feedback generators. What plays for
    /// which event is KeelComponents' `HapticPalette` (the haptics token); set
    /// `HapticPalette.current` to change or silence it app-wide.
    @MainActor
    public enum KeelHaptics {
        /// Plays what `HapticPalette.current` maps `event` to; nothing for `nil` or an unmapped event. Keel's
        /// components call it, and an app's own control calls it to feel like them:
        /// `KeelHaptics.play(.selectionChanged)` plays whatever the app's palette maps it to.
        public static func play(_ event: HapticEvent?) {
            guard let event, let feedback = HapticPalette.current.feedback(for: event) else { return }
            play(feedback)
        }

        /// Plays `feedback` now.
        package static func play(_ feedback: HapticFeedback) {
            switch feedback {
            case .selection:
                UISelectionFeedbackGenerator().selectionChanged()
            case .impact(let impact):
                UIImpactFeedbackGenerator(style: style(impact)).impactOccurred()
            case .notification(let notification):
                UINotificationFeedbackGenerator().notificationOccurred(type(notification))
            }
        }

        private static func style(_ impact: HapticImpact) -> UIImpactFeedbackGenerator.FeedbackStyle {
            switch impact {
            case .light: .light
            case .medium: .medium
            case .heavy: .heavy
            case .soft: .soft
            case .rigid: .rigid
            }
        }

        private static func type(_ notification: HapticNotification)
            -> UINotificationFeedbackGenerator
            .FeedbackType
        {
            switch notification {
            case .success: .success
            case .warning: .warning
            case .error: .error
            }
        }
    }
#endif
