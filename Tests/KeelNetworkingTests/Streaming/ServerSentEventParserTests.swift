import KeelNetworking
import Testing

@Suite("Server-Sent Events parser (WHATWG interpreting an event stream)")
struct ServerSentEventParserTests {
    /// Every event of `text` fed at once, and the parser afterwards.
    static func parse(_ text: String, parser: ServerSentEventParser = ServerSentEventParser()) throws -> (
        events: [ServerSentEvent], parser: ServerSentEventParser
    ) {
        var parser = parser
        let events = try parser.feed(Array(text.utf8))
        return (events, parser)
    }

    /// Every event of `bytes` fed one byte at a time.
    static func parseBytewise(_ bytes: [UInt8]) throws -> [ServerSentEvent] {
        var parser = ServerSentEventParser()
        var events: [ServerSentEvent] = []
        for byte in bytes { try parser.feed([byte], into: &events) }
        return events
    }

    @Test("Fields: event sets the type, data lines join with \\n, message is the default type")
    func fields() throws {
        let (events, _) = try Self.parse("event: add\ndata: 1\ndata:2\ndata\n\ndata: plain\n\n")
        #expect(
            events == [
                ServerSentEvent(type: "add", data: "1\n2\n"),
                ServerSentEvent(type: "message", data: "plain"),
            ])
    }

    @Test("One space after the colon is dropped, only one; a line without a colon is a field")
    func spaceAfterColon() throws {
        let (events, _) = try Self.parse("data:  two spaces\n\ndata\n\n")
        #expect(events.map(\.data) == [" two spaces", ""])
    }

    @Test("Comments, unknown fields and a blank line without data dispatch nothing")
    func commentsAndUnknown() throws {
        let (events, parser) = try Self.parse(": keep-alive\n\nfoo: bar\n\nevent: x\n\ndata: y\n\n")
        // `event: x` before a blank line with no data is reset, not carried to the next event.
        #expect(events == [ServerSentEvent(type: "message", data: "y")])
        #expect(parser.bufferedByteCount == 0)
    }

    @Test("CR, LF and CRLF all end lines; mixed in one stream")
    func lineEnds() throws {
        let (events, _) = try Self.parse("data: a\r\rdata: b\n\ndata: c\r\n\r\ndata: d\r\ndata: e\n\r\n")
        #expect(events.map(\.data) == ["a", "b", "c", "d\ne"])
    }

    @Test("A CR ending one chunk and an LF starting the next are one line end, not two")
    func crLFAcrossChunks() throws {
        var parser = ServerSentEventParser()
        var events: [ServerSentEvent] = []
        try parser.feed(Array("data: a\r".utf8), into: &events)
        try parser.feed(Array("\ndata: b\r".utf8), into: &events)
        try parser.feed(Array("\n\r".utf8), into: &events)
        try parser.feed(Array("\n".utf8), into: &events)
        // Were CR and LF counted twice, "a" would dispatch alone after the first chunk pair.
        #expect(events.map(\.data) == ["a\nb"])
    }

    @Test("A UTF-8 character split across chunks decodes whole; invalid bytes become U+FFFD")
    func utf8AcrossChunks() throws {
        let bytes = Array("data: é😀ü\n\n".utf8)
        #expect(try Self.parseBytewise(bytes).map(\.data) == ["é😀ü"])
        let (invalid, _) = try Self.parse(
            String(decoding: [0x64, 0x61, 0x74, 0x61, 0x3A, 0xFF, 0x0A, 0x0A], as: UTF8.self))
        #expect(invalid.map(\.data) == ["\u{FFFD}"])
        var parser = ServerSentEventParser()
        let raw = try parser.feed([0x64, 0x61, 0x74, 0x61, 0x3A, 0xC3, 0x0A, 0x0A])
        #expect(raw.map(\.data) == ["\u{FFFD}"])
    }

    @Test("A byte-order mark is skipped at the start only, also when split across chunks")
    func byteOrderMark() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        #expect(try Self.parseBytewise(bom + Array("data: a\n\n".utf8)).map(\.data) == ["a"])
        // A second BOM is content: the field name becomes "\u{FEFF}data", an unknown field.
        #expect(try Self.parseBytewise(bom + bom + Array("data: a\n\n".utf8)).isEmpty)
        // A mid-stream BOM is content too.
        var parser = ServerSentEventParser()
        let events = try parser.feed(Array("data: a\n".utf8) + bom + Array("data: b\n\ndata: c\n\n".utf8))
        #expect(events.map(\.data) == ["a", "c"])
        // A partial BOM that turns out not to be one is kept as content.
        var partial = ServerSentEventParser()
        let kept = try partial.feed([0xEF, 0x0A] + Array("data: x\n\n".utf8))
        #expect(kept.map(\.data) == ["x"])
    }

    @Test("id persists across events until changed; an id with NUL is ignored; an empty id clears it")
    func lastEventID() throws {
        let (events, parser) = try Self.parse(
            "id: 1\ndata: a\n\ndata: b\n\nid: 2\u{0}x\ndata: c\n\nid\ndata: d\n\nid: 3\n\n")
        #expect(events.map(\.lastEventID) == ["1", "1", "1", ""])
        // A blank line without data still takes the ID.
        #expect(parser.lastEventID == "3")
    }

    @Test("An id in an event the stream never finished is not taken; a new stream keeps the last one")
    func idOfUnfinishedEvent() throws {
        var parser = ServerSentEventParser()
        var events = try parser.feed(Array("id: 7\ndata: a\n\nid: 8\ndata: lost".utf8))
        #expect(events.map(\.data) == ["a"])
        parser.endOfStream()
        #expect(parser.lastEventID == "7")
        events = try parser.feed(Array("data: after\n\n".utf8))
        #expect(events == [ServerSentEvent(data: "after", lastEventID: "7")])
        // A parser for a reconnection starts from the ID sent as Last-Event-ID.
        var resumed = ServerSentEventParser(lastEventID: "42")
        #expect(try resumed.feed(Array("data: x\n\n".utf8)).map(\.lastEventID) == ["42"])
    }

    @Test("retry takes ASCII digits only, in milliseconds; anything else is ignored")
    func retry() throws {
        #expect(try Self.parse("retry: 2500\n").parser.reconnectionTime == .milliseconds(2500))
        #expect(
            try Self.parse("retry: 1000\nretry: 2s\nretry: -5\nretry: \nretry:1 0\n").parser.reconnectionTime
                == .milliseconds(1000))
        #expect(try Self.parse("retry: 1.5\n").parser.reconnectionTime == nil)
        let huge = try Self.parse("retry: 99999999999999999999999999\n").parser.reconnectionTime
        #expect(huge == .milliseconds(Int64.max))
    }

    @Test("The end of a stream discards an unfinished event and line")
    func endDiscards() throws {
        var parser = ServerSentEventParser()
        #expect(try parser.feed(Array("data: a\n\ndata: b\ndata: partial".utf8)).map(\.data) == ["a"])
        parser.endOfStream()
        #expect(parser.bufferedByteCount == 0)
        #expect(try parser.feed(Array("\n".utf8)).isEmpty)
    }

    @Test("A line over the bound throws lineTooLong naming the line, whatever the chunking; no growth")
    func lineBound() throws {
        let text = Array(("data: ok\n\n" + "data: " + String(repeating: "x", count: 100) + "\n\n").utf8)
        for chunk in [1, 7, text.count] {
            var parser = ServerSentEventParser(maximumLineBytes: 64)
            var events: [ServerSentEvent] = []
            var thrown: ServerSentEventError?
            var start = 0
            while start < text.count {
                do {
                    try parser.feed(text[start..<min(text.count, start + chunk)], into: &events)
                } catch let error as ServerSentEventError {
                    thrown = error
                    break
                }
                #expect(parser.bufferedByteCount <= 64)
                start += chunk
            }
            #expect(events.map(\.data) == ["ok"], "chunk \(chunk)")
            #expect(thrown == .lineTooLong(line: 3, limit: 64), "chunk \(chunk)")
            // The parser stays failed until a new stream starts.
            #expect(throws: ServerSentEventError.lineTooLong(line: 3, limit: 64)) {
                try parser.feed(Array("data: x\n\n".utf8), into: &events)
            }
        }
    }

    @Test("An event over the data bound throws eventTooLarge naming the line")
    func eventBound() throws {
        var parser = ServerSentEventParser(maximumLineBytes: 64, maximumEventBytes: 20)
        let ok = try parser.feed(Array("data: 123456789\ndata: 12345678\n\n".utf8))
        #expect(ok.map(\.data) == ["123456789\n12345678"])  // 10 + 9 bytes: within 20
        #expect(throws: ServerSentEventError.eventTooLarge(line: 5, limit: 20)) {
            try parser.feed(Array("data: 123456789\ndata: 123456789X\n\n".utf8))
        }
        #expect(parser.bufferedByteCount == 0)
    }

    @Test("Every split of a stream gives the same events as feeding it whole")
    func chunkingInvariance() throws {
        let stream = Array(
            "\u{FEFF}: hi\r\nevent: a\rdata: é\r\ndata:😀\n\nid: 5\nretry: 30\ndata\r\n\rdata: z\r".utf8)
        let whole = try Self.parse(String(decoding: stream, as: UTF8.self))
        for split in 0...stream.count {
            var parser = ServerSentEventParser()
            var events: [ServerSentEvent] = []
            try parser.feed(stream[..<split], into: &events)
            try parser.feed(stream[split...], into: &events)
            #expect(events == whole.events, "split at \(split)")
            #expect(parser.lastEventID == whole.parser.lastEventID)
            #expect(parser.reconnectionTime == .milliseconds(30))
        }
        #expect(whole.events.map(\.data) == ["é\n😀", ""])
        #expect(try Self.parseBytewise(stream) == whole.events)
    }
}
