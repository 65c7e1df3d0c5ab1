import KeelComponents
import KeelDesign
import Testing

/// SwiftUI lays the text field out left to right and lets its `Layout` mirror the
/// placements; UIKit lays it out in the traits' direction. Both must land on the same frames:
/// mirroring the left-to-right layout gives the right-to-left one, element by element, in
/// every state, at the smallest and the largest text size.
@Suite("Text field: both front ends place the same frames")
struct TextFieldFrontEndParityTests {
    @Test(
        "every part, every state, smallest and largest Dynamic Type",
        arguments: [TextSizeCategory.extraSmall, .large, .accessibilityExtraExtraExtraLarge])
    func textFields(category: TextSizeCategory) {
        let theme = TextFieldTheme(resolver: Fixture.resolver(category: category, direction: .rightToLeft))
        var error = TextFieldTests.email
        error.errorText = "Enter a full address."
        let configurations = [
            TextFieldTests.email, error,
            TextFieldConfiguration(
                label: "Password", trailingIcon: "lock", showsClearButton: true, isSecureEntry: true),
            TextFieldConfiguration(label: "Notes", isReadOnly: true),
            TextFieldConfiguration(
                placeholder: "Message", maximumLength: 200, showsCharacterCount: true,
                lines: .multiple(minimum: 2, maximum: 4)),
        ]
        for configuration in configurations {
            for (text, focused) in [("", false), ("ada@example.com and a little more text", true)] {
                let appearance = TextFieldAppearance(
                    theme: theme, configuration: configuration, text: text, isFocused: focused)
                func layout(_ appearance: TextFieldAppearance) -> TextFieldLayout {
                    TextFieldLayout(
                        configuration: configuration, appearance: appearance, text: text, isFocused: focused,
                        width: 300, measurer: Fixture.measurer)
                }
                let uikit = layout(appearance)
                let swiftUI = layout(appearance.leftToRight)
                for part in TextFieldPart.allCases {
                    #expect(
                        swiftUI.frame(of: part).map { $0.mirrored(inWidth: 300) } == uikit.frame(of: part),
                        "\(category) \(part)")
                }
                #expect(swiftUI.clearIconFrame.map { $0.mirrored(inWidth: 300) } == uikit.clearIconFrame)
                #expect(swiftUI.revealIconFrame.map { $0.mirrored(inWidth: 300) } == uikit.revealIconFrame)
                #expect(swiftUI.size == uikit.size && swiftUI.sizing == uikit.sizing)
            }
        }
    }
}
