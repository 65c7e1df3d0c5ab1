import Foundation
import KeelDesign
import KeelSupport

/// A set of a resolver document: token sources merged in order (the last occurrence of a
/// token wins).
package struct DTCGResolverSet: Hashable, Sendable {
    /// The name: its key under `sets`, or the inline item's `name`.
    package var name: String
    /// `description`, if given.
    package var description: String?
    /// The sources in order, with `$ref`s to sets and files already followed.
    package var sources: [DTCGSource]
    /// `$extensions`, verbatim.
    package var extensions: JSONValue?
    /// Where it is defined (`#/sets/base`, `#/resolutionOrder/0`).
    package var location: String

    /// A set.
    package init(
        name: String, description: String? = nil, sources: [DTCGSource], extensions: JSONValue? = nil,
        location: String
    ) {
        self.name = name
        self.description = description
        self.sources = sources
        self.extensions = extensions
        self.location = location
    }
}

/// A modifier of a resolver document: named contexts, each a list of token sources, one of
/// which an input selects.
package struct DTCGResolverModifier: Hashable, Sendable {
    /// The name inputs use: its key under `modifiers`, or the inline item's `name`.
    package var name: String
    /// `description`, if given.
    package var description: String?
    /// The context names in document order.
    package var contextNames: [String]
    /// The sources of each context, with `$ref`s to sets and files already followed.
    package var contexts: [String: [DTCGSource]]
    /// The context used when the inputs do not name this modifier.
    package var defaultContext: String?
    /// `$extensions`, verbatim.
    package var extensions: JSONValue?
    /// Where it is defined (`#/modifiers/theme`, `#/resolutionOrder/2`).
    package var location: String

    /// A modifier.
    package init(
        name: String, description: String? = nil, contextNames: [String], contexts: [String: [DTCGSource]],
        defaultContext: String? = nil, extensions: JSONValue? = nil, location: String
    ) {
        self.name = name
        self.description = description
        self.contextNames = contextNames
        self.contexts = contexts
        self.defaultContext = defaultContext
        self.extensions = extensions
        self.location = location
    }
}

/// One step of `resolutionOrder`.
package enum DTCGResolutionItem: Hashable, Sendable {
    /// A set, always applied.
    case set(DTCGResolverSet)
    /// A modifier, applied with the context the inputs select.
    case modifier(DTCGResolverModifier)

    /// The set's or modifier's name.
    package var name: String {
        switch self {
        case .set(let set): set.name
        case .modifier(let modifier): modifier.name
        }
    }
}

/// A DTCG resolver document (Design Tokens Resolver Module 2025.10): `sets` of token sources,
/// `modifiers` with contexts (light/dark, sizes, brands…), and the `resolutionOrder` that
/// composes them.
///
/// Reading follows every `$ref` (to `#/sets/<name>`, to `#/modifiers/<name>` from
/// `resolutionOrder`, to files through the loader) and throws ``DTCGResolverError`` listing
/// every problem with its JSON Pointer; it never crashes. Resolving it for inputs (what
/// `DTCGThemeImporter.importTheme(from:inputs:appearance:basedOn:)` does) validates the
/// inputs, flattens the sources in order (the last occurrence of a token wins) and resolves
/// aliases on the merged tokens.
public struct DTCGResolverDocument: Sendable {
    /// The version; always `2025.10` once read.
    package var version: String
    /// `name`, if given.
    package var name: String?
    /// `description`, if given.
    package var description: String?
    /// The root `sets`, in document order.
    package var sets: [DTCGResolverSet]
    /// The root `modifiers`, in document order.
    package var modifiers: [DTCGResolverModifier]
    /// `resolutionOrder`, with references replaced by what they name.
    package var resolutionOrder: [DTCGResolutionItem]
    /// Warnings found while reading (ignored members).
    package var warnings: [DTCGResolverIssue]

    /// Reads a resolver document. `loader` loads a file `$ref` (its path as written, without a
    /// `#` fragment); without one, file references are errors.
    public init(source: DTCGSource, loader: ((String) throws -> DTCGSource)? = nil) throws {
        try self.init(source: source, loader: loader, strict: false)
    }

