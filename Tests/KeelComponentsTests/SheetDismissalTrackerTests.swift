import KeelComponents
import KeelGeometry
import Testing

@Suite("The system sheet's dismissal reason")
struct SheetDismissalTrackerTests {
    @Test("A sheet that closed itself was swiped; one the app closed was programmatic")
    func reasons() {
        var tracker = SheetDismissalTracker()
        #expect(tracker.dismissed() == .programmatic)
        tracker.sheetSetPresented(false)
        #expect(tracker.dismissed() == .swipe)
        // Reset after each dismissal.
        #expect(tracker.dismissed() == .programmatic)
        tracker.sheetSetPresented(false)
        tracker.presented()
        #expect(tracker.dismissed() == .programmatic)
        tracker.sheetSetPresented(false)
        tracker.sheetSetPresented(true)
        #expect(tracker.dismissed() == .programmatic)
    }

    @Test("The system sheet's grabber follows the configuration and its resolved detents")
    func grabber() throws {
        let container = SheetContainer(bounds: Size(width: 390, height: 844))
        let single = try BottomSheetConfiguration(height: .fixed(300), allowsSwipeDismissal: false)
        let singleFrame = BottomSheetSizing.resolve(single, in: container) { _ in 0 }
        #expect(!SheetGrabber.isShown(single, frame: singleFrame))
        let two = try BottomSheetConfiguration(
            height: .fixed(600), detents: [.fixed(300)], allowsSwipeDismissal: false)
        let twoFrame = BottomSheetSizing.resolve(two, in: container) { _ in 0 }
        #expect(twoFrame.detentHeights.count == 2)
        #expect(SheetGrabber.isShown(two, frame: twoFrame))
        var hidden = two
        hidden.grabber = .hidden
        #expect(!SheetGrabber.isShown(hidden, frame: twoFrame))
    }
}
