import Foundation
import KeelSupport
import KeelTesting
import Testing

@testable import KeelNetworking

/// Encoding a large form to its temporary file ignored cancellation: a cancelled call (or one
/// whose timeout passed) stayed suspended until the whole file was copied — 3 GB of disk and
/// seconds to minutes after the user tapped Cancel.
@Suite("Large multipart encoding stops when the call is cancelled")
struct MultipartCancellationTests {
    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("keel-cancel-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("Cancelled between chunks: CancellationError, the partial file removed, the rest not copied")
    func encodeStopsBetweenChunks() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("video.bin")
        try Data(count: 8 << 20).write(to: source)  // 8 chunks of 1 MiB
        let output = directory.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        var form = MultipartFormData()
        form.append("Ada", name: "name")
        form.append(fileAt: source, name: "video")
        let checks = Locked(0)
        #expect(throws: CancellationError.self) {
            try form.encode(
                memoryThreshold: 1, temporaryDirectory: output,
                isCancelled: {
                    checks.withLock { count -> Bool in
                        count += 1
                        return count > 3  // cancelled once two chunks are written
                    }
                })
        }
        // It stopped at the next check rather than copying the 6 chunks left.
        #expect(checks.current == 4)
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.path).isEmpty)
    }

    @Test("Cancelling the awaiting task reaches the work off the cooperative pool at once")
    func offPoolSeesCancellation() async throws {
        let started = TestSignal()
        let running = Locked(false)
        let proceed = DispatchSemaphore(value: 0)
        let task = Task {
            try await offCooperativePool { isCancelled -> Int in
                running.set(true)
                started.signal()
                proceed.wait()
                if isCancelled() { throw CancellationError() }
                return 1
            }
        }
        #expect(await started.wait { running.current })
        task.cancel()  // the cancellation handler runs here, before the work goes on
        proceed.signal()
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test("Copying an upload's range stops when cancelled, the copy removed")
    func uploadRangeStops() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("big.bin")
        try Data(count: 4 << 20).write(to: source)
        let output = directory.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let checked = try CheckedUploadFile(source, field: "body.file")
        let checks = Locked(0)
        #expect(throws: CancellationError.self) {
            try UploadRangeCopy.copy(
                of: checked, from: 0, count: 4 << 20, into: output,
                isCancelled: {
                    checks.withLock { count -> Bool in
                        count += 1
                        return count > 1
                    }
                })
        }
        #expect(checks.current == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.path).isEmpty)
    }
}
