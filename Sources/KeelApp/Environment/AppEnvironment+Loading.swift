import Foundation
import KeelSupport

extension AppEnvironment {
    /// Loads environment `name` from a JSON configuration file.
    ///
    /// The file holds every environment under `"environments"`; an environment may name another
    /// in `"basedOn"` and then overrides its values per key, at every level of nested objects:
    ///
    /// ```json
    /// { "environments": {
    ///     "production": { "apiBaseURL": "https://api.example.com", "features": { "newFeed": false } },
    ///     "staging": { "basedOn": "production", "apiBaseURL": "https://staging.example.com" },
    ///     "development": { "basedOn": "staging", "logLevel": "trace" } } }
    /// ```
    ///
    /// The file is read through `POSIXFiles`: a FIFO, a device or a directory at `file` is an
    /// error at once (never a read that blocks or never ends), and so is a file of more than
    /// 16 MB.
    ///
    /// - Throws: `AppEnvironmentError` naming the file (and the environment or key).
    public static func load(_ name: Name, from file: URL) throws -> AppEnvironment {
        guard file.isFileURL else {
            throw AppEnvironmentError.unreadableFile(file: file.absoluteString, reason: "not a file URL")
        }
        let data: Data
        do {
            guard
                let read = try POSIXFiles.readRegularFile(
                    atPath: file.path, maximumBytes: maximumFileBytes, followingLinks: true)
            else {
                throw AppEnvironmentError.unreadableFile(file: file.path, reason: "no such file")
            }
            data = read
        } catch let error as AppEnvironmentError {
            throw error
        } catch POSIXFiles.ReadFailure.notRegularFile {
            throw AppEnvironmentError.unreadableFile(
                file: file.path, reason: "not a regular file (a FIFO, a device, a directory or a socket)")
        } catch POSIXFiles.ReadFailure.tooLarge(_, let limit) {
            throw AppEnvironmentError.unreadableFile(file: file.path, reason: "more than \(limit >> 20) MB")
        } catch POSIXFiles.ReadFailure.failed(let failure) {
            throw AppEnvironmentError.unreadableFile(file: file.path, reason: failure.reason)
        }
        return try load(name, from: data, source: file.path)
    }

    /// The largest environment file ``load(_:from:)`` reads: 16 MB, far beyond any
    /// configuration.
    package static let maximumFileBytes = 16 << 20

    /// Loads environment `name` from the JSON resource `resource` of `bundle`.
    package static func load(_ name: Name, resource: String, in bundle: Bundle) throws -> AppEnvironment {
        guard let url = bundle.url(forResource: resource, withExtension: "json") else {
            throw AppEnvironmentError.unreadableFile(
                file: "\(resource).json in \(bundle.bundlePath)", reason: "no such resource")
        }
        return try load(name, from: url)
    }

    /// The most environments one `basedOn` chain may hold, the loaded one included: a deeper
    /// chain is refused with `AppEnvironmentError.malformedFile` naming the file and the
    /// environment.
    package static let maximumInheritanceDepth = 64

    /// Loads environment `name` from JSON `data`; `source` names it in errors.
    public static func load(_ name: Name, from data: Data, source: String) throws -> AppEnvironment {
        let root: JSONValue
        let tape: JSONTape
        do {
            // Keel's shared parser (RFC 8259; UTF-8, or UTF-16/32 transcoded; at most 512 levels
            // of nesting); of duplicate names the last value wins; a number beyond `Double`'s
            // range (`1e400`) is an error. A `JSONError` names the line, column and key path.
            tape = try JSONParser.parse([UInt8](data))
            root = try tape.build(JSONValue.self)
        } catch {
            throw AppEnvironmentError.malformedFile(file: source, reason: "\(error)")
        }
        try rejectInexactIntegers(in: tape, source: source)
        guard case .object(let top) = root, case .object(let environments)? = top["environments"] else {
            throw AppEnvironmentError.malformedFile(
                file: source, reason: "expected an object with an \"environments\" object at the top")
        }
        for (key, value) in environments.pairs {
            guard case .object = value else {
                throw AppEnvironmentError.malformedFile(
                    file: source, reason: "environment '\(key)' should be an object but is \(value.kindName)")
            }
        }
        guard environments[name.rawValue] != nil else {
            throw AppEnvironmentError.unknownEnvironment(
                name: name.rawValue, file: source, available: environments.keys.sorted())
        }
        // The chain of `basedOn` links from `name`: a set beside it finds a cycle in one
        // look-up per step, and the depth is capped, so a file of thousands of links is a
        // typed error at once instead of a quadratic walk.
        var chain: [String] = []
        var visited: Set<String> = []
        var current: String? = name.rawValue
        while let environment = current {
            if visited.contains(environment), let start = chain.firstIndex(of: environment) {
                throw AppEnvironmentError.inheritanceCycle(
                    path: Array(chain[start...]) + [environment], file: source)
            }
            guard chain.count < maximumInheritanceDepth else {
                throw AppEnvironmentError.malformedFile(
                    file: source,
                    reason:
                        "environment '\(name.rawValue)' is based on more than \(maximumInheritanceDepth - 1) environments (basedOn chain too deep)"
                )
            }
            chain.append(environment)
            visited.insert(environment)
            guard case .object(let values)? = environments[environment] else {
                throw AppEnvironmentError.unknownBase(
                    environment: chain[chain.count - 2], base: environment, file: source)
            }
            switch values["basedOn"] {
            case nil: current = nil
            case .string(let base)?: current = base
            case let other?:
                throw AppEnvironmentError.typeMismatch(
                    key: "basedOn", expected: "string", found: other.kindName, environment: environment,
                    file: source)
            }
        }
        var merged = JSONValue.object(JSONObject())
        for environment in chain.reversed() {
            guard case .object(var values)? = environments[environment] else { continue }
            values["basedOn"] = nil
            merged = JSONValue.object(values).merged(over: merged)
        }
        return AppEnvironment(name: name, object: merged.objectValue ?? JSONObject(), source: source)
    }

