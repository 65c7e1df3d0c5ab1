import KeelLogging
import KeelSupport

/// Identifies a start-up task; dependencies name tasks by it.
public struct AppBootstrapTaskID: StringIdentifier, ExpressibleByStringLiteral {
    /// The identifier's text.
    public let rawValue: String

    /// Creates an identifier.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

}

/// Where a start-up task runs.
public enum BootstrapIsolation: Sendable, Hashable {
    /// On the main actor (UI set-up, appearance proxies). The runner starts the task from the
    /// main actor; declare its `run(context:)` (or `run()`) `@MainActor` so its body stays there.
    case mainActor
    /// On the global concurrent executor, in parallel with other tasks.
    case background

    /// `main` or `background`.
    package var description: String {
        switch self {
        case .mainActor: "main"
        case .background: "background"
        }
    }
}

/// Whether the app can start without a task.
public enum BootstrapPolicy: Sendable, Hashable {
    /// Its failure or timeout fails the whole start-up.
    case required
    /// Its failure is recorded; the tasks that depend on it are skipped; others go on.
    case optional
}

/// What a running start-up task can use.
public struct BootstrapContext: Sendable {
    /// The environment the app starts in, if one was given to the bootstrapper.
    public let environment: AppEnvironment?
    /// A logger for start-up messages.
    public let logger: AppLogger
    /// Values tasks hand to the tasks that depend on them.
    public let values: BootstrapValues
}

/// One step of app start-up: the original `AppBootstrapTask`, now with dependencies,
/// isolation, a failure policy, a timeout and a priority (all with defaults).
///
/// A task written for the original foundation conforms as it is — an `identifier` and a
/// `run()`:
///
/// ```swift
/// struct AppearanceTask: AppBootstrapTask {
///     let identifier = "appearance"
///
///     @MainActor func run() async throws {
///         // UINavigationBar.appearance()…
///     }
/// }
/// ```
///
/// A task that reads the environment, the logger or values of the tasks it depends on
/// implements ``run(context:)`` instead. Implement one of the two: ``run(context:)`` calls
/// ``run()`` by default, and the default ``run()`` fails with
/// `BootstrapTaskError.noBody` (a task implementing neither fails when it runs; the
/// defaults never call each other in a loop).
public protocol AppBootstrapTask: Sendable {
    /// A unique identifier (the original foundation's requirement); the type's name by default.
    var identifier: String { get }
    /// The typed identifier dependencies, the runner and the report name the task by; the
    /// ``identifier`` by default (a task may declare either).
    var id: AppBootstrapTaskID { get }
    /// Tasks that must succeed before this one starts. None by default.
    var dependencies: [AppBootstrapTaskID] { get }
    /// Where the task runs; the main actor by default, as the original bootstrapper ran tasks.
    var isolation: BootstrapIsolation { get }
    /// Whether start-up fails without it; required by default.
    var policy: BootstrapPolicy { get }
    /// How long it may take; no limit by default.
    var timeout: Duration? { get }
    /// Among tasks ready at the same time, higher priorities start first. 0 by default.
    var priority: Int { get }
    /// Does the work with what start-up offers; calls ``run()`` by default.
    func run(context: BootstrapContext) async throws
    /// Does the work (the original foundation's requirement); implement it or
    /// ``run(context:)``.
    func run() async throws
}

extension AppBootstrapTask {
    /// The type's name.
    public var identifier: String { String(describing: Self.self) }
    /// The ``identifier`` as the typed identifier dependencies and reports use.
    public var id: AppBootstrapTaskID { AppBootstrapTaskID(rawValue: identifier) }
    /// None.
    public var dependencies: [AppBootstrapTaskID] { [] }
    /// The main actor.
    public var isolation: BootstrapIsolation { .mainActor }
    /// Required.
    public var policy: BootstrapPolicy { .required }
    /// No limit.
    public var timeout: Duration? { nil }
    /// 0.
    public var priority: Int { 0 }

    /// Runs ``run()``.
    public func run(context: BootstrapContext) async throws {
        try await run()
    }

    /// Fails with `BootstrapTaskError.noBody`: the task implements neither ``run()``
    /// nor ``run(context:)``.
    public func run() async throws {
        throw BootstrapTaskError.noBody(id)
    }
}

/// Why a start-up task could not do its work.
package enum BootstrapTaskError: Error, Equatable, CustomStringConvertible {
    /// The task implements neither `run()` nor `run(context:)`.
    case noBody(AppBootstrapTaskID)

    /// A one-line explanation.
    package var description: String {
        switch self {
        case .noBody(let id):
            "start-up task '\(id)' implements neither run() nor run(context:)"
        }
    }
}

/// A start-up task built from a closure.
public struct BootstrapTask: AppBootstrapTask {
    /// The identifier.
    public let identifier: String
    /// The tasks it depends on.
    public let dependencies: [AppBootstrapTaskID]
    /// Where it runs.
    public let isolation: BootstrapIsolation
    /// Its failure policy.
    public let policy: BootstrapPolicy
    /// Its time limit.
    public let timeout: Duration?
    /// Its priority among ready tasks.
    public let priority: Int
    private let body: Body

    private enum Body: Sendable {
        case background(@Sendable (BootstrapContext) async throws -> Void)
        case main(@MainActor @Sendable (BootstrapContext) async throws -> Void)
    }

    /// A task whose body runs in the background.
    public init(
        _ id: AppBootstrapTaskID,
        dependencies: [AppBootstrapTaskID] = [],
        policy: BootstrapPolicy = .required,
        timeout: Duration? = nil,
        priority: Int = 0,
        run: @escaping @Sendable (BootstrapContext) async throws -> Void
    ) {
        self.identifier = id.rawValue
        self.dependencies = dependencies
        self.isolation = .background
        self.policy = policy
        self.timeout = timeout
        self.priority = priority
        body = .background(run)
    }

    /// A task whose body runs on the main actor.
    public init(
        mainActor id: AppBootstrapTaskID,
        dependencies: [AppBootstrapTaskID] = [],
        policy: BootstrapPolicy = .required,
        timeout: Duration? = nil,
        priority: Int = 0,
        run: @escaping @MainActor @Sendable (BootstrapContext) async throws -> Void
    ) {
        self.identifier = id.rawValue
        self.dependencies = dependencies
        self.isolation = .mainActor
        self.policy = policy
        self.timeout = timeout
        self.priority = priority
        body = .main(run)
    }

    /// Runs the closure.
    public func run(context: BootstrapContext) async throws {
        switch body {
        case .background(let run): try await run(context)
        case .main(let run): try await run(context)
        }
    }
}
