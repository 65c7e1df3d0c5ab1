import Foundation
import KeelLayout
import Testing

/// Each flexbox feature added for completeness, backed by the browser-generated fixtures that
/// exercise it (every variant: border-box and content-box, left-to-right and right-to-left).
@Suite("Flexbox features backed by fixtures")
struct FlexFeatureFixtureTests {
    /// Fixture base names per feature.
    static let features: [(feature: String, fixtures: [String])] = [
        (
            "overflow: scroll containers shrink below their content; scrollbars take space",
            [
                "content_size", "measure_child_with_flex_shrink_hidden", "overflow_main_axis_shrink_hidden",
                "overflow_main_axis_shrink_scroll", "overflow_scrollbars_take_up_space_both_axis",
                "overflow_scrollbars_take_up_space_cross_axis", "overflow_scrollbars_take_up_space_main_axis",
                "taffy_issue_696_overflow_hidden", "absolute_resolved_insets",
                "overflow_scrollbars_overridden_by_size", "overflow_scrollbars_overridden_by_max_size",
                "overflow_scrollbars_overridden_by_available_space",
            ]
        ),
        (
            "size keywords: min-content, max-content, fit-content, stretch and content",
            [
                "flex_basis_content_column", "flex_basis_content_row", "flex_basis_fit_content_row",
                "flex_basis_min_content_row", "flex_basis_stretch_column", "flex_basis_stretch_row",
                "flex_item_height_stretch", "flex_item_width_keywords", "flex_item_width_stretch",
                "flex_absolute_width_keywords", "flex_absolute_width_stretch_inset_margin",
            ]
        ),
        (
            "safe alignment: an overflowing item, line or content aligns to the start",
            [
                "absolute_safe_align_self_end_overflow", "flex_safe_align_content_end_overflow",
                "flex_safe_align_self_center_overflow", "flex_safe_align_self_end_overflow",
                "flex_safe_justify_content_center_overflow", "flex_safe_justify_content_end_overflow",
                "absolute_safe_justify_content_end_overflow",
            ]
        ),
        (
            "definite sizes: a height flexed in an auto-height column is indefinite for percentages",
            [
                "flex_percent_child_of_indefinite_basis_item_is_auto",
                "flex_min_height_percent_of_indefinite_basis_item_is_auto",
                "flex_percent_propagates_through_nested_flex_container",
                "wrap_column_indefinite_main_size_percent_basis",
                "flex_percent_child_of_definite_basis_item_resolves",
                "flex_percent_child_of_definite_height_item_resolves",
                "flex_percent_child_of_aspect_ratio_stretched_item_resolves",
                "flex_percent_child_of_grown_item_in_definite_container_resolves",
                "wrap_column_definite_main_size_percent_basis",
            ]
        ),
        (
            "aspect ratio: a stretched cross size is clamped by the item's own limits, not transferred ones",
            [
                "aspect_ratio_flex_column_stretch_fill_height",
                "aspect_ratio_flex_column_stretch_fill_max_height",
                "aspect_ratio_flex_column_stretch_fill_max_width",
                "aspect_ratio_flex_column_stretch_fill_width",
                "aspect_ratio_flex_row_stretch_fill_height", "aspect_ratio_flex_row_stretch_fill_max_height",
                "aspect_ratio_flex_row_stretch_fill_max_width", "aspect_ratio_flex_row_stretch_fill_width",
            ]
        ),
        (
            "wrap-reverse baselines: baseline-aligned items sit against the line's after edge",
            ["align_baseline_wrap_reverse", "flex_container_baseline_wrap_reverse_multiline_text"]
        ),
        (
            "column baselines: a box's baseline in a column is its left border edge",
            ["align_baseline_multiline_column", "align_baseline_multiline_column2", "align_baseline_column"]
        ),
        (
            "balanced line counts: a least count, a share of the cross space, a balanced max-content size",
            [
                "balance_row_min_content_line_count", "balance_row_line_count_fit_content",
                "balance_column_line_count_cross_space", "balance_row_line_count",
                "balance_row_line_count_exceeds_items",
                "balance_row_intrinsic_line_count", "balance_column_intrinsic_line_count",
                "balance_column_line_count_content_measure", "balance_row_max_content_uneven_line_count",
            ]
        ),
        (
            "vertical text: a leaf whose measure function runs its lines down sizes by its height",
            [
                "intrinsic_sizing_main_size_column", "intrinsic_sizing_main_size_column_nested",
                "intrinsic_sizing_main_size_column_wrap",
            ]
        ),
    ]

