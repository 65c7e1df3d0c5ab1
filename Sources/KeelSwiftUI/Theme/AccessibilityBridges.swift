#if canImport(SwiftUI)
    import KeelComponents
    import SwiftUI

    private struct KeelAccessibilityStringsKey: EnvironmentKey {
        static let defaultValue = AccessibilityStrings(preferredLanguages: Locale.preferredLanguages)
    }

    extension EnvironmentValues {
        /// The strings VoiceOver hears from Keel's views ("Loading", "On", "Close"…); the
        /// app's preferred languages by default.
        public var keelAccessibilityStrings: AccessibilityStrings {
            get { self[KeelAccessibilityStringsKey.self] }
            set { self[KeelAccessibilityStringsKey.self] = newValue }
        }
    }

    extension AccessibilityTraits {
        /// SwiftUI's traits for one platform trait (the disabled state is SwiftUI's own, so
        /// `notEnabled` adds none).
        init(keel trait: PlatformAccessibilityTrait) {
            switch trait {
            case .button: self = .isButton
            case .toggleSwitch: self = .isButton
            case .notEnabled: self = []
            case .selected: self = .isSelected
            case .updatesFrequently: self = .updatesFrequently
            case .staticText: self = .isStaticText
            }
        }

        /// SwiftUI's traits for a description's role and traits.
        init(keel description: AccessibilityDescription) {
            self = []
            for trait in description.platformTraits {
                formUnion(AccessibilityTraits(keel: trait))
            }
        }
    }

    extension View {
        /// Tells VoiceOver a headless description's value and traits; the view's own children
        /// (the caller's label) speak the label.
        func keelAccessibilityValue(_ description: AccessibilityDescription) -> some View {
            accessibilityElement(children: .combine)
                .accessibilityValue(Text(description.value ?? ""))
                .accessibilityAddTraits(AccessibilityTraits(keel: description))
        }

        /// Tells VoiceOver a headless description's label, value and traits (a view without
        /// a text label of its own, such as an icon button).
        func keelAccessibility(_ description: AccessibilityDescription) -> some View {
            keelAccessibilityValue(description).accessibilityLabel(Text(description.label ?? ""))
        }
    }
#endif
