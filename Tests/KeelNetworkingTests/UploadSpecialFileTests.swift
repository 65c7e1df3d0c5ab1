import Foundation
import KeelNetworkingTesting
import KeelSupport
import KeelTestSupport
import Testing

@testable import KeelNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file body, a multipart file part or a stub's recorded body that is a FIFO, a device or a
/// directory: ``APIError/invalidRequest(field:reason:)`` naming the field and the path, at once,
/// instead of an upload that blocks in `open` (a FIFO) or reads without end (`/dev/zero`).
@Suite struct UploadSpecialFileTests {
    static let notRegular = "is not a regular file (a FIFO, a device, a directory or a socket)"

    static func client() -> APIClient {
        APIClient(
            baseURL: URL(string: "https://api.test")!, transport: StubTransport(), allowsInsecureHTTP: true)
    }

    /// The field and reason of the `invalidRequest` sending `body` throws, in a task of its
    /// own released if it blocks on `fifo`.
    static func refusal(sending body: RequestBody, releasing fifo: URL? = nil) async -> (String, String)? {
        let client = client()
        let outcome = await SpecialFiles.outcome(releasing: fifo) {
            try await client.send(Endpoint<Void>(.post, "upload", body: body))
        }
        guard case .invalidRequest(let field, let reason)? = outcome.error as? APIError else { return nil }
        return (field, reason)
    }

    /// A folder with a FIFO in it.
    static func withFIFO(_ body: (URL) async throws -> Void) async throws {
        let directory = try SpecialFiles.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await body(try SpecialFiles.makeFIFO(in: directory, named: "upload.bin"))
    }

    @Test func aFileBodyThatIsAFIFOOrADeviceIsRefused() async throws {
        // `isReadableFile` let a FIFO through, and the upload then blocked opening it; a device
        // (`/dev/zero`) was read without end.
        try await Self.withFIFO { fifo in
            let refusal = await Self.refusal(
                sending: .file(fifo, contentType: "application/octet-stream"), releasing: fifo)
            #expect(refusal?.0 == "body.file")
            #expect(refusal?.1 == "'\(fifo.path)' \(Self.notRegular)")
        }
        let zero = await Self.refusal(
            sending: .file(URL(fileURLWithPath: "/dev/zero"), contentType: "application/octet-stream"))
        #expect(zero?.0 == "body.file")
        #expect(zero?.1 == "'/dev/zero' \(Self.notRegular)")
    }

    @Test func aMultipartFilePartThatIsAFIFOOrADeviceIsRefused() async throws {
        // A FIFO part used to block the encoder in `Data(contentsOf:)`; `/dev/zero` (size 0)
        // was encoded in memory, read without end.
        try await Self.withFIFO { fifo in
            var form = MultipartFormData()
            form.append(fileAt: fifo, name: "doc")
            let refusal = await Self.refusal(sending: .multipart(form), releasing: fifo)
            #expect(refusal?.0 == "body.multipart[doc]")
            #expect(refusal?.1 == "'\(fifo.path)' \(Self.notRegular)")
        }
        var form = MultipartFormData()
        form.append(fileAt: URL(fileURLWithPath: "/dev/zero"), name: "zero")
        let refusal = await Self.refusal(sending: .multipart(form))
        #expect(refusal?.0 == "body.multipart[zero]")
        #expect(refusal?.1 == "'/dev/zero' \(Self.notRegular)")
    }

    @Test func streamingAFormRefusesAFIFOPart() async throws {
        // `write(to:)` (a form above the memory threshold) used to block in
        // `FileHandle(forReadingFrom:)` on the FIFO.
        try await Self.withFIFO { fifo in
            var form = MultipartFormData()
            form.append("x", name: "field")
            form.append(fileAt: fifo, name: "doc")
            let target = fifo.deletingLastPathComponent().appendingPathComponent("body")
            let encoder = form
            let outcome = await SpecialFiles.outcome(releasing: fifo) { try encoder.write(to: target) }
            guard case .invalidRequest(let field, let reason)? = outcome.error as? APIError else {
                Issue.record("expected invalidRequest, got \(outcome)")
                return
            }
            #expect(field == "body.multipart[doc]")
            #expect(reason == "'\(fifo.path)' \(Self.notRegular)")
        }
    }

