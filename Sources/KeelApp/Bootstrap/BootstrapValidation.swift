import KeelSupport

/// Why a set of start-up tasks cannot run; found before any task starts.
public enum BootstrapValidationError: Error, Equatable, CustomStringConvertible {
    /// Two tasks share an identifier.
    case duplicateID(AppBootstrapTaskID)
    /// A task depends on an identifier no task has.
    case unknownDependency(task: AppBootstrapTaskID, dependency: AppBootstrapTaskID)
    /// A task depends on itself.
    case selfDependency(AppBootstrapTaskID)
    /// Tasks depend on each other in a cycle: a closed path in dependency order (`[a, b, a]`: a
    /// depends on b, which depends on a), starting at its first declared member.
    case cycle([AppBootstrapTaskID])

    /// A one-line explanation (`cycle: a → b → a`).
    public var description: String {
        switch self {
        case .duplicateID(let id): "duplicate start-up task '\(id)'"
        case .unknownDependency(let task, let dependency):
            "start-up task '\(task)' depends on unknown task '\(dependency)'"
        case .selfDependency(let id): "start-up task '\(id)' depends on itself"
        case .cycle(let path):
            "start-up tasks depend on each other in a cycle: " + path.map(\.rawValue).joined(separator: " → ")
        }
    }
}

extension BootstrapValidationError {
    /// The graph of `tasks`, by declaration index.
    ///
    /// - Throws: ``BootstrapValidationError`` (untyped: typed throws here crash the compiler's
    ///   SIL generation for iOS).
    static func graph(of tasks: [any AppBootstrapTask]) throws -> DependencyGraph<AppBootstrapTaskID> {
        do {
            return try DependencyGraph(ids: tasks.map(\.id), dependencies: tasks.map(\.dependencies))
        } catch let error as DependencyGraphError<AppBootstrapTaskID> {
            switch error {
            case .duplicate(let id): throw Self.duplicateID(id)
            case .selfDependency(let id): throw Self.selfDependency(id)
            case .unknownDependency(let task, let dependency):
                throw Self.unknownDependency(task: task, dependency: dependency)
            case .cycle(let path): throw Self.cycle(path)
            }
        }
    }
}
