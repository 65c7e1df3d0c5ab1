import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A logging policy: which levels are enabled, whether private values are redacted, and where
/// records go. Presets cover the app's modes; apps can build their own.
public struct LoggingConfiguration: Sendable {
    /// A sink and the least severe level it receives.
    public struct Route: Sendable {
        /// The destination.
        package var sink: any LogSink
        /// Records below this level are not sent to `sink`.
        package var minimumLevel: LogLevel

        /// Routes records at `minimumLevel` and above to `sink`.
        public init(_ sink: any LogSink, minimumLevel: LogLevel = .trace) {
            self.sink = sink
            self.minimumLevel = minimumLevel
        }
    }

    /// The least severe level logged, for categories without their own level.
    public var minimumLevel: LogLevel
    /// Levels for individual categories, overriding ``minimumLevel``.
    public var categoryLevels: [String: LogLevel]
    /// Whether private values in messages are masked before any sink sees them.
    public var redactsPrivateValues: Bool
    /// Where records go.
    public var routes: [Route]

    /// Creates a configuration.
    public init(
        minimumLevel: LogLevel = .info,
        categoryLevels: [String: LogLevel] = [:],
        redactsPrivateValues: Bool = true,
        routes: [Route] = []
    ) {
        self.minimumLevel = minimumLevel
        self.categoryLevels = categoryLevels
        self.redactsPrivateValues = redactsPrivateValues
        self.routes = routes
    }

    /// The first sink of type `S`, such as the ring buffer behind an in-app "send logs".
    public func sink<S: LogSink>(ofType type: S.Type) -> S? {
        for route in routes {
            if let sink = route.sink as? S { return sink }
        }
        return nil
    }

    /// Development (the framework article's "develope" mode: printed, not reported):
    /// everything to the console, nothing redacted.
    public static var development: LoggingConfiguration {
        LoggingConfiguration(
            minimumLevel: .trace,
            redactsPrivateValues: false,
            routes: [Route(ConsoleSink())]
        )
    }

    /// Staging (the framework article's "prepared" mode: printing off, logs reported): the
    /// console stays quiet; debug and above go to a ring buffer and to files in
    /// `defaultLogDirectory`; redacted.
    public static var staging: LoggingConfiguration {
        var routes = [Route(RingBufferSink(), minimumLevel: .debug)]
        if let file = defaultFileSink() { routes.append(Route(file, minimumLevel: .debug)) }
        return LoggingConfiguration(minimumLevel: .debug, redactsPrivateValues: true, routes: routes)
    }

    /// Production (printing off, logs reported): the console stays quiet; warnings and above go to a ring buffer and to
    /// files in `defaultLogDirectory`; private values are redacted.
    public static var production: LoggingConfiguration {
        var routes = [Route(RingBufferSink(), minimumLevel: .warning)]
        if let file = defaultFileSink() { routes.append(Route(file, minimumLevel: .warning)) }
        return LoggingConfiguration(minimumLevel: .warning, redactsPrivateValues: true, routes: routes)
    }

    /// The production policy with its files in `directory`.
    ///
    /// - Throws: ``FileSinkError`` when the directory cannot be created or written.
    package static func production(logDirectory directory: URL) throws -> LoggingConfiguration {
        let file = try FileSink(directory: directory)
        return LoggingConfiguration(
            minimumLevel: .warning,
            redactsPrivateValues: true,
            routes: [Route(RingBufferSink(), minimumLevel: .warning), Route(file, minimumLevel: .warning)]
        )
    }

    /// Where the presets keep their files: `Logs` in the user's caches directory, or, when
    /// there is none, the per-user folder ``defaultLogDirectory(caches:temporary:userID:)``
    /// names in the temporary directory.
    package static var defaultLogDirectory: URL {
        defaultLogDirectory(
            caches: FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first,
            temporary: FileManager.default.temporaryDirectory, userID: UInt32(geteuid()))
    }

    /// The log folder for a caches directory (`<caches>/Logs`) or, without one, a per-user
    /// folder in the shared temporary directory (`<temporary>/keel-logs-<uid>`), never a
    /// path every user shares.
    ///
    /// A per-user name in a shared directory can be squatted by another user; ``FileSink``
    /// refuses such a folder (a link, or not the user's own), and the presets then log into
    /// a fresh folder with an unpredictable name instead.
    package static func defaultLogDirectory(caches: URL?, temporary: URL, userID: UInt32) -> URL {
        if let caches { return caches.appendingPathComponent("Logs", isDirectory: true) }
        return temporary.appendingPathComponent("keel-logs-\(userID)", isDirectory: true)
    }

    private static func defaultFileSink() -> FileSink? {
        makeFileSink(in: defaultLogDirectory, temporary: FileManager.default.temporaryDirectory)
    }

    /// A file sink in `directory`; when that directory is refused as unsafe, one in a new
    /// `0700` folder with a random name under `temporary` (`mkdtemp`).
    static func makeFileSink(in directory: URL, temporary: URL) -> FileSink? {
        do {
            return try FileSink(directory: directory)
        } catch FileSinkError.insecureDirectory(let path, let reason) {
            StandardError.write("KeelLogging: refusing log directory \(path): \(reason)\n")
            var template = Array(
                temporary.appendingPathComponent("keel-logs-\(geteuid())-XXXXXXXX").path.utf8CString)
            let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) != nil }
            guard created else {
                StandardError.write("KeelLogging: file logging disabled: no private fallback directory\n")
                return nil
            }
            let fallback = URL(
                fileURLWithPath: template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) },
                isDirectory: true)
            do {
                return try FileSink(directory: fallback)
            } catch {
                StandardError.write("KeelLogging: file logging disabled: \(error)\n")
                return nil
            }
        } catch {
            StandardError.write("KeelLogging: file logging disabled: \(error)\n")
            return nil
        }
    }
}
