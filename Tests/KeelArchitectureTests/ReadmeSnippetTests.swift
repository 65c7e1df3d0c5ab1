import Foundation
import KeelTestSupport
import Testing

/// Keeps README.md's UIKit code honest: "Getting started in an iOS app" shows the example app's
/// `Examples/KeelExampleApp/GettingStarted/` files and the KeelUIKit section shows marked regions
/// of `Examples/KeelExampleApp/ReadmeTour/` (all type-checked for iOS by ios-typecheck), verbatim;
/// and the commands the README shows are the ones CI runs.
@Suite("README: its UIKit code is the type-checked examples, and CI runs the README's commands", .onOwnThread)
struct ReadmeSnippetTests {
    /// The package root (this file is Tests/KeelArchitectureTests/ReadmeSnippetTests.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The folder whose every file the README shows.
    static let gettingStarted = "Examples/KeelExampleApp/GettingStarted"

    /// The folder whose every file's marked regions the README's KeelUIKit section shows.
    static let readmeTour = "Examples/KeelExampleApp/ReadmeTour"

    /// The folder whose every file the README's KeelSwiftUI section shows.
    static let swiftUITour = "Examples/KeelSwiftUIExampleApp/ReadmeTour"

    /// The line that opens a region of an example file the README shows.
    static let beginMarker = "// README snippet begin"

    /// The line that closes a region of an example file the README shows.
    static let endMarker = "// README snippet end"

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

    /// What the README must show for an example file. Without markers: the lines between its
    /// `#if canImport(UIKit)` and its last `#endif`, one indentation level (4 spaces) less. With
    /// `// README snippet begin` / `// README snippet end` lines inside the `#if`: the lines of
    /// every such region, in order, each without its markers' indentation. `nil` when the file
    /// has no such `#if`, or its markers are unpaired, nested or indented differently.
    static func shownCode(ofExample text: String) -> [String]? {
        var lines = text.components(separatedBy: "\n")
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard let start = lines.firstIndex(of: "#if canImport(UIKit)"), lines.last == "#endif" else {
            return nil
        }
        let body = lines[(start + 1)..<(lines.count - 1)]
        let isMarker = { (line: String) in
            [beginMarker, endMarker].contains(line.trimmingCharacters(in: .whitespaces))
        }
        guard body.contains(where: isMarker) else {
            return body.map { line in line.hasPrefix("    ") ? String(line.dropFirst(4)) : line }
        }
        return markedRegions(of: Array(body))
    }

    /// The lines of every `beginMarker` … `endMarker` region of `lines`, each without its
    /// markers' indentation; `nil` when the markers are unpaired, nested or indented differently,
    /// or a line of a region is indented less than its markers.
    static func markedRegions(of lines: [String]) -> [String]? {
        var shown: [String] = []
        var indentation: String?
        for line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let lead = String(line.prefix { $0 == " " })
            if trimmed == beginMarker {
                guard indentation == nil else { return nil }
                indentation = lead
            } else if trimmed == endMarker {
                guard indentation == lead else { return nil }
                indentation = nil
            } else if let indentation {
                if trimmed.isEmpty {
                    shown.append("")
                } else {
                    guard line.hasPrefix(indentation) else { return nil }
                    shown.append(String(line.dropFirst(indentation.count)))
                }
            }
        }
        return indentation == nil ? shown : nil
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

