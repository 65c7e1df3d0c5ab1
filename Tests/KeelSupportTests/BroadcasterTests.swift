import Testing

@testable import KeelSupport

@Suite struct BroadcasterTests {
    @Test func everySubscriberGetsEveryValue() async {
        let broadcaster = Broadcaster<Int>()
        let first = broadcaster.stream()
        let second = broadcaster.stream()
        for value in 1...3 { broadcaster.yield(value) }
        broadcaster.finish()
        var a: [Int] = []
        for await value in first { a.append(value) }
        var b: [Int] = []
        for await value in second { b.append(value) }
        #expect(a == [1, 2, 3])
        #expect(b == [1, 2, 3])
    }

    @Test func finishedBroadcasterGivesFinishedStreams() async {
        let broadcaster = Broadcaster<Int>()
        broadcaster.finish()
        var count = 0
        for await _ in broadcaster.stream() { count += 1 }
        #expect(count == 0)
    }

    /// Releasing the broadcaster ends its streams: an owner that never called `finish()` (a
    /// scene's theme context, a replaced offline queue) used to leave every `for await` over its
    /// changes suspended for ever.
    @Test func releasingTheBroadcasterEndsItsStreams() async {
        var broadcaster: Broadcaster<Int>? = Broadcaster<Int>()
        let stream = broadcaster!.stream()
        broadcaster?.yield(1)
        broadcaster = nil
        var received: [Int] = []
        for await value in stream { received.append(value) }
        #expect(received == [1])
    }

    @Test func droppedSubscribersAreRemoved() {
        let broadcaster = Broadcaster<Int>()
        do {
            _ = broadcaster.stream()
        }
        #expect(broadcaster.subscriberCount == 0)
    }

    @Test func durationHelpers() {
        #expect(Duration.milliseconds(1500).seconds == 1.5)
        #expect(Duration.microseconds(3).nanoseconds == 3_000)
        #expect(Duration.clampedSeconds(.nan) == .zero)
        #expect(Duration.clampedSeconds(-1) == .zero)
        #expect(Duration.clampedSeconds(0.25) == .milliseconds(250))
    }

    @Test func durationsBeyondInt64SecondsSaturate() {
        // `Duration` holds about 5e18 times the age of the universe; its `components` (Int64
        // seconds) trap beyond ±Int64.max seconds, and so did `seconds` and `nanoseconds`
        // built on them, for an app's `.seconds(Int64.max) * 2` timeout or expiry.
        let beyond = Duration.seconds(Int64.max) * 2
        #expect(abs(beyond.seconds / (Double(Int64.max) * 2) - 1) < 1e-12)
        #expect(beyond.nanoseconds == .max && (.zero - beyond).nanoseconds == .min)
        #expect(beyond.milliseconds == .max && (.zero - beyond).milliseconds == .min)
        #expect(Duration.seconds(Int64.max).milliseconds == .max)
        #expect(Duration.seconds(Int64.min).milliseconds == .min)
        #expect(Duration.milliseconds(Int64.max).milliseconds == .max)
        #expect(Duration.milliseconds(-1500).milliseconds == -1500)
        #expect(Duration.nanoseconds(2_999_999).milliseconds == 2)
    }

    @Test func clampedSecondsKeepsAnEndlessValueEndless() {
        // `+infinity` used to become zero (an "endless" snackbar time vanished at once); a
        // finite `1e20` is clamped the same way, never trapping.
        let longest = Duration.nanoseconds(Int64(Duration.maximumClampedSeconds * 1e9))
        #expect(Duration.clampedSeconds(.infinity) == longest)
        #expect(Duration.clampedSeconds(1e20) == longest)
        #expect(Duration.clampedSeconds(.greatestFiniteMagnitude) == longest)
        #expect(Duration.clampedSeconds(-.infinity) == .zero)
        #expect(Duration.clampedSeconds(0) == .zero)
    }
}
