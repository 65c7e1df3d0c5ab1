import Foundation
import KeelNetworking
import KeelNetworkingTesting
import KeelSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension FuzzFamily {
    /// Raw HTTP responses from a loopback server (`LocalHTTPServer` sending the input's bytes,
    /// then closing): malformed status lines, truncated and over-long bodies, huge headers,
    /// invalid chunking, bad `Content-Length`s. Every call through `APIClient` returns a value
    /// or an `APIError` within its timeout, and the same client then answers a normal request.
    ///
    /// Inputs whose head never ends (no blank line) would hit swift-corelibs-foundation#5285,
    /// which aborts the process inside FoundationNetworking; the check ends their head before
    /// sending (that case is covered by `UpstreamAbortTests` in a child process).
    package static let httpResponse = FuzzFamily(
        name: "http.response",
        summary:
            "raw responses from a loopback server: APIClient returns a value or an APIError in time and stays usable",
        seeds: HTTPResponseFuzz.seeds,
        dictionary: [
            "HTTP/1.1 ", "HTTP/1.0 ", "HTTP/2 ", "HTTP/0.9", " 200 OK", " 204 No Content", " 302 Found",
            " 101 ",
            " 100 Continue\r\n\r\n", "\r\n", "\r\n\r\n", "\n", ":", "Content-Length: ",
            "Content-Length: 99999999999999999999",
            "Content-Length: -1", "Transfer-Encoding: chunked\r\n", "Content-Encoding: gzip\r\n",
            "Content-Type: application/json\r\n", "Location: /fuzz\r\n", "Connection: keep-alive\r\n",
            "0\r\n\r\n",
            "ffffffffffffffff\r\n", "\0",
        ].map { Array($0.utf8) },
        testCases: 300,
        generate: HTTPResponseFuzz.generate
    ) { input in
        try await HTTPResponseFuzz.shared.check(input)
    }
}

/// The server, client and rules of ``FuzzFamily/httpResponse``.
final class HTTPResponseFuzz: Sendable {
    /// One server and client for every case (starting a server per case would dominate).
    static let shared = HTTPResponseFuzz()

    /// How long one fuzzed call may take (the client's timeout) and the slack allowed on top.
    static let timeout = Duration.seconds(2)
    /// What this check catches is a call that never ends (a wedged client), not a late timer:
    /// in `swift test` the families run beside every other suite, at low priority, on a
    /// machine that may be loaded, so a 2 s timeout can fire seconds late. The slack keeps the
    /// bound under the runner's 30 s case limit; the client's timeout accuracy itself is tested
    /// in KeelNetworkingTests' serial suite.
    static let slack = Duration.seconds(25)

    private let server: LocalHTTPServer?
    private let client: APIClient?
    private let payloads = Locked<[Int: Data]>([:])
    private let nextID = Locked(0)

