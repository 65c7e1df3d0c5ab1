import Foundation
import KeelLogging
import KeelNetworkingTesting
import KeelSupport
import KeelTesting
import Testing

@testable import KeelNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Credentials in logs and error texts: declared headers, provider headers, URL user info and
/// query tokens.
@Suite("Credentials stay out of logs and error descriptions")
struct CredentialLeakTests {
    @Test("A redirect whose task has no URL is followed without credentials (fail closed)")
    func redirectWithoutSourceStripsCredentials() {
        let router = SessionRouter(redirectPolicy: .default, pinning: nil)
        let task = URLSessionTask()
        #expect(task.currentRequest == nil && task.originalRequest == nil)
        var proposed = URLRequest(url: URL(string: "https://elsewhere.test/next")!)
        proposed.setValue("Bearer SECRET", forHTTPHeaderField: "Authorization")
        proposed.setValue("json", forHTTPHeaderField: "Accept")
        let response = HTTPURLResponse(
            url: URL(string: "https://api.test/a")!, statusCode: 302, httpVersion: "HTTP/1.1",
            headerFields: ["Location": "https://elsewhere.test/next"])!
        let followed = Locked<URLRequest??>(nil)
        router.urlSession(
            URLSession.shared, task: task, willPerformHTTPRedirection: response, newRequest: proposed
        ) { next in followed.withLock { $0 = .some(next) } }
        // It used to be followed unchanged, `Authorization` included.
        let next = followed.withLock { $0 }
        #expect(next != nil)
        #expect(next??.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(next??.value(forHTTPHeaderField: "Accept") == "json")
    }

    @Test("An app configuration keeping URLCache.shared gets no URL cache")
    func sharedURLCacheIsDropped() {
        let configuration = URLSessionConfiguration.default
        configuration.urlCache = URLCache.shared
        let transport = URLSessionTransport(configuration: configuration)
        // It used to keep `URLCache.shared`, a process-wide cache outside the HTTPCache scopes.
        #expect(transport.session.configuration.urlCache == nil)
        #expect(configuration.urlCache === URLCache.shared, "the app's object is left as it is")
    }
}
