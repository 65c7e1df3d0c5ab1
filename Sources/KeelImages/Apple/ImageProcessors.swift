#if canImport(UIKit)
    import Foundation
    import UIKit

    extension ImageProcessing where Self == ImageProcessor {
        /// Resizes to fit within `size` pixels, keeping the aspect ratio (never upscales):
        /// `resize(WxH)`.
        public static func resize(to size: Size) -> ImageProcessor {
            ImageProcessor(identifier: "resize(\(size))") { image in
                let plan = ImageGeometry.fit(image.info, within: size)
                return try ImageRendering.render(image, size: plan) { context, cgImage in
                    context.draw(cgImage, in: CGRect(x: 0, y: 0, width: plan.width, height: plan.height))
                }
            }
        }

        /// Crops to `rect` in pixels from the top left (clamped to the image). Named by the
        /// rectangle actually cropped: `CGImage.cropping(to:)` takes the integral rectangle, so
        /// `(10.5, 0, 100, 100)` crops 101 pixels wide and is `crop(10,0,101,100)`.
        public static func crop(to rect: CGRect) -> ImageProcessor {
            ImageProcessor(identifier: CropName.identifier(rect)) { image in
                guard let cgImage = (image.image as? UIImage)?.cgImage,
                    let cropped = cgImage.cropping(to: rect)
                else {
                    throw ImageRenderingError.noBitmap
                }
                var info = image.info
                info.width = cropped.width
                info.height = cropped.height
                return ImageContainer(image: UIImage(cgImage: cropped), info: info)
            }
        }

        /// Rounds the corners with `radius` pixels (clamped to half the shorter side; NaN or
        /// negative: square corners): `roundCorners(r)`.
        public static func roundCorners(radius: CGFloat) -> ImageProcessor {
            ImageProcessor(identifier: "roundCorners(\(radius))") { image in
                let size = Size(width: Double(image.info.width), height: Double(image.info.height))
                return try ImageRendering.render(image, size: size) { context, cgImage in
                    let bounds = CGRect(x: 0, y: 0, width: size.width, height: size.height)
                    // CoreGraphics traps on a corner wider than half a side, and the image's size
                    // comes from the network: the radius is clamped.
                    let corner = CGFloat(
                        CornerRadius.clamped(Double(radius), width: size.width, height: size.height))
                    context.addPath(
                        CGPath(roundedRect: bounds, cornerWidth: corner, cornerHeight: corner, transform: nil)
                    )
                    context.clip()
                    context.draw(cgImage, in: bounds)
                }
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