    @Test("every Getting-started and README-tour example file is shown in the README once, verbatim")
    func readmeShowsTheExamples() throws {
        let readme = try Self.read("README.md")
        let snippets = Self.snippets(in: readme)
        for (folder, minimum) in [(Self.gettingStarted, 4), (Self.readmeTour, 3), (Self.swiftUITour, 1)] {
            let url = Self.root.appendingPathComponent(folder)
            let files = try FileManager.default.contentsOfDirectory(atPath: url.path)
                .filter { $0.hasSuffix(".swift") }.sorted()
            try #require(files.count >= minimum, "the example files were not found under \(url.path)")
            for file in files {
                let path = "\(folder)/\(file)"
                let shown = snippets.filter { $0.path == path }.count
                #expect(shown == 1, "README.md shows \(path) \(shown) times (once expected)")
            }
        }
        for snippet in snippets {
            let url = Self.root.appendingPathComponent(snippet.path)
            guard FileManager.default.fileExists(atPath: url.path) else {
                Issue.record("README.md:\(snippet.line) names \(snippet.path), which does not exist")
                continue
            }
            let expected = try #require(
                Self.shownCode(ofExample: try Self.read(snippet.path)),
                "\(snippet.path) must wrap its code in #if canImport(UIKit) … #endif, with paired markers")
            let difference = Self.difference(readme: snippet.code, example: expected)
            #expect(
                difference == nil,
                "README.md:\(snippet.line) differs from \(snippet.path): \(difference ?? "")")
        }
    }

    /// The README line numbers (1-based) of the ```` ```swift ```` fences in the section that
    /// starts with the heading `heading` and ends at the next heading of its level or above.
    static func swiftFences(inSection heading: String, of markdown: String) -> [Int] {
        let lines = markdown.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: heading) else { return [] }
        let level = heading.prefix { $0 == "#" }
        var fences: [Int] = []
        var inCode = false
        for index in (start + 1)..<lines.count {
            let line = lines[index]
            if line.hasPrefix("```") {
                if !inCode, line.hasPrefix("```swift") { fences.append(index + 1) }
                inCode.toggle()
            } else if !inCode, line.hasPrefix("#"), line.prefix(while: { $0 == "#" }).count <= level.count {
                break
            }
        }
        return fences
    }

    @Test("every Swift block of the README's KeelUIKit section is a type-checked snippet")
    func uiKitSectionIsCompiled() throws {
        let readme = try Self.read("README.md")
        let fences = Self.swiftFences(inSection: "### KeelUIKit (Apple platforms)", of: readme)
        try #require(fences.count >= 3, "README.md's KeelUIKit section has \(fences.count) Swift blocks")
        let snippetFences = Set(Self.snippets(in: readme).map(\.line))
        for fence in fences {
            #expect(
                snippetFences.contains(fence),
                "README.md:\(fence) is not preceded by <!-- snippet: Examples/KeelExampleApp/ReadmeTour/… -->"
            )
        }
    }

    @Test("every Swift block of the README's KeelSwiftUI section is a type-checked snippet")
    func swiftUISectionIsCompiled() throws {
        let readme = try Self.read("README.md")
        let fences = Self.swiftFences(inSection: "### KeelSwiftUI (Apple platforms)", of: readme)
        try #require(fences.count >= 1, "README.md's KeelSwiftUI section has \(fences.count) Swift blocks")
        let snippetFences = Set(Self.snippets(in: readme).map(\.line))
        for fence in fences {
            #expect(
                snippetFences.contains(fence),
                "README.md:\(fence) is not preceded by <!-- snippet: Examples/KeelSwiftUIExampleApp/ReadmeTour/… -->"
            )
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

    @Test("with markers, only the marked regions are shown, and a changed, missing or extra line is caught")
    func markedRegionsAreShown() throws {
        let example = """
            // a comment above
            #if canImport(UIKit)
                // README snippet begin
                import UIKit

                // README snippet end

                final class Tour: UIViewController {
                    private let api = API()

                    func tour() {
                        // README snippet begin
                        let label = UILabel()
                        if true {
                            label.text = "Hi"
                        }
                        // README snippet end
                        _ = label
                    }
                }
            #endif

            """
        let shown = try #require(Self.shownCode(ofExample: example))
        let expected = [
            "import UIKit", "", "let label = UILabel()", "if true {", "    label.text = \"Hi\"", "}",
        ]
        #expect(shown == expected)
        let readme = """
            <!-- snippet: Examples/Tour.swift -->
            ```swift
            import UIKit

            let label = UILabel()
            if true {
                label.text = "Hi"
            }
            ```
            """
        let snippet = try #require(Self.snippets(in: readme).first)
        #expect(Self.difference(readme: snippet.code, example: shown) == nil)
        var changed = expected
        changed[4] = "    label.text = \"Hello\""
        #expect(Self.difference(readme: changed, example: shown) != nil)
        #expect(Self.difference(readme: Array(expected.dropLast()), example: shown) != nil)
        #expect(Self.difference(readme: expected + ["_ = label"], example: shown) != nil)
        // The stand-ins outside the markers are not shown.
        #expect(!shown.contains { $0.contains("api") || $0.contains("Tour") })

        let unpaired = "#if canImport(UIKit)\n    // README snippet begin\n    import UIKit\n#endif\n"
        #expect(Self.shownCode(ofExample: unpaired) == nil)
        let nested =
            "#if canImport(UIKit)\n// README snippet begin\n// README snippet begin\n"
            + "// README snippet end\n// README snippet end\n#endif\n"
        #expect(Self.shownCode(ofExample: nested) == nil)
        let endFirst =
            "#if canImport(UIKit)\n// README snippet end\nimport UIKit\n// README snippet begin\n#endif\n"
        #expect(Self.shownCode(ofExample: endFirst) == nil)
        let outdented =
            "#if canImport(UIKit)\n        // README snippet begin\n    import UIKit\n"
            + "        // README snippet end\n#endif\n"
        #expect(Self.shownCode(ofExample: outdented) == nil)
    }

    @Test("the KeelUIKit section's Swift fences are found, and only that section's")
    func sectionFencesAreFound() {
        let markdown = """
            ## Modules
            ```swift
            let before = 1
            ```
            ### KeelUIKit (Apple platforms)
            ```swift
            #if DEBUG
            #endif
            ```
            text
            ```sh
            swift build
            ```
            ```swift
            let second = 2
            ```
            ### KeelTesting
            ```swift
            let after = 3
            ```
            """
        #expect(Self.swiftFences(inSection: "### KeelUIKit (Apple platforms)", of: markdown) == [6, 14])
        #expect(Self.swiftFences(inSection: "### Missing", of: markdown).isEmpty)
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

    /// The suite names of the `Benchmarks/` package (`static let x = BenchSuite(name: "x", …`).
    static func benchmarkSuites() throws -> Set<String> {
        let folder = root.appendingPathComponent("Benchmarks/Sources/keel-bench")
        let regex = try NSRegularExpression(pattern: #"BenchSuite\(\s*name:\s*"([a-z]+)""#)
        var suites = Set<String>()
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                if let name = Range(match.range(at: 1), in: text) { suites.insert(String(text[name])) }
            }
        }
        return suites
    }

    @Test("the benchmark commands run the Benchmarks package, and every suite the README names exists")
    func benchmarkCommandsRunTheBenchmarksPackage() throws {
        let suites = try Self.benchmarkSuites()
        #expect(suites.isSuperset(of: ["routing", "components", "layout"]), "Benchmarks' suites: \(suites)")
        // The CLI's former subcommand, spelled so that this file does not contain it either.
        let former = ["keel", "bench"].joined(separator: " ")
        for file in ["README.md", "CONTRIBUTING.md", "ARCHITECTURE.md"] {
            let text = try Self.read(file)
            #expect(!text.contains(former), "\(file) still names `\(former)`")
            #expect(text.contains("swift run -c release --package-path Benchmarks keel-bench"), "\(file)")
        }
        let readme = try Self.read("README.md")
        let named = try NSRegularExpression(pattern: #"`keel-bench ([a-z]+)`"#)
            .matches(in: readme, range: NSRange(readme.startIndex..., in: readme))
            .compactMap { Range($0.range(at: 1), in: readme).map { String(readme[$0]) } }
        #expect(named.count >= 10, "README.md names \(named.count) suites")
        for suite in named {
            #expect(suites.contains(suite), "README.md names `keel-bench \(suite)`, which Benchmarks lacks")
        }
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
