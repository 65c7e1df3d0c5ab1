#if canImport(UIKit)
    import KeelImages
    import UIKit

    /// The pipeline `UIImageView.imageURL(_:placeholder:)` uses unless given another: ImageIO
    /// decoding with downsampling, a memory cache, no disk cache. Replace it at start-up to
    /// configure caches or a KeelNetworking transport.
    @MainActor
    public enum KeelImageLoading {
        /// The default pipeline.
        public static var pipeline = ImagePipeline()
    }

    extension UIImageView: ImageDisplayTarget {
        /// Shows a loaded image, cross-fading when asked.
        package func display(_ image: ImageContainer?, transition: ImageTransition) {
            let uiImage = image?.image as? UIImage
            switch transition {
            case .none:
                self.image = uiImage
            case .fadeIn:
                UIView.transition(
                    with: self, duration: transition.seconds,
                    options: [.transitionCrossDissolve, .allowUserInteraction]
                ) { self.image = uiImage }
            }
        }
    }

    extension UIImageView {
        private static let loaderToken = NSObject()
        private static var loaderKey: UnsafeRawPointer {
            UnsafeRawPointer(Unmanaged.passUnretained(loaderToken).toOpaque())
        }

        /// This view's loading controller (created on first use; released with the view,
        /// which cancels its load).
        package var keelImageLoader: ImageViewLoadingController {
            if let loader = objc_getAssociatedObject(self, Self.loaderKey) as? ImageViewLoadingController {
                return loader
            }
            let loader = ImageViewLoadingController(pipeline: KeelImageLoading.pipeline)
            objc_setAssociatedObject(self, Self.loaderKey, loader, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
            return loader
        }

        /// Loads and shows the image at `url` (the original foundation's Kingfisher adapter
        /// API) and returns the view, so it chains. A new call cancels the previous load, so a
        /// reused cell never shows the image requested for its previous row; `nil` shows the
        /// placeholder.
        @discardableResult
        public func imageURL(_ url: URL?, placeholder: UIImage? = nil, failureImage: UIImage? = nil) -> Self {
            configureImageLoader(placeholder: placeholder, failureImage: failureImage).load(url, into: self)
            return self
        }

        /// Loads and shows the image whose URL `urlString` spells (the original foundation's
        /// string spelling, which KeelCompat keeps): a string that is not an absolute URL shows
        /// the placeholder (`ImageViewLoadingController.url(from:)` decides).
        @discardableResult
        package func loadImage(_ urlString: String?, placeholder: UIImage?, failureImage: UIImage?) -> Self {
            configureImageLoader(placeholder: placeholder, failureImage: failureImage).load(
                urlString, into: self)
            return self
        }

        private func configureImageLoader(placeholder: UIImage?, failureImage: UIImage?)
            -> ImageViewLoadingController
        {
            let loader = keelImageLoader
            loader.options.placeholder = placeholder.map(Self.container)
            loader.options.failureImage = failureImage.map(Self.container)
            return loader
        }

        /// Cancels the current load (call it from `prepareForReuse` to stop work early).
        public func cancelImageDownload() {
            keelImageLoader.cancel()
        }

        private static func container(_ image: UIImage) -> ImageContainer {
            let pixels = image.size.applying(CGAffineTransform(scaleX: image.scale, y: image.scale))
            return ImageContainer(
                image: image,
                info: ImageInfo(format: .png, width: Int(pixels.width), height: Int(pixels.height)))
        }
    }
#endif
