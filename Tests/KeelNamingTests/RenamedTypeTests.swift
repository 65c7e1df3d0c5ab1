// The Linux half of issue 19's collision check: Foundation and every platform-neutral Keel
// module imported in one file, each renamed type used unqualified (the iOS half, with
// SwiftUI, is Examples/KeelExampleApp/NamesBesideSwiftUI.swift).
import Foundation
import KeelApp
import KeelComponents
import KeelDesign
import KeelGeometry
import KeelImages
import KeelLayout
import KeelLists
import KeelLogging
import KeelNetworking
import KeelPermissions
import KeelRender
import KeelRouting
import KeelStorage
import KeelSupport
import KeelTokens
import Testing

@Suite("Renamed types beside Foundation and every Keel module")
struct RenamedTypeTests {
    @Test("Each renamed type resolves unqualified with every module imported")
    func renamedTypesResolve() throws {
        let descriptions = try RenamedKeelTypes.sample()
        #expect(descriptions.count == 17)
        #expect(descriptions.allSatisfy { !$0.isEmpty })
    }

    @Test("The names that collided are gone from Keel's public API")
    func collidingNamesAreGone() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let sources = root.appendingPathComponent("Sources")
        let platformNames = [
            "Color", "ColorScheme", "ContentSizeCategory", "LegibilityWeight", "ShadowStyle", "VStack",
            "HStack", "ZStack", "Spacer", "EdgeInsets", "LinearGradient", "ButtonStyle",
            "AccessibilityTraits",
            "Visibility", "LoggingSystem", "Logger", "LogHandler", "Font", "Image", "Text", "Button",
            "Toggle",
            "Alert", "Section", "Animation", "Gradient", "Layout", "Label", "State", "Binding", "Progress",
            "Timer", "Notification",
        ]
        var found: [String] = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            found += Self.topLevelTypeNames(in: text).filter(platformNames.contains).map {
                "\(file.lastPathComponent): \($0)"
            }
        }
        #expect(found.isEmpty, "public types named like platform types: \(found)")
    }

    /// The names of the types a Swift file declares public at its top level (brace depth 0;
    /// nested types cannot collide with a framework's). Braces inside string literals and
    /// comments are skipped.
    static func topLevelTypeNames(in text: String) -> [String] {
        var names: [String] = []
        var depth = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = Substring(rawLine)
            if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
            let trimmed = line.drop { $0 == " " }
            if depth == 0, trimmed.hasPrefix("public ") {
                let words = trimmed.split(whereSeparator: { " :<{(".contains($0) })
                if let kind = words.firstIndex(where: {
                    ["struct", "class", "enum", "protocol", "actor", "typealias"].contains(String($0))
                }), kind + 1 < words.count {
                    names.append(String(words[kind + 1]))
                }
            }
            var inString = false
            for character in line {
                if character == "\"" { inString.toggle() }
                guard !inString else { continue }
                if character == "{" { depth += 1 }
                if character == "}" { depth = max(0, depth - 1) }
            }
        }
        return names
    }

    @Test("The top-level scan sees declarations inside #if and skips nested types")
    func scanFindsTopLevelOnly() {
        let text = """
            #if canImport(UIKit)
                public final class Color: NSObject {
                    public enum State { case on }
                }
            #endif
            public struct Theme<T> { let s = "{" }
            public enum Spacer {}
            """
        #expect(Self.topLevelTypeNames(in: text) == ["Color", "Theme", "Spacer"])
    }
}

/// Every public Keel type renamed so that it cannot be confused with a platform type, used
/// unqualified.
enum RenamedKeelTypes {
    /// Builds one value of each renamed type and describes them.
    static func sample() throws -> [String] {
        let color = ColorValue(red: 0.2, green: 0.4, blue: 0.6)
        let parsed = try ColorValue(hex: "#336699")
        let style: InterfaceStyle = .dark
        let size: TextSizeCategory = .extraSmall
        let weight: TextLegibilityWeight = .bold
        let shadow = ShadowValue(offsetY: 2, radius: 4, opacity: 0.2)
        let visibility: LayoutVisibility = .gone
        let stack = VerticalStack(spacing: 8) {
            HorizontalStack { FlexibleSpace() }
            OverlayStack { FlexibleSpace(minimumLength: 4) }
        }
        let variant: ButtonVariant = .primary
        let traits: AccessibilityTraitSet = [.selected]
        let router = LogRouter(configuration: .development)
        let theme: KeelTheme = .default
        let context = KeelThemeContext()
        let resolver = KeelThemeResolver(theme: theme, traits: ThemeTraits.standard)
        let themeColor = KeelThemeColor("#222222")
        let font: KeelFontToken = .body
        let icon: KeelIconToken = .arrowForward
        let failure: KeelThemeValidationError? = nil
        return [
            "\(color)", "\(parsed)", "\(style)", "\(size)", "\(weight)", "\(shadow)", "\(visibility)",
            "\(stack.spec.children.count)", "\(variant)", "\(traits.rawValue)", "\(router.configuration)",
            "\(context.theme.identifier)", "\(resolver.traits)", "\(themeColor)", "\(font)", "\(icon)",
            "\(String(describing: failure))",
        ]
    }
}
