import KeelRouting
import Testing

@testable import KeelApp

@Suite("Module routes reachable from external URLs")
struct ModuleExternalRouteTests {
    /// Bug: `ModuleRegistrar.route` had no `external:` and registered every route internal,
    /// so `openExternal("shop://product/7")` only ever reported a `notExternal` near miss.
    @Test("a module route declared external is reached by openExternal and unloaded with the module")
    func externalModuleRoute() async throws {
        let router = Router(options: RouterOptions(external: ExternalURLPolicy(allowedSchemes: ["shop"])))
        let registry = ModuleRegistry(router: router)
        try await registry.add(
            TestModule(
                "shop", log: CallLog(),
                declare: { registrar in
                    registrar.claimScheme("shop")
                    registrar.route("shop://product/<int:id>", external: true) { request in
                        .value(request.parameters.int("id") ?? -1)
                    }
                    registrar.route("shop://cart") { _ in .value(0) }
                }))
        #expect(try await router.openExternal("shop://product/7").outcome.value(as: Int.self) == 7)
        // The default stays internal.
        await #expect(throws: RouteError.self) { try await router.openExternal("shop://cart") }
        #expect(try await router.open("shop://cart").outcome.value(as: Int.self) == 0)
        try await registry.unload("shop")
        await #expect(throws: RouteError.self) { try await router.openExternal("shop://product/7") }
    }
}
