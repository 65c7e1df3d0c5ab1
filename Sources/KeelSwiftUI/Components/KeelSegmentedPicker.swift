#if canImport(SwiftUI)
    import KeelComponents
    import KeelDesign
    import KeelSupport
    import KeelUIKitBinding
    import SwiftUI

    /// The design system's segmented control and tabs, the same `SegmentedLayout` as
    /// KeelUIKit's `KeelSegmentedControl`: a thumb or underline that moves to the selection
    /// with the theme's motion (a jump under Reduce Motion), equal- or content-width segments,
    /// badges, and horizontal scrolling when the segments do not fit.
    ///
    /// ```swift
    /// KeelSegmentedPicker(
    ///     [SegmentItem("Day"), SegmentItem("Week"), SegmentItem("Month")], selection: $range)
    /// KeelSegmentedPicker(
    ///     [SegmentItem("Inbox", badge: .count(3)), SegmentItem("Archive")], selection: $tab,
    ///     style: .tabs, widthMode: .content)
    /// ```
    ///
    /// Each segment is a VoiceOver button ("Week, 2 of 3, selected") that also adjusts.
    public struct KeelSegmentedPicker: View {
        @KeelThemed private var theme
        @Environment(\.keelAccessibilityStrings) private var strings
        /// The segments.
        let items: [SegmentItem]
        /// The selected index.
        @Binding var selection: Int
        /// The style.
        let style: SegmentedStyle
        /// Equal- or content-width segments.
        let widthMode: SegmentWidth

        /// A segmented control or tabs over `items`.
        public init(
            _ items: [SegmentItem], selection: Binding<Int>, style: SegmentedStyle = .segmented,
            widthMode: SegmentWidth = .equal
        ) {
            self.items = items
            _selection = selection
            self.style = style
            self.widthMode = widthMode
        }

        /// The control.
        public var body: some View {
            let appearance = SegmentedAppearance(
                theme: SegmentedTheme(resolver: theme), style: style, widthMode: widthMode)
            let machine = SegmentedSelection(items: items, selected: selection)
            let selected = machine.state
            GeometryReader { proxy in
                ScrollViewReader { reader in
                    ScrollView(.horizontal, showsIndicators: false) {
                        SegmentedContentLayout(
                            items: items, appearance: appearance.leftToRight, width: Double(proxy.size.width),
                            selectedIndex: selected
                        ) {
                            RoundedRectangle(cornerRadius: CGFloat(appearance.trackCornerRadius))
                                .fill(Color(keel: appearance.trackColor))
                                .layoutValue(key: SegmentedPartKey.self, value: .track)
                            RoundedRectangle(cornerRadius: CGFloat(appearance.indicatorCornerRadius))
                                .fill(Color(keel: appearance.indicatorColor))
                                .overlay(
                                    RoundedRectangle(cornerRadius: CGFloat(appearance.indicatorCornerRadius))
                                        .strokeBorder(
                                            Color(keel: appearance.indicatorBorderColor),
                                            lineWidth: CGFloat(appearance.indicatorBorderWidth))
                                )
                                .layoutValue(key: SegmentedPartKey.self, value: .indicator)
                            ForEach(Array(items.enumerated()), id: \.offset) { index, item in
                                Text(item.title)
                                    .keelText(appearance.titleFont)
                                    .foregroundColor(
                                        Color(
                                            keel: appearance.titleColor(
                                                of: items, at: index, selectedIndex: selected))
                                    )
                                    .lineLimit(1)
                                    .fixedSize()
                                    .accessibilityHidden(true)
                                    .layoutValue(key: SegmentedPartKey.self, value: .title(index))
                                KeelBadgeView(appearance: appearance.badgeAppearance(item.shownBadge))
                                    .layoutValue(key: SegmentedPartKey.self, value: .badge(index))
                                segmentButton(index, appearance: appearance, machine: machine)
                                    .layoutValue(key: SegmentedPartKey.self, value: .segment(index))
                                // What scrolling to a segment reveals: its neighbours' margin too.
                                Color.clear
                                    .allowsHitTesting(false)
                                    .accessibilityHidden(true)
                                    .id(index)
                                    .layoutValue(key: SegmentedPartKey.self, value: .reveal(index))
                            }
                        }
                        .animation(.keel(appearance.motion), value: selected)
                        // The segments' touch areas reach `touchInset` above and below the
                        // track (44 pt in all); the scroll view is that much taller so it does
                        // not cut them off, and the negative padding keeps the control's own
                        // footprint at the track's height, as the UIKit control's is.
                        .padding(.vertical, CGFloat(appearance.touchInset))
                    }
                    // The selected segment in view from the start, and after each change by the
                    // least movement (UIKit: scrollOffset(revealing:from:)).
                    .onAppear { reader.scrollTo(selected) }
                    .onChange(of: selected) { index in
                        withAnimation(.keel(appearance.motion)) { reader.scrollTo(index) }
                    }
                }
            }
            .frame(height: CGFloat(appearance.touchAreaHeight))
            .padding(.vertical, CGFloat(appearance.touchOutset))
        }

        private func segmentButton(_ index: Int, appearance: SegmentedAppearance, machine: SegmentedSelection)
            -> some View
        {
            let description = appearance.accessibility(
                of: items, at: index, selectedIndex: machine.state, strings: strings)
            return Button {
                send(.tap(index), machine: machine)
            } label: {
                Color.clear.contentShape(Rectangle())
            }
            .buttonStyle(.plain)
            .accessibilityLabel(Text(description.label ?? ""))
            .keelAccessibilityValue(description)
            .accessibilityAdjustableAction { direction in
                send(.adjust(SegmentedAdjustment(direction)), machine: machine)
            }
        }

        private func send(_ event: SegmentedEvent, machine: SegmentedSelection) {
            var machine = machine
            for effect in machine.send(event).effects {
                switch effect {
                case .selectionChanged(let index): selection = index
                case .moveIndicator(let index): selection = index
                case .redraw: break
                }
            }
        }
    }

    extension SegmentedAdjustment {
        /// VoiceOver's adjustment as the selection's: up is the next segment.
        init(_ direction: AccessibilityAdjustmentDirection) {
            switch direction {
            case .increment: self = .increment
            case .decrement: self = .decrement
            @unknown default: self = .increment
            }
        }
    }

    struct SegmentedPartKey: LayoutValueKey {
        static let defaultValue = SegmentedPart.track
    }

    /// Places a segmented control's parts where `SegmentedLayout` puts them (left to right;
    /// SwiftUI mirrors), sized to the content so a scroll view can scroll it.
    struct SegmentedContentLayout: Layout {
        let items: [SegmentItem]
        let appearance: SegmentedAppearance
        let width: Double
        let selectedIndex: Int

        private var layout: SegmentedLayout {
            SegmentedLayout(items: items, appearance: appearance, width: width, measurer: UIKitTextMeasurer())
        }

        func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
            CGSize(keel: layout.contentSize)
        }

        func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ())
        {
            let result = layout
            for subview in subviews {
                subview.place(
                    keel: result.placedFrame(
                        of: subview[SegmentedPartKey.self], selectedIndex: selectedIndex),
                    in: bounds)
            }
        }
    }
#endif
