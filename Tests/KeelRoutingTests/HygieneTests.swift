import Foundation
import Testing

@Suite("Build hygiene")
struct HygieneTests {
    /// The KeelRouting sources, found from this file's path.
    static var sources: [URL] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/KeelRouting")
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
    }

    @Test("R18: KeelRouting has no @unchecked Sendable and imports only KeelSupport and Foundation")
    func hygiene() throws {
        let files = Self.sources
        #expect(files.count > 10)
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(!text.contains("@unchecked Sendable"), "\(file.lastPathComponent)")
            let imports = text.split(separator: "\n").filter { $0.hasPrefix("import ") }.map {
                String($0.dropFirst(7))
            }
            #expect(Set(imports).isSubset(of: ["Foundation", "KeelSupport"]), "\(file.lastPathComponent)")
        }
    }
}
