/// The flexbox algorithm for one container (CSS Flexible Box Layout §9), run by
/// ``LayoutEngine/computeNode(_:_:mode:)``.
///
/// The steps follow the specification's numbering; each lives in a small method. The
/// container's own box is resolved first; then items are generated, given flex base sizes,
/// collected into lines, flexed, sized in the cross axis, aligned, and finally laid out.
final class FlexContainerLayout {
    let node: LayoutNode
    let mode: RunMode
    let pass: LayoutPass
    /// The container's border widths, mirrored for right-to-left containers (its whole
    /// resolved box is not kept: copying it into every run cost more than these four values).
    let border: Edges<Double>
    /// The scrollbar gutters inside the padding box (see `ResolvedBox.gutterWidth`).
    let gutterWidth: Double
    let gutterHeight: Double
    let rtl: Bool
    let isRow: Bool
    let isReverse: Bool
    let isWrap: Bool
    let wrapReverse: Bool
    /// Padding plus border and scrollbar gutters, mirrored for right-to-left containers.
    let pb: Edges<Double>
    /// Padding plus border alone in each axis: the least size the container can have.
    let floorMain: Double
    let floorCross: Double
    /// The container's border-box sizes when already decided.
    let knownMain: Double?
    let knownCross: Double?
    let minMain: Double?
    let maxMain: Double?
    let minCross: Double?
    let maxCross: Double?
    /// Known content-box sizes (for stretching, free space and, see ``innerHeight``, percentages
    /// of children).
    let innerMain: Double?
    let innerCross: Double?
    /// The content-box width and height known before layout: the percentage bases for
    /// children (a flexed height that is indefinite for percentages is no basis). Stored: they
    /// are read for every child.
    let innerWidth: Double?
    let innerHeight: Double?
    /// Whether this is a column without a percentage basis for heights, so that the heights
    /// it flexes its items to may be indefinite (see ``flexedHeightIsIndefinite(_:)``).
    let flexedHeightsMayBeIndefinite: Bool
    /// The run's mutable state, behind the class's one `@exclusivity(unchecked)` property (the
    /// same per-access cost as `FlexItem`'s; a run is private to one layout call); the
    /// properties below forward to it.
    struct Fields {
        var availableMain: AvailableSpace
        var availableCross: AvailableSpace
        var containerMain: Double = 0.0
        var containerCross: Double = 0.0
        var gapMain: Double = 0.0
        var gapCross: Double = 0.0
        var items: [FlexItem] = []
        var children: [LayoutNode] = []
        var lines: [FlexLine] = []
        var hasBaselineItems: Bool = false
    }
    @exclusivity(unchecked) var fields: Fields

    /// The space items may fill.
    var availableMain: AvailableSpace {
        @inline(__always) get { fields.availableMain }
        @inline(__always) _modify { yield &fields.availableMain }
    }
    var availableCross: AvailableSpace {
        @inline(__always) get { fields.availableCross }
        @inline(__always) _modify { yield &fields.availableCross }
    }
    var containerMain: Double {
        @inline(__always) get { fields.containerMain }
        @inline(__always) _modify { yield &fields.containerMain }
    }
    var containerCross: Double {
        @inline(__always) get { fields.containerCross }
        @inline(__always) _modify { yield &fields.containerCross }
    }
    var gapMain: Double {
        @inline(__always) get { fields.gapMain }
        @inline(__always) _modify { yield &fields.gapMain }
    }
    var gapCross: Double {
        @inline(__always) get { fields.gapCross }
        @inline(__always) _modify { yield &fields.gapCross }
    }
    var items: [FlexItem] {
        @inline(__always) get { fields.items }
        @inline(__always) _modify { yield &fields.items }
    }
    /// The children the items stand for, kept for the whole run: the items and the loops over
    /// them refer to the nodes unmanaged. (Measure functions are `@Sendable` and cannot reach
    /// the tree, so nothing removes a child mid-run; this one reference per run makes sure.)
    var children: [LayoutNode] {
        @inline(__always) get { fields.children }
        @inline(__always) _modify { yield &fields.children }
    }
    var lines: [FlexLine] {
        @inline(__always) get { fields.lines }
        @inline(__always) _modify { yield &fields.lines }
    }
    /// Whether some item aligns by its baseline (the baseline passes run only then).
    var hasBaselineItems: Bool {
        @inline(__always) get { fields.hasBaselineItems }
        @inline(__always) _modify { yield &fields.hasBaselineItems }
    }

