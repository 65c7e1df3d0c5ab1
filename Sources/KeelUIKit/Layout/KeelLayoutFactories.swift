#if canImport(UIKit)
    import UIKit
    import KeelLayout

    /// TangramKit's linear layouts as ``KeelLayoutView``s (the original foundation's
    /// `TGLayout.vertical(spacing:) { … }`):
    ///
    /// ```swift
    /// let layout = KeelLayout.vertical(spacing: 12) {
    ///     titleLabel
    ///     avatarView
    /// }
    /// view.addSubview(layout)
    /// ```
    ///
    /// The containers are KeelLayout's headless `VerticalStack` and `HorizontalStack`; each
    /// view is a leaf measured with `sizeThatFits`. As in TangramKit, children keep their own
    /// size across the axis (`alignment: .flexStart`) and the layout wraps its content: it
    /// starts at its fitting size, and reports it as its intrinsic content size. Call
    /// ``KeelLayoutView/invalidateMeasurement(of:)`` when a child's content changes.
    ///
    /// In a file that imports both KeelUIKit and the KeelLayout module, `KeelLayout` names this
    /// namespace; the module's types are reached unqualified (`VerticalStack`, `LayoutNode`).
    @MainActor
    public enum KeelLayout {
        /// A column of `content`, `spacing` points apart.
        public static func vertical(
            spacing: CGFloat = 0, alignment: AlignItems = .flexStart,
            @ArrangedSubviewsBuilder _ content: () -> [UIView]
        ) -> KeelLayoutView {
            let views = content()
            let leaves = views.map { LayoutSpec(measure: .sizeThatFits($0)) }
            let spec = VerticalStack(spacing: Double(spacing), alignment: alignment) { leaves }.spec
            return KeelLayoutView(spec: spec, views: views)
        }

        /// A row of `content`, `spacing` points apart.
        public static func horizontal(
            spacing: CGFloat = 0, alignment: AlignItems = .flexStart,
            @ArrangedSubviewsBuilder _ content: () -> [UIView]
        ) -> KeelLayoutView {
            let views = content()
            let leaves = views.map { LayoutSpec(measure: .sizeThatFits($0)) }
            let spec = HorizontalStack(spacing: Double(spacing), alignment: alignment) { leaves }.spec
            return KeelLayoutView(spec: spec, views: views)
        }

        /// A CSS grid of `content`: the views fill the `columns` row by row (rows are added as
        /// needed, `rowSize` each), each view's cell sized by its `sizeThatFits`. For areas,
        /// spans and explicit lines, build a `GridContainer` spec and lay it out with
        /// ``KeelLayoutView/init(root:)``; the view lays grids out like any KeelLayout tree.
        public static func grid(
            columns: [GridTemplateEntry], rowSize: GridTrackSize = .auto, columnSpacing: CGFloat = 0,
            rowSpacing: CGFloat = 0, @ArrangedSubviewsBuilder _ content: () -> [UIView]
        ) -> KeelLayoutView {
            let views = content()
            var style = LayoutStyle()
            style.display = .grid
            style.columnGap = .points(Double(columnSpacing))
            style.rowGap = .points(Double(rowSpacing))
            style.grid.templateColumns = columns
            style.grid.autoRows = [rowSize]
            let leaves = views.map { LayoutSpec(measure: .sizeThatFits($0)) }
            return KeelLayoutView(spec: LayoutSpec(style: style, children: leaves), views: views)
        }
    }

    extension KeelLayoutView {
        /// A view laying out `spec`, whose children are `views` in order, sized to fit them.
        convenience init(spec: LayoutSpec, views: [UIView]) {
            let root = spec.makeNode()
            self.init(root: root)
            for (view, node) in zip(views, root.children) { register(view, for: node) }
            frame.size = intrinsicContentSize
        }
    }
#endif
