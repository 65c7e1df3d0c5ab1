import Testing

@testable import KeelApp

/// A module type URL's key is split on UTF-8 bytes, as `RouteURL` splits URLs.
@Suite("Module type URL keys")
struct ModuleTypeURLByteTests {
    /// Used to run past a `/` or `?` followed by a combining mark (one `Character` with it),
    /// making the path or query part of the host.
    @Test("a combining mark after / or ? does not hide it")
    func typeURLKey() {
        #expect(ModuleTypeURL.key("App://Host/\u{301}p/") == "app://host/\u{301}p")
        #expect(ModuleTypeURL.key("app://host?\u{301}/x") == "app://host")
        #expect(ModuleTypeURL.key("app://host/a/b/?q#f") == "app://host/a/b")
    }
}
