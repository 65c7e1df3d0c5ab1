import Foundation
import Testing

/// The README's RFC 9111 conformance table names the tests that back each row: every name it
/// gives must be a test function here, so a renamed or deleted test cannot leave a row unbacked.
@Suite("README: the cache conformance table names real tests")
struct CacheConformanceTableTests {
    /// The package root (this file is Tests/KeelNetworkingTests/CacheConformanceTableTests.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The backticked names in the table's test columns, per row.
    static func rows(in readme: String) -> [(rule: String, tests: [String])] {
        readme.components(separatedBy: "\n").compactMap { line in
            guard line.hasPrefix("| §") || line.hasPrefix("| RFC 5861") else { return nil }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            guard cells.count >= 5 else { return (line, []) }
            let tests = (cells[2] + "," + cells[3]).split(separator: ",").compactMap { cell -> String? in
                let name = cell.trimmingCharacters(in: .whitespaces).trimmingCharacters(
                    in: CharacterSet(charactersIn: "`"))
                guard !name.isEmpty else { return nil }
                return name.split(separator: "/").last.map(String.init)
            }
            return (cells[1].trimmingCharacters(in: .whitespaces), tests)
        }
    }

    @Test("Every row names a loopback test and a rule table, and each name is a test function")
    func everyRowIsBacked() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let folder = Self.root.appendingPathComponent("Tests/KeelNetworkingTests")
        let sources = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix("HTTPCache") && $0.hasSuffix(".swift") }
            .map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }
            .joined(separator: "\n")
        // The name of every function declared in the cache's test files.
        let functions = Set(
            sources.components(separatedBy: "func ").dropFirst().compactMap { tail in
                tail.split(separator: "(", maxSplits: 1).first.map(String.init)
            })
        let rows = Self.rows(in: readme)
        #expect(rows.count >= 19)
        for row in rows {
            #expect(row.tests.count >= 2, "\(row.rule) names no loopback test and rule table")
            for test in row.tests {
                #expect(functions.contains(test), "\(row.rule): no test function \(test)")
            }
        }
    }
}
