// The names of the framework article ("How to build a Swift framework (2)": its mode switch,
// level logger, permission status and plugin module center) over Keel's concepts:
// AppEnvironment's names and logging presets, AppLogger, PermissionStatus, and the module
// registry's scheme / data-flow / class-lookup model. Tests/SeedDocuments/swift-framework-article.md
// is the article; Examples/SeedExamples/Framework/FrameworkArticle.swift is its code.
import Foundation
import KeelApp
import KeelLogging
import KeelPermissions
import KeelRouting
import KeelSupport

// MARK: - The mode switch

/// The article's `Mode`: Keel's environment name (`.development`, `.staging`, `.production`).
@available(*, deprecated, renamed: "AppEnvironment.Name")
public typealias Mode = AppEnvironment.Name

extension AppEnvironment.Name {
    /// The article's `develope` mode: prints logs, reports none.
    @available(*, deprecated, renamed: "development")
    public static var develope: Self { .development }

    /// The article's `prepared` mode: the console quiet, logs reported.
    @available(*, deprecated, renamed: "staging")
    public static var prepared: Self { .staging }
}

/// The article's global mode switch. Setting ``currentMode`` applies that environment's
/// logging preset to `LogRouter.shared`: development prints to the console, staging and
/// production keep it quiet and record to the ring buffer and files.
@available(
    *, deprecated,
    message:
        "the mode is the environment the app launched with: LogRouter.shared.configure(try environment.loggingConfiguration())"
)
public final class INSModeSwitch: Sendable {
    /// The one switch (``ModeSwitcher``), in development mode as the article's.
    public static let `default` = INSModeSwitch()

    private let mode = Locked(AppEnvironment.Name.development)

    private init() {}

    /// The mode; setting it configures `LogRouter.shared` with the mode's logging preset.
    public var currentMode: AppEnvironment.Name {
        get { mode.current }
        set {
            mode.set(newValue)
            // Without values the preset cannot fail (no `logLevel` to parse).
            let environment = AppEnvironment(name: newValue, values: [:], source: "ModeSwitcher")
            if let configuration = try? environment.loggingConfiguration() {
                LogRouter.shared.configure(configuration)
            }
        }
    }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The article's mode selector, `INSModeSwitch.default`.
@available(
    *, deprecated,
    message:
        "the mode is the environment the app launched with: LogRouter.shared.configure(try environment.loggingConfiguration())"
)
public let ModeSwitcher = INSModeSwitch.default

// MARK: - The level logger

extension LogLevel {
    /// The article's `all` level: everything, Keel's most verbose level.
    @available(*, deprecated, renamed: "trace")
    public static var all: LogLevel { .trace }

    /// The article's `information` level.
    @available(*, deprecated, renamed: "info")
    public static var information: LogLevel { .info }
}

/// The article's logger, over an `AppLogger` (subsystem `app`, category `ILog`). As the
/// article's, its ``level`` selects one level only, or every level (`.all`): at `.warning` only
/// warnings are written, at `.debug` only debug records. Keel's levels the article did not have
/// (`notice`, `error`, `critical`) are written when at least as severe as ``level``. Whether
/// anything reaches the console is the mode's logging preset (``ModeSwitcher``).
@available(*, deprecated, message: "use an AppLogger: AppLogger(subsystem:category:).warning(\"…\")")
public final class INSLogger: Sendable {
    /// The one logger (``Logger``), writing every level.
    public static let `default` = INSLogger(logger: AppLogger(subsystem: "app", category: "ILog"))

    private let logger: Locked<AppLogger>

    private let threshold = Locked(LogLevel.trace)

    /// A logger writing through `logger` (every level reaches it; ``level`` filters first).
    package init(logger: AppLogger) {
        var logger = logger
        logger.level = .trace
        self.logger = Locked(logger)
    }

    /// The level written (`.all`: every level), as the article's `Logger.level`.
    public var level: LogLevel {
        get { threshold.current }
        set { threshold.set(newValue) }
    }

    /// The article's `printLog`: writes `details` (the article's `[file: function: line]`) and
    /// `items` at `lev` when ``level`` admits it (the mode decides whether it is printed).
    public func printLog(
        _ lev: LogLevel, _ details: String, _ items: Any, fileID: String = #fileID,
        function: String = #function, line: UInt = #line
    ) {
        write(lev, "\(details) \(Self.text(of: items))", fileID: fileID, function: function, line: line)
    }

