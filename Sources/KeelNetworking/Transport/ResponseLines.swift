import Foundation

extension ResponseBody {
    /// The longest line ``lines`` and ``jsonLines(of:decoder:)`` accept: 1 MiB.
    package static let defaultMaximumLineBytes = 1 << 20

    /// The body's lines as UTF-8 text (invalid bytes replaced), without their line ends (LF or
    /// CRLF); a last line without a line end is included. A line longer than 1 MiB fails with
    /// ``APIError/invalidResponse(reason:body:)`` naming it.
    public var lines: ResponseLines {
        ResponseLines(body: self, maximumLineBytes: Self.defaultMaximumLineBytes)
    }

    /// The body as newline-delimited JSON: each non-blank line decoded as `Value` with
    /// `decoder`. A line that does not decode fails with ``APIError/decoding(_:body:)`` carrying
    /// that line, and ends the sequence.
    ///
    /// ```swift
    /// let streamed = try await client.bytes(for: Endpoint<Data>(.get, target: .path("answers"), decoding: .data))
    /// for try await token in streamed.body.jsonLines(of: Token.self) { append(token.text) }
    /// ```
    public func jsonLines<Value: Decodable>(
        of type: Value.Type = Value.self, decoder: JSONDecoder = JSONDecoder()
    )
        -> AsyncThrowingCompactMapSequence<ResponseLines, Value>
    {
        lines.compactMap(JSONLineDecoder<Value>(decoder: decoder).decode)
    }

    /// The lines with a bound of `maximumLineBytes`.
    package func lines(maximumLineBytes: Int) -> ResponseLines {
        ResponseLines(body: self, maximumLineBytes: maximumLineBytes)
    }
}

/// The lines of a ``ResponseBody``; see ``ResponseBody/lines``.
public struct ResponseLines: AsyncSequence, Sendable {
    /// A line, without its line end.
    public typealias Element = String

    let body: ResponseBody
    let maximumLineBytes: Int

    /// An iterator over the lines.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(chunks: body.makeAsyncIterator(), maximumLineBytes: Swift.max(1, maximumLineBytes))
    }

    /// Reads the lines of a ``ResponseBody``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var chunks: ResponseBody.AsyncIterator
        let maximumLineBytes: Int
        var pending: [UInt8] = []
        var start = 0
        var scanned = 0
        var lineNumber = 0
        var ended = false

        init(chunks: ResponseBody.AsyncIterator, maximumLineBytes: Int) {
            self.chunks = chunks
            self.maximumLineBytes = maximumLineBytes
        }

        /// The next line; `nil` after the last.
        public mutating func next() async throws -> String? {
            while true {
                if let newline = pending[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
                    var end = newline
                    if end > start, pending[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                    try check(end - start)
                    let line = String(decoding: pending[start..<end], as: UTF8.self)
                    start = newline + 1
                    scanned = start
                    lineNumber += 1
                    return line
                }
                scanned = pending.count
                try check(pending.count - start - (pending.last == UInt8(ascii: "\r") ? 1 : 0))
                if ended {
                    guard start < pending.count else { return nil }
                    let line = String(decoding: pending[start...], as: UTF8.self)
                    pending.removeAll()
                    start = 0
                    scanned = 0
                    lineNumber += 1
                    return line
                }
                if start > 0 {
                    pending.removeFirst(start)
                    scanned -= start
                    start = 0
                }
                guard let chunk = try await chunks.next() else {
                    ended = true
                    continue
                }
                pending.append(contentsOf: chunk)
            }
        }

        private func check(_ length: Int) throws {
            guard length > maximumLineBytes else { return }
            throw APIError.invalidResponse(
                reason: "line \(lineNumber + 1) is longer than the limit of \(maximumLineBytes) bytes",
                body: Data())
        }
    }
}

/// Decodes one line of newline-delimited JSON (``ResponseBody/jsonLines(of:decoder:)``).
struct JSONLineDecoder<Value: Decodable> {
    let decoder: JSONDecoder

    /// `line` decoded as `Value`: `nil` for a blank line; a line that does not decode throws
    /// ``APIError/decoding(_:body:)`` carrying that line.
    func decode(_ line: String) throws -> Value? {
        guard !line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) else { return nil }
        let data = Data(line.utf8)
        do {
            return try decoder.decode(Value.self, from: data)
        } catch let error as DecodingError {
            throw APIError.decoding(error, body: data)
        }
    }
}
