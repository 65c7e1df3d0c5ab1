import Foundation
import KeelSupport
import Testing

@testable import KeelDesign

/// Acceptance 7: `keel tokens` on good and bad files, run as the built executable.
@Suite(.serialized) struct TokensCommandTests {
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
        let result = try await Self.run(["tokens", "validate", "broken.tokens.json"])
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
        #expect(source.contains("public static let harbor: Theme"))
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
        #expect(viaResolver.error == "")
        #expect(viaResolver.output == viaFiles.output)
        let validate = try await Self.run([
            "tokens", "validate", "--resolver", "harbor.resolver.json", "--input", "theme=dark", "--complete",
        ])
        #expect(validate.status == 0)
        #expect(validate.output.contains("ok: theme 'harbor'"))
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
}
