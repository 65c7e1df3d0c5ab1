#if canImport(SwiftUI)
    import KeelComponents
    #if os(iOS)
        import UIKit
    #endif

    /// Plays the haptics Keel's SwiftUI components ask for — the same events the UIKit
    /// components play (a toggle or checkbox the user changed, an alert offering a
    /// destructive action, the space transition landing on Feed) — through UIKit's feedback
    /// generators. What plays for which event is KeelComponents' `HapticPalette`; set
    /// `HapticPalette.current` to change or silence it app-wide. (Named apart from KeelUIKit's
    /// `KeelHaptics`, so a file may import both front ends.)
    @MainActor
    public enum KeelSwiftUIHaptics {
        /// Plays what `HapticPalette.current` maps `event` to; nothing for `nil` or an unmapped event.
        public static func play(_ event: HapticEvent?) {
            guard let event, let feedback = HapticPalette.current.feedback(for: event) else { return }
            play(feedback)
        }

        /// Plays `feedback` now (iOS; other platforms have no feedback generators).
        package static func play(_ feedback: HapticFeedback) {
            #if os(iOS)
                generate(feedback)
            #endif
        }
    }

    #if os(iOS)
        extension KeelSwiftUIHaptics {
            fileprivate static func generate(_ feedback: HapticFeedback) {
                switch feedback {
                case .selection: UISelectionFeedbackGenerator().selectionChanged()
                case .impact(let impact):
                    UIImpactFeedbackGenerator(style: .init(keel: impact)).impactOccurred()
                case .notification(let notification): notify(notification)
                }
            }

            private static func notify(_ notification: HapticNotification) {
                UINotificationFeedbackGenerator().notificationOccurred(.init(keel: notification))
            }
        }

        extension UIImpactFeedbackGenerator.FeedbackStyle {
            /// UIKit's impact style for a headless impact.
            init(keel impact: HapticImpact) {
                switch impact {
                case .light: self = .light
                case .medium: self = .medium
                case .heavy: self = .heavy
                case .soft: self = .soft
                case .rigid: self = .rigid
                }
            }
        }

        extension UINotificationFeedbackGenerator.FeedbackType {
            /// UIKit's notification type for a headless notification.
            init(keel notification: HapticNotification) {
                switch notification {
                case .success: self = .success
                case .warning: self = .warning
                case .error: self = .error
                }
            }
        }
    #endif
#endif