    /// Reads a resolver document; `strict`, departures from the module's letter that tools
    /// emit (a single-context modifier, a source's `$ref` into a modifier) are errors.
    package init(source: DTCGSource, loader: ((String) throws -> DTCGSource)?, strict: Bool) throws {
        let root: JSONValue
        let tape: JSONTape
        let bytes = [UInt8](source.data)
        let start = DTCGSourceMap.Position(line: source.line, column: source.column)
        do {
            tape = try JSONValue.tape(of: bytes, maximumDepth: DTCGSourceMap.maximumNesting)
            root = try JSONValue(tape: tape)
        } catch {
            let syntax = error as? JSONSyntaxError ?? JSONSyntaxError(message: "\(error)", line: 1, column: 1)
            let position = DTCGSourceMap.Position(line: syntax.line, column: syntax.column).shifted(by: start)
            throw DTCGResolverError(issues: [
                DTCGResolverIssue(
                    location: "#", kind: .syntax(syntax), source: source.name, line: position.line,
                    column: position.column)
            ])
        }
        if let offset = DTCGSourceMap.firstInvalidUTF8(in: bytes) {
            let position = DTCGSourceMap.position(of: offset, in: bytes).shifted(by: start)
            let syntax = JSONSyntaxError(
                message: "invalid UTF-8 (byte \(offset))", line: position.line, column: position.column)
            throw DTCGResolverError(issues: [
                DTCGResolverIssue(
                    location: "#", kind: .syntax(syntax), source: source.name, line: position.line,
                    column: position.column)
            ])
        }
        let map = DTCGSourceMap(tape: tape, start: start)
        guard case .object(let object) = root else {
            throw DTCGResolverError(issues: [
                DTCGResolverIssue(
                    location: "#", kind: .wrongType(expected: "an object", found: root.kindName),
                    source: source.name, line: source.line, column: source.column)
            ])
        }
        var parser = DTCGResolverParser(
            root: object, documentName: source.name, loader: loader, map: map, bytes: bytes, strict: strict)
        let parsed = parser.parse()
        let issues = parser.issues.map { issue -> DTCGResolverIssue in
            guard issue.source == source.name, issue.line == nil,
                let segments = DTCGReference.pointerSegments(issue.location)
            else { return issue }
            var located = issue
            var member = segments
            if case .unknownProperty(let name) = issue.kind { member.append(name) }
            let position = map.entry(member).position
            located.line = position.line
            located.column = position.column
            return located
        }
        if issues.contains(where: { $0.severity == .error }) {
            throw DTCGResolverError(issues: issues)
        }
        version = parsed.version
        name = parsed.name
        description = parsed.description
        sets = parsed.sets
        modifiers = parsed.modifiers
        resolutionOrder = parsed.resolutionOrder
        warnings = issues
    }

    /// Reads the resolver document at `path`, loading relative file references from its folder.
    public init(path: String) throws {
        try self.init(path: path, strict: false)
    }

    /// Reads the resolver document at `path`, strictly or leniently.
    package init(path: String, strict: Bool) throws {
        let data: Data
        do {
            data = try DTCGResolverDocument.readFile(path)
        } catch {
            let reason =
                (error as? DTCGResolverLoadError)?.reason == .missing ? "no such readable file" : "\(error)"
            throw DTCGResolverError(issues: [
                DTCGResolverIssue(location: "#", kind: .unreadableFile(path, reason: reason))
            ])
        }
        try self.init(
            source: DTCGSource(name: path, data: data),
            loader: DTCGResolverDocument.fileLoader(relativeTo: DTCGResolverDocument.directory(of: path)),
            strict: strict)
    }

    /// A loader reading file references relative to `directory` (`""` for the current one); the
    /// sources are named by the joined path, so issues point at the real file.
    package static func fileLoader(relativeTo directory: String) -> (String) throws -> DTCGSource {
        { path in
            let joined =
                directory.isEmpty || path.hasPrefix("/")
                ? path : directory.hasSuffix("/") ? directory + path : directory + "/" + path
            return DTCGSource(name: joined, data: try readFile(joined))
        }
    }

    /// The bytes of the token or resolver file at `path`, which the document (input) may name:
    /// read through `POSIXFiles` — a FIFO, a device (`/dev/zero`), a directory or a socket is
    /// refused without blocking, and at most ``DTCGResolverParser/maximumSourceBytes`` are read
    /// (more than a whole resolution may gather). A link is followed to a regular file.
    /// Throws only ``DTCGResolverLoadError`` (untyped: Swift 6.3's iOS front end crashes
    /// lowering a typed `throws` here). The `keel tokens` command reads the token files named
    /// on its command line through it too.
    package static func readFile(_ path: String) throws -> Data {
        let data: Data?
        do {
            data = try POSIXFiles.readRegularFile(
                atPath: path, maximumBytes: DTCGResolverParser.maximumSourceBytes, followingLinks: true)
        } catch {
            throw DTCGResolverLoadError(path: path, reason: loadFailureReason(error))
        }
        guard let data else { throw DTCGResolverLoadError(path: path) }
        return data
    }

