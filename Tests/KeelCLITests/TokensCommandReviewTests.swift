import Foundation
import KeelTestSupport
import Testing

/// `keel tokens` as a build phase or CI gate uses it: every printed warning counts for
/// `--warnings-as-errors` in every subcommand, a failing run leaves its output alone, and an
/// option that needs a value does not take the next option as one.
@Suite(.serialized, .enabled(if: KeelRun.executable != nil, "the keel executable is built beside the tests"))
struct TokensCommandReviewTests {
    /// A file that imports with one lenient-mode warning (a dimension written as a string).
    static let legacyTokens = #"{"spacing": {"md": {"$type": "dimension", "$value": "16px"}}}"#
    /// A file that imports with no warning.
    static let cleanTokens =
        #"{"spacing": {"md": {"$type": "dimension", "$value": {"value": 16, "unit": "px"}}}}"#

    func folder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "keel-tokens-cli-\(ProcessInfo.processInfo.processIdentifier)-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func write(_ text: String, _ name: String, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func contrastCountsWarningsWithWarningsAsErrors() async throws {
        let root = try folder("contrast")
        defer { try? FileManager.default.removeItem(at: root) }
        let file = try write(Self.legacyTokens, "legacy.tokens.json", in: root)
        let validate = try await KeelRun.run(["tokens", "validate", file, "--warnings-as-errors"])
        #expect(validate.status == 1)
        // It used to print no warning and exit 0.
        let contrast = try await KeelRun.run(["tokens", "contrast", file, "--warnings-as-errors"])
        #expect(contrast.status == 1)
        #expect(contrast.stderr.contains("spacing.md"))
        #expect(contrast.stderr.contains("(--warnings-as-errors)"))
        // Without the flag the warning is shown and does not change the status.
        let lenient = try await KeelRun.run(["tokens", "contrast", file])
        #expect(lenient.status == 0)
        #expect(lenient.stderr.contains("spacing.md"))
    }

    @Test func generateLeavesTheOutputAloneWhenWarningsFailTheRun() async throws {
        let root = try folder("generate")
        defer { try? FileManager.default.removeItem(at: root) }
        let file = try write(Self.legacyTokens, "legacy.tokens.json", in: root)
        let output = try write("old", "Theme.swift", in: root)
        let run = try await KeelRun.run([
            "tokens", "generate", file, "--output", output, "--warnings-as-errors",
        ])
        #expect(run.status == 1)
        // The file used to be replaced before the run failed.
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "old")
        let lenient = try await KeelRun.run(["tokens", "generate", file, "--output", output])
        #expect(lenient.status == 0)
        #expect(try String(contentsOfFile: output, encoding: .utf8).contains("KeelTheme"))
    }

    @Test func resolverDocumentWarningsCountInEverySubcommand() async throws {
        let root = try folder("resolver")
        defer { try? FileManager.default.removeItem(at: root) }
        _ = try write(Self.cleanTokens, "base.tokens.json", in: root)
        let resolver = try write(
            #"""
            {"version": "2025.10",
             "sets": {"base": {"sources": [{"$ref": "base.tokens.json"}]},
                      "unused": {"sources": [{"$ref": "base.tokens.json"}]}},
             "resolutionOrder": [{"$ref": "#/sets/base"}]}
            """#, "resolver.json", in: root)
        let output = root.appendingPathComponent("Theme.swift").path
        for arguments in [
            ["tokens", "validate", "--resolver", resolver],
            ["tokens", "generate", "--resolver", resolver, "--output", output],
            ["tokens", "contrast", "--resolver", resolver],
        ] {
            let lenient = try await KeelRun.run(arguments)
            #expect(lenient.status == 0, "\(arguments)")
            #expect(lenient.stderr.contains("not in resolutionOrder"), "\(arguments)")
            // `generate` and `contrast` used to exit 0 here while `validate` exited 1.
            let strict = try await KeelRun.run(arguments + ["--warnings-as-errors"])
            #expect(strict.status == 1, "\(arguments): \(strict.stderr)")
        }
    }

    @Test(arguments: [
        ["generate", "FILE", "--output", "--strict"],
        ["validate", "FILE", "--dark", "--strict"],
        ["validate", "--resolver", "--legacy"],
        ["generate", "FILE", "--output", "out.swift", "--name", "--report"],
    ])
    func anOptionNeedingAValueDoesNotTakeTheNextOption(arguments: [String]) async throws {
        let root = try folder("values")
        defer { try? FileManager.default.removeItem(at: root) }
        let file = try write(Self.legacyTokens, "legacy.tokens.json", in: root)
        let run = try await KeelRun.run(["tokens"] + arguments.map { $0 == "FILE" ? file : $0 })
        // `--output --strict` used to write a file named `--strict`, drop strict mode and exit 0.
        #expect(run.status == 2)
        #expect(run.stderr.contains("needs a value"))
        #expect(!FileManager.default.fileExists(atPath: "--strict"))
    }
}

extension TokensCommandReviewTests {
    @Test func aResolverWithTooManyCombinationsExitsOneAtOnce() async throws {
        let root = try folder("matrix")
        defer { try? FileManager.default.removeItem(at: root) }
        let names = (0..<40).map { "m\($0)" }
        let modifiers = names.map { #""\#($0)": {"contexts": {"a": [], "b": []}, "default": "a"}"# }
        let order = names.map { ##"{"$ref": "#/modifiers/\##($0)"}"## }
        let resolver = try write(
            ##"""
            {"version": "2025.10", "sets": {"base": {"sources": [{"x": {"$type": "number", "$value": 1}}]}},
             "modifiers": {\##(modifiers.joined(separator: ", "))},
             "resolutionOrder": [{"$ref": "#/sets/base"}, \##(order.joined(separator: ", "))]}
            """##, "resolver.json", in: root)
        let run = try await KeelRun.run(["tokens", "validate", "--resolver", resolver])
        #expect(run.status == 1)
        #expect(run.stderr.contains("more than 4096 combinations"))
    }
}

extension TokensCommandReviewTests {
    @Test func galleryTokenWarningsGoToStandardError() async throws {
        let root = try folder("gallery")
        defer { try? FileManager.default.removeItem(at: root) }
        let file = try write(Self.legacyTokens, "legacy.tokens.json", in: root)
        let output = root.appendingPathComponent("out").path
        let run = try await KeelRun.run(["gallery", "--tokens", file, "--only", "icons", "--output", output])
        #expect(run.status == 0)
        // They were printed on standard output, among the lines scripts read.
        #expect(run.stderr.contains("spacing.md"))
        #expect(!run.stdout.contains("spacing.md"))
    }
}
