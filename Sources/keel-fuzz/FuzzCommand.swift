import Foundation
import KeelFuzzing
import KeelSupport

/// `keel-fuzz <family> --seconds N`: fuzzes one boundary for as long as asked, in child
/// processes, so that a crash or a hang is found, narrowed to its case and saved.
///
/// The parent runs batches of cases in a child (`keel-fuzz <family> --child …`). The child
/// announces each case before running it, so when it dies the last announced case is the
/// culprit; a watchdog thread in the child ends it when one case runs past the time limit.
/// Failing inputs are written to `<output>/<family>/<kind>-<seed>-<case>`.
enum FuzzCommand {
    static let usage = """
        usage: keel-fuzz <family> [--seconds N] [--cases N] [--seed S] [--batch N] [--case-limit SECONDS] [--output DIR]
               keel-fuzz --list
        Fuzzes one boundary (default 60 s, a random seed; --cases stops after that many) in
        child processes; prints
        `fuzz <family>: N cases, F failures (C crashes, H hangs, V violations) in T s` and saves
        each failing input under DIR/<family>/ (default ./fuzz-failures). Exit status 1 when
        anything failed.
        """

    struct Options {
        var family: FuzzFamily
        var seconds: Double = 60
        var seed: UInt64 = UInt64.random(in: 1...UInt64.max)
        var batch = 2000
        var cases: Int?
        var caseLimit: Double = 10
        var output = "fuzz-failures"
        var child: (from: Int, count: Int)?
    }

    static func run(_ arguments: [String]) throws {
        guard let first = arguments.first else {
            throw UsageError(message: "missing family name", usage: usage)
        }
        if first == "--help" || first == "-h" {
            print(usage)
            return
        }
        if first == "--list" {
            for family in FuzzFamilies.all { print("\(family.name)\t\(family.summary)") }
            return
        }
        let options = try parse(arguments)
        if let child = options.child {
            runChild(options, from: child.from, count: child.count)
            return
        }
        let failed = try runParent(options)
        if failed { throw CommandFailure(message: "failures saved under \(options.output)/", status: 1) }
    }

    static func parse(_ arguments: [String]) throws -> Options {
        let name = arguments[0]
        guard !name.hasPrefix("-"), let family = FuzzFamilies.named(name) else {
            let names = FuzzFamilies.all.map(\.name).joined(separator: ", ")
            throw UsageError(message: "unknown family '\(name)' (families: \(names))", usage: usage)
        }
        var options = Options(family: family)
        var rest = arguments.dropFirst()
        func value(_ flag: String) throws -> String {
            guard let value = rest.popFirst() else {
                throw UsageError(message: "\(flag) needs a value", usage: usage)
            }
            return value
        }
        while let flag = rest.popFirst() {
            switch flag {
            case "--seconds":
                guard let seconds = Double(try value(flag)), seconds.isFinite, seconds > 0 else {
                    throw UsageError(message: "--seconds takes a positive number", usage: usage)
                }
                options.seconds = seconds
            case "--seed":
                guard let seed = UInt64(try value(flag)) else {
                    throw UsageError(message: "--seed takes a whole number", usage: usage)
                }
                options.seed = seed
            case "--batch":
                guard let batch = Int(try value(flag)), batch > 0 else {
                    throw UsageError(message: "--batch takes a positive whole number", usage: usage)
                }
                options.batch = batch
            case "--cases":
                guard let cases = Int(try value(flag)), cases > 0 else {
                    throw UsageError(message: "--cases takes a positive whole number", usage: usage)
                }
                options.cases = cases
            case "--case-limit":
                guard let limit = Double(try value(flag)), limit.isFinite, limit > 0 else {
                    throw UsageError(message: "--case-limit takes a positive number", usage: usage)
                }
                options.caseLimit = limit
            case "--output":
                options.output = try value(flag)
            case "--child":
                guard let from = Int(try value(flag)), let count = Int(try value(flag)), from >= 0, count > 0
                else {
                    throw UsageError(message: "--child takes a first case and a count", usage: usage)
                }
                options.child = (from, count)
            default:
                throw UsageError(message: "unknown option '\(flag)'", usage: usage)
            }
        }
        return options
    }

    // MARK: - The parent

    /// What the parent counted.
    struct Tally {
        var cases = 0
        var crashes = 0
        var hangs = 0
        var violations = 0
        var failures: Int { crashes + hangs + violations }
    }

