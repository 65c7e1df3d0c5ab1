import KeelSupport

/// Tokens written without the `$` prefix, `{"value": "#fff", "type": "color"}`: the form of
/// Style Dictionary 3 and of Tokens Studio's default ("legacy") export, which most published
/// token files still use. Lenient reading spells them as DTCG before merging (one warning per
/// file); strict reading leaves them as they are, one error per file.
enum DTCGUnprefixedTokens {
    /// The unprefixed tokens of one file, found (and, leniently, rewritten).
    struct Found {
        /// The file's object, with every unprefixed token spelled `$value`/`$type`/
        /// `$description` when rewriting.
        var object: JSONObject
        /// The first unprefixed token, in document order.
        var first: TokenPath?
        /// How many there are.
        var count = 0
        /// The members of unprefixed tokens that are dropped, each name once, at the first
        /// token that has it.
        var dropped: [(path: TokenPath, name: String)] = []
        var droppedNames: Set<String> = []
        /// The file writes `$value` somewhere (``writesDollarValue(_:)``).
        var dollarValues = false
    }

    /// Finds the unprefixed tokens of `object` and, when `rewrite`, spells them as DTCG.
    /// Counting and rewriting are the same walk (``visit(_:path:rewrite:found:)``), so the
    /// count is of the tokens rewritten. Recurses once per group level only, which parsing
    /// bounded first (``DTCGDocument/maximumGroupDepth``); token values are not entered.
    static func find(in object: JSONObject, rewrite: Bool) -> Found {
        var found = Found(object: object)
        found.dollarValues = writesDollarValue(object)
        _ = visit(object, path: TokenPath([]), rewrite: false, found: &found)
        // Most files have none: they are not rebuilt.
        if rewrite, found.count > 0 {
            var again = Found(object: object)
            again.dollarValues = found.dollarValues
            found.object = visit(object, path: TokenPath([]), rewrite: true, found: &again)
        }
        return found
    }

    /// Style Dictionary's own object members of a token (its metadata, not child tokens).
    static let toolMetadata: Set<String> = ["attributes", "original"]

    /// Counts (and, when `rewrite`, rewrites) the unprefixed tokens of `group` and its groups,
    /// recording the first and the members dropped. Without `rewrite` it returns `group`.
    private static func visit(_ group: JSONObject, path: TokenPath, rewrite: Bool, found: inout Found)
        -> JSONObject
    {
        var result = JSONObject()
        for (key, value) in group.pairs {
            guard !key.hasPrefix("$") || key == "$root", case .object(let child) = value,
                child["$value"] == nil
            else {
                if rewrite { result[key] = value }
                continue
            }
            let childPath = path.appending(key)
            guard isUnprefixedToken(child, dollarValues: found.dollarValues) else {
                let inner = visit(child, path: childPath, rewrite: rewrite, found: &found)
                if rewrite { result[key] = .object(inner) }
                continue
            }
            if found.first == nil { found.first = childPath }
            found.count += 1
            var token = rewrite ? prefixed(child) : JSONObject()
            // Groups and tokens nested in the token are kept (as a token with `$value` and
            // children is), Primer's number `alpha` is copied through (resolution applies
            // it); anything else is the tool's own metadata, dropped with a warning.
            var nested = JSONObject()
            for (name, member) in child.pairs where !name.hasPrefix("$") && !metadata.contains(name) {
                if name == "alpha", case .number = member {
                    token[name] = member
                } else if case .object = member, !toolMetadata.contains(name) {
                    nested[name] = member
                } else if found.droppedNames.insert(name).inserted {
                    found.dropped.append((childPath, name))
                }
            }
            let children = visit(nested, path: childPath, rewrite: rewrite, found: &found)
            if rewrite {
                for (name, member) in children.pairs { token[name] = member }
                result[key] = .object(token)
            }
        }
        return rewrite ? result : group
    }

