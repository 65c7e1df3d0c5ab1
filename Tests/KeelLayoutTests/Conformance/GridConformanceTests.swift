import Foundation
import KeelLayout
import KeelTestSupport
import Testing

@Suite("CSS Grid conformance (browser-generated fixtures)", .onOwnThread)
struct GridConformanceTests {
    @Test("grid fixtures pass, except the listed known failures")
    func gridConformance() throws {
        let folders = try FixtureLibrary.grid.get()
        var unexpected: [String] = []
        var nowPassing: [String] = []
        var pass = 0
        var total = 0
        var byReason: [String: Int] = [:]
        for (folder, fixtures) in folders {
            var folderPass = 0
            for fixture in fixtures {
                let mismatch = FixtureTree.check(fixture)
                let known = GridKnownFailures.reason(for: fixture.fileName)
                if mismatch == nil { folderPass += 1 }
                if let mismatch, known == nil {
                    unexpected.append("\(folder)/\(fixture.fileName): \(mismatch)")
                } else if mismatch == nil, known != nil {
                    nowPassing.append(fixture.fileName)
                } else if let known {
                    byReason[known, default: 0] += 1
                }
            }
            print("grid conformance \(folder)/: \(folderPass)/\(fixtures.count) pass")
            pass += folderPass
            total += fixtures.count
        }
        print("grid conformance all: \(pass)/\(total) pass")
        for (reason, count) in byReason.sorted(by: { $0.value > $1.value }) {
            print("grid known failure (\(count)): \(reason)")
        }
        for line in unexpected.prefix(400) { print("GRID FAIL \(line)") }
        for name in nowPassing { print("GRID NOW PASSING (remove from known failures): \(name)") }
        #expect(total == 1740)
        #expect(unexpected.isEmpty, "\(unexpected.count) grid fixtures fail without a known-failure entry")
        #expect(nowPassing.isEmpty, "\(nowPassing.count) known grid failures now pass")
        #expect(Double(pass) >= 0.98 * Double(total), "\(pass)/\(total) is below the 98 % floor")
    }
}

extension GridConformanceTests {
    /// Prints the frames of the fixtures named in `KEEL_GRID_FIXTURE` (comma-separated file
    /// names) beside their expectations, for investigating a failure.
    @Test("named grid fixtures can be printed for investigation")
    func printNamedFixtures() throws {
        let names = ProcessInfo.processInfo.environment["KEEL_GRID_FIXTURE"]?.split(separator: ",") ?? []
        let folders = try FixtureLibrary.grid.get()
        for (_, fixtures) in folders {
            for fixture in fixtures where names.contains(where: { fixture.fileName.hasPrefix($0) }) {
                let root = FixtureTree.build(fixture.input)
                FixtureTree.fitGridRoot(root, fixture)
                let result = root.layout(
                    width: FixtureTree.space(fixture.viewportWidth),
                    height: FixtureTree.space(fixture.viewportHeight),
                    configuration: LayoutConfiguration(pointScale: fixture.useRounding ? 1 : nil))
                func show(_ node: LayoutNode, _ expected: Fixture.Expected, _ depth: Int) {
                    let frame = result.frame(of: node)
                    print(
                        String(repeating: "  ", count: depth)
                            + "got \(frame.map { "\($0.x),\($0.y) \($0.width)x\($0.height)" } ?? "-") "
                            + "want \(expected.x),\(expected.y) \(expected.width)x\(expected.height)")
                    for (child, want) in zip(node.children, expected.children) {
                        show(child, want, depth + 1)
                    }
                }
                print("== \(fixture.fileName)")
                show(root, fixture.expected, 0)
            }
        }
        #expect(names.isEmpty || !folders.isEmpty)
    }
}
