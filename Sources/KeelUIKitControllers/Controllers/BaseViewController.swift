#if canImport(UIKit)
    import KeelDesign
    import KeelLists
    import UIKit

    /// The original app foundation's base controller: `setupUI()` builds the views,
    /// `setupLayout()` constrains them, `bind()` connects data, in that order, once, from
    /// `viewDidLoad()`; `applyTheme(_:)` runs whenever the scene's theme or a relevant trait
    /// changes.
    ///
    /// ```swift
    /// final class ProfileViewController: BaseViewController {
    ///     private let nameLabel = UILabel()
    ///     override func setupUI() { view.addSubview(nameLabel) }
    ///     override func setupLayout() { nameLabel.pinEdges(to: view.safeAreaLayoutGuide, insets: 16) }
    ///     override func bind() { nameLabel.text = viewModel.name }
    ///     override func applyTheme(_ theme: KeelThemeResolver) { nameLabel.textColor = UIColor(keel: theme.color(.textPrimary)) }
    /// }
    /// ```
    ///
    /// It also drives lists: ``configureList(on:refresh:loadMore:emptyState:)`` installs a
    /// ``ListHelper`` on a table or collection view the page created. It keeps every list it
    /// configured alive, one entry per list view, and receives their scrolling
    /// (``scrollViewDidScroll(_:)``) to drive load more; a subclass that overrides
    /// ``scrollViewDidScroll(_:)`` calls `super`.
    open class BaseViewController: UIViewController, UIScrollViewDelegate {
        /// The resolver for the current theme and traits.
        public private(set) var theme = KeelThemeResolver(theme: KeelThemeContext.global.theme)
        private var themeBinding: ThemeBinding?

        /// Runs the set-up lifecycle, then applies the theme.
        override open func viewDidLoad() {
            super.viewDidLoad()
            setupUI()
            setupLayout()
            bind()
            themeBinding = ThemeBinding(view: view) { [weak self] resolver in
                self?.theme = resolver
                self?.applyTheme(resolver)
            }
        }

        /// Re-applies the theme when a relevant trait changed.
        override open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
            super.traitCollectionDidChange(previousTraitCollection)
            themeBinding?.refresh()
        }

        /// Picks up the scene's theme context once the view is in a window.
        override open func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            themeBinding?.refresh()
        }

        /// Creates and adds subviews. Called once, first.
        open func setupUI() {}
        /// Adds constraints. Called once, after ``setupUI()``.
        open func setupLayout() {}
        /// Connects data and actions. Called once, after ``setupLayout()``.
        open func bind() {}
        /// Applies colours, fonts and metrics; called at load and on every theme or trait change.
        open func applyTheme(_ theme: KeelThemeResolver) {}

        // MARK: Lists

        /// Drives `scrollView` (a table or collection view) with a ``ListHelper``: pull-to-refresh
        /// runs `refresh` (a refresh control is installed only when it is given), nearing the
        /// bottom runs `loadMore` — one at a time, and no more once it returned `false`, until
        /// the next refresh — with a footer spinner below a table's rows while it loads, and
        /// `emptyState` shows behind the list when the list is empty (or when
        /// ``ListHelper/setEmptyStateVisible(_:)`` says so). The
        /// first refresh starts at once. The controller keeps the helper (one per list view) and,
        /// when the list has no delegate yet, becomes it, so ``scrollViewDidScroll(_:)`` reaches
        /// the helper.
        @discardableResult
        public func configureList(
            on scrollView: UIScrollView,
            refresh: (@MainActor @Sendable () async throws -> Void)? = nil,
            loadMore: (@MainActor @Sendable () async throws -> Bool)? = nil,
            emptyState: ListEmptyStateConfiguration? = nil
        ) -> ListHelper {
            let loader = ListLoader(refreshing: refresh, loadMore: loadMore)
            let helper = ListHelper(scrollView: scrollView, loader: loader, refreshes: refresh != nil)
            helper.emptyState = emptyState
            attachListHelper(helper, to: scrollView)
            helper.start()
            return helper
        }

        /// The scroll view delegate's callback: forwards to the ``ListHelper`` of `scrollView`,
        /// which loads more near the bottom. Subclasses that override it call `super`.
        open func scrollViewDidScroll(_ scrollView: UIScrollView) {
            listAttachments.helpers.value(for: scrollView)?.scrollViewDidScroll()
        }

        /// Keeps `helper` for `scrollView` and makes sure its scrolling reaches
        /// ``scrollViewDidScroll(_:)``.
        package func attachListHelper(_ helper: ListHelper, to scrollView: UIScrollView) {
            listAttachments.helpers.set(helper, for: scrollView)
            if scrollView.delegate == nil { scrollView.delegate = self }
        }
    }
#endif
