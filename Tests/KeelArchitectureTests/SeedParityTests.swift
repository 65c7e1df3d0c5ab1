import Foundation
import KeelTestSupport
import Testing

/// The predecessors' README examples, as written, are Keel code.
///
/// `Tests/SeedDocuments/` holds the four predecessors' documents as they were written. Every
/// code example of the AppFoundation, XDDesignKit and AEViewModel READMEs is listed in
/// ``SeedParityTests/examples`` by its line range; `Examples/SeedExamples/` holds each one
/// between `// seed begin: <id>` and `// seed end` markers, in files that ios-typecheck
/// compiles for iOS (KeelExamples). This suite proves the marked text *is* the document's text
/// under the migration rule: only `import` lines change (Keel's modules plus `import
/// KeelCompat`, whose deprecated spellings — `XDButton`, `TGLayout`, … — carry the documents'
/// names), and AEViewModel's `Section` (which collides with SwiftUI) becomes `KeelSection`. Whitespace is not compared (a region sits indented in
/// its host); host-app types (FeedItem, loadPage, …) live outside the markers.
@Suite("Seed parity: the predecessors' README examples are present as written", .onOwnThread)
struct SeedParityTests {
    /// The package root (this file is Tests/KeelArchitectureTests/SeedParityTests.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The folder holding the predecessors' documents.
    static let documents = "Tests/SeedDocuments"

    /// The folder holding the example files.
    static let exampleFolder = "Examples/SeedExamples"

    /// One code example of a seed document.
    struct Example: Sendable, CustomStringConvertible {
        /// The name its region markers use.
        var id: String
        /// The document's file name in ``SeedParityTests/documents``.
        var document: String
        /// The example's first and last line in the document (1-based, inclusive).
        var lines: ClosedRange<Int>

        var description: String { id }
    }

    static let appFoundation = "app-foundation-readme.md"
    static let xdDesignKit = "xddesignkit-readme.md"
    static let aeViewModel = "aeviewmodel-readme.md"
    static let frameworkArticle = "swift-framework-article.md"

    /// Every code example of the three READMEs. Left out, as not code a migrating app holds:
    /// AppFoundation's two `Package.swift` dependency fragments, its remote `.package(url:)`
    /// line, its two import-only blocks (AppFoundation's products; SnapKit, Kingfisher and
    /// TangramKit), its local path and its folder tree; XDDesignKit's installation
    /// (`import XDDesignKit`, its `Package.swift` fragment) and `bash Scripts/verify.sh`;
    /// AEViewModel's library declarations (the `TableCell`/`CollectionCell` typealiases, the
    /// `Cell` requirements, the `TableCellType`/`CollectionCellType` enums and
    /// `TableViewController`'s overridable methods), which KeelCompat declares and the examples use,
    /// and its Carthage/CocoaPods lines.
    static let examples: [Example] = [
        // AppFoundation: the vertical space transition.
        Example(id: "af-transition-root", document: appFoundation, lines: 85...116),
        Example(id: "af-transition-scene", document: appFoundation, lines: 124...127),
        Example(id: "af-transition-close", document: appFoundation, lines: 135...141),
        Example(id: "af-transition-physics", document: appFoundation, lines: 151...156),
        // AppFoundation: start-up, pagination, list refresh.
        Example(id: "af-bootstrap", document: appFoundation, lines: 174...185),
        Example(id: "af-pagination", document: appFoundation, lines: 191...201),
        Example(id: "af-list-refresh", document: appFoundation, lines: 207...254),
        // AppFoundation: traditional lists.
        Example(id: "af-table-list", document: appFoundation, lines: 266...298),
        Example(id: "af-table-list-paging", document: appFoundation, lines: 304...324),
        Example(id: "af-collection-list", document: appFoundation, lines: 332...381),
        // AppFoundation: local integration, networking.
        Example(id: "af-home", document: appFoundation, lines: 409...416),
        Example(id: "af-endpoint", document: appFoundation, lines: 424...433),
        Example(id: "af-endpoint-post", document: appFoundation, lines: 439...443),
        // AppFoundation: common capabilities.
        Example(id: "af-chainable", document: appFoundation, lines: 494...500),
        Example(id: "af-image-url", document: appFoundation, lines: 506...517),
        Example(id: "af-layout", document: appFoundation, lines: 523...530),
        Example(id: "af-storage", document: appFoundation, lines: 536...546),
        Example(id: "af-network-monitor", document: appFoundation, lines: 552...559),
        Example(id: "af-theme", document: appFoundation, lines: 565...577),
        Example(id: "af-theme-notification", document: appFoundation, lines: 583...589),
        // XDDesignKit.
        Example(id: "xd-typography", document: xdDesignKit, lines: 43...48),
        Example(id: "xd-fixed-font", document: xdDesignKit, lines: 52...54),
        Example(id: "xd-basic", document: xdDesignKit, lines: 60...70),
        Example(id: "xd-styles", document: xdDesignKit, lines: 74...77),
        Example(id: "xd-icon-layouts", document: xdDesignKit, lines: 83...93),
        Example(id: "xd-scene-context", document: xdDesignKit, lines: 99...100),
        Example(id: "xd-storyboard", document: xdDesignKit, lines: 104...104),
        Example(id: "xd-icon-buttons", document: xdDesignKit, lines: 110...129),
        Example(id: "xd-toggle", document: xdDesignKit, lines: 139...142),
        Example(id: "xd-toggle-confirm", document: xdDesignKit, lines: 146...156),
        Example(id: "xd-alert", document: xdDesignKit, lines: 164...175),
        Example(id: "xd-alert-text-input", document: xdDesignKit, lines: 179...188),
        Example(id: "xd-alert-alignment", document: xdDesignKit, lines: 194...203),
        Example(id: "xd-alert-character-count", document: xdDesignKit, lines: 207...211),
        Example(id: "xd-bottom-sheet", document: xdDesignKit, lines: 221...225),
        Example(id: "xd-custom-theme", document: xdDesignKit, lines: 237...244),
        Example(id: "xd-component", document: xdDesignKit, lines: 252...258),
        // AEViewModel.
        Example(id: "ae-view-model", document: aeViewModel, lines: 39...40),
        Example(id: "ae-example", document: aeViewModel, lines: 137...197),
        // The module-center framework article: its usage examples (mode switch and logger, a
        // plugin, the module center).
        Example(id: "fw-mode-logger", document: frameworkArticle, lines: 94...102),
        Example(id: "fw-plugin", document: frameworkArticle, lines: 508...549),
        Example(id: "fw-module-center", document: frameworkArticle, lines: 553...564),
    ]

