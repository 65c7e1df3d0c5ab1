import Foundation
import KeelSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a streamed body holds back its producer when the consumer falls behind.
package enum BackPressure: Sendable, Equatable {
    /// Pause the producer once more than `high` bytes wait to be read, and let it go again
    /// when they are down to `low`. On Apple platforms the transport suspends its
    /// `URLSessionTask` (the socket stops being read, so TCP slows the server down).
    case pause(high: Int, low: Int)
    /// Keep up to `memory` bytes in memory and park the rest, in order, in an unlinked `0600`
    /// file in `directory`. FoundationNetworking cannot pause a transfer: `suspend()` removes
    /// it from libcurl and `resume()` sends the request again from the start (a second head and
    /// the body from byte 0), so on Linux memory is bounded by spilling instead; the disk
    /// use is bounded by the response body cap.
    case spill(memory: Int, directory: URL)

    /// What ``URLSessionTransport`` uses on this platform.
    package static var platformDefault: BackPressure {
        #if canImport(Darwin)
            return .pause(high: 1 << 20, low: 256 << 10)
        #else
            return .spill(memory: 2 << 20, directory: FileManager.default.temporaryDirectory)
        #endif
    }
}

/// The queue between a streamed body's producer (the session delegate) and its one consumer:
/// chunks in order, the end or the failure, and back-pressure by ``BackPressure``. Headless:
/// the producer's pause, resume and cancel are closures bound with ``bind(pause:resume:cancel:)``.
///
/// `@unchecked Sendable`: every mutable field is in `state`, touched only under its lock; the
/// spill file's reads and writes happen under that lock too (one producer, one consumer).
package final class BodyBuffer: @unchecked Sendable {
    /// The suspended reader. Checked, not unsafe: an unsafe continuation's resume is inlined
    /// into this module, and the thread sanitizer, which cannot see the runtime's atomics that
    /// order it with the resumed task, reported the hand-over of a chunk as a race (a false
    /// report, but a sanitizer run must stay clean). The checked form cost about 15 M more
    /// instructions per 200 MB stream (one canary object per suspension).
    private typealias Waiter = CheckedContinuation<Data?, any Error>

    private struct Hooks {
        var pause: (@Sendable () -> Void)?
        var resume: (@Sendable () -> Void)?
        var cancel: (@Sendable () -> Void)?
    }

    private struct State {
        var chunks: [Data] = []
        var head = 0
        var memoryBytes = 0
        var spill: SpillFile?
        var end: Result<Void, any Error>?
        var waiter: Waiter?
        var paused = false
        var cancelled = false
        /// The consumer has seen the end (or the failure): later reads return `nil`.
        var delivered = false
        var hooks = Hooks()
        var pauses = 0
    }

    private let state = Locked(State())
    /// How the producer is held back.
    package let backPressure: BackPressure

    /// An empty buffer.
    package init(backPressure: BackPressure) {
        self.backPressure = backPressure
    }

    /// A finished buffer holding `data` as one chunk (none when empty).
    package static func complete(_ data: Data) -> BodyBuffer {
        let buffer = BodyBuffer(backPressure: .pause(high: Int.max, low: Int.max))
        if !data.isEmpty { buffer.push(data) }
        buffer.finish(nil)
        return buffer
    }

    /// Connects the producer: `pause` and `resume` hold it back and let it go, `cancel` stops it
    /// (called once, when the consumer cancels or goes away). A buffer already cancelled calls
    /// `cancel` at once.
    package func bind(
        pause: (@Sendable () -> Void)? = nil, resume: (@Sendable () -> Void)? = nil,
        cancel: (@Sendable () -> Void)? = nil
    ) {
        let cancelNow = state.withLock { state -> Bool in
            state.hooks = Hooks(pause: pause, resume: resume, cancel: cancel)
            return state.cancelled && state.end == nil
        }
        if cancelNow { cancel?() }
    }

    // MARK: Producer

    /// Appends `data` (the producer's next chunk).
    package func push(_ data: Data) {
        guard !data.isEmpty else { return }
        enum Then {
            case nothing
            case deliver(Waiter)
            case pause(@Sendable () -> Void)
            case fail(any Error, Waiter?, (@Sendable () -> Void)?)
        }
        let then = state.withLock { state -> Then in
            guard !state.cancelled, state.end == nil else { return .nothing }
            if let waiter = state.waiter, state.memoryBytes == 0, state.spill?.isEmpty ?? true {
                state.waiter = nil
                return .deliver(waiter)
            }
            switch backPressure {
            case .pause(let high, _):
                state.chunks.append(data)
                state.memoryBytes += data.count
                if state.memoryBytes > high, !state.paused, let pause = state.hooks.pause {
                    state.paused = true
                    state.pauses += 1
                    return .pause(pause)
                }
                return .nothing
            case .spill(let memory, let directory):
                let spilling = !(state.spill?.isEmpty ?? true)
                if !spilling, state.memoryBytes + data.count <= memory {
                    state.chunks.append(data)
                    state.memoryBytes += data.count
                    return .nothing
                }
                do {
                    if state.spill == nil { state.spill = try SpillFile(directory: directory) }
                    try state.spill?.append(data)
                    return .nothing
                } catch {
                    let failure = APIError.transport(URLError(.cannotWriteToFile))
                    state.end = .failure(failure)
                    state.chunks.removeAll()
                    state.memoryBytes = 0
                    state.spill = nil
                    let waiter = state.waiter
                    state.waiter = nil
                    if waiter != nil { state.delivered = true }
                    return .fail(failure, waiter, state.hooks.cancel)
                }
            }
        }
        switch then {
        case .nothing: break
        case .deliver(let waiter): waiter.resume(returning: data)
        case .pause(let pause): pause()
        case .fail(let error, let waiter, let cancel):
            waiter?.resume(throwing: error)
            cancel?()
        }
    }

    /// Ends the body: cleanly when `error` is `nil`. Chunks already queued are read first.
    package func finish(_ error: (any Error)?) {
        let waiter = state.withLock { state -> Waiter? in
            guard state.end == nil, !state.cancelled else { return nil }
            state.end = error.map { .failure($0) } ?? .success(())
            guard let waiter = state.waiter else { return nil }
            state.waiter = nil
            state.delivered = true
            return waiter
        }
        if let error { waiter?.resume(throwing: error) } else { waiter?.resume(returning: nil) }
    }

    /// Ends the body with `error` now, dropping what is queued (a body over its cap).
    package func fail(_ error: any Error) {
        let waiter = state.withLock { state -> Waiter? in
            guard state.end == nil, !state.cancelled else { return nil }
            state.end = .failure(error)
            state.chunks.removeAll()
            state.head = 0
            state.memoryBytes = 0
            state.spill = nil
            guard let waiter = state.waiter else { return nil }
            state.waiter = nil
            state.delivered = true
            return waiter
        }
        waiter?.resume(throwing: error)
    }

    // MARK: Consumer

    /// The next chunk, or `nil` at the end; throws the producer's failure, or
    /// `CancellationError` when the consuming task is cancelled (which cancels the producer).
    package func next() async throws -> Data? {
        if let ready = try take() { return ready.chunk }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: Waiter) in
                let outcome = state.withLock { state -> Result<Ready, any Error>? in
                    if state.cancelled { return .failure(CancellationError()) }
                    do {
                        if let ready = try Self.take(&state, backPressure) { return .success(ready) }
                    } catch {
                        return .failure(error)
                    }
                    state.waiter = continuation
                    return nil
                }
                switch outcome {
                case nil:
                    break
                case .success(let ready):
                    ready.resume?()
                    continuation.resume(with: Result { try self.complete(ready) })
                case .failure(let error):
                    continuation.resume(throwing: error)
                }
            }
        } onCancel: {
            cancel()
        }
    }

    /// Stops the body from the consumer's side: drops what is queued, fails a waiting read with
    /// `CancellationError` and cancels the producer (unless it had already finished).
    package func cancel() {
        let (waiter, hook) = state.withLock {
            state -> (Waiter?, (@Sendable () -> Void)?) in
            guard !state.cancelled else { return (nil, nil) }
            state.cancelled = true
            state.chunks.removeAll()
            state.head = 0
            state.memoryBytes = 0
            state.spill = nil
            let waiter = state.waiter
            state.waiter = nil
            return (waiter, state.end == nil ? state.hooks.cancel : nil)
        }
        waiter?.resume(throwing: CancellationError())
        hook?()
    }

    /// Bytes waiting in memory (not counting the spill file).
    package var bufferedInMemory: Int { state.withLock { $0.memoryBytes } }
    /// Bytes waiting in the spill file (and its write batch).
    package var bufferedOnDisk: Int64 { state.withLock { $0.spill?.pending ?? 0 } }
    /// Whether the producer is paused now.
    package var isPaused: Bool { state.withLock { $0.paused } }
    /// How many times the producer was paused.
    package var pauseCount: Int { state.withLock { $0.pauses } }

    private struct Ready {
        var chunk: Data?
        var resume: (@Sendable () -> Void)?
        /// A region of the spill file to read, outside the lock, as the chunk.
        var region: (file: SpillFile, offset: Int64, count: Int)?
    }

    /// A chunk or the end without waiting, or `nil` when the consumer must wait.
    private func take() throws -> Ready? {
        guard
            var ready = try state.withLock({ state -> Ready? in
                if state.cancelled { throw CancellationError() }
                return try Self.take(&state, backPressure)
            })
        else { return nil }
        ready.resume?()
        ready.chunk = try complete(ready)
        return ready
    }

    /// The chunk of `ready`, read from the spill file when it names a region. The read runs
    /// outside the lock, so the producer never waits for it; the region is already claimed,
    /// and the file stays open while `ready` holds it.
    private func complete(_ ready: Ready) throws -> Data? {
        guard let region = ready.region else { return ready.chunk }
        do {
            return try region.file.read(at: region.offset, count: region.count)
        } catch {
            fail(APIError.transport(URLError(.cannotOpenFile)))
            cancelProducer()
            throw APIError.transport(URLError(.cannotOpenFile))
        }
    }

    /// Cancels the producer (a spill file that cannot be read back).
    private func cancelProducer() {
        state.withLock { $0.hooks.cancel }?()
    }

    private static func take(_ state: inout State, _ backPressure: BackPressure) throws -> Ready? {
        if state.head < state.chunks.count {
            let chunk = state.chunks[state.head]
            state.chunks[state.head] = Data()
            state.head += 1
            state.memoryBytes -= chunk.count
            if state.head == state.chunks.count {
                state.chunks.removeAll(keepingCapacity: true)
                state.head = 0
            } else if state.head >= 64, state.head * 2 >= state.chunks.count {
                state.chunks.removeFirst(state.head)
                state.head = 0
            }
            var resume: (@Sendable () -> Void)?
            if case .pause(_, let low) = backPressure, state.paused, state.memoryBytes <= low {
                state.paused = false
                resume = state.hooks.resume
            }
            return Ready(chunk: chunk, resume: resume)
        }
        if let spill = state.spill, !spill.isEmpty {
            switch spill.claim(upTo: 64 << 10) {
            case .memory(let data): return Ready(chunk: data)
            case .file(let offset, let count): return Ready(chunk: nil, region: (spill, offset, count))
            }
        }
        guard let end = state.end else { return nil }
        if state.delivered { return Ready(chunk: nil) }
        state.delivered = true
        state.spill = nil
        switch end {
        case .success: return Ready(chunk: nil)
        case .failure(let error): throw error
        }
    }
}
