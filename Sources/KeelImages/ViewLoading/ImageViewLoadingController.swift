import Foundation
import KeelSupport

/// What an image view offers the loading controller: a place to show an image.
///
/// The UIKit extension makes `UIImageView` conform; tests use a fake that records calls.
@MainActor
package protocol ImageDisplayTarget: AnyObject {
    /// Shows `image` (`nil` clears the view) with `transition`.
    func display(_ image: ImageContainer?, transition: ImageTransition)
}

/// How a newly loaded image replaces what was shown.
public enum ImageTransition: Sendable, Hashable {
    /// Swap immediately.
    case none
    /// Cross-fade over `duration`.
    case fadeIn(duration: Duration)

    /// The cross-fade's length in seconds (0 for `none`; a negative duration counts as 0).
    package var seconds: Double {
        switch self {
        case .none: return 0
        case .fadeIn(let duration):
            return max(0, duration.seconds)
        }
    }
}

/// What a view shows around a load.
package struct ImageLoadingOptions: Sendable {
    /// Shown while loading (and for a missing URL); `nil` clears the view.
    package var placeholder: ImageContainer?
    /// Shown when loading fails; `nil` keeps the placeholder.
    package var failureImage: ImageContainer?
    /// The transition for images that arrive asynchronously.
    package var transition: ImageTransition
    /// Also animate images served synchronously from the memory cache.
    package var alwaysTransition: Bool
    /// Keep the current image instead of showing the placeholder while the next one loads.
    package var keepCurrentImageWhileLoading: Bool

    /// Creates options.
    package init(
        placeholder: ImageContainer? = nil,
        failureImage: ImageContainer? = nil,
        transition: ImageTransition = .fadeIn(duration: .milliseconds(200)),
        alwaysTransition: Bool = false,
        keepCurrentImageWhileLoading: Bool = false
    ) {
        self.placeholder = placeholder
        self.failureImage = failureImage
        self.transition = transition
        self.alwaysTransition = alwaysTransition
        self.keepCurrentImageWhileLoading = keepCurrentImageWhileLoading
    }
}

/// A step in a view's loading, reported to ``ImageViewLoadingController/onEvent``.
package enum ImageLoadingEvent: Sendable {
    /// Loading started; the placeholder is shown.
    case started(URL)
    /// The image is shown (`source` says whether from memory, disk or network).
    case completed(ImageResponse)
    /// Loading failed; the failure image (or placeholder) is shown. `nil` URL: none was given.
    case failed(URL?, any Error)
    /// The load was cancelled (reuse, a new load, or `ImageViewLoadingController/cancel()`).
    case cancelled(URL)
}

/// Thrown (reported) when a view is asked to load a `nil` URL.
package struct MissingImageURLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Creates the error.
    package init() {}

    /// A readable description.
    package var description: String { "no image URL" }
}

