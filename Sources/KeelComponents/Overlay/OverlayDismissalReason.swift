/// Why an overlay — a sheet or an alert — was dismissed: the one reason both report to their
/// will-dismiss and did-dismiss callbacks.
public enum OverlayDismissalReason: String, CaseIterable, Hashable, Sendable {
    /// The dimmed background was tapped.
    case backgroundTap
    /// It was dragged down.
    case swipe
    /// The app dismissed it.
    case programmatic
    /// The VoiceOver escape gesture.
    case accessibilityEscape
    /// Something outside the overlay removed it.
    case system
    /// One of the alert's action buttons was tapped.
    case action
    /// The alert's close button was tapped.
    case closeButton
}