    /// The article's `ILog`: `items` at `lev`, after the article's details — the file's name,
    /// the function and the line, `[ViewController.swift: viewDidLoad(): 24]` — also recorded as
    /// the record's source.
    package func log(_ lev: LogLevel, _ items: Any?, fileID: String, function: String, line: UInt) {
        let details = LogSourceLocation(fileID: fileID, function: function, line: line).articleDetails
        write(lev, "\(details) \(Self.text(of: items))", fileID: fileID, function: function, line: line)
    }

    /// Writes `text` at `lev` when ``level`` selects it (`LogLevel.selects(_:)`, KeelLogging).
    private func write(_ lev: LogLevel, _ text: String, fileID: String, function: String, line: UInt) {
        logger.current.log(
            level: lev, selectedBy: level, text, fileID: fileID, function: function, line: line)
    }

    /// `items` as text; `nil` as `nil`.
    private static func text(of items: Any?) -> String {
        switch items {
        case .some(let value): String(describing: value)
        case .none: "nil"
        }
    }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The article's logger, `INSLogger.default`.
@available(*, deprecated, message: "use an AppLogger: AppLogger(subsystem:category:).warning(\"…\")")
public let Logger = INSLogger.default

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The article's logging call: writes `items` at `lev` when ``Logger``'s level admits it,
/// after the article's `[file: function: line]` (Keel records them as the record's source too).
@available(*, deprecated, message: "use an AppLogger: log.warning(\"\\(items)\")")
public func ILog(
    _ lev: LogLevel, _ items: Any?, _ function: StaticString = #function, _ line: Int = #line,
    _ file: StaticString = #fileID
) {
    Logger.log(lev, items, fileID: "\(file)", function: "\(function)", line: UInt(clamping: line))
}

// MARK: - The permission status

// swift-format-ignore: TypeNamesShouldBeCapitalized
/// The article's permission status: Keel's (`granted` is `authorized`, `missingFramework` is
/// `missingProvider`).
@available(*, deprecated, renamed: "PermissionStatus")
public typealias kPermissionAccess = PermissionStatus

extension PermissionStatus {
    /// The article's `granted`.
    @available(*, deprecated, renamed: "authorized")
    public static var granted: PermissionStatus { .authorized }

    /// The article's `missingFramework`: the permission's `KeelPermissions…` provider is not
    /// registered.
    @available(*, deprecated, renamed: "missingProvider")
    public static var missingFramework: PermissionStatus { .missingProvider }
}

// MARK: - The module center

/// The article's untyped data flow: Keel's is an `ActionKey<Input, Output>`.
@available(
    *, deprecated, message: "declare a typed ActionKey<Input, Output> with ModuleRegistrar.action(_:handler:)"
)
public typealias INSDataFlowHandler = (Any...) -> Any

/// The article's plugin requirements: Keel's `AppModule` (`id`, `register(in:)`, `start()`,
/// `stop()`). On the main actor, where the article's app called them.
@available(
    *, deprecated,
    message: "conform to AppModule: id, register(in:) (claimScheme, action, type), start(), stop()"
)
@MainActor
public protocol INSPlugin {
    /// Whether the module center holds the plugin.
    var pluginLoaded: Bool { get }
    /// The URL scheme the plugin answers for (Keel: `ModuleRegistrar.claimScheme(_:)`).
    func pluginScheme() -> String!
    /// Classes by URL host (Keel: `ModuleRegistrar.type(_:at:)`).
    func classMapping() -> [String: Any]?
    /// Data-flow handlers by URL host (Keel: `ModuleRegistrar.action(_:handler:)`).
    func dataflowMapping() -> [String: Any]?
    /// Called when the plugin is registered (Keel: `AppModule.start()`).
    func serviceStarted()
    /// Called when the plugin is deregistered (Keel: `AppModule.stop()`).
    func serviceStopped()
}

@available(*, deprecated)
extension INSPlugin {
    /// Whether the module center holds a plugin for this plugin's scheme.
    public var pluginLoaded: Bool {
        pluginScheme().map { ModuleCenter.getPlugin(for: $0) != nil } ?? false
    }
}

/// The article's plugin base class; a thin stand-in for Keel's `AppModule`, registered with
/// ``ModuleCenter``. On the main actor, so a subclass's `static let default` is safe.
@available(
    *, deprecated,
    message: "conform to AppModule: id, register(in:) (claimScheme, action, type), start(), stop()"
)
@MainActor
open class Plugin: INSPlugin {
    /// The mapping type the article's overrides return (`Dictionary?`): handlers or classes
    /// by URL host.
    public typealias Dictionary = [String: Any]

