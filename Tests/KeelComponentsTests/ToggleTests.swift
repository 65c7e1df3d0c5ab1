import KeelComponents
import KeelDesign
import Testing

@Suite("Toggle and icon buttons")
struct ToggleTests {
    @Test("the reference's toggle metrics")
    func metrics() {
        let theme = ToggleTheme(resolver: Fixture.light)
        #expect(theme.visualSize == Size(width: 52, height: 28))
        #expect(theme.trackSize == Size(width: 48, height: 26))
        #expect(theme.thumbDiameter == 22)
        #expect(theme.thumbInset == 2)
        #expect(theme.isValid)
        #expect(theme.motion.duration == 0.15)
        #expect(theme.motion.curve == .easeOut)
        var broken = theme
        broken.thumbDiameter = 24
        #expect(!broken.isValid)
        broken = theme
        broken.trackSize.width = 60
        #expect(!broken.isValid)
    }

    struct GeometryRow: Sendable {
        let isOn: Bool
        let direction: TextDirection
        let thumbX: Double
    }

    // Bounds 52 × 44: visual frame at (0, 8), track at (2, 9), thumb at track.x + 2 or + 24.
    @Test(
        "thumb position, mirrored for right-to-left",
        arguments: [
            GeometryRow(isOn: false, direction: .leftToRight, thumbX: 4),
            GeometryRow(isOn: true, direction: .leftToRight, thumbX: 26),
            GeometryRow(isOn: false, direction: .rightToLeft, thumbX: 26),
            GeometryRow(isOn: true, direction: .rightToLeft, thumbX: 4),
        ])
    func geometry(row: GeometryRow) {
        let layout = ToggleLayout(
            theme: ToggleTheme(resolver: Fixture.light), isOn: row.isOn, direction: row.direction)
        #expect(layout.intrinsicSize == Size(width: 52, height: 44))
        #expect(layout.visualFrame == Rect(x: 0, y: 8, width: 52, height: 28))
        #expect(layout.trackFrame == Rect(x: 2, y: 9, width: 48, height: 26))
        #expect(layout.trackCornerRadius == 13)
        #expect(layout.thumbFrame == Rect(x: row.thumbX, y: 11, width: 22, height: 22))
    }

    struct BoundsRow: Sendable {
        let bounds: Size
        let direction: TextDirection
        let visualFrame: Rect
    }

    // A view not laid out yet (zero, negative, non-finite bounds) gets the intrinsic 52 × 44;
    // a larger one centres the visual frame, in both directions.
    @Test(
        "bounds: real ones centre the toggle, bad ones give the intrinsic size",
        arguments: [
            BoundsRow(
                bounds: Size(width: 0, height: 0), direction: .leftToRight,
                visualFrame: Rect(x: 0, y: 8, width: 52, height: 28)),
            BoundsRow(
                bounds: Size(width: -10, height: 44), direction: .rightToLeft,
                visualFrame: Rect(x: 0, y: 8, width: 52, height: 28)),
            BoundsRow(
                bounds: Size(width: .nan, height: .infinity), direction: .leftToRight,
                visualFrame: Rect(x: 0, y: 8, width: 52, height: 28)),
            BoundsRow(
                bounds: Size(width: 100, height: 60), direction: .leftToRight,
                visualFrame: Rect(x: 24, y: 16, width: 52, height: 28)),
            BoundsRow(
                bounds: Size(width: 100, height: 60), direction: .rightToLeft,
                visualFrame: Rect(x: 24, y: 16, width: 52, height: 28)),
        ])
    func bounds(row: BoundsRow) {
        let theme = ToggleTheme(resolver: Fixture.light)
        let layout = ToggleLayout(theme: theme, isOn: true, bounds: row.bounds, direction: row.direction)
        #expect(layout.visualFrame == row.visualFrame)
        #expect(layout.thumbCornerRadius == 11)
        for frame in [layout.visualFrame, layout.trackFrame, layout.thumbFrame] {
            #expect(frame.minX.isFinite && frame.minY.isFinite && frame.width >= 0 && frame.height >= 0)
        }
    }

