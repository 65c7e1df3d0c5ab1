import KeelComponents
import KeelDesign
import KeelSupport
import KeelTesting
import Testing

@Suite("Snackbar")
struct SnackbarTests {
    static let deleted = SnackbarConfiguration(
        "Message deleted", action: SnackbarAction("Undo"), icon: "trash")
    static let theme = SnackbarTheme(resolver: Fixture.light)

    static func layout(
        _ configuration: SnackbarConfiguration = deleted, width: Double = 343,
        resolver: KeelThemeResolver = Fixture.light
    ) -> SnackbarLayout {
        SnackbarLayout(
            configuration: configuration,
            appearance: SnackbarAppearance(theme: SnackbarTheme(resolver: resolver)),
            width: width, measurer: Fixture.measurer)
    }

    @Test("the inverse surface: primary text colour as the fill, inverse text on it, light and dark")
    func colors() {
        let light = SnackbarAppearance(theme: Self.theme)
        #expect(light.background == Fixture.light.color(.textPrimary))
        #expect(light.foreground == Fixture.light.color(.textInverse))
        let dark = SnackbarAppearance(theme: SnackbarTheme(resolver: Fixture.dark))
        #expect(dark.background == Fixture.dark.color(.textPrimary) && dark.background != light.background)
    }

    @Test("every declared contrast pair passes in light, dark and increased contrast, in both themes")
    func contrast() {
        for theme in [KeelTheme.default, .blue] {
            for traits in BadgeTests.appearances {
                let pairs = SnackbarTheme(resolver: KeelThemeResolver(theme: theme, traits: traits))
                    .contrastPairs
                #expect(pairs.count == 3)
                for pair in pairs { #expect(pair.isSatisfied, "\(theme.identifier) \(traits): \(pair)") }
            }
        }
    }

    @Test(
        "the time follows the message's length between 4 and 10 s, more with an action, longer under VoiceOver, indefinite with an action under VoiceOver",
        arguments: [
            ("Saved", false, false, SnackbarDuration.seconds(4)),
            ("Saved", true, false, .seconds(6)),
            ("Saved", false, true, .seconds(8)),
            ("Saved", true, true, .indefinite),
            (String(repeating: "a", count: 90), false, false, .seconds(7)),
            (String(repeating: "a", count: 400), false, false, .seconds(10)),
            (String(repeating: "a", count: 400), false, true, .seconds(20)),
        ] as [(String, Bool, Bool, SnackbarDuration)])
    func timing(row: (String, Bool, Bool, SnackbarDuration)) {
        let (message, hasAction, voiceOver, expected) = row
        let configuration = SnackbarConfiguration(message, action: hasAction ? SnackbarAction("Undo") : nil)
        #expect(Self.theme.timing.duration(for: configuration, voiceOverRunning: voiceOver) == expected)
    }

    @Test("odd timing values from a theme are replaced, never trusted")
    func saneTiming() {
        let timing = SnackbarTiming(
            minimum: .nan, maximum: -1, charactersPerSecond: 0, actionExtra: .infinity,
            voiceOverMultiplier: 0.5)
        #expect(timing.minimum == 4 && timing.maximum == 10 && timing.charactersPerSecond == 1)
        #expect(timing.actionExtra == 2 && timing.voiceOverMultiplier == 1)
        #expect(SnackbarDuration.seconds(4.5).duration == .milliseconds(4500))
        #expect(SnackbarDuration.indefinite.duration == nil)
    }

    @Test(
        "huge, negative and non-finite timing values from a theme resolve to clamped durations, never a trap")
    func extremeTimingFromATheme() {
        // `SnackbarDuration.duration` used to build `.milliseconds(Int64(s * 1000))`, which
        // trapped for a theme's `snackbar.minimumDuration` of 1e20.
        func theme(_ values: [String: Double]) -> SnackbarTheme {
            var component = ComponentTheme()
            for (key, value) in values { component[ComponentValueKey(rawValue: key)] = .number(value) }
            let custom = KeelTheme(
                identifier: ThemeIdentifier(rawValue: "extreme"), displayName: "Extreme", basedOn: .default,
                components: [SnackbarTheme.component: component])
            return SnackbarTheme(resolver: KeelThemeResolver(theme: custom))
        }
        let longest = Duration.clampedSeconds(.infinity)
        let saved = SnackbarConfiguration("Saved")
        let huge = theme(["minimumDuration": 1e20, "maximumDuration": 1e20])
        #expect(huge.timing.duration(for: saved, voiceOverRunning: false) == .seconds(1e20))
        #expect(huge.timing.duration(for: saved, voiceOverRunning: false).duration == longest)
        #expect(huge.timing.duration(for: saved, voiceOverRunning: true).duration == longest)
        // 1e308 + 1e308 overflows to infinity: still the longest time, not zero.
        let overflowing = theme(["minimumDuration": 1e308, "actionExtraDuration": 1e308])
        let undo = SnackbarConfiguration("Saved", action: SnackbarAction("Undo"))
        #expect(overflowing.timing.duration(for: undo, voiceOverRunning: false).duration == longest)
        // Negative and non-finite values fall back to the reference timing.
        let odd = theme(["minimumDuration": -1, "maximumDuration": .nan, "charactersPerSecond": .infinity])
        #expect(odd.timing.duration(for: saved, voiceOverRunning: false).duration == .seconds(4))
        #expect(SnackbarDuration.seconds(-1).duration == .zero)
        #expect(SnackbarDuration.seconds(.nan).duration == .zero)
    }

    @Test("every element's frame, left to right: the icon, the message, the action beside it")
    func frames() {
        let layout = Self.layout()
        #expect(layout.iconFrame == Rect(x: 16, y: 13, width: 20, height: 20))
        #expect(layout.messageFrame == Rect(x: 48, y: 12, width: 227, height: 22))
        #expect(layout.actionFrame == Rect(x: 291, y: 1, width: 44, height: 44))
        #expect(layout.actionTitleFrame == Rect(x: 299, y: 12, width: 28, height: 22))
        #expect(!layout.stacksAction)
        #expect(layout.size == Size(width: 343, height: 46))
        let plain = Self.layout(SnackbarConfiguration("Saved"))
        #expect(plain.iconFrame == nil && plain.actionFrame == nil)
        #expect(plain.messageFrame == Rect(x: 16, y: 12, width: 311, height: 22))
    }

    @Test("right to left, every frame mirrors")
    func rightToLeft() {
        let ltr = Self.layout()
        let layout = Self.layout(resolver: Fixture.rtl)
        #expect(layout.iconFrame == Rect(x: 307, y: 13, width: 20, height: 20))
        #expect(layout.actionFrame == Rect(x: 8, y: 1, width: 44, height: 44))
        for part in SnackbarPart.allCases {
            #expect(layout.frame(of: part) == ltr.frame(of: part)?.mirrored(inWidth: 343), "\(part)")
        }
    }

    @Test(
        "the action moves below the message at accessibility sizes, or when the message would get less than half the width"
    )
    func stackedAction() throws {
        let large = Self.layout(resolver: Fixture.resolver(category: .accessibilityExtraExtraExtraLarge))
        #expect(large.stacksAction)
        let action = try #require(large.actionFrame)
        #expect(action.minY >= large.messageFrame.maxY && action.maxX <= 343)
        #expect(action.width >= 44 && action.height >= 44)
        #expect(large.size.height >= action.maxY)
        let small = Self.layout(resolver: Fixture.resolver(category: .extraSmall))
        #expect(!small.stacksAction)
        let longAction = SnackbarConfiguration(
            "Draft saved", action: SnackbarAction("Open the drafts folder now"))
        let narrow = Self.layout(longAction, width: 240)
        #expect(narrow.stacksAction && narrow.messageFrame.width == 208)
        let rtlLarge = Self.layout(
            resolver: Fixture.resolver(category: .accessibilityExtraExtraExtraLarge, direction: .rightToLeft))
        #expect(rtlLarge.actionFrame?.minX == 343 - action.maxX)
    }

    @Test(
        "placed above the safe area, above the keyboard when it covers more, centred, at most the maximum width"
    )
    func placement() {
        let appearance = SnackbarAppearance(theme: Self.theme)
        let phone = Size(width: 390, height: 844)
        let insets = Edges(top: 47.0, left: 0, bottom: 34, right: 0)
        let plain = SnackbarPlacement(
            container: phone, safeArea: insets, keyboardFrame: nil, appearance: appearance)
        #expect(plain.width == 358)
        #expect(plain.frame(height: 46) == Rect(x: 16, y: 748, width: 358, height: 46))
        let keyboard = SnackbarPlacement(
            container: phone, safeArea: insets, keyboardFrame: Rect(x: 0, y: 508, width: 390, height: 336),
            appearance: appearance)
        #expect(keyboard.frame(height: 46) == Rect(x: 16, y: 446, width: 358, height: 46))
        // A keyboard sliding off screen, or one with no height, does not count.
        for hidden in [
            Rect(x: 0, y: 844, width: 390, height: 336), Rect(x: 0, y: 500, width: 390, height: 0),
        ] {
            let placement = SnackbarPlacement(
                container: phone, safeArea: insets, keyboardFrame: hidden, appearance: appearance)
            #expect(placement.frame(height: 46).minY == 748)
        }
        let tablet = SnackbarPlacement(
            container: Size(width: 1024, height: 768),
            safeArea: Edges(top: 24.0, left: 0, bottom: 20, right: 0),
            keyboardFrame: nil, appearance: appearance)
        #expect(tablet.frame(height: 46) == Rect(x: 232, y: 686, width: 560, height: 46))
        let landscape = SnackbarPlacement(
            container: Size(width: 844, height: 390),
            safeArea: Edges(top: 0.0, left: 47, bottom: 21, right: 47),
            keyboardFrame: nil, appearance: appearance)
        #expect(landscape.frame(height: 46) == Rect(x: 142, y: 307, width: 560, height: 46))
        // A container too small never pushes it above the safe area, and odd input stays finite.
        let tiny = SnackbarPlacement(
            container: Size(width: 100, height: 80), safeArea: insets, keyboardFrame: nil,
            appearance: appearance)
        #expect(tiny.frame(height: 46).minY == 47 && tiny.width == 68)
        let odd = SnackbarPlacement(
            container: Size(width: .nan, height: .infinity), safeArea: insets,
            keyboardFrame: Rect(x: 0, y: .nan, width: 1, height: 1), appearance: appearance)
        #expect(odd.frame(height: .nan).width == 0 && odd.frame(height: .nan).minY.isFinite)
    }

    @Test(
        "a swipe dismisses past half the width sideways or half the height downwards, or on a flick in its direction"
    )
    func swipe() {
        let swipe = SnackbarSwipe(size: Size(width: 343, height: 46), theme: Self.theme)
        #expect(swipe.release(translation: Point(x: 200, y: 0), velocity: .zero) == .dismiss)
        #expect(swipe.release(translation: Point(x: -200, y: 0), velocity: .zero) == .dismiss)
        #expect(swipe.release(translation: Point(x: 50, y: 0), velocity: Point(x: 100, y: 0)) == .settle)
        #expect(swipe.release(translation: Point(x: 30, y: 0), velocity: Point(x: 800, y: 0)) == .dismiss)
        #expect(swipe.release(translation: Point(x: 30, y: 0), velocity: Point(x: -800, y: 0)) == .settle)
        #expect(swipe.release(translation: Point(x: 0, y: 30), velocity: .zero) == .dismiss)
        #expect(swipe.release(translation: Point(x: 0, y: -100), velocity: Point(x: 0, y: -900)) == .settle)
        #expect(
            swipe.release(translation: Point(x: .nan, y: .infinity), velocity: Point(x: .nan, y: 0))
                == .settle)
        #expect(swipe.offset(forTranslation: Point(x: -20, y: -30)) == Point(x: -20, y: 0))
        #expect(swipe.opacity(forTranslation: Point(x: 171.5, y: 0)) == 0.5)
    }