/// Drives one image view: loads, shows placeholder, image or failure image, and makes sure a
/// reused view never shows an image requested for its previous content.
///
/// Every ``load(_:into:)-(URL?,_)`` cancels the previous load and starts a new generation; a result
/// from an older generation is dropped even if it arrives after the new one started. A
/// memory-cache hit is shown synchronously, without a transition (no placeholder flash).
/// Releasing the controller (with its view) cancels its load.
@MainActor
package final class ImageViewLoadingController {
    /// The pipeline used.
    package let pipeline: ImagePipeline
    /// Placeholder, failure image and transitions.
    package var options: ImageLoadingOptions
    /// Called for every step of every load, on the main actor.
    package var onEvent: ((ImageLoadingEvent) -> Void)?
    /// The request being loaded or last loaded.
    package private(set) var currentRequest: ImageRequest?

    private weak var target: (any ImageDisplayTarget)?
    private var task: Task<Void, Never>?
    private var imageTask: ImageTask?
    private var generation: UInt64 = 0
    /// Whether ``currentRequest``'s outcome (image, failure or placeholder) is on screen.
    private var isSettled = false

    /// Creates a controller.
    package init(pipeline: ImagePipeline, options: ImageLoadingOptions = ImageLoadingOptions()) {
        self.pipeline = pipeline
        self.options = options
    }

    deinit {
        task?.cancel()
        imageTask?.cancel()
    }

    /// Whether a load is in flight.
    package var isLoading: Bool { task != nil }

    /// Loads `url` into `target` (see the request-taking overload).
    package func load(_ url: URL?, into target: any ImageDisplayTarget) {
        load(url.map { ImageRequest(url: $0) }, into: target)
    }

    /// Loads the image whose URL `urlString` spells into `target` (the original foundation's
    /// string-taking `imageURL`): a string that is not an absolute URL — empty, relative,
    /// unparsable — shows the placeholder, as a `nil` URL does (see ``url(from:)``).
    package func load(_ urlString: String?, into target: any ImageDisplayTarget) {
        load(Self.url(from: urlString), into: target)
    }

    /// The URL an image view loads for `text`: the trimmed text when it is an absolute URL
    /// with a scheme (and, for `http`/`https`, a host); otherwise `nil`.
    package nonisolated static func url(from text: String?) -> URL? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty,
            let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(), !scheme.isEmpty
        else { return nil }
        if scheme == "http" || scheme == "https" {
            guard let host = url.host, !host.isEmpty else { return nil }
        }
        return url
    }

    /// Cancels the previous load, then shows `request`'s image in `target`: at once from the
    /// memory cache, otherwise after the placeholder. A `nil` request shows the placeholder and
    /// reports ``MissingImageURLError``.
    package func load(_ request: ImageRequest?, into target: any ImageDisplayTarget) {
        cancel()
        generation &+= 1
        let current = generation
        self.target = target
        currentRequest = request
        isSettled = false
        guard let request else {
            isSettled = true
            target.display(options.placeholder, transition: .none)
            onEvent?(.failed(nil, MissingImageURLError()))
            return
        }
        if let cached = pipeline.cachedImage(for: request) {
            isSettled = true
            target.display(cached, transition: options.alwaysTransition ? options.transition : .none)
            onEvent?(.completed(ImageResponse(container: cached, request: request, source: .memory)))
            return
        }
        if !options.keepCurrentImageWhileLoading {
            target.display(options.placeholder, transition: .none)
        }
        onEvent?(.started(request.url))
        let imageTask = pipeline.imageTask(for: request)
        self.imageTask = imageTask
        task = Task { [weak self] in
            let result: Result<ImageResponse, any Error>
            do {
                result = .success(try await imageTask.response)
            } catch {
                result = .failure(error)
            }
            self?.complete(result, generation: current)
        }
    }

    /// Cancels the current load, if any; its result will not be shown.
    package func cancel() {
        guard let task else { return }
        task.cancel()
        imageTask?.cancel()
        imageTask = nil
        self.task = nil
        generation &+= 1
        if let url = currentRequest?.url { onEvent?(.cancelled(url)) }
    }

    /// Makes sure `target` shows `request` (a view appearing again): a load of the same image
    /// still in flight gets the request's priority back, the same image already shown stays,
    /// anything else — another URL, other processors or thumbnail size or cache key, a
    /// cancelled load — loads.
    package func ensureLoaded(_ request: ImageRequest?, into target: any ImageDisplayTarget) {
        let sameImage =
            switch (currentRequest, request) {
            case (nil, nil): true
            case (let current?, let request?):
                // The cache key as well: it also names the credentials (another account's image).
                current.producesSameImage(as: request)
                    && pipeline.cacheKey(for: current) == pipeline.cacheKey(for: request)
            default: false
            }
        let same = sameImage && self.target === target
        if same, isLoading {
            request.map { setPriority($0.priority) }
            return
        }
        if same, isSettled { return }
        load(request, into: target)
    }

    /// `existing` when it loads with `pipeline`, else a new controller for `pipeline` with
    /// `existing`'s options (a view whose environment now names another pipeline).
    package static func reusing(_ existing: ImageViewLoadingController?, pipeline: ImagePipeline)
        -> ImageViewLoadingController
    {
        guard let existing else { return ImageViewLoadingController(pipeline: pipeline) }
        if existing.pipeline === pipeline { return existing }
        return ImageViewLoadingController(pipeline: pipeline, options: existing.options)
    }

    /// The in-flight load's priority (`nil` when nothing loads).
    package var priority: ImageRequestPriority? { imageTask?.priority }

    /// Changes the in-flight load's priority (a view scrolled off screen lowers it and keeps
    /// the download; shared work follows the highest priority among its requests). Does
    /// nothing when nothing loads.
    package func setPriority(_ priority: ImageRequestPriority) {
        imageTask?.setPriority(priority)
    }

    private func complete(_ result: Result<ImageResponse, any Error>, generation: UInt64) {
        // A newer load (or a cancel) started since: this result belongs to the view's past.
        guard generation == self.generation, let target else { return }
        task = nil
        imageTask = nil
        isSettled = true
        switch result {
        case .success(let response):
            target.display(response.container, transition: options.transition)
            onEvent?(.completed(response))
        case .failure(let error):
            if error is CancellationError { return }
            if let failureImage = options.failureImage { target.display(failureImage, transition: .none) }
            onEvent?(.failed(currentRequest?.url, error))
        }
    }
}