    static var arguments: [String] { features.map(\.feature) }

    @Test("every variant of the feature's fixtures matches the browser", arguments: arguments)
    func feature(_ feature: String) throws {
        let bases = try #require(Self.features.first { $0.feature == feature }).fixtures
        let fixtures = try FixtureLibrary.all.get()
        for base in bases {
            let variants = fixtures.filter { $0.fileName.hasPrefix(base + "__") }
            #expect(variants.count == 4, "\(base): \(variants.count) variants")
            for fixture in variants {
                let mismatch = FixtureTree.check(fixture)
                #expect(mismatch == nil, "\(fixture.fileName): \(mismatch ?? "")")
            }
        }
    }

    @Test(
        "a percentage height inside an item grown in an auto-height column is auto, unless the item's size is definite"
    )
    func flexedHeightDefiniteness() {
        /// The height of a `height: 100%` leaf inside the one item of a column with the given
        /// height, the item styled by `configure`.
        func percentChildHeight(columnHeight: Length, _ configure: (inout LayoutStyle) -> Void) -> Double {
            var leafStyle = LayoutStyle()
            leafStyle.height = .percent(100)
            let leaf = LayoutNode(leafStyle)
            var itemStyle = LayoutStyle()
            itemStyle.flexDirection = .column
            itemStyle.flexGrow = 1
            configure(&itemStyle)
            let item = LayoutNode(itemStyle, children: [leaf])
            var columnStyle = LayoutStyle()
            columnStyle.flexDirection = .column
            columnStyle.width = 200
            columnStyle.height = columnHeight
            columnStyle.minimumHeight = 200
            let column = LayoutNode(columnStyle, children: [item])
            return column.layout(width: .maxContent, height: .maxContent).frame(of: leaf)?.height ?? -1
        }
        // The item grows to 200, but from an indefinite basis in an indefinite column.
        #expect(percentChildHeight(columnHeight: .auto) { _ in } == 0)
        // A length basis, an own height, or a definite column make the flexed height definite.
        #expect(percentChildHeight(columnHeight: .auto) { $0.flexBasis = 50 } == 200)
        #expect(percentChildHeight(columnHeight: .auto) { $0.height = 50 } == 200)
        #expect(percentChildHeight(columnHeight: .points(300)) { _ in } == 300)
        // A row's stretched or flexed heights are not affected: the leaf fills its row item.
        var rowLeafStyle = LayoutStyle()
        rowLeafStyle.height = .percent(100)
        let rowLeaf = LayoutNode(rowLeafStyle)
        var rowItemStyle = LayoutStyle()
        rowItemStyle.flexGrow = 1
        let rowItem = LayoutNode(rowItemStyle, children: [rowLeaf])
        var rowStyle = LayoutStyle()
        rowStyle.minimumHeight = 120
        let row = LayoutNode(rowStyle, children: [rowItem])
        #expect(row.layout(width: .definite(200), height: .maxContent).frame(of: rowLeaf)?.height == 120)
    }

