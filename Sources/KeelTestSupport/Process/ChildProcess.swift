import Foundation
import KeelSupport

// `Process` exists on macOS and Linux only; tests and tools are the only users.
#if os(macOS) || os(Linux)

    /// Runs a command-line program without blocking Swift's cooperative thread pool: the process
    /// is started and waited for on a dispatch queue, and the caller suspends meanwhile. Tests that
    /// run helper processes use it so slow children (a browser, a compiler) never starve other
    /// concurrently running async tests of threads.
    package enum ChildProcess {
        /// What a finished process left.
        package struct Output: Sendable {
            /// The exit status.
            package let status: Int32
            /// Standard output as UTF-8 text.
            package let standardOutput: String
            /// Standard error as UTF-8 text.
            package let standardError: String
        }

        /// An executable built by SwiftPM beside the running test binary (the package's own
        /// helper programs and `keel`), searched from the binary's folder up four levels.
        package static func builtExecutable(named name: String) -> URL? {
            var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
                .deletingLastPathComponent()
            for _ in 0..<4 {
                let candidate = directory.appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
                directory = directory.deletingLastPathComponent()
            }
            return nil
        }

        /// Runs `executable` with `arguments` and waits for it to exit.
        package static func run(
            _ executable: URL,
            arguments: [String] = [],
            environment: [String: String]? = nil,
            currentDirectory: URL? = nil
        ) async throws -> Output {
            try await withCheckedThrowingContinuation { continuation in
                // The child is waited for on threads of its own, not on the global queue's: on
                // Linux those are the threads Swift concurrency runs every other test on, and a
                // blocked one (a browser run takes a minute) starves the suite on two cores.
                Thread {
                    let process = Process()
                    process.executableURL = executable
                    process.arguments = arguments
                    if let environment { process.environment = environment }
                    if let currentDirectory { process.currentDirectoryURL = currentDirectory }
                    let output = Pipe()
                    let error = Pipe()
                    process.standardOutput = output
                    process.standardError = error
                    do {
                        try process.run()
                    } catch {
                        continuation.resume(throwing: error)
                        return
                    }
                    // Drain standard error on another thread so a chatty child cannot fill its pipe.
                    let errorData = Locked(Data())
                    let drained = DispatchSemaphore(value: 0)
                    Thread {
                        errorData.set(error.fileHandleForReading.readDataToEndOfFile())
                        drained.signal()
                    }.start()
                    let outputData = output.fileHandleForReading.readDataToEndOfFile()
                    drained.wait()
                    process.waitUntilExit()
                    continuation.resume(
                        returning: Output(
                            status: process.terminationStatus,
                            standardOutput: String(decoding: outputData, as: UTF8.self),
                            standardError: String(decoding: errorData.current, as: UTF8.self)))
                }.start()
            }
        }
    }
#endif