    @Test("a layout from a selection draws the committed value, faded while pending or disabled")
    func fromSelection() {
        let theme = ToggleTheme(resolver: Fixture.light)
        var selection = ConfirmableSelection(value: false, behavior: .requiresConfirmation)
        let idle = ToggleLayout(theme: theme, selection: selection, bounds: nil)
        #expect(idle == ToggleLayout(theme: theme, isOn: false))
        selection.send(.tap(hasRequestHandler: true))
        let pending = ToggleLayout(theme: theme, selection: selection, bounds: nil, direction: .rightToLeft)
        #expect(
            pending == ToggleLayout(theme: theme, isOn: false, isInteractive: false, direction: .rightToLeft))
        #expect(pending.opacity == theme.disabledOpacity)
        selection.send(.resolve(true))
        selection.isEnabled = false
        #expect(
            ToggleLayout(theme: theme, selection: selection, bounds: nil)
                == ToggleLayout(theme: theme, isOn: true, isInteractive: false))
    }

    struct ColorRow: Sendable {
        let scheme: InterfaceStyle
        let isOn: Bool
        let track: String
        let thumb: String
    }

    @Test(
        "toggle colours, light and dark",
        arguments: [
            ColorRow(scheme: .light, isOn: true, track: "#4F5CE7", thumb: "#FFFFFF"),
            ColorRow(scheme: .light, isOn: false, track: "#D9D9D9", thumb: "#FFFFFF"),
            ColorRow(scheme: .dark, isOn: true, track: "#6F78FF", thumb: "#D5D5D7"),
            ColorRow(scheme: .dark, isOn: false, track: "#2A2A2C", thumb: "#898C91"),
        ])
    func colors(row: ColorRow) {
        let layout = ToggleLayout(
            theme: ToggleTheme(resolver: Fixture.resolver(scheme: row.scheme)), isOn: row.isOn)
        #expect(layout.trackColor.hex == row.track)
        #expect(layout.thumbColor.hex == row.thumb)
        #expect(layout.opacity == 1)
        let pending = ToggleLayout(
            theme: ToggleTheme(resolver: Fixture.light), isOn: row.isOn, isInteractive: false)
        #expect(pending.opacity == 0.4)
    }

    @Test("toggle accessibility: a switch with localised values")
    func accessibility() {
        var selection = ConfirmableSelection(value: true, behavior: .requiresConfirmation)
        #expect(
            ToggleLayout.accessibility(selection: selection, strings: .english)
                == AccessibilityDescription(role: .toggle, label: "Switch", value: "On"))
        #expect(ToggleLayout.accessibility(selection: selection, strings: .simplifiedChinese).value == "已开启")
        selection.send(.tap(hasRequestHandler: true))
        let pending = ToggleLayout.accessibility(selection: selection, label: "Wi-Fi", strings: .english)
        #expect(
            pending
                == AccessibilityDescription(
                    role: .toggle, label: "Wi-Fi", value: "Updating", traits: .notEnabled))
        selection.send(.resolve(false))
        #expect(ToggleLayout.accessibility(selection: selection, strings: .simplifiedChinese).value == "已关闭")
    }

    struct IconRow: Sendable {
        let kind: IconButtonKind
        let icon: Double
        let label: String
        let chinese: String
    }

    @Test(
        "icon buttons: 44 pt target, 24 pt icon (28 pt large close), localised labels",
        arguments: [
            IconRow(kind: .checkbox, icon: 24, label: "Completion status", chinese: "完成状态"),
            IconRow(kind: .more, icon: 24, label: "More actions", chinese: "更多操作"),
            IconRow(kind: .close(large: false), icon: 24, label: "Close", chinese: "关闭"),
            IconRow(kind: .close(large: true), icon: 28, label: "Close", chinese: "关闭"),
        ])
    func iconButtons(row: IconRow) {
        let spec = IconButtonSpec(kind: row.kind, resolver: Fixture.light)
        #expect(spec.intrinsicSize == Size(width: 44, height: 44))
        #expect(spec.iconSize == row.icon)
        #expect(spec.iconFrame(in: Size(width: 44, height: 44)).midX == 22)
        #expect(spec.accessibility(strings: .english).label == row.label)
        #expect(spec.accessibility(strings: .simplifiedChinese).label == row.chinese)
        #expect(spec.accessibility(label: "Mine", strings: .english).label == "Mine")
        #expect(
            spec.hitTarget.disposition(
                of: Point(x: -10, y: 12), bounds: Rect(x: 0, y: 0, width: 24, height: 24)) == .handle)
    }

    @Test("checkbox values, traits and tints")
    func checkbox() {
        let spec = IconButtonSpec(kind: .checkbox, resolver: Fixture.dark)
        var selection = ConfirmableSelection(value: false, behavior: .requiresConfirmation)
        #expect(spec.accessibility(selection: selection, strings: .english).value == "Not selected")
        selection.send(.tap(hasRequestHandler: true))
        let pending = spec.accessibility(selection: selection, strings: .simplifiedChinese)
        #expect(pending.value == "正在更新")
        #expect(pending.traits == .notEnabled)
        selection.send(.resolve(true))
        let selected = spec.accessibility(selection: selection, strings: .english)
        #expect(selected.value == "Selected")
        #expect(selected.traits == .selected)
        #expect(selected.role == .checkbox)
        #expect(spec.checkboxTint(isSelected: true).hex == "#F2F3F5")
        #expect(spec.checkboxTint(isSelected: false).hex == "#A9B0BB")
        #expect(spec.iconName(isSelected: true) == "checkbox.selected")
    }
}
