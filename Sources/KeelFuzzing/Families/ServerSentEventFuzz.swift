import KeelNetworking

extension FuzzFamily {
    /// The Server-Sent Events parser (`ServerSentEventParser`) on arbitrary streams: it never
    /// crashes or takes long; every split of the bytes (two seeded random cuts, and one byte at a
    /// time) gives the same events, last event ID, reconnection time and error as the whole
    /// stream at once; its buffers never pass its bounds.
    ///
    /// The first byte picks the bounds (small ones, so inputs reach them, or the defaults); the
    /// second seeds the cuts; the rest is the stream.
    package static let serverSentEvents = FuzzFamily(
        name: "networking.sse",
        summary:
            "SSE parser: no crash, linear time, the same events for every chunking, buffers within bounds",
        seeds: ServerSentEventFuzz.seeds,
        dictionary: ServerSentEventFuzz.dictionary,
        testCases: 2000,
        generate: ServerSentEventFuzz.generate,
        check: ServerSentEventFuzz.check
    )
}

/// Inputs and the check of ``FuzzFamily/serverSentEvents``.
enum ServerSentEventFuzz {
    /// (line, event) bounds the first byte picks from.
    static let bounds: [(line: Int, event: Int)] = [
        (8, 16), (64, 256), (300, 100), (4096, 65536),
        (ServerSentEventParser.defaultMaximumLineBytes, ServerSentEventParser.defaultMaximumEventBytes),
    ]

