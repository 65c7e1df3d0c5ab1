import KeelLogging

// The framework article's level logger ("How to build a Swift framework (2)": `INSLogger`, its
// `Logger` instance and `ILog(_:_:)`) over Keel's `AppLogger` and `LogRouter.shared`. The
// article's develop / prepared / production modes are `LoggingConfiguration`'s presets, so
// what the article's mode check decided is the router's configuration here.

extension LogLevel {
    /// The framework article's `.all` (print every level): `trace`, the most verbose.
    @available(*, deprecated, renamed: "trace")
    public static var all: LogLevel { .trace }

    /// The framework article's `.information`: `info`.
    @available(*, deprecated, renamed: "info")
    public static var information: LogLevel { .info }
}

/// The framework article's level logger: `AppLogger` records routed through
/// `LogRouter.shared`, whose minimum level is ``level``.
@available(*, deprecated, renamed: "AppLogger")
public final class INSLogger: Sendable {
    /// The one logger the article's `Logger` names.
    public static let `default` = INSLogger()

    fileprivate let logger = AppLogger(subsystem: "app", category: "ILog")

    private init() {}

    /// The least severe level written: `LogRouter.shared`'s minimum level (setting it calls
    /// `LogRouter.shared.setMinimumLevel(_:)`).
    public var level: LogLevel {
        get { LogRouter.shared.configuration.minimumLevel }
        set { LogRouter.shared.setMinimumLevel(newValue) }
    }

    /// Logs `items` after `details` (the call site) at `lev`, as `AppLogger.log(level:_:)` does.
    public func printLog(_ lev: LogLevel, _ details: String, _ items: Any) {
        logger.log(level: lev, "\(details) \(String(describing: items))")
    }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The framework article's logger instance: `INSLogger.default`.
@available(
    *, deprecated, message: "log through an AppLogger; set levels with LogRouter.shared.setMinimumLevel(_:)"
)
public let Logger = INSLogger.default

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The framework article's logging call, recording the file, function and line: an
/// `AppLogger` call at `lev` (`log.warning("…")`).
@available(*, deprecated, message: "log through an AppLogger: log.warning(\"…\")")
public func ILog(
    _ lev: LogLevel, _ items: Any, _ function: StaticString = #function, _ line: Int = #line,
    _ file: StaticString = #file
) {
    let fileName = "\(file)".split(separator: "/").last.map(String.init) ?? "\(file)"
    INSLogger.default.logger.log(
        level: lev, "\(String(describing: items))", fileID: fileName, function: "\(function)",
        line: UInt(max(0, line)))
}
