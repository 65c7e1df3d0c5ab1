import KeelFuzzing
import KeelTestSupport
import Testing

/// The harness itself: cases are reproducible from seed and index, the mutator stays within its
/// size bound and reaches its mutation kinds, and the runner reports violations and slow cases.
@Suite("Fuzz harness", .onOwnThread)
struct FuzzHarnessTests {
    static let family = FuzzFamily(
        name: "test.planted",
        summary: "fails on any input containing the byte 0x7F",
        seeds: [Array("{\"a\":[1,2,3]}".utf8)],
        dictionary: [Array("TOKEN".utf8)]
    ) { input in
        if input.contains(0x7F) { throw FuzzViolation("planted") }
    }

    @Test("The same seed and case index give the same input; other seeds differ")
    func reproducible() {
        for index in 0..<200 {
            #expect(Self.family.input(seed: 7, case: index) == Self.family.input(seed: 7, case: index))
        }
        let a = (0..<200).map { Self.family.input(seed: 7, case: $0) }
        let b = (0..<200).map { Self.family.input(seed: 8, case: $0) }
        #expect(a != b)
        #expect(Set(a).count > 150)
    }

    @Test("Mutations stay under the size bound and include repeats, tokens and truncations")
    func mutatorCoverage() {
        let seed = Self.family.seeds[0]
        var sawLonger = false
        var sawShorter = false
        var sawToken = false
        var sawHuge = false
        for index in 0..<3000 {
            let input = Self.family.input(seed: 99, case: index)
            #expect(input.count <= FuzzMutator.maximumLength)
            sawLonger = sawLonger || input.count > seed.count
            sawShorter = sawShorter || input.count < seed.count
            sawHuge = sawHuge || input.count > 1000
            sawToken = sawToken || String(decoding: input, as: UTF8.self).contains("TOKEN")
        }
        #expect(sawLonger && sawShorter && sawToken && sawHuge)
    }

    @Test("The runner reports each violating case with its index and bytes")
    func reportsViolations() async {
        let report = await FuzzRunner.run(Self.family, seed: 1, cases: 0..<2000)
        #expect(report.cases == 2000)
        #expect(!report.failures.isEmpty)
        for failure in report.failures {
            #expect(failure.input.contains(0x7F))
            #expect(failure.message == "planted")
            #expect(failure.caseIndex.map { Self.family.input(seed: 1, case: $0) } == failure.input)
        }
        #expect(report.description.hasPrefix("fuzz test.planted: 2000 cases"))
    }

    @Test("A case slower than the limit is a failure; a thrown non-violation error is one too")
    func slowAndUntypedCases() async {
        let slow = FuzzFamily(name: "test.slow", summary: "", seeds: [[1]]) { _ in
            try await Task.sleep(nanoseconds: 3_000_000)
        }
        let report = await FuzzRunner.run(slow, seed: 1, cases: 0..<2, caseTimeLimit: .milliseconds(1))
        #expect(report.failures.count == 2)
        #expect(report.failures.allSatisfy { $0.message.hasPrefix("took") })

        struct Odd: Error {}
        let throwing = FuzzFamily(name: "test.throws", summary: "", seeds: [[1]]) { _ in throw Odd() }
        let thrown = await FuzzRunner.replay(throwing, inputs: [("one", [1])])
        #expect(thrown.failures.first?.message.contains("Odd") == true)
        #expect(thrown.failures.first?.corpusName == "one")
    }
}
