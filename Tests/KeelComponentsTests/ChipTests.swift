import KeelComponents
import KeelDesign
import Testing

@Suite("Chips")
struct ChipTests {
    static let light = ChipTheme(resolver: Fixture.light)

    @Test(
        "every state's colours come from the palette tokens",
        arguments: [
            (ChipState.normal, "#FFFFFF", "#D0D3D9", "#222222"),
            (.highlighted, "#ECEEF2", "#D0D3D9", "#222222"),
            (.selected, "#FFF3EF", "#FF542A", "#222222"),
            (.disabled, "#F2F3F5", "#E5E6EB", "#999999"),
            (ChipState([.selected, .disabled]), "#F2F3F5", "#E5E6EB", "#999999"),
            (ChipState([.selected, .highlighted]), "#ECEEF2", "#D0D3D9", "#222222"),
        ])
    func colors(row: (ChipState, String, String, String)) {
        let (state, background, border, title) = row
        let appearance = ChipAppearance(theme: Self.light, kind: .filter, state: state)
        #expect(appearance.colors.background.hex == background)
        #expect(appearance.colors.border.hex == border)
        #expect(appearance.colors.title.hex == title)
    }

    @Test("dark mode and the blue theme recolour through tokens")
    func themes() {
        let dark = ChipAppearance(theme: ChipTheme(resolver: Fixture.dark), kind: .filter, state: .selected)
        #expect(dark.colors.background.hex == "#34221C" && dark.colors.title.hex == "#F2F3F5")
        let blue = ChipAppearance(
            theme: ChipTheme(resolver: Fixture.resolver(theme: .blue)), kind: .filter, state: .selected)
        #expect(blue.colors.border.hex == "#1677FF")
    }

    @Test("every declared contrast pair passes in light, dark and increased contrast, in both themes")
    func contrast() {
        for theme in [KeelTheme.default, .blue] {
            for traits in BadgeTests.appearances {
                let pairs = ChipTheme(resolver: KeelThemeResolver(theme: theme, traits: traits)).contrastPairs
                #expect(pairs.count == 6)
                for pair in pairs { #expect(pair.isSatisfied, "\(theme.identifier) \(traits): \(pair)") }
            }
        }
    }

    @Test("a selected filter chip leads with a checkmark; an input chip trails a remove button")
    func parts() {
        let filter = ChipAppearance(theme: Self.light, kind: .filter, state: .selected)
        let size = ChipLayout.intrinsicSize(title: "Music", appearance: filter, measurer: Fixture.measurer)
        // 12 + 16 + 6 + "Music" (5 × 7) + 12.
        #expect(size == Size(width: 81, height: 32))
        let layout = ChipLayout(title: "Music", appearance: filter, bounds: size, measurer: Fixture.measurer)
        #expect(layout.checkmarkFrame == Rect(x: 12, y: 8, width: 16, height: 16))
        #expect(layout.titleFrame == Rect(x: 34, y: 5, width: 35, height: 22))
        #expect(layout.removeButtonFrame == nil && layout.removeTouchFrame == nil)
        #expect(!layout.titleIsTruncated)

        let plain = ChipAppearance(theme: Self.light, kind: .filter, state: .normal)
        #expect(
            ChipLayout.intrinsicSize(title: "Music", appearance: plain, measurer: Fixture.measurer).width
                == 59)
        #expect(
            ChipLayout(title: "Music", appearance: plain, bounds: size, measurer: Fixture.measurer)
                .checkmarkFrame == nil)

