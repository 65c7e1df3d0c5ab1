// The second process of the 50 MB multipart-upload test: it uploads a file to a loopback
// server of its own and reports how far its peak memory rose, so the figure measures the
// upload alone and not every test running in parallel in the test process. Not part of the
// library; built because the networking test target depends on it.
import Foundation
import KeelNetworking
import KeelNetworkingTesting
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

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case "multipart-upload":
        guard arguments.count == 4 else { fail("usage: multipart-upload file boundary body-copy") }
        try await multipartUpload(
            file: URL(fileURLWithPath: arguments[1]), boundary: arguments[2],
            bodyCopy: URL(fileURLWithPath: arguments[3]))
    case "raw-response":
        guard arguments.count == 2 else { fail("usage: raw-response hex-bytes") }
        try await rawResponse(hex: arguments[1])
    default:
        fail("unknown command \(arguments.first ?? "")")
    }
} catch {
    fail("\(error)")
}
