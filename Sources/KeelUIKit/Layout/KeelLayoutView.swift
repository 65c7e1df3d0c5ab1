#if canImport(UIKit)
    import UIKit
    import KeelLayout

    /// A container view that places its subviews from a KeelLayout tree.
    ///
    /// Thin by design: every layout decision is made by the headless engine. The view maps
    /// nodes to subviews, lays the tree out in its bounds at the screen's scale and direction,
    /// applies the frames (optionally animated), and answers `sizeThatFits` from the tree.
    @MainActor
    public final class KeelLayoutView: UIView {
        /// The root of the layout tree; its frames are applied to the registered subviews.
        public var root: LayoutNode {
            didSet { setNeedsLayout() }
        }

        /// Whether frame changes animate.
        public var animatesChanges = false
        /// The duration of animated frame changes, in seconds.
        public var animationDuration: TimeInterval = 0.25

        private var views: [LayoutNode.ID: UIView] = [:]
        private var nodes: [LayoutNode.ID: LayoutNode] = [:]
        private var ids: [ObjectIdentifier: LayoutNode.ID] = [:]

        /// A view laying out `root`.
        public init(root: LayoutNode = LayoutNode()) {
            self.root = root
            super.init(frame: .zero)
        }

        /// Creates the view from a storyboard or nib with an empty tree: set ``root`` and
        /// ``register(_:for:)`` the subviews in code once it is loaded.
        required init?(coder: NSCoder) {
            self.root = LayoutNode()
            super.init(coder: coder)
        }

        /// Adds `view` as a subview placed by `node`'s frame (`node` must be in the tree).
        public func register(_ view: UIView, for node: LayoutNode) {
            views[node.id] = view
            nodes[node.id] = node
            ids[ObjectIdentifier(view)] = node.id
            if view.superview !== self { addSubview(view) }
            setNeedsLayout()
        }

        /// Stops placing `view` and removes it from the view.
        public func unregister(_ node: LayoutNode) {
            let view = views.removeValue(forKey: node.id)
            view.map { ids[ObjectIdentifier($0)] = nil }
            view?.removeFromSuperview()
            nodes.removeValue(forKey: node.id)
            setNeedsLayout()
        }

        /// Marks the node of a self-sizing view dirty (call when its content changed); the view's
        /// intrinsic content size is invalidated with it, so Auto Layout follows the new size.
        public func invalidateMeasurement(of view: UIView) {
            guard let id = ids[ObjectIdentifier(view)] else { return }
            nodes[id]?.markDirty()
            invalidateIntrinsicContentSize()
            setNeedsLayout()
        }

        /// The layout configuration for the current screen scale and layout direction.
        package var configuration: LayoutConfiguration {
            LayoutConfiguration(
                direction: TextDirection(effectiveUserInterfaceLayoutDirection),
                displayScale: Double(traitCollection.displayScale))
        }

        public override func layoutSubviews() {
            super.layoutSubviews()
            let result = root.layout(
                in: Size(width: Double(bounds.width), height: Double(bounds.height)),
                configuration: configuration)
            let apply = { [views] in
                for (id, view) in views {
                    guard let frame = result.entry(of: id)?.absoluteFrame else { continue }
                    view.frame = CGRect(keel: frame)
                }
            }
            if animatesChanges, window != nil {
                UIView.animate(withDuration: animationDuration, animations: apply)
            } else {
                apply()
            }
        }

        public override func sizeThatFits(_ size: CGSize) -> CGSize {
            let fitting = root.fittingSize(
                width: .proposal(Double(size.width)), height: .proposal(Double(size.height)),
                direction: configuration.direction)
            return CGSize(keel: fitting)
        }

        public override var intrinsicContentSize: CGSize {
            sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude))
        }
    }

    /// Measure functions backed by UIKit's self-sizing (`UILabel`, buttons, image views…).
    extension MeasureFunction {
        /// Measures `view` with `sizeThatFits`. Layout must run on the main actor (as
        /// ``KeelLayoutView`` does); off it the view is not touched and the size is zero.
        @MainActor
        public static func sizeThatFits(_ view: UIView) -> MeasureFunction {
            let reference = MainActorViewReference(view)
            return MeasureFunction { request in
                guard Thread.isMainThread else { return .zero }
                return onMainThread {
                    guard let view = reference.view else { return Size.zero }
                    let fitted = view.sizeThatFits(CGSize(keel: request.proposedSize))
                    return request.resolved(fitted: fitted.keelSize)
                }
            }
        }
    }

    /// Runs main-actor code synchronously; the caller has checked that this is the main thread.
    /// (`MainActor.assumeIsolated` is not available with the iOS 16 SDK.)
    private func onMainThread<T>(_ body: @MainActor () -> T) -> T {
        withoutActuallyEscaping(body) { escapable in
            unsafeBitCast(escapable, to: (() -> T).self)()
        }
    }

    /// A weak reference to a view that crosses into `@Sendable` measure closures.
    // Invariant: `view` is only read on the main thread (checked with `Thread.isMainThread`).
    private final class MainActorViewReference: @unchecked Sendable {
        weak var view: UIView?

        init(_ view: UIView) { self.view = view }
    }
#endif
