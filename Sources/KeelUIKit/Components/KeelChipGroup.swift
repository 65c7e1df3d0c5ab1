#if canImport(UIKit)
    import KeelComponents
    import KeelDesign
    import KeelSupport
    import KeelUIKitBinding
    import UIKit

    /// A group of filter chips that wraps onto rows (KeelLayout's flex wrap, through
    /// `ChipGroupLayout`) with single or multiple selection decided by `ChipGroupSelection`.
    /// Rows are spaced so that neighbouring chips' 44-point touch targets never overlap.
    ///
    /// ```swift
    /// let genres = KeelChipGroup(titles: ["Jazz", "Rock", "Folk"], mode: .multiple)
    /// genres.onSelectionChange = { indices in filters.genres = indices }
    /// ```
    @MainActor
    public final class KeelChipGroup: KeelThemedView {
        /// Called when a tap changed the selection, with the selected indices.
        public var onSelectionChange: (@MainActor (Set<Int>) -> Void)?
        /// The chips, in order (the group's selection machine drives them: apps use
        /// ``selectedIndices`` and ``setChipEnabled(_:at:)``).
        package private(set) var chips: [KeelChip] = []

        private var selection: ChipGroupSelection
        private var theme: ChipTheme

        /// A group of filter chips titled `titles`.
        public init(
            titles: [String], mode: ChipSelectionMode = .multiple, selected: Set<Int> = [],
            requiresSelection: Bool = false
        ) {
            selection = ChipGroupSelection(
                count: titles.count, selected: selected, mode: mode, requiresSelection: requiresSelection)
            theme = ChipTheme(resolver: KeelThemeContext.global.resolver())
            super.init(frame: .zero)
            chips = titles.map { KeelChip(title: $0, kind: .filter) }
            setUp()
        }

        /// An empty group from a storyboard or nib.
        required init?(coder: NSCoder) {
            selection = ChipGroupSelection(count: 0, mode: .multiple)
            theme = ChipTheme(resolver: KeelThemeContext.global.resolver())
            super.init(coder: coder)
            setUp()
        }

        private func setUp() {
            for chip in chips {
                chip.isGrouped = true
                chip.onTap = { [weak self] chip in self?.tapped(chip) }
                addSubview(chip)
            }
            themeBinding = ThemeBinding(view: self) { [weak self] resolver in
                self?.theme = ChipTheme(resolver: resolver)
                self?.invalidateIntrinsicContentSize()
                self?.setNeedsLayout()
            }
            applySelection()
        }

        /// The selected indices; setting them reports nothing.
        public var selectedIndices: Set<Int> {
            get { selection.state }
            set {
                selection.send(.setSelection(newValue))
                applySelection()
            }
        }

        /// Enables or disables the chip at `index`.
        public func setChipEnabled(_ enabled: Bool, at index: Int) {
            selection.send(.setEnabled(index, enabled))
            applySelection()
        }

        private func tapped(_ chip: KeelChip) {
            guard let index = chips.firstIndex(of: chip) else { return }
            let transition = selection.send(.tap(index))
            applySelection()
            for effect in transition.effects {
                switch effect {
                case .selectionChanged(let indices): report(indices)
                case .setSilently: setNeedsLayout()
                }
            }
        }

        private func report(_ indices: Set<Int>) {
            KeelHaptics.play(.selectionChanged)
            onSelectionChange?(indices)
        }

        private func applySelection() {
            for (index, chip) in chips.enumerated() {
                let state = selection.chipState(at: index)
                chip.isSelected = state.contains(.selected)
                chip.isEnabled = !state.contains(.disabled)
            }
        }

        private var chipSizes: [Size] { chips.map { $0.intrinsicContentSize.keelSize } }

        private func currentLayout(width: Double) -> ChipGroupLayout {
            ChipGroupLayout(
                sizes: chipSizes, width: width, theme: theme,
                direction: traitCollection.keelTraits.layoutDirection)
        }

        /// One row of every chip before the group has a width; then the height its rows take.
        override public var intrinsicContentSize: CGSize {
            let width = ChipGroupLayout.width(proposed: Double(bounds.width), sizes: chipSizes, theme: theme)
            return CGSize(keel: currentLayout(width: width).size)
        }

        override public func layoutSubviews() {
            super.layoutSubviews()
            let layout = currentLayout(width: Double(bounds.width))
            for (chip, frame) in zip(chips, layout.chipFrames) { chip.frame = CGRect(keel: frame) }
            // The height depends on the width Auto Layout gave.
            reportIntrinsicHeightIfChanged()
        }

        override public func sizeThatFits(_ size: CGSize) -> CGSize {
            let width = ChipGroupLayout.width(proposed: Double(size.width), sizes: chipSizes, theme: theme)
            return CGSize(keel: currentLayout(width: width).size)
        }
    }
#endif
