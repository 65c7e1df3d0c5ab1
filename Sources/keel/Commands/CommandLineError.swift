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
