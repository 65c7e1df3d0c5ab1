import Foundation
import Testing

@Suite(.enabled(if: KeelRun.executable != nil, "the keel executable is built beside the tests"))
struct CommandLineTests {
    @Test func helpListsTheCommands() async throws {
        let run = try await KeelRun.run(["--help"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("usage: keel <command>"))
        #expect(run.stdout.contains("gallery"))
        #expect(run.stdout.contains("tokens"))
        #expect(!run.stdout.contains("bench"))
        #expect(!run.stdout.contains("fuzz"))
    }

    @Test(arguments: [["frobnicate"], ["--verbose"], ["gallery", "--fast"], ["tokens", "nope"], []])
    func usageErrorsPrintOneLineAndUsageAndExitTwo(arguments: [String]) async throws {
        let run = try await KeelRun.run(arguments)
        #expect(run.status == 2)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.first?.hasPrefix("keel") == true)
        #expect(lines.dropFirst().first?.hasPrefix("usage:") == true)
    }

    /// Finding 16: `--name class` used to be accepted and generated
    /// `public static let class: KeelTheme`, which does not compile. Keywords and
    /// non-identifiers are usage errors now, before any file is read. So are the themes
    /// `KeelTheme` already has (`blue`: a review found it accepted, making `KeelTheme.blue`
    /// ambiguous in the app).
    @Test(arguments: ["class", "self", "Type", "init", "_", "default", "2x", "my-theme", "blue", "blueTheme"])
    func tokensGenerateRefusesANameThatCannotBeAMember(name: String) async throws {
        let run = try await KeelRun.run([
            "tokens", "generate", "missing.tokens.json", "--output", "never-written.swift", "--name", name,
        ])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("keel tokens: --name must"), "\(run.stderr)")
        #expect(run.stderr.contains("'\(name)'"))
    }

    /// The benchmarks are the `Benchmarks/` package's `keel-bench` and fuzzing is `keel-fuzz`:
    /// neither is part of the shipped CLI, which links no testing module.
    @Test(arguments: ["bench", "fuzz"])
    func benchmarksAndFuzzingAreNotKeelCommands(command: String) async throws {
        let run = try await KeelRun.run([command, "--list"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("keel: unknown command '\(command)'"))
    }
}

/// `keel gallery`, run as the built executable.
@Suite(.serialized, .enabled(if: KeelRun.executable != nil, "the keel executable is built beside the tests"))
struct GalleryCommandTests {
    func temporaryDirectory(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "keel-gallery-cli-\(ProcessInfo.processInfo.processIdentifier)-\(name)")
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func writesTheCatalogueAndPrintsIndexAndCount() async throws {
        let root = try temporaryDirectory("write")
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appendingPathComponent("out").path
        let run = try await KeelRun.run(["gallery", "--output", output, "--only", "icons"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == output + "/index.html")
        let count = try #require(lines.last?.split(separator: " ").first.flatMap { Int($0) })
        #expect(lines.last == "\(count) cases")
        #expect(run.stderr.contains("rendering \(count)/\(count) icons"))
        let files = try FileManager.default.contentsOfDirectory(atPath: output + "/cases")
        #expect(files.count == count)
    }

    @Test func usageErrorsExitTwo() async throws {
        for arguments in [
            ["gallery", "--only", "nope"], ["gallery", "--frobnicate"], ["gallery", "--output"],
        ] {
            let run = try await KeelRun.run(arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stderr.hasPrefix("keel gallery: "))
            #expect(run.stderr.contains("usage: keel gallery"))
        }
    }

    @Test func badTokenFilesGiveTheSameErrorsAsTokensValidate() async throws {
        let root = try temporaryDirectory("tokens")
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("bad.tokens.json")
        try Data(
            ##"{"color": {"$type": "color", "broken": {"$value": "#12"}}, "n": {"a": {"$value": "{n.b}"}}"##
                .utf8
        )
        .write(to: file)
        let output = root.appendingPathComponent("gallery").path
        let gallery = try await KeelRun.run(["gallery", "--tokens", file.path, "--output", output])
        let validate = try await KeelRun.run(["tokens", "validate", file.path])
        #expect(gallery.status == 1)
        #expect(validate.status == 1)
        let galleryErrors = gallery.stderr.split(separator: "\n").filter { $0.contains("bad.tokens.json") }
        let validateErrors = validate.stderr.split(separator: "\n").filter { $0.contains("bad.tokens.json") }
        #expect(!galleryErrors.isEmpty)
        #expect(galleryErrors == validateErrors)
        #expect(!FileManager.default.fileExists(atPath: output))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["bad.tokens.json"])
    }

    @Test func refusesToOverwriteAFolderItDidNotWrite() async throws {
        let root = try temporaryDirectory("refuse")
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("keep".utf8).write(to: root.appendingPathComponent("notes.txt"))
        let run = try await KeelRun.run(["gallery", "--output", root.path, "--only", "icons"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("is not a gallery written by keel"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["notes.txt"])
    }
}
