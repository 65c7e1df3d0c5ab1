import Foundation
import KeelTestSupport

/// Runs the `keel` executable built next to the test binary and captures its output.
struct KeelRun {
    let status: Int32
    let stdout: String
    let stderr: String

    static var executable: URL? { ChildProcess.builtExecutable(named: "keel") }

    static func run(_ arguments: [String]) async throws -> KeelRun {
        guard let executable else { throw CocoaError(.fileNoSuchFile) }
        let result = try await ChildProcess.run(executable, arguments: arguments)
        return KeelRun(status: result.status, stdout: result.standardOutput, stderr: result.standardError)
    }

}
