import KeelComponents
import KeelDesign
import Testing

@Suite("Bottom sheet sizing and drag")
struct BottomSheetTests {
    static let portrait = SheetContainer(
        bounds: Size(width: 390, height: 844), safeArea: Edges<Double>(top: 47, bottom: 34))
    static let landscape = SheetContainer(
        bounds: Size(width: 844, height: 390),
        safeArea: Edges<Double>(top: 0, left: 47, bottom: 21, right: 47))
    static let keyboard = SheetContainer(
        bounds: Size(width: 390, height: 844), safeArea: Edges<Double>(top: 47, bottom: 34),
        keyboardOverlap: 336)

    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let height: BottomSheetHeight
        let width: BottomSheetWidth
        let container: SheetContainer
        let content: Double
        let surface: Rect
        let clipped: Bool
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(
            name: "content + bottom safe area", height: .content, width: .fullWidth, container: portrait,
            content: 300, surface: Rect(x: 0, y: 844 - 334, width: 390, height: 334), clipped: false),
        Row(
            name: "content taller than available", height: .content, width: .fullWidth, container: portrait,
            content: 2000, surface: Rect(x: 0, y: 47, width: 390, height: 797), clipped: true),
        Row(
            name: "content with maximum", height: .content(maximum: 200), width: .fullWidth,
            container: portrait, content: 300, surface: Rect(x: 0, y: 644, width: 390, height: 200),
            clipped: true),
        Row(
            name: "fixed", height: .fixed(400), width: .horizontalInsets(16), container: portrait, content: 0,
            surface: Rect(x: 16, y: 444, width: 358, height: 400), clipped: false),
        Row(
            name: "fraction", height: .fraction(0.5), width: .centered(maximumWidth: 500),
            container: portrait, content: 0, surface: Rect(x: 0, y: 422, width: 390, height: 422),
            clipped: false),
        Row(
            name: "landscape full width ignores side safe areas", height: .content, width: .fullWidth,
            container: landscape, content: 200, surface: Rect(x: 0, y: 390 - 221, width: 844, height: 221),
            clipped: false),
        Row(
            name: "landscape insets respect side safe areas", height: .content, width: .horizontalInsets(10),
            container: landscape, content: 100, surface: Rect(x: 57, y: 390 - 121, width: 730, height: 121),
            clipped: false),
        Row(
            name: "landscape centred", height: .fraction(1), width: .centered(maximumWidth: 500),
            container: landscape, content: 0, surface: Rect(x: 172, y: 0, width: 500, height: 390),
            clipped: false),
        Row(
            name: "docked keyboard: no bottom safe area, sits on the keyboard", height: .content,
            width: .fullWidth, container: keyboard, content: 200,
            surface: Rect(x: 0, y: 844 - 336 - 200, width: 390, height: 200), clipped: false),
        Row(
            name: "docked keyboard shrinks the maximum", height: .fixed(600), width: .fullWidth,
            container: keyboard, content: 0, surface: Rect(x: 0, y: 47, width: 390, height: 461),
            clipped: false),
    ]

    @Test("size resolution", arguments: rows)
    func sizing(row: Row) throws {
        let configuration = try BottomSheetConfiguration(height: row.height, width: row.width, detents: [])
        let frame = BottomSheetSizing.resolve(configuration, in: row.container) { _ in row.content }
        #expect(frame.surface == row.surface)
        #expect(frame.contentIsClipped == row.clipped)
        #expect(
            frame.bottomPadding == (row.container.keyboardOverlap > 0 ? 0 : row.container.safeArea.bottom))
    }

    @Test("content is measured at the resolved width; bad measurements count as zero")
    func measuring() throws {
        let configuration = try BottomSheetConfiguration(width: .horizontalInsets(20))
        var widths: [Double] = []
        _ = BottomSheetSizing.resolve(configuration, in: Self.portrait) {
            widths.append($0)
            return 10
        }
        #expect(widths == [350])
        let frame = BottomSheetSizing.resolve(try BottomSheetConfiguration(), in: Self.portrait) { _ in .nan }
        #expect(frame.surface.height == 34)
    }

    @Test("detents resolve smallest first")
    func detents() throws {
        let configuration = try BottomSheetConfiguration(
            height: .fraction(0.9), detents: [.fixed(300), .fraction(0.5)])
        let frame = BottomSheetSizing.resolve(configuration, in: Self.portrait) { _ in 0 }
        #expect(
            frame.detentHeights.count == 3 && frame.detentHeights[0] == 300 && frame.detentHeights[1] == 422)
        #expect(abs(frame.detentHeights[2] - 759.6) < 1e-9)
    }

    @Test(
        "invalid configurations throw",
        arguments: [
            (
                BottomSheetHeight.fixed(0), BottomSheetWidth.fullWidth,
                BottomSheetConfigurationError.invalidHeight(0)
            ),
            (.fixed(.infinity), .fullWidth, .invalidHeight(.infinity)),
            (.content(maximum: -1), .fullWidth, .invalidHeight(-1)),
            (.fraction(0), .fullWidth, .invalidFraction(0)),
            (.fraction(1.5), .fullWidth, .invalidFraction(1.5)),
            (.content, .horizontalInsets(-4), .invalidWidth(-4)),
            (.content, .centered(maximumWidth: 0), .invalidWidth(0)),
        ])
    func invalid(height: BottomSheetHeight, width: BottomSheetWidth, error: BottomSheetConfigurationError) {
        #expect(throws: error) { try BottomSheetConfiguration(height: height, width: width, detents: []) }
        #expect(throws: BottomSheetConfigurationError.invalidDetents) {
            try BottomSheetConfiguration(detents: [height == .content ? .fraction(2) : height])
        }
    }

    @Test(
        "docked keyboard overlap",
        arguments: [
            (Rect(x: 0, y: 508, width: 390, height: 336), true, 336.0),
            (Rect(x: 0, y: 507.5, width: 390, height: 336), true, 336.5),  // within 1 pt of the bottom
            (Rect(x: 0, y: 300, width: 390, height: 336), true, 0),  // floating
            (Rect(x: 0, y: 508, width: 390, height: 336), false, 0),  // first responder elsewhere
            (Rect(x: 0, y: 844, width: 390, height: 0), true, 0),  // hidden
        ])
    func keyboardOverlap(keyboard: Rect, responder: Bool, expected: Double) {
        let container = Rect(x: 0, y: 0, width: 390, height: 844)
        #expect(
            KeyboardGeometry.dockedOverlap(
                keyboardFrame: keyboard, containerFrame: container, containsFirstResponder: responder)
                == expected)
        #expect(
            KeyboardGeometry.dockedOverlap(
                keyboardFrame: nil, containerFrame: container, containsFirstResponder: true) == 0)
    }

    @Test("theme: reference colours and thresholds from the theme, not literals")
    func theme() {
        let light = BottomSheetTheme(resolver: Fixture.light)
        #expect(light.surface.hex == "#F4F5F7")
        #expect(BottomSheetTheme(resolver: Fixture.dark).surface.hex == "#24272D")
        #expect(light.dimming.alpha == 0.48)
        #expect(light.cornerRadius == 12)
        #expect(light.dismissDistanceFraction == 0.3)
        #expect(light.dismissVelocity == 1000)
        let custom = KeelTheme(
            identifier: ThemeIdentifier(rawValue: "c"), displayName: "C", basedOn: .default,
            components: [
                .bottomSheet: ComponentTheme([
                    ComponentValueKey(rawValue: "drag.dismissVelocity"): .number(600)
                ])
            ])
        #expect(BottomSheetTheme(resolver: KeelThemeResolver(theme: custom)).dismissVelocity == 600)
    }

    @Test("drag: begin predicate, progress, dimming, rubber band upward")
    func drag() {
        #expect(BottomSheetDrag.canBegin(velocity: Point(x: 10, y: 100), sheetMayPan: true))
        #expect(!BottomSheetDrag.canBegin(velocity: Point(x: 100, y: 100), sheetMayPan: true))
        #expect(!BottomSheetDrag.canBegin(velocity: Point(x: 0, y: -100), sheetMayPan: true))
        #expect(!BottomSheetDrag.canBegin(velocity: Point(x: 0, y: 100), sheetMayPan: false))
        let drag = BottomSheetDrag(height: 400, theme: BottomSheetTheme(resolver: Fixture.light))
        #expect(drag.progress(forTranslation: 100) == 0.25)
        #expect(drag.progress(forTranslation: -50) == 0)
        #expect(drag.progress(forTranslation: 900) == 1)
        #expect(abs(drag.dimmingAlpha(forTranslation: 100) - 0.36) < 1e-12)
        #expect(drag.offset(forTranslation: 120) == 120)
        let up = drag.offset(forTranslation: -100)
        #expect(up < 0 && up > -55)
        #expect(abs(up - RubberBand.offset(-100, dimension: 400)) < 1e-12)
    }

    struct ReleaseRow: Sendable {
        let translation: Double
        let velocity: Double
        let decision: SheetReleaseDecision
    }

    @Test(
        "release decisions at the thresholds",
        arguments: [
            ReleaseRow(translation: 121, velocity: 0, decision: .dismiss),
            ReleaseRow(translation: 120, velocity: 0, decision: .settle(height: 400)),
            ReleaseRow(translation: 10, velocity: 1001, decision: .dismiss),
            ReleaseRow(translation: 10, velocity: 1000, decision: .settle(height: 400)),
            ReleaseRow(translation: 200, velocity: -50, decision: .settle(height: 400)),
        ])
    func release(row: ReleaseRow) {
        let drag = BottomSheetDrag(height: 400, theme: BottomSheetTheme(resolver: Fixture.light))
        #expect(drag.release(translation: row.translation, velocity: row.velocity) == row.decision)
        let locked = BottomSheetDrag(
            height: 400, theme: BottomSheetTheme(resolver: Fixture.light), allowsDismissal: false)
        if case .settle = locked.release(translation: row.translation, velocity: row.velocity) {
        } else {
            Issue.record("dismissed although swipe dismissal is off")
        }
    }

    @Test("release with detents settles at the nearest projected detent")
    func detentRelease() {
        let drag = BottomSheetDrag(height: 700, theme: BottomSheetTheme(resolver: Fixture.light))
        #expect(
            drag.release(translation: 150, velocity: 0, detentHeights: [300, 700]) == .settle(height: 700))
        #expect(
            drag.release(translation: 200, velocity: 900, detentHeights: [300, 700]) == .settle(height: 300))
        #expect(
            drag.release(translation: -20, velocity: -400, detentHeights: [300, 700]) == .settle(height: 700))
    }
}