    init(node: LayoutNode, input: LayoutInput, mode: RunMode, pass: LayoutPass) {
        self.node = node
        self.mode = mode
        self.pass = pass
        // The style is read in place (`node.storedStyle`): keeping a copy per container run
        // was a memcpy of the whole style.
        var box = node.resolvedBox(parentWidth: input.parentWidth, parentHeight: input.parentHeight)
        rtl = input.rtl
        if rtl { box.mirror() }
        border = box.border
        gutterWidth = box.gutterWidth
        gutterHeight = box.gutterHeight
        isRow = node.storedStyle.flexDirection.isRow
        isReverse = node.storedStyle.flexDirection.isReverse
        isWrap = node.storedStyle.flexWrap != .noWrap || node.storedStyle.balancesLines
        wrapReverse = node.storedStyle.flexWrap == .wrapReverse
        // The scrollbar gutters take space inside the padding box (at the mirrored right: the
        // physical left of a right-to-left container) but never floor the container's size.
        var pb = box.paddingBorder
        let row = node.storedStyle.flexDirection.isRow
        floorMain = pb.mainSum(row)
        floorCross = pb.crossSum(row)
        pb.right += box.gutterWidth
        pb.bottom += box.gutterHeight
        self.pb = pb

        let (knownWidth, knownHeight) = box.knownSize(for: input)
        let isRow = self.isRow
        knownMain = isRow ? knownWidth : knownHeight
        knownCross = isRow ? knownHeight : knownWidth
        minMain = isRow ? box.minimumWidth : box.minimumHeight
        maxMain = isRow ? box.maximumWidth : box.maximumHeight
        minCross = isRow ? box.minimumHeight : box.minimumWidth
        maxCross = isRow ? box.maximumHeight : box.maximumWidth
        let pbMain = pb.mainSum(isRow)
        let pbCross = pb.crossSum(isRow)
        let innerMain = knownMain.map { max(0, $0 - pbMain) }
        let innerCross = knownCross.map { max(0, $0 - pbCross) }
        self.innerMain = innerMain
        self.innerCross = innerCross
        innerWidth = isRow ? innerMain : innerCross
        innerHeight = input.heightIsIndefiniteForPercentages ? nil : isRow ? innerCross : innerMain
        flexedHeightsMayBeIndefinite = !isRow && innerHeight == nil

        let availableWidth = ResolvedBox.contentSpace(
            known: knownWidth, available: input.availableWidth, margin: box.margin.horizontal,
            insets: pb.horizontal, maximum: box.maximumWidth)
        let availableHeight = ResolvedBox.contentSpace(
            known: knownHeight, available: input.availableHeight, margin: box.margin.vertical,
            insets: pb.vertical, maximum: box.maximumHeight)
        fields = Fields(
            availableMain: isRow ? availableWidth : availableHeight,
            availableCross: isRow ? availableHeight : availableWidth)
        let mainGap = isRow ? node.storedStyle.columnGap : node.storedStyle.rowGap
        let crossGap = isRow ? node.storedStyle.rowGap : node.storedStyle.columnGap
        gapMain = max(0, mainGap.resolve(innerMain) ?? 0)
        gapCross = max(0, crossGap.resolve(innerCross) ?? 0)
        // Balancing into at least `lineCount` lines: an item is measured in its share of a
        // definite cross space (the lines and the gaps between them divide it), as browsers do.
        if node.storedStyle.balancesLines, let lineCount = node.storedStyle.lineCount, lineCount > 1,
            case .definite(let space) = availableCross
        {
            let lines = Double(lineCount)
            availableCross = .definite(max(0, (space - (lines - 1) * gapCross) / lines))
        }
    }

