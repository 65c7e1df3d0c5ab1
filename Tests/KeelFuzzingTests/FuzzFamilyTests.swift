import Foundation
import KeelFuzzing
import KeelTestSupport
import Testing

/// Runs every fuzz family after replaying its regression corpus (`Corpus/<family>/*`, every
/// input that ever failed). Prints each family's counts. The default run tries an eighth of a
/// family's ``FuzzFamily/testCases`` (at least 20); `KEEL_LONG_TESTS=1` (`.ci/run`) tries them
/// all, and `keel-fuzz` runs for as long as asked.
///
/// Each family on a thread of its own: many checks run synchronous work (parsing, `fsync`)
/// that would otherwise hold threads of a 2-core machine's cooperative pool for seconds,
/// starving the timers of every other suite's async tests.
@Suite("Fuzzing every boundary", .onOwnThread)
struct FuzzFamilyTests {
    /// The run's seed: fixed, so a failure here is reproduced by `keel-fuzz <family> --seed`.
    static let seed: UInt64 = 0x4B45_454C

    @Test(
        "Each family's seeds pass, its corpus replays clean, and its seeded cases find nothing",
        arguments: FuzzFamilies.all.map(\.name))
    func family(name: String) async throws {
        let family = try #require(FuzzFamilies.named(name))
        let seeds = await FuzzRunner.runSeeds(family)
        #expect(seeds.failures.isEmpty, "\(name): a seed fails: \(seeds.failures.map(\.description))")

        let corpus = await FuzzRunner.replay(family, inputs: Self.corpus(of: name))
        let generated = await FuzzRunner.run(family, seed: Self.seed, cases: 0..<Self.cases(of: family))
        var report = generated
        report.cases += corpus.cases + seeds.cases
        report.corpusCases = corpus.corpusCases
        report.failures = corpus.failures + generated.failures
        report.slowestMilliseconds = max(corpus.slowestMilliseconds, generated.slowestMilliseconds)
        print(report.description)
        for failure in report.failures.prefix(5) {
            Issue.record("\(name): \(failure)")
        }
        #expect(report.failures.isEmpty)
    }

    @Test("Family names are unique, dotted lowercase, and every corpus folder names a family")
    func namesAndCorpusFolders() throws {
        let names = FuzzFamilies.all.map(\.name)
        #expect(Set(names).count == names.count)
        for name in names {
            #expect(name.allSatisfy { $0.isLowercase || $0 == "." || $0.isNumber }, "\(name)")
        }
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.corpusRoot.path)
            .filter { !$0.hasSuffix(".md") }
        for folder in folders {
            #expect(names.contains(folder), "Corpus/\(folder) names no family")
        }
    }

    /// How many seeded cases of `family` this run tries.
    static func cases(of family: FuzzFamily) -> Int {
        LongRuns.cases(short: min(family.testCases, max(20, family.testCases / 8)), long: family.testCases)
    }

    static var corpusRoot: URL {
        Bundle.module.resourceURL!.appendingPathComponent("Corpus")
    }

    /// The regression inputs stored for `family`, sorted by name.
    static func corpus(of family: String) -> [(name: String, bytes: [UInt8])] {
        let folder = corpusRoot.appendingPathComponent(family)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return names.sorted().compactMap { name in
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
            else {
                return nil
            }
            return (name, Array(data))
        }
    }
}