        let input = ChipAppearance(theme: Self.light, kind: .input, state: .normal)
        let inputSize = ChipLayout.intrinsicSize(title: "Ada", appearance: input, measurer: Fixture.measurer)
        #expect(inputSize == Size(width: 67, height: 32))
        let inputLayout = ChipLayout(
            title: "Ada", appearance: input, bounds: inputSize, measurer: Fixture.measurer)
        #expect(inputLayout.titleFrame == Rect(x: 12, y: 5, width: 21, height: 22))
        #expect(inputLayout.removeButtonFrame == Rect(x: 39, y: 8, width: 16, height: 16))
        // From midway through the gap to the trailing edge, 44 pt high.
        #expect(inputLayout.removeTouchFrame == Rect(x: 36, y: -6, width: 31, height: 44))
        #expect(inputLayout.placedFrame(of: .checkmark) == .zero)
    }

    @Test("right to left, every frame mirrors: the checkmark and the remove button swap ends")
    func rightToLeft() {
        let theme = ChipTheme(resolver: Fixture.rtl)
        let filter = ChipAppearance(theme: theme, kind: .filter, state: .selected)
        let size = Size(width: 81, height: 32)
        let layout = ChipLayout(title: "Music", appearance: filter, bounds: size, measurer: Fixture.measurer)
        #expect(layout.checkmarkFrame == Rect(x: 53, y: 8, width: 16, height: 16))
        #expect(layout.titleFrame == Rect(x: 12, y: 5, width: 35, height: 22))
        let input = ChipAppearance(theme: theme, kind: .input, state: .normal)
        let inputLayout = ChipLayout(
            title: "Ada", appearance: input, bounds: Size(width: 67, height: 32), measurer: Fixture.measurer)
        #expect(inputLayout.removeButtonFrame == Rect(x: 12, y: 8, width: 16, height: 16))
        #expect(inputLayout.removeTouchFrame == Rect(x: 0, y: -6, width: 31, height: 44))
        #expect(inputLayout.titleFrame == Rect(x: 34, y: 5, width: 21, height: 22))
    }

    @Test("a title wider than the room truncates; the parts keep their places")
    func truncation() throws {
        let input = ChipAppearance(theme: Self.light, kind: .input, state: .normal)
        let title = String(repeating: "x", count: 80)
        let size = ChipLayout.intrinsicSize(
            title: title, appearance: input, measurer: Fixture.measurer, maximumWidth: 200)
        #expect(size.width == 200)
        let layout = ChipLayout(title: title, appearance: input, bounds: size, measurer: Fixture.measurer)
        #expect(layout.titleIsTruncated)
        let remove = try #require(layout.removeButtonFrame)
        #expect(layout.titleFrame.maxX <= remove.minX)
    }

    @Test(
        "Dynamic Type: the smallest size keeps the theme's height, the largest grows title, icons and height")
    func dynamicType() {
        func size(_ category: TextSizeCategory) -> (Size, ChipAppearance) {
            let appearance = ChipAppearance(
                theme: ChipTheme(resolver: Fixture.resolver(category: category)), kind: .input, state: .normal
            )
            return (
                ChipLayout.intrinsicSize(title: "Ada", appearance: appearance, measurer: Fixture.measurer),
                appearance
            )
        }
        let (small, _) = size(.extraSmall)
        let (large, _) = size(.large)
        let (largest, appearance) = size(.accessibilityExtraExtraExtraLarge)
        #expect(small.height == 32)
        #expect(largest.height > large.height && largest.width > large.width)
        #expect(appearance.iconSize > 16 && appearance.iconSize <= 32)
        let layout = ChipLayout(
            title: "Ada", appearance: appearance, bounds: largest, measurer: Fixture.measurer)
        #expect(layout.titleFrame.minY >= 0 && layout.titleFrame.maxY <= largest.height)
    }

    @Test("touches: the remove area removes, the rest selects, a disabled chip absorbs, 44 pt targets")
    func touches() {
        let input = ChipAppearance(theme: Self.light, kind: .input, state: .normal)
        let bounds = Rect(x: 0, y: 0, width: 67, height: 32)
        let layout = ChipLayout(
            title: "Ada", appearance: input, bounds: Size(width: 67, height: 32), measurer: Fixture.measurer)
        #expect(
            layout.touchTarget(at: Point(x: 50, y: 16), bounds: bounds, appearance: input) == .removeButton)
        #expect(
            layout.touchTarget(at: Point(x: 50, y: -5), bounds: bounds, appearance: input) == .removeButton)
        #expect(layout.touchTarget(at: Point(x: 10, y: 16), bounds: bounds, appearance: input) == .chip)
        #expect(layout.touchTarget(at: Point(x: 10, y: 37), bounds: bounds, appearance: input) == .chip)
        #expect(layout.touchTarget(at: Point(x: 10, y: 39), bounds: bounds, appearance: input) == nil)
        let disabled = ChipAppearance(theme: Self.light, kind: .input, state: .disabled)
        #expect(
            layout.touchTarget(at: Point(x: 50, y: 16), bounds: bounds, appearance: disabled) == .absorbed)
    }

    @Test("accessibility: a filter chip is a button that is selected or not; an input chip offers Remove")
    func accessibility() {
        let selected = ChipAppearance(theme: Self.light, kind: .filter, state: .selected)
            .accessibility(title: "Music", strings: .english)
        #expect(selected.role == .button && selected.label == "Music" && selected.traits == [.selected])
        #expect(selected.platformTraits == [.button, .selected])
        let disabled = ChipAppearance(theme: Self.light, kind: .filter, state: .disabled)
            .accessibility(title: "Music", label: "Music filter", strings: .english)
        #expect(disabled.label == "Music filter" && disabled.traits == [.notEnabled])
        let input = ChipAppearance(theme: Self.light, kind: .input, state: .normal)
            .accessibility(title: "Ada", strings: .simplifiedChinese)
        #expect(input.role == .staticText)
        #expect(input.actions == [AccessibilityCustomAction(identifier: "removeButton", name: "移除")])
        let disabledInput = ChipAppearance(theme: Self.light, kind: .input, state: .disabled)
            .accessibility(title: "Ada", strings: .english)
        #expect(disabledInput.actions.isEmpty)
    }
}

