#if canImport(UIKit)
    import UIKit

    /// Something constraints can pin to: a view or a layout guide (such as the safe area).
    @MainActor
    public protocol LayoutAnchorProviding {
        /// The leading edge.
        var leadingAnchor: NSLayoutXAxisAnchor { get }
        /// The trailing edge.
        var trailingAnchor: NSLayoutXAxisAnchor { get }
        /// The top edge.
        var topAnchor: NSLayoutYAxisAnchor { get }
        /// The bottom edge.
        var bottomAnchor: NSLayoutYAxisAnchor { get }
        /// The horizontal centre.
        var centerXAnchor: NSLayoutXAxisAnchor { get }
        /// The vertical centre.
        var centerYAnchor: NSLayoutYAxisAnchor { get }
        /// The width.
        var widthAnchor: NSLayoutDimension { get }
        /// The height.
        var heightAnchor: NSLayoutDimension { get }
    }

    extension UIView: LayoutAnchorProviding {}
    extension UILayoutGuide: LayoutAnchorProviding {}

    /// Auto Layout helpers replacing the original foundation's SnapKit extensions. Each adds the
    /// view to nothing and turns off `translatesAutoresizingMaskIntoConstraints`; each activates
    /// and returns its constraints.
    extension UIView {
        /// Pins all four edges to `target` (a view or a layout guide such as
        /// `safeAreaLayoutGuide`), inset by `insets`, leading/trailing so RTL mirrors.
        @discardableResult
        public func pinEdges(to target: LayoutAnchorProviding, insets: NSDirectionalEdgeInsets = .zero)
            -> [NSLayoutConstraint]
        {
            activate([
                leadingAnchor.constraint(equalTo: target.leadingAnchor, constant: insets.leading),
                trailingAnchor.constraint(equalTo: target.trailingAnchor, constant: -insets.trailing),
                topAnchor.constraint(equalTo: target.topAnchor, constant: insets.top),
                bottomAnchor.constraint(equalTo: target.bottomAnchor, constant: -insets.bottom),
            ])
        }

        /// Pins all four edges with the same inset.
        @discardableResult
        public func pinEdges(to target: LayoutAnchorProviding, insets: CGFloat) -> [NSLayoutConstraint] {
            pinEdges(
                to: target,
                insets: NSDirectionalEdgeInsets(
                    top: insets, leading: insets, bottom: insets, trailing: insets))
        }

        /// Pins the edges to the superview's safe area.
        @discardableResult
        public func pinToSafeArea(insets: NSDirectionalEdgeInsets = .zero) -> [NSLayoutConstraint] {
            guard let superview else { return [] }
            return pinEdges(to: superview.safeAreaLayoutGuide, insets: insets)
        }

        /// Fixes the width and/or height.
        @discardableResult
        public func size(width: CGFloat? = nil, height: CGFloat? = nil) -> [NSLayoutConstraint] {
            var constraints: [NSLayoutConstraint] = []
            if let width { constraints.append(widthAnchor.constraint(equalToConstant: width)) }
            if let height { constraints.append(heightAnchor.constraint(equalToConstant: height)) }
            return activate(constraints)
        }

        /// Centres the view in `target`, optionally offset.
        @discardableResult
        public func center(in target: LayoutAnchorProviding, offset: CGPoint = .zero) -> [NSLayoutConstraint]
        {
            activate([
                centerXAnchor.constraint(equalTo: target.centerXAnchor, constant: offset.x),
                centerYAnchor.constraint(equalTo: target.centerYAnchor, constant: offset.y),
            ])
        }

        private func activate(_ constraints: [NSLayoutConstraint]) -> [NSLayoutConstraint] {
            translatesAutoresizingMaskIntoConstraints = false
            NSLayoutConstraint.activate(constraints)
            return constraints
        }
    }
#endif
