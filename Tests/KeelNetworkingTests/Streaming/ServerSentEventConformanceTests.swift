import KeelNetworking
import KeelTesting
import Testing

/// One stream of the conformance table: its bytes and what interpreting them must give.
struct EventStreamCase: Sendable, CustomTestStringConvertible {
    var name: String
    var bytes: [UInt8]
    var events: [ServerSentEvent]
    var lastEventID = ""
    var reconnectionTime: Duration?

    var testDescription: String { name }

    init(
        _ name: String, _ bytes: [UInt8], _ events: [ServerSentEvent], lastEventID: String = "",
        reconnectionTime: Duration? = nil
    ) {
        self.name = name
        self.bytes = bytes
        self.events = events
        self.lastEventID = lastEventID
        self.reconnectionTime = reconnectionTime
    }

    init(
        _ name: String, _ text: String, _ events: [ServerSentEvent], lastEventID: String = "",
        reconnectionTime: Duration? = nil
    ) {
        self.init(
            name, Array(text.utf8), events, lastEventID: lastEventID, reconnectionTime: reconnectionTime)
    }
}

extension [ServerSentEvent] {
    /// `data` events of the default type without an ID.
    static func messages(_ data: String...) -> [ServerSentEvent] {
        data.map { ServerSentEvent(data: $0) }
    }
}

/// The event-stream format as WHATWG HTML §9.2.5–9.2.6 ("Parsing" and "Interpreting an event
/// stream") defines it, case by case, with the cases the web-platform-tests `eventsource/format-*`
/// tests exercise (derived from their inputs and expectations, not copied). Each stream is fed
/// whole, one byte at a time, and at every split point, and must end the same way.
@Suite("Server-Sent Events format conformance (WHATWG §9.2, web-platform-tests format-*)")
struct ServerSentEventConformanceTests {
    static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    static func bytes(_ parts: [UInt8]...) -> [UInt8] { parts.flatMap { $0 } }
    static let long = String(repeating: "x", count: 2048)
    static let commentFest: String = {
        let parts: [String] = [
            "data:1\r:\u{0}\n:\r\ndata:2\n:", long, "\rdata:3\n:data:fail\r:", long, "\ndata:4\n\n",
        ]
        return parts.joined()
    }()

    // Byte-order marks: the UTF-8 decoder drops one at the very start, nowhere else.
    static let cases0: [EventStreamCase] = [
        EventStreamCase(
            "one BOM at the start is skipped", bytes(bom, Array("data: 1\n\n".utf8)), .messages("1")),
        EventStreamCase(
            "a second BOM is data: its line's field is U+FEFF data, unknown",
            bytes(bom, bom, Array("data:1\n\ndata:2\n\ndata:3\n\n".utf8)), .messages("2", "3")),
        EventStreamCase(
            "a BOM after the first line is content",
            bytes(Array("data:a\n\n".utf8), bom, Array("data:b\n\n".utf8)),
            .messages("a")),
        EventStreamCase(
            "a BOM inside a value is kept", bytes(Array("data:".utf8), bom, Array("x\n\n".utf8)),
            .messages("\u{FEFF}x")),
    ]

    // Line ends.
    static let cases1: [EventStreamCase] = [
        EventStreamCase("LF", "data:1\ndata:2\n\n", .messages("1\n2")),
        EventStreamCase("CR", "data:1\rdata:2\r\r", .messages("1\n2")),
        EventStreamCase("CRLF", "data:1\r\ndata:2\r\n\r\n", .messages("1\n2")),
        EventStreamCase("mixed line ends", "data:a\r\ndata:b\rdata:c\n\r\n", .messages("a\nb\nc")),
        EventStreamCase("LF then CR is two line ends", "data:a\n\rdata:b\n\n", .messages("a", "b")),
        EventStreamCase(
            "CR CR LF is a line end and a blank line", "data:a\r\r\ndata:b\n\n", .messages("a", "b")),
    ]

