// The second process of the 50 MB multipart-upload test: it uploads a file to a loopback
// server of its own and reports how far its peak memory rose, so the figure measures the
// upload alone and not every test running in parallel in the test process. Not part of the
// library; built because the networking test target depends on it.
import Foundation
import KeelNetworking
import KeelNetworkingTesting
import KeelSupport
import KeelTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("KeelNetworkingTestHelper: \(message)\n".utf8))
    exit(1)
}

/// multipart-upload <file> <boundary> <body-copy>: sends two fields and the file as
/// multipart/form-data, moves the body the server received to <body-copy>, and prints
/// `growth=<bytes> reset=<bool> tsan=<bool> length=<received> expected=<content length> type=<header>`.
func multipartUpload(file: URL, boundary: String, bodyCopy: URL) async throws {
    let server = try LocalHTTPServer(bodyFileThreshold: 1 << 20)
    defer { server.stop() }
    server.route("POST", "/api/upload") { _ in .init(status: 204) }
    let client = APIClient(
        configuration: .init(
            baseURL: server.url("/api"), retryPolicy: .never, timeout: .seconds(60), allowsInsecureHTTP: true),
        transport: URLSessionTransport())
    var form = MultipartFormData(boundary: boundary)
    form.append("Ada Lovelace", name: "author")
    form.append("notes \"quoted\"", name: "caption")
    form.append(fileAt: file, name: "video", fileName: "clip.bin", mimeType: "application/octet-stream")

    // A small upload first, so the session's one-time set-up is not counted as the upload's.
    var warmUp = MultipartFormData(boundary: boundary)
    warmUp.append("warm-up", name: "author")
    try await client.send(Endpoint<Void>(.post, "upload", body: .multipart(warmUp)))

    let baseline = ProcessMemory.field("VmRSS") ?? 0
    let resetWorked = ProcessMemory.resetPeak()
    try await client.send(Endpoint<Void>(.post, "upload", body: .multipart(form)))
    let peak = ProcessMemory.field("VmHWM") ?? 0

    guard let request = server.requests.last, let bodyFile = request.bodyFile else {
        fail("the server received no body file")
    }
    try FileManager.default.moveItem(at: bodyFile, to: bodyCopy)
    print(
        "growth=\(peak - baseline) reset=\(resetWorked) tsan=\(ProcessMemory.isThreadSanitized)"
            + " length=\(request.bodyLength)"
            + " expected=\(try form.contentLength()) type=\(request.header("Content-Type") ?? "")")
}

/// raw-response <hex bytes>: serves the bytes as the whole response (then closes) and sends one
/// request through the default transport; prints `result=<typed outcome>`. Used for responses
/// that abort the process inside FoundationNetworking (a server closing mid-headers,
/// swift-corelibs-foundation#5285), so the test process survives to report it.
func rawResponse(hex: String) async throws {
    var bytes: [UInt8] = []
    var index = hex.startIndex
    while index < hex.endIndex, let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex) {
        guard let byte = UInt8(hex[index..<next], radix: 16) else { fail("bad hex") }
        bytes.append(byte)
        index = next
    }
    let server = try LocalHTTPServer()
    defer { server.stop() }
    let payload = Data(bytes)
    server.route("GET", "/raw") { _ in .init(behavior: .raw(payload)) }
    let client = APIClient(
        configuration: .init(
            baseURL: server.baseURL, retryPolicy: .never, timeout: .seconds(5), allowsInsecureHTTP: true),
        transport: URLSessionTransport())
    do {
        let (data, response) = try await client.data(
            for: Endpoint<Data>(.get, target: .path("raw"), decoding: .data))
        print("result=success status=\(response.statusCode) bytes=\(data.count)")
    } catch let error as APIError {
        print("result=apierror \(error)")
    }
}

/// The byte at `offset` of the streamed pattern.
func patternByte(_ offset: Int) -> UInt8 { UInt8(truncatingIfNeeded: offset % 251) }

/// A loopback server whose `/api/stream?size=N` answers N pattern bytes, chunked, counting
/// what it sent in `sent`.
func patternServer(sent: Locked<Int>) throws -> LocalHTTPServer {
    let server = try LocalHTTPServer()
    server.route("GET", "/api/stream") { request in
        let total = request.queryItems.first { $0.name == "size" }.flatMap { $0.value.flatMap(Int.init) } ?? 0
        return .chunked(headers: ["Content-Type": "application/octet-stream"]) { send in
            let chunkSize = 64 * 1024
            // The pattern repeats every 251 bytes: each chunk is a slice of one buffer.
            let pattern = Data((0..<(chunkSize + 251)).map { patternByte($0) })
            // Paced to 128 MB/s, a fast network's rate rather than loopback's several GB/s:
            // FoundationNetworking has no back-pressure, so an unpaced in-process server on a
            // loaded machine measures how far libcurl's thread outruns the session delegate's,
            // not what the client keeps.
            let bytesPerSecond = 128.0 * 1_000_000
            let started = DispatchTime.now().uptimeNanoseconds
            var offset = 0
            while offset < total {
                let count = min(chunkSize, total - offset)
                let start = offset % 251
                guard send(pattern.subdata(in: start..<(start + count))) else { return }
                offset += count
                sent.set(offset)
                let due = Double(offset) / bytesPerSecond
                let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
                if due > elapsed + 0.001 { Thread.sleep(forTimeInterval: due - elapsed) }
            }
        }
    }
    return server
}