    @Test("a stretched item with an aspect ratio fills the line; the ratio's axis takes its own maximum")
    func aspectRatioStretch() {
        // A column 100 wide: the item stretches to 100 (its max-height of 20 would transfer
        // to a max-width of 40 through the ratio, which does not limit a stretched width), and
        // its height follows the ratio (50) clamped by its own max-height.
        var itemStyle = LayoutStyle()
        itemStyle.aspectRatio = 2
        itemStyle.maximumHeight = 20
        let item = LayoutNode(itemStyle, measure: .intrinsic(Size(width: 30, height: 10)))
        var columnStyle = LayoutStyle()
        columnStyle.flexDirection = .column
        columnStyle.width = 100
        columnStyle.height = 100
        let column = LayoutNode(columnStyle, children: [item])
        #expect(column.layout().frame(of: item) == Rect(x: 0, y: 0, width: 100, height: 20))
        // The same in a row: stretched to the row's 100 height, the width is 200 by the ratio,
        // clamped to the item's own max-width of 40.
        var rowItemStyle = LayoutStyle()
        rowItemStyle.aspectRatio = 2
        rowItemStyle.maximumWidth = 40
        let rowItem = LayoutNode(rowItemStyle, measure: .intrinsic(Size(width: 30, height: 10)))
        var rowStyle = LayoutStyle()
        rowStyle.width = 100
        rowStyle.height = 100
        let row = LayoutNode(rowStyle, children: [rowItem])
        #expect(row.layout().frame(of: rowItem) == Rect(x: 0, y: 0, width: 40, height: 100))
        // An own cross maximum still limits the stretch.
        var limitedStyle = itemStyle
        limitedStyle.maximumWidth = 60
        let limited = LayoutNode(limitedStyle, measure: .intrinsic(Size(width: 30, height: 10)))
        let limitedColumn = LayoutNode(columnStyle, children: [limited])
        #expect(limitedColumn.layout().frame(of: limited) == Rect(x: 0, y: 0, width: 60, height: 20))
    }

    @Test("in a wrap-reverse row, baseline-aligned items keep their baselines aligned at the line's bottom")
    func wrapReverseBaselines() {
        let items = [fixedBox(50, 10), fixedBox(50, 30), fixedBox(70, 20)]
        var rowStyle = LayoutStyle()
        rowStyle.flexWrap = .wrapReverse
        rowStyle.alignItems = .baseline
        rowStyle.width = 100
        rowStyle.height = 100
        let row = LayoutNode(rowStyle, children: items)
        let result = row.layout()
        // Lines of 30 and 20 stretch to 55 and 45; wrap-reverse puts the first at the bottom.
        // Without baselines of their own, the items' baselines are their bottom edges, so the
        // group lines up on the line's bottom edge.
        #expect(result.frame(of: items[0]) == Rect(x: 0, y: 90, width: 50, height: 10))
        #expect(result.frame(of: items[1]) == Rect(x: 50, y: 70, width: 50, height: 30))
        #expect(result.frame(of: items[2]) == Rect(x: 0, y: 25, width: 70, height: 20))
    }

