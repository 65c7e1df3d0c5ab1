// `makeStream()` is iOS 17+: the streaming engines capture the continuation the iOS 16 way.

extension AsyncStream {
    /// A stream and its continuation (the closure of `init` runs before it returns).
    static func withContinuation() -> (stream: AsyncStream, continuation: Continuation) {
        var captured: Continuation?
        let stream = AsyncStream { captured = $0 }
        return (stream, captured!)
    }
}

extension AsyncThrowingStream where Failure == any Error {
    /// A throwing stream and its continuation (the closure of `init` runs before it returns).
    static func withContinuation() -> (stream: AsyncThrowingStream, continuation: Continuation) {
        var captured: Continuation?
        let stream = AsyncThrowingStream { captured = $0 }
        return (stream, captured!)
    }
}
