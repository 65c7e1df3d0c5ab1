import Foundation
import KeelSupport
import KeelTestSupport
import Testing

@testable import KeelDTCG

/// Acceptance 7: `keel tokens` on good and bad files, run as the built executable.
@Suite(.serialized, .onOwnThread) struct TokensCommandTests {
    struct Run {
        var status: Int32
        var output: String
        var error: String
    }

    static let keel = TestPaths.packageRoot.appendingPathComponent(".build/debug/keel")

    static func run(_ arguments: [String]) async throws -> Run {
        let result = try await ChildProcess.run(
            keel, arguments: arguments, currentDirectory: TestPaths.fixtures)
        return Run(status: result.status, output: result.standardOutput, error: result.standardError)
    }

    static var hasExecutable: Bool { FileManager.default.isExecutableFile(atPath: keel.path) }

    @Test(.enabled(if: hasExecutable, "build the package first (`swift build`)"))
    func validateGoodFile() async throws {
        let result = try await Self.run(["tokens", "validate", "harbor.tokens.json", "--complete"])
        #expect(result.status == 0)
        #expect(result.output.contains("ok: theme 'harbor'"))
    }

    @Test(.enabled(if: hasExecutable, "build the package first (`swift build`)"))
    func validateBadFileListsEveryIssueAndExits1() async throws {
        let result = try await Self.run(["tokens", "validate", "broken.tokens.json", "--strict"])
        #expect(result.status == 1)
        let lines = result.error.split(separator: "\n").map(String.init)
        for path in ["color.broken", "color.group", "color.hex", "n.a", "size.em", "weight.Bold"] {
            // file:line:column: key path: message
            #expect(
                lines.contains {
                    $0.wholeMatch(of: /broken\.tokens\.json:\d+:\d+: (.+?): .+/)?.output.1 == path[...]
                },
                "\(path)")
        }
        #expect(result.error.contains("circular reference: n.a → n.b → n.c → n.a"))
        #expect(result.error.contains("6 errors in the token files"))
    }

    @Test(.enabled(if: hasExecutable, "build the package first (`swift build`)"))
    func validateIncompleteThemeWithComplete() async throws {
        let result = try await Self.run(["tokens", "validate", "low-contrast.tokens.json", "--complete"])
        #expect(result.status == 1)
        #expect(
            result.error.contains(
                "low-contrast.tokens.json:14:3: color.brand.primary: theme: missing color token 'brand.primary'"
            ))
        #expect(result.error.contains("theme: contrast text.primary on background.primary (light): 4.478:1"))
    }

    @Test(.enabled(if: hasExecutable, "build the package first (`swift build`)"))
    func contrastTable() async throws {
        let good = try await Self.run([
            "tokens", "contrast", "harbor.tokens.json", "--dark", "harbor.dark.tokens.json",
        ])
        #expect(good.status == 0)
        let lines = good.output.split(separator: "\n")
        #expect(lines.first?.hasPrefix("foreground") == true)
        #expect(lines.count == 11)
        #expect(good.output.contains("text.secondary   background.primary    dark        #B9C0C9 on #14171B"))
        let bad = try await Self.run(["tokens", "contrast", "low-contrast.tokens.json"])
        #expect(bad.status == 1)
        #expect(bad.output.contains("#777777 on #FFFFFF  4.47:1"))
        #expect(bad.output.contains("FAIL"))
        #expect(bad.error.contains("2 pairs below the required contrast"))
    }

    @Test(.enabled(if: hasExecutable, "build the package first (`swift build`)"))
    func usageErrorsExit2() async throws {
        for arguments in [
            ["tokens"], ["tokens", "frobnicate", "a.json"], ["tokens", "validate"],
            ["tokens", "validate", "a.json", "--bogus"], ["tokens", "generate", "harbor.tokens.json"],
            ["tokens", "validate", "a.json", "--rem-base", "zero"],
        ] {
            let result = try await Self.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.error.contains("usage: keel tokens"), "\(arguments)")
        }
        let missing = try await Self.run(["tokens", "validate", "no-such-file.json"])
        #expect(missing.status == 1)
        #expect(missing.error.contains("cannot read 'no-such-file.json'"))
    }

    @Test(.enabled(if: hasExecutable, "build the package first (`swift build`)"))
    func helpPrintsUsage() async throws {
        for arguments in [
            ["tokens", "--help"], ["tokens", "validate", "--help"], ["tokens", "generate", "-h"],
        ] {
            let result = try await Self.run(arguments)
            #expect(result.status == 0)
            #expect(result.output.contains("usage: keel tokens validate"))
        }
        #expect(try await Self.run(["--help"]).output.contains("tokens"))
    }

    @Test(.enabled(if: hasExecutable, "build the package first (`swift build`)"))
    func generateWritesSwift() async throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent(
            "keel-gen-\(UUID().uuidString).swift")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try await Self.run([
            "tokens", "generate", "harbor.tokens.json", "--output", output.path, "--name", "harbor",
        ])
        #expect(result.status == 0)
        let source = try String(contentsOf: output, encoding: .utf8)
        #expect(source.contains("public static let harbor: KeelTheme"))
        let broken = try await Self.run([
            "tokens", "generate", "broken.tokens.json", "--output", output.path + ".x",
        ])
        #expect(broken.status == 1)
        #expect(!FileManager.default.fileExists(atPath: output.path + ".x"))
    }

    @Test(.enabled(if: hasExecutable, "build the package first (`swift build`)"))
    func resolverDocumentGivesTheSameThemeAsOverrideFiles() async throws {
        let viaFiles = try await Self.run([
            "tokens", "contrast", "harbor.tokens.json", "--dark", "harbor.dark.tokens.json",
        ])
        let viaResolver = try await Self.run(["tokens", "contrast", "--resolver", "harbor.resolver.json"])
        #expect(viaResolver.status == 0)
        // `contrast` prints the import's warnings (to standard error), the same either way.
        #expect(viaResolver.error == viaFiles.error)
        #expect(viaResolver.output == viaFiles.output)
        let validate = try await Self.run([
            "tokens", "validate", "--resolver", "harbor.resolver.json", "--input", "theme=dark", "--complete",
        ])
        #expect(validate.status == 0)
        // `shadow.inner` is inset and `shadow.floating` has two visible layers: a theme shadow
        // is one outer layer, so each is a warning (before review 11, both were silently drawn
        // as drop shadows of their first layer).
        #expect(
            validate.output.hasSuffix(
                "ok: theme=dark: 71 theme tokens, 2 warnings\nok: 1 combination of 'harbor.resolver.json'\n"))
        #expect(validate.output.contains("shadow.inner: warning: an inset (inner) shadow cannot be drawn"))
    }

    @Test(.enabled(if: hasExecutable, "build the package first (`swift build`)"))
    func resolverUsageAndDocumentErrors() async throws {
        let resolver = ["tokens", "validate", "--resolver", "harbor.resolver.json"]
        for (arguments, message) in [
            (
                resolver + ["--input", "theme=blue"],
                "#/modifiers/theme: invalid context 'blue' for modifier 'theme'"
            ),
            (resolver + ["--input", "size=big"], "inputs: unknown modifier 'size'"),
            (resolver + ["--modifier", "size"], "inputs: unknown modifier 'size'"),
            (resolver + ["--input", "theme"], "--input needs <modifier>=<context>, got 'theme'"),
            (resolver + ["--input", "theme=dark", "--input", "theme=light"], "--input 'theme' given twice"),
            (resolver + ["harbor.tokens.json"], "--resolver replaces token files"),
            (resolver + ["--dark", "harbor.dark.tokens.json"], "--resolver replaces token files"),
            (["tokens", "validate", "harbor.tokens.json", "--input", "theme=dark"], "need --resolver"),
        ] {
            let result = try await Self.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.error.contains(message), "\(arguments): \(result.error)")
            #expect(result.error.contains("usage: keel tokens"), "\(arguments)")
        }
        let broken = FileManager.default.temporaryDirectory.appendingPathComponent(
            "keel-resolver-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: broken) }
        try Data(##"{"version": "2025.10", "resolutionOrder": [{"$ref": "#/sets/none"}, 7]}"##.utf8).write(
            to: broken)
        let result = try await Self.run(["tokens", "validate", "--resolver", broken.path])
        #expect(result.status == 1)
        #expect(
            result.error.contains(
                "\(broken.path):1:44: #/resolutionOrder/0: $ref '#/sets/none' points at nothing")
        )
        #expect(result.error.contains("\(broken.path):1:69: #/resolutionOrder/1: expected a set, a modifier"))
        #expect(result.error.contains("2 errors in the resolver document"))
    }

    /// The spec's examples that are not valid documents (see Fixtures/dtcg-spec/README.md).
    static let invalidSpecExamples: Set<String> = [
        "format-aliases-04", "format-aliases-08", "format-groups-03", "format-groups-07", "format-groups-09",
        "format-groups-10", "format-groups-13", "format-groups-14", "format-groups-15", "format-groups-16",
        "format-groups-18",
    ]

    static var specExampleNames: [String] {
        let folder = TestPaths.fixture("dtcg-spec")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// Acceptance: every valid example of the DTCG 2025.10 Format and Color modules validates;
    /// every invalid one exits 1 and each error line names file, line:column and key path.
    @Test(.enabled(if: hasExecutable, "build the package first (`swift build`)"), arguments: specExampleNames)
    func specExamples(name: String) async throws {
        let file = "dtcg-spec/\(name).json"
        let context = "dtcg-spec/context/\(name).json"
        let hasContext = FileManager.default.fileExists(atPath: TestPaths.fixture(context).path)
        // The letter of the spec: --strict.
        let result = try await Self.run(
            ["tokens", "validate", "--strict"] + (hasContext ? [context] : []) + [file])
        if Self.invalidSpecExamples.contains(name) {
            #expect(result.status == 1, "\(name): \(result.output)")
            let errors = result.error.split(separator: "\n").map(String.init).filter {
                !$0.hasPrefix("keel tokens:") && !$0.contains(": warning: ")
            }
            #expect(!errors.isEmpty)
            for line in errors {
                #expect(line.contains(/^dtcg-spec\/[^:]+\.json:\d+:\d+: [^ ]+: ./), "\(line)")
            }
        } else {
            #expect(result.status == 0, "\(name): \(result.error)")
            #expect(result.output.contains("ok: theme"))
        }
    }

    /// The issue's example: a valid file with fontFamily and fontWeight tokens under `font.*`
    /// and a cubicBezier under `motion.*` validates (those tokens are warnings, not errors).
    @Test(.enabled(if: hasExecutable, "build the package first (`swift build`)"))
    func validTokensTheThemeDoesNotUseAreWarnings() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "keel-font-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(
            #"""
            {"font": {"family": {"$type": "fontFamily", "$value": ["Inter", "system-ui"]},
                      "weight": {"$type": "fontWeight", "$value": "semi-bold"}},
             "motion": {"ease": {"$type": "cubicBezier", "$value": [0.42, 0, 0.58, 1]}}}
            """#.utf8
        ).write(to: file)
        let result = try await Self.run(["tokens", "validate", file.path])
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.output.contains(
                "ok: theme 'tokens' with 0 tokens (3 read, 0 skipped from the files), 3 warnings"))
        #expect(
            result.output.contains(
                "\(file.path):1:45: font.family: warning: a fontFamily token is not a theme font value"))
    }

    /// Finding 7: invalid UTF-8 is a located error for validate and generate, and generate
    /// writes nothing.
    @Test(.enabled(if: hasExecutable, "build the package first (`swift build`)"))
    func invalidUTF8FailsWithItsPosition() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "keel-utf8-\(UUID().uuidString).json")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent(
            "keel-utf8-\(UUID().uuidString).swift")
        defer {
            try? FileManager.default.removeItem(at: file)
            try? FileManager.default.removeItem(at: output)
        }
        var bytes = Array(#"{"color": {"a"#.utf8)
        bytes += [0xFF, 0xFE]
        bytes += Array(
            #"b": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [1, 0, 0]}}}}"#.utf8)
        try Data(bytes).write(to: file)
        let validate = try await Self.run(["tokens", "validate", file.path])
        #expect(validate.status == 1)
        #expect(
            validate.error.contains("\(file.path):1:14: (root): invalid JSON: invalid UTF-8"),
            "\(validate.error)")
        let generate = try await Self.run(["tokens", "generate", file.path, "--output", output.path])
        #expect(generate.status == 1)
        #expect(generate.error.contains("\(file.path):1:14:"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    /// Finding 10: a radius of 1.797e308 rem overflows once converted to points: an error
    /// with file, key path, line:column and the value as written, not "theme: inf".
    @Test(.enabled(if: hasExecutable, "build the package first (`swift build`)"))
    func overflowingRemIsLocatedAndQuoted() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "keel-rem-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(
            #"""
            {"radius": {
              "md": {"$type": "dimension", "$value": {"value": 1.797e308, "unit": "rem"}}}}
            """#.utf8
        ).write(to: file)
        let result = try await Self.run(["tokens", "validate", file.path])
        #expect(result.status == 1)
        #expect(
            result.error.contains(
                #"\#(file.path):2:32: radius.md: invalid value: 1.797e+308 rem at 16 pt per rem is beyond the largest finite length (as written: {"value": 1.797e308, "unit": "rem"})"#
            ), "\(result.error)")
        #expect(!result.error.contains("inf"))
    }

    /// A token file named on the command line that is a FIFO, `/dev/zero` or larger than the
    /// resolver's limit exits 1 at once naming the path. It used to be read with
    /// `FileManager.contents(atPath:)`: the FIFO blocked the command forever (here: until the
    /// bound released it) and `/dev/zero` was read until memory ran out.
    @Test(.enabled(if: hasExecutable, "build the package first (`swift build`)"))
    func specialFilesExit1NamingThePath() async throws {
        let directory = try SpecialFiles.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = try SpecialFiles.makeFIFO(in: directory, named: "theme.tokens.json")
        let fifoRun = Locked<Run?>(nil)
        let outcome = await SpecialFiles.outcome(releasing: fifo, within: 30) {
            fifoRun.set(try await Self.run(["tokens", "validate", fifo.path]))
        }
        guard case .returned = outcome, let fifoResult = fifoRun.current else {
            Issue.record("keel tokens validate <FIFO> did not exit: \(outcome)")
            return
        }
        #expect(fifoResult.status == 1)
        #expect(fifoResult.error.contains("cannot read '\(fifo.path)'"), "\(fifoResult.error)")
        #expect(fifoResult.error.contains("is not a regular file"), "\(fifoResult.error)")

        let zeroRun = Locked<Run?>(nil)
        let zero = await SpecialFiles.outcome(within: 30) {
            zeroRun.set(
                try await Self.run(["tokens", "contrast", "harbor.tokens.json", "--dark", "/dev/zero"]))
        }
        guard case .returned = zero, let zeroResult = zeroRun.current else {
            Issue.record("keel tokens contrast --dark /dev/zero did not exit: \(zero)")
            return
        }
        #expect(zeroResult.status == 1)
        #expect(zeroResult.error.contains("cannot read '/dev/zero'"), "\(zeroResult.error)")
        #expect(zeroResult.error.contains("is not a regular file"), "\(zeroResult.error)")

        // A sparse file over the limit (8 MB): refused by its size, not read into memory.
        let large = directory.appendingPathComponent("large.tokens.json")
        #expect(FileManager.default.createFile(atPath: large.path, contents: nil))
        let handle = try FileHandle(forWritingTo: large)
        try handle.truncate(atOffset: 9 << 20)
        try handle.close()
        let largeResult = try await Self.run(["tokens", "validate", large.path])
        #expect(largeResult.status == 1)
        #expect(largeResult.error.contains("'\(large.path)' holds more than 8 MB"), "\(largeResult.error)")
    }

    /// The summary used to count theme tokens only: "ok … 0 tokens" both for a file whose
    /// tokens were all skipped and for one whose tokens were all read. It now says how many the
    /// files gave, and warns about a file that yields none; Tokens Studio's `$themes.json` and
    /// `$metadata.json` say what they are (before: "(root): expected an object, found array"
    /// and "member 'tokenSetOrder' … is not a token or group").
    @Test func summaryCountsTokensReadAndSkipped() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "keel-summary-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let skipped = directory.appendingPathComponent("skipped.json")
        try Data(#"{"a": {"$type": "string", "$value": "x"}, "b": {"$type": "string", "$value": "y"}}"#.utf8)
            .write(to: skipped)
        let read = directory.appendingPathComponent("read.json")
        try Data(#"{"z": {"$type": "number", "$value": 1}, "y": {"$type": "number", "$value": 2}}"#.utf8)
            .write(to: read)
        let themes = directory.appendingPathComponent("$themes.json")
        try Data(#"[{"id": "1", "name": "Light", "selectedTokenSets": {"core": "enabled"}}]"#.utf8).write(
            to: themes)
        let metadata = directory.appendingPathComponent("$metadata.json")
        try Data(#"{"tokenSetOrder": ["core"]}"#.utf8).write(to: metadata)

        let none = try await Self.run(["tokens", "validate", skipped.path])
        #expect(none.status == 0, "\(none.error)")
        #expect(none.output.contains("(0 read, 2 skipped from the files)"), "\(none.output)")
        #expect(
            none.output.contains(
                "\(skipped.path):1:1: (root): warning: the file yields no tokens (all 2 skipped)"))
        let all = try await Self.run(["tokens", "validate", read.path])
        #expect(all.output.contains("(2 read, 0 skipped from the files)"), "\(all.output)")
        #expect(!all.output.contains("yields no tokens"))
        let theme = try await Self.run(["tokens", "validate", themes.path])
        #expect(theme.status == 1)
        #expect(
            theme.error.contains("a Tokens Studio theme file ($themes.json), not a token file"),
            "\(theme.error)")
        let meta = try await Self.run(["tokens", "validate", metadata.path])
        #expect(
            meta.output.contains("a Tokens Studio metadata file ($metadata.json), not a token file"),
            "\(meta.output)")
        #expect(!meta.output.contains("tokenSetOrder"))
    }
}