    @Test func theUploadFileOpenerRefusesWhatIsNotARegularFile() async throws {
        // The opener the resumable upload copies a range with; `FileHandle(forReadingFrom:)`
        // used to block on a FIFO.
        try await Self.withFIFO { fifo in
            let outcome = await SpecialFiles.outcome(releasing: fifo) {
                _ = try UploadFile.open(fifo, field: "body.file")
            }
            guard case .invalidRequest(let field, let reason)? = outcome.error as? APIError else {
                Issue.record("expected invalidRequest, got \(outcome)")
                return
            }
            #expect(field == "body.file")
            #expect(reason == "'\(fifo.path)' \(Self.notRegular)")
            let file = fifo.deletingLastPathComponent().appendingPathComponent("file.bin")
            try Data("abc".utf8).write(to: file)
            let handle = try UploadFile.open(file, field: "body.file")
            #expect(try handle.readToEnd() == Data("abc".utf8))
            try handle.close()
        }
    }

    @Test func aStubRecordsNoBodyForAFIFOOrADevice() async throws {
        // `bodyData()` used `Data(contentsOf:)`: it blocked on a FIFO and never ended on /dev/zero.
        let request = URLRequest(url: URL(string: "https://api.test/upload")!)
        try await Self.withFIFO { fifo in
            let outcome = await SpecialFiles.outcome(releasing: fifo) {
                if TransportRequest(urlRequest: request, body: .file(fifo)).bodyData() != nil {
                    throw APIError.invalidRequest(field: "body", reason: "a FIFO gave body data")
                }
            }
            guard case .returned = outcome else {
                Issue.record("bodyData() on a FIFO: \(outcome)")
                return
            }
            let file = fifo.deletingLastPathComponent().appendingPathComponent("file.bin")
            try Data("abc".utf8).write(to: file)
            #expect(TransportRequest(urlRequest: request, body: .file(file)).bodyData() == Data("abc".utf8))
        }
        #expect(
            TransportRequest(urlRequest: request, body: .file(URL(fileURLWithPath: "/dev/zero"))).bodyData()
                == nil)
    }

    /// Renames `source` over `target` when the request is adapted: after the builder checked
    /// the file body, before the transport reads it — the window a swap used to have.
    struct RenameOver: APIInterceptor {
        let source: URL
        let target: URL

        func adapt(_ request: inout URLRequest, context: RequestContext) async throws {
            guard rename(source.path, target.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target.path])
            }
        }
    }

    @Test func aFileBodyReplacedAfterTheCheckIsNeverSent() async throws {
        // The builder checked the path, then the transport read the path again: a FIFO renamed
        // over it in between blocked the stub's read, and another file renamed over it was
        // what was sent. Now the body is read only while the path names the checked file.
        let directory = try SpecialFiles.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let upload = directory.appendingPathComponent("upload.bin")
        for swapped in ["file", "fifo"] {
            try Data("checked bytes".utf8).write(to: upload)
            let replacement: URL
            if swapped == "fifo" {
                replacement = try SpecialFiles.makeFIFO(in: directory, named: "replacement")
            } else {
                replacement = directory.appendingPathComponent("replacement")
                try Data("swapped in".utf8).write(to: replacement)
            }
            let stub = StubTransport()
            let client = APIClient(
                baseURL: URL(string: "https://api.test")!, transport: stub, allowsInsecureHTTP: true)
            let endpoint = Endpoint<Void>(
                .post, "upload", body: .file(upload, contentType: "application/octet-stream"),
                interceptors: [RenameOver(source: replacement, target: upload)])
            let failure = Locked<(any Error)?>(nil)
            let outcome = await SpecialFiles.outcome(releasing: upload, within: 30) {
                do { try await client.send(endpoint) } catch { failure.set(error) }
            }
            guard case .returned = outcome else {
                Issue.record("\(swapped): the send did not return: \(outcome)")
                continue
            }
            #expect(stub.requests.isEmpty, "\(swapped): \(stub.requests.map(\.body))")
            guard case .invalidRequest(let field, let reason)? = failure.current as? APIError else {
                let got = String(describing: failure.current)
                Issue.record("\(swapped): expected invalidRequest, got \(got)")
                continue
            }
            #expect(field == "body.file")
            if swapped == "file" {
                #expect(reason == "'\(upload.path)' was replaced after it was checked")
            } else {
                #expect(reason.contains("not a regular file"), "\(reason)")
            }
            try FileManager.default.removeItem(at: upload)
        }
    }

    @Test func aCheckedFileBodyHoldsNoDescriptor() throws {
        // The check kept the file open until the call ended: an app uploading hundreds of files
        // at once held one descriptor per waiting upload (and the copy was inheritable: `dup`
        // drops close-on-exec). Now nothing stays open between the check and the read.
        let directory = try SpecialFiles.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("photo.jpg")
        try Data("0123456789".utf8).write(to: file)
        let checked = try (0..<64).map { _ in try CheckedUploadFile(file, field: "body.file") }
        #if os(Linux)
            #expect(try Self.descriptors(opening: file) == 0)
        #endif
        #expect(try checked[0].contents() == Data("0123456789".utf8))
        #if os(Linux)
            #expect(try Self.descriptors(opening: file) == 0)
        #endif
        // Appended bytes are not sent; a truncated file gives what is left.
        let handle = try FileHandle(forWritingTo: file)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("more".utf8))
        try handle.truncate(atOffset: 4)
        try handle.close()
        #expect(try checked[1].contents() == Data("0123".utf8))
    }

    /// How many of this process's descriptors have `file` open (Linux's `/proc/self/fd`; other
    /// tests running alongside open other files, so only this one's are counted).
    static func descriptors(opening file: URL) throws -> Int {
        let target = file.resolvingSymlinksInPath().path
        return try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").filter {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == target
        }.count
    }

    @Test func theSessionTransportRefusesAFileBodyReplacedAfterTheCheck() async throws {
        // `uploadTask(with:fromFile:)` takes a path, not a descriptor: the file renamed over the
        // checked one used to be uploaded. The transport now sees the path names another file.
        let directory = try SpecialFiles.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let upload = directory.appendingPathComponent("upload.bin")
        try Data("checked bytes".utf8).write(to: upload)
        let replacement = directory.appendingPathComponent("replacement")
        try Data("swapped in".utf8).write(to: replacement)
        let server = try LocalHTTPServer()
        defer { server.stop() }
        server.route("POST", "/upload") { _ in .init(status: 204) }
        let client = APIClient(
            configuration: .init(
                baseURL: server.baseURL, retryPolicy: nil, timeout: .seconds(60), allowsInsecureHTTP: true),
            transport: URLSessionTransport())
        let swapped = Endpoint<Void>(
            .post, "upload", body: .file(upload, contentType: "application/octet-stream"),
            interceptors: [RenameOver(source: replacement, target: upload)])
        let error = await #expect(throws: APIError.self) { try await client.send(swapped) }
        guard case .invalidRequest(let field, let reason)? = error else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(field == "body.file")
        #expect(reason == "'\(upload.path)' was replaced after it was checked")
        #expect(server.requests.isEmpty)
        // Unswapped, the checked file is uploaded as before.
        try await client.send(
            Endpoint<Void>(.post, "upload", body: .file(upload, contentType: "application/octet-stream")))
        #expect(server.requests.map(\.body) == [Data("swapped in".utf8)])
    }

    @Test func anInMemoryFormReadsNoMoreThanItMeasured() throws {
        // The builder measured the form, chose memory below the threshold, then read each
        // file part to its end: a larger file renamed over a part's path in between was read
        // whole into memory. Now the encoding stops at the threshold with a typed error.
        let directory = try SpecialFiles.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("part.bin")
        try Data(repeating: 7, count: 3 << 20).write(to: file)
        var form = MultipartFormData()
        form.append(fileAt: file, name: "doc")
        #expect(try form.encodedData().count > 3 << 20)
        let error = #expect(throws: APIError.self) { try form.encodedData(maximumBytes: 1 << 20) }
        guard case .invalidRequest(let field, let reason)? = error else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(field == "body.multipart[doc]")
        #expect(reason == "'\(file.path)' grew past \(1 << 20) bytes while the form was encoded")
    }
}
