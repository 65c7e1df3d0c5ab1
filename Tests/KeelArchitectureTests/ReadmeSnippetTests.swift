import Foundation
import Testing

/// Keeps README.md's "Getting started in an iOS app" honest: its code is the example app's
/// `Examples/KeelExampleApp/GettingStarted/` files (type-checked for iOS by ios-typecheck),
/// shown verbatim, and the commands it shows are the ones CI runs.
@Suite("README: Getting started is the type-checked example, and CI runs the README's commands")
struct ReadmeSnippetTests {
    /// The package root (this file is Tests/KeelArchitectureTests/ReadmeSnippetTests.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The folder whose every file the README shows.
    static let gettingStarted = "Examples/KeelExampleApp/GettingStarted"

    /// One code block of the README that names the file it shows
    /// (`<!-- snippet: path -->` on the line before its ```` ```swift ```` fence).
    struct Snippet: Equatable {
        /// The file it shows, relative to the package root.
        var path: String
        /// The README line of the opening fence (1-based).
        var line: Int
        /// The block's lines, without the fences.
        var code: [String]
    }

    /// Every `<!-- snippet: path -->` block of `markdown`.
    static func snippets(in markdown: String) -> [Snippet] {
        let lines = markdown.components(separatedBy: "\n")
        var result: [Snippet] = []
        var index = 0
        while index < lines.count {
            let line = lines[index].trimmingCharacters(in: .whitespaces)
            index += 1
            guard line.hasPrefix("<!-- snippet:"), line.hasSuffix("-->") else { continue }
            let path = line.dropFirst("<!-- snippet:".count).dropLast("-->".count)
                .trimmingCharacters(in: .whitespaces)
            guard index < lines.count, lines[index].hasPrefix("```swift") else {
                result.append(Snippet(path: path, line: index, code: []))
                continue
            }
            let fence = index + 1
            index += 1
            var code: [String] = []
            while index < lines.count, !lines[index].hasPrefix("```") {
                code.append(lines[index])
                index += 1
            }
            index += 1
            result.append(Snippet(path: path, line: fence, code: code))
        }
        return result
    }

    /// What the README must show for an example file: the lines between its
    /// `#if canImport(UIKit)` and its last `#endif`, one indentation level (4 spaces) less.
    static func shownCode(ofExample text: String) -> [String]? {
        var lines = text.components(separatedBy: "\n")
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard let start = lines.firstIndex(of: "#if canImport(UIKit)"), lines.last == "#endif" else {
            return nil
        }
        return lines[(start + 1)..<(lines.count - 1)].map { line in
            line.hasPrefix("    ") ? String(line.dropFirst(4)) : line
        }
    }

    /// The first difference between the README's block and the file, described; `nil` when equal.
    static func difference(readme: [String], example: [String]) -> String? {
        for (offset, pair) in zip(readme, example).enumerated() where pair.0 != pair.1 {
            return "line \(offset + 1) of the block: README has \"\(pair.0)\", the example has \"\(pair.1)\""
        }
        if readme.count != example.count {
            return "the README's block has \(readme.count) lines, the example \(example.count)"
        }
        return nil
    }

    static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("every Getting-started example file is shown in the README, verbatim")
    func readmeShowsTheExamples() throws {
        let readme = try Self.read("README.md")
        let folder = Self.root.appendingPathComponent(Self.gettingStarted)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".swift") }.sorted()
        try #require(files.count >= 4, "the example files were not found under \(folder.path)")
        let snippets = Self.snippets(in: readme)
        for file in files {
            let path = "\(Self.gettingStarted)/\(file)"
            let shown = snippets.filter { $0.path == path }
            #expect(shown.count == 1, "README.md shows \(path) \(shown.count) times (once expected)")
            guard let snippet = shown.first else { continue }
            let expected = try #require(
                Self.shownCode(ofExample: try Self.read(path)),
                "\(path) must wrap its code in #if canImport(UIKit) … #endif")
            let difference = Self.difference(readme: snippet.code, example: expected)
            #expect(difference == nil, "README.md:\(snippet.line) differs from \(path): \(difference ?? "")")
        }
        for snippet in snippets {
            #expect(
                FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(snippet.path).path),
                "README.md:\(snippet.line) names \(snippet.path), which does not exist")
        }
    }

    @Test("the comparison catches a changed, a missing and an extra line")
    func comparisonDetectsDrift() throws {
        let example = """
            // a comment above
            #if canImport(UIKit)
                import UIKit

                final class A: UIView {}
            #endif

            """
        let shown = try #require(Self.shownCode(ofExample: example))
        #expect(shown == ["import UIKit", "", "final class A: UIView {}"])
        let readme = """
            <!-- snippet: Examples/A.swift -->
            ```swift
            import UIKit

            final class A: UIView {}
            ```
            """
        let snippet = try #require(Self.snippets(in: readme).first)
        #expect(snippet.path == "Examples/A.swift")
        #expect(Self.difference(readme: snippet.code, example: shown) == nil)
        #expect(
            Self.difference(readme: ["import UIKit", "", "final class B: UIView {}"], example: shown) != nil)
        #expect(Self.difference(readme: ["import UIKit", ""], example: shown) != nil)
        #expect(Self.difference(readme: shown + ["// more"], example: shown) != nil)
        #expect(Self.shownCode(ofExample: "import UIKit\n") == nil)
    }

    @Test("the README opens with Getting started and shows the scripts as the commands")
    func readmeOpensWithGettingStarted() throws {
        let readme = try Self.read("README.md")
        let headings = readme.components(separatedBy: "\n").filter { $0.hasPrefix("## ") }
        #expect(headings.first == "## Getting started in an iOS app")
        #expect(readme.contains(#".package(url: "https://github.com/<your-org>/keel.git", from: "1.0.0")"#))
        #expect(readme.contains("scripts/test"))
        #expect(readme.contains("scripts/gallery"))
        #expect(readme.contains("scripts/docs"))
        #expect(headings.filter { $0 == "## Performance" }.count == 1)
    }

    @Test("the README speaks to its reader: no internal vocabulary")
    func readmeHasNoInternalVocabulary() throws {
        let readme = try Self.read("README.md")
        for phrase in ["the reference", "not in this repository", "acceptance point"] {
            #expect(!readme.lowercased().contains(phrase), "README.md still says \"\(phrase)\"")
        }
        let pointNumber = try Regex(#"\bP[0-9]{1,2}\b"#)
        #expect(readme.firstMatch(of: pointNumber) == nil, "README.md still names an acceptance point (P<n>)")
    }

    @Test("CI runs exactly the README's commands")
    func ciRunsTheScripts() throws {
        let ci = try Self.read(".ci/run").components(separatedBy: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(ci.contains("scripts/bootstrap"))
        #expect(ci.contains("scripts/test"))
        #expect(ci.contains { $0.hasPrefix("scripts/docs") })
        #expect(
            !ci.contains { $0.hasPrefix("swift test -Xswiftc") }, "CI must run scripts/test, not its own line"
        )
        #expect(!ci.contains { $0.contains("apt-get") }, "CI must install through scripts/bootstrap")
        for script in ["bootstrap", "test", "gallery", "docs"] {
            let path = Self.root.appendingPathComponent("scripts/\(script)").path
            #expect(FileManager.default.isExecutableFile(atPath: path), "scripts/\(script) is not executable")
        }
    }
}
