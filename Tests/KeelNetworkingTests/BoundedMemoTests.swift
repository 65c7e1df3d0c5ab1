import Foundation
import KeelNetworkingTesting
import Testing

@testable import KeelNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("A client's bounded memos")
struct BoundedMemoTests {
    @Test("a memo keeps what it is given and starts over at its limit instead of growing")
    func boundedMemo() {
        let memo = BoundedMemo<String, Int>(limit: 3)
        for (index, key) in ["a", "b", "c"].enumerated() { memo[key] = index }
        #expect(memo["a"] == 0 && memo["b"] == 1 && memo["c"] == 2)
        memo["d"] = 3  // full: starts over with only this one
        #expect(memo["a"] == nil && memo["c"] == nil)
        #expect(memo["d"] == 3)
        memo["d"] = 4
        #expect(memo["d"] == 4)
    }

    @Test("many distinct paths and requests stay within each memo's bound")
    func clientMemosStayBounded() async throws {
        let stub = StubTransport()
        let client = APIClient(
            configuration: .init(baseURL: URL(string: "https://api.test")!, retryPolicy: nil),
            transport: stub)
        for index in 0..<600 {
            _ = try await client.send(
                Endpoint<Void>(.get, "items/\(index)", sampleResponse: SampleResponse()))
        }
        let base = try #require(client.base)
        #expect(base.joined.count <= base.joined.limit)
        #expect(base.templates.count <= base.templates.limit)
        #expect(stub.requests.count == 600)
    }
}
