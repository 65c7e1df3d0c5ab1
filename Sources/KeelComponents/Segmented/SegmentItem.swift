/// How a segmented control looks: a track with a sliding thumb, or tabs with an underline.
public enum SegmentedStyle: String, CaseIterable, Hashable, Sendable {
    /// A filled track with a thumb behind the selected segment (a settings page's choice).
    case segmented
    /// Titles on the surface with an underline under the selected one (a screen's sections).
    case tabs
}

/// How wide each segment is.
public enum SegmentWidth: String, CaseIterable, Hashable, Sendable {
    /// Every segment as wide as the widest one needs, sharing the width given when that is
    /// wider.
    case equal
    /// Each segment as wide as its own title and badge.
    case content
}

/// One segment or tab: a title, an optional badge, enabled or not.
///
/// ```swift
/// let tabs = [SegmentItem("Inbox", badge: .count(3)), SegmentItem("Archive")]
/// ```
public struct SegmentItem: Hashable, Sendable {
    /// The title.
    public var title: String
    /// A badge after the title (a count or a dot).
    public var badge: BadgeContent?
    /// Whether the segment can be selected.
    public var isEnabled: Bool

    /// A segment.
    public init(_ title: String, badge: BadgeContent? = nil, isEnabled: Bool = true) {
        self.title = title
        self.badge = badge
        self.isEnabled = isEnabled
    }

    /// The badge a front end binds: the item's, or a hidden one (a count of zero).
    package var shownBadge: BadgeContent { badge ?? .count(0) }
}

/// The parts of a segmented control a layout places.
package enum SegmentedPart: Hashable, Sendable {
    /// The segmented style's track, or the tabs' divider.
    case track
    /// The thumb or the underline under the selected segment.
    case indicator
    /// A segment's touch area (its button).
    case segment(Int)
    /// A segment's title.
    case title(Int)
    /// A segment's badge.
    case badge(Int)
    /// What a scroll reveals to show a segment: its touch area and ``SegmentedLayout``'s
    /// `scrollMargin` of each neighbour (a front end that scrolls a rectangle into view by the
    /// least movement, as SwiftUI's `scrollTo` does, lands where `scrollOffset(revealing:from:)`
    /// says).
    case reveal(Int)
}