    /// Refuses an integer that fits in `Int` but not exactly in the `Double` a configuration
    /// number is kept as (beyond ±2^53): `9007199254740993` used to be read as
    /// `9007199254740992` by `ConfigurationKey<Int>` without an error. The number's value
    /// decides, not its spelling: `9007199254740993.0` and `9.007199254740993e15` are the same
    /// integer (they used to pass).
    ///
    /// - Throws: `AppEnvironmentError.malformedFile` naming the file, the key path and the number.
    private static func rejectInexactIntegers(in tape: JSONTape, source: String) throws {
        for (index, token) in tape.tokens.enumerated()
        // A plain integer of 15 digits or fewer is always exact; other spellings are checked.
        where token.kind == .number && (!token.isPlain || token.end - token.start > 15) {
            let text = tape.numberText(at: index)
            guard let exact = integerValue(ofDecimal: text), let value = tape.double(at: index),
                Int(exactly: value) != exact
            else { continue }
            throw AppEnvironmentError.malformedFile(
                file: source,
                reason:
                    "integer \(text) at \(tape.keyPath(to: index).jsonPointer) cannot be kept exactly (configuration numbers are exact up to 2^53)"
            )
        }
    }

    /// The integer a JSON number's text denotes exactly, when it denotes one that fits in
    /// `Int` (`12`, `1.2e1`, `120e-1`, `12.000`); `nil` for a fraction or anything larger.
    static func integerValue(ofDecimal text: String) -> Int? {
        var rest = text[...]
        let negative = rest.first == "-"
        if negative { rest = rest.dropFirst() }
        let mantissaEnd = rest.firstIndex(where: { $0 == "e" || $0 == "E" }) ?? rest.endIndex
        var exponent = 0
        if mantissaEnd < rest.endIndex {
            var exponentText = rest[rest.index(after: mantissaEnd)...]
            let negativeExponent = exponentText.first == "-"
            if exponentText.first == "-" || exponentText.first == "+" {
                exponentText = exponentText.dropFirst()
            }
            // Leading zeros say nothing (`e000016` is `e16`); more than 4 digits after them is
            // far outside `Int` (or far below 1) either way.
            let digits = exponentText.drop(while: { $0 == "0" })
            guard digits.count <= 4, let parsed = Int(digits.isEmpty ? "0" : digits) else { return nil }
            exponent = negativeExponent ? -parsed : parsed
        }
        let mantissa = rest[..<mantissaEnd]
        let point = mantissa.firstIndex(of: ".")
        let fraction = point.map { mantissa[mantissa.index(after: $0)...] } ?? ""
        var digits = Array((point.map { mantissa[..<$0] } ?? mantissa) + fraction)
        exponent -= fraction.count
        while let last = digits.last, last == "0", digits.count > 1 {
            digits.removeLast()
            exponent += 1
        }
        while let first = digits.first, first == "0", digits.count > 1 { digits.removeFirst() }
        if digits == ["0"] { return 0 }
        guard exponent >= 0, digits.count + exponent <= 19 else { return nil }
        return Int((negative ? "-" : "") + String(digits) + String(repeating: "0", count: exponent))
    }
}
