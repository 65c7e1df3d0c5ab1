import Foundation
import KeelNetworkingTesting
import KeelTestSupport
import Testing

@testable import KeelNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
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
}
