import Foundation
import KeelLogging
import KeelTesting
import Testing

@Suite struct SinkTests {
    @Test func ringBufferKeepsTheNewestInOrder() {
        let ring = RingBufferSink(capacity: 3)
        for index in 0..<5 { ring.receive(makeRecord("m\(index)")) }
        #expect(ring.records.map(\.message) == ["m2", "m3", "m4"])
        #expect(ring.droppedCount == 2)
        #expect(ring.exportText().split(separator: "\n").count == 3)
        let json = ring.exportJSONLines().split(separator: "\n")
        #expect(json.count == 3)
        #expect(json.allSatisfy { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) != nil })
        ring.removeAll()
        #expect(ring.records.isEmpty)
    }

    @Test func multiplexForwardsToEverySink() {
        let first = CapturingLogSink()
        let second = CapturingLogSink()
        let multiplex = MultiplexSink([first, second])
        multiplex.receive(makeRecord("x"))
        multiplex.flush()
        #expect(first.messages == ["x"])
        #expect(second.messages == ["x"])
    }

    @Test func consoleColoursOnlyWhenAsked() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (colour, expectEscape) in [
            (ConsoleSink.Colour.always, true), (.never, false), (.automatic, false),
        ] {
            let url = directory.appendingPathComponent("\(colour).txt")
            _ = FileManager.default.createFile(atPath: url.path, contents: nil)
            let handle = try FileHandle(forWritingTo: url)
            ConsoleSink(fileDescriptor: handle.fileDescriptor, colour: colour).receive(
                makeRecord("hi", level: .error))
            try handle.close()
            let text = try String(contentsOf: url, encoding: .utf8)
            #expect(text.contains("\u{1B}[") == expectEscape, "\(colour)")
            #expect(text.contains("ERROR"))
            #expect(text.hasSuffix("hi (Tests/File.swift:1)\n"))
        }
    }

    @Test func recordsForwardThroughASmallAdapter() {
        // The README's adapter pattern: forward records to another backend.
        final class OtherBackend: @unchecked Sendable {
            var lines: [String] = []
        }
        struct AdapterSink: LogSink {
            let backend: OtherBackend
            func receive(_ record: LogRecord) {
                backend.lines.append("[\(record.level)] \(record.message)")
            }
        }
        let backend = OtherBackend()
        let system = LogRouter(
            configuration: .init(minimumLevel: .info, routes: [.init(AdapterSink(backend: backend))]))
        system.logger(subsystem: "app", category: "c").notice("forwarded")
        #expect(backend.lines == ["[notice] forwarded"])
    }

    @Test func presetsMatchTheModes() throws {
        let development = LoggingConfiguration.development
        #expect(development.minimumLevel == .trace)
        #expect(!development.redactsPrivateValues)
        #expect(development.sink(ofType: ConsoleSink.self) != nil)

        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let production = try LoggingConfiguration.production(logDirectory: directory)
        #expect(production.redactsPrivateValues)
        #expect(production.sink(ofType: ConsoleSink.self) == nil)
        #expect(production.routes.allSatisfy { $0.minimumLevel == .warning })
        #expect(production.sink(ofType: RingBufferSink.self) != nil)
        #expect(production.sink(ofType: FileSink.self) != nil)

        let system = LogRouter(configuration: production)
        let logger = system.logger(subsystem: "app", category: "p")
        logger.info("quiet")
        logger.warning("kept \("secret")")
        let ring = try #require(production.sink(ofType: RingBufferSink.self))
        #expect(ring.records.map(\.message) == ["kept <private>"])

        let staging = LoggingConfiguration.staging
        #expect(staging.redactsPrivateValues)
        #expect(staging.minimumLevel == .debug)
    }

    @Test func measureLogsTheDuration() async throws {
        let (system, capture) = makeSystem()
        let logger = system.logger(subsystem: "app", category: "m")
        let value = logger.measure("sum") { (1...100).reduce(0, +) }
        let asyncValue = await logger.measure("load feed", level: .notice) {
            try? await Task.sleep(for: .milliseconds(2))
            return "done"
        }
        #expect(value == 5050)
        #expect(asyncValue == "done")
        let records = capture.records
        #expect(records.count == 2)
        #expect(records[0].message.hasPrefix("sum took "))
        #expect(records[1].level == .notice)
        let milliseconds = try #require(Double(records[1].metadata["duration_ms"] ?? ""))
        #expect(milliseconds >= 2)
    }

    @Test func measureRethrowsAndStillLogs() {
        struct Failure: Error {}
        let (system, capture) = makeSystem()
        let logger = system.logger(subsystem: "app", category: "m")
        #expect(throws: Failure.self) { try logger.measure("fails") { throw Failure() } }
        #expect(capture.messages.first?.hasPrefix("fails took") == true)
    }
}
