import Testing

@testable import KeelRouting

@Suite("Concurrency")
struct ConcurrencyTests {
    @Test("R15: 8 tasks × 10 000 matches while another task registers and unregisters")
    func matchWhileMutating() async throws {
        let router = Router()
        try router.register("app://user/<int:id>", handler: answer("user"))
        try router.register("app://user/me", handler: answer("me"))
        let iterations = 10_000
        let failures = await withTaskGroup(of: Int.self) { group in
            group.addTask {
                for index in 0..<2_000 {
                    let pattern = "app://churn\(index % 50)/<int:id>/\(index)"
                    if let id = try? router.register(pattern, handler: answer(pattern)) {
                        if index % 3 != 0 { router.unregister(id) }
                    }
                    if index % 500 == 0 { await Task.yield() }
                }
                return 0
            }
            for worker in 0..<8 {
                group.addTask {
                    var failures = 0
                    for index in 0..<iterations {
                        let id = worker * iterations + index
                        let match = try? router.match("app://user/\(id)")
                        if match?.route.pattern != "app://user/<int:id>"
                            || match?.parameters["id"] != .int(id)
                        {
                            failures += 1
                        }
                        if index % 100 == 0,
                            (try? router.match("app://user/me"))?.route.pattern != "app://user/me"
                        {
                            failures += 1
                        }
                    }
                    return failures
                }
            }
            return await group.reduce(0, +)
        }
        #expect(failures == 0)
        #expect(router.routes.filter { $0.pattern.contains("churn") }.count == 667)
    }

    @Test("a reader's snapshot is immutable: results never mix old and new routes")
    func snapshotIsolation() async throws {
        let router = try makeRouter(["s/<x>"])
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for _ in 0..<500 {
                    let id = try? router.register("s/lit", handler: answer("s/lit"))
                    if let id { router.unregister(id) }
                }
            }
            group.addTask {
                for _ in 0..<5_000 {
                    let candidates = (try? router.candidates(for: "s/lit").map(\.route.pattern)) ?? []
                    #expect(candidates == ["s/<x>"] || candidates == ["s/lit", "s/<x>"])
                }
            }
        }
    }
}