    /// Whether an item laid out at the height this column flexed it to must treat that
    /// height as indefinite for its own children's percentages. CSS Flexbox §9.8: a
    /// post-flexing main size is definite when the container's main size is; like browsers,
    /// an item keeps a definite height when its flex basis is a length, its own `height` is
    /// definite, or an aspect ratio transfers a definite width. (So a percentage height inside
    /// an item that grew in an auto-height column is `auto`, as is a percentage flex basis.)
    func flexedHeightIsIndefinite(_ item: FlexItem) -> Bool {
        guard flexedHeightsMayBeIndefinite, !item.node.storedChildren.isEmpty else { return false }
        if case .points = item.flexBasisStyle { return false }
        if item.sizeMain != nil { return false }
        if item.aspectRatio != nil {
            let stretched =
                item.alignSelf == .stretch && item.crossIsAuto && !item.autoCrossStart && !item.autoCrossEnd
                && innerCross != nil
            if item.sizeCross != nil || stretched { return false }
        }
        return true
    }

    func run() -> LayoutOutput {
        if mode == .computeSize, let knownMain, let knownCross {
            return output(main: knownMain, cross: knownCross, baseline: nil)
        }
        generateItems()
        defer { pass.giveBack(items: &items, lines: &lines) }
        determineFlexBaseSizes()
        collectLines()
        determineContainerMainSize()
        if innerMain == nil {
            // Percentage gaps resolve against the now-known main size.
            let mainGap = isRow ? node.storedStyle.columnGap : node.storedStyle.rowGap
            gapMain = max(0, mainGap.resolve(containerMain - pb.mainSum(isRow)) ?? 0)
        }
        for index in lines.indices { resolveFlexibleLengths(lines[index]) }
        determineHypotheticalCrossSizes()
        if isRow, hasBaselineItems { computeBaselines() }
        computeLineCrossSizes()
        stretchLines()
        determineUsedCrossSizes()
        for index in lines.indices { distributeMainFreeSpace(lines[index]) }
        let totalLineCross = determineContainerCrossSize()
        if mode == .computeSize {
            return output(main: containerMain, cross: containerCross, baseline: nil)
        }
        alignLines(totalLineCross: totalLineCross)
        let baseline = finalLayoutPass()
        layoutAbsoluteChildren()
        if node.contentsChildCount > 0 {
            LayoutEngine.placeContentsChildren(of: node, pass: pass)
        }
        for child in node.layoutChildren where child.storedStyle.display == .none {
            LayoutEngine.hide(child, pass: pass)
        }
        return output(main: containerMain, cross: containerCross, baseline: baseline)
    }

    func output(main: Double, cross: Double, baseline: Double?) -> LayoutOutput {
        isRow
            ? LayoutOutput(width: main, height: cross, baseline: baseline)
            : LayoutOutput(width: cross, height: main, baseline: baseline)
    }

    /// Sizes a child in the container's terms: main/cross known sizes and spaces.
    func computeItem(
        _ item: LayoutNode, knownMain: Double?, knownCross: Double?, mainSpace: AvailableSpace,
        crossSpace: AvailableSpace, sizing: SizingMode, mode: RunMode, heightIsIndefinite: Bool = false
    ) -> LayoutOutput {
        LayoutEngine.computeChild(
            item, knownWidth: isRow ? knownMain : knownCross, knownHeight: isRow ? knownCross : knownMain,
            parentWidth: innerWidth, parentHeight: innerHeight,
            availableWidth: isRow ? mainSpace : crossSpace, availableHeight: isRow ? crossSpace : mainSpace,
            sizing: sizing, parentRTL: rtl, mode: mode, pass: pass,
            heightIsIndefiniteForPercentages: heightIsIndefinite)
    }

