import KeelRouting
import Testing

@testable import KeelApp

@Suite("ModuleRegistry registrations, events and actions")
struct ModuleRegistrationTests {
    static let cartService = ServiceKey<String>("cart")

    func cartModule(_ log: CallLog) -> TestModule {
        TestModule("cart", log: log) { registrar in
            registrar.claimScheme("cart")
            registrar.route("cart://open/<int:id>") { request in .value(request.parameters.int("id") ?? 0) }
            registrar.route("cart://summary/<int:user>", action: .cartSummary) { request in
                CartQuery(userID: request.parameters.int("user") ?? 0)
            }
            registrar.service(Self.cartService, scope: .singleton) { _ in "cart service" }
            registrar.action(.cartSummary) { query in CartSummary(userID: query.userID, items: 3) }
            registrar.subscribe(to: [.didEnterBackground]) { _ in await log.append("cart background") }
            registrar.subscribe(to: .cartChanged) { count in await log.append("cart changed \(count)") }
        }
    }

    @Test("M5: events reach subscribers only, in module order; custom events carry a typed payload")
    func events() async throws {
        let log = CallLog()
        let registry = ModuleRegistry()
        try await registry.add(cartModule(log))
        try await registry.add(
            TestModule("analytics", priority: 1, log: log) { registrar in
                registrar.subscribe(to: [.didEnterBackground, .willEnterForeground]) { event in
                    await log.append("analytics \(event)")
                }
                registrar.subscribe(to: .cartChanged) { count in
                    await log.append("analytics changed \(count)")
                }
            })
        try await registry.add(TestModule("silent", log: log))
        try await registry.startAll()
        #expect(await registry.send(.didEnterBackground) == ["analytics", "cart"])
        #expect(await registry.send(.didReceiveMemoryWarning) == [])
        #expect(await registry.post(.cartChanged, 4) == ["analytics", "cart"])
        #expect(
            await log.calls.suffix(4) == [
                "analytics didEnterBackground", "cart background", "analytics changed 4", "cart changed 4",
            ])
    }

    @Test("M6: unload removes the module's routes, services, actions and subscriptions only")
    func unload() async throws {
        let log = CallLog()
        let registry = ModuleRegistry()
        try await registry.add(cartModule(log))
        try await registry.add(
            TestModule("home", log: log) { registrar in
                registrar.route("home://main") { _ in .handled }
                registrar.service(ServiceKey<Int>("home")) { _ in 1 }
                registrar.subscribe(to: [.didEnterBackground]) { _ in await log.append("home background") }
            })
        try await registry.startAll()
        #expect(try registry.router.match("cart://open/1") != nil)
        #expect(try await registry.container.resolve(Self.cartService) == "cart service")
        try await registry.unload("cart")
        #expect(try registry.router.match("cart://open/1") == nil)
        await #expect(
            throws: ResolutionError.notRegistered(key: "String[\"cart\"]", path: ["String[\"cart\"]"])
        ) {
            try await registry.container.resolve(Self.cartService)
        }
        await #expect(throws: ActionError.notFound("cart.summary")) {
            try await registry.perform(.cartSummary, CartQuery(userID: 1))
        }
        #expect(await registry.send(.didEnterBackground) == ["home"])
        #expect(try registry.router.match("home://main") != nil)
        #expect(try await registry.container.resolve(ServiceKey<Int>("home")) == 1)
        #expect(await registry.state(of: "cart") == nil)
        #expect(await registry.lifecycleLog.last == .unloaded("cart"))
        // The scheme is free again.
        try await registry.add(TestModule("cart2", log: log) { $0.claimScheme("cart") })
    }

    @Test("M7: a second module claiming a scheme (or routing into it) gets .schemeConflict")
    func schemeOwnership() async throws {
        let log = CallLog()
        let registry = ModuleRegistry()
        try await registry.add(TestModule("shop", log: log) { $0.claimScheme("shop") })
        await #expect(throws: ModuleError.schemeConflict(scheme: "shop", owner: "shop", claimant: "other")) {
            try await registry.add(TestModule("other", log: log) { $0.claimScheme("SHOP") })
        }
        await #expect(throws: ModuleError.schemeConflict(scheme: "shop", owner: "shop", claimant: "sneaky")) {
            try await registry.add(
                TestModule("sneaky", log: log) { registrar in registrar.route("shop://x") { _ in .handled } })
        }
        #expect(registry.router.routes.isEmpty)
    }

    @Test("a failed registration leaves nothing behind")
    func atomicAdd() async throws {
        let log = CallLog()
        let registry = ModuleRegistry()
        try await registry.add(TestModule("a", log: log) { $0.route("x/<id>") { _ in .handled } })
        await #expect(throws: ModuleError.self) {
            try await registry.add(
                TestModule("b", log: log) { registrar in
                    registrar.route("y") { _ in .handled }
                    registrar.service(ServiceKey<Int>("b")) { _ in 1 }
                    registrar.route("x/<other>") { _ in .handled }
                })
        }
        #expect(registry.router.routes.map(\.pattern) == ["x/<id>"])
        #expect(registry.container.registrations.isEmpty)
        #expect(await registry.state(of: "b") == nil)
    }

    @Test("M8: an action invoked by key and by URL gives the same typed result; missing is .notFound")
    func actions() async throws {
        let log = CallLog()
        let registry = ModuleRegistry()
        try await registry.add(cartModule(log))
        let byKey = try await registry.perform(.cartSummary, CartQuery(userID: 9))
        let byURL = try await registry.perform(.cartSummary, url: "cart://summary/9")
        #expect(byKey == CartSummary(userID: 9, items: 3))
        #expect(byURL == byKey)
        await #expect(throws: ActionError.notFound("missing")) {
            try await registry.perform(ActionKey<Int, Int>("missing"), 1)
        }
        await #expect(
            throws: ModuleError.actionConflict(action: "cart.summary", owner: "cart", claimant: "dup")
        ) {
            try await registry.add(
                TestModule("dup", log: log) { registrar in
                    registrar.action(.cartSummary) { CartSummary(userID: $0.userID, items: 0) }
                })
        }
    }
}
