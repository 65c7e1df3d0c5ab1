import KeelSupport

/// A typed route: a pattern plus the `Codable` parameters it decodes into and builds its URL
/// from, so `route.decode(router.match(route.url(for: p)))` gives back `p`.
///
/// Properties named like a placeholder fill the path; the others become the query (arrays as
/// repeated keys, `nil` omitted).
///
/// ```swift
/// struct Product: Codable, Sendable, Equatable { var id: Int; var ref: String? }
/// let product = try Route<Product>("shop://product/<int:id>")
/// try product.url(for: Product(id: 7, ref: "mail"))   // "shop://product/7?ref=mail"
/// ```
public struct Route<Params: Codable & Sendable>: Sendable {
    /// The parsed pattern.
    package let pattern: RoutePattern

    /// Parses the pattern.
    ///
    /// - Throws: ``RouteError/invalidPattern(_:)``.
    public init(_ pattern: String) throws {
        do { self.pattern = try RoutePattern(pattern) } catch let error as RoutePatternError {
            throw RouteError.invalidPattern(error)
        }
    }

    /// Decodes a match's path parameters and query.
    ///
    /// - Throws: ``RouteError/invalidParameter(name:reason:)``.
    package func decode(_ match: RouteMatch) throws -> Params {
        try ParametersDecoding.decode(Params.self, parameters: match.parameters, query: match.url.query)
    }

    /// Builds the URL for `params`: the first optional-group variant whose placeholders all
    /// have values, every path value and query item percent-encoded.
    ///
    /// - Throws: ``RouteError/notReversible(pattern:reason:)`` when the pattern has a wildcard
    ///   or no variant can be filled, ``RouteError/invalidParameter(name:reason:)`` for an
    ///   empty path value, a nested value, a non-finite number, a path value its built-in
    ///   placeholder type refuses (`<int:id>` given `"abc"`), or another encoding failure.
    public func url(for params: Params) throws -> String {
        let fields: [(name: String, values: [String])]
        let lists: Set<String>
        do { (fields, lists) = try ParametersEncoding.encode(params) } catch let error as RouteError {
            throw error
        } catch {
            throw RouteError.invalidParameter(name: "", reason: "\(error)")
        }
        var values: [String: [String]] = [:]
        for field in fields { values[field.name] = field.values }
        guard
            let variant = pattern.variants.first(where: { variant in
                variant.allSatisfy { segment in
                    guard let name = segment.parameterName else { return true }
                    return values[name]?.isEmpty == false
                }
            })
        else {
            throw RouteError.notReversible(pattern: pattern.text, reason: "no variant has all its parameters")
        }
        var segments: [String] = []
        var used = Set<String>()
        let isWeb = pattern.scheme.map { ExternalURLPolicy.webSchemes.contains($0) } ?? false
        for segment in variant {
            switch segment {
            case .literal(let text) where isWeb && segments.isEmpty && WebAuthority(Substring(text)) != nil:
                // A web pattern's host is an authority, written as such: escaping it made
                // `example.com%3A8443` and `%5B%3A%3A1%5D`, which no browser or policy reads as
                // `example.com:8443` or `[::1]`.
                segments.append(text)
            case .literal(let text):
                segments.append(PercentEncoding.encode(text))
            case .wildcard:
                throw RouteError.notReversible(pattern: pattern.text, reason: "a wildcard has no value")
            case .typed(_, let name), .untyped(let name):
                let fieldValues = values[name] ?? []
                guard fieldValues.count == 1, !fieldValues[0].isEmpty else {
                    throw RouteError.invalidParameter(
                        name: name, reason: "a path segment needs one non-empty value")
                }
                // A value the placeholder's built-in converter refuses would build a URL this
                // route never matches (`<int:id>` given "abc"). A custom type's converter lives
                // in a router, so it is not checked here.
                if case .typed(let type, _) = segment, let convert = BuiltInConverters.all[type],
                    convert(fieldValues[0]) == nil
                {
                    throw RouteError.invalidParameter(
                        name: name, reason: "\"\(fieldValues[0])\" is not a valid \(type.rawValue)")
                }
                segments.append(PercentEncoding.encode(fieldValues[0]))
                used.insert(name)
            case .catchAll(let name):
                // An array keeps its segments (a `/` inside one is escaped); a string splits on `/`.
                let parts =
                    lists.contains(name)
                    ? values[name] ?? []
                        // Split on the `/` byte, as `RouteURL` splits: a combining mark after a `/`
                        // must not hide it.
                    : (values[name]?.first ?? "").utf8.split(
                        separator: UInt8(ascii: "/"), omittingEmptySubsequences: false
                    ).map { String(Substring($0)) }
                guard !parts.isEmpty, !parts.contains(where: \.isEmpty) else {
                    throw RouteError.invalidParameter(
                        name: name, reason: "a catch-all needs non-empty segments")
                }
                segments.append(contentsOf: parts.map(PercentEncoding.encode))
                used.insert(name)
            }
        }
        var query = QueryParameters()
        for field in fields where !used.contains(field.name) {
            for value in field.values { query.append(value, for: field.name) }
        }
        var text = pattern.scheme.map { $0 + "://" } ?? "/"
        text += segments.joined(separator: "/")
        if !query.isEmpty { text += "?" + query.encoded }
        return text
    }
}

/// What a typed route does when its parameters do not decode.
public enum InvalidParameterPolicy: Sendable {
    /// Fail with ``RouteError/invalidParameter(name:reason:)``.
    case fail
    /// Pass to the next candidate (the reason is kept in the near misses).
    case tryNextCandidate
}

extension Router {
    /// Registers a typed route whose handler gets decoded parameters (`external` as in
    /// ``register(_:priority:replace:owner:timeout:external:handler:)``).
    @discardableResult
    public func register<Params>(
        _ route: Route<Params>, priority: Int = 0, replace: Bool = false, owner: String? = nil,
        timeout: Duration? = nil, external: Bool = false,
        onInvalidParameters policy: InvalidParameterPolicy = .fail,
        handler: @escaping @Sendable (Params, RouteRequest) async throws -> RouteOutcome
    ) throws -> RouteID {
        try register(
            route.pattern.text, priority: priority, replace: replace, owner: owner, timeout: timeout,
            external: external
        ) {
            request in
            let params: Params
            do {
                params = try ParametersDecoding.decode(
                    Params.self, parameters: request.parameters, query: request.url.query)
            } catch RouteError.invalidParameter(let name, let reason) where policy == .tryNextCandidate {
                throw PassSignal(reason: .invalidParameter(name: name, reason: reason))
            }
            return try await handler(params, request)
        }
    }

    /// The best match for `url` decoded as `route`'s parameters, if it is that route's pattern
    /// that matches.
    public func match<Params>(_ route: Route<Params>, url: String) throws -> Params? {
        guard let match = try match(url), match.route.pattern == route.pattern.text else { return nil }
        return try route.decode(match)
    }
}