    /// The main size of an item sized from its content.
    func measureMain(_ item: FlexItem, knownCross: Double?, mainSpace: AvailableSpace) -> Double {
        if item.node.storedChildren.isEmpty, item.node.storedMeasure == nil { return item.pbMain }
        let size = computeItem(
            item.node, knownMain: nil, knownCross: knownCross, mainSpace: mainSpace,
            crossSpace: availableCross, sizing: .contentSize, mode: .computeSize)
        return isRow ? size.width : size.height
    }

    // MARK: 1. Generate items

    func generateItems() {
        // A recycled array still holds the items of the run that gave it back: they are
        // configured again in place, so items move between runs without reference counting.
        items = pass.takeItemArray()
        let reusable = items.count
        var used = 0
        defer {
            // Surplus recycled items go back to the pass's spare items.
            while items.count > used, let surplus = items.popLast() { pass.spareItems.append(surplus) }
        }
        children = node.layoutChildren
        let children = self.children
        let alignItemsSafe = node.storedStyle.safeAlignment.contains(.alignItems)
        items.reserveCapacity(children.count)
        // Children and items are used through unmanaged references (`_withUnsafeGuaranteedRef`):
        // the tree and `items` keep them alive for the whole run, and strong locals across the
        // calls below cost several retains and releases per child.
        for index in children.indices {
            let child = Unmanaged.passUnretained(children[index])
            guard
                child._withUnsafeGuaranteedRef({
                    $0.storedStyle.display != .none && $0.storedStyle.position != .absolute
                })
            else { continue }
            if used >= reusable { items.append(child._withUnsafeGuaranteedRef { pass.takeItem(for: $0) }) }
            let item = Unmanaged.passUnretained(items[used])
            used += 1
            child._withUnsafeGuaranteedRef { child in
                item._withUnsafeGuaranteedRef { item in
                    configureItem(item, for: child, alignItemsSafe: alignItemsSafe)
                }
            }
        }
    }

