/// The shape of content that is still loading, from which a skeleton placeholder's shapes are
/// laid out: lines of text (the last one shorter), an avatar circle, an image rectangle, in
/// rows and columns.
///
/// ```swift
/// // An avatar beside a title line and two lines of text, then a 16:9 image.
/// let post = SkeletonSpec.column([
///     .row([.avatar, .text(lines: 3)]),
///     .image(aspectRatio: 16 / 9),
/// ])
/// ```
public indirect enum SkeletonSpec: Hashable, Sendable {
    /// A circle the theme's avatar size.
    case avatar
    /// A rectangle as wide as its column, `aspectRatio` (width ÷ height) tall.
    case image(aspectRatio: Double)
    /// Lines of text, the last one shorter (at most 50).
    case text(lines: Int)
    /// Side by side from the leading edge: avatars keep their size, the rest share the width.
    case row([SkeletonSpec])
    /// One above the other, each as wide as the column.
    case column([SkeletonSpec])

    /// A list row: an avatar beside two lines of text.
    public static let listRow = SkeletonSpec.row([.avatar, .text(lines: 2)])
}
