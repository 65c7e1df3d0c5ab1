import Foundation

// `keel-fuzz`: the fuzz families (KeelFuzzing) run for as long as asked, from a clone of the
// repository (`swift run keel-fuzz --list`). A development tool beside the tests, not a
// product, so the shipped `keel` CLI links no testing module.

/// A command-line usage error: printed as one line followed by the usage, exit status 2.
struct UsageError: Error {
    /// What was wrong, in one line.
    let message: String
    /// The usage text of the command that was being parsed.
    let usage: String
}

/// A failure that is not a usage error: printed as one line, with its own exit status.
struct CommandFailure: Error {
    /// What failed.
    let message: String
    /// The process exit status.
    let status: Int32
}

do {
    try FuzzCommand.run(Array(CommandLine.arguments.dropFirst()))
} catch let error as UsageError {
    FileHandle.standardError.write(Data("keel-fuzz: \(error.message)\n\(error.usage)\n".utf8))
    exit(2)
} catch let error as CommandFailure {
    FileHandle.standardError.write(Data("keel-fuzz: \(error.message)\n".utf8))
    exit(error.status)
} catch {
    FileHandle.standardError.write(Data("keel-fuzz: \(error)\n".utf8))
    exit(1)
}
