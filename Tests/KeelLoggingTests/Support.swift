import Foundation
import KeelLogging
import KeelTesting

/// A logging system with one capturing sink, for tests.
func makeSystem(
    minimumLevel: LogLevel = .trace,
    redacts: Bool = true,
    sinks: [any LogSink]? = nil
) -> (LogRouter, CapturingLogSink) {
    let capture = CapturingLogSink()
    let routes = (sinks ?? []).map { LoggingConfiguration.Route($0) } + [LoggingConfiguration.Route(capture)]
    let system = LogRouter(
        configuration: LoggingConfiguration(
            minimumLevel: minimumLevel, redactsPrivateValues: redacts, routes: routes),
        now: { Date(timeIntervalSince1970: 1_790_000_000.25) }
    )
    return (system, capture)
}

/// A fresh, empty temporary directory removed by the caller.
func makeTemporaryDirectory() -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("keel-logging-\(UUID().uuidString)", isDirectory: true)
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The lines of a text file, without the final empty piece.
func readLines(_ url: URL) -> [String] {
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
    var lines = text.components(separatedBy: "\n")
    if lines.last == "" { lines.removeLast() }
    return lines
}

/// A record for feeding sinks directly.
func makeRecord(
    _ message: String,
    level: LogLevel = .info,
    at timestamp: Date = Date(timeIntervalSince1970: 1_790_000_000)
) -> LogRecord {
    LogRecord(
        timestamp: timestamp,
        level: level,
        label: LogLabel(subsystem: "test", category: "sink"),
        message: message,
        source: LogSourceLocation(fileID: "Tests/File.swift", function: "f()", line: 1)
    )
}

/// Counts side effects of evaluating log arguments.
final class SideEffects: @unchecked Sendable {
    // Only touched from one test task at a time.
    var count = 0

    func message() -> String {
        count += 1
        return "evaluated"
    }

    func metadata() -> LogMetadata {
        count += 1
        return ["k": "v"]
    }
}