    private init() {
        guard let server = try? LocalHTTPServer(idleTimeout: .seconds(2)) else {
            self.server = nil
            client = nil
            return
        }
        let payloads = self.payloads
        server.route("GET", "/fuzz") { request in
            let id = request.queryItems.first { $0.name == "id" }?.value.flatMap { Int($0) } ?? -1
            guard let payload = payloads.withLock({ $0[id] }) else { return .init(status: 410) }
            return .init(behavior: .raw(payload))
        }
        server.route("GET", "/ok") { _ in .json(#"{"ok":true}"#) }
        self.server = server
        // Redirects stay on the loopback origin: a fuzzed Location never leaves the machine.
        client = APIClient(
            configuration: .init(
                baseURL: server.baseURL, retryPolicy: nil, timeout: Self.timeout,
                maximumResponseBodyBytes: 1 << 20, allowsInsecureHTTP: true),
            transport: URLSessionTransport(redirectPolicy: RedirectPolicy(followsCrossOriginRedirects: false))
        )
    }

    deinit {
        server?.stop()
    }

    /// Runs one input.
    func check(_ input: [UInt8]) async throws {
        guard let client else { throw FuzzViolation("the loopback server could not start") }
        let id = nextID.withLock { value -> Int in
            value += 1
            return value
        }
        payloads.withLock { $0[id] = Data(Self.safeForUpstream(input)) }
        defer { _ = payloads.withLock { $0.removeValue(forKey: id) } }

        let clock = ContinuousClock()
        let start = clock.now
        do {
            _ = try await client.data(
                for: Endpoint<Data>(
                    .get, target: .path("fuzz"), query: [URLQueryItem(name: "id", value: String(id))],
                    acceptableStatusCodes: StatusCodes([0...999]), decoding: .data))
        } catch is APIError {
            // A typed error is the expected answer to a broken response.
        } catch {
            throw FuzzViolation("the call threw \(type(of: error)), not an APIError: \(error)")
        }
        let elapsed = start.duration(to: clock.now)
        if elapsed > Self.timeout + Self.slack {
            throw FuzzViolation("the call took \(elapsed), past its \(Self.timeout) timeout")
        }
        // The next request may inherit the hostile connection: curl keeps a connection alive
        // after a body-less response (204, 304) and reads whatever the server sent after it as
        // the next response, which then fails with a typed error. The one after that must work.
        let ok = Endpoint<Data>(.get, target: .path("ok"), decoding: .data)
        for attempt in 1...2 {
            do {
                _ = try await client.data(for: ok)
                break
            } catch let error as APIError {
                if attempt == 2 {
                    throw FuzzViolation(
                        "the client is unusable after the input: two normal requests failed, the last with \(error)"
                    )
                }
            } catch {
                throw FuzzViolation("a normal request threw \(type(of: error)), not an APIError: \(error)")
            }
        }
    }

    /// `input`, changed where FoundationNetworking would abort the process on it
    /// (swift-corelibs-foundation#5285: curl reports a complete transfer for which
    /// FoundationNetworking holds no complete response). Known triggers, each covered unchanged
    /// by `UpstreamAbortTests` in a child process:
    ///
    /// - a head that never ends (a close mid-head, also after a `1xx` interim head): a blank
    ///   line is appended;
    /// - a head line starting with a lone CR (curl's end of head; FoundationNetworking waits for
    ///   CRLF): its LF is added;
    /// - a head line starting with NUL: the NUL becomes `X`;
    /// - chunked trailer fields (curl passes them on as header lines, which starts a new,
    ///   never-finished head): everything after the last chunk's size line becomes CRLF.
    static func safeForUpstream(_ input: [UInt8]) -> [UInt8] {
        let blankLine: [UInt8] = [13, 10, 13, 10]
        var bytes = input
        var headStart = 0
        while true {
            guard let statusEnd = bytes[headStart...].firstIndex(of: 10) else { return bytes + blankLine }
            var lineStart = statusEnd + 1
            var chunked = false
            while true {
                guard lineStart < bytes.count else { return bytes + blankLine }
                if bytes[lineStart] == 0 { bytes[lineStart] = UInt8(ascii: "X") }
                let first = bytes[lineStart]
                if first == 10 { return bytes }  // a bare LF line: FoundationNetworking rejects the head
                if first == 13 {
                    if lineStart + 1 >= bytes.count || bytes[lineStart + 1] != 10 {
                        bytes.insert(10, at: lineStart + 1)
                    }
                    let end = lineStart + 2
                    if headIsInterim(bytes, at: headStart), end < bytes.count {
                        headStart = end  // after an interim 1xx head comes the final one
                        break
                    }
                    return chunked ? withoutTrailers(bytes, bodyStart: end) : bytes
                }
                guard let newline = bytes[lineStart...].firstIndex(of: 10) else { return bytes + blankLine }
                let line = String(decoding: bytes[lineStart..<newline], as: UTF8.self).lowercased()
                if line.contains("transfer-encoding"), line.contains("chunked") { chunked = true }
                lineStart = newline + 1
            }
        }
    }

    /// A chunked body cut after its last chunk's size line, ended with CRLF (no trailers);
    /// unchanged when the chunks do not parse (curl rejects those with an error).
    private static func withoutTrailers(_ bytes: [UInt8], bodyStart: Int) -> [UInt8] {
        var position = bodyStart
        while position < bytes.count {
            guard let newline = bytes[position...].firstIndex(of: 10) else { return bytes }
            var size = 0
            var digits = 0
            for byte in bytes[position..<newline] {
                guard let digit = hexValue(byte) else { break }
                digits += 1
                guard digits <= 15 else { return bytes }
                size = size * 16 + digit
            }
            guard digits > 0 else { return bytes }
            if size == 0 { return Array(bytes[...newline]) + [13, 10] }
            position = newline + 1 + size + 2
        }
        return bytes
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 48...57: return Int(byte - 48)
        case 65...70: return Int(byte - 55)
        case 97...102: return Int(byte - 87)
        default: return nil
        }
    }

    /// Whether the head at `start` has a status code starting with 1 (`HTTP/1.1 100 …`).
    private static func headIsInterim(_ bytes: [UInt8], at start: Int) -> Bool {
        guard let space = bytes[start...].prefix(32).firstIndex(of: 32) else { return false }
        var index = space
        while index < bytes.count, bytes[index] == 32 { index += 1 }
        return index < bytes.count && bytes[index] == UInt8(ascii: "1")
    }

    /// Valid responses the mutator starts from.
    static let seeds: [[UInt8]] = [
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{\"ok\":true}",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n",
        "HTTP/1.1 204 No Content\r\n\r\n",
        "HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\nbody until close",
        "HTTP/1.1 404 Not Found\r\nContent-Length: 9\r\n\r\nnot found",
        "HTTP/1.1 302 Found\r\nLocation: /ok\r\nContent-Length: 0\r\n\r\n",
    ].map { Array($0.utf8) }

    /// A structured response: a status line, headers and a body framing, each valid or broken.
    static func generate(_ random: inout FuzzRandom) -> [UInt8] {
        let versions = ["HTTP/1.1", "HTTP/1.0", "HTTP/1.1", "HTTP/2", "HTTP/9.9", "HTTX/1.1", ""]
        let statuses = [
            "200", "201", "204", "304", "302", "401", "500", "099", "1000", "-1", "abc", "2OO", "",
        ]
        var head = versions[random.below(versions.count)] + " " + statuses[random.below(statuses.count)]
        if random.oneIn(2) { head += " OK" }
        head += random.oneIn(8) ? "\n" : "\r\n"
        let body = String(repeating: "x", count: random.below(64))
        var headers: [String] = []
        switch random.below(6) {
        case 0: headers.append("Content-Length: \(body.utf8.count)")
        case 1:  // a truncated body
            headers.append("Content-Length: \(body.utf8.count + 1 + random.below(1000))")
        case 2:  // more body than declared
            headers.append("Content-Length: \(max(0, body.utf8.count - 1 - random.below(8)))")
        case 3:
            headers.append(
                ["Content-Length: 99999999999999999999", "Content-Length: 1, 2", "Content-Length: x"][
                    random.below(3)])
        case 4: headers.append("Transfer-Encoding: chunked")
        default: break
        }
        if random.oneIn(4) {
            headers.append("X-Big: " + String(repeating: "h", count: 1024 * (1 + random.below(128))))
        }
        if random.oneIn(6) { headers.append("No colon here") }
        if random.oneIn(6) { headers.append(": empty name") }
        if random.oneIn(8) { headers.append("Content-Encoding: gzip") }
        if random.oneIn(8) { headers.append("Location: /ok") }
        var text = head + headers.map { $0 + "\r\n" }.joined() + "\r\n"
        if headers.contains("Transfer-Encoding: chunked") {
            let sizes = ["5", "zz", "ffffffffffffffffff", "-3", "5;ext=1", ""]
            text += sizes[random.below(sizes.count)] + "\r\nhello\r\n"
            if random.oneIn(2) { text += "0\r\n\r\n" }
        } else {
            text += body
        }
        return Array(text.utf8)
    }
}
