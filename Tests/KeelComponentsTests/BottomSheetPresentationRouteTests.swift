import KeelComponents
import KeelDesign
import KeelGeometry
import Testing

@Suite("Which sheet presentation a configuration needs, and Keel's sheet off screen")
struct BottomSheetPresentationRouteTests {
    @Test("Full-width sheets dismissed by swipe and tap alike use the system sheet; others Keel's")
    func route() throws {
        #expect(try BottomSheetConfiguration().presentationRoute == .system)
        #expect(
            try BottomSheetConfiguration(allowsBackgroundDismissal: false, allowsSwipeDismissal: false)
                .presentationRoute == .system)
        #expect(try BottomSheetConfiguration(width: .centered(maximumWidth: 500)).presentationRoute == .keel)
        #expect(try BottomSheetConfiguration(width: .horizontalInsets(16)).presentationRoute == .keel)
        #expect(try BottomSheetConfiguration(allowsBackgroundDismissal: false).presentationRoute == .keel)
    }

    @Test("Off screen the surface sits below the container and the dimming is clear")
    func offscreen() throws {
        let configuration = try BottomSheetConfiguration(height: .fixed(300))
        let result = BottomSheetLayout.resolve(
            BottomSheetLayoutInput(
                configuration: configuration, theme: BottomSheetTheme(resolver: Fixture.light),
                container: SheetContainer(bounds: Size(width: 390, height: 844)), contentHeight: 0,
                detentIndex: nil, dragTranslation: 0))
        #expect(result.surfaceOffset(isVisible: true) == 0)
        #expect(result.surfaceOffset(isVisible: false) == result.offscreenOffset)
        #expect(result.offscreenOffset >= 300)
        #expect(BottomSheetLayoutResult.dimmingOpacity(isVisible: true) == 1)
        #expect(BottomSheetLayoutResult.dimmingOpacity(isVisible: false) == 0)
    }
}
