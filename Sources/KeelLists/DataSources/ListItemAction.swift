/// What a stock cell reports back to its controller through its `callback(_:)` (AEViewModel's
/// untyped `sender`, typed): the controller's `action(for:at:sender:)` receives it as the
/// sender.
public enum ListItemAction: Hashable, Sendable {
    /// A toggle changed.
    case toggled(Bool)
    /// A slider moved.
    case slid(Double)
    /// Text was edited.
    case edited(String)
    /// The cell was selected, or a button cell was tapped.
    case tapped

    /// An edit of `text` (a text field's `nil` text is empty).
    package static func edit(_ text: String?) -> ListItemAction { .edited(text ?? "") }

    /// The action a callback's `sender` stands for: a stock cell's action as sent, anything
    /// else (a table view on selection, an app cell's own control) a tap.
    public init(sender: Any) {
        self = sender as? ListItemAction ?? .tapped
    }
}
