import Foundation

@testable import KeelDTCG

/// Paths of the package and its fixtures, found from this file.
enum TestPaths {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let packageRoot = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = testsDirectory.appendingPathComponent("Fixtures")

    static func fixture(_ name: String) -> URL { fixtures.appendingPathComponent(name) }

    static func source(_ name: String) throws -> DTCGSource {
        DTCGSource(name: name, data: try Data(contentsOf: fixture(name)))
    }
}