    @Test("the snackbar channel waits while an alert is up, one snackbar at a time, and draws above sheets")
    func queue() {
        var queue = OverlayQueue<String>()
        queue.send(.enqueue("alert", on: .alert, presenterIsAttachedToScene: true))
        let first = queue.nextTicket
        queue.send(.enqueue("saved", on: .snackbar, presenterIsAttachedToScene: true))
        let second = queue.nextTicket
        queue.send(.enqueue("deleted", on: .snackbar, presenterIsAttachedToScene: true))
        #expect(queue.state(of: first) == .queued)
        let alertDone = queue.send(.didDismiss(OverlayTicket(id: 0)))
        #expect(alertDone.effects.count == 1 && queue.activeTicket(on: .snackbar) == first)
        #expect(queue.state(of: second) == .queued)
        queue.send(.presentationDidSucceed(first))
        queue.send(.didDismiss(first))
        #expect(queue.activeTicket(on: .snackbar) == second)
        #expect(OverlayChannel.snackbar.level > OverlayChannel.sheet.level)
        #expect(OverlayChannel.snackbar.level < OverlayChannel.alert.level)
    }

    @Test(
        "a replacement is next in line: it comes when the snackbar on screen leaves, ahead of those waiting")
    func replacementIsNextInLine() {
        var queue = OverlayQueue<String>()
        let shown = queue.nextTicket
        queue.send(.enqueue("saved", on: .snackbar, presenterIsAttachedToScene: true))
        queue.send(.presentationDidSucceed(shown))
        let waiting = queue.nextTicket
        queue.send(.enqueue("synced", on: .snackbar, presenterIsAttachedToScene: true))
        let sheet = queue.nextTicket
        queue.send(.enqueue("details", on: .sheet, presenterIsAttachedToScene: true))
        let replacement = queue.nextTicket
        queue.send(.enqueueNext("deleted", on: .snackbar, presenterIsAttachedToScene: true))
        #expect(queue.queuedTickets(on: .snackbar) == [replacement, waiting])
        #expect(queue.activeTicket(on: .sheet) == sheet)  // another channel keeps its place
        let next = queue.send(.didDismiss(shown))
        #expect(next.effects.count == 1)
        #expect(queue.activeTicket(on: .snackbar) == replacement)
        queue.send(.presentationDidSucceed(replacement))
        queue.send(.didDismiss(replacement))
        #expect(queue.activeTicket(on: .snackbar) == waiting)
        // Next in line on an empty channel is simply shown; outside a scene it fails as usual.
        var empty = OverlayQueue<String>()
        let alone = empty.nextTicket
        empty.send(.enqueueNext("only", on: .snackbar, presenterIsAttachedToScene: true))
        #expect(empty.activeTicket(on: .snackbar) == alone)
        let detached = empty.nextTicket
        empty.send(.enqueueNext("nowhere", on: .snackbar, presenterIsAttachedToScene: false))
        #expect(empty.state(of: detached) == .failed(.presenterNotAttachedToScene))
    }

