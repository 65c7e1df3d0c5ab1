#if canImport(UIKit)
    import KeelComponents
    import KeelUIKit
    import UIKit

    // XDDesignKit's spellings of KeelButton's API.
    extension KeelButton {
        /// XDDesignKit's title setter: Keel's button has one title for every state, so this
        /// sets ``KeelUIKit/KeelButton/title`` whatever `state` is. Not a `renamed:` (a Fix-it
        /// would write `title("…", for: .normal)`, which does not exist).
        @available(*, deprecated, message: "KeelButton has one title for every state: set `title`")
        public func setTitle(_ title: String?, for state: UIControl.State) {
            self.title = title
        }

        /// XDDesignKit's title getter (one title for every state).
        @available(*, deprecated, message: "KeelButton has one title for every state: read `title`")
        public func title(for state: UIControl.State) -> String? { title }

        /// XDDesignKit's one-off icon image: `setIcon(_:placement:isDirectional:side:)`.
        @available(*, deprecated, renamed: "setIcon(_:placement:isDirectional:side:)")
        public func setIconImage(_ image: UIImage?, placement: ButtonIconPlacement? = nil) {
            setIcon(image, placement: placement)
        }

        /// XDDesignKit's name for `stackedPaddingOverride` (`nil` restores the theme's value).
        @available(*, deprecated, renamed: "stackedPaddingOverride")
        public var stackedContentPaddingOverride: Double? {
            get { stackedPaddingOverride }
            set { stackedPaddingOverride = newValue }
        }
    }
#endif