    /// Runs batches until the time is up; returns whether anything failed.
    static func runParent(_ options: Options) throws -> Bool {
        guard let executable = Bundle.main.executableURL else {
            throw CommandFailure(message: "cannot find the keel-fuzz executable to run children", status: 1)
        }
        let clock = ContinuousClock()
        let start = clock.now
        let deadline = start + .clampedSeconds(options.seconds)
        var tally = Tally()
        var next = 0
        print("keel-fuzz \(options.family.name): seed \(options.seed), \(options.seconds) s")
        while clock.now < deadline, tally.cases < (options.cases ?? Int.max) {
            let remaining = deadline - clock.now
            var batch = options
            batch.batch = min(options.batch, (options.cases ?? Int.max) - tally.cases)
            let child = try runChildProcess(
                executable, options: batch, from: next, remaining: remaining)
            var lastStarted: Int?
            var finished = 0
            for line in child.output.split(separator: "\n") {
                let parts = line.split(separator: " ", maxSplits: 2)
                guard parts.count >= 2, let index = Int(parts[1]) else { continue }
                switch parts[0] {
                case "c":
                    lastStarted = index
                case "f":
                    tally.violations += 1
                    let message = parts.count > 2 ? String(parts[2]) : ""
                    try save(options, kind: "violation", index: index, message: message)
                case "h":
                    tally.hangs += 1
                    try save(options, kind: "hang", index: index, message: "ran past \(options.caseLimit) s")
                case "d":
                    finished = index
                default:
                    continue
                }
            }
            if child.crashed, let lastStarted, !child.output.contains("h \(lastStarted)") {
                tally.crashes += 1
                try save(
                    options, kind: "crash", index: lastStarted, message: "the child died: \(child.reason)")
            }
            let ran = child.crashed || child.hung ? (lastStarted.map { $0 - next + 1 } ?? 1) : finished
            tally.cases += max(ran, 1)
            next += max(ran, 1)
        }
        let seconds = Double((clock.now - start).components.seconds)
        print(
            "fuzz \(options.family.name): \(tally.cases) cases, \(tally.failures) failures "
                + "(\(tally.crashes) crashes, \(tally.hangs) hangs, \(tally.violations) violations) in \(Int(seconds)) s"
        )
        return tally.failures > 0
    }

    struct ChildResult {
        var output: String
        var crashed: Bool
        var hung: Bool
        var reason: String
    }

    static func runChildProcess(_ executable: URL, options: Options, from: Int, remaining: Duration) throws
        -> ChildResult
    {
        let process = Process()
        process.executableURL = executable
        let seconds = remaining.seconds
        process.arguments = [
            options.family.name, "--child", String(from), String(options.batch), "--seed",
            String(options.seed),
            "--seconds", String(max(0.001, seconds)), "--case-limit", String(options.caseLimit),
        ]
        // A crashing child must die at once: Swift's backtracer would first symbolicate for
        // seconds on a loaded machine, long enough for the watchdog to call the crash a hang.
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        let signalled = process.terminationReason == .uncaughtSignal
        let hung = process.terminationStatus == hangStatus && !signalled
        return ChildResult(
            output: text,
            crashed: signalled || (process.terminationStatus != 0 && !hung),
            hung: hung,
            reason: signalled
                ? "signal \(process.terminationStatus)" : "exit status \(process.terminationStatus)")
    }

    static func save(_ options: Options, kind: String, index: Int, message: String) throws {
        let folder = URL(fileURLWithPath: options.output).appendingPathComponent(options.family.name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("\(kind)-\(options.seed)-\(index)")
        let input = options.family.input(seed: options.seed, case: index)
        try Data(input).write(to: file)
        print("\(kind) at case \(index): \(message) → \(file.path)")
    }

    // MARK: - The child

    /// The exit status of a child whose watchdog saw a case run past the limit.
    static let hangStatus: Int32 = 3

    /// Runs cases `from ..< from + count` in this process, announcing each on standard output.
    static func runChild(_ options: Options, from: Int, count: Int) {
        let current = Locked<(index: Int, started: ContinuousClock.Instant)?>(nil)
        let limit = Duration.clampedSeconds(options.caseLimit)
        let watchdog = Thread {
            while true {
                usleep(50_000)
                if let running = current.current, ContinuousClock.now - running.started > limit {
                    emit("h \(running.index)")
                    exit(hangStatus)
                }
            }
        }
        watchdog.start()
        let family = options.family
        let deadline = ContinuousClock.now + .clampedSeconds(options.seconds)
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            var ran = 0
            for index in from..<(from + count) where ContinuousClock.now < deadline {
                emit("c \(index)")
                current.set((index, ContinuousClock.now))
                let report = await FuzzRunner.run(
                    family, seed: options.seed, cases: index..<(index + 1), caseTimeLimit: limit)
                current.set(nil)
                for failure in report.failures {
                    emit("f \(index) \(failure.message.replacingOccurrences(of: "\n", with: " "))")
                }
                ran += 1
            }
            emit("d \(ran)")
            done.signal()
        }
        done.wait()
    }

    /// Writes one protocol line straight to standard output (unbuffered, so a crash loses none).
    static func emit(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
