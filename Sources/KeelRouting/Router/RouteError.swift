import KeelSupport

/// Why a candidate route did not handle a URL.
package enum RejectionReason: Hashable, Sendable, CustomStringConvertible {
    /// A literal segment differed.
    case literalMismatch(position: Int, expected: String, found: String)
    /// A typed placeholder's converter refused the segment.
    case conversionFailed(position: Int, type: ParameterType, value: String)
    /// The URL ended before the pattern did.
    case missingSegment(position: Int)
    /// The URL has segments the pattern lacks (no prefix matches without a catch-all).
    case extraSegments(position: Int, segments: [String])
    /// The handler returned ``RouteOutcome/pass``.
    case handlerPassed
    /// Typed parameters failed to decode and the route asked to pass.
    case invalidParameter(name: String, reason: String)
    /// The URL came from outside the app and the route is not registered `external: true`.
    case notExternal

    /// A readable reason.
    package var description: String {
        switch self {
        case .literalMismatch(let position, let expected, let found):
            return "segment \(position): expected \"\(expected)\", found \"\(found)\""
        case .conversionFailed(let position, let type, let value):
            return "segment \(position): \"\(value)\" is not a valid \(type.rawValue)"
        case .missingSegment(let position):
            return "segment \(position): URL ends too early"
        case .extraSegments(let position, let segments):
            return "segment \(position): unexpected extra segments \(segments.joined(separator: "/"))"
        case .handlerPassed:
            return "handler passed"
        case .invalidParameter(let name, let reason):
            return "parameter \"\(name)\": \(reason)"
        case .notExternal:
            return "not reachable from external URLs"
        }
    }
}

/// A route that was considered for a URL and rejected, with the reason.
public struct NearMiss: Hashable, Sendable, CustomStringConvertible {
    /// The route.
    package let route: RouteInfo
    /// Why it was rejected.
    package let reason: RejectionReason

    /// Creates a near miss.
    package init(route: RouteInfo, reason: RejectionReason) {
        self.route = route
        self.reason = reason
    }

    /// `pattern: reason`.
    public var description: String { "\(route.pattern): \(reason)" }
}

/// Errors from registering routes and opening URLs.
public enum RouteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The pattern is malformed.
    case invalidPattern(RoutePatternError)
    /// The URL is malformed.
    case invalidURL(RouteURLError)
    /// A route of the same shape is already registered (pass `replace: true` to replace it).
    case conflict(existing: String, new: String)
    /// No route, scheme fallback or global fallback handled the URL (its user info masked as
    /// `***`, as in every URL a routing error holds).
    case notFound(url: String, nearMisses: [NearMiss])
    /// Typed parameters could not be decoded or encoded.
    case invalidParameter(name: String, reason: String)
    /// The route's handler did not finish within its timeout.
    case timedOut(pattern: String, after: Duration)
    /// A middleware denied the URL.
    case denied(url: String, reason: String)
    /// Middleware redirects came back to a URL already visited or exceeded the hop limit.
    case redirectLoop([String])
    /// A typed route cannot build a URL (its pattern has a wildcard or lacks a value).
    case notReversible(pattern: String, reason: String)
    /// A converter of this name is already registered or is built in.
    case converterExists(ParameterType)
    /// ``Router/openExternal(_:context:)`` refused the URL under the ``ExternalURLPolicy``
    /// (its user info masked as `***`).
    case externalURLRejected(url: String, reason: ExternalURLRejection)

    /// A readable message. URLs show their query values and fragment as `…` (a magic link's
    /// `?token=`, an OAuth callback's `?code=` never reach a log); the associated values keep
    /// the URL as opened, user info masked.
    public var description: String {
        func shown(_ url: String) -> String { URLQueryValues.hidden(in: url) }
        switch self {
        case .invalidPattern(let error): return error.description
        case .invalidURL(let error): return error.description
        case .conflict(let existing, let new):
            return "route \"\(new)\" has the same shape as \"\(existing)\" (use replace: true)"
        case .notFound(let url, let nearMisses):
            let misses = nearMisses.map(\.description).joined(separator: "; ")
            return "no route for \"\(shown(url))\"" + (misses.isEmpty ? "" : "; near misses: \(misses)")
        case .invalidParameter(let name, let reason): return "invalid parameter \"\(name)\": \(reason)"
        case .timedOut(let pattern, let after): return "route \"\(pattern)\" timed out after \(after)"
        case .denied(let url, let reason): return "\"\(shown(url))\" denied: \(reason)"
        case .redirectLoop(let chain): return "redirect loop: \(chain.map(shown).joined(separator: " -> "))"
        case .notReversible(let pattern, let reason):
            return "cannot build a URL for \"\(pattern)\": \(reason)"
        case .converterExists(let type): return "converter \"\(type.rawValue)\" already exists"
        case .externalURLRejected(let url, let reason):
            return "external URL \"\(shown(url))\" refused: \(reason)"
        }
    }
}

/// The story of how a URL was matched: every candidate considered, in order.
public struct RouteExplanation: Sendable, CustomStringConvertible {
    /// One candidate and its verdict.
    package struct Entry: Hashable, Sendable {
        /// The route.
        package let route: RouteInfo
        /// Its verdict.
        package let verdict: Verdict
    }

    /// A candidate's verdict.
    package enum Verdict: Hashable, Sendable {
        /// It matches; `rank` 0 is the winner, 1 the next candidate after a pass, and so on.
        case accepted(rank: Int)
        /// It does not match, and why; `depth` counts the segments that did match.
        case rejected(RejectionReason, depth: Int)
    }

    /// The URL, or the parse error if it was malformed.
    package let url: Result<RouteURL, RouteURLError>
    /// Accepted candidates in precedence order, then rejected ones, deepest first.
    package let entries: [Entry]

    /// The accepted routes in the order they would run.
    package var accepted: [RouteInfo] {
        entries.filter { if case .accepted = $0.verdict { return true } else { return false } }.map(\.route)
    }

    /// One line per candidate.
    public var description: String {
        entries.map { entry in
            switch entry.verdict {
            case .accepted(let rank): return "accept #\(rank) \(entry.route.pattern)"
            case .rejected(let reason, _): return "reject \(entry.route.pattern): \(reason)"
            }
        }.joined(separator: "\n")
    }
}
