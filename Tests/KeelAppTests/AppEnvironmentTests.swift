import Foundation
import KeelApp
import KeelLogging
import Testing

@Suite struct AppEnvironmentTests {
    static let file = """
        {
          "environments": {
            "production": {
              "apiBaseURL": "https://api.example.com",
              "timeoutSeconds": 30,
              "logLevel": "warning",
              "features": { "newFeed": false, "search": true },
              "hosts": ["a.example.com", "b.example.com"]
            },
            "staging": {
              "basedOn": "production",
              "apiBaseURL": "https://staging.example.com",
              "features": { "newFeed": true }
            },
            "development": { "basedOn": "staging", "logLevel": "trace", "logRedaction": false },
            "broken": { "apiBaseURL": 42, "timeoutSeconds": 1.5, "logLevel": "loud" },
            "loopA": { "basedOn": "loopB" },
            "loopB": { "basedOn": "loopA" },
            "orphan": { "basedOn": "nowhere" }
          }
        }
        """

    func load(_ name: AppEnvironment.Name, _ text: String = file, source: String = "env.json") throws
        -> AppEnvironment
    {
        try AppEnvironment.load(name, from: Data(text.utf8), source: source)
    }

    @Test func valuesLoadPerEnvironment() throws {
        let production = try load(.production)
        #expect(try production[.apiBaseURL] == URL(string: "https://api.example.com"))
        #expect(try production.value(for: ConfigurationKey<Int>("timeoutSeconds")) == 30)
        #expect(
            try production.value(for: ConfigurationKey<[String]>("hosts")) == [
                "a.example.com", "b.example.com",
            ])
        #expect(try production.isEnabled(feature: "newFeed") == false)
        #expect(try production.isEnabled(feature: "unknown") == false)
        #expect(production.name == .production)
    }

    @Test func inheritanceMergesPerKeyAtEveryLevel() throws {
        let staging = try load(.staging)
        #expect(try staging[.apiBaseURL].host == "staging.example.com")
        #expect(try staging.value(for: ConfigurationKey<Int>("timeoutSeconds")) == 30)
        #expect(try staging.isEnabled(feature: "newFeed"))
        #expect(
            try staging.isEnabled(feature: "search"), "a sibling key of an overridden nested value survives")
        let development = try load(.development)
        #expect(try development[.apiBaseURL].host == "staging.example.com")
        #expect(development.values["basedOn"] == nil)
    }

    @Test func missingKeyNamesTheKeyAndTheFile() throws {
        let production = try load(.production, source: "/app/Environments.json")
        #expect(
            throws: AppEnvironmentError.missingKey(
                key: "cdnURL", environment: "production", file: "/app/Environments.json")
        ) {
            try production.value(for: ConfigurationKey<URL>("cdnURL"))
        }
        let message = AppEnvironmentError.missingKey(
            key: "cdnURL", environment: "production", file: "/app/Environments.json"
        )
        .description
        #expect(message.contains("cdnURL") && message.contains("/app/Environments.json"))
    }

    @Test func wrongTypeNamesTheKeyTheTypesAndTheFile() throws {
        let broken = try load("broken")
        #expect(
            throws: AppEnvironmentError.typeMismatch(
                key: "apiBaseURL", expected: "string (absolute URL)", found: "number", environment: "broken",
                file: "env.json")
        ) {
            try broken[.apiBaseURL]
        }
        #expect(throws: AppEnvironmentError.self) {
            try broken.value(for: ConfigurationKey<Int>("timeoutSeconds"))
        }
        #expect(throws: AppEnvironmentError.self) { try broken.loggingConfiguration() }
        #expect(throws: AppEnvironmentError.self) {
            try load(.production).value(for: ConfigurationKey<Bool>("timeoutSeconds"))
        }
    }

    @Test(arguments: [
        ("{ \"environments\": { \"production\": { ", "malformed"),
        ("[1, 2]", "malformed"),
        ("{ \"environments\": [] }", "malformed"),
        ("{ \"environments\": { \"production\": 3 } }", "malformed"),
        ("", "malformed"),
    ])
    func malformedFilesAreTypedErrorsNamingTheFile(text: String, kind: String) throws {
        #expect {
            try load(.production, text, source: "bad.json")
        } throws: { error in
            guard case .malformedFile(let file, let reason)? = error as? AppEnvironmentError else {
                return false
            }
            return file == "bad.json" && !reason.isEmpty
        }
    }

    @Test func inheritanceProblemsAreReported() {
        #expect(
            throws: AppEnvironmentError.inheritanceCycle(path: ["loopA", "loopB", "loopA"], file: "env.json")
        ) {
            try load("loopA")
        }
        #expect(
            throws: AppEnvironmentError.unknownBase(environment: "orphan", base: "nowhere", file: "env.json")
        ) {
            try load("orphan")
        }
        #expect {
            try load("qa")
        } throws: { error in
            guard case .unknownEnvironment("qa", "env.json", let available)? = error as? AppEnvironmentError
            else {
                return false
            }
            return available.contains("production")
        }
    }

    /// A `basedOn` chain of `links` environments: e0 → e1 → … → e<links>.
    static func chain(_ links: Int) -> String {
        var text = #"{"environments":{"#
        for index in 0..<links { text += #""e\#(index)":{"basedOn":"e\#(index + 1)"},"# }
        return text + #""e\#(links)":{"x":1}}}"#
    }

    /// Finding 5: a chain deeper than the cap is a typed error naming the file and the
    /// environment. It used to be followed to its end with a `firstIndex` per step (quadratic:
    /// 16,000 links took about 10 s, a 16 MB file hours). Deterministic: it counts depth.
    @Test func aBasedOnChainDeeperThanTheLimitIsATypedError() throws {
        #expect {
            try load("e0", Self.chain(100), source: "deep.json")
        } throws: { error in
            guard case .malformedFile(let file, let reason)? = error as? AppEnvironmentError else {
                return false
            }
            return file == "deep.json" && reason.contains("'e0'") && reason.contains("63")
        }
        // At the cap (64 environments, 63 links) the chain still loads and merges.
        let environment = try load("e0", Self.chain(63), source: "deep.json")
        #expect(try environment.value(for: ConfigurationKey<Int>("x")) == 1)
        // A cycle is still reported as a cycle.
        let cycle = #"{"environments":{"a":{"basedOn":"b"},"b":{"basedOn":"a"}}}"#
        #expect(throws: AppEnvironmentError.inheritanceCycle(path: ["a", "b", "a"], file: "c.json")) {
            try load("a", cycle, source: "c.json")
        }
    }

    @Test func loadsFromAFileAndReportsAnUnreadableOne() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "keel-env-\(UUID().uuidString).json")
        try Data(Self.file.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try AppEnvironment.load(.staging, from: url).source == url.path)
        let missing = url.appendingPathExtension("missing")
        #expect {
            try AppEnvironment.load(.staging, from: missing)
        } throws: { error in
            guard case .unreadableFile(let file, _)? = error as? AppEnvironmentError else { return false }
            return file == missing.path
        }
    }

    @Test func mapsToLoggingConfiguration() throws {
        let development = try load(.development).loggingConfiguration()
        #expect(development.minimumLevel == .trace)
        #expect(!development.redactsPrivateValues)
        let production = try AppEnvironment(name: .production, values: ["logLevel": .string("error")])
            .loggingConfiguration()
        #expect(production.minimumLevel == .error)
        #expect(production.redactsPrivateValues)
        let custom = try AppEnvironment(name: "qa", values: [:]).loggingConfiguration()
        #expect(custom.redactsPrivateValues)
    }

    @Test func currentIsTaskLocalAndReadOnly() async throws {
        #expect(AppEnvironment.current == nil)
        let staging = try load(.staging)
        await AppEnvironment.withCurrent(staging) {
            await Task.yield()
            #expect(AppEnvironment.current?.name == .staging)
            await withTaskGroup(of: AppEnvironment.Name?.self) { group in
                group.addTask { AppEnvironment.current?.name }
                for await name in group { #expect(name == .staging) }
            }
        }
        #expect(AppEnvironment.current == nil)
    }
}