    @Test(
        "a snackbar on screen never holds up a sheet (it does not take the screen); an alert still holds up both"
    )
    func snackbarsDoNotBlockSheets() {
        var queue = OverlayQueue<String>()
        let toast = queue.nextTicket
        queue.send(.enqueue("saved", on: .snackbar, presenterIsAttachedToScene: true))
        queue.send(.presentationDidSucceed(toast))
        let sheet = queue.nextTicket
        queue.send(.enqueue("details", on: .sheet, presenterIsAttachedToScene: true))
        #expect(queue.activeTicket(on: .sheet) == sheet)
        #expect(queue.activeTicket(on: .snackbar) == toast)
        let alert = queue.nextTicket
        queue.send(.enqueue("confirm", on: .alert, presenterIsAttachedToScene: true))
        queue.send(.presentationDidSucceed(alert))
        queue.send(.didDismiss(sheet))
        queue.send(.didDismiss(toast))
        let later = queue.nextTicket
        queue.send(.enqueue("again", on: .sheet, presenterIsAttachedToScene: true))
        #expect(queue.state(of: later) == .queued)
        queue.send(.didDismiss(alert))
        #expect(queue.activeTicket(on: .sheet) == later)
    }
}

@Suite("Snackbar presentation")
struct SnackbarPresentationTests {
    static let timing = SnackbarTheme(resolver: Fixture.light).timing
    static let swipe = SnackbarSwipe(
        size: Size(width: 343, height: 46), theme: SnackbarTheme(resolver: Fixture.light))

