/// A URL's query: every value of every key, in order, percent-decoded.
///
/// `?x=1&x=2&y=%20b` gives `x == ["1", "2"]` and `y == [" b"]`; a key without `=` has the
/// value `""`. Nothing is collapsed or dropped.
public struct QueryParameters: Hashable, Sendable, CustomStringConvertible {
    /// Every value per key, in the order they appeared.
    public private(set) var values: [String: [String]]
    /// The keys in order of first appearance.
    public private(set) var keys: [String]

    /// An empty query.
    public init() {
        values = [:]
        keys = []
    }

    /// A query from key-value pairs, in order.
    public init(_ pairs: [(String, String)]) {
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
    public var isEmpty: Bool { keys.isEmpty }

    /// Adds a value after any existing ones for `key`.
    public mutating func append(_ value: String, for key: String) {
        if values[key] == nil { keys.append(key) }
        values[key, default: []].append(value)
    }

    /// The query as percent-encoded text without the leading `?`.
    public var encoded: String {
        keys.flatMap { key in
            self[key].map { PercentEncoding.encode(key) + "=" + PercentEncoding.encode($0) }
        }.joined(separator: "&")
    }

    /// The encoded form.
    public var description: String { encoded }

    /// Parses query text (without `?`).
    static func parse(_ text: Substring, plusAsSpace: Bool, offset: Int) throws -> QueryParameters {
        var query = QueryParameters()
        var position = offset
        for pair in text.split(separator: "&", omittingEmptySubsequences: false) {
            defer { position += pair.count + 1 }
            if pair.isEmpty { continue }
            let equals = pair.firstIndex(of: "=")
            let rawKey = equals.map { pair[..<$0] } ?? pair
            let rawValue = equals.map { pair[pair.index(after: $0)...] } ?? ""
            let key: String
            switch PercentEncoding.decode(rawKey, plusAsSpace: plusAsSpace) {
            case .success(let decoded): key = decoded
            case .failure(let failure):
                throw RouteURLError(url: "", offset: position + failure.offset, reason: .invalidPercentEncoding)
            }
            switch PercentEncoding.decode(rawValue, plusAsSpace: plusAsSpace) {
            case .success(let decoded): query.append(decoded, for: key)
            case .failure(let failure):
                throw RouteURLError(
                    url: "", offset: position + rawKey.count + 1 + failure.offset,
                    reason: .invalidPercentEncoding)
            }
        }
        return query
    }
}
