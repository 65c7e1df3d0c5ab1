import Foundation
import KeelNetworking
import KeelNetworkingTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The README example, compiled and run against StubTransport.

struct Todo: Codable, Sendable, Equatable {
    var id: Int
    var title: String
}

struct TokenStore: AuthenticationProvider {
    func credential() async throws -> String { "token-1" }
    func refresh(old: String) async throws -> String { "token-2" }
}

func readmeExample(transport: any Transport) async throws -> [Todo] {
    let client = APIClient(
        baseURL: URL(string: "https://api.example.com/v1")!,
        transport: transport,
        interceptors: [AuthenticationInterceptor(provider: TokenStore())], allowsInsecureHTTP: true)

    let todos = Endpoint<[Todo]>(
        .get, "todos",
        query: [URLQueryItem(name: "done", value: "false")],
        timeout: .seconds(10),
        sampleResponse: .json(#"[{"id":1,"title":"Write the README"}]"#))

    do {
        return try await client.send(todos)
    } catch let error as APIError {
        if case .status(401, _, _, _) = error {
            // Signed out: show the login screen.
        }
        throw error
    }
}

@Suite("README example")
struct ReadmeExampleTests {
    @Test("The README's example compiles and runs against StubTransport")
    func example() async throws {
        let stub = StubTransport()
        let todos = try await readmeExample(transport: stub)
        #expect(todos == [Todo(id: 1, title: "Write the README")])
        #expect(stub.requests.first?.header("Authorization") == "Bearer token-1")
        #expect(
            stub.requests.first?.urlRequest.url?.absoluteString
                == "https://api.example.com/v1/todos?done=false")
    }
}

// The README's transfer example (KeelNetworking, "Streaming, Server-Sent Events, WebSockets
// and transfers that resume"), compiled and run against a loopback server by
// `UploadLoopbackTests/readmeExample`.

struct Receipt: Decodable, Sendable {
    var size: Int
}

@MainActor final class ReadmeProgressView {
    var progress: Float = 0
}

func readmeTransferExample(client: APIClient, movie: URL, progressView: ReadmeProgressView) async throws
    -> Receipt
{
    let upload = Endpoint<Receipt>(.post, "files", body: .file(movie, contentType: "video/mp4"))
    let transfer = client.transfer(upload)
    Task { @MainActor in
        for await step in transfer.progress { progressView.progress = Float(step.fractionCompleted ?? 0) }
    }
    let receipt: Receipt
    do {
        receipt = try await transfer.value
    } catch UploadFailure.interrupted(let resume, _) {
        // `resume` is Codable: keep it to try later. Resuming sends only what the server lacks.
        receipt = try await client.transfer(upload, resume: resume).value
    }
    return receipt
}
