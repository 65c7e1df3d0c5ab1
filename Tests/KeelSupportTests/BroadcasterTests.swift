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