    @Test("shown: announced and timed; the timer dismisses it with the timeout reason, once")
    func timeout() {
        var snackbar = SnackbarPresentation(
            configuration: SnackbarConfiguration("Saved"), timing: Self.timing)
        #expect(
            snackbar.send(.appeared(voiceOverRunning: false)).effects == [
                .announce("Saved"), .scheduleTimeout(.seconds(4), token: 1),
            ])
        #expect(snackbar.send(.timeoutElapsed(token: 1)).effects == [.cancelTimeout, .dismissed(.timeout)])
        #expect(snackbar.state == .dismissed(.timeout))
        #expect(!snackbar.send(.timeoutElapsed(token: 1)).isAccepted)
        #expect(!snackbar.send(.dismiss).isAccepted)
    }

    @Test("a touch stops the timer, its end restarts it under a new name, and the old timer is ignored")
    func touchPauses() {
        var snackbar = SnackbarPresentation(
            configuration: SnackbarConfiguration("Saved"), timing: Self.timing)
        snackbar.send(.appeared(voiceOverRunning: false))
        #expect(snackbar.send(.interactionBegan).effects == [.cancelTimeout])
        #expect(!snackbar.send(.timeoutElapsed(token: 1)).isAccepted)
        #expect(
            snackbar.send(.interactionEnded).effects == [
                .cancelTimeout, .scheduleTimeout(.seconds(4), token: 2),
            ])
        #expect(!snackbar.send(.timeoutElapsed(token: 1)).isAccepted)
        #expect(snackbar.send(.timeoutElapsed(token: 2)).isAccepted)
    }

    @Test("VoiceOver starting makes the time longer, or indefinite with an action; stopping restores it")
    func voiceOver() {
        var plain = SnackbarPresentation(configuration: SnackbarConfiguration("Saved"), timing: Self.timing)
        plain.send(.appeared(voiceOverRunning: false))
        #expect(
            plain.send(.voiceOverChanged(running: true)).effects == [
                .cancelTimeout, .scheduleTimeout(.seconds(8), token: 2),
            ])
        #expect(!plain.send(.voiceOverChanged(running: true)).isAccepted)
        var withAction = SnackbarPresentation(configuration: SnackbarTests.deleted, timing: Self.timing)
        #expect(
            withAction.send(.appeared(voiceOverRunning: true)).effects == [.announce("Message deleted, Undo")]
        )
        #expect(withAction.state == .shown(token: nil))
        #expect(
            withAction.send(.voiceOverChanged(running: false)).effects == [
                .cancelTimeout, .scheduleTimeout(.seconds(6), token: 1),
            ])
    }

    @Test("the action runs once and dismisses; a swipe dismisses or settles back with a fresh timer")
    func actionAndSwipe() {
        var snackbar = SnackbarPresentation(configuration: SnackbarTests.deleted, timing: Self.timing)
        snackbar.send(.appeared(voiceOverRunning: false))
        #expect(
            snackbar.send(.action).effects == [.cancelTimeout, .performAction("Undo"), .dismissed(.action)])
        #expect(!snackbar.send(.action).isAccepted)
        var swiped = SnackbarPresentation(configuration: SnackbarTests.deleted, timing: Self.timing)
        swiped.send(.appeared(voiceOverRunning: false))
        swiped.send(.interactionBegan)
        let back = swiped.send(
            .swipeEnded(translation: Point(x: 40, y: 0), velocity: .zero, swipe: Self.swipe))
        #expect(back.effects == [.settle, .cancelTimeout, .scheduleTimeout(.seconds(6), token: 2)])
        let gone = swiped.send(
            .swipeEnded(translation: Point(x: 300, y: 0), velocity: .zero, swipe: Self.swipe))
        #expect(gone.effects == [.cancelTimeout, .dismissed(.swipe)])
        var plain = SnackbarPresentation(configuration: SnackbarConfiguration("Saved"), timing: Self.timing)
        plain.send(.appeared(voiceOverRunning: false))
        #expect(!plain.send(.action).isAccepted)
    }

    @Test(
        "replaced by a newer snackbar or dismissed by the app, shown or still waiting; a waiting one ignores its timer"
    )
    func replacedAndProgrammatic() {
        var shown = SnackbarPresentation(configuration: SnackbarConfiguration("Saved"), timing: Self.timing)
        shown.send(.appeared(voiceOverRunning: false))
        #expect(shown.send(.replace).effects == [.cancelTimeout, .dismissed(.replaced)])
        var app = SnackbarPresentation(configuration: SnackbarConfiguration("Saved"), timing: Self.timing)
        app.send(.appeared(voiceOverRunning: false))
        #expect(app.send(.dismiss).effects == [.cancelTimeout, .dismissed(.programmatic)])
        var waiting = SnackbarPresentation(configuration: SnackbarConfiguration("Saved"), timing: Self.timing)
        #expect(!waiting.send(.timeoutElapsed(token: 0)).isAccepted)
        #expect(!waiting.send(.action).isAccepted)
        #expect(waiting.send(.dismiss).effects == [.dismissed(.programmatic)])
        #expect(!waiting.send(.appeared(voiceOverRunning: false)).isAccepted)
    }

    @Test("the driver sleeps on the injected clock: nothing before the time, the timeout at it")
    @MainActor
    func driverOnTestClock() async {
        let clock = TestClock()
        let signal = TestSignal()
        var performed: [SnackbarEffect] = []
        let driver = SnackbarDriver(
            presentation: SnackbarPresentation(
                configuration: SnackbarConfiguration("Saved"), timing: Self.timing),
            clock: clock
        ) { effect in
            performed.append(effect)
            signal.signal()
        }
        driver.send(.appeared(voiceOverRunning: false))
        #expect(performed == [.announce("Saved")])
        #expect(await clock.waitForSleepers(1))
        await clock.advance(by: .milliseconds(3_900))
        #expect(clock.sleeperCount == 1 && performed == [.announce("Saved")])
        // A touch cancels the sleep; its end starts a new one from now.
        driver.send(.interactionBegan)
        driver.send(.interactionEnded)
        await clock.advance(by: .milliseconds(200))
        #expect(performed == [.announce("Saved")])
        #expect(await clock.waitForSleepers(1))
        await clock.advance(by: .seconds(4))
        #expect(await signal.wait { performed.count == 2 })
        #expect(performed == [.announce("Saved"), .dismissed(.timeout)])
        #expect(driver.presentation.state == .dismissed(.timeout))
    }
}