    /// Whether `object` (with no `$value`) is a token written as `value`. Not when it looks
    /// like a DTCG group (2025.10 allows a group named `value`): its `value` is an object
    /// holding a `$` property (`$type`, `$description`, `$ref`…) or a member that is a token
    /// (`$value`). Otherwise a string `type` makes it a token. A file that writes `$value`
    /// anywhere (`dollarValues`) is DTCG: there, nothing else does. Else its `value` is not an
    /// object, or an object none of whose members is an object with `value` (a composite,
    /// `{"fontFamily": …, "fontSize": …}`).
    static func isUnprefixedToken(_ object: JSONObject, dollarValues: Bool = false) -> Bool {
        guard let value = object["value"] else { return false }
        func isToken(_ member: JSONValue, key: String) -> Bool {
            guard case .object(let inner) = member else { return false }
            return inner[key] != nil
        }
        if case .object(let inner) = value,
            inner.keys.contains(where: { $0.hasPrefix("$") })
                || inner.pairs.contains(where: { isToken($0.value, key: "$value") })
        {
            return false
        }
        if object["type"]?.stringValue != nil { return true }
        if dollarValues { return false }
        guard case .object(let inner) = value else { return true }
        return !inner.pairs.contains { isToken($0.value, key: "value") }
    }

    /// Whether any object in `object`, at any depth, has a `$value` member: the file is DTCG,
    /// so an untyped `value` there is a group, not a token. Iterative.
    static func writesDollarValue(_ object: JSONObject) -> Bool {
        var pending: [JSONValue] = [.object(object)]
        while let value = pending.popLast() {
            switch value {
            case .object(let object):
                if object["$value"] != nil { return true }
                pending += object.pairs.map(\.value)
            case .array(let elements): pending += elements
            default: break
            }
        }
        return false
    }

    /// `value` with Figma Tokens' (Tokens Studio's former name) references, `"$colors.primary"`,
    /// spelled `"{colors.primary}"`: the whole value, a composite's members, or an array's
    /// elements and their members (where that tool wrote them).
    static func curlyReferences(_ value: JSONValue) -> JSONValue {
        func member(_ value: JSONValue) -> JSONValue {
            guard case .string(let text) = value, let reference = dollarReference(text) else { return value }
            return .string(reference)
        }
        func composite(_ value: JSONValue) -> JSONValue {
            guard case .object(let object) = value else { return member(value) }
            return .object(JSONObject(object.pairs.map { ($0.key, member($0.value)) }))
        }
        switch value {
        case .array(let elements): return .array(elements.map(composite))
        default: return composite(value)
        }
    }

    /// `{a.b}` for `$a.b`: a `$`, a letter, then letters, digits, `_`, `-` and `.` only.
    static func dollarReference(_ text: String) -> String? {
        guard text.hasPrefix("$"), let first = text.dropFirst().first, first.isLetter,
            text.dropFirst().allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }
            ),
            !text.hasSuffix("."), !text.contains("..")
        else { return nil }
        return "{\(text.dropFirst())}"
    }

    /// The members that become DTCG properties.
    static let metadata: Set<String> = ["value", "type", "description", "comment"]

    /// `object` spelled as DTCG: `value`, `type` and `description` (or Style Dictionary's
    /// `comment`) become `$value`, `$type` and `$description`; `$` properties stay; the other
    /// members Style Dictionary 3 and Tokens Studio give a token (`attributes`, `themeable`,
    /// `parent`) are their own metadata and are dropped (``find(in:rewrite:)`` names each).
    static func prefixed(_ object: JSONObject) -> JSONObject {
        var token = JSONObject()
        for (key, value) in object.pairs where key.hasPrefix("$") { token[key] = value }
        token["$value"] = object["value"].map(curlyReferences)
        if token["$type"] == nil, let type = object["type"], type.stringValue != nil { token["$type"] = type }
        if token["$description"] == nil {
            if let text = object["description"], text.stringValue != nil {
                token["$description"] = text
            } else if let text = object["comment"], text.stringValue != nil {
                token["$description"] = text
            }
        }
        return token
    }
}
