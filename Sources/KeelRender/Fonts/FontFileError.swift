/// Why a font file could not be read. Every malformed input yields one of these; nothing in
/// a font file can crash the reader.
package enum FontFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be opened or read.
    case unreadable(path: String, reason: String)
    /// The data is not a TrueType/OpenType font or collection (the first four bytes).
    case unknownFormat(signature: String)
    /// A required table is absent.
    case missingTable(String)
    /// A structure extends past the end of the data (`what` names it).
    case truncated(String)
    /// A table is present but its contents are invalid.
    case malformedTable(String, reason: String)
    /// The font has no character map this reader understands (formats 4 and 12).
    case unsupportedCharacterMap
    /// A collection was asked for a face it does not have.
    case faceIndexOutOfRange(index: Int, count: Int)

    /// A one-line explanation.
    package var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read font file '\(path)': \(reason)"
        case .unknownFormat(let signature): "not a TrueType/OpenType font (signature '\(signature)')"
        case .missingTable(let tag): "required table '\(tag)' is missing"
        case .truncated(let what): "the data ends inside \(what)"
        case .malformedTable(let tag, let reason): "table '\(tag)' is malformed: \(reason)"
        case .unsupportedCharacterMap: "no Unicode character map of format 4 or 12"
        case .faceIndexOutOfRange(let index, let count):
            "face \(index) requested from a collection of \(count)"
        }
    }
}

/// A font file error with the file it came from.
package struct FontLoadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file.
    package var path: String
    /// What was wrong.
    package var error: FontFileError

    /// An error for a file.
    package init(path: String, error: FontFileError) {
        self.path = path
        self.error = error
    }

    /// `path: explanation`.
    package var description: String {
        if case .unreadable = error { return error.description }
        return "\(path): \(error)"
    }
}