    /// Step 1 for one in-flow child: configures its item.
    private func configureItem(_ item: FlexItem, for child: LayoutNode, alignItemsSafe: Bool) {
        // The box is read in place from the child (see `LayoutNode.prepareBox`). Mirroring
        // for right-to-left only swaps the horizontal margins: sums of padding and border
        // are the same either way.
        child.prepareBox(parentWidth: innerWidth, parentHeight: innerHeight)
        var margin = child.cachedBox.margin
        var auto = child.cachedBox.autoMargin
        if rtl {
            swap(&margin.left, &margin.right)
            swap(&auto.left, &auto.right)
        }
        // Relative offsets (a static item ignores its insets; most items have none).
        let hasInsets = child.styleHasRelativeInsets
        var left = hasInsets ? child.storedStyle.inset.left.resolve(innerWidth) : nil
        var right = hasInsets ? child.storedStyle.inset.right.resolve(innerWidth) : nil
        if rtl { swap(&left, &right) }
        let pbHorizontal = child.cachedBox.padding.horizontal + child.cachedBox.border.horizontal
        let pbVertical = child.cachedBox.padding.vertical + child.cachedBox.border.vertical
        let pbMain = isRow ? pbHorizontal : pbVertical
        let pbCross = isRow ? pbVertical : pbHorizontal
        let contentBox = child.storedStyle.boxSizing == .contentBox
        item.configure(
            node: child, rtl: child.storedStyle.direction.map { $0 == .rightToLeft } ?? rtl,
            sizeMain: isRow ? child.cachedBox.width : child.cachedBox.height,
            sizeCross: isRow ? child.cachedBox.height : child.cachedBox.width,
            crossIsAuto: (isRow ? child.storedStyle.height : child.storedStyle.width).resolve(
                isRow ? innerHeight : innerWidth) == nil,
            minMain: isRow ? child.cachedBox.minimumWidth : child.cachedBox.minimumHeight,
            minCross: isRow ? child.cachedBox.minimumHeight : child.cachedBox.minimumWidth,
            maxMain: isRow ? child.cachedBox.maximumWidth : child.cachedBox.maximumHeight,
            maxCross: isRow ? child.cachedBox.maximumHeight : child.cachedBox.maximumWidth,
            aspectRatio: child.cachedBox.aspectRatio, margin: margin,
            autoMainStart: isRow ? auto.left : auto.top,
            autoMainEnd: isRow ? auto.right : auto.bottom,
            autoCrossStart: isRow ? auto.top : auto.left,
            autoCrossEnd: isRow ? auto.bottom : auto.right,
            insetLeft: left, insetRight: right,
            insetTop: hasInsets ? child.storedStyle.inset.top.resolve(innerHeight) : nil,
            insetBottom: hasInsets ? child.storedStyle.inset.bottom.resolve(innerHeight) : nil,
            pbMain: pbMain, pbCross: pbCross,
            alignSelf: child.storedStyle.alignSelf ?? node.storedStyle.alignItems,
            grow: child.storedStyle.flexGrow.isFinite
                ? LayoutLimits.clamp(max(0, child.storedStyle.flexGrow)) : 0,
            shrink: child.storedStyle.flexShrink.isFinite
                ? LayoutLimits.clamp(max(0, child.storedStyle.flexShrink)) : 0,
            flexBasisStyle: child.storedStyle.flexBasis,
            contentBoxMainExtra: contentBox ? pbMain : 0,
            isScrollContainer: child.storedStyle.isScrollContainer,
            alignSafe: child.storedStyle.alignSelf != nil
                ? child.storedStyle.safeAlignment.contains(.alignSelf) : alignItemsSafe)
        if item.alignSelf == .baseline { hasBaselineItems = true }
        if child.cachedBox.aspectRatio != nil {
            let base = isRow ? innerHeight : innerWidth
            let extra = contentBox ? pbCross : 0
            let style = child.storedStyle
            item.stretchMinCross = ResolvedBox.size(
                isRow ? style.minimumHeight : style.minimumWidth, base, extra)
            item.stretchMaxCross = ResolvedBox.size(
                isRow ? style.maximumHeight : style.maximumWidth, base, extra)
        }
        if child.styleUsesSizeKeywords { applySizeKeywords(item) }
    }

    /// Gives an item whose `width` or `height` is a size keyword its preferred size: measured
    /// content for `minContent` / `maxContent` / `fitContent` in the main axis, the space
    /// less the margins for `stretch`. A cross-axis content keyword is not stretched (it
    /// aligns as `flexStart` would); a cross-axis `stretch` fills a known cross size.
    func applySizeKeywords(_ item: FlexItem) {
        let style = item.node.storedStyle
        let mainKeyword = isRow ? style.width : style.height
        let crossKeyword = isRow ? style.height : style.width
        if mainKeyword.isSizeKeyword {
            let margin = item.marginMain(isRow)
            switch mainKeyword {
            case .stretch:
                item.sizeMain = (innerMain ?? availableMain.value).map { max(0, $0 - margin) }
            case .minContent:
                item.sizeMain = measureMain(item, knownCross: item.sizeCross, mainSpace: .minContent)
            case .maxContent:
                item.sizeMain = measureMain(item, knownCross: item.sizeCross, mainSpace: .maxContent)
            case .fitContent:
                item.sizeMain = fitContentMain(item, knownCross: item.sizeCross)
            case .auto, .points, .percent, .content:
                break
            }
        }
        if crossKeyword.isSizeKeyword {
            if case .stretch = crossKeyword, let innerCross {
                item.sizeCross = max(0, innerCross - item.marginCross(isRow))
                item.crossIsAuto = false
            } else if case .stretch = crossKeyword {
                item.crossIsAuto = true
            } else {
                item.crossIsAuto = false
                if item.alignSelf == .stretch { item.alignSelf = .flexStart }
            }
        }
    }