/// A GET of `size` pattern bytes.
func patternEndpoint(_ size: Int) -> Endpoint<Data> {
    Endpoint(
        .get, target: .path("stream"), query: [URLQueryItem(name: "size", value: String(size))],
        decoding: .data)
}

/// download <size>: downloads <size> pattern bytes from a loopback server to a temporary file
/// with `client.download(_:to:)`, checks the file and prints `growth=<bytes> length=<bytes>
/// pattern=<ok|bad> reset=<bool> tsan=<bool>`.
func download(size: Int) async throws {
    let sent = Locked(0)
    let server = try patternServer(sent: sent)
    defer { server.stop() }
    let client = APIClient(
        configuration: .init(
            baseURL: server.url("/api"), retryPolicy: .never, timeout: .seconds(120), allowsInsecureHTTP: true
        ),
        transport: URLSessionTransport())
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
        "keel-download-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: file) }
    try await client.download(patternEndpoint(1 << 20), to: file)  // the session's set-up, not counted

    let baseline = ProcessMemory.field("VmRSS") ?? 0
    let resetWorked = ProcessMemory.resetPeak()
    let length = try await client.download(patternEndpoint(size), to: file, maximumBytes: size)
    let peak = ProcessMemory.field("VmHWM") ?? 0
    let handle = try FileHandle(forReadingFrom: file)
    defer { try? handle.close() }
    var patternHolds = true
    for offset in stride(from: 0, to: size, by: max(1, size / 97)) {
        try handle.seek(toOffset: UInt64(offset))
        let bytes = try handle.read(upToCount: 300) ?? Data()
        if bytes != Data((0..<bytes.count).map { patternByte(offset + $0) }) { patternHolds = false }
    }
    print(
        "growth=\(peak - baseline) length=\(length) pattern=\(patternHolds ? "ok" : "bad") reset=\(resetWorked)"
            + " tsan=\(ProcessMemory.isThreadSanitized)")
}

/// stream-bytes <size> <behind>: streams <size> bytes from a loopback server through
/// `client.bytes(for:)`, the consumer starting only once the server has sent <behind> bytes (or
/// stalled for two seconds, held back), and prints `growth=<bytes> received=<bytes>
/// behind=<bytes> pattern=<ok|bad> reset=<bool> tsan=<bool>`.
func streamBytes(size: Int, behind: Int) async throws {
    let sent = Locked(0)
    let server = try patternServer(sent: sent)
    defer { server.stop() }
    let client = APIClient(
        configuration: .init(
            baseURL: server.url("/api"), retryPolicy: .never, timeout: .seconds(120),
            maximumResponseBodyBytes: Int.max, allowsInsecureHTTP: true),
        transport: URLSessionTransport())
    // A small stream first, so the session's one-time set-up is not counted.
    for try await _ in try await client.bytes(for: patternEndpoint(1 << 20)).body {}

    sent.set(0)
    let baseline = ProcessMemory.field("VmRSS") ?? 0
    let resetWorked = ProcessMemory.resetPeak()
    let streamed = try await client.bytes(for: patternEndpoint(size))
    var last = (sent: -1, at: ContinuousClock.now)
    while sent.current < behind {
        let now = sent.current
        if now != last.sent {
            last = (now, ContinuousClock.now)
        } else if ContinuousClock.now - last.at > .seconds(2) {
            break  // held back by the paused transfer
        }
        try await Task.sleep(for: .milliseconds(10))
    }
    let reachedBehind = sent.current
    var received = 0
    var patternHolds = true
    for try await chunk in streamed.body {
        // Spot checks: the first and last byte of every chunk are where the pattern says.
        if chunk.first != patternByte(received) || chunk.last != patternByte(received + chunk.count - 1) {
            patternHolds = false
        }
        received += chunk.count
    }
    let peak = ProcessMemory.field("VmHWM") ?? 0
    print(
        "growth=\(peak - baseline) received=\(received) behind=\(reachedBehind)"
            + " pattern=\(patternHolds ? "ok" : "bad") reset=\(resetWorked) tsan=\(ProcessMemory.isThreadSanitized)"
    )
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case "multipart-upload":
        guard arguments.count == 4 else { fail("usage: multipart-upload file boundary body-copy") }
        try await multipartUpload(
            file: URL(fileURLWithPath: arguments[1]), boundary: arguments[2],
            bodyCopy: URL(fileURLWithPath: arguments[3]))
    case "stream-bytes":
        guard arguments.count == 3, let size = Int(arguments[1]), let behind = Int(arguments[2]) else {
            fail("usage: stream-bytes size behind")
        }
        try await streamBytes(size: size, behind: behind)
    case "download":
        guard arguments.count == 2, let size = Int(arguments[1]) else { fail("usage: download size") }
        try await download(size: size)
    case "raw-response":
        guard arguments.count == 2 else { fail("usage: raw-response hex-bytes") }
        try await rawResponse(hex: arguments[1])
    default:
        fail("unknown command \(arguments.first ?? "")")
    }
} catch {
    fail("\(error)")
}
