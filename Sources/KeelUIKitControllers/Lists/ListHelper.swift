#if canImport(UIKit)
    import KeelLists
    import UIKit

    /// The original foundation's `ListHelper`, now a renderer of the headless `ListLoader`:
    /// pull-to-refresh with `UIRefreshControl`, a light load-more footer (spinner, or a retry
    /// button after a failure), and an empty or error state view with a retry button. Every
    /// decision — when to load more, what the state is, which footer, background and texts show
    /// (`ListChrome`) — comes from KeelLists.
    ///
    /// ```swift
    /// let helper = ListHelper(scrollView: tableView, loader: ListLoader(controller: pagination))
    /// // in scrollViewDidScroll(_:): helper.scrollViewDidScroll()
    /// helper.start()  // first refresh
    /// ```
    @MainActor
    public final class ListHelper: NSObject {
        /// The list being driven.
        public let scrollView: UIScrollView
        /// The headless loader.
        public let loader: ListLoader
        /// How close to the end loading more starts.
        public var threshold: LoadMoreThreshold = .screens(1)
        /// Replaces the strings table's empty-state text; `nil` uses the table.
        public var emptyText: String? {
            didSet { render(state) }
        }
        /// Replaces the strings table's retry title; `nil` uses the table.
        public var retryTitle: String? {
            didSet { render(state) }
        }
        /// The texts (the app's preferred languages by default).
        public var strings = ListStrings(
            localizations: Bundle.main.preferredLocalizations, preferredLanguages: Locale.preferredLanguages)
        {
            didSet { render(state) }
        }
        /// The last state rendered.
        public private(set) var state = ListLoadingState()
        /// What the last render showed around the items.
        public private(set) var chrome = ListChrome.decide(ListLoadingState())

        private let refreshControl = UIRefreshControl()
        private let footer = UIView(
            frame: CGRect(x: 0, y: 0, width: 0, height: ListChrome.visibleFooterHeight))
        private let spinner = UIActivityIndicatorView(style: .medium)
        private let footerRetry = UIButton(type: .system)
        private let emptyView = UIStackView()
        private let emptyLabel = UILabel()
        private let emptyRetry = UIButton(type: .system)
        private let tableView: UITableView?
        private var updates: Task<Void, Never>?

        /// Attaches to `scrollView` (a table or collection view).
        public init(scrollView: UIScrollView, loader: ListLoader) {
            self.scrollView = scrollView
            self.loader = loader
            tableView = scrollView as? UITableView
            super.init()
            refreshControl.addTarget(self, action: #selector(pulled), for: .valueChanged)
            scrollView.refreshControl = refreshControl
            footer.addSubview(spinner)
            footer.addSubview(footerRetry)
            spinner.center(in: footer)
            spinner.hidesWhenStopped = false
            spinner.startAnimating()
            footerRetry.center(in: footer)
            footerRetry.addTarget(self, action: #selector(retryTapped), for: .touchUpInside)
            emptyView.axis = .vertical
            emptyView.alignment = .center
            emptyView.spacing = 12
            emptyLabel.numberOfLines = 0
            emptyLabel.textAlignment = .center
            emptyLabel.font = .preferredFont(forTextStyle: .body)
            emptyLabel.adjustsFontForContentSizeCategory = true
            emptyRetry.addTarget(self, action: #selector(retryTapped), for: .touchUpInside)
            emptyView.addArrangedSubview(emptyLabel)
            emptyView.addArrangedSubview(emptyRetry)
            (scrollView as? ListBackgroundHosting)?.backgroundView = emptyView
            render(state)
            let stream = loader.updates()
            updates = Task { @MainActor [weak self] in
                for await state in stream { self?.render(state) }
            }
        }

        deinit {
            updates?.cancel()
        }

        /// Starts the first load.
        public func start() {
            Task { await loader.refresh() }
        }

        /// Forward the scroll view delegate's `scrollViewDidScroll(_:)` here.
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
            Task { await loader.retry() }
        }

        private func render(_ state: ListLoadingState) {
            self.state = state
            chrome = ListChrome.decide(state, strings: strings, emptyText: emptyText, retryTitle: retryTitle)
            switch chrome.refreshControl {
            case .spinning: break  // spun by the user's pull; a programmatic refresh shows no control
            case .ended: refreshControl.endRefreshing()
            }
            spinner.isHidden = chrome.spinnerIsHidden
            footerRetry.setTitle(chrome.footerRetryTitle, for: .normal)
            footerRetry.isHidden = chrome.footerRetryIsHidden
            footer.frame.size.height = CGFloat(chrome.footerHeight)
            tableView?.tableFooterView = footer
            emptyLabel.text = chrome.message
            emptyRetry.setTitle(chrome.messageRetryTitle, for: .normal)
            emptyRetry.isHidden = chrome.messageRetryIsHidden
            emptyView.isHidden = chrome.backgroundIsHidden
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
