import Foundation
import KeelTestSupport
import Testing

/// Keeps the platform edge honest: the UIKit-side modules' sources (``SourceTree/uikitModules``:
/// KeelUIKit, KeelUIKitControllers, KeelUIKitImages and the permission modules) may only bind
/// headless decisions to views and frameworks (ARCHITECTURE.md, Layers). Every decision line outside
/// ``DecisionAllowList`` fails the test.
@Suite("The UIKit edge holds no decision code", .onOwnThread)
struct DecisionCodeTests {
    @Test("UIKit-side modules: no decision line outside the documented allow-list")
    func uikitHasNoDecisions() throws {
        var findings: [DecisionScanner.Finding] = []
        var fileCount = 0
        var codeLines = 0
        for module in SourceTree.uikitModules {
            let files = try SourceTree.sources(of: module)
            try #require(!files.isEmpty, "\(module)'s sources were not found under \(SourceTree.root.path)")
            fileCount += files.count
            for file in files {
                findings += DecisionScanner.findings(in: file.text, file: file.path)
                codeLines +=
                    DecisionScanner.strip(file.text).components(separatedBy: "\n")
                    .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count
            }
        }
        try #require(fileCount > 40, "the UIKit-side sources were not found under \(SourceTree.root.path)")
        let allowed = findings.filter { DecisionAllowList.allows($0) }
        let unexpected = findings.filter { !DecisionAllowList.allows($0) }
        print(
            "UIKit side (\(SourceTree.uikitModules.count) modules): \(fileCount) files, \(codeLines) code "
                + "lines, \(unexpected.count) decision lines (\(allowed.count) allow-listed)")
        for finding in unexpected { print("  decision: \(finding)") }
        let first = unexpected.first.map(String.init(describing:)) ?? ""
        #expect(
            unexpected.count == 0, "decision lines on the UIKit side (each is printed above); first: \(first)"
        )
        let stale = DecisionAllowList.entries.filter { entry in
            SourceTree.uikitModules.contains { entry.file.hasPrefix("Sources/\($0)/") }
                && !allowed.contains { entry.matches($0) }
        }
        #expect(stale.count == 0, "allow-list entries that match nothing: \(stale.map(\.code))")
    }

    @Test("SwiftUI-side modules: no decision line outside the documented allow-list")
    func swiftUIHasNoDecisions() throws {
        var findings: [DecisionScanner.Finding] = []
        var fileCount = 0
        for module in SourceTree.swiftUIModules {
            let files = try SourceTree.sources(of: module)
            try #require(!files.isEmpty, "\(module)'s sources were not found under \(SourceTree.root.path)")
            fileCount += files.count
            for file in files {
                findings += DecisionScanner.findings(in: file.text, file: file.path)
            }
        }
        try #require(fileCount > 5, "the SwiftUI-side sources were not found under \(SourceTree.root.path)")
        let unexpected = findings.filter { !DecisionAllowList.allows($0) }
        print("SwiftUI side: \(fileCount) files, \(unexpected.count) decision lines")
        for finding in unexpected { print("  decision: \(finding)") }
        let first = unexpected.first.map(String.init(describing:)) ?? ""
        #expect(
            unexpected.count == 0,
            "decision lines on the SwiftUI side (each is printed above); first: \(first)")
    }

    @Test(
        "The scanner flags branches, operators, ternaries and arithmetic",
        arguments: [
            ("if isEnabled { show() }", "if"),
            ("guard count > 0 else { return }", "guard"),
            ("let x = a ? b : c", "ternary"),
            ("let y = width - inset", "arithmetic -"),
            ("view.alpha = enabled ? 1 : 0.4", "ternary"),
            ("let side = max(a, b)", "arithmetic max"),
            ("let name = title ?? \"none\"", "operator ??"),
            ("} else if x == 1 {", "else if"),
            ("while queue.isEmpty == false {", "loop condition"),
            ("for item in items where item.isVisible {", "where clause"),
            ("if let value = a + b {", "if"),
            ("return isRTL && flag", "operator &&"),
            ("if animated, window != nil {", "if"),
            ("let count = items?.count ?? 0", "operator ??"),
            ("let shown = count != nil && count! > 0", "operator >"),
            ("let visible = items.filter { $0.isVisible } where", "where clause"),
            ("func f() -> Int where T: P { a > b ? 1 : 2 }", "ternary"),
        ])
    func flags(code: String, reason: String) {
        #expect(DecisionScanner.reason(for: code) == reason)
    }

    @Test(
        "The scanner lets binding through",
        arguments: [
            "guard let window = view.window else { return }",
            "if let self { self.update() }",
            "guard let self, let layout = self.layout else { return }",
            "#if canImport(UIKit)",
            "if #available(iOS 17, *) {",
            "view.frame = CGRect(keel: layout.card)",
            "for (view, frame) in zip(views, layout.frames) { view.frame = CGRect(keel: frame) }",
            "super.layoutSubviews()",
            "@available(*, unavailable)",
            "label.text = strings.text(for: .retry)",
            "let result = AlertLayout.resolve(input) // if it fits",
            "send(.enqueue(item, presenterIsAttachedToScene: presenter.view.window != nil))",
            "guard let view, view.window != nil else { return }",
            "if presentingViewController == nil { send(.dismiss(.system)) }",
            "get { controller?.presentation.isEnabled ?? false }",
            "enforce(field, text: field.text ?? \"\") { self.field.text = $0 }",
            "extension PrimitiveButtonStyle where Self == KeelButtonStyle {",
            "public func rows<Item>(_ items: [Item]) -> some View where Item: Identifiable {",
        ])
    func allows(code: String) {
        #expect(
            DecisionScanner.reason(for: DecisionScanner.strip(code).trimmingCharacters(in: .whitespaces))
                == nil)
    }

    @Test("Comments and strings never count; a binding-table switch does not, a deciding one does")
    func switchesAndLiterals() {
        let table = """
            switch effect {
            case .didPresent: events.onDidPresent?()
            case .willDismiss(let reason):
                events.onWillDismiss?(reason)
            }
            label.text = "a > b ? c : d" /* if x { } */
            """
        #expect(DecisionScanner.findings(in: table, file: "t.swift").isEmpty)
        let deciding = """
            switch state {
            case .a:
                width = 3
                height = 4
            case .b: width = 5
            }
            """
        let findings = DecisionScanner.findings(in: deciding, file: "d.swift")
        #expect(findings.map(\.line) == [1] && findings.first?.reason == "switch")
        let nested = """
            switch state {
            case .a: width = base + 3
            }
            """
        #expect(DecisionScanner.findings(in: nested, file: "n.swift").map(\.line) == [2])
        let defaults = """
            label.text = field.text ?? ""
            label.text = title ?? "Untitled"
            """
        #expect(DecisionScanner.findings(in: defaults, file: "s.swift").map(\.line) == [2])
    }
}