    // Fields.
    static let cases2: [EventStreamCase] = [
        EventStreamCase("a field without a colon has an empty value", "data\n\n", .messages("")),
        EventStreamCase("two empty data lines join with LF", "data\ndata\n\n", .messages("\n")),
        EventStreamCase("one space after the colon is dropped", "data: x\n\n", .messages("x")),
        EventStreamCase("no space after the colon", "data:x\n\n", .messages("x")),
        EventStreamCase("only the first space is dropped", "data:  x \n\n", .messages(" x ")),
        EventStreamCase("a tab after the colon is kept", "data:\tx\n\n", .messages("\tx")),
        EventStreamCase("a space before the colon names another field", "data :x\n\n", []),
        EventStreamCase("data: empty puts LF in the buffer: an empty event", "data:\n\n", .messages("")),
        EventStreamCase("empty then non-empty data", "data:\ndata:a\n\n", .messages("\na")),
        EventStreamCase("a trailing empty data line", "data:a\ndata:\n\n", .messages("a\n")),
        EventStreamCase("colons after the first are value", "data:a:b: c\n\n", .messages("a:b: c")),
        EventStreamCase(
            "field names are case-sensitive; unknown fields are ignored",
            "Data:1\nDATA:2\nfoo:3\nretry\ndata:4\n\n", .messages("4")),
        EventStreamCase(
            "comments, empty ones and long ones, in every line-end style",
            commentFest,
            .messages("1\n2\n3\n4")),
        EventStreamCase("a blank line without data dispatches nothing", "\n\n:x\n\nevent:a\n\n", []),
        EventStreamCase("NUL in data is kept", "data:\u{0}\n\n", .messages("\u{0}")),
    ]

    // Event types.
    static let cases3: [EventStreamCase] = [
        EventStreamCase(
            "event sets the type of the next dispatch only",
            "event:add\ndata:1\n\ndata:2\n\n",
            [ServerSentEvent(type: "add", data: "1"), ServerSentEvent(data: "2")]),
        EventStreamCase(
            "an event type without data is reset at the blank line", "event:add\n\ndata:2\n\n",
            .messages("2")),
        EventStreamCase("an empty event type is message", "event\ndata:1\n\n", .messages("1")),
        EventStreamCase(
            "the last event field wins", "event:a\nevent:b\ndata:1\n\n",
            [ServerSentEvent(type: "b", data: "1")]),
        EventStreamCase(
            "an event type with a space kept", "event:  spaced\ndata:1\n\n",
            [ServerSentEvent(type: " spaced", data: "1")]),
    ]

    // IDs.
    static let cases4: [EventStreamCase] = [
        EventStreamCase(
            "an id persists", "id: 1\ndata: 1\n\ndata:2\n\n",
            [ServerSentEvent(data: "1", lastEventID: "1"), ServerSentEvent(data: "2", lastEventID: "1")],
            lastEventID: "1"),
        EventStreamCase(
            "an id changes and persists", "id: 1\ndata: 1\n\nid: 2\ndata:2\n\ndata:3\n\n",
            [
                ServerSentEvent(data: "1", lastEventID: "1"), ServerSentEvent(data: "2", lastEventID: "2"),
                ServerSentEvent(data: "3", lastEventID: "2"),
            ], lastEventID: "2"),
        EventStreamCase(
            "an empty id resets it", "id: 1\ndata: 1\n\nid:\ndata:2\n\ndata:3\n\n",
            [
                ServerSentEvent(data: "1", lastEventID: "1"), ServerSentEvent(data: "2"),
                ServerSentEvent(data: "3"),
            ]),
        EventStreamCase("an id without a colon resets it", "id:1\n\nid\n\n", [], lastEventID: ""),
        EventStreamCase(
            "an id containing NUL is ignored", "id:1\n\nid:\u{0}\u{0}\ndata:x\n\nid:a\u{0}b\n\n",
            [ServerSentEvent(data: "x", lastEventID: "1")], lastEventID: "1"),
        EventStreamCase("a blank line without data still takes the id", "id: 9\n\n", [], lastEventID: "9"),
        EventStreamCase(
            "an id is taken only at the blank line", "data:a\nid:2\n\n",
            [ServerSentEvent(data: "a", lastEventID: "2")], lastEventID: "2"),
        EventStreamCase(
            "a non-ASCII id", "id: …\ndata:x\n\n", [ServerSentEvent(data: "x", lastEventID: "…")],
            lastEventID: "…"),
    ]