@Suite("Chip groups")
struct ChipGroupTests {
    @Test("chips wrap onto rows in reading order; rows are spaced so 44 pt targets never overlap")
    func wraps() {
        let theme = ChipTheme(resolver: Fixture.light)
        let sizes = [Size(width: 100, height: 32), Size(width: 120, height: 32), Size(width: 90, height: 32)]
        let layout = ChipGroupLayout(sizes: sizes, width: 240, theme: theme, direction: .leftToRight)
        #expect(layout.columnGap == 8 && layout.rowGap == 12)
        #expect(
            layout.chipFrames == [
                Rect(x: 0, y: 0, width: 100, height: 32), Rect(x: 108, y: 0, width: 120, height: 32),
                Rect(x: 0, y: 44, width: 90, height: 32),
            ])
        #expect(layout.size == Size(width: 240, height: 76))
        // Expanded targets of the two rows touch but do not overlap.
        let first = theme.hitTarget.expandedRect(for: layout.chipFrames[0])
        let third = theme.hitTarget.expandedRect(for: layout.chipFrames[2])
        #expect(first.maxY <= third.minY)
    }

    @Test("right to left, rows start at the right edge")
    func rightToLeft() {
        let theme = ChipTheme(resolver: Fixture.rtl)
        let sizes = [Size(width: 100, height: 32), Size(width: 120, height: 32), Size(width: 90, height: 32)]
        let layout = ChipGroupLayout(sizes: sizes, width: 240, theme: theme, direction: .rightToLeft)
        #expect(
            layout.chipFrames == [
                Rect(x: 140, y: 0, width: 100, height: 32), Rect(x: 12, y: 0, width: 120, height: 32),
                Rect(x: 150, y: 44, width: 90, height: 32),
            ])
    }

    @Test("a chip wider than the group is narrowed to it; an empty group has no height; bad widths are zero")
    func edges() {
        let theme = ChipTheme(resolver: Fixture.light)
        let wide = ChipGroupLayout(
            sizes: [Size(width: 500, height: 32)], width: 200, theme: theme, direction: .leftToRight)
        #expect(wide.chipFrames == [Rect(x: 0, y: 0, width: 200, height: 32)])
        #expect(
            ChipGroupLayout(sizes: [], width: 200, theme: theme, direction: .leftToRight).size
                == Size(width: 200, height: 0))
        #expect(
            ChipGroupLayout(
                sizes: [Size(width: 10, height: 32)], width: .nan, theme: theme, direction: .leftToRight
            ).size.width == 0)
    }

    @Test("at the largest text size the chips are taller and the row gap returns to the theme's")
    func largest() {
        let theme = ChipTheme(resolver: Fixture.resolver(category: .accessibilityExtraExtraExtraLarge))
        let layout = ChipGroupLayout(
            titles: ["Music", "Podcasts", "Audiobooks"], kind: .filter, states: [.selected], width: 300,
            theme: theme, measurer: Fixture.measurer)
        #expect(layout.rowGap == 8)
        #expect(layout.chipFrames.count == 3)
        #expect(layout.chipFrames.allSatisfy { $0.maxX <= 300 && $0.height >= 44 })
        // Reflowed: three chips that fit one row at Large take several rows here.
        #expect(Set(layout.chipFrames.map(\.minY)).count > 1)
    }
}

@Suite("Chip group selection")
struct ChipGroupSelectionTests {
    @Test("single: selecting a chip deselects the other; tapping the selected one clears it")
    func single() {
        var group = ChipGroupSelection(count: 3, selected: [0], mode: .single)
        #expect(group.send(.tap(2)).effects == [.selectionChanged([2])])
        #expect(group.state == [2])
        #expect(group.chipState(at: 2) == .selected && group.chipState(at: 0) == .normal)
        #expect(group.send(.tap(2)).effects == [.selectionChanged([])])
    }

    @Test("single with a required selection: the selected chip cannot be cleared")
    func required() {
        var group = ChipGroupSelection(count: 2, selected: [1], mode: .single, requiresSelection: true)
        #expect(!group.send(.tap(1)).isAccepted)
        #expect(group.state == [1])
        #expect(group.send(.tap(0)).effects == [.selectionChanged([0])])
    }

    @Test("multiple: taps toggle chips independently; required keeps the last one")
    func multiple() {
        var group = ChipGroupSelection(count: 3, mode: .multiple, requiresSelection: true)
        #expect(group.send(.tap(0)).effects == [.selectionChanged([0])])
        #expect(group.send(.tap(2)).effects == [.selectionChanged([0, 2])])
        #expect(group.send(.tap(0)).effects == [.selectionChanged([2])])
        #expect(!group.send(.tap(2)).isAccepted)
    }

