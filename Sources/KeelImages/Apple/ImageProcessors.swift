#if canImport(UIKit)
    import Foundation
    import UIKit

    /// Resizes to fit within a pixel size, keeping the aspect ratio (never upscales).
    public struct ResizeProcessor: ImageProcessing {
        /// The bounding size in pixels.
        package var size: Size

        /// Creates the processor.
        public init(size: Size) {
            self.size = size
        }

        /// `resize(WxH)`.
        public var identifier: String { "resize(\(size))" }

        /// The resized image.
        public func process(_ image: ImageContainer) throws -> ImageContainer {
            let plan = ImageGeometry.fit(image.info, within: size)
            return try ImageRendering.render(image, size: plan) { context, cgImage in
                context.draw(cgImage, in: CGRect(x: 0, y: 0, width: plan.width, height: plan.height))
            }
        }
    }

    /// Crops to a rectangle in pixels (clamped to the image).
    public struct CropProcessor: ImageProcessing {
        /// The rectangle to keep, in pixels from the top left.
        package var rect: CGRect

        /// Creates the processor.
        public init(rect: CGRect) {
            self.rect = rect
        }

        /// `crop(x,y,w,h)` of the rectangle actually cropped: `CGImage.cropping(to:)` takes the
        /// integral rectangle, so `(10.5, 0, 100, 100)` crops 101 pixels wide and is named so
        /// (truncating it named the 100-pixel crop of `(10, 0, 100, 100)` too).
        public var identifier: String {
            let cropped = rect.integral
            let parts = [cropped.minX, cropped.minY, cropped.width, cropped.height].map(Self.pixels)
            return "crop(\(parts.joined(separator: ",")))"
        }

        /// One coordinate of the identifier: whole pixels, or the number as written when it is
        /// not finite or beyond `Int` (`CGRect.infinite`, `.null`), which `Int(_:)` trapped on.
        private static func pixels(_ value: CGFloat) -> String {
            value.isFinite && value.magnitude < 1e15 ? String(Int(value)) : "\(value)"
        }

        /// The cropped image.
        public func process(_ image: ImageContainer) throws -> ImageContainer {
            guard let cgImage = (image.image as? UIImage)?.cgImage, let cropped = cgImage.cropping(to: rect)
            else {
                throw ImageRenderingError.noBitmap
            }
            var info = image.info
            info.width = cropped.width
            info.height = cropped.height
            return ImageContainer(image: UIImage(cgImage: cropped), info: info)
        }
    }

    /// Rounds the corners with a radius in pixels.
    public struct RoundCornersProcessor: ImageProcessing {
        /// The corner radius in pixels.
        package var radius: CGFloat

        /// Creates the processor.
        public init(radius: CGFloat) {
            self.radius = radius
        }

        /// `roundCorners(r)`.
        public var identifier: String { "roundCorners(\(radius))" }

        /// The image with rounded corners.
        public func process(_ image: ImageContainer) throws -> ImageContainer {
            let size = Size(width: Double(image.info.width), height: Double(image.info.height))
            return try ImageRendering.render(image, size: size) { context, cgImage in
                let bounds = CGRect(x: 0, y: 0, width: size.width, height: size.height)
                // CoreGraphics traps on a corner wider than half a side, and the image's size comes
                // from the network: the radius is clamped (NaN or negative: square corners).
                let corner = CGFloat(
                    CornerRadius.clamped(Double(radius), width: size.width, height: size.height))
                context.addPath(
                    CGPath(roundedRect: bounds, cornerWidth: corner, cornerHeight: corner, transform: nil))
                context.clip()
                context.draw(cgImage, in: bounds)
            }
        }
    }

    /// Why a processor could not run.
    package enum ImageRenderingError: Error, Sendable {
        /// The container holds no bitmap (`UIImage` with a `CGImage`).
        case noBitmap
        /// A drawing context could not be created.
        case contextUnavailable
    }

    enum ImageRendering {
        static func render(
            _ image: ImageContainer, size: Size, draw: (CGContext, CGImage) -> Void
        ) throws -> ImageContainer {
            guard let cgImage = (image.image as? UIImage)?.cgImage else { throw ImageRenderingError.noBitmap }
            let pixels = ImageGeometry.pixelCounts(of: size)
            guard
                let context = CGContext(
                    data: nil, width: pixels.width, height: pixels.height, bitsPerComponent: 8,
                    bytesPerRow: 0,
                    space: CGColorSpaceCreateDeviceRGB(),
                    bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
            else { throw ImageRenderingError.contextUnavailable }
            draw(context, cgImage)
            guard let output = context.makeImage() else { throw ImageRenderingError.contextUnavailable }
            var info = image.info
            info.width = pixels.width
            info.height = pixels.height
            return ImageContainer(image: UIImage(cgImage: output), info: info)
        }
    }
#endif
