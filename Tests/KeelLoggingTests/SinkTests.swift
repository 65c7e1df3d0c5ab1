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

/// Finding 15: Unicode line breaks and bidi controls cannot forge a second record.
@Suite struct LineForgingTests {
    static let forging: [Unicode.Scalar] = [
        "\u{85}", "\u{9B}", "\u{2028}", "\u{2029}", "\u{202A}", "\u{202E}", "\u{2066}", "\u{2069}",
    ]

    /// Used to write U+2028, U+0085 and U+202E raw (only C0 and DEL were escaped), so a viewer
    /// splitting on Unicode line breaks showed a forged `ERROR` record.
    @Test func textAndJSONLinesEscapeUnicodeLineBreaksAndBidiControls() throws {
        let ring = RingBufferSink()
        var record = makeRecord(
            "a\u{2028}2026-12-06T00:00:00Z ERROR [app:auth] forged\u{85}c\u{202E}d\u{2066}e\u{9B}31m")
        record.metadata = ["k\u{2029}": "v\u{2069}"]
        ring.receive(record)
        let text = ring.export(.text)
        let json = ring.export(.jsonLines)
        for output in [text, json] {
            #expect(output.unicodeScalars.allSatisfy { !Self.forging.contains($0) }, "\(output)")
            #expect(output.filter(\.isNewline).count == 1 && output.hasSuffix("\n"), "\(output)")
        }
        #expect(
            text.contains(#"a\u{2028}2026"#) && text.contains(#"forged\u{85}c\u{202e}d\u{2066}e\u{9b}31m"#))
        #expect(text.contains(#"{k\u{2029}=v\u{2069}}"#))
        // The JSON escapes decode back to the original text.
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["message"] as? String == record.message)
        #expect((object["metadata"] as? [String: String]) == record.metadata)
        // Ordinary non-ASCII text is untouched.
        var plain = makeRecord("ünïcødé – “quoted” \u{2030} \u{2065}")
        plain.metadata = [:]
        let plainRing = RingBufferSink()
        plainRing.receive(plain)
        #expect(plainRing.export(.text).contains(plain.message))
    }
}
