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
        let (system, capture) = makeSystem()
        system.logger(subsystem: "app", category: "c").error("failed", error: Boom())
        let record = capture.records.first
        #expect(record?.error is Boom)
        #expect(record?.source.fileID.hasSuffix("MetadataTests.swift") == true)
        #expect(record?.source.function == "recordCarriesErrorAndSourceLocation()")
        #expect(record?.label == LogLabel(subsystem: "app", category: "c"))
    }
}
