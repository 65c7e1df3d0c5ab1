#if canImport(SwiftUI)
    import KeelComponents
    import KeelDesign
    import KeelSupport
    import SwiftUI

    /// The design system's filter chip as a toggle style: a capsule that is selected or not,
    /// a checkmark leading while selected. Colours, frames and the 44-point target come from
    /// `ChipAppearance` and `ChipLayout`, as for KeelUIKit's `KeelChip`.
    ///
    /// ```swift
    /// Toggle("Jazz", isOn: $filters.jazz).toggleStyle(.keelChip)
    /// ```
    public struct KeelChipToggleStyle: @preconcurrency ToggleStyle {
        /// A chip style (apps spell it `.keelChip`).
        package init() {}

        /// The chip: tapping it flips the toggle.
        @MainActor public func makeBody(configuration: Configuration) -> some View {
            KeelChipBody(
                kind: .filter, isSelected: configuration.isOn, label: configuration.label,
                perform: { action in
                    switch action {
                    case .toggleSelection: configuration.$isOn.wrappedValue.toggle()
                    case .reportTap, .remove, .none: break
                    }
                })
        }
    }

    extension ToggleStyle where Self == KeelChipToggleStyle {
        /// The design system's filter chip.
        public static var keelChip: KeelChipToggleStyle { KeelChipToggleStyle() }
    }

    /// The design system's input chip (a recipient, a tag): the title and a remove button
    /// whose area runs from midway before its icon to the trailing edge, 44 points high.
    /// VoiceOver reads the title and offers "Remove" as an action.
    ///
    /// ```swift
    /// KeelInputChip("Ada") { recipients.remove("Ada") }
    /// ```
    public struct KeelInputChip: View {
        /// The title.
        let title: String
        /// Called when the chip is tapped (not on its remove button).
        let onTap: (() -> Void)?
        /// Called when the remove button or VoiceOver's Remove action is used.
        let onRemove: () -> Void

        /// An input chip.
        public init(_ title: String, onTap: (() -> Void)? = nil, onRemove: @escaping () -> Void) {
            self.title = title
            self.onTap = onTap
            self.onRemove = onRemove
        }

        /// The chip.
        public var body: some View {
            KeelChipBody(
                kind: .input, isSelected: false, label: Text(title),
                perform: { action in
                    switch action {
                    case .reportTap: onTap?()
                    case .remove: onRemove()
                    case .toggleSelection, .none: break
                    }
                })
        }
    }

    /// A group of filter chips that wraps onto rows (the same `ChipGroupLayout` as
    /// KeelUIKit's `KeelChipGroup`), with single or multiple selection decided by
    /// `ChipGroupSelection`.
    ///
    /// ```swift
    /// KeelFilterChips(["Jazz", "Rock", "Folk"], selection: $genres, mode: .single)
    /// ```
    public struct KeelFilterChips: View {
        @KeelThemed private var theme
        /// The chips' titles.
        let titles: [String]
        /// The selected indices.
        @Binding var selection: Set<Int>
        /// Single or multiple.
        let mode: ChipSelectionMode
        /// Whether at least one chip stays selected.
        let requiresSelection: Bool

        /// A group of filter chips.
        public init(
            _ titles: [String], selection: Binding<Set<Int>>, mode: ChipSelectionMode = .multiple,
            requiresSelection: Bool = false
        ) {
            self.titles = titles
            _selection = selection
            self.mode = mode
            self.requiresSelection = requiresSelection
        }

        /// The chips, wrapped.
        public var body: some View {
            let machine = ChipGroupSelection(
                count: titles.count, selected: selection, mode: mode, requiresSelection: requiresSelection)
            KeelChipGroupFlow(theme: ChipTheme(resolver: theme)) {
                ForEach(Array(titles.enumerated()), id: \.offset) { index, title in
                    KeelChipBody(
                        kind: .filter, isSelected: machine.chipState(at: index).contains(.selected),
                        isGrouped: true, label: Text(title),
                        perform: { action in
                            switch action {
                            case .reportTap: tap(index, machine: machine)
                            case .toggleSelection, .remove, .none: break
                            }
                        })
                }
            }
        }

        private func tap(_ index: Int, machine: ChipGroupSelection) {
            var machine = machine
            for effect in machine.send(.tap(index)).effects {
                switch effect {
                case .selectionChanged(let indices): selection = indices
                case .setSilently: break
                }
            }
        }
    }

    /// One chip: the appearance for its state, its parts where `ChipLayout` puts them, the
    /// remove area as its own button, and the action `ChipAction` decides for a tap.
    struct KeelChipBody<Label: View>: View {
        let kind: ChipKind
        let isSelected: Bool
        var isGrouped = false
        let label: Label
        let perform: (ChipAction) -> Void
        @KeelThemed private var theme
        @Environment(\.isEnabled) private var isEnabled
        @Environment(\.keelAccessibilityStrings) private var strings

        var body: some View {
            let appearance = ChipAppearance(
                theme: ChipTheme(resolver: theme), kind: kind,
                state: ChipState(isEnabled: isEnabled, isHighlighted: false, isSelected: isSelected))
            let description = appearance.accessibility(title: nil, strings: strings)
            Button {
                perform(ChipAction(target: .chip, kind: kind, isGrouped: isGrouped))
            } label: {
                label
            }
            .buttonStyle(
                KeelChipFace(
                    theme: ChipTheme(resolver: theme), kind: kind, isSelected: isSelected,
                    isEnabled: isEnabled
                ) { perform(ChipAction(target: .removeButton, kind: kind, isGrouped: isGrouped)) }
            )
            .keelAccessibilityValue(description)
            .accessibilityActions {
                ForEach(description.actions, id: \.identifier) { action in
                    Button(action.name) { perform(ChipAction(accessibilityAction: action.identifier)) }
                }
            }
        }
    }

    /// Draws a chip for the pressed state SwiftUI reports (the theme's highlighted colours while
    /// pressed, as UIKit's chip shows them while touched): its parts where `ChipLayout` puts
    /// them, the remove area as its own button.
    struct KeelChipFace: ButtonStyle {
        let theme: ChipTheme
        let kind: ChipKind
        let isSelected: Bool
        let isEnabled: Bool
        let remove: () -> Void

        func makeBody(configuration: Configuration) -> some View {
            let appearance = ChipAppearance(
                theme: theme, kind: kind,
                state: ChipState(
                    isEnabled: isEnabled, isHighlighted: configuration.isPressed, isSelected: isSelected))
            ChipContentLayout(appearance: appearance.leftToRight) {
                configuration.label
                    .keelText(appearance.titleFont)
                    .foregroundColor(Color(keel: appearance.colors.title))
                    .lineLimit(1)
                    .layoutValue(key: ChipPartKey.self, value: .title)
                Image(systemName: "checkmark")
                    .resizable()
                    .scaledToFit()
                    .foregroundColor(Color(keel: appearance.colors.icon))
                    .opacity(appearance.checkmarkOpacity)
                    .layoutValue(key: ChipPartKey.self, value: .checkmark)
                Button(action: remove) {
                    ChipRemoveIconLayout(appearance: appearance.leftToRight) {
                        Image(systemName: "xmark")
                            .resizable()
                            .scaledToFit()
                            .foregroundColor(Color(keel: appearance.colors.icon))
                    }
                    .contentShape(Rectangle())
                }
                .buttonStyle(.plain)
                .opacity(appearance.removeButtonOpacity)
                .accessibilityHidden(true)
                .layoutValue(key: ChipPartKey.self, value: .removeButton)
            }
            .background(
                Capsule()
                    .fill(Color(keel: appearance.colors.background))
                    .overlay(
                        Capsule().strokeBorder(
                            Color(keel: appearance.colors.border),
                            lineWidth: CGFloat(appearance.borderWidth)))
            )
            .contentShape(KeelHitTargetShape(hitTarget: appearance.hitTarget))
        }
    }

    struct ChipPartKey: LayoutValueKey {
        static let defaultValue = ChipPart.title
    }

    /// Places a chip's parts where `ChipLayout` puts them, measuring the title through its
    /// view.
    struct ChipContentLayout: Layout {
        let appearance: ChipAppearance

        func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
            guard let title = subviews.first else { return .zero }
            let width = proposal.replacingUnspecifiedDimensions(by: .zero).width
            return CGSize(
                keel: ChipLayout.intrinsicSize(
                    title: "label", appearance: appearance, measurer: SubviewTextMeasurer(title: title),
                    maximumWidth: Double(width)))
        }

        func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ())
        {
            guard let title = subviews.first else { return }
            let layout = ChipLayout(
                title: "label", appearance: appearance, bounds: bounds.size.keelSize,
                measurer: SubviewTextMeasurer(title: title))
            for subview in subviews {
                subview.place(keel: layout.placedTouchFrame(of: subview[ChipPartKey.self]), in: bounds)
            }
        }
    }

    /// Places the remove icon inside the remove button's touch area, where `ChipLayout`
    /// puts it.
    struct ChipRemoveIconLayout: Layout {
        let appearance: ChipAppearance

        func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
            proposal.replacingUnspecifiedDimensions()
        }

        func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ())
        {
            let frame = ChipLayout.removeIconFrame(inTouchArea: bounds.size.keelSize, appearance: appearance)
            for subview in subviews { subview.place(keel: frame, in: bounds) }
        }
    }

    /// Wraps chips onto rows with `ChipGroupLayout` (left to right; SwiftUI mirrors).
    struct KeelChipGroupFlow: Layout {
        let theme: ChipTheme

        private func layout(width: CGFloat?, subviews: Subviews) -> ChipGroupLayout {
            let sizes = subviews.map { $0.sizeThatFits(.unspecified).keelSize }
            return ChipGroupLayout(
                sizes: sizes,
                width: ChipGroupLayout.width(proposed: width.map(Double.init), sizes: sizes, theme: theme),
                theme: theme, direction: .leftToRight)
        }

        func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
            CGSize(keel: layout(width: proposal.width, subviews: subviews).size)
        }

        func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ())
        {
            let result = layout(width: bounds.width, subviews: subviews)
            for (subview, frame) in zip(subviews, result.chipFrames) {
                subview.place(keel: frame, in: bounds)
            }
        }
    }
#endif
