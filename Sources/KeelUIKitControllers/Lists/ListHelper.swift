#if canImport(UIKit)
    import KeelLists
    import UIKit

    /// The original foundation's `ListHelper`, now a renderer of the headless `ListLoader`:
    /// pull-to-refresh with `UIRefreshControl`, a light load-more footer (spinner, or a retry
    /// button after a failure), and an empty or error state view (``emptyStateView``) with an
    /// action button. Every decision — when to load more, what the state is, which footer,
    /// background and texts show (`ListChrome`) — comes from KeelLists.
    ///
    /// `BaseViewController.configureList(on:refresh:loadMore:emptyState:)` creates one, keeps it
    /// and forwards the list's scrolling to it. Standalone:
    ///
    /// ```swift
    /// let helper = ListHelper(scrollView: tableView, loader: ListLoader(controller: pagination))
    /// // in scrollViewDidScroll(_:): helper.scrollViewDidScroll()
    /// helper.start()  // first refresh
    /// ```
    @MainActor
    public final class ListHelper: NSObject {
        /// The list being driven.
        package let scrollView: UIScrollView
        /// The headless loader.
        package let loader: ListLoader
        /// How close to the end loading more starts.
        public var threshold: LoadMoreThreshold = .screens(1)
        /// Replaces the strings table's empty-state text; `nil` uses the table.
        package var emptyText: String? {
            didSet { render(state) }
        }
        /// Replaces the strings table's retry title; `nil` uses the table.
        package var retryTitle: String? {
            didSet { render(state) }
        }
        /// The app's empty state (title and action), as `configureList(…emptyState:)` takes it.
        public var emptyState: ListEmptyStateConfiguration? {
            didSet { render(state) }
        }
        /// The texts (the app's preferred languages by default).
        public var strings = ListStrings(
            localizations: Bundle.main.preferredLocalizations, preferredLanguages: Locale.preferredLanguages)
        {
            didSet { render(state) }
        }
        /// The view behind the list for the empty and the error state; its button runs
        /// ``ListEmptyStateView/onAction`` (by default ``retry()``).
        public let emptyStateView = ListEmptyStateView()
        /// The last state rendered.
        package private(set) var state = ListLoadingState()
        /// What the last render showed around the items.
        package private(set) var chrome = ListChrome.decide(ListLoadingState())
        /// Whether the app said the list is empty (``setEmptyStateVisible(_:)``); `nil` until it does.
        package private(set) var emptyStateVisible: Bool?

        private let refreshControl = UIRefreshControl()
        private let footer = UIView(
            frame: CGRect(x: 0, y: 0, width: 0, height: ListChrome.visibleFooterHeight))
        private let spinner = UIActivityIndicatorView(style: .medium)
        private let footerRetry = UIButton(type: .system)
        private let tableView: UITableView?
        private var updates: Task<Void, Never>?

        /// Attaches to `scrollView` (a table or collection view); a pull-to-refresh control is
        /// installed unless `refreshes` is `false`.
        public init(scrollView: UIScrollView, loader: ListLoader, refreshes: Bool = true) {
            self.scrollView = scrollView
            self.loader = loader
            tableView = scrollView as? UITableView
            super.init()
            refreshControl.addTarget(self, action: #selector(pulled), for: .valueChanged)
            scrollView.refreshControl = ListChrome.installs(refreshControl, when: refreshes)
            footer.addSubview(spinner)
            footer.addSubview(footerRetry)
            spinner.center(in: footer)
            spinner.hidesWhenStopped = false
            spinner.startAnimating()
            footerRetry.center(in: footer)
            footerRetry.addTarget(self, action: #selector(retryTapped), for: .touchUpInside)
            emptyStateView.onAction = { [weak self] in self?.retry() }
            (scrollView as? ListBackgroundHosting)?.backgroundView = emptyStateView
            render(state)
            let stream = loader.updates()
            updates = Task { @MainActor [weak self] in
                for await state in stream { self?.render(state) }
            }
        }

        deinit {
            updates?.cancel()
        }

        /// Starts the first load (without showing the refresh control).
        public func start() {
            Task { await loader.refresh() }
        }

        /// Refreshes, showing the refresh control spinning (the original foundation's
        /// `beginRefreshing()`); a refresh already in flight is joined, not repeated.
        public func beginRefreshing() {
            scrollView.refreshControl?.beginRefreshing()
            Task { await loader.refresh() }
        }

        /// Loads the next page when the state allows (one at a time; none after the list said it
        /// has no more, until a refresh).
        public func loadMore() {
            Task { await loader.loadMore() }
        }

        /// Retries the failed load, if any.
        public func retry() {
            Task { await loader.retry() }
        }

        /// Shows or hides the empty state (``emptyState``'s title and action) — the app's own
        /// verdict, for a `refresh` that does not report emptiness.
        public func setEmptyStateVisible(_ visible: Bool) {
            emptyStateVisible = visible
            render(state)
        }

        /// Forward the scroll view delegate's `scrollViewDidScroll(_:)` here (a
        /// `BaseViewController` does it for the lists it configured).
        public func scrollViewDidScroll() {
            let metrics = ScrollMetrics(
                offsetY: Double(scrollView.contentOffset.y),
                contentHeight: Double(scrollView.contentSize.height),
                boundsHeight: Double(scrollView.bounds.height),
                adjustedTopInset: Double(scrollView.adjustedContentInset.top),
                adjustedBottomInset: Double(scrollView.adjustedContentInset.bottom))
            let threshold = threshold
            Task { await loader.scrolled(metrics, threshold: threshold) }
        }

        @objc private func pulled() {
            Task { await loader.refresh() }
        }

        @objc private func retryTapped() {
            retry()
        }

        private func render(_ state: ListLoadingState) {
            self.state = state
            chrome = ListChrome.decide(state, strings: strings, emptyText: emptyText, retryTitle: retryTitle)
                .applying(emptyState, visible: emptyStateVisible, phase: state.phase, strings: strings)
            switch chrome.refreshControl {
            case .spinning: break  // spun by the user's pull or beginRefreshing()
            case .ended: refreshControl.endRefreshing()
            }
            spinner.isHidden = chrome.spinnerIsHidden
            footerRetry.setTitle(chrome.footerRetryTitle, for: .normal)
            footerRetry.isHidden = chrome.footerRetryIsHidden
            footer.frame.size.height = CGFloat(chrome.footerHeight)
            tableView?.tableFooterView = footer
            emptyStateView.render(chrome)
        }
    }

    /// The list views whose background ``ListHelper`` shows its empty and error state in.
    @MainActor
    protocol ListBackgroundHosting: AnyObject {
        /// The view behind the list's content.
        var backgroundView: UIView? { get set }
    }

    extension UITableView: ListBackgroundHosting {}
    extension UICollectionView: ListBackgroundHosting {}
#endif
