import KeelComponents
import KeelDesign
import Testing

@Suite("Bottom sheet layout: every frame from one function")
struct BottomSheetLayoutTests {
    static let theme = BottomSheetTheme(resolver: Fixture.light)
    static let portrait = SheetContainer(
        bounds: Size(width: 390, height: 844), safeArea: Edges<Double>(top: 47, bottom: 34))
    static let keyboard = SheetContainer(
        bounds: Size(width: 390, height: 844), safeArea: Edges<Double>(top: 47, bottom: 34),
        keyboardOverlap: 336)
    /// Landscape with the notch on the left (the device turned one way)…
    static let landscapeLeft = SheetContainer(
        bounds: Size(width: 844, height: 390), safeArea: Edges<Double>(top: 0, left: 47, bottom: 21, right: 0)
    )
    /// …and on the right (turned the other way).
    static let landscapeRight = SheetContainer(
        bounds: Size(width: 844, height: 390), safeArea: Edges<Double>(top: 0, left: 0, bottom: 21, right: 47)
    )
    static let iPad = SheetContainer(
        bounds: Size(width: 1180, height: 820), safeArea: Edges<Double>(top: 24, bottom: 20))

    static func layout(
        _ configuration: BottomSheetConfiguration, _ container: SheetContainer = portrait,
        content: Double = 300,
        detent: Int? = nil, drag: Double = 0, theme: BottomSheetTheme = theme
    ) -> BottomSheetLayoutResult {
        BottomSheetLayout.resolve(
            BottomSheetLayoutInput(
                configuration: configuration, theme: theme, container: container, contentHeight: content,
                detentIndex: detent, dragTranslation: drag))
    }

    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let configuration: BottomSheetConfiguration
        let container: SheetContainer
        let content: Double
        let detent: Int?
        let surface: Rect
        let contentFrame: Rect
        let variant: BottomSheetVariant
        let clipped: Bool
        var testDescription: String { name }
    }

    static let mediumLarge = try! BottomSheetConfiguration(height: .fraction(0.9), detents: [.fraction(0.5)])

    static let rows: [Row] = [
        Row(
            name: "fitting content + bottom safe area", configuration: try! BottomSheetConfiguration(),
            container: portrait, content: 300, detent: nil,
            surface: Rect(x: 0, y: 510, width: 390, height: 334),
            contentFrame: Rect(x: 0, y: 0, width: 390, height: 300), variant: .fullWidth, clipped: false),
        Row(
            name: "medium detent", configuration: mediumLarge, container: portrait, content: 300, detent: 0,
            surface: Rect(x: 0, y: 422, width: 390, height: 422),
            contentFrame: Rect(x: 0, y: 0, width: 390, height: 388), variant: .fullWidth, clipped: false),
        Row(
            name: "large detent", configuration: mediumLarge, container: portrait, content: 300, detent: 1,
            surface: Rect(x: 0, y: 844 - 759.6, width: 390, height: 759.6),
            contentFrame: Rect(x: 0, y: 0, width: 390, height: 725.6), variant: .fullWidth, clipped: false),
        Row(
            name: "custom height detent",
            configuration: try! BottomSheetConfiguration(detents: [.fixed(260)]),
            container: portrait, content: 400, detent: 0,
            surface: Rect(x: 0, y: 584, width: 390, height: 260),
            contentFrame: Rect(x: 0, y: 0, width: 390, height: 226), variant: .fullWidth, clipped: true),
        Row(
            name: "content taller than the largest detent", configuration: mediumLarge, container: portrait,
            content: 2000, detent: 1, surface: Rect(x: 0, y: 844 - 759.6, width: 390, height: 759.6),
            contentFrame: Rect(x: 0, y: 0, width: 390, height: 725.6), variant: .fullWidth, clipped: true),
        Row(
            name: "keyboard up: on the keyboard, no bottom padding",
            configuration: try! BottomSheetConfiguration(),
            container: keyboard, content: 200, detent: nil,
            surface: Rect(x: 0, y: 308, width: 390, height: 200),
            contentFrame: Rect(x: 0, y: 0, width: 390, height: 200), variant: .fullWidth, clipped: false),
        Row(
            name: "keyboard up, content taller than the room left",
            configuration: try! BottomSheetConfiguration(),
            container: keyboard, content: 600, detent: nil,
            surface: Rect(x: 0, y: 47, width: 390, height: 461),
            contentFrame: Rect(x: 0, y: 0, width: 390, height: 461), variant: .fullWidth, clipped: true),
        Row(
            name: "iPad: centred, at most 560 wide",
            configuration: try! BottomSheetConfiguration(width: .centered(maximumWidth: 560)),
            container: iPad,
            content: 300, detent: nil, surface: Rect(x: 310, y: 500, width: 560, height: 320),
            contentFrame: Rect(x: 0, y: 0, width: 560, height: 300), variant: .inset, clipped: false),
        Row(
            name: "landscape: centred in the safe width",
            configuration: try! BottomSheetConfiguration(width: .centered(maximumWidth: 500)),
            container: landscapeLeft, content: 200, detent: nil,
            surface: Rect(x: 47 + (797 - 500) / 2, y: 169, width: 500, height: 221),
            contentFrame: Rect(x: 0, y: 0, width: 500, height: 200), variant: .inset, clipped: false),
        Row(
            name: "landscape: full width ignores side safe areas",
            configuration: try! BottomSheetConfiguration(),
            container: landscapeLeft, content: 200, detent: nil,
            surface: Rect(x: 0, y: 169, width: 844, height: 221),
            contentFrame: Rect(x: 0, y: 0, width: 844, height: 200), variant: .fullWidth, clipped: false),
    ]

    @Test("surface, content region, variant and clipping", arguments: rows)
    func table(row: Row) throws {
        let result = Self.layout(row.configuration, row.container, content: row.content, detent: row.detent)
        #expect(result.surface.isClose(to: row.surface), "\(result.surface)")
        #expect(result.content.isClose(to: row.contentFrame), "\(result.content)")
        #expect(result.variant == row.variant)
        #expect(result.contentIsClipped == row.clipped)
        #expect(result.currentDetentFrame.isClose(to: row.surface))
        #expect(
            result.dimming
                == Rect(x: 0, y: 0, width: row.container.bounds.width, height: row.container.bounds.height))
        #expect(result.roundedCorners == [.topLeft, .topRight])
        #expect(result.cornerRadius == Self.theme.cornerRadius)
    }

    @Test(
        "every detent resolves to a height and a resting frame; the default is the configuration's own height"
    )
    func detents() throws {
        let result = Self.layout(Self.mediumLarge)
        #expect(result.detentHeights.count == 2)
        #expect(abs(result.detentHeights[0] - 422) < 1e-9)
        #expect(abs(result.detentHeights[1] - 759.6) < 1e-9)
        #expect(result.currentDetent == 1)
        for (height, frame) in zip(result.detentHeights, result.detentFrames) {
            #expect(abs(frame.height - height) < 1e-9)
            #expect(abs(frame.maxY - 844) < 1e-9)
        }
        // An index out of range is clamped, never a crash.
        #expect(Self.layout(Self.mediumLarge, detent: 9).currentDetent == 1)
        #expect(Self.layout(Self.mediumLarge, detent: -3).currentDetent == 0)
        // Content detent below a fraction: the configuration's own height is the content.
        let contentFirst = Self.layout(try BottomSheetConfiguration(detents: [.fraction(0.8)]), content: 200)
        #expect(contentFirst.currentDetent == 0)
        #expect(contentFirst.surface.height == 234)
    }

    struct DragRow: Sendable, CustomTestStringConvertible {
        let name: String
        let detent: Int
        let translation: Double
        let minY: Double
        let height: Double
        let dimmingAlpha: Double
        let contentHeight: Double
        var testDescription: String { name }
    }

    static let dragRows: [DragRow] = {
        let alpha = theme.dimming.alpha
        // Medium is 422 tall, large 759.6: medium may expand by 337.6 before resisting.
        let pastLarge = RubberBand.offset(-62.4, dimension: 759.6, coefficient: theme.upwardResistance)
        let onLarge = RubberBand.offset(-100, dimension: 759.6, coefficient: theme.upwardResistance)
        return [
            DragRow(
                name: "at rest", detent: 0, translation: 0, minY: 422, height: 422, dimmingAlpha: alpha,
                contentHeight: 388),
            DragRow(
                name: "half way down", detent: 0, translation: 211, minY: 633, height: 422,
                dimmingAlpha: alpha * 0.5, contentHeight: 388),
            DragRow(
                name: "all the way down", detent: 0, translation: 422, minY: 844, height: 422,
                dimmingAlpha: 0,
                contentHeight: 388),
            DragRow(
                name: "up from medium: follows the finger, the content grows", detent: 0, translation: -100,
                minY: 322, height: 522, dimmingAlpha: alpha, contentHeight: 488),
            DragRow(
                name: "up past large: resists beyond it, the content stops at large", detent: 0,
                translation: -400, minY: 844 - 759.6 + pastLarge, height: 759.6 - pastLarge,
                dimmingAlpha: alpha,
                contentHeight: 725.6),
            DragRow(
                name: "up from large: rubber-banded, the content keeps its room", detent: 1,
                translation: -100,
                minY: 844 - 759.6 + onLarge, height: 759.6 - onLarge, dimmingAlpha: alpha,
                contentHeight: 725.6),
            DragRow(
                name: "not a number", detent: 0, translation: .nan, minY: 422, height: 422,
                dimmingAlpha: alpha,
                contentHeight: 388),
        ]
    }()

    @Test(
        "a drag moves the surface down (fading the dimming), expands it up to the largest detent, then stretches it",
        arguments: dragRows)
    func drag(row: DragRow) {
        let result = Self.layout(Self.mediumLarge, detent: row.detent, drag: row.translation)
        #expect(abs(result.surface.minY - row.minY) < 1e-9)
        #expect(abs(result.surface.height - row.height) < 1e-9)
        #expect(abs(result.dimmingColor.alpha - row.dimmingAlpha) < 1e-9)
        // The content sits at the top of the surface; it grows only while the sheet expands.
        #expect(result.content.origin == Point(x: 0, y: 0))
        #expect(result.content.width == 390)
        #expect(abs(result.content.height - row.contentHeight) < 1e-9)
        #expect(result.offscreenOffset >= 844 - result.surface.minY)
    }

    @Test("a docked keyboard's frame puts the sheet's bottom on the keyboard at every detent")
    func keyboardFrame() throws {
        // The keyboard in the window's coordinates, reduced to its overlap, as both front ends do.
        let window = Rect(x: 0, y: 0, width: 390, height: 844)
        let keyboard = Rect(x: 0, y: 508, width: 390, height: 336)
        let overlap = KeyboardGeometry.dockedOverlap(
            keyboardFrame: keyboard, containerFrame: window, containsFirstResponder: true)
        #expect(overlap == 336)
        let container = SheetContainer(
            bounds: window.size, safeArea: Edges<Double>(top: 47, bottom: 34), keyboardOverlap: overlap)
        for detent in [0, 1] {
            let result = Self.layout(Self.mediumLarge, container, detent: detent)
            #expect(result.surface.maxY == keyboard.minY)
            // No home-indicator padding over the keyboard; no detent taller than the room above it.
            #expect(result.bottomPadding == 0)
            #expect(result.content.height == result.surface.height)
            #expect(result.surface.minY >= 47)
        }
        let lowered = Self.layout(Self.mediumLarge, Self.portrait, detent: 0)
        #expect(lowered.surface.maxY == 844)
        // A keyboard the content does not own, or a floating one, moves nothing.
        for (frame, owns) in [(keyboard, false), (Rect(x: 40, y: 300, width: 300, height: 250), true)] {
            #expect(
                KeyboardGeometry.dockedOverlap(
                    keyboardFrame: frame, containerFrame: window, containsFirstResponder: owns)
                    == 0)
        }
    }

    @Test("the grabber: centred target and bar, shown when draggable, hint by detent count")
    func grabber() throws {
        let several = Self.layout(Self.mediumLarge).grabber
        #expect(several.isShown)
        #expect(!several.isHidden)
        #expect(several.target == Rect(x: (390 - 88) / 2, y: 0, width: 88, height: 44))
        #expect(several.bar == Rect(x: 26, y: 5, width: 36, height: 5))
        #expect(several.barCornerRadius == 2.5)
        #expect(several.hint == .sheetGrabberResize)
        #expect(several.canActivate)
        let single = Self.layout(try BottomSheetConfiguration()).grabber
        #expect(single.isShown)
        #expect(single.hint == .dismiss)
        #expect(single.canActivate)
        let fixed = Self.layout(try BottomSheetConfiguration(allowsSwipeDismissal: false)).grabber
        #expect(!fixed.isShown)
        #expect(fixed.isHidden)
        #expect(!fixed.canActivate)
        let wide = Self.layout(try BottomSheetConfiguration(width: .centered(maximumWidth: 560)), Self.iPad)
        #expect(wide.grabber.target.midX == 280)
    }

    @Test("right-to-left: the sheet is symmetric, so a mirrored container mirrors every frame")
    func mirrored() throws {
        for configuration in [
            try BottomSheetConfiguration(width: .centered(maximumWidth: 500)),
            try BottomSheetConfiguration(width: .horizontalInsets(12)), Self.mediumLarge,
        ] {
            let left = Self.layout(configuration, Self.landscapeLeft, content: 150)
            let right = Self.layout(configuration, Self.landscapeRight, content: 150)
            #expect(right.surface.isClose(to: left.surface.mirrored(inWidth: 844)))
            #expect(right.grabber == left.grabber)
            #expect(right.content == left.content)
        }
    }

    @Test("larger text sizes measure taller content: the sheet grows until the available height, then clips")
    func textSizes() throws {
        let categories: [TextSizeCategory] = [
            .extraSmall, .large, .extraExtraExtraLarge, .accessibilityExtraExtraExtraLarge,
        ]
        let configuration = try BottomSheetConfiguration()
        let text = String(repeating: "Anyone with the link can see the items. ", count: 12)
        var previous = 0.0
        for category in categories {
            let font = Fixture.resolver(category: category).font(.body)
            let width = BottomSheetLayout.contentWidth(configuration, in: Self.portrait)
            let content =
                Fixture.measurer.height(of: text, font: font, width: width - 32, maximumLines: nil) + 32
            let result = Self.layout(configuration, content: content)
            #expect(result.surface.height >= previous)
            #expect(result.surface.height <= 797)
            #expect(result.contentIsClipped == (content + 34 > 797))
            previous = result.surface.height
        }
        #expect(previous == 797)
    }

    static let hostile: [Double] = [.nan, .infinity, -.infinity, -500, 0, 1e300, .greatestFiniteMagnitude]

    @Test("any input gives finite, non-negative frames", arguments: hostile)
    func hostileInput(value: Double) throws {
        let container = SheetContainer(
            bounds: Size(width: value, height: value),
            safeArea: Edges<Double>(top: value, left: value, bottom: value, right: value),
            keyboardOverlap: value)
        for configuration in [
            try BottomSheetConfiguration(), Self.mediumLarge,
            try BottomSheetConfiguration(width: .horizontalInsets(20)),
        ] {
            for input in [(container, value), (Self.portrait, value), (container, 300)] {
                let result = Self.layout(configuration, input.0, content: input.1, detent: 1, drag: value)
                for rect in [result.surface, result.content, result.dimming, result.currentDetentFrame]
                    + result.detentFrames
                {
                    #expect(rect.isFiniteAndNonNegative, "\(rect)")
                }
                // The grabber's target is centred on the surface, so on a surface narrower than
                // it it overhangs (a negative x): finite, with a non-negative size.
                for rect in [result.grabber.target, result.grabber.bar] {
                    #expect(rect.isFinite && rect.width >= 0 && rect.height >= 0, "\(rect)")
                }
                #expect(result.offscreenOffset.isFinite && result.offscreenOffset >= 0)
                #expect(result.dimmingColor.alpha.isFinite)
                #expect(result.cornerRadius.isFinite && result.cornerRadius >= 0)
            }
        }
    }
}

extension Rect {
    func isClose(to other: Rect, tolerance: Double = 1e-6) -> Bool {
        abs(minX - other.minX) < tolerance && abs(minY - other.minY) < tolerance
            && abs(width - other.width) < tolerance && abs(height - other.height) < tolerance
    }

    var isFinite: Bool { [minX, minY, width, height].allSatisfy(\.isFinite) }

    var isFiniteAndNonNegative: Bool {
        [minX, minY, width, height].allSatisfy { $0.isFinite && $0 >= 0 }
    }
}
