import Foundation
import KeelTestSupport
import Testing

@Suite("Flexbox conformance (browser-generated fixtures)", .onOwnThread)
struct ConformanceTests {
    @Test("fixtures pass, except the listed known issues")
    func conformance() throws {
        let fixtures = try FixtureLibrary.all.get()
        #expect(fixtures.count == 2636)
        var total: [String: (pass: Int, count: Int)] = [:]
        var unexpected: [String] = []
        var nowPassing: [String] = []
        let names: [(FixtureSubsets, String)] = [
            (.basic, "basic"), (.core, "core"), (.absoluteOrAspectRatio, "absolute/aspect-ratio"),
            (.text, "text"), (.mixed, "grid/block mix"), (.overflow, "overflow/scrollbar"),
        ]
        for fixture in fixtures {
            let subsets = FixtureSubsets.classify(fixture.source)
            let mismatch = FixtureTree.check(fixture)
            for (subset, name) in names where subsets.contains(subset) {
                var entry = total[name] ?? (0, 0)
                entry.count += 1
                if mismatch == nil { entry.pass += 1 }
                total[name] = entry
            }
            let known = KnownFailures.reason(for: fixture.fileName, subsets: subsets)
            if let mismatch, known == nil {
                unexpected.append("\(fixture.fileName): \(mismatch)")
            } else if mismatch == nil, known != nil {
                nowPassing.append(fixture.fileName)
            }
        }
        var all = (pass: 0, count: 0)
        for (_, name) in names {
            guard let entry = total[name] else { continue }
            print("conformance \(name): \(entry.pass)/\(entry.count) pass")
        }
        for fixture in fixtures where FixtureTree.check(fixture) == nil { all.pass += 1 }
        all.count = fixtures.count
        print("conformance all: \(all.pass)/\(all.count) pass")
        for line in unexpected.prefix(400) { print("FAIL \(line)") }
        for name in nowPassing { print("NOW PASSING (remove from known failures): \(name)") }
        #expect(unexpected.count == 0, "\(unexpected.count) fixtures fail without a known-issue entry")
        #expect(nowPassing.count == 0, "\(nowPassing.count) known failures now pass")
        let basic = total["basic"] ?? (0, 0)
        let core = total["core"] ?? (0, 0)
        #expect(basic.count == 828 && basic.pass == basic.count)
        #expect(core.count == 2184 && Double(core.pass) >= 0.98 * Double(core.count))
    }
}
