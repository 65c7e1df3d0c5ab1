#if canImport(SwiftUI)
    import KeelRouting
    import SwiftUI

    /// What a typed route's handler hands back to a ``KeelNavigationModel``: the decoded
    /// parameters, appended to the navigation path.
    package struct KeelRoutePush: Sendable {
        /// Appends the destination to a path.
        package let apply: @MainActor @Sendable (inout NavigationPath) -> Void

        /// A push of `destination` (a typed route's parameters).
        package init<Destination: Hashable & Codable & Sendable>(_ destination: Destination) {
            apply = { path in path.append(destination) }
        }
    }

    /// Typed routes and deep links driving a `NavigationStack` path: each registered
    /// `Route<Params>` pushes its decoded parameters, so opening
    /// `shop://product/7` appends `Product(id: 7)` and the stack shows the destination
    /// `keelNavigationDestination(for:destination:)` gave that type.
    ///
    /// ```swift
    /// let navigation = KeelNavigationModel(router: router)
    /// try navigation.register(Route<Product>("shop://product/<int:id>"))
    /// KeelNavigationStack(navigation) {
    ///     FeedView().keelNavigationDestination(for: Product.self) { ProductView(product: $0) }
    /// }
    /// ```
    @MainActor
    public final class KeelNavigationModel: ObservableObject {
        /// The stack's path.
        @Published public var path = NavigationPath()
        /// The last URL that could not be opened and why (`nil` after a success).
        @Published public private(set) var lastFailure: KeelRouteFailure?
        /// The router the URLs go through (its middleware, policies and other routes apply).
        public let router: Router

        /// A model over `router`.
        public init(router: Router = Router()) {
            self.router = router
        }

        /// Registers `route`: opening a URL it matches pushes the decoded parameters. With
        /// `external` (off by default, as for `Router`), links from outside the app
        /// (``openExternal(_:)``) may reach it.
        @discardableResult
        public func register<Params: Hashable & Codable & Sendable>(
            _ route: Route<Params>, external: Bool = false, priority: Int = 0
        ) throws -> RouteID {
            try router.register(route, priority: priority, external: external) { params, _ in
                .value(KeelRoutePush(params))
            }
        }

        /// Pushes a destination directly (the typed value a route would decode).
        public func push<Destination: Hashable & Codable & Sendable>(_ destination: Destination) {
            KeelRoutePush(destination).apply(&path)
        }

        /// Opens an in-app URL: a typed route's destination is pushed.
        public func open(_ url: String) async throws {
            apply(try await router.open(url))
        }

        /// Opens a URL from outside the app (a deep link) under the router's external policy;
        /// a failure is kept in ``lastFailure`` instead of thrown (`onOpenURL` has no caller
        /// to tell).
        public func openExternal(_ url: URL) async {
            do {
                apply(try await router.openExternal(url.absoluteString))
            } catch {
                lastFailure = KeelRouteFailure(url: url.absoluteString, error: error)
            }
        }

        private func apply(_ result: RouteResult) {
            lastFailure = nil
            result.outcome.value(as: KeelRoutePush.self)?.apply(&path)
        }
    }

    /// A URL that could not be opened.
    public struct KeelRouteFailure: Sendable {
        /// The URL.
        public var url: String
        /// Why (a `RouteError` or a handler's error).
        public var error: any Error
    }

    /// A `NavigationStack` whose path a ``KeelNavigationModel`` drives; deep links the app
    /// receives (`onOpenURL`) go through the model's router.
    public struct KeelNavigationStack<Root: View>: View {
        @ObservedObject private var model: KeelNavigationModel
        private let root: Root

        /// A stack over `model` starting at `root`.
        public init(_ model: KeelNavigationModel, @ViewBuilder root: () -> Root) {
            _model = ObservedObject(wrappedValue: model)
            self.root = root()
        }

        /// The stack.
        public var body: some View {
            NavigationStack(path: $model.path) { root }
                .environmentObject(model)
                .onOpenURL { url in Task { await model.openExternal(url) } }
        }
    }

    extension View {
        /// The view a pushed destination of `type` shows (`navigationDestination(for:)` for a
        /// typed route's parameters).
        public func keelNavigationDestination<Destination: Hashable & Codable & Sendable, Content: View>(
            for type: Destination.Type, @ViewBuilder destination: @escaping (Destination) -> Content
        ) -> some View {
            navigationDestination(for: type, destination: destination)
        }
    }
#endif
