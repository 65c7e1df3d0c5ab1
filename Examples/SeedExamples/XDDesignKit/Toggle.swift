// swift-format-ignore-file
// XDDesignKit README › Toggle, as the document writes it.
#if canImport(UIKit)
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

        @MainActor fileprivate static func example(settings: Settings) -> UIView {
            // seed begin: xd-toggle
            let autoBlankToggle = KeelToggle(isOn: settings.autoWordHollow)
            autoBlankToggle.onValueChanged = { isOn in
                settings.autoWordHollow = isOn
            }
            // seed end
            return autoBlankToggle
        }

        @MainActor fileprivate static func confirmed(settings: Settings) -> UIView {
            // seed begin: xd-toggle-confirm
            let autoBlankToggle = KeelToggle(
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
