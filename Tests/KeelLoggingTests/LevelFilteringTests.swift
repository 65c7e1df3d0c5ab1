import KeelLogging
import KeelTesting
import Testing

@Suite struct LevelFilteringTests {
    @Test func disabledStatementEvaluatesNothing() {
        let (system, capture) = makeSystem(minimumLevel: .warning)
        let logger = system.logger(subsystem: "app", category: "feed")
        let effects = SideEffects()
        logger.debug("\(effects.message())", metadata: effects.metadata())
        logger.trace("\(effects.message())", metadata: effects.metadata())
        logger.log(level: .info, "\(effects.message())", metadata: effects.metadata())
        #expect(effects.count == 0)
        #expect(capture.records.isEmpty)
        logger.warning("\(effects.message(), privacy: .public)", metadata: effects.metadata())
        #expect(effects.count == 2)
        #expect(capture.messages == ["evaluated"])
    }

    @Test func noSinkWantingTheLevelIsOneCompareToo() {
        let capture = CapturingLogSink()
        let system = LogRouter(
            configuration: .init(minimumLevel: .trace, routes: [.init(capture, minimumLevel: .error)]))
        let logger = system.logger(subsystem: "app", category: "x")
        let effects = SideEffects()
        logger.info("\(effects.message())")
        #expect(effects.count == 0)
        #expect(!logger.isEnabled(.warning))
        #expect(logger.isEnabled(.error))
    }

    @Test func runtimeChangeIsSeenByExistingLoggerValues() {
        let (system, capture) = makeSystem(minimumLevel: .warning)
        let logger = system.logger(subsystem: "app", category: "feed")
        let copy = logger
        logger.info("dropped")
        system.setMinimumLevel(.debug)
        logger.info("kept 1")
        copy.debug("kept 2")
        logger.trace("dropped")
        system.setMinimumLevel(.error)
        copy.warning("dropped")
        #expect(capture.messages == ["kept 1", "kept 2"])
    }

    @Test func perCategoryLevels() {
        let (system, capture) = makeSystem(minimumLevel: .warning)
        let network = system.logger(subsystem: "app", category: "network")
        let ui = system.logger(subsystem: "app", category: "ui")
        system.setLevel(.debug, forCategory: "network")
        network.debug("network debug")
        ui.debug("ui debug")
        ui.warning("ui warning")
        system.setLevel(nil, forCategory: "network")
        network.debug("network debug again")
        #expect(capture.messages == ["network debug", "ui warning"])
    }

    @Test func perLoggerLevelOverridesTheSystem() {
        let (system, capture) = makeSystem(minimumLevel: .warning)
        var verbose = system.logger(subsystem: "app", category: "feed")
        let plain = system.logger(subsystem: "app", category: "feed")
        verbose.level = .trace
        verbose.trace("verbose trace")
        plain.trace("plain trace")
        #expect(verbose.level == .trace)
        verbose.level = nil
        verbose.info("follows system again")
        #expect(capture.messages == ["verbose trace"])
    }

    @Test func configureReplacesRoutesForExistingLoggers() {
        let (system, first) = makeSystem()
        let logger = system.logger(subsystem: "app", category: "c")
        logger.info("one")
        let second = CapturingLogSink()
        system.configure(.init(minimumLevel: .info, routes: [.init(second)]))
        logger.info("two")
        logger.debug("dropped")
        #expect(first.messages == ["one"])
        #expect(second.messages == ["two"])
    }
}
