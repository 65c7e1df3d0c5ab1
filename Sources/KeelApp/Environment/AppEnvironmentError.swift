/// What went wrong loading or reading an ``AppEnvironment``; every case names the file.
package enum AppEnvironmentError: Error, Equatable, CustomStringConvertible {
    /// The file could not be read.
    case unreadableFile(file: String, reason: String)
    /// The file is not valid JSON or not of the expected shape.
    case malformedFile(file: String, reason: String)
    /// The file defines no environment of this name.
    case unknownEnvironment(name: String, file: String, available: [String])
    /// `basedOn` names an environment that does not exist.
    case unknownBase(environment: String, base: String, file: String)
    /// `basedOn` links form a cycle; the path lists it (`a → b → a`).
    case inheritanceCycle(path: [String], file: String)
    /// A key was looked up that the environment does not define.
    case missingKey(key: String, environment: String, file: String)
    /// A key holds a value of the wrong type.
    case typeMismatch(key: String, expected: String, found: String, environment: String, file: String)

    /// A one-line explanation naming the key and the file.
    package var description: String {
        switch self {
        case .unreadableFile(let file, let reason):
            "cannot read environment file \(file): \(reason)"
        case .malformedFile(let file, let reason):
            "malformed environment file \(file): \(reason)"
        case .unknownEnvironment(let name, let file, let available):
            "\(file): no environment '\(name)' (defined: \(available.joined(separator: ", ")))"
        case .unknownBase(let environment, let base, let file):
            "\(file): environment '\(environment)' is based on unknown environment '\(base)'"
        case .inheritanceCycle(let path, let file):
            "\(file): environments are based on each other in a cycle: \(path.joined(separator: " → "))"
        case .missingKey(let key, let environment, let file):
            "\(file): environment '\(environment)' has no value for key '\(key)'"
        case .typeMismatch(let key, let expected, let found, let environment, let file):
            "\(file): key '\(key)' of environment '\(environment)' should be \(expected) but is \(found)"
        }
    }
}
