import Foundation
import Testing

/// Issue 19 §3: test-only code stays out of runtime modules, and a test target that only wants
/// `TestClock` links no networking and no libcrypto. Checked on the package's own sources and
/// manifest, so moving code back (or widening a dependency) fails here.
@Suite struct ModuleBoundaryTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The text of every Swift file under `Sources/<module>`.
    static func sources(of module: String) throws -> [(name: String, text: String)] {
        let folder = packageRoot.appendingPathComponent("Sources/\(module)")
        guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
            return []
        }
        return try files.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.map {
            ($0.lastPathComponent, try String(contentsOf: $0, encoding: .utf8))
        }
    }

    /// The modules a module's sources import.
    static func imports(of module: String) throws -> Set<String> {
        var names: Set<String> = []
        for file in try sources(of: module) {
            for line in file.text.split(separator: "\n") {
                let words = line.split(separator: " ")
                if let index = words.firstIndex(of: "import"), index + 1 < words.count,
                    words[..<index].allSatisfy({ $0.hasPrefix("@") })
                {
                    names.insert(String(words[index + 1]))
                }
            }
        }
        return names
    }

    /// The dependency list of `name`'s entry in Package.swift's module or test-target tables.
    static func manifestDependencies(of name: String) throws -> [String] {
        let manifest = try String(
            contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let pattern = try Regex(#"\(\s*"\#(name)",\s*\[([^\]]*)\]"#)
        let match = try #require(manifest.firstMatch(of: pattern), "no entry for \(name) in Package.swift")
        let list = try #require(match.output[1].substring)
        return list.split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(
                in: CharacterSet(charactersIn: "\""))
        }.filter { !$0.isEmpty }
    }

    @Test func keelTestingNeitherImportsNorDependsOnNetworkingOrStorage() throws {
        #expect(
            try Self.imports(of: "KeelTesting").subtracting(["Foundation"]) == ["KeelSupport", "KeelLogging"])
        #expect(Set(try Self.manifestDependencies(of: "KeelTesting")) == ["KeelSupport", "KeelLogging"])
    }

    @Test func theNetworkingAndStorageDoublesLiveInTheirOwnModules() throws {
        let testing = try Self.sources(of: "KeelTesting").map(\.text).joined()
        for double in ["LocalHTTPServer", "StubTransport", "InMemorySecureStore"] {
            #expect(!testing.contains("class \(double)") && !testing.contains("struct \(double)"))
        }
        #expect(try Self.sources(of: "KeelNetworkingTesting").map(\.name).contains("StubTransport.swift"))
        #expect(try Self.sources(of: "KeelStorageTesting").map(\.name).contains("InMemorySecureStore.swift"))
    }

    @Test func runtimeModulesCarryNoTestOnlyCode() throws {
        for module in ["KeelSupport", "KeelDesign", "KeelNetworking", "KeelStorage", "KeelTesting"] {
            let text = try Self.sources(of: module).map(\.text).joined()
            #expect(!text.contains("enum ChildProcess"), "\(module) declares ChildProcess")
            #expect(!text.contains("enum ProcessMemory"), "\(module) declares ProcessMemory")
            #expect(!text.contains("Process()"), "\(module) starts processes")
            #expect(!text.contains("enum JSONNode"), "\(module) declares a second JSON tree")
        }
        #expect(
            try Self.sources(of: "KeelTestSupport").map(\.name).sorted() == [
                "ChildProcess.swift", "HeavySuiteGate.swift", "JSONNode.swift", "LongRuns.swift",
                "OwnThreadExecutor.swift",
                "OwnThreadTrait.swift", "ProcessMemory.swift", "SpecialFiles.swift",
            ])
    }

    @Test func designTokenToolingIsKeelDTCGNotKeelDesign() throws {
        let design = try Self.sources(of: "KeelDesign")
        for file in design {
            #expect(!file.text.contains("struct DTCG"), "\(file.name) declares a DTCG type")
            #expect(!file.text.contains("struct ThemeSwiftGenerator"), "\(file.name) generates Swift")
        }
        #expect(Set(try Self.manifestDependencies(of: "KeelDTCG")) == ["KeelDesign", "KeelSupport"])
    }

    @Test func aClockOnlyTestTargetDependsOnNoNetworkingOrStorage() throws {
        for target in ["KeelListsTests", "KeelRoutingTests", "KeelLayoutTests", "KeelTestingTests"] {
            let dependencies = try Self.manifestDependencies(of: target)
            for heavy in ["KeelStorage", "KeelNetworking", "KeelStorageTesting", "KeelNetworkingTesting"] {
                #expect(!dependencies.contains(heavy), "\(target) depends on \(heavy)")
            }
        }
    }
}