@Suite("Snackbar requests from a binding")
struct SnackbarItemChangeTests {
    static let saved = SnackbarConfiguration("Saved")
    static let deleted = SnackbarConfiguration("Deleted", action: SnackbarAction("Undo"))

    @Test("a new item shows, a different one replaces, a cleared one dismisses, the same one does nothing")
    func changes() {
        #expect(SnackbarItemChange(previous: nil, current: Self.saved) == .show(Self.saved))
        #expect(SnackbarItemChange(previous: Self.saved, current: Self.deleted) == .replace(Self.deleted))
        #expect(SnackbarItemChange(previous: Self.saved, current: nil) == .dismiss)
        #expect(SnackbarItemChange(previous: Self.saved, current: Self.saved) == .none)
        #expect(SnackbarItemChange(previous: nil, current: nil) == .none)
    }

    @Test("a dismissal clears the binding, unless a newer snackbar replaced it")
    func bindingAfterDismissal() {
        #expect(SnackbarItemChange.item(afterDismissal: .timeout, current: Self.saved) == nil)
        #expect(SnackbarItemChange.item(afterDismissal: .swipe, current: Self.saved) == nil)
        #expect(SnackbarItemChange.item(afterDismissal: .replaced, current: Self.deleted) == Self.deleted)
        #expect(SnackbarEvent.forCurrent(whenNewRequestReplaces: true) == .replace)
        #expect(SnackbarEvent.forCurrent(whenNewRequestReplaces: false) == nil)
    }
}

