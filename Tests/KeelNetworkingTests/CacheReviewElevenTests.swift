import Foundation
import KeelNetworkingTesting
import KeelSupport
import KeelTesting
import Testing

@testable import KeelNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A route that answers its first `immediate` requests at once and holds every later one at a
/// gate the test opens, saying (through `arrived`) when one is held.
final class HeldRoute: Sendable {
    let gate = ServerGate()
    let arrived = TestSignal()
    private let held = Locked(0)
    private let calls = Counter()
    let immediate: Int

    init(immediate: Int) { self.immediate = immediate }

    /// How many requests are held (or were) at the gate.
    var heldCount: Int { held.current }

    /// The handler: `answer(n)` for the n-th request, after the gate for those past `immediate`.
    func handler(_ answer: @escaping @Sendable (Int) -> LocalHTTPServer.Response) -> LocalHTTPServer.Handler {
        { [self] _ in
            let call = calls.next()
            if call > immediate {
                held.withLock { $0 += 1 }
                arrived.signal()
                _ = gate.wait()
            }
            return answer(call)
        }
    }
}

extension SerialLoopbackTests {
    /// The r11 review's cache, download and cancellation findings.
    @Suite("HTTP cache review r11 (loopback)")
    struct CacheReviewElevenTests {
        // MARK: F1: .cacheOnly never reaches the network

        @Test("cacheOnly: a POST, a DELETE and a conditional GET throw notCached and send nothing")
        func cacheOnlySendsNothing() async throws {
            // Used to: every non-GET (and a GET the app made conditional) went to the server
            // whatever the policy, so an app's offline mode still sent its writes.
            let fixture = try CacheFixture(policy: .cacheOnly)
            fixture.server.route(nil, "/orders") { _ in .init(status: 201, body: Data("made".utf8)) }
            let post = Endpoint<Data>(
                .post, target: .path("/orders"),
                body: .data(Data("{}".utf8), contentType: "application/json"),
                decoding: .data)
            let postError = await #expect(throws: APIError.self) { try await fixture.client.response(post) }
            guard case .notCached = postError else {
                Issue.record("expected notCached, got \(String(describing: postError))")
                return
            }
            let delete = Endpoint<Data>(
                .delete, target: .path("/orders"), cachePolicy: .cacheOnly, decoding: .data)
            let standard = CacheFixture.client(
                server: fixture.server, cache: fixture.cache, policy: .standard)
            let deleteError = await #expect(throws: APIError.self) { try await standard.response(delete) }
            guard case .notCached = deleteError else {
                Issue.record("expected notCached, got \(String(describing: deleteError))")
                return
            }
            let conditional = await #expect(throws: APIError.self) {
                try await fixture.get("/orders", headers: ["If-None-Match": #""x""#])
            }
            guard case .notCached = conditional else {
                Issue.record("expected notCached, got \(String(describing: conditional))")
                return
            }
            #expect(fixture.server.requests.isEmpty, "nothing reached the server")
        }

        @Test("responses(_:) sends a POST once and yields only the network's answer")
        func responsesSendsPostOnce() async throws {
            // Used to: the `.cacheOnly` step sent the POST too: two orders, two `.network` values.
            let fixture = try CacheFixture()
            let orders = Counter()
            fixture.server.route("POST", "/orders") { _ in
                .init(status: 201, body: Data("order \(orders.next())".utf8))
            }
            var seen: [(String, ResponseSource)] = []
            for try await reply in fixture.client.responses(
                Endpoint<Data>(
                    .post, target: .path("/orders"),
                    body: .data(Data("{}".utf8), contentType: "application/json"),
                    decoding: .data))
            {
                seen.append((String(decoding: reply.value, as: UTF8.self), reply.source))
            }
            #expect(seen.count == 1)
            #expect(seen.first.map { $0 == ("order 1", .network) } == true)
            #expect(fixture.count("/orders") == 1)
        }

    }
}