    @Test(
        "baseline alignment in a column lines up the items' left edges; right to left, the widest is flush right"
    )
    func columnBaselines() {
        func layout(_ direction: TextDirection) -> [Rect?] {
            func box(_ width: Double) -> LayoutNode {
                var style = LayoutStyle()
                style.width = .points(width)
                style.height = 10
                return LayoutNode(style)
            }
            let items = [box(60), box(20)]
            var columnStyle = LayoutStyle()
            columnStyle.flexDirection = .column
            columnStyle.alignItems = .baseline
            columnStyle.direction = direction
            columnStyle.width = 100
            columnStyle.height = 100
            let column = LayoutNode(columnStyle, children: items)
            let result = column.layout()
            return items.map { result.frame(of: $0) }
        }
        // The cross axis is horizontal: a box's baseline there is synthesized at its line-under
        // edge as in a vertical writing mode, its physical left border edge. Left to right the
        // cross start is the left, so every item is flush left.
        #expect(
            layout(.leftToRight) == [
                Rect(x: 0, y: 0, width: 60, height: 10), Rect(x: 0, y: 10, width: 20, height: 10),
            ])
        // Right to left the cross start is the right: the item farthest from its baseline (the
        // widest) is flush right, and the others line their left edges up with it.
        #expect(
            layout(.rightToLeft) == [
                Rect(x: 40, y: 0, width: 60, height: 10), Rect(x: 40, y: 10, width: 20, height: 10),
            ])
    }

    @Test("a balanced line count is a least count; it shares out the cross space and sizes max-content")
    func balancedLineCount() {
        func balancedRow(_ items: [LayoutNode], width: Length) -> LayoutNode {
            var style = LayoutStyle()
            style.balancesLines = true
            style.lineCount = 2
            style.columnGap = 10
            style.width = width
            return LayoutNode(style, children: items)
        }
        // Three 80-wide items in a 100-wide row need three lines, though two were asked for.
        let narrow = [fixedBox(80, 10), fixedBox(80, 10), fixedBox(80, 10)]
        let narrowRow = balancedRow(narrow, width: 100)
        let narrowResult = narrowRow.layout()
        #expect(narrow.map { narrowResult.frame(of: $0)?.y } == [0, 10, 20])
        // Four 30-wide items fit on one line of 200, but two lines were asked for: a row sized
        // `fitContent` in a column takes the widest balanced line (30 + 10 + 30), not the space.
        let four = [fixedBox(30, 10), fixedBox(30, 10), fixedBox(30, 10), fixedBox(30, 10)]
        let fitRow = balancedRow(four, width: .fitContent)
        var columnStyle = LayoutStyle()
        columnStyle.flexDirection = .column
        columnStyle.alignItems = .flexStart
        columnStyle.width = 200
        let column = LayoutNode(columnStyle, children: [fitRow])
        let fitResult = column.layout()
        #expect(fitResult.frame(of: fitRow) == Rect(x: 0, y: 0, width: 70, height: 20))
        #expect(fitResult.frame(of: four[2]) == Rect(x: 0, y: 10, width: 30, height: 10))
        // A balanced column of two lines measures its items in half the cross space (less the
        // gap): a text item that would be 300 wide wraps to 95.
        let text = LayoutNode(
            LayoutStyle(),
            measure: MeasureFunction { request in
                let width = min(request.knownWidth ?? request.availableWidth.value ?? 300, 300)
                return Size(width: width, height: 10 * (300 / max(width, 1)).rounded(.up))
            })
        var balancedColumnStyle = LayoutStyle()
        balancedColumnStyle.flexDirection = .column
        balancedColumnStyle.balancesLines = true
        balancedColumnStyle.lineCount = 2
        balancedColumnStyle.alignItems = .flexStart
        balancedColumnStyle.columnGap = 10
        balancedColumnStyle.width = 200
        balancedColumnStyle.height = 100
        let balancedColumn = LayoutNode(balancedColumnStyle, children: [text, fixedBox(30, 60)])
        #expect(balancedColumn.layout().frame(of: text)?.width == 95)
    }

    @Test("a scroll container's automatic minimum is zero; a visible one keeps its content size")
    func scrollContainerMinimum() {
        func itemWidth(_ overflow: Overflow) -> Double {
            var style = LayoutStyle()
            style.overflow = overflow
            let item = LayoutNode(style, measure: .intrinsic(Size(width: 120, height: 10)))
            var rowStyle = LayoutStyle()
            rowStyle.width = 50
            let row = LayoutNode(rowStyle, children: [item])
            return row.layout().frame(of: item)?.width ?? -1
        }
        #expect(itemWidth(.visible) == 120)
        #expect(itemWidth(.clip) == 120)
        #expect(itemWidth(.hidden) == 50)
        #expect(itemWidth(.scroll) == 50)
    }

    @Test("scrollbar gutters: right (left in right-to-left) and bottom; bad widths count as zero")
    func gutters() {
        func child(rtl: Bool, width: Double, overflowX: Overflow = .scroll) -> Rect? {
            var style = LayoutStyle()
            style.overflowX = overflowX
            style.overflowY = .scroll
            style.scrollbarWidth = width
            style.width = 100
            style.height = 80
            var childStyle = LayoutStyle()
            childStyle.flexGrow = 1
            let leaf = LayoutNode(childStyle)
            let root = LayoutNode(style, children: [leaf])
            return root.layout(
                configuration: LayoutConfiguration(direction: rtl ? .rightToLeft : .leftToRight)
            )
            .frame(of: leaf)
        }
        #expect(child(rtl: false, width: 12) == Rect(x: 0, y: 0, width: 88, height: 68))
        #expect(child(rtl: true, width: 12) == Rect(x: 12, y: 0, width: 88, height: 68))
        #expect(child(rtl: false, width: 12, overflowX: .hidden) == Rect(x: 0, y: 0, width: 88, height: 80))
        for bad in [Double.nan, -5, .infinity] {
            let frame = child(rtl: false, width: bad)
            #expect(frame.map { $0.width.isFinite && $0.height.isFinite && $0.width >= 0 } == true)
        }
        #expect(child(rtl: false, width: .nan) == Rect(x: 0, y: 0, width: 100, height: 80))
        #expect(child(rtl: false, width: -5) == Rect(x: 0, y: 0, width: 100, height: 80))
    }

    @Test("a root sized by a keyword: measured content, clamped by min and max; stretch fills")
    func rootKeywords() {
        func rootWidth(_ keyword: Length, maximum: Length = .auto) -> Double {
            var style = LayoutStyle()
            style.width = keyword
            style.maximumWidth = maximum
            style.padding = Edges(all: 2)
            let words = [LayoutNode(LayoutStyle(), measure: AhemText.measure("HH\u{200B}HHHH"))]
            let root = LayoutNode(style, children: words)
            return root.layout(width: .definite(300), height: .maxContent).frame(of: root)?.width ?? -1
        }
        #expect(rootWidth(.minContent) == 44)  // the longer word, 40, plus padding
        #expect(rootWidth(.maxContent) == 64)
        #expect(rootWidth(.fitContent) == 64)
        #expect(rootWidth(.stretch) == 300)
        #expect(rootWidth(.maxContent, maximum: 50) == 50)
        #expect(rootWidth(.auto) == 300)
    }

    @Test("vertical text's content sizes are heights: a column sizes its main axis from them")
    func verticalText() {
        // "HH​HH" set vertically: two 20-point words, one 40-point line at max-content.
        func column(wrap: Bool, height: AvailableSpace) -> (Rect?, [Rect?]) {
            var style = LayoutStyle()
            style.flexDirection = .column
            if wrap { style.flexWrap = .wrap }
            let texts = (0..<2).map { _ in
                LayoutNode(LayoutStyle(), measure: AhemText.measure("HH\u{200B}HH", vertical: true))
            }
            let root = LayoutNode(style, children: texts)
            let result = root.layout(width: .maxContent, height: height)
            return (result.frame(of: root), texts.map { result.frame(of: $0) })
        }
        let (root, texts) = column(wrap: false, height: .maxContent)
        #expect(root == Rect(x: 0, y: 0, width: 10, height: 80))
        #expect(texts == [Rect(x: 0, y: 0, width: 10, height: 40), Rect(x: 0, y: 40, width: 10, height: 40)])
        // In a 30-point-high column each text breaks into two 20-point lines side by side.
        let (short, shortTexts) = column(wrap: false, height: .definite(30))
        #expect(short?.width == 20)
        #expect(shortTexts.map { $0?.width } == [20, 20] && shortTexts.map { $0?.height } == [20, 20])
        // Wrapped at 40 points, the second text starts a second column line.
        let (wrapped, wrappedTexts) = column(wrap: true, height: .definite(40))
        #expect(wrapped == Rect(x: 0, y: 0, width: 20, height: 40))
        #expect(
            wrappedTexts == [
                Rect(x: 0, y: 0, width: 10, height: 40), Rect(x: 10, y: 0, width: 10, height: 40),
            ])
    }

    @Test("size keywords elsewhere (margins, padding, gaps, insets) count as auto or zero")
    func keywordsElsewhere() {
        var style = LayoutStyle()
        style.margin = Edges(all: .maxContent)
        style.padding = Edges(all: .stretch)
        style.gap = .fitContent
        style.inset = Edges(all: .minContent)
        style.width = 20
        style.height = 20
        let leaf = LayoutNode(style)
        let root = LayoutNode(LayoutStyle(), children: [leaf])
        let frame = root.layout(width: .definite(100), height: .definite(100)).frame(of: leaf)
        #expect(frame == Rect(x: 0, y: 0, width: 20, height: 20))
    }

    @Test("a size min and max clamp to one value is definite for percentages")
    func clampedSizeIsDefinite() {
        for viewport in [AvailableSpace.maxContent, .minContent, .definite(500)] {
            var rootStyle = LayoutStyle()
            rootStyle.minimumWidth = 60
            rootStyle.maximumWidth = 60
            rootStyle.minimumHeight = 40
            rootStyle.maximumHeight = 30  // below the minimum: the minimum wins
            var childStyle = LayoutStyle()
            childStyle.width = .percent(50)
            childStyle.height = .percent(50)
            childStyle.flexShrink = 0
            let child = LayoutNode(childStyle)
            let root = LayoutNode(rootStyle, children: [child])
            let result = root.layout(width: viewport, height: viewport)
            #expect(result.frame(of: root)?.width == 60, "\(viewport)")
            #expect(result.frame(of: child) == Rect(x: 0, y: 0, width: 30, height: 20), "\(viewport)")
        }
    }

    @Test("the root's insets offset it, before rounding; percentages of the viewport")
    func rootInsets() {
        func rootFrame(_ inset: Edges<Length>, scale: Double? = 1) -> Rect? {
            var style = LayoutStyle()
            style.width = 10
            style.height = 10
            style.inset = inset
            style.margin = Edges(left: 1, right: 0, top: 2, bottom: 0)
            let root = LayoutNode(style)
            return root.layout(
                width: .definite(200), height: .definite(100),
                configuration: LayoutConfiguration(pointScale: scale)
            ).frame(of: root)
        }
        #expect(
            rootFrame(Edges(top: 5, left: 7, bottom: .auto, right: .auto))
                == Rect(x: 8, y: 7, width: 10, height: 10))
        #expect(
            rootFrame(Edges(top: .auto, left: .auto, bottom: 3, right: 4))
                == Rect(x: -3, y: -1, width: 10, height: 10))
        #expect(
            rootFrame(Edges(top: 1, left: 2, bottom: 50, right: 50))
                == Rect(x: 3, y: 3, width: 10, height: 10))
        #expect(
            rootFrame(Edges(top: .percent(10), left: .percent(10), bottom: .auto, right: .auto))
                == Rect(x: 21, y: 12, width: 10, height: 10))
        #expect(
            rootFrame(Edges(top: 0.4, left: 0.6, bottom: .auto, right: .auto))
                == Rect(x: 2, y: 2, width: 10, height: 10))
        #expect(
            rootFrame(Edges(top: 0.4, left: 0.6, bottom: .auto, right: .auto), scale: nil)
                == Rect(x: 1.6, y: 2.4, width: 10, height: 10))
        #expect(rootFrame(Edges(all: .points(.nan))) == Rect(x: 1, y: 2, width: 10, height: 10))
    }
}

/// A leaf of a fixed border-box size.
private func fixedBox(_ width: Double, _ height: Double) -> LayoutNode {
    var style = LayoutStyle()
    style.width = .points(width)
    style.height = .points(height)
    return LayoutNode(style)
}
