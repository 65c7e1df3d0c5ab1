/// What a middleware decided about a URL.
public enum MiddlewareDecision: Hashable, Sendable {
    /// Go on to the next middleware unchanged.
    case proceed
    /// Replace the URL and go on to the next middleware.
    case rewrite(String)
    /// Replace the URL and start the middleware chain again from the first one. Coming back to
    /// a URL already visited, or more hops than the options' `maximumRedirects`, ends with
    /// ``RouteError/redirectLoop(_:)``.
    case redirect(String)
    /// Stop: ``Router/open(_:context:)`` throws ``RouteError/denied(url:reason:)``.
    case deny(reason: String)
}

/// A step every ``Router/open(_:context:)`` runs before matching, in the order added.
///
/// ```swift
/// router.use(.deny("auth") { url in url.segments.first == "account" && !signedIn() ? "signed out" : nil })
/// ```
public struct RouteMiddleware: Sendable {
    /// A name for logs and debugging.
    package let name: String
    let body: @Sendable (RouteURL, (any Sendable)?) async throws -> MiddlewareDecision

    /// A middleware from a closure given the URL and the caller's context.
    public init(
        _ name: String,
        _ body: @escaping @Sendable (RouteURL, (any Sendable)?) async throws -> MiddlewareDecision
    ) {
        self.name = name
        self.body = body
    }

    /// Rewrites URLs for which `transform` returns new text.
    public static func rewrite(_ name: String, _ transform: @escaping @Sendable (RouteURL) -> String?) -> Self
    {
        Self(name) { url, _ in transform(url).map(MiddlewareDecision.rewrite) ?? .proceed }
    }

    /// Redirects URLs for which `target` returns new text.
    public static func redirect(_ name: String, _ target: @escaping @Sendable (RouteURL) -> String?) -> Self {
        Self(name) { url, _ in target(url).map(MiddlewareDecision.redirect) ?? .proceed }
    }

    /// Denies URLs for which `reason` returns a reason.
    public static func deny(_ name: String, _ reason: @escaping @Sendable (RouteURL) async -> String?) -> Self
    {
        Self(name) { url, _ in await reason(url).map { MiddlewareDecision.deny(reason: $0) } ?? .proceed }
    }

    /// Observes every URL (e.g. to log it) and lets it through.
    package static func log(_ name: String = "log", _ record: @escaping @Sendable (RouteURL) -> Void) -> Self
    {
        Self(name) { url, _ in
            record(url)
            return .proceed
        }
    }
}

/// Router settings.
public struct RouterOptions: Sendable {
    /// Decode `+` in query values as a space (form encoding). `true` by default.
    package var plusAsSpace: Bool
    /// Let URLs with a scheme fall back to the routes registered without one. `true` by default;
    /// applies to ``Router/open(_:context:)`` only (external URLs follow ``external``).
    package var fallbackToGlobalRoutes: Bool
    /// The most middleware redirects for one ``Router/open(_:context:)``. 8 by default.
    package var maximumRedirects: Int
    /// What ``Router/openExternal(_:context:)`` accepts; by default no external URL.
    package var external: ExternalURLPolicy

    /// Creates options.
    public init(
        plusAsSpace: Bool = true, fallbackToGlobalRoutes: Bool = true, maximumRedirects: Int = 8,
        external: ExternalURLPolicy = ExternalURLPolicy()
    ) {
        self.plusAsSpace = plusAsSpace
        self.fallbackToGlobalRoutes = fallbackToGlobalRoutes
        self.maximumRedirects = maximumRedirects
        self.external = external
    }
}
