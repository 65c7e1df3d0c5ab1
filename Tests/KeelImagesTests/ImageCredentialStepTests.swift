import Foundation
import KeelImages
import KeelNetworking
import KeelNetworkingTesting
import KeelTestSupport
import Testing

/// One step beside the image loader's closed paths: a header the pipeline declares a credential
/// followed a cross-origin redirect (only the standard set and shapes were stripped), a header
/// value with CR/LF reached the wire, and error descriptions quoted signed URLs whole.
@Suite(.serialized, .onOwnThread) struct ImageCredentialStepTests {
    @Test("A header the pipeline declares a credential does not follow a cross-origin redirect")
    func declaredCredentialStaysHome() async throws {
        let home = try LocalHTTPServer()
        let other = try LocalHTTPServer()
        defer {
            home.stop()
            other.stop()
        }
        let target = other.url("/cdn/a.png", host: "localhost")
        home.route("GET", "/a.png") { _ in .init(status: 302, headers: ["Location": target.absoluteString]) }
        other.route("GET", "/cdn/a.png") { _ in
            .init(
                status: 200, headers: ["Content-Type": "image/png"], body: TestImages.png(width: 2, height: 2)
            )
        }
        let pipeline = ImagePipeline(
            configuration: .init(
                memoryCache: nil, rateLimit: nil,
                credentialHeaders: CredentialHeaders(declaring: ["X-Tenant"])))
        var request = ImageRequest(url: home.url("/a.png"))
        request.headers = ["X-Tenant": "tenant-secret", "Accept": "image/*"]
        _ = try await pipeline.image(for: request)
        #expect(home.requests.last?.header("X-Tenant") == "tenant-secret")
        let landed = try #require(other.requests.last)
        #expect(landed.header("X-Tenant") == nil, "the declared credential reached the other origin")
        #expect(landed.header("Accept") == "image/*")
    }

    @Test("A header value with CR or LF is refused before anything is sent")
    func headerInjectionIsRefused() async throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        server.route("GET", "/a.png") { _ in
            .init(
                status: 200, headers: ["Content-Type": "image/png"], body: TestImages.png(width: 1, height: 1)
            )
        }
        let pipeline = ImagePipeline(configuration: .init(memoryCache: nil, rateLimit: nil))
        var request = ImageRequest(url: server.url("/a.png"))
        request.headers = ["X-Tenant": "a\r\nX-Injected: 1"]
        await #expect(throws: (any Error).self) { _ = try await pipeline.image(for: request) }
        #expect(server.requests.isEmpty)
    }

    @Test("Image errors never quote user info or query values")
    func errorsHideURLSecrets() {
        let url = URL(string: "https://u:pw@cdn.test/a.png?X-Amz-Signature=SIG&token=TOK#frag")!
        struct Underlying: Error {}
        let errors: [ImagePipelineError] = [
            .badStatus(code: 403, url: url), .emptyData(url: url), .notCached(url: url),
            .loadingFailed(url: url, underlying: Underlying()),
            .decodingFailed(url: url, underlying: Underlying()),
            .processingFailed(url: url, processor: "p", underlying: Underlying()),
        ]
        for error in errors {
            for secret in ["pw", "SIG", "TOK", "frag"] {
                #expect(!error.description.contains(secret), "\(error)")
            }
            #expect(error.description.contains("cdn.test/a.png"), "\(error)")
        }
    }

    /// The review of the fix: the URL in the sentence was masked, but the underlying error's
    /// own text (a `URLError` names its failing URL in its user info) still carried the token.
    @Test("A transport failure's description hides the signed URL inside the underlying error")
    func transportFailureHidesSignature() async throws {
        let server = try LocalHTTPServer()
        let closed = server.url("/a.png?X-Amz-Signature=SIGSECRET&token=TOKSECRET")
        server.stop()
        let pipeline = ImagePipeline(configuration: .init(memoryCache: nil, rateLimit: nil))
        do {
            _ = try await pipeline.image(for: ImageRequest(url: closed))
            Issue.record("nothing listens there")
        } catch {
            let text = "\(error)"
            #expect(!text.contains("SIGSECRET"), "\(text)")
            #expect(!text.contains("TOKSECRET"), "\(text)")
        }
        struct Named: Error, CustomStringConvertible {
            var description: String { "failed for https://u:pw@cdn.test/a.png?sig=SIGSECRET, retry" }
        }
        let error = ImagePipelineError.loadingFailed(url: closed, underlying: Named())
        #expect(!error.description.contains("SIGSECRET"))
        #expect(!error.description.contains("pw@"))
        #expect(error.description.contains(", retry"))
    }
}