/// The README's KeelApp example, compiled and run.
@Suite struct AppReadmeExampleTests {
    @Test func tour() async throws {
        let json = """
            { "environments": {
                "production": { "apiBaseURL": "https://api.example.com", "features": { "newFeed": false } },
                "staging": { "basedOn": "production", "apiBaseURL": "https://staging.example.com" } } }
            """
        let environment = try AppEnvironment.load(
            .staging, from: Data(json.utf8), source: "Environments.json")
        let baseURL = try environment[.apiBaseURL]
        let system = LogRouter(configuration: .init(routes: []))
        system.configure(try environment.loggingConfiguration())
        system.configure(.init(routes: []))

        struct AppearanceTask: AppBootstrapTask {
            @MainActor func run(context: BootstrapContext) async throws {}
        }
        let bootstrapper = AppBootstrapper(
            tasks: [
                AppearanceTask(),
                BootstrapTask("database", timeout: .seconds(2)) { _ in },
                BootstrapTask("analytics", policy: .optional) { context in
                    context.logger.info(
                        "analytics for \(context.environment?.name.rawValue ?? "-", privacy: .public)")
                },
                BootstrapTask("feed", dependencies: ["database"]) { _ in },
            ],
            environment: environment,
            logger: system.logger(subsystem: "app", category: "startup")
        )
        let report = try await bootstrapper.start()
        #expect(baseURL.host == "staging.example.com")
        #expect(report.entries.count == 4)
        #expect(report.description.contains("feed cost"))
    }
}
