#if canImport(UIKit)
    import KeelLists
    import UIKit

    /// The lists a controller configured, one entry per list view (so a second list never
    /// releases the first), kept on the controller: the ``ListHelper``s of
    /// `BaseViewController.configureList(on:refresh:loadMore:emptyState:)` and the adapters
    /// KeelCompat's list set-ups create.
    @MainActor
    package final class ListAttachmentsBox {
        /// The adapters (data sources and delegates) of the configured lists.
        package var adapters = ListAttachments<NSObject>()
        /// The list helpers of the configured lists.
        package var helpers = ListAttachments<ListHelper>()
    }

    extension UIViewController {
        private static let adapterToken = NSObject()
        private static var adapterKey: UnsafeRawPointer {
            UnsafeRawPointer(Unmanaged.passUnretained(adapterToken).toOpaque())
        }

        /// The lists this controller configured.
        package var listAttachments: ListAttachmentsBox {
            if let box = objc_getAssociatedObject(self, Self.adapterKey) as? ListAttachmentsBox { return box }
            let box = ListAttachmentsBox()
            objc_setAssociatedObject(self, Self.adapterKey, box, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
            return box
        }
    }
#endif