    // retry.
    static let cases5: [EventStreamCase] = [
        EventStreamCase(
            "retry in milliseconds", "retry:2000\ndata:x\n\n", .messages("x"),
            reconnectionTime: .milliseconds(2000)),
        EventStreamCase(
            "retry with a non-digit is ignored", "retry:2000\nretry:1000x\ndata:x\n\n", .messages("x"),
            reconnectionTime: .milliseconds(2000)),
        EventStreamCase(
            "retry: empty, signed, spaced, fractional or without a value is ignored",
            "retry:\nretry\nretry:-1\nretry:+1\nretry: 1 \nretry:1.5\nretry:  7\n", [], reconnectionTime: nil),
        EventStreamCase("retry: 0 is a valid time", "retry:0\n", [], reconnectionTime: .zero),
        EventStreamCase(
            "retry applies without a dispatch", "retry:7\ndata:x", [], reconnectionTime: .milliseconds(7)),
    ]

    // The end of the stream.
    static let cases6: [EventStreamCase] = [
        EventStreamCase(
            "an event without its blank line at the end is not dispatched", "data:a\n\ndata:b\n",
            .messages("a")),
        EventStreamCase(
            "nor its id", "retry:1000\ndata:test1\n\nid:test\ndata:test2",
            .messages("test1"), reconnectionTime: .milliseconds(1000)),
    ]

    // UTF-8.
    static let cases7: [EventStreamCase] = [
        EventStreamCase("UTF-8 whatever the charset parameter", "data:ok…\n\n", .messages("ok…")),
        EventStreamCase(
            "invalid bytes become U+FFFD", bytes(Array("data:a".utf8), [0xFF, 0xFE], Array("b\n\n".utf8)),
            .messages("a\u{FFFD}\u{FFFD}b")),
        EventStreamCase(
            "a truncated sequence before the line end is one U+FFFD",
            bytes(Array("data:".utf8), [0xE2, 0x80, 0x0A, 0x0A]),
            .messages("\u{FFFD}")),
        EventStreamCase(
            "a sequence cut by a line end is not joined across it",
            bytes(Array("data:".utf8), [0xC3, 0x0A], Array("data:".utf8), [0xA9, 0x0A, 0x0A]),
            .messages("\u{FFFD}\n\u{FFFD}")),
        EventStreamCase(
            "an overlong encoding and a surrogate are invalid",
            bytes(Array("data:".utf8), [0xC0, 0xAF, 0xED, 0xA0, 0x80, 0x0A, 0x0A]),
            .messages(String(repeating: "\u{FFFD}", count: 5))),
        EventStreamCase(
            "invalid bytes in a field name make it unknown",
            bytes([0xFF], Array("data:x\n\ndata:y\n\n".utf8)),
            .messages("y")),
    ]

    static let cases: [EventStreamCase] = [cases0, cases1, cases2, cases3, cases4, cases5, cases6, cases7]
        .flatMap { $0 }

    /// Feeds `bytes` in the pieces `cuts` (ascending offsets) make, then ends the stream.
    static func interpret(_ bytes: [UInt8], cuts: [Int]) throws -> (
        events: [ServerSentEvent], lastEventID: String, reconnectionTime: Duration?
    ) {
        var parser = ServerSentEventParser()
        var events: [ServerSentEvent] = []
        var start = 0
        for end in cuts + [bytes.count] {
            try parser.feed(bytes[start..<end], into: &events)
            start = end
        }
        parser.endOfStream()
        return (events, parser.lastEventID, parser.reconnectionTime)
    }

    @Test("Each case gives its events, last event ID and retry, whole and at every split", arguments: cases)
    func conformance(_ test: EventStreamCase) throws {
        let whole = try Self.interpret(test.bytes, cuts: [])
        #expect(whole.events == test.events)
        #expect(whole.lastEventID == test.lastEventID)
        #expect(whole.reconnectionTime == test.reconnectionTime)
        let bytewise = try Self.interpret(test.bytes, cuts: Array(0..<test.bytes.count))
        #expect(bytewise.events == test.events, "one byte at a time")
        #expect(bytewise.lastEventID == test.lastEventID, "one byte at a time")
        for split in 0...test.bytes.count {
            let two = try Self.interpret(test.bytes, cuts: [split])
            #expect(two.events == test.events, "split at \(split)")
            #expect(two.lastEventID == test.lastEventID, "split at \(split)")
            #expect(two.reconnectionTime == test.reconnectionTime, "split at \(split)")
        }
    }

