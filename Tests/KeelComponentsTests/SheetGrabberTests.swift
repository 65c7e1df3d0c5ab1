import KeelComponents
import Testing

@Suite("Sheet grabber")
struct SheetGrabberTests {
    @Test("automatic grabbers show when the sheet can be dragged")
    func visibility() throws {
        let swipeable = try BottomSheetConfiguration()
        let fixed = try BottomSheetConfiguration(allowsSwipeDismissal: false)
        #expect(SheetGrabber.isShown(swipeable, detentCount: 1))
        #expect(!SheetGrabber.isShown(fixed, detentCount: 1))
        #expect(SheetGrabber.isShown(fixed, detentCount: 2))
        #expect(
            SheetGrabber.isShown(
                try BottomSheetConfiguration(allowsSwipeDismissal: false, grabber: .visible), detentCount: 1))
        #expect(!SheetGrabber.isShown(try BottomSheetConfiguration(grabber: .hidden), detentCount: 3))
    }

    @Test("the bar and its target are centred at the top")
    func geometry() {
        #expect(SheetGrabber.barFrame(surfaceWidth: 390) == Rect(x: 177, y: 5, width: 36, height: 5))
        #expect(SheetGrabber.targetFrame(surfaceWidth: 390) == Rect(x: 151, y: 0, width: 88, height: 44))
        let bar = SheetGrabber.barFrame(surfaceWidth: 390)
        let target = SheetGrabber.targetFrame(surfaceWidth: 390)
        #expect(target.minX <= bar.minX && bar.maxX <= target.maxX && bar.maxY <= target.maxY)
        #expect(target.midX == bar.midX)
        #expect(SheetGrabber.barFrame(surfaceWidth: .nan).minX == -18)
    }

    @Test("activation steps through the detents, then dismisses or does nothing with one")
    func activation() {
        let detents = [200.0, 450, 700]
        #expect(
            SheetGrabber.activation(detentHeights: detents, restingHeight: 200, allowsDismissal: true)
                == .settle(height: 450))
        #expect(
            SheetGrabber.activation(detentHeights: detents, restingHeight: 450.2, allowsDismissal: true)
                == .settle(height: 700))
        #expect(
            SheetGrabber.activation(detentHeights: detents, restingHeight: 700, allowsDismissal: true)
                == .settle(height: 200))
        #expect(
            SheetGrabber.activation(detentHeights: [500, .nan], restingHeight: 500, allowsDismissal: true)
                == .dismiss)
        #expect(
            SheetGrabber.activation(detentHeights: [500], restingHeight: 500, allowsDismissal: false) == .none
        )
    }

    @Test(
        "VoiceOver adjustments step one detent without wrapping; dismiss only where swiping may",
        arguments: [
            (SheetGrabberAdjustment.increment, 200.0, true, SheetGrabberAction.settle(height: 450)),
            (.increment, 450, true, .settle(height: 700)),
            (.increment, 700, true, .none),
            (.decrement, 700, true, .settle(height: 450)),
            (.decrement, 450.3, true, .settle(height: 200)),
            (.decrement, 200, true, .none),
            (.dismiss, 450, true, .dismiss),
            (.dismiss, 450, false, .none),
            (.activate, 700, false, .settle(height: 200)),
        ])
    func adjustment(
        adjustment: SheetGrabberAdjustment, resting: Double, allowsDismissal: Bool,
        expected: SheetGrabberAction
    ) {
        #expect(
            SheetGrabber.adjustment(
                adjustment, detentHeights: [700, .nan, 200, 450], restingHeight: resting,
                allowsDismissal: allowsDismissal) == expected)
    }

    @Test("a single height cannot be adjusted; activation still follows its own rule")
    func singleHeightAdjustment() {
        for adjustment in [SheetGrabberAdjustment.increment, .decrement] {
            #expect(
                SheetGrabber.adjustment(
                    adjustment, detentHeights: [500], restingHeight: 500, allowsDismissal: true)
                    == .none)
        }
        #expect(
            SheetGrabber.adjustment(
                .activate, detentHeights: [500], restingHeight: 500, allowsDismissal: true)
                == .dismiss)
    }

    @Test("the grabber colour comes from the theme, with a default for each appearance")
    func theme() {
        #expect(BottomSheetTheme(resolver: Fixture.light).grabber.hex == "#C2C5CB")
        #expect(BottomSheetTheme(resolver: Fixture.dark).grabber.hex == "#4F535B")
        #expect(AccessibilityStrings.english.string(.sheetGrabber) == "Sheet grabber")
    }
}
