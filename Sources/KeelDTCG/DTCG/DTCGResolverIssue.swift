import KeelDesign
import KeelSupport

/// One problem found in a DTCG resolver document (Resolver Module 2025.10) or in the inputs
/// given to it, located by a JSON Pointer into the document.
package struct DTCGResolverIssue: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    package enum Kind: Hashable, Sendable {
        /// The document (or a file it references with a fragment) is not valid JSON.
        case syntax(JSONSyntaxError)
        /// A member has the wrong kind of JSON value.
        case wrongType(expected: String, found: String)
        /// A required member is missing.
        case missingProperty(String)
        /// `version` is not `2025.10`.
        case unsupportedVersion(String)
        /// A member the module does not define (ignored).
        case unknownProperty(String)
        /// A modifier's `contexts` is empty.
        case emptyContexts
        /// A modifier's `default` is not one of its contexts.
        case invalidDefault(String, allowed: [String])
        /// An inline `resolutionOrder` item's `type` is neither `set` nor `modifier`.
        case invalidItemType(String)
        /// Two `resolutionOrder` items have the same name.
        case duplicateName(String)
        /// A `$ref` is malformed or points somewhere it must not.
        case invalidReference(String, reason: String)
        /// A `$ref` points at nothing.
        case unresolvableReference(String)
        /// References lead back to themselves or to a parent of the reference.
        case circularReference([String])
        /// `$ref`s chain deeper than the limit, or sets gather more sources than the limit.
        case limitExceeded(String)
        /// A referenced file could not be loaded.
        case unreadableFile(String, reason: String)
        /// An input names a modifier the document does not declare.
        case unknownModifier(String)
        /// An input selects a context its modifier does not declare.
        case unknownContext(String, modifier: String, allowed: [String])
        /// A modifier without a `default` has no input.
        case missingInput(modifier: String, allowed: [String])
        /// A departure from the letter of the Resolver Module that tools emit: a warning when
        /// reading leniently, an error when `strict`.
        case departure(DTCGDeparture, strict: Bool)
        /// A set under `sets` that neither `resolutionOrder` nor any source references: its
        /// tokens are never read (a warning: usually a forgotten entry).
        case unusedSet(String)
    }

    /// Where: a JSON Pointer into the resolver document (`#/modifiers/theme/default`), or
    /// `inputs` for an input naming nothing.
    package var location: String
    /// What went wrong.
    package var kind: Kind
    /// The resolver document's name, or a referenced file's.
    package var source: String?
    /// The 1-based line in `source` of the member at ``location``, when known.
    package var line: Int?
    /// The 1-based column (in Unicode scalars) of that member, when known.
    package var column: Int?

    /// An issue.
    package init(location: String, kind: Kind, source: String? = nil, line: Int? = nil, column: Int? = nil) {
        self.location = location
        self.kind = kind
        self.source = source
        self.line = line
        self.column = column
    }

    /// Warnings for members that are ignored; everything else is an error.
    package var severity: IssueSeverity {
        switch kind {
        case .unknownProperty, .unusedSet: return .warning
        case .departure(_, let strict): return strict ? .error : .warning
        default: return .error
        }
    }

    /// `file:line:column: location: message`.
    package var description: String {
        var prefix = source ?? ""
        if let line, let column { prefix += prefix.isEmpty ? "\(line):\(column)" : ":\(line):\(column)" }
        if !prefix.isEmpty { prefix += ": " }
        return "\(prefix)\(location): \(severity == .warning ? "warning: " : "")\(message)"
    }

    /// The message without location.
    package var message: String {
        switch kind {
        case .syntax(let error): "invalid JSON: \(error.message)"
        case .wrongType(let expected, let found): "expected \(expected), found \(found)"
        case .missingProperty(let name): "missing required '\(name)'"
        case .unsupportedVersion(let version): "unsupported version '\(version)' (expected 2025.10)"
        case .unknownProperty(let name): "unknown property '\(name)' (ignored)"
        case .unusedSet(let name):
            "set '\(name)' is not in resolutionOrder and no source references it: its tokens are never read"
        case .emptyContexts: "a modifier needs at least one context (two or more; one is a set)"
        case .invalidDefault(let name, let allowed):
            "default '\(name)' is not a context (expected \(allowed.joined(separator: ", ")))"
        case .invalidItemType(let type): "type '\(type)' must be \"set\" or \"modifier\""
        case .duplicateName(let name): "name '\(name)' appears more than once in resolutionOrder"
        case .invalidReference(let reference, let reason): "invalid $ref '\(reference)': \(reason)"
        case .unresolvableReference(let reference): "$ref '\(reference)' points at nothing"
        case .circularReference(let chain): "circular $ref: \(chain.joined(separator: " → "))"
        case .limitExceeded(let reason): reason
        case .unreadableFile(let path, let reason): "cannot load '\(path)': \(reason)"
        case .unknownModifier(let name): "unknown modifier '\(name)'"
        case .unknownContext(let context, let modifier, let allowed):
            "invalid context '\(context)' for modifier '\(modifier)' (expected \(allowed.joined(separator: ", ")))"
        case .missingInput(let modifier, let allowed):
            "missing input for modifier '\(modifier)', which has no default (contexts: \(allowed.joined(separator: ", ")))"
        case .departure(let departure, let strict): departure.message(strict: strict)
        }
    }
}

/// Thrown when a resolver document or its inputs have errors; lists every issue.
public struct DTCGResolverError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Every issue found (errors and warnings).
    package var issues: [DTCGResolverIssue]
    /// An error.
    package init(issues: [DTCGResolverIssue]) { self.issues = issues }
    /// The errors only.
    package var errors: [DTCGResolverIssue] { issues.filter { $0.severity == .error } }
    /// One line per error.
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
