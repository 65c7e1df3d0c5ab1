import Foundation
import KeelLogging
import Testing

@Suite struct ConcurrencyTests {
    @Test func eightTasksTenThousandLinesEachStayIntactAndOrdered() async throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var options = FileSink.Options()
        options.maximumFileSize = 100_000_000
        options.totalQuota = 200_000_000
        let file = try FileSink(directory: directory, options: options)
        let ring = RingBufferSink(capacity: 100_000)
        let system = LogRouter(
            configuration: .init(minimumLevel: .trace, routes: [.init(file), .init(ring)]))
        let tasks = 8
        let lines = 10_000
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<tasks {
                group.addTask {
                    let logger = system.logger(subsystem: "app", category: "t\(task)")
                    for line in 0..<lines {
                        logger.info(
                            "task=\(task) line=\(line) payload=\("abcdefghijklmnopqrstuvwxyz", privacy: .public)",
                            line: 1)
                    }
                }
            }
        }
        system.flush()
        let written = readLines(file.currentFileURL)
        #expect(written.count == tasks * lines)
        #expect(ring.records.count == tasks * lines)
        var next = [Int](repeating: 0, count: tasks)
        var intact = 0
        for line in written {
            guard let taskRange = line.firstRange(of: "task="),
                let lineRange = line.firstRange(of: " line="),
                line.hasSuffix(
                    " payload=abcdefghijklmnopqrstuvwxyz (KeelLoggingTests/ConcurrencyTests.swift:1)"),
                let task = Int(line[taskRange.upperBound..<lineRange.lowerBound]),
                let number = Int(line[lineRange.upperBound...].prefix { $0.isNumber })
            else {
                Issue.record("torn line: \(line)")
                continue
            }
            #expect(number == next[task], "task \(task) out of order")
            next[task] = number + 1
            intact += 1
        }
        #expect(intact == tasks * lines)
        #expect(next == [Int](repeating: lines, count: tasks))
    }
}