/// A `.keelSnackbar` view that appears holding an item, or goes away while its snackbar
/// shows or waits: the change the front end carries out, and what it does to the scene's
/// queue, which a UIKit snackbar shares.
@MainActor
@Suite("Snackbar requests from a binding: appearing and going away")
struct SnackbarBindingLifetimeTests {
    static let saved = SnackbarConfiguration("Saved")
    static let deleted = SnackbarConfiguration("Deleted", action: SnackbarAction("Undo"))

    /// An item set before the view appeared is shown. It used to be ignored: the modifier
    /// reacted to `onChange` only, which does not report the value a view starts with.
    @Test("appearing with an item shows it; appearing again with the one asked for does nothing")
    func appeared() {
        #expect(SnackbarItemChange.appeared(with: Self.saved, requested: nil) == .show(Self.saved))
        #expect(
            SnackbarItemChange.appeared(with: Self.saved, requested: Self.saved) == SnackbarItemChange.none)
        #expect(
            SnackbarItemChange.appeared(with: Self.deleted, requested: Self.saved) == .replace(Self.deleted))
        // Appearing without an item leaves a snackbar still asked for alone.
        #expect(SnackbarItemChange.appeared(with: nil, requested: nil) == SnackbarItemChange.none)
        #expect(SnackbarItemChange.appeared(with: nil, requested: Self.saved) == SnackbarItemChange.none)
    }

    /// One snackbar's turn as KeelSwiftUI's modifier runs it: its presentation, and the queue
    /// released when the presentation says it was dismissed.
    @MainActor
    final class Turn {
        var presentation: SnackbarPresentation
        let queue: SceneOverlayQueue
        var ticket: OverlayTicket?
        var dismissals: [SnackbarDismissalReason] = []

        init(_ configuration: SnackbarConfiguration, queue: SceneOverlayQueue) {
            presentation = SnackbarPresentation(
                configuration: configuration, timing: SnackbarTheme(resolver: Fixture.light).timing)
            self.queue = queue
            ticket = queue.enqueue(
                on: .snackbar, presenterIsAttachedToScene: true,
                present: { [self] ticket in
                    queue.presentationChecked(ticket, isOnScreen: true)
                    send(.appeared(voiceOverRunning: false))
                }, onPresented: {}, onFailure: { _ in })
        }

        func send(_ event: SnackbarEvent) {
            for case .dismissed(let reason) in presentation.send(event).effects {
                dismissals.append(reason)
                if let ticket {
                    queue.cancel(ticket)
                    queue.didDismiss(ticket)
                }
            }
        }

        /// The view is gone for good: its turn is freed and releases its ticket, as the
        /// modifier's turn does in `deinit`.
        func freed() {
            if let ticket { queue.release(ticket) }
        }
    }

    /// Nothing released the channel when the view went away: the next snackbar of the scene
    /// waited for good.
    @Test("a shown snackbar whose view goes away leaves, and the next one comes")
    func shownThenGone() throws {
        let queue = SceneOverlayQueue(nextTurn: { _ in })
        let gone = Turn(Self.deleted, queue: queue)
        let next = Turn(Self.saved, queue: queue)
        #expect(gone.presentation.isShown && !next.presentation.isShown)
        gone.freed()
        #expect(queue.state(of: try #require(gone.ticket)) == .dismissed)
        #expect(next.presentation.isShown && queue.activeTicket(on: .snackbar) == next.ticket)
    }

    @Test("a waiting snackbar whose view goes away is withdrawn and never shown")
    func waitingThenGone() throws {
        let queue = SceneOverlayQueue(nextTurn: { _ in })
        let shown = Turn(Self.saved, queue: queue)
        let gone = Turn(Self.deleted, queue: queue)
        gone.freed()
        #expect(queue.state(of: try #require(gone.ticket)) == .cancelled)
        shown.send(.dismiss)
        #expect(!gone.presentation.isShown && queue.activeTicket(on: .snackbar) == nil)
    }
}