    /// Examples that are not present as written, each with the reason (the migration guide
    /// shows its one-line change). Empty when every example moves over unchanged.
    static let exceptions: [String: String] = [:]

    /// The rule's one rename, from Keel's spelling back to the document's: AEViewModel's
    /// `Section`, which would collide with SwiftUI's in any file importing both. Every other
    /// predecessor name (XDDesignKit's `XD…`, TangramKit's `TGLayout`, …) is KeelCompat's, so the
    /// documents' text compiles as written.
    static func documentSpelling(_ code: String, document: String) -> String {
        switch document {
        case aeViewModel:
            return code.replacingOccurrences(of: "KeelSection", with: "Section")
        default:
            return code
        }
    }

    /// `lines` without `import` lines, its whitespace runs collapsed to one space, and a comma
    /// before a closing bracket dropped (a formatter's trailing comma is not a change).
    static func normalized(_ lines: [String]) -> String {
        let kept = lines.filter {
            !$0.trimmingCharacters(in: .whitespaces).hasPrefix("import ")
        }
        let words = kept.joined(separator: "\n").split(whereSeparator: \.isWhitespace)
        return words.joined(separator: " ").replacingOccurrences(of: ", )", with: " )")
            .replacingOccurrences(of: ", ]", with: " ]")
            .replacingOccurrences(of: ",)", with: ")")
            .replacingOccurrences(of: ",]", with: "]")
    }

    /// A region's lines in the document's spelling, normalized.
    static func markedText(_ lines: [String], document: String) -> String {
        normalized(
            documentSpelling(lines.joined(separator: "\n"), document: document)
                .components(separatedBy: "\n"))
    }

    /// The document's text of `example`.
    static func documentText(of example: Example) throws -> String {
        let url = root.appendingPathComponent(documents).appendingPathComponent(example.document)
        let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        guard example.lines.upperBound <= lines.count else { return "" }
        return normalized(Array(lines[(example.lines.lowerBound - 1)..<example.lines.upperBound]))
    }

    /// Every marked region under ``exampleFolder``: id → its regions' lines, concatenated in
    /// path order, with the file each came from.
    static func regions() throws -> [String: (files: [String], lines: [String])] {
        let folder = root.appendingPathComponent(exampleFolder)
        guard
            let enumerator = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: nil)
        else { return [:] }
        let files = enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
            .sorted { $0.path < $1.path }
        var result: [String: (files: [String], lines: [String])] = [:]
        for file in files {
            let relative = String(file.path.dropFirst(root.path.count + 1))
            var current: String?
            for line in try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n") {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("// seed begin:") {
                    current = String(trimmed.dropFirst("// seed begin:".count))
                        .trimmingCharacters(in: .whitespaces)
                    var entry = result[current!] ?? ([], [])
                    if !entry.files.contains(relative) { entry.files.append(relative) }
                    result[current!] = entry
                } else if trimmed == "// seed end" {
                    current = nil
                } else if let id = current {
                    result[id]!.lines.append(line)
                }
            }
        }
        return result
    }

    @Test("every marked region names a listed example")
    func regionsNameListedExamples() throws {
        let known = Set(Self.examples.map(\.id))
        for (id, region) in try Self.regions() {
            #expect(known.contains(id), "\(region.files) mark an unknown example '\(id)'")
        }
    }

    @Test("each example is its document's text under the migration rule", arguments: examples)
    func exampleIsAsWritten(_ example: Example) throws {
        let expected = try Self.documentText(of: example)
        #expect(!expected.isEmpty, "\(example.id): lines \(example.lines) are not in the document")
        let regions = try Self.regions()
        let found = regions[example.id].map { Self.markedText($0.lines, document: example.document) }
        if let reason = Self.exceptions[example.id] {
            #expect(
                found != expected, "\(example.id) is listed as an exception (\(reason)) but is as written")
            return
        }
        #expect(found == expected, "\(example.id) differs from \(example.document) lines \(example.lines)")
    }

    @Test("the count of seed examples present as written")
    func count() throws {
        let regions = try Self.regions()
        var written = 0
        for example in Self.examples {
            let found = regions[example.id].map {
                Self.markedText($0.lines, document: example.document)
            }
            if try found == Self.documentText(of: example) { written += 1 }
        }
        print("seed parity: \(written) of \(Self.examples.count) seed examples compile as written")
        #expect(written + Self.exceptions.count == Self.examples.count)
    }
}
