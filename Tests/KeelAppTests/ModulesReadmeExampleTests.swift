import KeelApp
import KeelRouting
import Testing

// The README / NOTES-routing.md example for modules and services, compiled and run.

final class CartStore: Sendable {
    let count = 3
}

extension ModuleID {
    static let shop: ModuleID = "shop"
}

extension ServiceKeys {
    static let cart = ServiceKey<CartStore>()
}

extension ActionKey where Input == Void, Output == Int {
    static var cartCount: Self { .init("cart.count") }
}

struct ShopModule: AppModule {
    let id: ModuleID = .shop

    func register(in registrar: inout ModuleRegistrar) throws {
        registrar.claimScheme("shop")
        registrar.service(ServiceKeys.cart, scope: .singleton) { _ in CartStore() }
        registrar.action(.cartCount) { _ in 3 }
        registrar.route("shop://cart/count", action: .cartCount) { _ in () }
        registrar.subscribe(to: [.didEnterBackground]) { _ in
            // Flush the cart.
        }
    }

    func start() async throws {}
}

@Suite("README example: modules and services")
struct ModulesReadmeExampleTests {
    @Test("the README example runs as written")
    func example() async throws {
        let registry = ModuleRegistry()
        try await registry.add(ShopModule())
        let report = try await registry.startAll()  // report.entries: [shop: 0.01 ms]
        let count = try await registry.perform(.cartCount, ())  // 3
        let viaURL = try await registry.perform(.cartCount, url: "shop://cart/count")  // 3
        let cart = try await registry.container.resolve(ServiceKeys.cart)
        await registry.send(.didEnterBackground)
        try await registry.unload(.shop)  // routes, services, actions and subscriptions go with it

        let services = ServiceContainer()
        try services.register(ServiceKeys.cart, scope: .cached) { _ in CartStore() }
        let inTest = try await services.withOverrides(
            { overrides in try overrides.register(ServiceKeys.cart, replace: true) { _ in CartStore() } },
            operation: { try await services.resolve(ServiceKeys.cart) })

        #expect(report.entries.map(\.id) == [.shop])
        #expect(count == 3 && viaURL == 3 && cart.count == 3 && inTest.count == 3)
        #expect(try registry.router.match("shop://cart/count") == nil)
    }
}
