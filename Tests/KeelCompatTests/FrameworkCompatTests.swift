import KeelCompat
import KeelLogging
import Testing

// The framework article's names ("How to build a Swift framework (2)") are KeelCompat's
// (deprecated); these tests call them on purpose, as the article's code does.

/// A logger writing to its own router's ring buffer.
private func articleLogger() -> (INSLogger, RingBufferSink) {
    let ring = RingBufferSink()
    let router = LogRouter(configuration: LoggingConfiguration(minimumLevel: .trace, routes: [.init(ring)]))
    return (INSLogger(logger: AppLogger(subsystem: "app", category: "ILog", system: router)), ring)
}

@Suite("The framework article's level logger")
struct ArticleLoggerTests {
    // It used to be a minimum level: at `.debug` it wrote debug, information and warnings.
    @Test("Logger.level selects one level only, or every level at .all")
    func levelSelectsOneLevelOrAll() {
        let (logger, ring) = articleLogger()
        logger.level = .debug
        for level in [LogLevel.all, .debug, .warning, .information] {
            logger.printLog(level, "[details]", "content")
        }
        #expect(ring.records.map(\.level) == [.debug])

        ring.removeAll()
        logger.level = .warning
        for level in [LogLevel.all, .debug, .warning, .information] {
            logger.printLog(level, "[details]", "content")
        }
        #expect(ring.records.map(\.level) == [.warning])

        ring.removeAll()
        logger.level = .all
        for level in [LogLevel.all, .debug, .warning, .information] {
            logger.printLog(level, "[details]", "content")
        }
        #expect(ring.records.map(\.level) == [.trace, .debug, .warning, .info])
    }

    @Test("Keel's levels the article did not have are written when at least as severe")
    func keelOnlyLevelsUseTheThreshold() {
        #expect(LogLevel.warning.selects(.error))
        #expect(LogLevel.debug.selects(.critical))
        #expect(LogLevel.information.selects(.notice))
        #expect(!LogLevel.warning.selects(.notice))
        #expect(!LogLevel.warning.selects(.information))
        #expect(!LogLevel.debug.selects(.warning))
    }

    // The article's output is "[ViewController.swift: viewDidLoad(): 24]" then the content:
    // the file, the function, the line, the content. Keel's console line shows the file and
    // line of the record's source but not its function, which used to be lost.
    @Test("ILog writes the article's [file: function: line] before the content")
    func iLogWritesTheArticleDetails() throws {
        let (logger, ring) = articleLogger()
        logger.log(
            .warning, ["2": "3"], fileID: "App/ViewController.swift", function: "viewDidLoad()", line: 24)
        let record = try #require(ring.records.first)
        #expect(record.message == #"[ViewController.swift: viewDidLoad(): 24] ["2": "3"]"#)
        #expect(record.level == .warning)
        #expect(record.source.function == "viewDidLoad()")
        #expect(record.source.line == 24)

        logger.log(.warning, nil, fileID: "Main.swift", function: "f()", line: 1)
        #expect(ring.records.last?.message == "[Main.swift: f(): 1] nil")
    }

    // The article's public `printLog(_:_:_:)` used to be missing (the migration table named it).
    @Test("printLog(_:_:_:) writes the details and the content")
    func printLogWritesDetailsAndContent() throws {
        let (logger, ring) = articleLogger()
        logger.printLog(.information, "[A.swift: f(): 3]", ["GET", "POST"])
        let record = try #require(ring.records.first)
        #expect(record.message == #"[A.swift: f(): 3] ["GET", "POST"]"#)
        #expect(record.level == .info)
    }
}

/// What a test plugin saw.
@MainActor
private final class PluginLog {
    var started = 0
    var stopped = 0
    var received: [Any] = []
}

/// The article's `NetworkPlugin`, under a scheme of its own.
@MainActor
private final class TestNetworkPlugin: Plugin {
    let scheme: String
    let log = PluginLog()

    init(scheme: String) {
        self.scheme = scheme
        super.init()
    }

    override func serviceStarted() { log.started += 1 }
    override func serviceStopped() { log.stopped += 1 }
    override func pluginScheme() -> String! { scheme }

    override func dataflowMapping() -> Dictionary? {
        let log = log
        let mapping: [String: INSDataFlowHandler] = [
            "getData": { arguments in
                MainActor.assumeIsolated { log.received = arguments }
                return "Custom data"
            },
            "supportMethod": { _ in ["GET", "POST", "PUT", "DELETE"] },
        ]
        return mapping
    }

    override func classMapping() -> Dictionary? {
        let mapping: [String: AnyClass] = ["vc1": PluginLog.self]
        return mapping
    }
}

@Suite("The framework article's module center")
@MainActor
struct ArticleModuleCenterTests {
    // `ModuleCenter.registePlugin(_:)` and `deRegistePlugin(_:)` are public in the article;
    // they used to be internal, so code calling the center directly did not compile.
    @Test("registering a scheme twice fails and starts only the first plugin")
    func registrationConflict() {
        let first = TestNetworkPlugin(scheme: "CompatConflict")
        let second = TestNetworkPlugin(scheme: "CompatConflict")
        #expect(ModuleCenter.registePlugin(first))
        #expect(!ModuleCenter.registePlugin(second))
        #expect(first.log.started == 1)
        #expect(second.log.started == 0)
        #expect(ModuleCenter.getPlugin(for: "CompatConflict") === first)
        #expect(first.pluginLoaded)
        ModuleCenter.deRegistePlugin(first)
        #expect(first.log.stopped == 1)
        #expect(!first.pluginLoaded)
        #expect(ModuleManager.default.getPlugin(for: "CompatConflict") == nil)
    }

    @Test("send(to:and:) calls the host's handler with the parameters; class(for:) finds the class")
    func dataFlowAndClassLookup() {
        let plugin = TestNetworkPlugin(scheme: "CompatNetwork")
        plugin.registePlugin()
        defer { plugin.deRegistePlugin() }

        #expect(
            ModuleCenter.send(to: "CompatNetwork://getData", and: "Hello World") as? String == "Custom data")
        // The handler is called as the article's, `handler(param)`: it receives the parameters.
        #expect(plugin.log.received.count == 1)
        #expect(plugin.log.received.first as? String == "Hello World")
        #expect(
            ModuleCenter.send(to: "CompatNetwork://supportMethod", and: "a", "b", ["a": "b"]) as? [String]
                == ["GET", "POST", "PUT", "DELETE"])
        #expect(
            ModuleCenter.class(for: "CompatNetwork://vc1").map(ObjectIdentifier.init)
                == ObjectIdentifier(PluginLog.self))
        #expect(ModuleCenter.class(for: "CompatNetwork://vc2") == nil)
        #expect(ModuleCenter.send(to: "CompatNetwork://missing") == nil)
        #expect(ModuleCenter.send(to: "Unregistered://getData") == nil)
        #expect(ModuleCenter.send(to: "not a url") == nil)
    }
}
