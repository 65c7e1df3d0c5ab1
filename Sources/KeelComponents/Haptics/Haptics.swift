/// A haptic the front end plays (UIKit: `UISelectionFeedbackGenerator`,
/// `UIImpactFeedbackGenerator`, `UINotificationFeedbackGenerator`).
public enum HapticFeedback: Hashable, Sendable {
    /// A value was picked (a toggle, a checkbox, a detent).
    case selection
    /// A physical collision, light to heavy.
    case impact(HapticImpact)
    /// The outcome of a task.
    case notification(HapticNotification)
}

/// How heavy an impact feels.
public enum HapticImpact: String, Hashable, Sendable, CaseIterable {
    /// Small, light elements.
    case light
    /// Medium elements.
    case medium
    /// Large, heavy elements.
    case heavy
    /// Soft, flexible elements.
    case soft
    /// Rigid, inflexible elements.
    case rigid
}

/// The outcome a notification haptic reports.
public enum HapticNotification: String, Hashable, Sendable, CaseIterable {
    /// The task succeeded.
    case success
    /// The task needs attention (a destructive choice is offered).
    case warning
    /// The task failed.
    case error
}

/// The moments Keel's components may mark with a haptic.
public enum HapticEvent: String, Hashable, Sendable, CaseIterable {
    /// The user changed a toggle, checkbox or radio button (not a programmatic set).
    case selectionChanged
    /// A bottom sheet came to rest at another detent after a drag.
    case detentChanged
    /// The space transition came to rest on the other page (Home ⇄ Feed).
    case pageChanged
    /// An alert offering a destructive action appeared.
    case destructivePrompt
}

/// The haptics token: which feedback each component event plays, and whether haptics play at
/// all (the reference had none). Apps override single events or switch haptics off.
public struct HapticPalette: Hashable, Sendable {
    /// Whether any haptic plays.
    public var isEnabled: Bool
    /// The feedback per event; an event without an entry plays nothing.
    public var feedback: [HapticEvent: HapticFeedback]

    /// A palette.
    public init(
        isEnabled: Bool = true, feedback: [HapticEvent: HapticFeedback] = HapticPalette.standard.feedback
    ) {
        self.isEnabled = isEnabled
        self.feedback = feedback
    }

    /// Keel's defaults, after Apple's guidance: selection feedback for picked values, a light
    /// impact when a sheet snaps and a medium one when a page lands, and a warning before a
    /// destructive choice.
    public static let standard = HapticPalette(
        isEnabled: true,
        feedback: [
            .selectionChanged: .selection, .detentChanged: .impact(.light), .pageChanged: .impact(.medium),
            .destructivePrompt: .notification(.warning),
        ])

    /// No haptics.
    public static let silent = HapticPalette(isEnabled: false, feedback: [:])

    /// What `event` plays: `nil` when haptics are off or the event has no feedback.
    package func feedback(for event: HapticEvent) -> HapticFeedback? {
        isEnabled ? feedback[event] : nil
    }
}

extension HapticEvent {
    /// The event a selection control's effect causes: a value the user changed, not a
    /// request awaiting confirmation, a silent set or an ignored tap.
    package static func selection(_ outcome: SelectionEffect) -> HapticEvent? {
        if case .valueChanged = outcome { return .selectionChanged }
        return nil
    }

    /// The event a sheet settling after a drag causes: another resting height than before
    /// (beyond half a point) is a new detent.
    package static func sheetSettled(from previousHeight: Double?, to height: Double) -> HapticEvent? {
        guard let previousHeight, previousHeight.isFinite, height.isFinite else { return nil }
        return abs(previousHeight - height) > 0.5 ? .detentChanged : nil
    }

    /// The event a space-transition state change causes: a drag's spring landing on Feed. A
    /// drag that springs back to Home plays nothing, and neither does closing Feed (the app's
    /// own action).
    package static func transition(
        from previous: VerticalSpaceTransitionState, to state: VerticalSpaceTransitionState
    )
        -> HapticEvent?
    {
        guard case .settling = previous, state == .feed else { return nil }
        return .pageChanged
    }

    /// The event an alert appearing causes: a warning when it offers a destructive action.
    package static func alertPresented(_ configuration: AlertConfiguration) -> HapticEvent? {
        configuration.actions.contains { $0.role == .destructive } ? .destructivePrompt : nil
    }
}

extension HapticPalette {
    /// The palette every component plays from, in both front ends (KeelUIKit's `KeelHaptics`
    /// and KeelSwiftUI's `KeelSwiftUIHaptics` read it): set it to change or silence haptics
    /// app-wide.
    ///
    /// ```swift
    /// HapticPalette.current.feedback[.detentChanged] = .selection  // change one event
    /// HapticPalette.current = .silent  // or switch haptics off
    /// ```
    @MainActor public static var current = HapticPalette.standard
}
