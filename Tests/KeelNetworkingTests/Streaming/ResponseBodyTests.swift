import Foundation
import KeelNetworking
import KeelSupport
import KeelTesting
import Testing

@Suite("Streamed bodies: back-pressure, order, cancellation, lines and JSON lines")
struct ResponseBodyTests {
    /// A chunk of `count` bytes all equal to `byte`.
    static func chunk(_ byte: UInt8, _ count: Int) -> Data {
        Data(repeating: byte, count: count)
    }

    /// Reads every chunk of `body`.
    static func readAll(_ body: ResponseBody) async throws -> [Data] {
        var chunks: [Data] = []
        for try await chunk in body { chunks.append(chunk) }
        return chunks
    }

    @Test("Pause mode holds the producer back above the high mark and lets it go at the low mark")
    func pauseAndResume() async throws {
        let buffer = BodyBuffer(backPressure: .pause(high: 1000, low: 300))
        let pauses = Locked(0)
        let resumes = Locked(0)
        buffer.bind(pause: { pauses.withLock { $0 += 1 } }, resume: { resumes.withLock { $0 += 1 } })
        for byte in UInt8(1)...5 { buffer.push(Self.chunk(byte, 300)) }  // 1500 bytes queued
        #expect(pauses.current == 1)
        #expect(buffer.isPaused)
        let body = ResponseBody(buffer: buffer)
        var iterator = body.makeAsyncIterator()
        var read: [Data] = []
        for _ in 0..<3 { read.append(try #require(try await iterator.next())) }  // 1200, 900, 600 left
        #expect(resumes.current == 0, "600 bytes still queued is above the low mark")
        read.append(try #require(try await iterator.next()))  // 300 left: at the low mark
        #expect(resumes.current == 1)
        #expect(!buffer.isPaused)
        buffer.push(Self.chunk(6, 10))
        buffer.finish(nil)
        while let chunk = try await iterator.next() { read.append(chunk) }
        #expect(read.map { $0.first } == [1, 2, 3, 4, 5, 6])
        #expect(read.map(\.count) == [300, 300, 300, 300, 300, 10])
        #expect(pauses.current == 1)
    }

    @Test("Spill mode keeps at most its memory bound in memory and returns every byte in order")
    func spillKeepsOrder() async throws {
        let buffer = BodyBuffer(
            backPressure: .spill(memory: 20_000, directory: FileManager.default.temporaryDirectory))
        var expected = Data()
        for index in 0..<300 {  // 2.9 MB: past the spill file's 1 MiB write batches
            let chunk = Data((0..<9_700).map { UInt8(truncatingIfNeeded: index * 31 + $0) })
            expected.append(chunk)
            buffer.push(chunk)
            #expect(buffer.bufferedInMemory <= 20_000)
        }
        #expect(buffer.bufferedOnDisk == Int64(expected.count - buffer.bufferedInMemory))
        var iterator = ResponseBody(buffer: buffer).makeAsyncIterator()
        var received = Data()
        // Drain everything queued, then push more: it goes to memory again once the file is empty.
        while received.count < expected.count { received.append(try #require(try await iterator.next())) }
        #expect(buffer.bufferedOnDisk == 0)
        buffer.push(Self.chunk(7, 50))
        #expect(buffer.bufferedInMemory == 50)
        buffer.finish(nil)
        while let chunk = try await iterator.next() { received.append(chunk) }
        #expect(received == expected + Self.chunk(7, 50))
    }

    @Test("A producer failure reaches the reader after the chunks queued before it")
    func failureAfterChunks() async throws {
        let buffer = BodyBuffer(backPressure: .pause(high: 1 << 20, low: 0))
        buffer.push(Self.chunk(1, 3))
        buffer.finish(URLError(.networkConnectionLost))
        var iterator = ResponseBody(buffer: buffer).makeAsyncIterator()
        #expect(try await iterator.next() == Self.chunk(1, 3))
        await #expect(throws: URLError.self) { _ = try await iterator.next() }
        #expect(try await iterator.next() == nil)
    }

    @Test("Cancelling the reading task cancels the producer and throws CancellationError")
    func cancellingTheReader() async throws {
        let buffer = BodyBuffer(backPressure: .pause(high: 1 << 20, low: 0))
        let cancelled = TestSignal()
        let cancels = Locked(0)
        buffer.bind(cancel: {
            cancels.withLock { $0 += 1 }
            cancelled.signal()
        })
        let body = ResponseBody(buffer: buffer)
        let reading = Task { try await Self.readAll(body) }
        buffer.push(Self.chunk(1, 1))
        reading.cancel()
        await #expect(throws: CancellationError.self) { _ = try await reading.value }
        #expect(await cancelled.wait { cancels.current == 1 })
        buffer.push(Self.chunk(2, 1))  // the producer's late chunk is dropped
        #expect(buffer.bufferedInMemory == 0)
    }

    @Test("Dropping a body before its end cancels the producer; after the end it does not")
    func droppingTheBody() async throws {
        let cancels = Locked(0)
        do {
            let buffer = BodyBuffer(backPressure: .pause(high: 1 << 20, low: 0))
            buffer.bind(cancel: { cancels.withLock { $0 += 1 } })
            buffer.push(Self.chunk(1, 1))
            var iterator = ResponseBody(buffer: buffer).makeAsyncIterator()
            _ = try await iterator.next()
        }
        #expect(cancels.current == 1)
        do {
            let buffer = BodyBuffer(backPressure: .pause(high: 1 << 20, low: 0))
            buffer.bind(cancel: { cancels.withLock { $0 += 1 } })
            buffer.push(Self.chunk(1, 1))
            buffer.finish(nil)
            _ = try await Self.readAll(ResponseBody(buffer: buffer))
        }
        #expect(cancels.current == 1)
    }

    @Test("An observed body fails past its cap and reports its end once")
    func observedCap() async throws {
        let ends = Locked<[String]>([])
        let buffer = BodyBuffer(backPressure: .pause(high: 1 << 20, low: 0))
        let cancels = Locked(0)
        buffer.bind(cancel: { cancels.withLock { $0 += 1 } })
        let body = ResponseBody(buffer: buffer).observed(
            by: BodyObserver(
                limit: 10, mapError: { $0 },
                onEnd: { error in ends.withLock { $0.append(error.map { "\($0)" } ?? "clean") } }))
        for _ in 0..<3 { buffer.push(Self.chunk(1, 4)) }
        await #expect {
            _ = try await Self.readAll(body)
        } throws: { error in
            guard case .responseTooLarge(let limit) = error as? APIError else { return false }
            return limit == 10
        }
        #expect(ends.current.count == 1)
        #expect(cancels.current == 1, "the transfer is stopped at the cap")
    }

    @Test("Lines end at LF or CRLF whatever the chunking; the last line needs no line end")
    func lines() async throws {
        let text = "alpha\r\nbeta\n\ngamma é\r\ndelta"
        let bytes = Array(text.utf8)
        for size in [1, 2, 3, 7, bytes.count] {
            let buffer = BodyBuffer(backPressure: .pause(high: 1 << 20, low: 0))
            var start = 0
            while start < bytes.count {
                buffer.push(Data(bytes[start..<min(bytes.count, start + size)]))
                start += size
            }
            buffer.finish(nil)
            var lines: [String] = []
            for try await line in ResponseBody(buffer: buffer).lines { lines.append(line) }
            #expect(lines == ["alpha", "beta", "", "gamma é", "delta"], "chunks of \(size)")
        }
    }

    @Test("A line past the bound fails with invalidResponse naming the line")
    func lineTooLong() async throws {
        let buffer = BodyBuffer(backPressure: .pause(high: 1 << 20, low: 0))
        buffer.push(Data("ok\n".utf8))
        for _ in 0..<10 { buffer.push(Self.chunk(UInt8(ascii: "x"), 10)) }
        var lines: [String] = []
        await #expect {
            for try await line in ResponseBody(buffer: buffer).lines(maximumLineBytes: 64) {
                lines.append(line)
            }
        } throws: { error in
            guard case .invalidResponse(let reason, _) = error as? APIError else { return false }
            return reason.contains("line 2") && reason.contains("64")
        }
        #expect(lines == ["ok"])
    }

    @Test("JSON lines decode one value per non-blank line; a bad line throws decoding with that line")
    func jsonLines() async throws {
        struct Token: Decodable, Equatable { var text: String }
        let body = ResponseBody(Data("{\"text\":\"a\"}\n\n{\"text\":\"b\"}\r\n{\"text\":3}\n".utf8))
        var tokens: [Token] = []
        await #expect {
            for try await token in body.jsonLines(of: Token.self) { tokens.append(token) }
        } throws: { error in
            guard case .decoding(_, let line) = error as? APIError else { return false }
            return line == Data("{\"text\":3}".utf8)
        }
        #expect(tokens == [Token(text: "a"), Token(text: "b")])
    }
}
