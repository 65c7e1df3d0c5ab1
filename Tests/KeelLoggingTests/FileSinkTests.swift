import Foundation
import KeelSupport
import KeelTestSupport
import Testing

@testable import KeelLogging

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite(.onOwnThread) struct FileSinkTests {
    @Test func rotationKeepsAtMostMaxFilesUnderTheLimitAndLosesNothingRetained() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var options = FileSink.Options()
        options.maximumFileSize = 1_000_000
        options.maximumFileCount = 3
        let sink = try FileSink(directory: directory, options: options)
        let padding = String(repeating: "x", count: 80)
        var written = 0
        var index = 0
        while written < 5_000_000 {
            let message = "line \(index) \(padding)"
            sink.receive(makeRecord(message))
            written += message.utf8.count + 60
            index += 1
        }
        sink.flush()
        let files = sink.logFiles
        #expect(files.count == 3)
        let longestLine = 300
        var retained: [Int] = []
        for file in files {
            let size = try #require(
                try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)
            #expect(size.intValue <= 1_000_000 + longestLine)
            for line in readLines(file) {
                let match = try #require(line.firstRange(of: "line "), "torn line: \(line)")
                let rest = line[match.upperBound...]
                let number = try #require(Int(rest.prefix { $0.isNumber }))
                #expect(line.hasSuffix("\(padding) (Tests/File.swift:1)"), "torn line: \(line)")
                retained.append(number)
            }
        }
        // Oldest files went first: what is kept is one contiguous run ending at the last line.
        #expect(retained == Array((index - retained.count)..<index))
        #expect(retained.count > 10_000)
    }

    @Test func quotaDeletesOldestArchives() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var options = FileSink.Options()
        options.maximumFileSize = 10_000
        options.maximumFileCount = 10
        options.totalQuota = 25_000
        let sink = try FileSink(directory: directory, options: options)
        for index in 0..<2_000 { sink.receive(makeRecord("quota \(index)")) }
        sink.flush()
        let total = sink.logFiles.reduce(0) { sum, url in
            sum
                + ((try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)??
                    .intValue ?? 0)
        }
        #expect(total <= 25_000 + 10_000)
        #expect(sink.logFiles.count < 10)
        #expect(readLines(sink.currentFileURL).last?.contains("quota 1999") == true)
    }

    @Test func rotatesByAge() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var options = FileSink.Options()
        options.maximumAge = 3600
        let sink = try FileSink(directory: directory, options: options)
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        sink.receive(makeRecord("old", at: start))
        sink.receive(makeRecord("still young", at: start.addingTimeInterval(3599)))
        sink.receive(makeRecord("new file", at: start.addingTimeInterval(3600)))
        sink.flush()
        #expect(sink.logFiles.count == 2)
        #expect(readLines(sink.logFiles[0]).count == 2)
        #expect(readLines(sink.currentFileURL).count == 1)
    }

    @Test func errorIsOnDiskWhenTheCallReturns() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let sink = try FileSink(directory: directory)
        let system = LogRouter(configuration: .init(minimumLevel: .trace, routes: [.init(sink)]))
        let logger = system.logger(subsystem: "app", category: "disk")
        logger.info("buffered")
        logger.error("durable")
        // Read through a separate descriptor, without flushing the sink.
        let reader = try FileHandle(forReadingFrom: sink.currentFileURL)
        defer { try? reader.close() }
        let text = String(decoding: try reader.readToEnd() ?? Data(), as: UTF8.self)
        #expect(text.contains("INFO [app:disk] buffered"))
        #expect(text.contains("ERROR [app:disk] durable"))
    }

    @Test func unwritableDirectoryThrowsNamingThePath() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let blocker = directory.appendingPathComponent("not-a-directory")
        _ = FileManager.default.createFile(atPath: blocker.path, contents: Data("x".utf8))
        let target = blocker.appendingPathComponent("logs")
        #expect {
            _ = try FileSink(directory: target)
        } throws: { error in
            guard case .cannotCreateDirectory(let path, _)? = error as? FileSinkError else { return false }
            return path == target.path && (error as? FileSinkError)?.description.contains(target.path) == true
        }
    }

    @Test func readOnlyDirectoryThrowsCannotOpen() throws {
        guard getuid() != 0 else { return }  // root ignores permissions; covered by the test above
        let directory = makeTemporaryDirectory()
        defer {
            chmod(directory.path, 0o755)
            try? FileManager.default.removeItem(at: directory)
        }
        chmod(directory.path, 0o555)
        #expect(throws: FileSinkError.self) { _ = try FileSink(directory: directory) }
    }

    @Test func removedFileIsReportedOnceRecreatedAndOtherSinksContinue() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let failures = Locked<[FileSinkError]>([])
        var options = FileSink.Options()
        options.bufferSize = 0
        let sink = try FileSink(directory: directory, options: options) { failure in
            failures.withLock { $0.append(failure) }
        }
        let (system, capture) = makeSystem(sinks: [sink])
        let logger = system.logger(subsystem: "app", category: "c")
        logger.info("before")
        try FileManager.default.removeItem(at: sink.currentFileURL)
        for index in 0..<5 { logger.info("after \(index)") }
        #expect(failures.current == [.fileRemoved(path: sink.currentFileURL.path)])
        #expect(capture.messages.count == 6)
        #expect(readLines(sink.currentFileURL).count == 5)
    }

    @Test func writeFailureIsReportedOnceAndLoggingContinues() throws {
        // Every write fails with ENOSPC: a full disk. (A link to /dev/full used to stand in
        // for one; the sink now refuses links and anything but a regular file.)
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let failures = Locked<[FileSinkError]>([])
        var options = FileSink.Options()
        options.bufferSize = 0
        let sink = try FileSink(
            directory: directory, options: options,
            onFailure: { failure in failures.withLock { $0.append(failure) } },
            writer: { _, _ in ENOSPC })
        let (system, capture) = makeSystem(sinks: [sink])
        let logger = system.logger(subsystem: "app", category: "c")
        for index in 0..<10 { logger.info("line \(index)") }
        #expect(failures.current.count == 1)
        if case .writeFailed(_, let reason)? = failures.current.first {
            #expect(reason.lowercased().contains("space"))
        } else {
            Issue.record("expected a write failure, got \(failures.current)")
        }
        #expect(capture.messages.count == 10)
    }

    @Test func jsonLinesAreValidJSONWithEscapes() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var options = FileSink.Options()
        options.format = .jsonLines
        let sink = try FileSink(directory: directory, options: options)
        var record = makeRecord("quote \" backslash \\ newline \n tab \t bell \u{7} ünïcødé")
        record.metadata = ["key": "va\"lue"]
        sink.receive(record)
        sink.flush()
        let lines = readLines(sink.currentFileURL)
        #expect(lines.count == 1)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(object["message"] as? String == record.message)
        #expect((object["metadata"] as? [String: String])?["key"] == "va\"lue")
        #expect(object["level"] as? String == "info")
        #expect(object["timestamp"] as? String == "2026-09-21T14:13:20.000Z")
        #expect(object["line"] as? Int == 1)
    }

    /// Finding 16: `maximumFileCount` was clamped only from below, so `Int.max` made listing
    /// and rotation walk about 9e18 file names. It is now at most 1000.
    @Test func maximumFileCountIsClampedToASaneRange() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var options = FileSink.Options()
        options.maximumFileCount = .max
        options.maximumFileSize = 1
        let sink = try FileSink(directory: directory.appendingPathComponent("many"), options: options)
        #expect(sink.options.maximumFileCount == FileSink.maximumFileCountLimit)
        #expect(FileSink.maximumFileCountLimit == 1000)
        sink.receive(makeRecord("one"))
        sink.receive(makeRecord("two"))  // rotates: walks at most 1000 names
        sink.flush()
        options.maximumFileCount = -5
        let small = try FileSink(directory: directory.appendingPathComponent("few"), options: options)
        #expect(small.options.maximumFileCount == 1)
    }

    @Test func textLinesEscapeNewlinesSoOneRecordIsOneLine() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let sink = try FileSink(directory: directory)
        sink.receive(makeRecord("first\nsecond\r\nthird"))
        sink.flush()
        let lines = readLines(sink.currentFileURL)
        #expect(
            lines == [
                #"2026-09-21T14:13:20.000Z INFO [test:sink] first\nsecond\r\nthird (Tests/File.swift:1)"#
            ])
    }

    @Test func reopensAnExistingFileByAppending() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let sink = try FileSink(directory: directory)
            sink.receive(makeRecord("run 1"))
        }
        let sink = try FileSink(directory: directory)
        sink.receive(makeRecord("run 2"))
        sink.flush()
        #expect(readLines(sink.currentFileURL).count == 2)
    }
}
