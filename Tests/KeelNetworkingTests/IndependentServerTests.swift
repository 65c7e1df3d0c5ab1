import Foundation
import KeelNetworking
import KeelSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

#if os(Linux) || os(macOS)

    /// Python's `http.server` (installed by `scripts/bootstrap` where `python3` is missing), run
    /// as a child process on 127.0.0.1 and a free port: a server Keel did not write, for the
    /// `401` challenge and the caching headers it can send.
    final class IndependentHTTPServer: @unchecked Sendable {
        // `process` is set once in `init` and only terminated afterwards.
        private let process = Process()
        let port: Int

        /// The script: fixed routes, and `/count?path=…` reporting how many requests a path got.
        static let script = #"""
            import http.server, sys, threading, email.utils, time
            counts = {}
            lock = threading.Lock()
            class Handler(http.server.BaseHTTPRequestHandler):
                protocol_version = "HTTP/1.1"
                def log_message(self, *args): pass
                def reply(self, status, headers, body=b""):
                    self.send_response(status)
                    for name, value in headers.items(): self.send_header(name, value)
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                def do_GET(self):
                    path = self.path.split("?")[0]
                    if path == "/count":
                        wanted = self.path.split("path=")[1]
                        with lock: n = counts.get(wanted, 0)
                        return self.reply(200, {"Content-Type": "text/plain"}, str(n).encode())
                    with lock:
                        counts[path] = counts.get(path, 0) + 1
                        n = counts[path]
                    auth = self.headers.get("Authorization")
                    if path == "/basic":
                        return self.reply(401, {"WWW-Authenticate": 'Basic realm="independent"', "Content-Type": "application/json"}, b'{"error":"basic"}')
                    if path == "/bearer":
                        if auth == "Bearer new":
                            return self.reply(200, {"Content-Type": "application/json"}, b'{"id":1,"name":"me"}')
                        return self.reply(401, {"WWW-Authenticate": 'Bearer realm="independent", error="invalid_token"'}, b"")
                    if path == "/max-age":
                        return self.reply(200, {"Cache-Control": "max-age=60"}, b"fresh %d" % n)
                    if path == "/etag":
                        if self.headers.get("If-None-Match") == '"v1"':
                            return self.reply(304, {"ETag": '"v1"', "Cache-Control": "max-age=1"})
                        return self.reply(200, {"ETag": '"v1"', "Cache-Control": "max-age=1"}, b"tagged")
                    if path == "/last-modified":
                        stamp = "Mon, 06 Nov 2023 08:49:37 GMT"
                        if self.headers.get("If-Modified-Since") == stamp:
                            return self.reply(304, {"Last-Modified": stamp, "Cache-Control": "no-cache"})
                        return self.reply(200, {"Last-Modified": stamp, "Cache-Control": "no-cache"}, b"dated")
                    if path == "/no-store":
                        return self.reply(200, {"Cache-Control": "no-store"}, b"never %d" % n)
                    if path == "/vary":
                        return self.reply(200, {"Cache-Control": "max-age=60", "Vary": "Accept-Language"}, (self.headers.get("Accept-Language") or "-").encode())
                    if path == "/sse":
                        # Close-delimited (no length, no chunking), as many SSE servers answer.
                        self.send_response(200)
                        self.send_header("Content-Type", "text/event-stream")
                        self.send_header("Connection", "close")
                        self.end_headers()
                        if self.headers.get("Last-Event-ID") == "2":
                            self.wfile.write(b"id: 3\ndata: resumed\n\n")
                        else:
                            self.wfile.write(b"retry: 20\n\n: a comment\n\nid: 1\ndata: first\n\n")
                            self.wfile.flush()
                            time.sleep(0.05)
                            self.wfile.write(b"event: score\r\ndata: line1\r\ndata: line2\r\nid: 2\r\n\r\n")
                        self.wfile.flush()
                        self.close_connection = True
                        return
                    if path == "/sse-chunked":
                        # Chunk boundaries inside a field name and between CR and LF.
                        self.send_response(200)
                        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
                        self.send_header("Transfer-Encoding", "chunked")
                        self.end_headers()
                        for part in [b"da", b"ta: caf\xc3", b"\xa9\r", b"\n\r\n", b"data: \xf0\x9f\x8e\x89\n\n"]:
                            self.wfile.write(b"%x\r\n%s\r\n" % (len(part), part))
                            self.wfile.flush()
                            time.sleep(0.02)
                        self.wfile.write(b"0\r\n\r\n")
                        self.close_connection = True
                        return
                    if path == "/big":
                        # 3 MiB in 64 KiB chunks of a known pattern.
                        self.send_response(200)
                        self.send_header("Content-Type", "application/octet-stream")
                        self.send_header("Transfer-Encoding", "chunked")
                        self.end_headers()
                        block = bytes(range(256)) * 256
                        for _ in range(48):
                            self.wfile.write(b"%x\r\n%s\r\n" % (len(block), block))
                        self.wfile.write(b"0\r\n\r\n")
                        return
                    if path == "/gzip":
                        import gzip
                        body = gzip.compress(b'{"id":7,"name":"zipped"}')
                        return self.reply(200, {"Content-Type": "application/json", "Content-Encoding": "gzip"}, body)
                    if path == "/resumable":
                        # 1 MiB with a strong ETag: the first answer breaks off after 300 000
                        # bytes; a Range with the matching If-Range gets the rest as a 206.
                        body = bytes((i * 7) % 251 for i in range(1 << 20))
                        wanted = self.headers.get("Range")
                        if wanted and self.headers.get("If-Range") == '"r1"':
                            start = int(wanted.split("=")[1].split("-")[0])
                            self.send_response(206)
                            self.send_header("ETag", '"r1"')
                            self.send_header("Content-Range", "bytes %d-%d/%d" % (start, len(body) - 1, len(body)))
                            self.send_header("Content-Length", str(len(body) - start))
                            self.end_headers()
                            self.wfile.write(body[start:])
                            return
                        self.send_response(200)
                        self.send_header("ETag", '"r1"')
                        self.send_header("Accept-Ranges", "bytes")
                        self.send_header("Content-Length", str(len(body)))
                        self.end_headers()
                        self.wfile.write(body[:300000])
                        self.wfile.flush()
                        import socket
                        self.connection.shutdown(socket.SHUT_RDWR)
                        self.close_connection = True
                        return
                    if path == "/gzip-bomb":
                        import gzip
                        body = gzip.compress(b"0" * (64 << 20), compresslevel=9)
                        return self.reply(200, {"Content-Type": "application/json", "Content-Encoding": "gzip"}, body)
                    self.reply(404, {}, b"")
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
            print(server.server_address[1], flush=True)
            threading.Thread(target=lambda: (sys.stdin.read(), server.shutdown()), daemon=True).start()
            server.serve_forever()
            """#

        /// Starts the server; throws when `python3` cannot be run (run `scripts/bootstrap`).
        init() async throws {
            let process = self.process
            let output = Pipe()
            let input = Pipe()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-c", Self.script]
            process.standardOutput = output
            process.standardInput = input
            try process.run()
            // The port is the first line; read on a thread of its own, off the cooperative pool.
            let line: String = await withCheckedContinuation { continuation in
                Thread {
                    var bytes = Data()
                    while true {
                        let chunk = output.fileHandleForReading.readData(ofLength: 1)
                        if chunk.isEmpty || chunk == Data("\n".utf8) { break }
                        bytes.append(chunk)
                    }
                    continuation.resume(returning: String(decoding: bytes, as: UTF8.self))
                }.start()
            }
            guard let port = Int(line) else {
                process.terminate()
                throw IndependentServerMissing()
            }
            self.port = port
        }

        struct IndependentServerMissing: Error, CustomStringConvertible {
            var description: String { "python3 could not start http.server: run scripts/bootstrap" }
        }

        var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

        func count(_ path: String) async throws -> Int {
            let (data, _) = try await URLSession(configuration: .ephemeral).data(
                from: URL(string: "http://127.0.0.1:\(port)/count?path=\(path)")!)
            return Int(String(decoding: data, as: UTF8.self)) ?? -1
        }

        func stop() {
            if process.isRunning { process.terminate() }
        }

        deinit {
            stop()
        }
    }

    extension SerialLoopbackTests {
        /// The `401` and the cache against Python's `http.server`.
        @Suite("Against an independent HTTP server (python3 http.server)")
        struct IndependentServerTests {
            func client(
                _ server: IndependentHTTPServer, cache: HTTPCache? = nil,
                interceptors: [any APIInterceptor] = []
            )
                -> APIClient
            {
                APIClient(
                    configuration: .init(
                        baseURL: server.baseURL, interceptors: interceptors, retryPolicy: nil,
                        timeout: .seconds(60),
                        allowsInsecureHTTP: true, cache: cache),
                    transport: URLSessionTransport())
            }

            @Test("A Basic 401 arrives as .status(401) with its body, well before the 60 s deadline")
            func basicChallenge() async throws {
                let server = try await IndependentHTTPServer()
                defer { server.stop() }
                let error = try await #require(throws: APIError.self) {
                    try await client(server).send(Endpoint<Void>(.get, "basic"))
                }
                guard case .status(401, let headers, let body, _) = error else {
                    Issue.record("expected .status(401), got \(error)")
                    return
                }
                #expect(headers.header("WWW-Authenticate") == #"Basic realm="independent""#)
                #if canImport(FoundationNetworking)
                    #expect(body == Data(#"{"error":"basic"}"#.utf8))
                #endif
            }

            @Test("A Bearer 401 triggers the refresh and the retry succeeds")
            func bearerRefresh() async throws {
                let server = try await IndependentHTTPServer()
                defer { server.stop() }
                let provider = TestTokenProvider()
                let auth = AuthenticationInterceptor(
                    provider: provider,
                    scope: CredentialScope(origins: [Origin(server.baseURL)!], allowsInsecureHTTP: true))
                let user = try await client(server, interceptors: [auth]).send(Endpoint<User>(.get, "bearer"))
                #expect(user == User(id: 1, name: "me"))
                #expect(provider.refreshes.current == 1)
            }

            @Test("Caching headers from an independent server: max-age, ETag, Last-Modified, no-store, Vary")
            func cachingHeaders() async throws {
                let server = try await IndependentHTTPServer()
                defer { server.stop() }
                let cache = try HTTPCache(directory: nil)
                let client = client(server, cache: cache)
                func get(_ path: String, headers: [String: String] = [:], policy: CachePolicy? = nil)
                    async throws
                    -> (String, ResponseSource)
                {
                    let reply = try await client.response(
                        Endpoint<Data>(
                            .get, target: .path(path), headers: headers, cachePolicy: policy, decoding: .data)
                    )
                    return (String(decoding: reply.value, as: UTF8.self), reply.source)
                }
                #expect(try await get("max-age") == ("fresh 1", .network))
                #expect(try await get("max-age") == ("fresh 1", .cacheFresh))
                #expect(try await server.count("/max-age") == 1)

                #expect(try await get("etag") == ("tagged", .network))
                #expect(try await get("etag", policy: .networkOnly) == ("tagged", .revalidated))
                #expect(try await server.count("/etag") == 2)

                #expect(try await get("last-modified") == ("dated", .network))
                #expect(try await get("last-modified") == ("dated", .revalidated))
                #expect(try await server.count("/last-modified") == 2)

                #expect(try await get("no-store") == ("never 1", .network))
                #expect(try await get("no-store") == ("never 2", .network))

                #expect(try await get("vary", headers: ["Accept-Language": "en"]) == ("en", .network))
                #expect(try await get("vary", headers: ["Accept-Language": "en"]) == ("en", .cacheFresh))
                #expect(try await get("vary", headers: ["Accept-Language": "de"]) == ("de", .network))
                #expect(try await server.count("/vary") == 2)
            }
        }
    }
#endif