/// A request that fails inside `enqueue` (its presenter is in no window scene) is final when
/// the ticket comes back: KeelUIKit's snackbar presenter stored it after `enqueue` and kept it,
/// with its view and observers, for the life of the scene, and never said it failed.
@MainActor
@Suite("Overlay requests a front end keeps")
struct OverlayRequestKeepingTests {
    /// The failures a front end heard of.
    @MainActor
    final class Failures {
        var reported: [OverlayPresentationFailure] = []
    }

    @Test("a request failed at once is not kept; a waiting or shown one is")
    func kept() {
        let queue = SceneOverlayQueue(nextTurn: { _ in })
        let failures = Failures()
        func enqueue(attached: Bool) -> OverlayTicket {
            queue.enqueue(
                on: .snackbar, presenterIsAttachedToScene: attached, present: { _ in }, onPresented: {},
                onFailure: { [failures] in failures.reported.append($0) })
        }
        let detached = enqueue(attached: false)
        #expect(failures.reported == [.presenterNotAttachedToScene])
        #expect(!OverlayItemState.isKept(queue.state(of: detached)))
        let shown = enqueue(attached: true)
        let waiting = enqueue(attached: true)
        #expect(
            OverlayItemState.isKept(queue.state(of: shown))
                && OverlayItemState.isKept(queue.state(of: waiting)))
        #expect(!OverlayItemState.isKept(nil))
        queue.cancel(waiting)
        #expect(!OverlayItemState.isKept(queue.state(of: waiting)))
    }
}
