#if canImport(UIKit)
    import UIKit

    /// Builds the arranged subviews of a stack.
    @resultBuilder
    public enum ArrangedSubviewsBuilder {
        /// Collects views.
        public static func buildBlock(_ parts: [UIView]...) -> [UIView] { parts.flatMap { $0 } }
        /// A single view.
        public static func buildExpression(_ view: UIView) -> [UIView] { [view] }
        /// Several views.
        public static func buildExpression(_ views: [UIView]) -> [UIView] { views }
        /// An optional part.
        public static func buildOptional(_ part: [UIView]?) -> [UIView] { part ?? [] }
        /// The first branch of a condition.
        public static func buildEither(first part: [UIView]) -> [UIView] { part }
        /// The second branch of a condition.
        public static func buildEither(second part: [UIView]) -> [UIView] { part }
        /// A loop.
        public static func buildArray(_ parts: [[UIView]]) -> [UIView] { parts.flatMap { $0 } }
    }

    extension UIStackView {
        /// A stack with its arranged subviews, spacing, alignment, distribution and insets (what
        /// ``VStackView`` and ``HStackView``, the spellings apps write, build).
        package convenience init(
            axis: NSLayoutConstraint.Axis,
            spacing: CGFloat = 0,
            alignment: UIStackView.Alignment = .fill,
            distribution: UIStackView.Distribution = .fill,
            insets: NSDirectionalEdgeInsets? = nil,
            @ArrangedSubviewsBuilder _ content: () -> [UIView]
        ) {
            self.init(arrangedSubviews: content())
            self.axis = axis
            self.spacing = spacing
            self.alignment = alignment
            self.distribution = distribution
            if let insets {
                isLayoutMarginsRelativeArrangement = true
                directionalLayoutMargins = insets
            }
        }
    }

    /// A vertical stack built declaratively:
    ///
    /// ```swift
    /// let form = VStackView(spacing: 12, insets: .init(top: 16, leading: 16, bottom: 16, trailing: 16)) {
    ///     UILabel().text("Name")
    ///     nameField
    ///     HStackView(spacing: 8) { cancelButton; saveButton }
    /// }
    /// ```
    public final class VStackView: UIStackView {
        /// Creates the stack.
        public convenience init(
            spacing: CGFloat = 0,
            alignment: UIStackView.Alignment = .fill,
            distribution: UIStackView.Distribution = .fill,
            insets: NSDirectionalEdgeInsets? = nil,
            @ArrangedSubviewsBuilder _ content: () -> [UIView]
        ) {
            self.init(
                axis: .vertical, spacing: spacing, alignment: alignment, distribution: distribution,
                insets: insets,
                content)
        }
    }

    /// A horizontal stack built declaratively; see ``VStackView``.
    public final class HStackView: UIStackView {
        /// Creates the stack.
        public convenience init(
            spacing: CGFloat = 0,
            alignment: UIStackView.Alignment = .fill,
            distribution: UIStackView.Distribution = .fill,
            insets: NSDirectionalEdgeInsets? = nil,
            @ArrangedSubviewsBuilder _ content: () -> [UIView]
        ) {
            self.init(
                axis: .horizontal, spacing: spacing, alignment: alignment, distribution: distribution,
                insets: insets,
                content)
        }
    }
#endif
