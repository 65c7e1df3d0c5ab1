#if canImport(UIKit)
    import KeelUIKitImages
    import UIKit

    extension UIImageView {
        /// Loads and shows the image whose URL `urlString` spells: the original foundation's
        /// Kingfisher adapter, `.imageURL("https://example.com/avatar.png", placeholder: …)`.
        /// Keel's call takes a `URL`: `imageURL(URL(string: text), placeholder: …)`. A string
        /// that is not an absolute URL shows the placeholder.
        @available(*, deprecated, message: "pass a URL: imageURL(URL(string: text), placeholder:)")
        @discardableResult
        public func imageURL(_ urlString: String?, placeholder: UIImage? = nil, failureImage: UIImage? = nil)
            -> Self
        {
            loadImage(urlString, placeholder: placeholder, failureImage: failureImage)
        }
    }
#endif