    /// Why a read through `POSIXFiles` failed, as a load error's reason.
    private static func loadFailureReason(_ error: any Error) -> DTCGResolverLoadError.Reason {
        switch error {
        case POSIXFiles.ReadFailure.notRegularFile: .notRegularFile
        case POSIXFiles.ReadFailure.tooLarge(_, let limit): .tooLarge(limit: limit)
        case POSIXFiles.ReadFailure.failed(let failure): .failed(failure.reason)
        default: .failed("\(error)")
        }
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Every modifier an input may name: those in `resolutionOrder`, then root modifiers it
    /// does not use (which still need an input or a default, as the spec asks of every one).
    package var inputModifiers: [DTCGResolverModifier] {
        var result: [DTCGResolverModifier] = []
        for case .modifier(let modifier) in resolutionOrder
        where !result.contains(where: { $0.name == modifier.name }) {
            result.append(modifier)
        }
        for modifier in modifiers where !result.contains(where: { $0.name == modifier.name }) {
            result.append(modifier)
        }
        return result
    }

    /// The context each modifier takes for `inputs`: validated as the spec's first stage
    /// (an unknown modifier or context, or a missing input without default, is an error).
    /// Names match exactly, else case-insensitively, as the spec recommends.
    package func contexts(for inputs: [String: String]) throws -> [String: String] {
        let known = inputModifiers
        var issues: [DTCGResolverIssue] = []
        var selected: [String: String] = [:]
        for (key, value) in inputs.sorted(by: { $0.key < $1.key }) {
            guard
                let modifier = DTCGResolverDocument.match(key, in: known.map(\.name)).flatMap({ name in
                    known.first { $0.name == name }
                })
            else {
                issues.append(DTCGResolverIssue(location: "inputs", kind: .unknownModifier(key)))
                continue
            }
            guard let context = DTCGResolverDocument.match(value, in: modifier.contextNames) else {
                issues.append(
                    DTCGResolverIssue(
                        location: modifier.location,
                        kind: .unknownContext(value, modifier: modifier.name, allowed: modifier.contextNames))
                )
                continue
            }
            selected[modifier.name] = context
        }
        for modifier in known where selected[modifier.name] == nil {
            if let fallback = modifier.defaultContext {
                selected[modifier.name] = fallback
            } else if !issues.contains(where: {
                if case .unknownContext(_, let name, _) = $0.kind { return name == modifier.name }
                return false
            }) {
                issues.append(
                    DTCGResolverIssue(
                        location: modifier.location,
                        kind: .missingInput(modifier: modifier.name, allowed: modifier.contextNames)))
            }
        }
        if !issues.isEmpty { throw DTCGResolverError(issues: issues) }
        return selected
    }

    /// The most combinations ``combinations(subset:)`` lists: far above a real system's
    /// matrix (4 modes × 7 sizes is 28), far below what exhausts memory.
    package static let maximumCombinations = 4_096

    /// The most token-file bytes a matrix of combinations may read, each combination's
    /// sources counted once per combination: a 10,000-token system's 4 × 7 matrix reads about
    /// 50 MB; 4,096 combinations of a 188 KB file (770 MB) took minutes and gigabytes.
    package static let maximumMatrixBytes = 256 << 20

    /// The error of a matrix past one of its limits, located at `modifiers`.
    private static func matrixLimit(_ reason: String) -> DTCGResolverError {
        DTCGResolverError(issues: [DTCGResolverIssue(location: "modifiers", kind: .limitExceeded(reason))])
    }

    /// Every combination of contexts: for each modifier an input may name (in
    /// ``inputModifiers`` order), the contexts `subset` lists for it (matched as inputs are),
    /// else all of them. Throws ``DTCGResolverError`` for a subset naming an unknown modifier
    /// or context, or for more than ``maximumCombinations`` combinations or
    /// ``maximumMatrixBytes`` of token files read across them.
    package func combinations(subset: [String: [String]] = [:]) throws -> [[(
        modifier: String, context: String
    )]] {
        let known = inputModifiers
        var issues: [DTCGResolverIssue] = []
        var chosen: [String: [String]] = [:]
        for (key, values) in subset.sorted(by: { $0.key < $1.key }) {
            guard let name = DTCGResolverDocument.match(key, in: known.map(\.name)),
                let modifier = known.first(where: { $0.name == name })
            else {
                issues.append(DTCGResolverIssue(location: "inputs", kind: .unknownModifier(key)))
                continue
            }
            var contexts: [String] = []
            for value in values {
                guard let context = DTCGResolverDocument.match(value, in: modifier.contextNames) else {
                    issues.append(
                        DTCGResolverIssue(
                            location: modifier.location,
                            kind: .unknownContext(
                                value, modifier: modifier.name, allowed: modifier.contextNames)))
                    continue
                }
                if !contexts.contains(context) { contexts.append(context) }
            }
            chosen[name] = contexts
        }
        if !issues.isEmpty { throw DTCGResolverError(issues: issues) }
        // The product is counted before anything is built: 40 two-context modifiers (a 3.5 KB
        // document) asked for 2^40 combinations and ran the machine out of memory.
        var count = 1
        for modifier in known {
            let (product, overflow) = count.multipliedReportingOverflow(
                by: chosen[modifier.name]?.count ?? modifier.contextNames.count)
            guard !overflow, product <= Self.maximumCombinations else {
                throw Self.matrixLimit(
                    "more than \(Self.maximumCombinations) combinations of modifier contexts (\(known.count) modifiers); select some with inputs"
                )
            }
            count = product
        }
        // Each combination reads every set and one context of each modifier: bound the whole
        // matrix's reading too, or 4,096 combinations of a large file run for minutes.
        var bytesPerCombination = 0
        for item in resolutionOrder {
            switch item {
            case .set(let set): bytesPerCombination += set.sources.reduce(0) { $0 + $1.data.count }
            case .modifier(let modifier):
                let names = chosen[modifier.name] ?? modifier.contextNames
                bytesPerCombination +=
                    names.map { (modifier.contexts[$0] ?? []).reduce(0) { $0 + $1.data.count } }.max() ?? 0
            }
        }
        let (matrixBytes, overflow) = count.multipliedReportingOverflow(by: bytesPerCombination)
        guard !overflow, matrixBytes <= Self.maximumMatrixBytes else {
            throw Self.matrixLimit(
                "\(count) combinations of modifier contexts would read more than \(Self.maximumMatrixBytes >> 20) MB of token files (up to \(bytesPerCombination) bytes each); select some with inputs"
            )
        }
        var result: [[(modifier: String, context: String)]] = [[]]
        for modifier in known {
            let contexts = chosen[modifier.name] ?? modifier.contextNames
            result = result.flatMap { prefix in contexts.map { prefix + [(modifier.name, $0)] } }
        }
        return result
    }

    /// The token sources `inputs` select, in `resolutionOrder`: every set's sources, and for
    /// each modifier the sources of its selected context. Throws ``DTCGResolverError`` for
    /// invalid inputs.
    package func sources(for inputs: [String: String]) throws -> [DTCGSource] {
        let selected = try contexts(for: inputs)
        var result: [DTCGSource] = []
        for item in resolutionOrder {
            switch item {
            case .set(let set): result += set.sources
            case .modifier(let modifier):
                if let context = selected[modifier.name] { result += modifier.contexts[context] ?? [] }
            }
            if let reason = DTCGResolverParser.limitExceeded(result) {
                throw DTCGResolverError(issues: [
                    DTCGResolverIssue(
                        location: "#/resolutionOrder",
                        kind: .limitExceeded("the resolution gathers \(reason)"))
                ])
            }
        }
        return result
    }

    /// The resolution for `inputs`: the selected sources merged in order (the last
    /// occurrence of a token wins), then aliases resolved on the merged tokens. Throws
    /// ``DTCGResolverError`` for invalid inputs; token problems are the document's `issues`.
    package func resolve(
        inputs: [String: String] = [:], options: DTCGOptions = DTCGOptions(), cache: DTCGParseCache? = nil
    ) throws -> DTCGDocument {
        DTCGDocument(sources: try sources(for: inputs), options: options, cache: cache)
    }

    /// `name` itself when in `names`, else the one name equal to it ignoring case.
    static func match(_ name: String, in names: [String]) -> String? {
        if names.contains(name) { return name }
        let folded = names.filter { $0.lowercased() == name.lowercased() }
        return folded.count == 1 ? folded[0] : nil
    }
}

/// A file the default loader could not read: which, and why.
struct DTCGResolverLoadError: Error, Equatable, CustomStringConvertible {
    /// Why the file could not be read.
    enum Reason: Equatable {
        /// Nothing is at the path.
        case missing
        /// A FIFO, a device, a directory or a socket is at the path.
        case notRegularFile
        /// The file holds more than `limit` bytes.
        case tooLarge(limit: Int)
        /// The system refused (its explanation).
        case failed(String)
    }

    /// The path as the loader joined it.
    var path: String
    /// Why it could not be read.
    var reason: Reason = .missing

    /// The message each reason gives, naming the path.
    var description: String {
        switch reason {
        case .missing: "no readable file at '\(path)'"
        case .notRegularFile: "'\(path)' is not a regular file (a FIFO, a device, a directory or a socket)"
        case .tooLarge(let limit): "'\(path)' holds more than \(limit >> 20) MB"
        case .failed(let reason): "'\(path)' cannot be read: \(reason)"
        }
    }
}
