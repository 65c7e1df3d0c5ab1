// The framework article's level logger ("How to build a Swift framework (2)"), whose rules
// KeelCompat's `INSLogger` and `ILog` keep: decided here, headless, so the compatibility layer
// only binds them.

extension LogLevel {
    /// Whether a logger *selecting* `self` writes a record at `level`: the framework article's
    /// `Logger.level`, which wrote one level only, or every level at its `.all` (Keel's
    /// `.trace`). Keel's levels the article did not have (`notice`, `error`, `critical`) are
    /// written when at least as severe as `self`, so selecting a level never drops an error.
    package func selects(_ level: LogLevel) -> Bool {
        if self == .trace || level == self { return true }
        switch level {
        case .trace, .debug, .info, .warning: return false
        case .notice, .error, .critical: return level >= self
        }
    }
}

extension LogSourceLocation {
    /// The framework article's details of a call, `[ViewController.swift: viewDidLoad(): 24]`:
    /// the file's name (without its module), the function and the line.
    package var articleDetails: String {
        let file = fileID.split(separator: "/").last.map(String.init) ?? fileID
        return "[\(file): \(function): \(line)]"
    }
}

extension AppLogger {
    /// Logs `text` (public) at `level` when a logger selecting `selection` writes that level
    /// (``LogLevel/selects(_:)``): KeelCompat's `INSLogger`.
    package func log(
        level: LogLevel, selectedBy selection: LogLevel, _ text: String, fileID: String, function: String,
        line: UInt
    ) {
        guard selection.selects(level) else { return }
        log(level: level, "\(text, privacy: .public)", fileID: fileID, function: function, line: line)
    }
}
