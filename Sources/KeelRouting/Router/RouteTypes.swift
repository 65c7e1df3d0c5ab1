/// Identifies one registered route; also its registration order (earlier routes have
/// smaller ids).
public struct RouteID: Hashable, Sendable {
    /// The sequence number.
    package let rawValue: UInt64

    /// Wraps a sequence number.
    package init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// Orders by registration.
    package static func < (lhs: RouteID, rhs: RouteID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// `#<n>`.
    package var description: String { "#\(rawValue)" }
}

/// What the router knows about a registered route, for listing and debugging.
package struct RouteInfo: Hashable, Sendable, CustomStringConvertible {
    /// The route's id (its registration order).
    package let id: RouteID
    /// The pattern as written.
    package let pattern: String
    /// The pattern's scheme, or `nil` for a route of every scheme.
    package let scheme: String?
    /// Ranks routes of equal shape: higher first.
    package let priority: Int
    /// Who registered it (a module id), if said.
    package let owner: String?
    /// Whether URLs from outside the app (``Router/openExternal(_:context:)``) may reach it.
    package let isExternal: Bool

    /// The pattern and its owner.
    package var description: String {
        owner.map { "\(pattern) (\($0))" } ?? pattern
    }
}

/// Parameters captured from a URL's path, by name.
public struct RouteParameters: Hashable, Sendable {
    /// The values by parameter name.
    package let values: [String: ParameterValue]
    /// The percent-decoded segment each single-segment value was converted from, as sent
    /// (`007` for `<int:id>`'s `7`).
    package let raw: [String: String]

    /// Wraps values.
    public init(_ values: [String: ParameterValue] = [:]) {
        self.values = values
        self.raw = [:]
    }

    /// Wraps values and the segments they were converted from.
    package init(_ values: [String: ParameterValue], raw: [String: String]) {
        self.values = values
        self.raw = raw
    }

    /// The value named `name`.
    public subscript(name: String) -> ParameterValue? {
        values[name]
    }

    /// The `.int` value named `name`.
    package func int(_ name: String) -> Int? {
        values[name]?.intValue
    }

    /// The value named `name` as URL text (any kind): the segment as sent, percent-decoded
    /// (`<uuid:id>` keeps its case, `<int:n>` its leading zeros), or the value re-printed when
    /// the parameters were not matched from a URL.
    public func text(_ name: String) -> String? {
        raw[name] ?? values[name]?.text
    }

    /// The values sorted by name.
    package var description: String {
        values.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
    }
}

/// A route that matched a URL, with what it captured.
package struct RouteMatch: Hashable, Sendable {
    /// The route.
    package let route: RouteInfo
    /// The path parameters.
    package let parameters: RouteParameters
    /// The URL that was matched.
    package let url: RouteURL
}

/// Identifies a screen or flow a handler resolves to; apps add static members.
public struct DestinationID: RawRepresentable, Hashable, Sendable {
    /// The name.
    public let rawValue: String

    /// Wraps a name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }
}

/// A platform-neutral navigation target: a UIKit adapter maps it to a view controller.
public struct Destination: Hashable, Sendable {
    /// Which screen.
    public var id: DestinationID
    /// Its arguments as text.
    public var parameters: [String: String]

    /// Creates a destination.
    public init(_ id: DestinationID, parameters: [String: String] = [:]) {
        self.id = id
        self.parameters = parameters
    }
}

/// What a handler did with a request.
public enum RouteOutcome: Sendable {
    /// Handled; nothing to return.
    case handled
    /// Handled, with a result (e.g. an action's output).
    case value(any Sendable)
    /// Resolved to a navigation target.
    case destination(Destination)
    /// Not handled: the router tries the next-best candidate, then the fallbacks.
    case pass

    /// Whether this is ``pass``.
    package var isPass: Bool {
        if case .pass = self { return true }
        return false
    }

    /// The ``value(_:)`` payload cast to `T`.
    public func value<T>(as type: T.Type = T.self) -> T? {
        if case .value(let value) = self { return value as? T }
        return nil
    }
}

/// What a handler receives.
public struct RouteRequest: Sendable {
    /// The URL after middleware rewrites and redirects.
    public let url: RouteURL
    /// The route being run, or `nil` in an unmatched handler.
    package let route: RouteInfo?
    /// The captured path parameters.
    public let parameters: RouteParameters
    /// Anything the caller passed to ``Router/open(_:context:)``.
    public let context: (any Sendable)?

    /// Creates a request (for tests of handlers).
    public init(url: RouteURL, parameters: RouteParameters = .init(), context: (any Sendable)? = nil) {
        self.init(url: url, route: nil, parameters: parameters, context: context)
    }

    /// Creates a request for the route being run.
    package init(url: RouteURL, route: RouteInfo?, parameters: RouteParameters, context: (any Sendable)?) {
        self.url = url
        self.route = route
        self.parameters = parameters
        self.context = context
    }

    /// Decodes the path parameters and the query into `type` (path values win on a shared name).
    ///
    /// - Throws: ``RouteError/invalidParameter(name:reason:)``.
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        try ParametersDecoding.decode(type, parameters: parameters, query: url.query)
    }
}

/// Which handler produced a ``RouteResult``.
package enum RouteSource: Hashable, Sendable {
    /// A registered route.
    case route(RouteInfo)
    /// The unmatched handler of this scheme.
    case schemeFallback(String)
    /// The global unmatched handler.
    case globalFallback
}

/// The result of ``Router/open(_:context:)``.
public struct RouteResult: Sendable {
    /// What the handler returned (never ``RouteOutcome/pass``).
    public let outcome: RouteOutcome
    /// Who handled it.
    package let source: RouteSource
    /// The URL after middleware.
    package let url: RouteURL
    /// Candidates that passed or were rejected before the one that handled it.
    package let skipped: [NearMiss]
}
