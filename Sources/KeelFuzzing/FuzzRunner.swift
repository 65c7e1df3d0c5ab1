import KeelSupport

/// A case that broke an invariant: which one, its bytes, and what broke.
package struct FuzzFailure: Sendable, CustomStringConvertible {
    /// The case's index in a seeded run, or `nil` for a corpus file.
    package let caseIndex: Int?
    /// The corpus file's name, for a replayed case.
    package let corpusName: String?
    /// The input.
    package let input: [UInt8]
    /// What broke.
    package let message: String

    /// Creates a failure.
    package init(caseIndex: Int?, corpusName: String?, input: [UInt8], message: String) {
        self.caseIndex = caseIndex
        self.corpusName = corpusName
        self.input = input
        self.message = message
    }

    /// One line: the case, its size and what broke, with the input's first bytes.
    package var description: String {
        let origin = corpusName.map { "corpus \($0)" } ?? "case \(caseIndex ?? -1)"
        let preview = String(decoding: input.prefix(80), as: UTF8.self).debugDescription
        return "\(origin) (\(input.count) bytes, \(preview)): \(message)"
    }
}

/// What a run found: how many cases ran and which failed.
package struct FuzzReport: Sendable, CustomStringConvertible {
    /// The family's name.
    package let family: String
    /// How many cases ran (generated and replayed).
    package var cases: Int
    /// How many of those were corpus files.
    package var corpusCases: Int
    /// The cases that broke an invariant or took too long.
    package var failures: [FuzzFailure]
    /// The slowest case, in milliseconds.
    package var slowestMilliseconds: Double

    /// Creates an empty report for `family`.
    package init(family: String) {
        self.family = family
        cases = 0
        corpusCases = 0
        failures = []
        slowestMilliseconds = 0
    }

    /// `fuzz <family>: N cases (C corpus), F failures, slowest S ms`.
    package var description: String {
        let slowest = (slowestMilliseconds * 10).rounded() / 10
        return
            "fuzz \(family): \(cases) cases (\(corpusCases) corpus), \(failures.count) failures, slowest \(slowest) ms"
    }
}

/// Runs fuzz cases in this process. A crash ends the process; `keel-fuzz` runs batches in
/// child processes so that crashes and hangs are found, narrowed to one case and saved.
package enum FuzzRunner {
    /// A case slower than this is reported as a failure (an input that wedges the boundary).
    /// Generous, because `swift test` runs debug builds with other suites in parallel; a
    /// boundary's own time budget is its benchmark's, and `keel-fuzz --case-limit` is tighter.
    package static let defaultCaseTimeLimit: Duration = .seconds(30)

    /// Runs cases `range` of the run seeded with `seed`, stopping early at `deadline`.
    package static func run(
        _ family: FuzzFamily,
        seed: UInt64,
        cases range: Range<Int>,
        until deadline: ContinuousClock.Instant? = nil,
        caseTimeLimit: Duration = defaultCaseTimeLimit
    ) async -> FuzzReport {
        var report = FuzzReport(family: family.name)
        for index in range {
            if let deadline, ContinuousClock.now >= deadline { break }
            let input = family.input(seed: seed, case: index)
            await runOne(
                family, input: input, caseIndex: index, corpusName: nil, limit: caseTimeLimit, into: &report)
            // Most checks never suspend: yield so a family's thousands of cases do not hold a
            // cooperative thread for seconds while other suites' tasks wait to resume.
            await Task.yield()
        }
        return report
    }

    /// Replays stored inputs (the regression corpus), each named for the report.
    package static func replay(
        _ family: FuzzFamily,
        inputs: [(name: String, bytes: [UInt8])],
        caseTimeLimit: Duration = defaultCaseTimeLimit
    ) async -> FuzzReport {
        var report = FuzzReport(family: family.name)
        for (name, bytes) in inputs {
            await runOne(
                family, input: bytes, caseIndex: nil, corpusName: name, limit: caseTimeLimit, into: &report)
            report.corpusCases += 1
            await Task.yield()
        }
        return report
    }

    /// Runs every seed unchanged: a family whose own seeds fail is broken.
    package static func runSeeds(_ family: FuzzFamily) async -> FuzzReport {
        await replay(family, inputs: family.seeds.enumerated().map { ("seed \($0.offset)", $0.element) })
    }

    private static func runOne(
        _ family: FuzzFamily,
        input: [UInt8],
        caseIndex: Int?,
        corpusName: String?,
        limit: Duration,
        into report: inout FuzzReport
    ) async {
        let clock = ContinuousClock()
        let start = clock.now
        var message: String?
        do {
            try await family.check(input)
        } catch let violation as FuzzViolation {
            message = violation.message
        } catch {
            message = "the check threw \(type(of: error)): \(error)"
        }
        let elapsed = clock.now - start
        let milliseconds = elapsed.seconds * 1000
        report.slowestMilliseconds = max(report.slowestMilliseconds, milliseconds)
        if message == nil, elapsed > limit {
            message = "took \(Int(milliseconds)) ms, over the \(limit) limit"
        }
        report.cases += 1
        if let message {
            report.failures.append(
                FuzzFailure(caseIndex: caseIndex, corpusName: corpusName, input: input, message: message))
        }
    }
}
