#if canImport(SwiftUI) && canImport(UIKit)
    // The iOS 16.4 SDK declares the accessibility notification constants as mutable globals,
    // which Swift 6 rejects by reference; only this file reads them, so only it relaxes the import.
    @preconcurrency import UIKit

    /// VoiceOver announcements the SwiftUI components post (a decision made headlessly,
    /// posted here).
    enum KeelSwiftUIAccessibility {
        /// Announces `text` to VoiceOver.
        @MainActor
        static func announce(_ text: String) {
            UIAccessibility.post(notification: .announcement, argument: text)
        }
    }
#endif
