import Foundation
import Testing

/// The text field's and snackbar's front ends place every part from the shared layouts
/// (issue 38): no stacks in SwiftUI, every part at a resolved frame in both.
@Suite struct FormComponentPlacementTests {
    static func source(_ module: String, _ name: String) throws -> String {
        let file = try SourceTree.sources(of: module).first { $0.path.hasSuffix("/\(name)") }
        return try #require(file, "\(module)/\(name) was not found").text
    }

    @Test("the text field: SwiftUI stacks nothing, both place every part through placedFrame(of:)")
    func textField() throws {
        let swiftUI = try Self.source("KeelSwiftUI", "KeelTextFieldView.swift")
        for stack in ["VStack", "HStack", "ZStack", "Grid(", "Spacer("] {
            #expect(!swiftUI.contains(stack), "the SwiftUI text field places with \(stack)")
        }
        #expect(swiftUI.contains("result.placedFrame(of: subview[TextFieldPartKey.self])"))
        let uikit = try Self.source("KeelUIKit", "KeelTextField.swift")
        for part in [
            "label", "field", "leadingIcon", "text", "clearButton", "revealButton", "trailingIcon",
            "supportingText", "counter",
        ] {
            #expect(swiftUI.contains("value: .\(part)"), "the SwiftUI text field does not place .\(part)")
            #expect(
                uikit.contains("placedFrame(of: .\(part))"), "the UIKit text field does not place .\(part)")
        }
    }
}

extension FormComponentPlacementTests {
    @Test(
        "the snackbar: SwiftUI stacks nothing, both place every part through placedFrame(of:) and SnackbarPlacement"
    )
    func snackbar() throws {
        let swiftUI = try Self.source("KeelSwiftUI", "KeelSnackbarModifier.swift")
        for stack in ["VStack", "HStack", "ZStack", "Grid(", "Spacer("] {
            #expect(!swiftUI.contains(stack), "the SwiftUI snackbar places with \(stack)")
        }
        #expect(swiftUI.contains("layout.placedFrame(of: subview[SnackbarPartKey.self])"))
        let uikit = try Self.source("KeelUIKit", "KeelSnackbar.swift")
        for part in ["icon", "message", "action"] {
            #expect(swiftUI.contains("value: .\(part)"), "the SwiftUI snackbar does not place .\(part)")
            #expect(uikit.contains("placedFrame(of: .\(part))"), "the UIKit snackbar does not place .\(part)")
        }
        for source in [swiftUI, uikit] {
            #expect(source.contains("SnackbarPlacement("))
            #expect(source.contains("on: .snackbar"))
        }
    }
}
