import Foundation
import KeelSupport

/// Loads images ahead of need (cells about to scroll into view) at low priority, a few at a
/// time, into the pipeline's caches.
///
/// A normal request for an image being prefetched joins the prefetch's work instead of
/// starting a second download, and raises it to its own priority.
///
/// Prefetch the requests the views will make (the same headers, processors and thumbnail
/// size): their cache keys must match for the prefetched image to be found.
///
/// ```swift
/// func thumbnail(_ url: URL) -> ImageRequest {
///     ImageRequest(url: url, thumbnailSize: Size(width: 120, height: 120))  // as the cells load it
/// }
/// let prefetcher = ImagePrefetcher(pipeline: pipeline)
/// prefetcher.startPrefetching(with: upcomingURLs.map(thumbnail))
/// prefetcher.stopPrefetching(with: scrolledPastURLs.map(thumbnail))
/// ```
public final class ImagePrefetcher: Sendable {
    private struct State {
        var queue: [(key: ImageCacheKey, request: ImageRequest)] = []
        var running: [ImageCacheKey: ImageTask] = [:]
        var isPaused = false
        var idleWaiters: [CheckedContinuation<Void, Never>] = []
    }

    /// The pipeline the prefetcher loads through.
    package let pipeline: ImagePipeline
    /// The priority of prefetch requests.
    package let priority: ImageRequestPriority
    /// The most prefetches in flight at once.
    package let maximumConcurrentRequestCount: Int
    private let state = Locked(State())

    /// Creates a prefetcher.
    public init(
        pipeline: ImagePipeline, priority: ImageRequestPriority = .low, maximumConcurrentRequestCount: Int = 2
    ) {
        self.pipeline = pipeline
        self.priority = priority
        self.maximumConcurrentRequestCount = max(1, maximumConcurrentRequestCount)
    }

    deinit {
        let tasks = state.withLock { Array($0.running.values) }
        for task in tasks { task.cancel() }
    }

    /// Queues `requests` (at the prefetcher's priority); already cached, queued or running
    /// ones are skipped.
    public func startPrefetching(with requests: [ImageRequest]) {
        let fresh = requests.compactMap { request -> (key: ImageCacheKey, request: ImageRequest)? in
            guard pipeline.cachedImage(for: request) == nil else { return nil }
            var request = request
            request.priority = priority
            return (pipeline.cacheKey(for: request), request)
        }
        state.withLock { state in
            for item in fresh
            where state.running[item.key] == nil && !state.queue.contains(where: { $0.key == item.key }) {
                state.queue.append(item)
            }
        }
        pump()
    }

    /// Removes `requests` from the queue and cancels their running prefetches (work that a
    /// normal request also waits for continues for that request).
    public func stopPrefetching(with requests: [ImageRequest]) {
        let keys = Set(requests.map { pipeline.cacheKey(for: $0) })
        let cancelled = state.withLock { state -> [ImageTask] in
            state.queue.removeAll { keys.contains($0.key) }
            return keys.compactMap { state.running.removeValue(forKey: $0) }
        }
        for task in cancelled { task.cancel() }
        pump()
    }

    /// Stops all prefetching.
    public func stopPrefetching() {
        let cancelled = state.withLock { state -> [ImageTask] in
            state.queue.removeAll()
            defer { state.running.removeAll() }
            return Array(state.running.values)
        }
        for task in cancelled { task.cancel() }
        pump()
    }

    /// Pauses or resumes starting queued prefetches (running ones continue).
    public func setPaused(_ paused: Bool) {
        state.withLock { $0.isPaused = paused }
        pump()
    }

    /// Prefetches queued but not started.
    package var queuedCount: Int {
        state.withLock { $0.queue.count }
    }

    /// Prefetches in flight.
    package var runningCount: Int {
        state.withLock { $0.running.count }
    }

    /// Returns when nothing is queued or running (a paused prefetcher with a queue waits).
    package func waitUntilIdle() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let idle = state.withLock { state -> Bool in
                if state.queue.isEmpty && state.running.isEmpty { return true }
                state.idleWaiters.append(continuation)
                return false
            }
            if idle { continuation.resume() }
        }
    }

    private func pump() {
        let (started, idle) = state.withLock {
            state -> ([(ImageCacheKey, ImageTask)], [CheckedContinuation<Void, Never>]) in
            var started: [(ImageCacheKey, ImageTask)] = []
            while !state.isPaused, state.running.count < maximumConcurrentRequestCount, !state.queue.isEmpty {
                let item = state.queue.removeFirst()
                let task = pipeline.imageTask(for: item.request)
                state.running[item.key] = task
                started.append((item.key, task))
            }
            guard state.queue.isEmpty, state.running.isEmpty else { return (started, []) }
            defer { state.idleWaiters.removeAll() }
            return (started, state.idleWaiters)
        }
        for waiter in idle { waiter.resume() }
        for (key, task) in started {
            Task { [weak self] in
                _ = try? await task.response
                self?.finished(key, task)
            }
        }
    }

    private func finished(_ key: ImageCacheKey, _ task: ImageTask) {
        state.withLock { state in
            if state.running[key] === task { state.running[key] = nil }
        }
        pump()
    }
}
