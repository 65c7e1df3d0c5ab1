#if canImport(UIKit)
    import KeelLists
    import UIKit

    /// The view ``ListHelper`` shows behind an empty or failed list: a message and an action
    /// button. The button runs ``onAction`` — by default the helper's retry of the failed load;
    /// an app replaces it (the original foundation's
    /// `configureList(…).emptyStateView.onAction = { … }`).
    @MainActor
    public final class ListEmptyStateView: UIView {
        /// The message.
        public let titleLabel = UILabel()
        /// The action button.
        public let actionButton = UIButton(type: .system)
        /// What the action button does.
        public var onAction: (() -> Void)?
        private let stack = UIStackView()

        /// Creates the view.
        override init(frame: CGRect) {
            super.init(frame: frame)
            build()
        }

        /// Creates the view from a storyboard or nib.
        required init?(coder: NSCoder) {
            super.init(coder: coder)
            build()
        }

        private func build() {
            stack.axis = .vertical
            stack.alignment = .center
            stack.spacing = CGFloat(ListChrome.messageSpacing)
            titleLabel.numberOfLines = 0
            titleLabel.textAlignment = .center
            titleLabel.font = .preferredFont(forTextStyle: .body)
            titleLabel.adjustsFontForContentSizeCategory = true
            actionButton.addTarget(self, action: #selector(actionTapped), for: .touchUpInside)
            stack.addArrangedSubview(titleLabel)
            stack.addArrangedSubview(actionButton)
            addSubview(stack)
            stack.center(in: self)
            let inset = CGFloat(ListChrome.messageInset)
            NSLayoutConstraint.activate([
                stack.leadingAnchor.constraint(greaterThanOrEqualTo: leadingAnchor, constant: inset),
                trailingAnchor.constraint(greaterThanOrEqualTo: stack.trailingAnchor, constant: inset),
                stack.topAnchor.constraint(greaterThanOrEqualTo: topAnchor, constant: inset),
                bottomAnchor.constraint(greaterThanOrEqualTo: stack.bottomAnchor, constant: inset),
            ])
        }

        /// Shows `chrome`'s message and action title.
        func render(_ chrome: ListChrome) {
            titleLabel.text = chrome.message
            actionButton.setTitle(chrome.messageRetryTitle, for: .normal)
            actionButton.isHidden = chrome.messageRetryIsHidden
            isHidden = chrome.backgroundIsHidden
        }

        @objc private func actionTapped() {
            onAction?()
        }
    }
#endif
