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
    }

    /// Finds the unprefixed tokens of `object` and, when `rewrite`, spells them as DTCG.
    /// Recurses once per group level only, which parsing bounded first
    /// (``DTCGDocument/maximumGroupDepth``); token values are not entered.
    static func find(in object: JSONObject, rewrite: Bool) -> Found {
        var found = Found(object: object)
        count(object, path: TokenPath([]), found: &found)
        // Most files have none: they are not rebuilt.
        if rewrite, found.count > 0 {
            var again = Found(object: object)
            found.object = visit(object, path: TokenPath([]), rewrite: true, found: &again)
        }
        return found
    }

    /// Counts the unprefixed tokens of `group` and its groups, recording the first.
    private static func count(_ group: JSONObject, path: TokenPath, found: inout Found) {
        for (key, value) in group.pairs {
            guard !key.hasPrefix("$") || key == "$root", case .object(let child) = value,
                child["$value"] == nil
            else { continue }
            if isUnprefixedToken(child) {
                if found.first == nil { found.first = path.appending(key) }
                found.count += 1
            } else {
                count(child, path: path.appending(key), found: &found)
            }
        }
    }

    private static func visit(_ group: JSONObject, path: TokenPath, rewrite: Bool, found: inout Found)
        -> JSONObject
    {
        var result = JSONObject()
        for (key, value) in group.pairs {
            guard !key.hasPrefix("$") || key == "$root", case .object(let child) = value,
                child["$value"] == nil
            else {
                result[key] = value
                continue
            }
            let childPath = path.appending(key)
            if isUnprefixedToken(child) {
                if found.first == nil { found.first = childPath }
                found.count += 1
                guard rewrite else {
                    result[key] = value
                    continue
                }
                var token = prefixed(child)
                // Tokens nested in the token (kept, as a token with `$value` and children is).
                let nested = JSONObject(
                    child.pairs.filter { name, member in
                        guard !name.hasPrefix("$"), !metadata.contains(name), case .object(let inner) = member
                        else { return false }
                        return inner["value"] != nil || inner["$value"] != nil
                    }.map { ($0.key, $0.value) })
                for (name, member) in visit(nested, path: childPath, rewrite: rewrite, found: &found).pairs {
                    token[name] = member
                }
                result[key] = .object(token)
            } else {
                result[key] = .object(visit(child, path: childPath, rewrite: rewrite, found: &found))
            }
        }
        return result
    }

    /// Whether `object` (with no `$value`) is a token written as `value`: it has a string
    /// `type`; or its `value` is not an object; or its `value` is an object that is not a group
    /// of tokens (a composite value, `{"fontFamily": …, "fontSize": …}`). A group that merely
    /// holds a token named `value` stays a group.
    static func isUnprefixedToken(_ object: JSONObject) -> Bool {
        guard let value = object["value"] else { return false }
        if object["type"]?.stringValue != nil { return true }
        guard case .object(let inner) = value else { return true }
        if inner["$value"] != nil { return false }
        let looksLikeGroup =
            !inner.pairs.isEmpty
            && inner.pairs.allSatisfy { _, member in
                guard case .object(let grandchild) = member else { return false }
                return grandchild["value"] != nil || grandchild["$value"] != nil
            }
        return !looksLikeGroup
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
    /// `parent`) are their own metadata and are dropped.
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
