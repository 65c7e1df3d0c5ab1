import KeelComponents
import KeelDesign
import Testing

/// SwiftUI lays the snackbar out left to right and lets its `Layout` mirror the placements;
/// UIKit lays it out in the traits' direction. Both must land on the same frames, element by
/// element, at the smallest and largest text sizes.
@Suite("Snackbar: both front ends place the same frames")
struct SnackbarFrontEndParityTests {
    @Test(
        "every part, with and without icon and action, smallest and largest Dynamic Type",
        arguments: [TextSizeCategory.extraSmall, .large, .accessibilityExtraExtraExtraLarge])
    func snackbars(category: TextSizeCategory) {
        let appearance = SnackbarAppearance(
            theme: SnackbarTheme(resolver: Fixture.resolver(category: category, direction: .rightToLeft)))
        let configurations = [
            SnackbarTests.deleted, SnackbarConfiguration("Saved"),
            SnackbarConfiguration("Draft saved", action: SnackbarAction("Open the drafts folder now")),
        ]
        for configuration in configurations {
            let uikit = SnackbarLayout(
                configuration: configuration, appearance: appearance, width: 343, measurer: Fixture.measurer)
            let swiftUI = SnackbarLayout(
                configuration: configuration, appearance: appearance.leftToRight, width: 343,
                measurer: Fixture.measurer)
            for part in SnackbarPart.allCases {
                #expect(
                    swiftUI.frame(of: part).map { $0.mirrored(inWidth: 343) } == uikit.frame(of: part),
                    "\(category) \(part)")
            }
            #expect(swiftUI.actionTitleFrame.map { $0.mirrored(inWidth: 343) } == uikit.actionTitleFrame)
            #expect(swiftUI.size == uikit.size && swiftUI.stacksAction == uikit.stacksAction)
        }
    }
}