    @Test("A CR ending a chunk and an LF starting the next are one line end, also across empty chunks")
    func crAtChunkBoundary() throws {
        var parser = ServerSentEventParser()
        var events: [ServerSentEvent] = []
        for chunk in ["data:a\r", "", "\n", "data:b\r", "\n\r", "", "\n"] {
            try parser.feed(Array(chunk.utf8), into: &events)
        }
        // Counted twice, the LF after "a" would be a blank line and dispatch "a" alone.
        #expect(events == [ServerSentEvent].messages("a\nb"))
        // A CR ending a chunk and a CR starting the next are two line ends.
        var second = ServerSentEventParser()
        var more: [ServerSentEvent] = []
        try second.feed(Array("data:a\r".utf8), into: &more)
        try second.feed(Array("\rdata:b\r\r".utf8), into: &more)
        #expect(more == [ServerSentEvent].messages("a", "b"))
    }

    @Test("Every random chunking of a long mixed stream gives the events of the whole (seeded)")
    func randomSplits() throws {
        var random = SeededRandomNumberGenerator(seed: 0x55E_C0FF)
        // One stream of every case joined by blank lines, so that none carries an event into the
        // next, and the start BOM once.
        var stream = Self.bom
        for test in Self.cases where test.bytes.first != Self.bom.first && test.bytes.first != 0xFF {
            stream += test.bytes + Array("\r\n\n\r".utf8)
        }
        let whole = try Self.interpret(stream, cuts: [])
        #expect(whole.events.count > 30)
        for round in 0..<200 {
            var cuts: [Int] = []
            var offset = 0
            while true {
                // Mostly tiny pieces (to cut CRLFs, BOMs and UTF-8 sequences), now and then big ones.
                offset += Int.random(in: 0...(Bool.random(using: &random) ? 3 : 200), using: &random)
                guard offset < stream.count else { break }
                cuts.append(offset)
            }
            let split = try Self.interpret(stream, cuts: cuts)
            #expect(split.events == whole.events, "round \(round), cuts \(cuts)")
            #expect(split.lastEventID == whole.lastEventID, "round \(round)")
            #expect(split.reconnectionTime == whole.reconnectionTime, "round \(round)")
        }
    }

    @Test(
        "A line past the bound is a typed error naming it; the parser stays bounded and recovers per stream")
    func veryLongLine() throws {
        var parser = ServerSentEventParser(maximumLineBytes: 1024, maximumEventBytes: 4096)
        var events: [ServerSentEvent] = []
        try parser.feed(Array("data:ok\n\n:comment\n".utf8), into: &events)
        // A line that never ends: fed in pieces, it throws once it passes the bound.
        var thrown: ServerSentEventError?
        for _ in 0..<100 {
            do {
                try parser.feed([UInt8](repeating: UInt8(ascii: "x"), count: 100), into: &events)
            } catch let error as ServerSentEventError {
                thrown = error
                break
            }
            #expect(parser.bufferedByteCount <= 1024)
        }
        #expect(thrown == .lineTooLong(line: 4, limit: 1024))
        #expect(events == [ServerSentEvent].messages("ok"))
        #expect(parser.bufferedByteCount == 0)
        // A long comment is as bounded as any line.
        var comment = ServerSentEventParser(maximumLineBytes: 16)
        #expect(throws: ServerSentEventError.lineTooLong(line: 1, limit: 16)) {
            _ = try comment.feed(Array((":" + Self.long + "\n").utf8))
        }
        // Many data lines, each within the line bound, pass the event bound.
        var event = ServerSentEventParser(maximumLineBytes: 16, maximumEventBytes: 32)
        #expect(throws: ServerSentEventError.eventTooLarge(line: 3, limit: 32)) {
            _ = try event.feed(Array(String(repeating: "data:0123456789\n", count: 4).utf8))
        }
        // The next stream (a reconnection) starts clean.
        parser.endOfStream()
        #expect(try parser.feed(Array("data:again\n\n".utf8)) == [ServerSentEvent].messages("again"))
    }
}
