import Foundation
import KeelTestSupport
import Testing

@testable import KeelDTCG

/// Issue 35: `keel tokens` on a design system shaped like published ones
/// (Fixtures/real-world/system: a resolver with a modifier without default, sources relative
/// to its folder, nested `$ref`s into sets and into a modifier's context, `resolutionOrder`
/// inline and by reference, and token files with every lenient class).
@Suite(.serialized, .onOwnThread) struct TokensRealWorldCommandTests {
    static let resolver = "real-world/system/resolver.json"

    static func run(_ arguments: [String]) async throws -> TokensCommandTests.Run {
        try await TokensCommandTests.run(arguments)
    }

    static func summaries(_ output: String) -> [String] {
        output.split(separator: "\n").map(String.init).filter {
            $0.hasPrefix("ok: ") || $0.hasPrefix("error: ")
        }
    }

    @Test(.enabled(if: TokensCommandTests.hasExecutable, "build the package first (`swift build`)"))
    func everyCombinationIsOneLineAndWarningsExit0() async throws {
        let result = try await Self.run(["tokens", "validate", "--resolver", Self.resolver])
        #expect(result.status == 0, "\(result.error)")
        #expect(
            Self.summaries(result.output) == [
                "ok: theme=light, size=small: 12 theme tokens, 22 warnings",
                "ok: theme=light, size=medium: 12 theme tokens, 20 warnings",
                "ok: theme=light, size=large: 12 theme tokens, 19 warnings",
                "ok: theme=dark, size=small: 12 theme tokens, 22 warnings",
                "ok: theme=dark, size=medium: 12 theme tokens, 20 warnings",
                "ok: theme=dark, size=large: 12 theme tokens, 19 warnings",
                "ok: 6 combinations of 'real-world/system/resolver.json'",
            ])
        // Each warning once, however many combinations share it, with file:line:column.
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(
            lines.filter { $0.contains("palette.blue: warning:") } == [
                "real-world/system/tokens/primitives.tokens.json:4:5: palette.blue: warning: a token with $value also has child tokens or groups (both kept)"
            ])
        #expect(
            result.error
                == "real-world/system/resolver.json:21:19: #/modifiers/size/contexts/large/0: warning: $ref '#/modifiers/size/contexts/medium' points into a modifier (only resolutionOrder may; read as its sources)\n"
        )
    }

    @Test(.enabled(if: TokensCommandTests.hasExecutable, "build the package first (`swift build`)"))
    func inputsSelectOneContextOrASubset() async throws {
        let base = ["tokens", "validate", "--resolver", Self.resolver]
        let subset = try await Self.run(base + ["--input", "size=small,large"])
        #expect(subset.status == 0)
        #expect(
            Self.summaries(subset.output).map {
                $0.components(separatedBy: ":").prefix(2).joined(separator: ":")
            } == [
                "ok: theme=light, size=small", "ok: theme=light, size=large", "ok: theme=dark, size=small",
                "ok: theme=dark, size=large", "ok: 4 combinations of 'real-world/system/resolver.json'",
            ])
        let one = try await Self.run(base + ["--input", "theme=dark", "--input", "size=medium"])
        #expect(
            Self.summaries(one.output) == [
                "ok: theme=dark, size=medium: 12 theme tokens, 20 warnings",
                "ok: 1 combination of 'real-world/system/resolver.json'",
            ])
        let unknown = try await Self.run(base + ["--input", "size=huge"])
        #expect(unknown.status == 2)
        #expect(
            unknown.error.contains(
                "#/modifiers/size: invalid context 'huge' for modifier 'size' (expected small, medium, large)"
            ))
        let many = try await Self.run([
            "tokens", "generate", "--resolver", Self.resolver, "--input", "size=a,b",
        ])
        #expect(many.status == 2)
        #expect(many.error.contains("--input selects one context for generate, got 'size=a,b'"))
    }

    @Test(.enabled(if: TokensCommandTests.hasExecutable, "build the package first (`swift build`)"))
    func strictAndWarningsAsErrorsExit1() async throws {
        let strict = try await Self.run(["tokens", "validate", "--resolver", Self.resolver, "--strict"])
        #expect(strict.status == 1)
        #expect(
            strict.error.contains(
                "real-world/system/resolver.json:21:19: #/modifiers/size/contexts/large/0: invalid $ref '#/modifiers/size/contexts/medium': only resolutionOrder may reference a modifier"
            ))
        let asErrors = try await Self.run([
            "tokens", "validate", "--resolver", Self.resolver, "--warnings-as-errors",
        ])
        #expect(asErrors.status == 1)
        #expect(asErrors.error.hasSuffix("keel tokens: 26 warnings (--warnings-as-errors)\n"))
        let file = try await Self.run(["tokens", "validate", "real-world/units.tokens.json"])
        #expect(file.status == 0)
        #expect(
            file.output.hasSuffix(
                "ok: theme 'tokens' with 7 tokens (7 read, 3 skipped from the files), 14 warnings\n"))
        let strictFile = try await Self.run([
            "tokens", "validate", "--strict", "real-world/units.tokens.json",
        ])
        #expect(strictFile.status == 1)
        #expect(strictFile.error.hasSuffix("keel tokens: 9 errors in the token files\n"))
    }

    /// A real error in one context fails that combination only; the others still report.
    @Test(.enabled(if: TokensCommandTests.hasExecutable, "build the package first (`swift build`)"))
    func anErrorInOneCombinationIsReportedThere() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "keel-matrix-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let text = ##"""
            {"version": "2025.10",
             "sets": {"base": {"sources": [{"size": {"$type": "dimension", "md": {"$value": {"value": 8, "unit": "px"}}},
               "color": {"$type": "color", "ink": {"$value": {"colorSpace": "srgb", "components": [0, 0, 0]}}}}]}},
             "modifiers": {"mode": {"contexts": {"calm": [], "loud": [{"color": {"ink": {"$type": "color", "$value": "{size.md}"}}}]}}},
             "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/mode"}]}
            """##
        try Data(text.utf8).write(to: file)
        let result = try await Self.run(["tokens", "validate", "--resolver", file.path])
        #expect(result.status == 1)
        #expect(
            Self.summaries(result.output) == [
                "ok: mode=calm: 1 theme tokens, 0 warnings", "error: mode=loud: 1 error",
            ])
        #expect(
            result.error.contains(
                "\(file.path)#/modifiers/mode/contexts/loud/0:4:96: color.ink: reference '{size.md}' is a dimension token, expected color"
            ))
        #expect(result.error.contains("keel tokens: 1 of 2 combinations of '\(file.path)' have errors"))
    }

    @Test(.enabled(if: TokensCommandTests.hasExecutable, "build the package first (`swift build`)"))
    func generateTakesTheFirstContextNamesTheOthersAndReportsWhatItLeftOut() async throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent(
            "keel-gen-\(UUID().uuidString).swift")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try await Self.run([
            "tokens", "generate", "--resolver", Self.resolver, "--output", output.path, "--report",
        ])
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.error.contains(
                "real-world/system/resolver.json: #/modifiers/size: warning: modifier 'size' has no default and no --input: using 'small' (contexts: small, medium, large)"
            ))
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "wrote \(output.path) (KeelTheme.generated, 'tokens', 12 theme tokens)")
        #expect(
            Array(lines.dropFirst()) == [
                "left out: 8 tokens",
                "  meta.experimental: skipped: $type 'boolean' is not a DTCG type (skipped)",
                "  meta.name: skipped: $type 'string' is not a DTCG type (skipped)",
                "  palette.blue: not under a theme group (color, font, spacing, radius, …)",
                "  palette.blue.dark: not under a theme group (color, font, spacing, radius, …)",
                "  palette.blue.light: not under a theme group (color, font, spacing, radius, …)",
                "  palette.gray.$root: not under a theme group (color, font, spacing, radius, …)",
                "  palette.gray.50: not under a theme group (color, font, spacing, radius, …)",
                "  palette.gray.900: not under a theme group (color, font, spacing, radius, …)",
            ])
        let source = try String(contentsOf: output, encoding: .utf8)
        #expect(source.contains("public static let generated: KeelTheme"))
    }
}