    /// The fit-content main size of an item: the available main space less its margins,
    /// between its min-content and max-content sizes.
    func fitContentMain(_ item: FlexItem, knownCross: Double?) -> Double {
        guard case .definite(let space) = availableMain else {
            return measureMain(item, knownCross: knownCross, mainSpace: availableMain)
        }
        let fit = max(0, space - item.marginMain(isRow))
        let largest = measureMain(item, knownCross: knownCross, mainSpace: .maxContent)
        let smallest = measureMain(item, knownCross: knownCross, mainSpace: .minContent)
        return min(largest, max(smallest, fit))
    }

    // MARK: 3. Flex base size and hypothetical main size

    func determineFlexBaseSizes() {
        for index in items.indices {
            // Unmanaged: `items` keeps the item alive, and a strong local across the measuring
            // calls cost a retain and a release per item.
            Unmanaged.passUnretained(items[index])._withUnsafeGuaranteedRef { determineFlexBaseSize($0) }
        }
    }

    /// Step 3 for one item.
    private func determineFlexBaseSize(_ item: FlexItem) {
        var knownCross = item.sizeCross.clamped(item.minCross, item.maxCross)
        if knownCross == nil, item.alignSelf == .stretch, !item.autoCrossStart, !item.autoCrossEnd,
            let innerCross
        {
            knownCross = max(
                (innerCross - item.marginCross(isRow)).clamped(item.stretchMinCross, item.stretchMaxCross),
                item.pbCross)
        }
        var basis: Double?
        var basisBoundsMinimum = true
        switch item.flexBasisStyle {
        case .content, .maxContent:
            basis = measureMain(item, knownCross: knownCross, mainSpace: .maxContent)
        case .minContent:
            basis = measureMain(item, knownCross: knownCross, mainSpace: .minContent)
        case .fitContent:
            basis = fitContentMain(item, knownCross: knownCross)
        case .stretch:
            basis = (innerMain ?? availableMain.value).map { max(0, $0 - item.marginMain(isRow)) }
            basisBoundsMinimum = basis == nil
        case .auto, .points, .percent:
            break
        }
        // A percentage basis resolves against the main size's percentage basis.
        if basis == nil, let resolved = item.flexBasisStyle.resolve(isRow ? innerWidth : innerHeight),
            resolved >= 0
        {
            basis = resolved + item.contentBoxMainExtra
            basisBoundsMinimum = false
        }
        if basis == nil { basis = item.sizeMain }
        if basis == nil, let ratio = item.aspectRatio, let cross = knownCross {
            basis = isRow ? cross * ratio : cross / ratio
            basisBoundsMinimum = false
        }
        let flexBasis =
            basis
            ?? measureMain(
                item, knownCross: knownCross,
                mainSpace: availableMain == .minContent ? .minContent : .maxContent)
        item.flexBasis = max(flexBasis, item.pbMain)
        item.innerFlexBasis = item.flexBasis - item.pbMain
        item.measureCross = knownCross

        if let minMain = item.minMain {
            item.resolvedMinMain = max(minMain, item.pbMain)
        } else if basisBoundsMinimum {
            // The automatic minimum is at most the size or content the basis came from.
            item.resolvedMinMain = item.pbMain
            item.minimumPending = true
        } else {
            item.resolvedMinMain = automaticMinimum(item)
        }
        item.hypotheticalMain = item.flexBasis.clamped(item.resolvedMinMain, item.maxMain)
    }

