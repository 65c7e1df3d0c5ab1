#if canImport(UIKit)
    import KeelComponents
    import KeelDesign
    import KeelSupport
    import KeelUIKitBinding
    import UIKit

    /// The design system's segmented control and tabs: a track with a thumb that slides to the
    /// selected segment, or titles with an underline; equal- or content-width segments, badges
    /// on segments, and horizontal scrolling when the segments do not fit. Frames, colours,
    /// the indicator's motion, the scroll offset and what VoiceOver hears come from
    /// `SegmentedAppearance` and `SegmentedLayout` in KeelComponents; the selection is a
    /// `SegmentedSelection`.
    ///
    /// ```swift
    /// let range = KeelSegmentedControl(
    ///     items: [SegmentItem("Day"), SegmentItem("Week"), SegmentItem("Month")])
    /// range.onSelectionChange = { index in chart.range = ranges[index] }
    /// let tabs = KeelSegmentedControl(
    ///     items: [SegmentItem("Inbox", badge: .count(3)), SegmentItem("Archive")], style: .tabs,
    ///     widthMode: .content)
    /// ```
    ///
    /// Each segment is a VoiceOver button ("Week, 2 of 3, selected") that also adjusts: swiping
    /// up or down moves the selection. Under Reduce Motion the indicator jumps.
    @MainActor
    public final class KeelSegmentedControl: KeelThemedControl {
        /// The segments, in reading order.
        public var items: [SegmentItem] {
            didSet { itemsDidChange() }
        }
        /// The segmented style or tabs.
        package let style: SegmentedStyle
        /// Equal- or content-width segments.
        public var widthMode: SegmentWidth {
            didSet { contentDidChange() }
        }
        /// Called when the user changed the selection (also sends `.valueChanged`).
        public var onSelectionChange: (@MainActor (Int) -> Void)?
        /// The accessibility strings: `KeelAccessibility.strings` as it was when the view was made.
        package var accessibilityStrings: AccessibilityStrings = KeelAccessibility.strings {
            didSet { contentDidChange() }
        }

        /// The appearance currently drawn.
        package private(set) var appearance: SegmentedAppearance
        private var selection: SegmentedSelection
        private var theme: SegmentedTheme
        private let scrollView = UIScrollView()
        private let trackView = UIView()
        private let indicatorView = UIView()
        private var segmentViews: [KeelSegmentElement] = []
        private var titleLabels: [UILabel] = []
        private var badges: [KeelBadge] = []
        private let measurer = UIKitTextMeasurer()

        /// A segmented control with `items`, the one at `selectedIndex` selected.
        public init(
            items: [SegmentItem], style: SegmentedStyle = .segmented, widthMode: SegmentWidth = .equal,
            selectedIndex: Int = 0
        ) {
            self.items = items
            self.style = style
            self.widthMode = widthMode
            selection = SegmentedSelection(items: items, selected: selectedIndex)
            let theme = SegmentedTheme(resolver: KeelThemeContext.global.resolver())
            self.theme = theme
            appearance = SegmentedAppearance(theme: theme, style: style, widthMode: widthMode)
            super.init(frame: .zero)
            setUp()
        }

        /// An empty segmented control from a storyboard or nib.
        required init?(coder: NSCoder) {
            items = []
            style = .segmented
            widthMode = .equal
            selection = SegmentedSelection(items: [], selected: 0)
            let theme = SegmentedTheme(resolver: KeelThemeContext.global.resolver())
            self.theme = theme
            appearance = SegmentedAppearance(theme: theme, style: .segmented, widthMode: .equal)
            super.init(coder: coder)
            setUp()
        }

        private func setUp() {
            scrollView.showsHorizontalScrollIndicator = false
            scrollView.showsVerticalScrollIndicator = false
            scrollView.clipsToBounds = true
            scrollView.scrollsToTop = false
            addSubview(scrollView)
            scrollView.addSubview(trackView)
            scrollView.addSubview(indicatorView)
            isAccessibilityElement = false
            addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(tapped(_:))))
            themeBinding = ThemeBinding(view: self) { [weak self] resolver in
                self?.theme = SegmentedTheme(resolver: resolver)
                self?.contentDidChange()
            }
            itemsDidChange()
        }

        /// The selected segment's index; setting it moves the indicator without calling
        /// ``onSelectionChange``.
        public var selectedIndex: Int {
            get { selection.state }
            set { apply(selection.send(.select(newValue))) }
        }

        private func itemsDidChange() {
            for view in segmentViews { view.removeFromSuperview() }
            for label in titleLabels { label.removeFromSuperview() }
            for badge in badges { badge.removeFromSuperview() }
            selection = SegmentedSelection(items: items, selected: selection.state)
            segmentViews = items.map { _ in KeelSegmentElement() }
            titleLabels = items.map { _ in UILabel() }
            badges = items.map { KeelBadge(content: $0.shownBadge) }
            for (index, view) in segmentViews.enumerated() {
                view.onActivate = { [weak self] in self?.send(.tap(index)) }
                view.onAdjust = { [weak self] adjustment in self?.send(.adjust(adjustment)) }
                scrollView.addSubview(view)
            }
            for label in titleLabels { scrollView.addSubview(label) }
            for badge in badges {
                badge.isAccessibilityElement = false
                scrollView.addSubview(badge)
            }
            accessibilityElements = segmentViews
            contentDidChange()
        }

        private func contentDidChange() {
            appearance = SegmentedAppearance(theme: theme, style: style, widthMode: widthMode)
            updateAppearance()
            invalidateIntrinsicContentSize()
            setNeedsLayout()
        }

        private func updateAppearance() {
            trackView.backgroundColor = UIColor(keel: appearance.trackColor)
            trackView.layer.cornerRadius = CGFloat(appearance.trackCornerRadius)
            indicatorView.backgroundColor = UIColor(keel: appearance.indicatorColor)
            indicatorView.layer.cornerRadius = CGFloat(appearance.indicatorCornerRadius)
            indicatorView.layer.borderWidth = CGFloat(appearance.indicatorBorderWidth)
            indicatorView.layer.borderColor = appearance.indicatorBorderColor.cgColor
            let selected = selection.state
            for (index, label) in titleLabels.enumerated() {
                label.keelSet(
                    items[index].title, font: appearance.titleFont,
                    color: appearance.titleColor(of: items, at: index, selectedIndex: selected),
                    alignment: .natural)
            }
            for (index, view) in segmentViews.enumerated() {
                let description = appearance.accessibility(
                    of: items, at: index, selectedIndex: selected, strings: accessibilityStrings)
                view.accessibilityLabel = description.label
                view.accessibilityValue = description.value
                view.accessibilityTraits = description.uiAccessibilityTraits.union(
                    KeelAccessibility.adjustableTrait)
            }
        }

        private var currentLayout: SegmentedLayout {
            SegmentedLayout(
                items: items, appearance: appearance, width: Double(bounds.width), measurer: measurer)
        }

        override public func layoutSubviews() {
            super.layoutSubviews()
            let layout = currentLayout
            let selected = selection.state
            scrollView.frame = bounds
            scrollView.contentSize = CGSize(keel: layout.contentSize)
            trackView.frame = CGRect(keel: layout.placedFrame(of: .track, selectedIndex: selected))
            indicatorView.frame = CGRect(keel: layout.placedFrame(of: .indicator, selectedIndex: selected))
            for (index, view) in segmentViews.enumerated() {
                view.frame = CGRect(keel: layout.placedFrame(of: .segment(index), selectedIndex: selected))
            }
            for (index, label) in titleLabels.enumerated() {
                label.frame = CGRect(keel: layout.placedFrame(of: .title(index), selectedIndex: selected))
            }
            for (index, badge) in badges.enumerated() {
                badge.frame = CGRect(keel: layout.placedFrame(of: .badge(index), selectedIndex: selected))
            }
            scrollView.contentOffset = CGPoint(
                x: layout.scrollOffset(revealing: selected, from: Double(scrollView.contentOffset.x)), y: 0)
        }

        override public var intrinsicContentSize: CGSize {
            CGSize(
                width: SegmentedLayout.width(
                    proposed: nil, items: items, appearance: appearance, measurer: measurer),
                height: appearance.height)
        }

        override public func sizeThatFits(_ size: CGSize) -> CGSize {
            CGSize(
                keel: SegmentedLayout(
                    items: items, appearance: appearance,
                    width: SegmentedLayout.width(
                        proposed: Double(size.width), items: items, appearance: appearance, measurer: measurer
                    ),
                    measurer: measurer
                ).size)
        }

        override func traitsDidChange() {
            invalidateIntrinsicContentSize()
        }

        // MARK: - Touches and selection

        override public func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
            appearance.hitTarget.disposition(of: point.keelPoint, bounds: bounds.keelRect, isHidden: isHidden)
                .receivesTouch
        }

        @objc private func tapped(_ recognizer: UITapGestureRecognizer) {
            if let index = currentLayout.segmentIndex(at: recognizer.location(in: scrollView).keelPoint) {
                send(.tap(index))
            }
        }

        private func send(_ event: SegmentedEvent) {
            apply(selection.send(event))
        }

        private func apply(_ transition: StateTransition<SegmentedEffect>) {
            for effect in transition.effects {
                switch effect {
                case .selectionChanged(let index): selectionChanged(to: index)
                case .moveIndicator: moveIndicator()
                case .redraw: updateAppearance()
                }
            }
        }

        private func selectionChanged(to index: Int) {
            moveIndicator()
            sendActions(for: .valueChanged)
            onSelectionChange?(index)
        }

        /// Moves the indicator and scrolls the selection into view with the appearance's
        /// motion (a jump or a cross-fade under Reduce Motion).
        private func moveIndicator() {
            updateAppearance()
            setNeedsLayout()
            keelAnimate(appearance.motion) { [weak self] in self?.layoutIfNeeded() }
        }
    }

    /// One segment as VoiceOver sees it: a button that activates its segment and adjusts the
    /// selection with a swipe up or down.
    @MainActor
    final class KeelSegmentElement: UIView {
        var onActivate: (@MainActor () -> Void)?
        var onAdjust: (@MainActor (SegmentedAdjustment) -> Void)?

        override init(frame: CGRect) {
            super.init(frame: frame)
            isAccessibilityElement = true
            isUserInteractionEnabled = false
        }

        required init?(coder: NSCoder) {
            super.init(coder: coder)
            isAccessibilityElement = true
            isUserInteractionEnabled = false
        }

        /// Activation selects the segment (the selection rejects a disabled or selected one).
        override func accessibilityActivate() -> Bool {
            Task { @MainActor [weak self] in self?.onActivate?() }
            return true
        }

        /// VoiceOver's swipe up: the next enabled segment.
        override func accessibilityIncrement() {
            Task { @MainActor [weak self] in self?.onAdjust?(.increment) }
        }

        /// VoiceOver's swipe down: the previous enabled segment.
        override func accessibilityDecrement() {
            Task { @MainActor [weak self] in self?.onAdjust?(.decrement) }
        }
    }
#endif
