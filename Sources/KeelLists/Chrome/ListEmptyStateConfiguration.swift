/// What a list's empty state says, as the original foundation's `configureList` takes it: a
/// title and, optionally, an action button (`ListEmptyStateConfiguration(title: "No content",
/// actionTitle: "Retry")`). The UIKit `ListHelper` shows it behind the list when the list is
/// empty, and its button runs the empty-state view's `onAction`.
public struct ListEmptyStateConfiguration: Hashable, Sendable {
    /// The message shown behind the empty list.
    package var title: String
    /// The title of the action button under the message, or `nil` for no button.
    package var actionTitle: String?

    /// Creates an empty state with a title and an optional action button.
    public init(title: String, actionTitle: String? = nil) {
        self.title = title
        self.actionTitle = actionTitle
    }
}

extension ListChrome {
    /// This chrome with the app's empty state applied: when `visible` is `true` the background
    /// shows `configuration`'s title and action (the app said the list is empty — the original
    /// foundation's `setListEmptyStateVisible(true)`); when `false` the empty message is hidden
    /// (a failed first page keeps its failure message and retry); when `nil` (the app has not
    /// said) an `empty` phase shows `configuration` in place of the table's empty message.
    /// Empty titles count as no text: the strings table's empty message and no button.
    package func applying(
        _ configuration: ListEmptyStateConfiguration?, visible: Bool?, phase: ListLoadingPhase,
        strings: ListStrings = .english
    ) -> ListChrome {
        var chrome = self
        let isFailure = phase.error != nil && footer == .hidden
        let title = configuration.map(\.title).flatMap { $0.isEmpty ? nil : $0 } ?? strings.string(.empty)
        let action = configuration?.actionTitle.flatMap { $0.isEmpty ? nil : $0 }
        switch visible {
        case true?:
            chrome.message = title
            chrome.messageRetryTitle = action
        case false?:
            guard !isFailure else { return chrome }
            chrome.message = nil
            chrome.messageRetryTitle = nil
        case nil:
            guard phase == .empty, configuration != nil else { return chrome }
            chrome.message = title
            chrome.messageRetryTitle = action
        }
        return chrome
    }
}
