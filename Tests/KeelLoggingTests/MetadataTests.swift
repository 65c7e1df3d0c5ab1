import Foundation
import KeelLogging
import Testing

@Suite struct MetadataTests {
    @Test func callSiteBeatsTaskLocalBeatsLogger() async {
        let (system, capture) = makeSystem()
        let logger = system.logger(
            subsystem: "app", category: "c", metadata: ["a": "logger", "b": "logger", "c": "logger"])
        await AppLogger.withMetadata(["b": "task", "c": "task"]) {
            await Task.yield()
            logger.info("m", metadata: ["c": "call"])
        }
        let metadata = capture.records.first?.metadata
        #expect(metadata == ["a": "logger", "b": "task", "c": "call"])
    }

    @Test func taskLocalMetadataCrossesAwaitsAndChildTasksAndNests() async {
        let (system, capture) = makeSystem()
        let logger = system.logger(subsystem: "app", category: "c")
        await AppLogger.withMetadata(["requestID": "42"]) {
            try? await Task.sleep(for: .milliseconds(1))
            await withTaskGroup(of: Void.self) { group in
                group.addTask { logger.info("child") }
            }
            AppLogger.withMetadata(["step": "inner"]) {
                logger.info("nested")
            }
        }
        logger.info("outside")
        let records = capture.records
        #expect(records.first { $0.message == "child" }?.metadata == ["requestID": "42"])
        #expect(records.first { $0.message == "nested" }?.metadata == ["requestID": "42", "step": "inner"])
        #expect(records.first { $0.message == "outside" }?.metadata == [:])
    }

    @Test func recordCarriesErrorAndSourceLocation() {
        struct Boom: Error {}
        let (system, capture) = makeSystem(redacts: false)
        system.logger(subsystem: "app", category: "c").error("failed", error: Boom())
        let record = capture.records.first
        #expect(record?.error is Boom)
        #expect(record?.containsPrivateValues == true)
        #expect(record?.source.fileID.hasSuffix("MetadataTests.swift") == true)
        #expect(record?.source.function == "recordCarriesErrorAndSourceLocation()")
        #expect(record?.label == LogLabel(subsystem: "app", category: "c"))
    }

    /// An error's text (a failing URL with `?access_token=`, a redirect target) is private:
    /// with redaction on, no sink, file or export sees more than its type.
    @Test func errorsAreRedactedLikeOtherPrivateValues() throws {
        struct Leaky: Error, CustomStringConvertible {
            var description: String { "GET https://api.test/x?access_token=SECRET-1 failed" }
        }
        let leaky = URLError(
            .badServerResponse,
            userInfo: [NSURLErrorFailingURLErrorKey: URL(string: "https://api.test/cb?code=SECRET-2")!])
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try FileSink(directory: directory)
        let ring = RingBufferSink()
        let (system, capture) = makeSystem(sinks: [file, ring])
        let logger = system.logger(subsystem: "app", category: "net")
        logger.error("call failed", error: Leaky())
        logger.warning("retrying", error: leaky)
        file.flush()
        let rendered = capture.records.map { "\($0.message) \(String(describing: $0.error))" }.joined()
        let written = file.logFiles.compactMap { try? String(contentsOf: $0, encoding: .utf8) }.joined()
        #expect(written.contains("call failed"))
        for text in [rendered, written, ring.exportText(), ring.exportJSONLines()] {
            #expect(!text.contains("SECRET"), "\(text)")
        }
        #expect(capture.records.first.map { String(describing: $0.error!) }?.contains("Leaky") == true)
        #expect(capture.records.first.map { String(describing: $0.error!) }?.contains("<private>") == true)
    }

    @Test func theSharedRouterRedactsUntilConfigured() {
        #expect(LogRouter.shared.configuration.redactsPrivateValues)
    }
}
