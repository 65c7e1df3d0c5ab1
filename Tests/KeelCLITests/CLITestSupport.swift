import Foundation
import KeelTestSupport

/// Runs the `keel` executable (or `keel-fuzz`) built next to the test binary and captures its
/// output.
struct KeelRun {
    let status: Int32
    let stdout: String
    let stderr: String

    /// The shipped CLI.
    static var executable: URL? { ChildProcess.builtExecutable(named: "keel") }

    /// The fuzzing tool, a development executable beside the tests.
    static var fuzzExecutable: URL? { ChildProcess.builtExecutable(named: "keel-fuzz") }

    static func run(_ arguments: [String], executable: URL? = KeelRun.executable) async throws -> KeelRun {
        guard let executable else { throw CocoaError(.fileNoSuchFile) }
        let result = try await ChildProcess.run(executable, arguments: arguments)
        return KeelRun(status: result.status, stdout: result.standardOutput, stderr: result.standardError)
    }

}