    @Test("disabled chips and indices outside the group reject taps; silent sets report nothing")
    func rejections() {
        var group = ChipGroupSelection(count: 2, selected: [0, 1], mode: .single)
        #expect(group.state == [0])  // single mode keeps the lowest
        #expect(group.send(.setEnabled(1, false)).effects == [.setSilently])
        #expect(!group.send(.tap(1)).isAccepted)
        #expect(group.chipState(at: 1) == .disabled)
        #expect(!group.send(.tap(5)).isAccepted && !group.send(.tap(-1)).isAccepted)
        #expect(group.send(.setSelection([1, 7])).effects == [.setSilently])
        #expect(group.state == [1])
        #expect(!group.send(.setSelection([1])).isAccepted)
        #expect(!group.send(.setEnabled(1, false)).isAccepted)
        #expect(ChipGroupSelection(count: -4, mode: .multiple).chips.isEmpty)
    }
}

@Suite("Chip actions")
struct ChipActionTests {
    @Test(
        "a tap's action from where it ended, the kind and whether a group decides",
        arguments: [
            (ChipTouchTarget.removeButton as ChipTouchTarget?, ChipKind.input, false, ChipAction.remove),
            (.chip, .filter, false, .toggleSelection), (.chip, .filter, true, .reportTap),
            (.chip, .input, false, .reportTap), (.absorbed, .filter, false, .none),
            (nil, .input, true, .none),
        ])
    func actions(row: (ChipTouchTarget?, ChipKind, Bool, ChipAction)) {
        let (target, kind, grouped, expected) = row
        #expect(ChipAction(target: target, kind: kind, isGrouped: grouped) == expected)
    }

    @Test("the Remove accessibility action removes; other identifiers are not the chip's")
    func accessibilityActions() {
        #expect(ChipAction(accessibilityAction: "removeButton") == .remove)
        #expect(ChipAction(accessibilityAction: "close") == ChipAction.none)
        #expect(
            ChipState(isEnabled: false, isHighlighted: true, isSelected: true) == [
                .disabled, .highlighted, .selected,
            ])
        #expect(ChipState(isEnabled: true, isHighlighted: false, isSelected: false) == .normal)
    }
}

@Suite("Chip front-end helpers")
struct ChipFrontEndTests {
    @Test("the remove button's touch area and the icon inside it, both directions")
    func removeArea() {
        let input = ChipAppearance(theme: ChipTheme(resolver: Fixture.light), kind: .input, state: .normal)
        let layout = ChipLayout(
            title: "Ada", appearance: input, bounds: Size(width: 67, height: 32), measurer: Fixture.measurer)
        let touch = layout.placedTouchFrame(of: .removeButton)
        #expect(touch == Rect(x: 36, y: -6, width: 31, height: 44))
        let icon = ChipLayout.removeIconFrame(
            inTouchArea: Size(width: touch.width, height: touch.height), appearance: input)
        // Back in the chip's coordinates the icon is where the layout put it.
        #expect(icon.offsetBy(dx: touch.minX, dy: touch.minY) == layout.removeButtonFrame)
        #expect(layout.placedTouchFrame(of: .title) == layout.titleFrame)
        let rtl = ChipAppearance(theme: ChipTheme(resolver: Fixture.rtl), kind: .input, state: .normal)
        let mirrored = ChipLayout(
            title: "Ada", appearance: rtl, bounds: Size(width: 67, height: 32), measurer: Fixture.measurer)
        let rtlTouch = mirrored.placedTouchFrame(of: .removeButton)
        let rtlIcon = ChipLayout.removeIconFrame(
            inTouchArea: Size(width: rtlTouch.width, height: rtlTouch.height), appearance: rtl)
        #expect(rtlIcon.offsetBy(dx: rtlTouch.minX, dy: rtlTouch.minY) == mirrored.removeButtonFrame)
    }

    @Test("a group's width: a real proposal, else one row of every chip")
    func groupWidth() {
        let theme = ChipTheme(resolver: Fixture.light)
        let sizes = [Size(width: 50, height: 32), Size(width: 60, height: 32)]
        #expect(ChipGroupLayout.width(proposed: 300, sizes: sizes, theme: theme) == 300)
        for proposal in [nil, 0, -5, .infinity, .nan, .greatestFiniteMagnitude] as [Double?] {
            #expect(ChipGroupLayout.width(proposed: proposal, sizes: sizes, theme: theme) == 118)
        }
        #expect(ChipGroupLayout.width(proposed: nil, sizes: [], theme: theme) == 0)
    }
}
