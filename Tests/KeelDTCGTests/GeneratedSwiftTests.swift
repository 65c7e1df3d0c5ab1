import Foundation
import KeelTestSupport
import Testing

@testable import KeelDTCG

/// Acceptance 7: the generated Swift compiles against the KeelDesign module.
@Suite(.onOwnThread) struct GeneratedSwiftTests {
    static let modules = TestPaths.packageRoot.appendingPathComponent(".build/debug/Modules")

    static var swiftc: URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("swiftc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    static var canCompile: Bool {
        swiftc != nil
            && FileManager.default.fileExists(
                atPath: modules.appendingPathComponent("KeelDesign.swiftmodule").path)
    }

    private func typecheck(_ source: String) async throws -> (status: Int32, output: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "keel-typecheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("Theme+Generated.swift")
        try Data(source.utf8).write(to: file)
        // KeelDesign's module depends on KeelSupport's C atomics module, found through its module map,
        let atomicsMap = TestPaths.packageRoot.appendingPathComponent(
            ".build/debug/CKeelAtomics.build/module.modulemap")
        var arguments = [
            "-typecheck", "-swift-version", "6", "-I", Self.modules.path,
            "-Xcc", "-fmodule-map-file=\(atomicsMap.path)",
            "-I", TestPaths.packageRoot.appendingPathComponent("Sources/CKeelAtomics/include").path,
        ]
        #if os(Linux)
            // And, on Linux, on the libcrypto module its hashes come from.
            arguments += ["-I", TestPaths.packageRoot.appendingPathComponent("Sources/CCrypto").path]
        #endif
        arguments += [
            file.path
        ]
        let swiftc = try #require(Self.swiftc)
        let result = try await ChildProcess.run(swiftc, arguments: arguments)
        return (result.status, result.standardOutput + result.standardError)
    }

    @Test(.enabled(if: canCompile, "swiftc or .build/debug/Modules/KeelDesign.swiftmodule not found"))
    func generatedHarborThemeCompiles() async throws {
        let theme = try DTCGThemeImporter().importTheme(from: try TestPaths.source("harbor.tokens.json"))
        let result = try await typecheck(ThemeSwiftGenerator(propertyName: "harbor").source(for: theme))
        #expect(result.status == 0, "\(result.output)")
    }

    @Test(.enabled(if: canCompile, "swiftc or .build/debug/Modules/KeelDesign.swiftmodule not found"))
    func generatedDefaultThemeCompilesAndBrokenSourceDoesNot() async throws {
        let good = try await typecheck(ThemeSwiftGenerator().source(for: .default))
        #expect(good.status == 0, "\(good.output)")
        let bad = try await typecheck("import KeelDesign\nlet x: KeelTheme = 3\n")
        #expect(bad.status != 0)
    }

    @Test func generatorEscapesStrings() {
        let theme = KeelTheme(
            identifier: ThemeIdentifier(rawValue: "a\"b\\c"), displayName: "line\nbreak", basedOn: nil,
            colors: [ColorToken(rawValue: "x\"y"): KeelThemeColor("#123456")])
        let source = ThemeSwiftGenerator().source(for: theme)
        #expect(source.contains(#"ThemeIdentifier(rawValue: "a\"b\\c")"#))
        #expect(source.contains(#"displayName: "line\nbreak""#))
        #expect(source.contains(#"ColorToken(rawValue: "x\"y")"#))
    }

    @Test func generatedSourceIsDeterministic() {
        #expect(ThemeSwiftGenerator().source(for: .default) == ThemeSwiftGenerator().source(for: .default))
    }
}
