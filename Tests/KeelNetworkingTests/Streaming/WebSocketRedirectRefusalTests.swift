import Foundation
import KeelNetworkingTesting
import Testing

@testable import KeelNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A WebSocket's upgrade redirected where the policy refuses used to fail with the redirect's
/// response only (the session is told `nil`), so the socket took it for a drop and reconnected
/// until its budget was spent. The refusal is now kept for the socket, which ends with it.
@Suite("A refused redirect of a WebSocket upgrade is named")
struct WebSocketRedirectRefusalTests {
    @Test("The delegate keeps a registered task's refused redirect, once; an unregistered one's is not kept")
    func refusalKept() throws {
        let transport = URLSessionTransport()
        let source = URL(string: "https://api.example.com/live")!
        let task = transport.session.dataTask(with: URLRequest(url: source))
        defer { task.cancel() }
        let other = transport.session.dataTask(with: URLRequest(url: source))
        defer { other.cancel() }
        transport.registerDeclared(task, headers: [])
        let response = try #require(
            HTTPURLResponse(url: source, statusCode: 302, httpVersion: "HTTP/1.1", headerFields: [:]))
        let downgrade = URLRequest(url: URL(string: "http://api.example.com/live")!)
        for candidate in [task, other] {
            transport.router.urlSession(
                transport.session, task: candidate, willPerformHTTPRedirection: response,
                newRequest: downgrade, completionHandler: { next in #expect(next == nil) })
        }
        let refused = try #require(transport.refusedRedirect(of: task))
        guard case .redirectRefused(let from, let to, _) = refused else {
            Issue.record("expected redirectRefused, got \(refused)")
            return
        }
        #expect(from == source)
        #expect(to == downgrade.url)
        #expect(EventSourceRunner.futility(of: refused) != nil)
        #expect(transport.refusedRedirect(of: task) == nil)
        #expect(transport.refusedRedirect(of: other) == nil)
    }
}
