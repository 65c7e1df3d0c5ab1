/// What a list screen shows around its items for a loading state — the footer below the last
/// row, the background behind an empty or failed list, the pull-to-refresh control — decided
/// here so the UIKit `ListHelper` only assigns it to views.
///
/// | phase | footer | background |
/// | --- | --- | --- |
/// | idle, exhausted | hidden | hidden (items, or nothing before the first load) |
/// | refreshing | hidden | hidden (the refresh control spins) |
/// | loading more | spinner | hidden |
/// | load more failed | retry button | hidden |
/// | first page failed | hidden | failure message and retry button |
/// | empty | hidden | empty message, no retry |
public struct ListChrome: Hashable, Sendable {
    /// The footer below the last row.
    public enum Footer: Hashable, Sendable {
        /// No footer (zero height).
        case hidden
        /// An activity indicator: the next page is loading.
        case spinner
        /// A retry button with this title: the next page failed.
        case retry(title: String)
    }

    /// The footer.
    public var footer: Footer
    /// The message shown behind the list (empty or failed first page), or `nil` for none.
    public var message: String?
    /// The title of the retry button under the message, or `nil` when it is hidden.
    public var messageRetryTitle: String?
    /// What the pull-to-refresh control does.
    package var refreshControl: RefreshControl

    /// The pull-to-refresh control's state.
    package enum RefreshControl: Hashable, Sendable {
        /// A refresh is in flight: a control the user pulled keeps spinning.
        case spinning
        /// No refresh is in flight: a spinning control ends.
        case ended
    }

    /// The footer's height when it shows something, in points.
    package static let visibleFooterHeight = 52.0
    /// The gap between the background's message and its retry button, in points (both front
    /// ends' background stack).
    package static let messageSpacing = 12.0
    /// The least inset between the background's message (and retry button) and the list's
    /// edges, in points: a long message wraps inside it instead of running past the edges.
    package static let messageInset = 16.0

    /// The chrome for `state`. The texts come from `strings`; `emptyText` and `retryTitle`
    /// replace the table's empty message and retry title when given. A failed first page shows
    /// the table's generic failure message, never the error's own description (which is for
    /// logs, not users).
    public static func decide(
        _ state: ListLoadingState, strings: ListStrings = .english, emptyText: String? = nil,
        retryTitle: String? = nil
    ) -> ListChrome {
        let retry = retryTitle ?? strings.string(.retry)
        switch state.phase {
        case .loadingMore:
            return ListChrome(footer: .spinner, message: nil, messageRetryTitle: nil, refreshControl: .ended)
        case .failed(let failure) where failure.stage == .loadMore:
            return ListChrome(
                footer: .retry(title: retry), message: nil, messageRetryTitle: nil, refreshControl: .ended)
        case .failed:
            return ListChrome(
                footer: .hidden, message: strings.string(.loadFailed), messageRetryTitle: retry,
                refreshControl: .ended)
        case .empty:
            return ListChrome(
                footer: .hidden, message: emptyText ?? strings.string(.empty), messageRetryTitle: nil,
                refreshControl: .ended)
        case .refreshing:
            return ListChrome(
                footer: .hidden, message: nil, messageRetryTitle: nil, refreshControl: .spinning)
        case .idle, .exhausted:
            return ListChrome(footer: .hidden, message: nil, messageRetryTitle: nil, refreshControl: .ended)
        }
    }

    /// The footer's height: ``visibleFooterHeight`` when it shows a spinner or a retry button, else 0.
    package var footerHeight: Double { footer == .hidden ? 0 : Self.visibleFooterHeight }
    /// Whether the footer's activity indicator is hidden.
    package var spinnerIsHidden: Bool { footer != .spinner }
    /// The title of the footer's retry button, or `nil` when it is hidden.
    package var footerRetryTitle: String? {
        guard case .retry(let title) = footer else { return nil }
        return title
    }
    /// Whether the footer's retry button is hidden.
    package var footerRetryIsHidden: Bool { footerRetryTitle == nil }
    /// Whether the background (message and retry button) is hidden.
    package var backgroundIsHidden: Bool { message == nil }
    /// Whether the retry button under the message is hidden.
    package var messageRetryIsHidden: Bool { messageRetryTitle == nil }

    /// The pull-to-refresh control a list installs: `control` when the list refreshes, else
    /// none.
    package static func installs<Control>(_ control: Control, when refreshes: Bool) -> Control? {
        refreshes ? control : nil
    }
}