    /// Creates a plugin.
    public init() {}

    /// Registers the plugin with ``ModuleCenter`` (Keel: `ModuleRegistry.add(_:)`).
    public final func registePlugin() {
        ModuleCenter.registePlugin(self)
    }

    /// Deregisters the plugin (Keel: `ModuleRegistry.unload(_:)`).
    public final func deRegistePlugin() {
        ModuleCenter.deRegistePlugin(self)
    }

    /// The scheme; `nil` by default, which nothing can register.
    open func pluginScheme() -> String! { nil }

    /// Called after deregistration.
    open func serviceStopped() {}

    /// Called after registration.
    open func serviceStarted() {}

    /// `INSDataFlowHandler`s by URL host; none by default.
    open func dataflowMapping() -> Dictionary? { nil }

    /// Classes by URL host; none by default.
    open func classMapping() -> Dictionary? { nil }
}

/// The article's module center: plugins by scheme, data flow by `scheme://host` and class
/// lookup by `scheme://host`, synchronously as the article's. URLs are read by KeelRouting's
/// parser (`RouteURL`): the scheme compares case-insensitively, the host as written (the key
/// of the plugin's `dataflowMapping()` or `classMapping()`). Keel's
/// `ModuleRegistry` does the same typed and asynchronously (`perform(_:url:)`,
/// `type(for:as:)`). On the main actor, as its plugins.
@available(
    *, deprecated, message: "use a ModuleRegistry: add(_:), perform(_:url:), type(for:as:), unload(_:)"
)
@MainActor
public final class ModuleManager {
    /// The one module center (``ModuleCenter``).
    public static let `default` = ModuleManager()

    /// The registered plugins by scheme.
    private(set) var loadedPlugins: [String: Plugin] = [:]

    private init() {}

    /// Registers `item` under its scheme and calls its `serviceStarted()`; `false` when it has
    /// no scheme or the scheme is taken.
    @discardableResult
    public func registePlugin(_ item: Plugin) -> Bool {
        guard let scheme = item.pluginScheme()?.lowercased(), loadedPlugins[scheme] == nil else {
            return false
        }
        loadedPlugins[scheme] = item
        item.serviceStarted()
        return true
    }

    /// Removes `item`'s scheme and calls its `serviceStopped()`.
    public func deRegistePlugin(_ item: Plugin) {
        guard let scheme = item.pluginScheme()?.lowercased() else { return }
        loadedPlugins[scheme] = nil
        item.serviceStopped()
    }

    /// The plugin registered for `scheme`.
    public func getPlugin(for scheme: String) -> Plugin? {
        loadedPlugins[scheme.lowercased()]
    }

    /// Calls the data-flow handler at `url` (`scheme://host`) with `param`; `nil` (and a
    /// warning) when no plugin or handler answers.
    @discardableResult
    public func send(to url: String, and param: Any...) -> Any? {
        guard let (plugin, host) = lookup(url) else { return nil }
        guard let handler = plugin.dataflowMapping()?[host] as? INSDataFlowHandler else {
            ILog(.warning, "no data-flow handler for \(url)")
            return nil
        }
        return handler(param)
    }

    /// The class at `url` (`scheme://host`); `nil` (and a warning) when none.
    @discardableResult
    public func `class`(for url: String) -> AnyClass? {
        guard let (plugin, host) = lookup(url) else { return nil }
        guard let type = plugin.classMapping()?[host] as? AnyClass else {
            ILog(.warning, "no class for \(url)")
            return nil
        }
        return type
    }

    private func lookup(_ url: String) -> (Plugin, String)? {
        guard let parsed = try? RouteURL(url), let scheme = parsed.scheme, let host = parsed.segments.first,
            let plugin = getPlugin(for: scheme)
        else {
            ILog(.warning, "no plugin for \(url)")
            return nil
        }
        return (plugin, host)
    }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The article's module center, `ModuleManager.default`.
@available(
    *, deprecated, message: "use a ModuleRegistry: add(_:), perform(_:url:), type(for:as:), unload(_:)"
)
@MainActor public let ModuleCenter = ModuleManager.default
