#if canImport(UIKit)
    import KeelDesign
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
    open class BaseViewController: UIViewController {
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
    }
#endif
