/// Failures the ``PagingController`` detects itself (a source's own errors are reported
/// unchanged).
package enum PagingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A page returned a key that was already used in this generation (it would loop forever).
    /// Carries the direction and the key, as text.
    case repeatedKey(LoadDirection, String)
    /// Too many empty pages in a row while the source kept returning more keys.
    case tooManyEmptyPages(LoadDirection, count: Int)
    /// The configuration is inconsistent; the text says what to change.
    case invalidConfiguration(String)

    /// A sentence saying what went wrong.
    package var description: String {
        switch self {
        case .repeatedKey(let direction, let key):
            "the \(direction) page returned key \(key), which this list already loaded"
                + " (set allowsKeyReuse if the source reuses keys on purpose)"
        case .tooManyEmptyPages(let direction, let count):
            "\(count) empty \(direction) pages in a row"
        case .invalidConfiguration(let reason): "invalid paging configuration: \(reason)"
        }
    }
}
