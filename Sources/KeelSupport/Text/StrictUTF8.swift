/// Bytes read as UTF-8 exactly: every scalar kept (a leading U+FEFF too, which
/// `String(bytes:encoding:)` drops as a byte-order mark), and `nil` for ill-formed input
/// rather than replacement characters. The standard library's `String(validating:as:)` does the
/// same from iOS 18 only.
package enum StrictUTF8 {
    /// `bytes` as a string when they are well-formed UTF-8, `nil` otherwise.
    package static func string(_ bytes: some Collection<UInt8>) -> String? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return String(decoding: bytes, as: UTF8.self)
            case .error: return nil
            }
        }
    }
}
