/// Where a button's icon sits relative to its title.
public enum ButtonIconPlacement: String, CaseIterable, Hashable, Sendable {
    /// Before the title (left in left-to-right layouts).
    case leading
    /// After the title.
    case trailing
    /// Above the title.
    case top
    /// Below the title.
    case bottom
    /// The icon alone; the title, if any, is only the accessibility label.
    case only

    /// Whether icon and title are stacked vertically.
    package var isStacked: Bool { self == .top || self == .bottom }
}

/// How content is placed horizontally inside the insets.
public enum ButtonContentHorizontalAlignment: String, CaseIterable, Hashable, Sendable {
    /// Centred.
    case center
    /// At the leading edge.
    case leading
    /// At the trailing edge.
    case trailing
    /// Stretched across the width (the title takes the remaining space).
    case fill
}

/// How content is placed vertically inside the insets.
public enum ButtonContentVerticalAlignment: String, CaseIterable, Hashable, Sendable {
    /// Centred.
    case center
    /// At the top.
    case top
    /// At the bottom.
    case bottom
    /// Stretched across the height.
    case fill
}

/// When a title may wrap onto several lines.
public enum ButtonTitleLines: Hashable, Sendable {
    /// Always one line, truncated at the tail (the reference's only mode).
    case single
    /// One line, but wrapping (up to `maximum` lines, `nil` for no limit) at accessibility
    /// text sizes, where truncation would hide most of the title.
    case wrapsAtAccessibilitySizes(maximum: Int?)
    /// Wrapping at every text size, up to `maximum` lines.
    case wraps(maximum: Int?)

    /// The default: wrap at accessibility sizes without a line limit.
    public static let automatic = ButtonTitleLines.wrapsAtAccessibilitySizes(maximum: nil)
}

/// A button's icon as layout sees it.
package struct ButtonIcon: Hashable, Sendable {
    /// Whether the icon points somewhere (an arrow) and is mirrored in right-to-left layouts.
    package var isDirectional: Bool
    /// An explicit side, or `nil` for the appearance's icon size.
    package var size: Double?

    /// An icon.
    package init(isDirectional: Bool = false, size: Double? = nil) {
        self.isDirectional = isDirectional
        self.size = size
    }
}

/// What a button shows: title, icon and how they are arranged.
package struct ButtonContent: Hashable, Sendable {
    /// The title.
    package var title: String?
    /// The icon.
    package var icon: ButtonIcon?
    /// Where the icon goes.
    package var iconPlacement: ButtonIconPlacement
    /// Horizontal alignment.
    package var horizontalAlignment: ButtonContentHorizontalAlignment
    /// Vertical alignment.
    package var verticalAlignment: ButtonContentVerticalAlignment
    /// When the title may wrap.
    package var titleLines: ButtonTitleLines
    /// Replaces the size's stacked padding (finite and not negative, else ignored).
    package var stackedPaddingOverride: Double?

    /// Content.
    package init(
        title: String? = nil, icon: ButtonIcon? = nil, iconPlacement: ButtonIconPlacement = .leading,
        horizontalAlignment: ButtonContentHorizontalAlignment = .center,
        verticalAlignment: ButtonContentVerticalAlignment = .center,
        titleLines: ButtonTitleLines = .automatic,
        stackedPaddingOverride: Double? = nil
    ) {
        self.title = title
        self.icon = icon
        self.iconPlacement = iconPlacement
        self.horizontalAlignment = horizontalAlignment
        self.verticalAlignment = verticalAlignment
        self.titleLines = titleLines
        self.stackedPaddingOverride = stackedPaddingOverride
    }

    /// Whether the button shows only an icon (no visible title): such a button offers the
    /// large content viewer, so people using accessibility text sizes can read what it is.
    package var isIconOnly: Bool {
        icon != nil && (iconPlacement == .only || (title ?? "").isEmpty)
    }

    /// What the large content viewer shows of `value` (its title or image): `value` for an
    /// icon-only button, `nil` otherwise (a visible title needs no viewer).
    package func largeContent<Value>(_ value: Value?) -> Value? { isIconOnly ? value : nil }
}
