/// The accessibility role a control presents, mapped to UIKit traits at the edge.
package enum AccessibilityRole: Hashable, Sendable {
    /// A button.
    case button
    /// An on/off switch (UIKit's switch button trait), announced as a switch.
    case toggle
    /// A checkbox: a button that is selected or not.
    case checkbox
    /// Text that is read, not activated (a badge, an input chip, a banner's message).
    case staticText
    /// A progress indicator: its value is read and changes while focused.
    case progressIndicator
}

/// A named action VoiceOver offers in its actions rotor (an input chip's "Remove"): the
/// front end maps each to a custom action that reports `identifier` back.
package struct AccessibilityCustomAction: Hashable, Sendable {
    /// What the front end reports when the action runs (`remove`, `close`).
    package var identifier: String
    /// What VoiceOver reads.
    package var name: String

    /// An action.
    package init(identifier: String, name: String) {
        self.identifier = identifier
        self.name = name
    }
}

/// Accessibility traits beyond the role.
package struct AccessibilityTraitSet: OptionSet, Hashable, Sendable {
    /// The raw bits.
    package let rawValue: Int
    /// Traits from bits.
    package init(rawValue: Int) { self.rawValue = rawValue }

    /// Not enabled (disabled, or pending confirmation).
    package static let notEnabled = AccessibilityTraitSet(rawValue: 1 << 0)
    /// Selected.
    package static let selected = AccessibilityTraitSet(rawValue: 1 << 1)
    /// The value changes while focused (a loading control).
    package static let updatesFrequently = AccessibilityTraitSet(rawValue: 1 << 2)
}

/// What assistive technology is told about a control, computed from the caller's own label
/// and value and the control's state. Being a pure function of both, it never overwrites
/// what the caller set (the reference saved and restored values by hand).
package struct AccessibilityDescription: Hashable, Sendable {
    /// The role.
    package var role: AccessibilityRole
    /// The label.
    package var label: String?
    /// The value.
    package var value: String?
    /// The traits beyond the role.
    package var traits: AccessibilityTraitSet
    /// The actions offered besides activation, in order.
    package var actions: [AccessibilityCustomAction]

    /// A description.
    package init(
        role: AccessibilityRole, label: String?, value: String?, traits: AccessibilityTraitSet = [],
        actions: [AccessibilityCustomAction] = []
    ) {
        self.role = role
        self.label = label
        self.value = value
        self.traits = traits
        self.actions = actions
    }
}

/// One accessibility trait as a platform names it: what a front end folds into its own trait
/// set, one entry each.
package enum PlatformAccessibilityTrait: Hashable, Sendable, CaseIterable {
    /// A button.
    case button
    /// A switch (UIKit: `UISwitch`'s traits).
    case toggleSwitch
    /// Not enabled.
    case notEnabled
    /// Selected.
    case selected
    /// Updates frequently.
    case updatesFrequently
    /// Static text.
    case staticText
}

extension AccessibilityDescription {
    /// The platform traits of the role and traits, in a fixed order: the role's first.
    package var platformTraits: [PlatformAccessibilityTrait] {
        var result: [PlatformAccessibilityTrait] =
            switch role {
            case .button, .checkbox: [.button]
            case .toggle: [.toggleSwitch]
            case .staticText: [.staticText]
            case .progressIndicator: [.updatesFrequently]
            }
        if traits.contains(.notEnabled) { result.append(.notEnabled) }
        if traits.contains(.selected) { result.append(.selected) }
        if traits.contains(.updatesFrequently), role != .progressIndicator {
            result.append(.updatesFrequently)
        }
        return result
    }
}
