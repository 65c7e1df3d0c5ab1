#if canImport(UIKit)
    import KeelLists
    import UIKit

    /// The original foundation's `ListHelper`, now a renderer of the headless ``ListLoader``:
    /// pull-to-refresh with `UIRefreshControl`, a light load-more footer (spinner, or a retry
    /// button after a failure), and an empty or error state view with a retry button. Every
    /// decision — when to load more, what the state is — comes from KeelLists.
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
        /// Text of the empty state.
        public var emptyText = "Nothing here yet"
        /// Title of the retry buttons.
        public var retryTitle = "Retry"
        /// The last state rendered.
        public private(set) var state = ListLoadingState()

        private let refreshControl = UIRefreshControl()
        private let footer = UIView(frame: CGRect(x: 0, y: 0, width: 0, height: 52))
        private let spinner = UIActivityIndicatorView(style: .medium)
        private let footerRetry = UIButton(type: .system)
        private let emptyView = UIStackView()
        private let emptyLabel = UILabel()
        private let emptyRetry = UIButton(type: .system)
        private var updates: Task<Void, Never>?

        /// Attaches to `scrollView` (a table or collection view).
        public init(scrollView: UIScrollView, loader: ListLoader) {
            self.scrollView = scrollView
            self.loader = loader
            super.init()
            refreshControl.addTarget(self, action: #selector(pulled), for: .valueChanged)
            scrollView.refreshControl = refreshControl
            footer.addSubview(spinner)
            footer.addSubview(footerRetry)
            spinner.center(in: footer)
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
                contentOffset: Double(scrollView.contentOffset.y + scrollView.adjustedContentInset.top),
                contentHeight: Double(scrollView.contentSize.height),
                viewportHeight: Double(scrollView.bounds.height - scrollView.adjustedContentInset.top),
                bottomInset: Double(scrollView.adjustedContentInset.bottom))
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
            if state.phase != .refreshing, refreshControl.isRefreshing { refreshControl.endRefreshing() }
            var footerVisible = false
            spinner.stopAnimating()
            footerRetry.isHidden = true
            var background: UIView?
            switch state.phase {
            case .loadingMore:
                spinner.startAnimating()
                footerVisible = true
            case .failed(let failure) where failure.stage == .loadMore:
                footerRetry.setTitle(retryTitle, for: .normal)
                footerRetry.isHidden = false
                footerVisible = true
            case .failed(let failure):
                emptyLabel.text = String(describing: failure.error)
                emptyRetry.setTitle(retryTitle, for: .normal)
                emptyRetry.isHidden = false
                background = emptyView
            case .empty:
                emptyLabel.text = emptyText
                emptyRetry.isHidden = true
                background = emptyView
            case .idle, .refreshing, .exhausted:
                break
            }
            let footerView: UIView? = footerVisible ? footer : nil
            switch scrollView {
            case let table as UITableView:
                table.tableFooterView = footerView ?? UIView()
                table.backgroundView = background
            case let collection as UICollectionView:
                collection.backgroundView = background
            default:
                break
            }
        }
    }
#endif
