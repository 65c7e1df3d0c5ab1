import Foundation
import KeelTestSupport
import Testing

/// `keel-fuzz`: families are listed, a planted crash and a planted hang are each found in a
/// child process, narrowed to their case and saved, and the exit status says so.
@Suite(.enabled(if: KeelRun.fuzzExecutable != nil, "the keel-fuzz executable is built beside the tests"))
struct FuzzCommandTests {
    @Test func listNamesTheFamilies() async throws {
        let run = try await KeelRun.run(["--list"], executable: KeelRun.fuzzExecutable)
        #expect(run.status == 0)
        #expect(run.stdout.contains("lists.datasource\t"))
        #expect(!run.stdout.contains("selftest"))
    }

    @Test(arguments: [
        [], ["nope"], ["lists.datasource", "--seconds", "x"], ["lists.datasource", "--frob"],
    ])
    func usageErrors(arguments: [String]) async throws {
        let run = try await KeelRun.run(arguments, executable: KeelRun.fuzzExecutable)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("keel-fuzz: "))
        #expect(run.stderr.contains("usage: keel-fuzz"))
    }

    @Test(
        "A crash and a hang are found in child processes and their inputs saved",
        .enabled(if: LongRuns.enabled, "a long run (KEEL_LONG_TESTS=1, as .ci/run sets) hunts them"),
        arguments: [("selftest.crash", "crash", "5"), ("selftest.hang", "hang", "1")])
    func findsAndSaves(family: String, kind: String, caseLimit: String) async throws {
        let output = FileManager.default.temporaryDirectory
            .appendingPathComponent("keel-fuzz-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let run = try await KeelRun.run(
            [
                family, "--cases", "1500", "--seconds", "600", "--seed", "5", "--case-limit", caseLimit,
                "--output", output.path,
            ], executable: KeelRun.fuzzExecutable)
        // Seed 5 plants its first crash or hang well inside 1,500 cases; counting cases rather
        // than seconds keeps the run the same on a loaded machine. Only the hang needs a short
        // case limit; the crash's is long, so a slow case on a loaded machine is no hang. The
        // hang's limit (1 s) is still far above a harmless case (microseconds), so a child
        // descheduled for a moment on a loaded machine does not save a harmless case as a hang.
        #expect(run.stdout.contains("fuzz \(family): 1500 cases"))
        #expect(run.status == 1)
        #expect(run.stdout.contains("fuzz \(family): "))
        let saved = try FileManager.default.contentsOfDirectory(
            atPath: output.appendingPathComponent(family).path)
        let ours = saved.filter { $0.hasPrefix("\(kind)-5-") }
        #expect(!ours.isEmpty)
        for name in ours {
            let bytes = try Data(
                contentsOf: output.appendingPathComponent(family).appendingPathComponent(name))
            #expect(bytes.first == (kind == "crash" ? 0xFF : 0xFE))
        }
    }
}
