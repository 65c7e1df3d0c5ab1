import Foundation
import KeelApp
import KeelLogging
import KeelRouting
import Testing

// The concepts of the framework article ("How to build a Swift framework (2)") in Keel: a
// plugin registered by scheme with started and stopped callbacks, URL data flow and class
// lookup by URL (both typed), deregistration, the three modes driving the logger's policy, a
// level logger call that records file, function and line (the permission statuses are in
// KeelPermissionsTests).

extension ActionKey where Input == [String], Output == String {
    /// The article's `Network://getData`.
    static var articleGetData: Self { .init("network.getData") }
}

extension ActionKey where Input == [String], Output == [String] {
    /// The article's `Network://supportMethod`.
    static var articleSupportMethod: Self { .init("network.supportMethod") }
}

/// Stands in for `UIViewController` on Linux: class lookup works for any class hierarchy.
class ArticleScreen {}

/// The article's `vc1`.
final class ArticleFirstScreen: ArticleScreen {}

/// A class outside the screen hierarchy (the article's `vc2`, an `NSObject`).
final class ArticleHelper {}

/// What the plugin's callbacks saw.
actor ArticleCallbackLog {
    private(set) var events: [String] = []
    func record(_ event: String) { events.append(event) }
}

/// The article's `NetworkPlugin`: scheme `Network`, two data flows, two classes.
struct ArticleNetworkPlugin: AppModule {
    let id: ModuleID = "network"
    let log: ArticleCallbackLog

    func register(in registrar: inout ModuleRegistrar) throws {
        registrar.claimScheme("Network")
        registrar.action(.articleGetData) { arguments in
            "Custom data for \(arguments.joined(separator: ", "))"
        }
        registrar.route("network://getData", action: .articleGetData) { request in
            request.url.query["argument"]
        }
        registrar.action(.articleSupportMethod) { _ in ["GET", "POST", "PUT", "DELETE"] }
        registrar.route("network://supportMethod", action: .articleSupportMethod) { _ in [] }
        registrar.type(ArticleFirstScreen.self, at: "Network://vc1")
        registrar.type(ArticleHelper.self, at: "Network://vc2")
    }

    func start() async throws { await log.record("serviceStarted") }
    func stop() async { await log.record("serviceStopped") }
}

@Suite("The framework article's concepts in Keel")
struct FrameworkArticleTests {
    @Test(
        "a plugin registered by scheme: started, URL data flow with arguments, typed class lookup, deregistered"
    )
    func moduleCenter() async throws {
        let log = ArticleCallbackLog()
        let registry = ModuleRegistry()
        try await registry.add(ArticleNetworkPlugin(log: log))
        _ = try await registry.startAll()
        #expect(await log.events == ["serviceStarted"])

        // Data flow: by URL (arguments in the query) and by key (arguments as the input).
        let byURL = try await registry.perform(
            .articleGetData, url: "Network://getData?argument=Hello%20World&argument=again")
        #expect(byURL == "Custom data for Hello World, again")
        let methods = try await registry.perform(.articleSupportMethod, ["Hello World", "Hello real world!"])
        #expect(methods == ["GET", "POST", "PUT", "DELETE"])

        // Class lookup by URL, typed: the caller asks for the base it will create.
        let screen = try await registry.type(for: "Network://vc1", as: ArticleScreen.self)
        #expect(screen == ArticleFirstScreen.self)
        #expect(
            try await registry.type(for: "network://VC1/", as: ArticleScreen.self) == ArticleFirstScreen.self)
        await #expect(throws: ModuleError.typeMismatch(url: "Network://vc2", expected: "ArticleScreen")) {
            try await registry.type(for: "Network://vc2", as: ArticleScreen.self)
        }
        #expect(try await registry.type(for: "Network://vc2", as: ArticleHelper.self) == ArticleHelper.self)
        for missing in ["Network://vc3", "Other://vc1", "not a url", "://vc1", "Network://"] {
            await #expect(throws: ModuleError.typeNotFound(url: missing)) {
                try await registry.type(for: missing, as: ArticleScreen.self)
            }
        }

        // Deregistration: stopped, and every URL it served is gone.
        try await registry.unload("network")
        #expect(await log.events == ["serviceStarted", "serviceStopped"])
        await #expect(throws: ModuleError.typeNotFound(url: "Network://vc1")) {
            try await registry.type(for: "Network://vc1", as: ArticleScreen.self)
        }
        await #expect(throws: (any Error).self) {
            try await registry.perform(.articleGetData, url: "Network://getData?argument=x")
        }
    }

    @Test("a type URL must be in a scheme the module claims, and two modules cannot share one")
    func typeDeclarationsAreValidated() async throws {
        struct Squatter: AppModule {
            let id: ModuleID
            let scheme: String
            let url: String
            func register(in registrar: inout ModuleRegistrar) throws {
                registrar.claimScheme(scheme)
                registrar.type(ArticleHelper.self, at: url)
            }
        }
        let registry = ModuleRegistry()
        await #expect(throws: ModuleError.self) {
            try await registry.add(Squatter(id: "a", scheme: "mine", url: "theirs://vc"))
        }
        await #expect(throws: ModuleError.self) {
            try await registry.add(Squatter(id: "b", scheme: "mine", url: "no scheme"))
        }
        try await registry.add(Squatter(id: "c", scheme: "mine", url: "mine://vc"))
        #expect(try await registry.type(for: "MINE://vc", as: ArticleHelper.self) == ArticleHelper.self)
    }

    @Test(
        "the three modes drive the logger: develop prints and does not report; prepared and production report and do not print"
    )
    func modes() throws {
        func policy(_ name: AppEnvironment.Name) throws -> LoggingConfiguration {
            try AppEnvironment(name: name, values: [:]).loggingConfiguration()
        }
        let develop = try policy(.development)
        #expect(develop.sink(ofType: ConsoleSink.self) != nil)
        #expect(develop.sink(ofType: RingBufferSink.self) == nil)
        for name in [AppEnvironment.Name.staging, .production] {
            let quiet = try policy(name)
            #expect(quiet.sink(ofType: ConsoleSink.self) == nil, "\(name)")
            #expect(quiet.sink(ofType: RingBufferSink.self) != nil, "\(name)")
        }
        #expect(try policy(.staging).minimumLevel < policy(.production).minimumLevel)
    }

    @Test("a level logger call records its file, function and line")
    func levelLoggerRecordsSourceLocation() throws {
        let ring = RingBufferSink()
        let router = LogRouter(
            configuration: LoggingConfiguration(minimumLevel: .trace, routes: [.init(ring)]))
        let logger = router.logger(subsystem: "app", category: "article")
        let line = #line + 1
        logger.warning("Hello world!")
        let record = try #require(ring.records.first)
        #expect(record.level == .warning)
        #expect(record.source.fileID.hasSuffix("FrameworkArticleTests.swift"))
        #expect(record.source.function == "levelLoggerRecordsSourceLocation()")
        #expect(record.source.line == UInt(line))
    }
}
