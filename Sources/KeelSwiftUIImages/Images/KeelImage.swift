#if canImport(SwiftUI) && canImport(UIKit)
    import KeelImages
    import SwiftUI
    import UIKit

    private struct KeelImagePipelineKey: EnvironmentKey {
        static let defaultValue = ImagePipeline()
    }

    extension EnvironmentValues {
        /// The pipeline `KeelImage` loads with (one default pipeline unless the app sets its
        /// own, with its caches and transport: `.environment(\.keelImagePipeline, pipeline)`).
        public var keelImagePipeline: ImagePipeline {
            get { self[KeelImagePipelineKey.self] }
            set { self[KeelImagePipelineKey.self] = newValue }
        }
    }

    /// What a `KeelImage` does with its load when it leaves the screen.
    public enum KeelImageDisappearance: Sendable, Hashable {
        /// Keep loading at this priority (scrolling back finds it done); the request's own
        /// priority returns when the view reappears.
        case lowerPriority(ImageRequestPriority)
        /// Cancel the load; the view loads again when it reappears.
        case cancel
    }

    /// Loads and shows an image through KeelImages' `ImagePipeline`, with the same
    /// `ImageViewLoadingController` UIKit's image views use: the placeholder while loading
    /// (and for a `nil` request or a failure), a memory-cache hit at once without a
    /// placeholder frame, a cross-fade for an image that arrives later, a lowered priority (or
    /// a cancel) when the view disappears, and a cancel when it goes away. Each load costs a
    /// redraw only per visible step (`ImageDisplayState`).
    ///
    /// ```swift
    /// KeelImage(request: ImageRequest(url: avatarURL)) { image in
    ///     image.resizable().scaledToFill()
    /// } placeholder: {
    ///     Color.gray.opacity(0.2)
    /// }
    /// ```
    public struct KeelImage<Content: View, Placeholder: View>: View {
        private let request: ImageRequest?
        private let transition: ImageTransition
        private let disappearance: KeelImageDisappearance
        private let content: (Image) -> Content
        private let placeholder: Placeholder
        @StateObject private var model = KeelImageModel()
        @Environment(\.keelImagePipeline) private var pipeline

        /// An image view for `request` (`nil`: the placeholder), drawn by `content`.
        public init(
            request: ImageRequest?, transition: ImageTransition = .fadeIn(duration: .milliseconds(200)),
            onDisappear disappearance: KeelImageDisappearance = .lowerPriority(.low),
            @ViewBuilder content: @escaping (Image) -> Content, @ViewBuilder placeholder: () -> Placeholder
        ) {
            self.request = request
            self.transition = transition
            self.disappearance = disappearance
            self.content = content
            self.placeholder = placeholder()
        }

        /// The view's body: the placeholder under the image, cross-faded by revision.
        public var body: some View {
            ZStack {
                placeholder.opacity(model.state.placeholderOpacity)
                model.image.map(content)
                    .id(model.state.revision)
                    .transition(.opacity)
            }
            .onAppear { model.appear(request, pipeline: pipeline, transition: transition) }
            .onDisappear { model.disappear(disappearance) }
            // The whole identity (URL, cache key, thumbnail size, processors, credentials), not
            // only the URL: a new avatar version under the same URL loads too.
            .onChange(of: request.map { pipeline.displayIdentity(for: $0) }) { _ in
                model.appear(request, pipeline: pipeline, transition: transition)
            }
        }
    }

    extension KeelImage where Content == Image, Placeholder == Color {
        /// An image view for `request` drawing the image as is, over a clear placeholder.
        public init(request: ImageRequest?) {
            self.init(request: request, content: { $0 }, placeholder: { Color.clear })
        }
    }

    /// Binds a loading controller to SwiftUI state: each shown change publishes once.
    @MainActor
    final class KeelImageModel: ObservableObject, ImageDisplayTarget {
        private(set) var state = ImageDisplayState()
        private var controller: ImageViewLoadingController?

        nonisolated init() {}

        /// The shown image as a SwiftUI image.
        var image: Image? {
            state.image.flatMap { $0.image as? UIImage }.map { Image(uiImage: $0) }
        }

        func display(_ image: ImageContainer?, transition: ImageTransition) {
            withAnimation(.linear(duration: transition.seconds)) {
                state.display(image, transition: transition) { objectWillChange.send() }
            }
        }

        func appear(_ request: ImageRequest?, pipeline: ImagePipeline, transition: ImageTransition) {
            let controller = ImageViewLoadingController.reusing(controller, pipeline: pipeline)
            self.controller = controller
            controller.options.transition = transition
            controller.ensureLoaded(request, into: self)
        }

        func disappear(_ disappearance: KeelImageDisappearance) {
            switch disappearance {
            case .lowerPriority(let priority): controller?.setPriority(priority)
            case .cancel: controller?.cancel()
            }
        }
    }
#endif
