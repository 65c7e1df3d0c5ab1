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

    /// A large system shaped like published ones (issue 35): every lenient class, 160 tokens
    /// per unit (1,600 in the long run), read leniently, generated and compiled.
    static func largeRealWorldSystem(units: Int) -> String {
        var color: [String] = []
        for index in 0..<(60 * units) {
            let value = Double(index % 100) / 100
            switch index % 4 {
            case 0:
                let hex = String(format: "#%02x%02x%02x", index % 256, 255 - index % 256, 128)
                color.append(##""c\##(index)": {"$value": "\##(hex)"}"##)
            case 1:
                color.append(
                    ##""c\##(index)": {"$value": {"colorSpace": "srgb", "components": [\##(value), 0.5, 1], "hex": "#fff"}, "hover": {"$value": {"colorSpace": "srgb", "components": [\##(value), 0.4, 0.9]}}}"##
                )
            case 2: color.append(##""c\##(index)": {"$value": "{color.c\##(index - 1)}"}"##)
            default:
                color.append(
                    ##""c\##(index)": {"$value": {"colorSpace": "oklch", "components": [0.7, 0.1, \##(index % 360)], "alpha": 0.8, "hex": "#ffffff80"}}"##
                )
            }
        }
        var spacing: [String] = []
        for index in 0..<(30 * units) {
            let values = [
                ##"\##(index)"##, ##""\##(index)px""##, ##"{"value": \##(index) , "unit": "em"}"##,
                ##"{"value": \##(index % 20), "unit": "vw"}"##,
            ]
            spacing.append(##""s\##(index)": {"$value": \##(values[index % 4])}"##)
        }
        var fonts: [String] = []
        for index in 0..<(15 * units) {
            fonts.append(
                ##""f\##(index)": {"$type": "typography", "$value": {"fontFamily": ["Inter", "system-ui"], "fontSize": "\##(10 + index % 30)px", "fontWeight": "\##(["Regular", "SemiBold", "Bold", "600"][index % 4])", "lineHeight": "\##(120 + index % 40)%", "letterSpacing": {"value": 0.0\##(index % 9), "unit": "em"}, "textDecoration": "none", "fontStyle": "normal"}}"##
            )
        }
        var shadows: [String] = []
        for index in 0..<(10 * units) {
            shadows.append(
                ##""sh\##(index)": {"$type": "boxShadow", "$value": [{"color": "#0000001f", "x": 0, "y": \##(index % 8), "blur": \##(index % 16), "spread": 0, "type": "dropShadow"}, {"color": "{color.c\##(index * 4)}", "offsetX": "0px", "offsetY": "1px", "blur": "2px", "spread": "0px"}]}"##
            )
        }
        var motion: [String] = []
        for index in 0..<(10 * units) {
            motion.append(
                index.isMultiple(of: 2)
                    ? ##""m\##(index)": {"$type": "duration", "$value": "\##(index * 10)ms"}"##
                    : ##""m\##(index)": {"$type": "transition", "$value": {"duration": \##(index * 10), "delay": {"value": 0, "unit": "ms"}, "timingFunction": "ease-in-out"}}"##
            )
        }
        var other: [String] = []
        for index in 0..<(20 * units) {
            other.append(
                ##""t\##(index)": {"$type": "\##(["string", "boolean", "link"][index % 3])", "$value": "x"}"##
            )
        }
        return """
            {"color": {"$type": "color", \(color.joined(separator: ", "))},
             "spacing": {"$type": "dimension", \(spacing.joined(separator: ", "))},
             "radius": {"$type": "borderRadius", "sm": {"$value": "4"}, "md": {"$value": 8}, "full": {"$value": "9999px"}},
             "font": {\(fonts.joined(separator: ", "))},
             "shadow": {\(shadows.joined(separator: ", "))},
             "motion": {\(motion.joined(separator: ", "))},
             "meta": {\(other.joined(separator: ", "))}}
            """
    }

    @Test(.enabled(if: canCompile, "swiftc or .build/debug/Modules/KeelDesign.swiftmodule not found"))
    func generatedLargeRealWorldSystemCompiles() async throws {
        // The type check takes about a second per 15 tokens here: the long run compiles all.
        let units = LongRuns.cases(short: 1, long: 10)
        let source = DTCGSource(name: "large.tokens.json", text: Self.largeRealWorldSystem(units: units))
        let (theme, warnings) = try DTCGThemeImporter().importTheme(from: DTCGThemeSources(base: [source]))
        #expect(theme.colors.count == 75 * units)  // the tokens and their `hover` children
        #expect(theme.metrics.spacings.count == 30 * units)
        #expect(theme.metrics.fonts.count == 15 * units)
        #expect(theme.metrics.shadows.count == 10 * units)
        #expect(theme.metrics.motions.count == 10 * units)
        #expect(theme.metrics.radii.count == 3)
        #expect(warnings.allSatisfy { $0.severity == .warning })
        #expect(throws: DTCGError.self) {
            try DTCGThemeImporter(options: DTCGOptions(strict: true)).importTheme(from: source)
        }
        let result = try await typecheck(ThemeSwiftGenerator(propertyName: "large").source(for: theme))
        #expect(result.status == 0, "\(result.output)")
        #expect(!result.output.contains("warning:"), "\(result.output)")
    }

    @Test(.enabled(if: canCompile, "swiftc or .build/debug/Modules/KeelDesign.swiftmodule not found"))
    func generatedResolverSystemWithVariantsCompiles() async throws {
        let resolver = try DTCGResolverDocument(
            path: TestPaths.fixture("real-world/system/resolver.json").path)
        let theme = try DTCGThemeImporter().importTheme(from: resolver, inputs: ["size": "large"]).theme
        // The dark context's accent is the accent's dark variant.
        #expect(theme.colors[ColorToken(rawValue: "accent")]?.dark != nil)
        #expect(theme.metrics.spacings[.md] == 24)
        let result = try await typecheck(ThemeSwiftGenerator(propertyName: "lighthouse").source(for: theme))
        #expect(result.status == 0, "\(result.output)")
        #expect(!result.output.contains("warning:"), "\(result.output)")
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