    /// The automatic minimum main size (§4.5): the content size suggestion, capped by the
    /// specified size suggestion and the maximum, floored by padding and border.
    func automaticMinimum(_ item: FlexItem) -> Double {
        // A scroll container's automatic minimum is zero (CSS Flexbox §4.5): it scrolls
        // instead of growing to its content.
        if item.isScrollContainer { return item.pbMain }
        var contentMin: Double
        if let size = item.sizeMain, item.node.storedChildren.isEmpty, item.node.storedMeasure == nil {
            contentMin = min(item.pbMain, size)
        } else {
            contentMin = measureMain(item, knownCross: item.measureCross, mainSpace: .minContent)
            if let size = item.sizeMain { contentMin = min(contentMin, size) }
        }
        if let maxMain = item.maxMain { contentMin = min(contentMin, maxMain) }
        return max(contentMin, item.pbMain)
    }

    /// Computes a deferred automatic minimum.
    func resolvePendingMinimum(_ index: Int) {
        guard items[index].minimumPending else { return }
        items[index].minimumPending = false
        items[index].resolvedMinMain = automaticMinimum(items[index])
    }

    // MARK: 4. Container main size

    func determineContainerMainSize() {
        let pbMain = pb.mainSum(isRow)
        if let knownMain {
            containerMain = knownMain
            return
        }
        var size: Double
        switch availableMain {
        case .definite(let available):
            size = longestLine() + pbMain
            if lines.count > 1 {
                // Wrapped lines fill the space (their max-content size exceeds it), unless only
                // a requested line count wrapped them: the max-content size is then the widest
                // line of that many balanced lines, and the content size is that, within the space.
                if let balanced = balancedMaxContentMain() {
                    size = min(balanced, available) + pbMain
                } else {
                    size = max(size, available + pbMain)
                }
            }
        case .minContent where isWrap:
            size = longestLine() + pbMain
        case _ where !isRow:
            // A column's block size with an indefinite height is the laid-out size of its lines.
            size = longestLine() + pbMain
        default:
            size = contentMainSize() + pbMain
        }
        containerMain = max(size.clamped(minMain, maxMain), floorMain)
    }

    func lineLength(_ line: FlexLine) -> Double {
        var length = gapMain * Double(max(0, line.end - line.start - 1))
        for index in line.start..<line.end { length += items[index].outerHypotheticalMain(isRow) }
        return length
    }

    func longestLine() -> Double {
        lines.reduce(0) { max($0, lineLength($1)) }
    }

    /// The max-content main size of a container that balances into a requested number of
    /// lines: its widest line when the items are balanced into that many lines without a
    /// length limit. `nil` unless the container balances with a line count above one.
    func balancedMaxContentMain() -> Double? {
        guard node.storedStyle.balancesLines, let requested = node.storedStyle.lineCount, requested > 1
        else { return nil }
        return balancedLines(count: min(requested, items.count)).reduce(0) { max($0, lineLength($1)) }
    }

    /// The container's min- or max-content main size: per line, the sum of the items'
    /// content contributions (clamped by their flex base size when they cannot grow or shrink).
    func contentMainSize() -> Double {
        var longest = 0.0
        let space: AvailableSpace = availableMain == .minContent ? .minContent : .maxContent
        for line in lines {
            var sum = gapMain * Double(max(0, line.end - line.start - 1))
            for index in line.start..<line.end {
                let item = items[index]
                let basisMin: Double? = item.shrink == 0 ? item.flexBasis : nil
                let basisMax: Double? = item.grow == 0 ? item.flexBasis : nil
                var minimum = item.resolvedMinMain
                if let bound = item.minMain ?? basisMin {
                    minimum = max(minimum, max(bound, basisMin ?? bound))
                }
                var maximum = Double.infinity
                if let bound = item.maxMain ?? basisMax { maximum = min(bound, basisMax ?? bound) }
                let contribution: Double
                if let preferred = item.sizeMain, maximum >= minimum {
                    contribution = preferred.clamped(minimum, maximum)
                } else if minimum > maximum {
                    contribution = minimum
                } else {
                    let content = measureMain(item, knownCross: item.sizeCross, mainSpace: space)
                    contribution = max(min(content, maximum), minimum)
                }
                sum += contribution + item.marginMain(isRow)
            }
            longest = max(longest, sum)
        }
        return longest
    }
}
