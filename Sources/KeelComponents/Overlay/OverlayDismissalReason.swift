/// Why an overlay — a sheet or an alert — was dismissed: the one reason both report to their
/// will-dismiss and did-dismiss callbacks.
public enum OverlayDismissalReason: Hashable, Sendable {
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
    /// An alert action was triggered (its button, the return key or the escape gesture's
    /// cancel action), identified by value — never by its title.
    case action(AlertActionID)
    /// The alert's close button was tapped.
    case closeButton
}
