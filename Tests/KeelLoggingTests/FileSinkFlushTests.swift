import Foundation
import KeelSupport
import KeelTestSupport
import Testing

@testable import KeelLogging

/// Buffered lines reach the file without an `error` or a full buffer. They used to wait for
/// one of those: with `.production`, a warning followed by `exit(0)` left `app.log` empty.
@Suite(.onOwnThread) struct FileSinkFlushTests {
    /// The bytes on disk, read through a separate descriptor (nothing flushes the sink).
    private func onDisk(_ sink: FileSink) throws -> String {
        let reader = try FileHandle(forReadingFrom: sink.currentFileURL)
        defer { try? reader.close() }
        return String(decoding: try reader.readToEnd() ?? Data(), as: UTF8.self)
    }

    @Test("A buffered line is written by the timed flush, which one timer serves per interval")
    func timedFlush() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let timers = Locked<[(Duration, @Sendable () -> Void)]>([])
        let sink = try FileSink(
            directory: directory, options: FileSink.Options(), onFailure: nil, writer: POSIXIO.writeAll,
            scheduler: { delay, work in timers.withLock { $0.append((delay, work)) } })
        sink.receive(makeRecord("first", level: .warning))
        sink.receive(makeRecord("second", level: .info))
        // (No check that the file is empty here: any test that sends an app to the background
        // flushes every sink in the process, this one included.)
        #expect(timers.current.count == 1)
        #expect(timers.current.first?.0 == .seconds(1))
        timers.current.first?.1()
        let text = try onDisk(sink)
        #expect(text.contains("first") && text.contains("second"))
        // The next buffered line starts the next timer.
        sink.receive(makeRecord("third", level: .info))
        #expect(timers.current.count == 2)
        timers.current.last?.1()
        #expect(try onDisk(sink).contains("third"))
    }

    @Test("flushAll writes every live file sink's buffer (what exit and going to the background run)")
    func flushAllWritesEverySink() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let never: FileSink.FlushScheduler = { _, _ in }
        let one = try FileSink(
            directory: directory.appendingPathComponent("one"), options: FileSink.Options(), onFailure: nil,
            writer: POSIXIO.writeAll, scheduler: never)
        let two = try FileSink(
            directory: directory.appendingPathComponent("two"), options: FileSink.Options(), onFailure: nil,
            writer: POSIXIO.writeAll, scheduler: never)
        one.receive(makeRecord("from one", level: .warning))
        two.receive(makeRecord("from two", level: .notice))
        FileSink.flushAll()
        #expect(try onDisk(one).contains("from one"))
        #expect(try onDisk(two).contains("from two"))
    }

    @Test("A text line writes a backslash as \\\\, so a literal \\n never reads as a line break")
    func textEscapesTheBackslash() throws {
        // A message holding the two characters `\` `n` and one holding a real line break used
        // to give the same line, so a decoded view could show a forged record.
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let sink = try FileSink(directory: directory)
        sink.receive(makeRecord(#"literal a\nb"#))
        sink.receive(makeRecord("real a\nb"))
        sink.flush()
        let lines = readLines(sink.currentFileURL)
        #expect(lines.count == 2)
        #expect(lines.first?.contains(#"literal a\\nb"#) == true)
        #expect(lines.last?.contains(#"real a\nb"#) == true)
        #expect(lines.last?.contains(#"a\\nb"#) == false)
    }
}

/// The exit flush skips a sink whose lock is held: an `onFailure` that calls `exit` runs under
/// that lock, and the flush used to wait for it for ever.
@Suite(.onOwnThread) struct FileSinkExitFlushTests {
    @Test func flushAllSkipsASinkBusyWriting() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let blocking = Locked(true)
        let sink = try FileSink(
            directory: directory, options: FileSink.Options(), onFailure: nil,
            writer: { fd, bytes in
                if blocking.current {
                    blocking.set(false)
                    entered.signal()
                    release.wait()
                }
                return POSIXIO.writeAll(fd, bytes)
            }, scheduler: { _, _ in })
        let writer = Thread { sink.receive(makeRecord("severe", level: .error)) }
        writer.start()
        entered.wait()
        // The sink's lock is held by the write: this returns instead of waiting.
        FileSink.flushAll()
        release.signal()
        sink.flush()
        #expect(readLines(sink.currentFileURL).count == 1)
    }
}
