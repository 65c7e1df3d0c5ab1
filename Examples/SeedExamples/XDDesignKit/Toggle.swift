// swift-format-ignore-file
// XDDesignKit README › Toggle, as the document writes it.
#if canImport(UIKit)
    import KeelCompat
    import KeelUIKit
    import UIKit

    enum SeedXDToggle {
        /// The app's settings.
        fileprivate final class Settings {
            var autoWordHollow = false
        }

        /// The app's call to its server.
        @MainActor fileprivate static func saveAutoBlankSetting(
            _ value: Bool, completion: @escaping @MainActor (Bool) -> Void
        ) {
            completion(true)
        }

        /// Adds both toggles to `view` (the example app's "Seeds" tab).
        @MainActor static func addExamples(to view: UIView) {
            let settings = Settings()
            let plain = example(settings: settings)
            let confirmed = confirmed(settings: settings)
            plain.frame.origin = CGPoint(x: 24, y: 120)
            confirmed.frame.origin = CGPoint(x: 24, y: 180)
            view.addSubview(plain)
            view.addSubview(confirmed)
        }

        @MainActor fileprivate static func example(settings: Settings) -> UIView {
            // seed begin: xd-toggle
            let autoBlankToggle = XDToggle(isOn: settings.autoWordHollow)
            autoBlankToggle.onValueChanged = { isOn in
                settings.autoWordHollow = isOn
            }
            // seed end
            return autoBlankToggle
        }

        @MainActor fileprivate static func confirmed(settings: Settings) -> UIView {
            // seed begin: xd-toggle-confirm
            let autoBlankToggle = XDToggle(
                isOn: settings.autoWordHollow,
                selectionBehavior: .requiresConfirmation
            )
            autoBlankToggle.onValueChangeRequest = { requestedValue in
                saveAutoBlankSetting(requestedValue) { success in
                    success
                        ? autoBlankToggle.resolveValueChange(to: requestedValue)
                        : autoBlankToggle.cancelValueChange()
                }
            }
            // seed end
            return autoBlankToggle
        }
    }
#endif
