import Foundation
import Testing

/// The shipped `keel` CLI links no testing module (issue 34, item 5): the benchmarks are the
/// `Benchmarks/` package's `keel-bench` and fuzzing is the `keel-fuzz` development tool, so
/// neither `keel`'s target nor anything it depends on, directly or not, is a testing module,
/// and its sources import none.
@Suite struct ToolDependencyTests {
    /// Whether `module` exists for tests: a `…Testing` product, the package's test support, or
    /// the fuzz families (which depend on both).
    static func isTestingModule(_ module: String) -> Bool {
        module.hasSuffix("Testing") || ["KeelTestSupport", "KeelFuzzing", "XCTest"].contains(module)
    }

    /// The dependencies `Package.swift` gives the executable target `name`.
    static func executableDependencies(_ name: String) throws -> [String] {
        let manifest = try String(
            contentsOf: SourceTree.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let pattern = #"\.executableTarget\(\s*name:\s*"\#(name)",\s*dependencies:\s*\[([^\]]*)\]"#
        let regex = try NSRegularExpression(pattern: pattern)
        let match = try #require(
            regex.firstMatch(in: manifest, range: NSRange(manifest.startIndex..., in: manifest)),
            "Package.swift has no executable target \(name)")
        let list = try #require(Range(match.range(at: 1), in: manifest))
        return manifest[list].split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(
                in: CharacterSet(charactersIn: "\""))
        }.filter { !$0.isEmpty }
    }

    @Test func theKeelCLILinksNoTestingModule() throws {
        let modules = try ArchitectureDocumentTests.packageModules()
        var linked = Set<String>()
        var pending = try Self.executableDependencies("keel")
        #expect(!pending.isEmpty, "the keel target's dependencies were not read")
        while let module = pending.popLast() {
            guard linked.insert(module).inserted else { continue }
            pending += modules[module].map(Array.init) ?? []
        }
        #expect(linked.contains("KeelRender"))
        let testing = linked.filter(Self.isTestingModule).sorted()
        #expect(testing.isEmpty, "keel links \(testing)")
        for file in try SourceTree.sources(of: "keel") {
            let imported = SourceTree.imports(in: file.text).filter(Self.isTestingModule).sorted()
            #expect(imported.isEmpty, "\(file.path) imports \(imported)")
        }
    }

    @Test func fuzzingIsADevelopmentToolOfItsOwn() throws {
        #expect(try Self.executableDependencies("keel-fuzz").contains("KeelFuzzing"))
    }
}
