// The Linux half of issue 19's collision check: Foundation and every platform-neutral Keel
// module imported in one file, each renamed type used unqualified (the values come from
// Examples/KeelExampleApp/NamesBesideSwiftUI.swift, whose SwiftUI half ios-typecheck checks).
import Foundation
import KeelApp
import KeelComponents
import KeelDTCG
import KeelDesign
import KeelExamples
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
import KeelTestSupport
import Testing

@Suite("Renamed types beside Foundation and every Keel module", .onOwnThread)
struct RenamedTypeTests {
    @Test("Each renamed type resolves unqualified with every module imported")
    func renamedTypesResolve() throws {
        let descriptions = try RenamedKeelTypes.sample()
        #expect(descriptions.count == 16)
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
            "Timer", "Notification", "Grid", "GridRow",
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
