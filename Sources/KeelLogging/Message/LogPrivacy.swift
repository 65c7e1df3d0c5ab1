/// How an interpolated value in a ``LogMessage`` is shown when redaction is on.
public struct LogPrivacy: Sendable, Hashable {
    /// How a private value is masked.
    public enum Mask: Sendable, Hashable {
        /// Replaced by `<private>`.
        case redact
        /// Replaced by a short hash that is stable within the process (so equal values can be
        /// correlated) but differs between processes.
        case hash
    }

    @usableFromInline
    enum Kind: Sendable, Hashable {
        case automatic
        case visible
        case hidden(Mask)
    }

    @usableFromInline
    let kind: Kind

    @usableFromInline
    init(kind: Kind) {
        self.kind = kind
    }

    /// The default: numbers and booleans are public, anything else is private.
    public static let auto = LogPrivacy(kind: .automatic)
    /// Always shown verbatim.
    public static let `public` = LogPrivacy(kind: .visible)
    /// Shown as `<private>` when redaction is on.
    public static let `private` = LogPrivacy(kind: .hidden(.redact))

    /// Private, masked as `mask` when redaction is on.
    public static func `private`(mask: Mask) -> LogPrivacy {
        LogPrivacy(kind: .hidden(mask))
    }
}