    static let seeds: [[UInt8]] = [
        [1, 0] + Array("event: add\ndata: 1\ndata: 2\nid: 7\n\ndata: x\n\n".utf8),
        [2, 1] + [0xEF, 0xBB, 0xBF] + Array(": ping\r\nretry: 3000\r\ndata:é😀\r\n\r\n".utf8),
        [4, 2] + Array("data: a\rdata: b\r\rid: 1\u{0}2\nid\ndata\n\n".utf8),
        [0, 3] + Array("data: a very long line that passes small bounds\n\n".utf8),
        // A second BOM (content: an unknown field), invalid UTF-8, NUL in data and in an id,
        // LF CR as two line ends, an event cut by the end of the stream.
        [4, 4] + [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array("data:1\n\ndata:".utf8) + [0xC3, 0x0A, 0xFF]
            + Array("\n\rid:\u{0}\ndata:\u{0}\t\r\n\r\nid:x\ndata:cut".utf8),
    ]

    static let dictionary: [[UInt8]] =
        [
            "data:", "data: ", "event:", "event: ", "id:", "id: ", "retry:", "retry: ", ":", "\n", "\r",
            "\r\n", "\n\n", "\r\r", "\r\n\r\n", "\u{0}", "\u{FEFF}", "999999999999999999999", "é", "😀",
        ].map { Array($0.utf8) } + [[0xEF, 0xBB], [0xF0, 0x9F], [0xC3], [0xFF]]

    @Sendable static func generate(_ random: inout FuzzRandom) -> [UInt8] {
        var bytes: [UInt8] = [UInt8(random.below(bounds.count)), UInt8(truncatingIfNeeded: random.next())]
        if random.oneIn(4) { bytes += [0xEF, 0xBB, 0xBF] }
        let ends: [[UInt8]] = [[10], [13], [13, 10]]
        let values: [[UInt8]] =
            [
                "", " ", "  x", "\tx", "x", "é😀", "1000", "12a", "a\u{0}b", "\u{FEFF}",
                String(repeating: "y", count: 70),
            ]
            .map { Array($0.utf8) } + [
                [0xFF], [0xC3], [0xE2, 0x80], [0xED, 0xA0, 0x80], [0xEF, 0xBB, 0xBF],
            ]
        for _ in 0..<(1 + random.below(40)) {
            // Now and then a byte-order mark or an invalid byte where a field name starts.
            if random.oneIn(12) { bytes += random.oneIn(2) ? [0xEF, 0xBB, 0xBF] : [0xFF] }
            switch random.below(7) {
            case 0: bytes += Array("data".utf8)
            case 1: bytes += Array("event".utf8)
            case 2: bytes += Array("id".utf8)
            case 3: bytes += Array("retry".utf8)
            case 4: bytes += [UInt8(ascii: ":")]
            case 5: bytes += Array("other".utf8)
            default: break  // a blank line
            }
            if random.oneIn(2) {
                bytes += random.oneIn(2) ? [UInt8(ascii: ":"), UInt8(ascii: " ")] : [UInt8(ascii: ":")]
                bytes += values[random.below(values.count)]
            }
            bytes += random.oneIn(16) ? [10, 13] : ends[random.below(ends.count)]
        }
        return bytes
    }

    /// What one parse of a stream produced.
    struct Outcome: Equatable {
        var events: [ServerSentEvent] = []
        var error: ServerSentEventError?
        var lastEventID = ""
        var reconnectionTime: Duration?
    }

    @Sendable static func check(_ input: [UInt8]) async throws {
        guard input.count >= 2 else { return }
        let bound = bounds[Int(input[0]) % bounds.count]
        let stream = Array(input.dropFirst(2))
        let start = FuzzCPUTime.now()

        let whole = try parse(stream, cuts: [], bound: bound)
        var random = FuzzRandom(seed: UInt64(input[1]) &+ UInt64(stream.count))
        let cuts = [random.below(stream.count + 1), random.below(stream.count + 1)].sorted()
        let split = try parse(stream, cuts: cuts, bound: bound)
        guard split == whole else {
            throw FuzzViolation("cutting at \(cuts) gave \(split), whole gave \(whole)")
        }
        if stream.count <= 8192 {
            let bytewise = try parse(stream, cuts: Array(0...stream.count), bound: bound)
            guard bytewise == whole else {
                throw FuzzViolation("one byte at a time gave \(bytewise), whole gave \(whole)")
            }
        }
        // Linear time: three parses, the bytewise one a few microseconds a byte in a debug build.
        let elapsed = FuzzCPUTime.now() - start
        let budget = Duration.seconds(1) + .microseconds(20 * input.count)
        if elapsed > budget {
            throw FuzzViolation("took \(elapsed) on \(input.count) bytes (budget \(budget))")
        }
    }

    /// Parses `stream` in the pieces `cuts` (ascending offsets) make, checking the bounds
    /// after every piece.
    static func parse(_ stream: [UInt8], cuts: [Int], bound: (line: Int, event: Int)) throws -> Outcome {
        var parser = ServerSentEventParser(maximumLineBytes: bound.line, maximumEventBytes: bound.event)
        var outcome = Outcome()
        var start = 0
        for end in cuts + [stream.count] where end >= start {
            do {
                try parser.feed(stream[start..<end], into: &outcome.events)
            } catch let error as ServerSentEventError {
                outcome.error = error
                break
            }
            guard parser.bufferedByteCount <= bound.line + bound.event else {
                throw FuzzViolation(
                    "buffers hold \(parser.bufferedByteCount) bytes, past the bounds \(bound.line) + \(bound.event)"
                )
            }
            start = end
        }
        for event in outcome.events {
            if event.data.utf8.count > 3 * bound.event {
                throw FuzzViolation(
                    "an event of \(event.data.utf8.count) data bytes passed the bound \(bound.event)")
            }
            // A CR always ends a line, an LF is only ever the joint of two data lines, and an id
            // with NUL is never taken.
            if event.data.utf8.contains(13)
                || (event.type + event.lastEventID).utf8.contains(where: { $0 == 10 || $0 == 13 })
                || event.lastEventID.utf8.contains(0) || event.type.isEmpty
            {
                throw FuzzViolation("event \(event) holds a line end, an id with NUL or no type")
            }
        }
        outcome.lastEventID = parser.lastEventID
        outcome.reconnectionTime = parser.reconnectionTime
        return outcome
    }
}
