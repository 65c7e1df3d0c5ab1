#if canImport(SwiftUI)
    import KeelLayout
    import SwiftUI

    /// A SwiftUI `Layout` driven by KeelLayout's flexbox engine, with the DSL's vocabulary:
    /// the container is one of the headless containers (`VerticalStack`, `HorizontalStack`,
    /// `Flow`, `OverlayStack`, or any `LayoutSpec`), each subview is a leaf measured through
    /// its own `sizeThatFits`, and `keelLayoutItem(_:)` gives a subview the
    /// DSL's item modifiers (`weight`, `margin`, `alignSelf`, `width`…).
    ///
    /// ```swift
    /// KeelFlexLayout.horizontal(spacing: 8, alignment: .center) {
    ///     Image(systemName: "star")
    ///     Text("Title").keelLayoutItem(Leaf().weight(1))
    ///     Text("Detail")
    /// }
    /// ```
    ///
    /// The container is built from the subviews' items by the same headless initialiser the
    /// UIKit side uses, so any container KeelLayout describes — a grid, once the engine has
    /// one — plugs in through ``init(displayScale:container:)`` without a new SwiftUI type.
    public struct KeelFlexLayout: Layout {
        /// Builds the container around the children's leaves.
        package let container: @Sendable ([LayoutSpec]) -> LayoutSpec
        /// The screen scale frames round to (0: whole points).
        package var displayScale: Double

        /// A layout whose container `container` builds around the children's leaves.
        public init(
            displayScale: Double = 0, container: @escaping @Sendable ([LayoutSpec]) -> LayoutSpec
        ) {
            self.displayScale = displayScale
            self.container = container
        }

        /// A column (`VerticalStack`).
        public static func vertical(
            spacing: Double = 0, alignment: AlignItems = .stretch, distribution: JustifyContent = .flexStart,
            displayScale: Double = 0
        ) -> KeelFlexLayout {
            KeelFlexLayout(displayScale: displayScale) { children in
                VerticalStack(spacing: spacing, alignment: alignment, distribution: distribution) { children }
                    .spec
            }
        }

        /// A row (`HorizontalStack`).
        public static func horizontal(
            spacing: Double = 0, alignment: AlignItems = .stretch, distribution: JustifyContent = .flexStart,
            displayScale: Double = 0
        ) -> KeelFlexLayout {
            KeelFlexLayout(displayScale: displayScale) { children in
                HorizontalStack(spacing: spacing, alignment: alignment, distribution: distribution) {
                    children
                }
                .spec
            }
        }

        /// Wrapping rows (`Flow`).
        public static func flow(
            spacing: Double = 0, lineSpacing: Double = 0, alignment: AlignItems = .flexStart,
            displayScale: Double = 0
        ) -> KeelFlexLayout {
            KeelFlexLayout(displayScale: displayScale) { children in
                Flow(spacing: spacing, lineSpacing: lineSpacing, alignment: alignment) { children }.spec
            }
        }

        /// Overlapping children, the first giving the size (`OverlayStack`).
        public static func overlay(
            horizontal: JustifyContent = .center, vertical: AlignItems = .center, displayScale: Double = 0
        ) -> KeelFlexLayout {
            KeelFlexLayout(displayScale: displayScale) { children in
                OverlayStack(horizontal: horizontal, vertical: vertical) { children }.spec
            }
        }

        /// A column of `content` (`VerticalStack`).
        public static func vertical<Content: View>(
            spacing: Double = 0, alignment: AlignItems = .stretch, distribution: JustifyContent = .flexStart,
            displayScale: Double = 0, @ViewBuilder content: () -> Content
        ) -> some View {
            vertical(
                spacing: spacing, alignment: alignment, distribution: distribution, displayScale: displayScale
            )(
                content)
        }

        /// A row of `content` (`HorizontalStack`).
        public static func horizontal<Content: View>(
            spacing: Double = 0, alignment: AlignItems = .stretch, distribution: JustifyContent = .flexStart,
            displayScale: Double = 0, @ViewBuilder content: () -> Content
        ) -> some View {
            horizontal(
                spacing: spacing, alignment: alignment, distribution: distribution, displayScale: displayScale
            )(
                content)
        }

        /// Wrapping rows of `content` (`Flow`).
        public static func flow<Content: View>(
            spacing: Double = 0, lineSpacing: Double = 0, alignment: AlignItems = .flexStart,
            displayScale: Double = 0, @ViewBuilder content: () -> Content
        ) -> some View {
            flow(
                spacing: spacing, lineSpacing: lineSpacing, alignment: alignment, displayScale: displayScale)(
                    content)
        }

        /// `content` overlapping, the first giving the size (`OverlayStack`).
        public static func overlay<Content: View>(
            horizontal: JustifyContent = .center, vertical: AlignItems = .center, displayScale: Double = 0,
            @ViewBuilder content: () -> Content
        ) -> some View {
            overlay(horizontal: horizontal, vertical: vertical, displayScale: displayScale)(content)
        }

        /// The tree for `subviews`: the container around one measured leaf per subview.
        // Left to right: SwiftUI mirrors a layout's placements itself in right-to-left.
        private func tree(_ subviews: Subviews) -> LayoutNode {
            let leaves = subviews.map { subview in
                var leaf = subview[KeelLayoutItemKey.self]
                leaf.measure = MeasureFunction.sizeThatFits(SubviewReference(subview))
                return leaf
            }
            return container(leaves).makeNode()
        }

        /// The container's size for `proposal`, from the engine.
        public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
            let size = tree(subviews).fittingSize(
                width: .optionalProposal(proposal.width.map(Double.init)),
                height: .optionalProposal(proposal.height.map(Double.init)))
            return CGSize(keel: size)
        }

        /// Places each subview at its leaf's frame in `bounds`.
        public func placeSubviews(
            in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()
        ) {
            let root = tree(subviews)
            let result = root.layout(
                in: bounds.size.keelSize,
                configuration: LayoutConfiguration(direction: .leftToRight, displayScale: displayScale))
            for (subview, node) in zip(subviews, root.children) {
                guard let frame = result.absoluteFrame(of: node) else { continue }
                subview.place(keel: frame, in: bounds)
            }
        }
    }

    /// A subview's flex item: a leaf with the DSL's item modifiers (its measure is the view).
    struct KeelLayoutItemKey: LayoutValueKey {
        static let defaultValue = Leaf().spec
    }

    extension View {
        /// How this view sits in a ``KeelFlexLayout``: a DSL item such as
        /// `Leaf().weight(1).margin(8)` or `FlexibleSpace()` (its measure is ignored; the view
        /// measures itself).
        public func keelLayoutItem(_ item: some LayoutComponent) -> some View {
            layoutValue(key: KeelLayoutItemKey.self, value: item.spec)
        }
    }

    /// A layout subview crossing into the engine's `@Sendable` measure closures.
    // Invariant: made, used and dropped inside one `Layout` call on the main thread; the tree
    // holding it is never stored or sent to another task.
    struct SubviewReference: @unchecked Sendable {
        let subview: LayoutSubview

        init(_ subview: LayoutSubview) { self.subview = subview }
    }

    extension MeasureFunction {
        /// Measures a SwiftUI subview with `sizeThatFits` and the request's optional proposal.
        static func sizeThatFits(_ reference: SubviewReference) -> MeasureFunction {
            MeasureFunction { request in
                let proposal = request.idealProposal
                let fitted = reference.subview.sizeThatFits(
                    ProposedViewSize(
                        width: proposal.width.map { CGFloat($0) }, height: proposal.height.map { CGFloat($0) }
                    ))
                return request.resolved(fittedAnswer: fitted.keelSize)
            }
        }
    }
#endif
