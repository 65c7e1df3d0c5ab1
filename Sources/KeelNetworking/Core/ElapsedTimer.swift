/// A function returning the time elapsed on `clock` since it was made (opens the clock's
/// existential once, so callers holding `any Clock<Duration>` can measure durations).
func elapsedTimer<C: Clock<Duration>>(on clock: C) -> @Sendable () -> Duration {
    let start = clock.now
    return { start.duration(to: clock.now) }
}
