/// A URL's query: every value of every key, in order, percent-decoded.
///
/// `?x=1&x=2&y=%20b` gives `x == ["1", "2"]` and `y == [" b"]`; a key without `=` has the
/// value `""`. Nothing is collapsed or dropped.
public struct QueryParameters: Hashable, Sendable {
    /// Every value per key, in the order they appeared.
    package private(set) var values: [String: [String]]
    /// The keys in order of first appearance.
    package private(set) var keys: [String]

    /// An empty query.
    package init() {
        values = [:]
        keys = []
    }

    /// A query from key-value pairs, in order.
    package init(_ pairs: [(String, String)]) {
        self.init()
        for (key, value) in pairs { append(value, for: key) }
    }

    /// All values for `key` (empty when absent).
    public subscript(key: String) -> [String] {
        values[key] ?? []
    }

    /// The first value for `key`.
    public func first(_ key: String) -> String? {
        values[key]?.first
    }

    /// Whether the query has no keys.
    package var isEmpty: Bool { keys.isEmpty }

    /// Adds a value after any existing ones for `key`.
    package mutating func append(_ value: String, for key: String) {
        if values[key] == nil { keys.append(key) }
        values[key, default: []].append(value)
    }

    /// The query as percent-encoded text without the leading `?`.
    package var encoded: String {
        keys.flatMap { key in
            self[key].map { PercentEncoding.encode(key) + "=" + PercentEncoding.encode($0) }
        }.joined(separator: "&")
    }

    /// The encoded form.
    package var description: String { encoded }

    /// Parses the query in `text[range]` (without `?`), scanning UTF-8 bytes.
    static func parse(_ text: String, _ range: Range<String.Index>, plusAsSpace: Bool) throws
        -> QueryParameters
    {
        var query = QueryParameters()
        let utf8 = text.utf8
        var pairStart = range.lowerBound
        var index = range.lowerBound
        while true {
            let atEnd = index == range.upperBound
            if atEnd || utf8[index] == UInt8(ascii: "&") {
                if pairStart != index {
                    let equals = utf8[pairStart..<index].firstIndex(of: UInt8(ascii: "="))
                    let keyRange = pairStart..<(equals ?? index)
                    let valueRange = equals.map { utf8.index(after: $0)..<index } ?? index..<index
                    let key = try decode(text, keyRange, plusAsSpace: plusAsSpace)
                    query.append(try decode(text, valueRange, plusAsSpace: plusAsSpace), for: key)
                }
                if atEnd { break }
                pairStart = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        return query
    }

    private static func decode(_ text: String, _ range: Range<String.Index>, plusAsSpace: Bool) throws
        -> String
    {
        switch PercentEncoding.decode(text[range], plusAsSpace: plusAsSpace) {
        case .success(let decoded): return decoded
        case .failure(let failure):
            let offset = text.distance(from: text.startIndex, to: range.lowerBound) + failure.offset
            throw RouteURLError(url: text, offset: offset, reason: .invalidPercentEncoding)
        }
    }
}
