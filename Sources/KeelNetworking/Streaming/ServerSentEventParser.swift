/// Reads a `text/event-stream` body incrementally, as the WHATWG `EventSource` processing model
/// interprets it ("Interpreting an event stream"), whatever the chunking of the bytes:
///
/// - one leading byte-order mark is skipped (only at the start of a stream);
/// - lines end with CRLF, LF or CR — a CR at the end of one chunk and an LF at the start of the
///   next are one line end;
/// - a line starting with `:` is a comment; `field: value` drops one space after the colon;
///   a line without a colon is a field with an empty value;
/// - `event` sets the type, `data` appends its value and `\n`, `id` sets the last event ID
///   unless the value contains NUL, `retry` (ASCII digits only) sets the reconnection time in
///   milliseconds; other fields are ignored;
/// - a blank line dispatches: the last event ID is taken (even without data), and an event is
///   produced when there is data (its trailing `\n` removed);
/// - the end of a stream discards an unfinished line and event.
///
/// UTF-8 is decoded per complete line (a character split across chunks is joined first), with
/// invalid sequences replaced by U+FFFD. Input controls no unbounded growth: a line longer than
/// `maximumLineBytes` or an event with more than `maximumEventBytes` of data throws a
/// ``ServerSentEventError`` naming the line, after which the parser rethrows it until
/// `endOfStream()` starts a new stream.
package struct ServerSentEventParser: Sendable {
    /// The default bound of one line: 1 MiB.
    package static let defaultMaximumLineBytes = 1 << 20
    /// The default bound of one event's data: 4 MiB.
    package static let defaultMaximumEventBytes = 4 << 20

    /// The longest line accepted, in bytes (without its line end).
    package let maximumLineBytes: Int
    /// The most data bytes (the `data:` values and their joining newlines) one event may hold.
    package let maximumEventBytes: Int

    /// The stream's last event ID: set when an event is dispatched, kept across events and
    /// across `endOfStream()` (the `Last-Event-ID` to send when reconnecting).
    package private(set) var lastEventID: String
    /// The reconnection time the server last asked for with `retry:`, if it did.
    package private(set) var reconnectionTime: Duration?

    private var lastEventIDBuffer: String
    private var eventType: String = ""
    private var data: [UInt8] = []
    private var line: [UInt8] = []
    /// The previous chunk ended with CR: an LF starting this one ends no line.
    private var skipsLeadingLF = false
    /// How many bytes of a leading byte-order mark have been seen; `nil` once past the start.
    private var byteOrderMarkMatched: Int? = 0
    /// Lines completed in this stream.
    private var lineNumber = 0
    private var failure: ServerSentEventError?

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")
    private static let colon = UInt8(ascii: ":")
    private static let space = UInt8(ascii: " ")

    /// A parser at the start of a stream. `lastEventID` continues an earlier connection's ID
    /// (what `Last-Event-ID` carried): events without an `id:` field report it.
    package init(
        maximumLineBytes: Int = defaultMaximumLineBytes,
        maximumEventBytes: Int = defaultMaximumEventBytes,
        lastEventID: String = "",
        reconnectionTime: Duration? = nil
    ) {
        self.maximumLineBytes = max(1, maximumLineBytes)
        self.maximumEventBytes = max(1, maximumEventBytes)
        self.lastEventID = lastEventID
        self.lastEventIDBuffer = lastEventID
        self.reconnectionTime = reconnectionTime
    }

    /// The bytes held for an unfinished line and event: never more than `maximumLineBytes` +
    /// `maximumEventBytes`.
    package var bufferedByteCount: Int { line.count + data.count }

    /// Reads `bytes`, the next part of the stream, appending every event it completes to
    /// `events`. Throws ``ServerSentEventError`` when a bound is passed; the events completed
    /// before that point are appended all the same.
    package mutating func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes, into events: inout [ServerSentEvent])
        throws
    {
        if let failure { throw failure }
        do {
            let handled: Void? = try bytes.withContiguousStorageIfAvailable { buffer in
                try feed(buffer: buffer, into: &events)
            }
            if handled == nil {
                try Array(bytes).withUnsafeBufferPointer { buffer in
                    try feed(buffer: buffer, into: &events)
                }
            }
        } catch let error as ServerSentEventError {
            failure = error
            line = []
            data = []
            throw error
        }
    }

    /// Reads `bytes` and returns the events they complete.
    package mutating func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) throws -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        try feed(bytes, into: &events)
        return events
    }

    /// Ends the stream: an unfinished line and event are discarded (the spec's end of file).
    /// The last event ID and reconnection time stay; the next bytes start a new stream (a
    /// byte-order mark is skipped again).
    package mutating func endOfStream() {
        line = []
        data = []
        eventType = ""
        lastEventIDBuffer = lastEventID
        skipsLeadingLF = false
        byteOrderMarkMatched = 0
        lineNumber = 0
        failure = nil
    }

    private mutating func feed(buffer: UnsafeBufferPointer<UInt8>, into events: inout [ServerSentEvent])
        throws
    {
        let count = buffer.count
        var index = 0
        while let matched = byteOrderMarkMatched, index < count {
            if buffer[index] == Self.byteOrderMark[matched] {
                index += 1
                byteOrderMarkMatched = matched + 1 == Self.byteOrderMark.count ? nil : matched + 1
            } else {
                // Not a byte-order mark after all: what matched so far is content.
                byteOrderMarkMatched = nil
                try Self.byteOrderMark[..<matched].withUnsafeBufferPointer { try append($0) }
            }
        }
        if skipsLeadingLF, index < count {
            skipsLeadingLF = false
            if buffer[index] == Self.lineFeed { index += 1 }
        }
        var lineStart = index
        while index < count {
            let byte = buffer[index]
            guard byte == Self.lineFeed || byte == Self.carriageReturn else {
                index += 1
                continue
            }
            let segment = UnsafeBufferPointer(rebasing: buffer[lineStart..<index])
            if line.isEmpty {
                try checkLineLength(segment.count)
                try process(line: segment, into: &events)
            } else {
                try append(segment)
                var pending: [UInt8] = []
                swap(&pending, &line)
                try pending.withUnsafeBufferPointer { try process(line: $0, into: &events) }
                pending.removeAll(keepingCapacity: true)
                swap(&pending, &line)
            }
            index += 1
            if byte == Self.carriageReturn {
                if index < count {
                    if buffer[index] == Self.lineFeed { index += 1 }
                } else {
                    skipsLeadingLF = true
                }
            }
            lineStart = index
        }
        if lineStart < count {
            try append(UnsafeBufferPointer(rebasing: buffer[lineStart..<count]))
        }
    }

    private func checkLineLength(_ length: Int) throws {
        if length > maximumLineBytes {
            throw ServerSentEventError.lineTooLong(line: lineNumber + 1, limit: maximumLineBytes)
        }
    }

    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        try checkLineLength(line.count + bytes.count)
        line.append(contentsOf: bytes)
    }

    private mutating func process(line: UnsafeBufferPointer<UInt8>, into events: inout [ServerSentEvent])
        throws
    {
        lineNumber += 1
        guard let first = line.first else {
            dispatch(into: &events)
            return
        }
        if first == Self.colon { return }
        let field: UnsafeBufferPointer<UInt8>
        let value: UnsafeBufferPointer<UInt8>
        if let colon = line.firstIndex(of: Self.colon) {
            field = UnsafeBufferPointer(rebasing: line[..<colon])
            var valueStart = colon + 1
            if valueStart < line.count, line[valueStart] == Self.space { valueStart += 1 }
            value = UnsafeBufferPointer(rebasing: line[valueStart...])
        } else {
            field = line
            value = UnsafeBufferPointer(rebasing: line[line.count...])
        }
        switch field.count {
        case 4 where field.elementsEqual("data".utf8):
            if data.count + value.count + 1 > maximumEventBytes {
                throw ServerSentEventError.eventTooLarge(line: lineNumber, limit: maximumEventBytes)
            }
            data.append(contentsOf: value)
            data.append(Self.lineFeed)
        case 5 where field.elementsEqual("event".utf8):
            eventType = String(decoding: value, as: UTF8.self)
        case 2 where field.elementsEqual("id".utf8):
            if !value.contains(0) { lastEventIDBuffer = String(decoding: value, as: UTF8.self) }
        case 5 where field.elementsEqual("retry".utf8):
            if let milliseconds = Self.digits(value) { reconnectionTime = .milliseconds(milliseconds) }
        default:
            break  // an unknown field is ignored
        }
    }

    /// `value` as a base-ten integer when it is one or more ASCII digits (saturating at
    /// `Int64.max`), else `nil`.
    private static func digits(_ value: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard !value.isEmpty else { return nil }
        var result: Int64 = 0
        for byte in value {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (times, overflowed) = result.multipliedReportingOverflow(by: 10)
            let (sum, overflowedAgain) = times.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
            result = overflowed || overflowedAgain ? .max : sum
        }
        return result
    }

    private mutating func dispatch(into events: inout [ServerSentEvent]) {
        lastEventID = lastEventIDBuffer
        guard !data.isEmpty else {
            eventType = ""
            return
        }
        if data.last == Self.lineFeed { data.removeLast() }
        events.append(
            ServerSentEvent(
                type: eventType.isEmpty ? "message" : eventType,
                data: String(decoding: data, as: UTF8.self),
                lastEventID: lastEventID))
        data.removeAll(keepingCapacity: true)
        eventType = ""
    }
}
