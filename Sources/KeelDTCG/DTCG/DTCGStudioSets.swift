import KeelSupport

/// A Tokens Studio file of token sets — its single-file sync and export: each top-level member
/// is a set (`"Core": {…}, "Light": {…}`), `$metadata.tokenSetOrder` orders them and
/// `$themes` lists which sets each theme enables. References inside a set name tokens without
/// the set (`{Color.Black}` for `Core.Color.Black`), because Tokens Studio merges the sets
/// before resolving. Lenient reading does the same: one warning naming what was read.
enum DTCGStudioSets {
    /// The sets to read from one file, in order.
    struct Selection: Equatable {
        /// The sets merged, in `tokenSetOrder` (later sets replace earlier tokens).
        var sets: [String]
        /// The themes whose sets are read (the first of each theme group), if the file has
        /// themes.
        var themes: [String]
        /// The other themes' names.
        var otherThemes: [String]
        /// The sets in `tokenSetOrder` that are not read.
        var leftOut: [String] = []
        /// The themes enable no set of the file (`{"core": "disabled"}`): every set is read.
        var noneSelected = false
        /// The sets in ``sets`` the themes mark only `source` (none marks them `enabled`):
        /// Tokens Studio reads them to resolve references but does not output their tokens.
        var sourceOnly: [String] = []
    }

    /// The selection for `object`, or `nil` when it is not a Tokens Studio file of sets: it
    /// needs `$metadata.tokenSetOrder` (strings) naming at least one of its object members.
    /// With `$themes`, the first theme of each theme group (`group`; themes without one form
    /// one group), as Tokens Studio activates one per group: their sets marked `enabled` or
    /// `source` (``Selection/sourceOnly``: read for references only). Without themes, or when those themes enable no set, every set.
    static func selection(in object: JSONObject) -> Selection? {
        guard case .object(let metadata)? = object["$metadata"],
            case .array(let order)? = metadata["tokenSetOrder"]
        else { return nil }
        // A set named twice is merged once, at its last place (where it wins).
        var seen: Set<String> = []
        let ordered = Array(
            order.reversed().compactMap(\.stringValue).filter { name in
                guard !name.hasPrefix("$"), case .object? = object[name] else { return false }
                return seen.insert(name).inserted
            }.reversed())
        guard !ordered.isEmpty else { return nil }
        var chosen: [String] = []
        var others: [String] = []
        var groups: Set<String> = []
        var sets: Set<String> = []
        var enabled: Set<String> = []
        if case .array(let list)? = object["$themes"] {
            for case .object(let theme) in list {
                guard case .object(let selected)? = theme["selectedTokenSets"] else { continue }
                let name = theme["name"]?.stringValue ?? "theme \(chosen.count + others.count + 1)"
                guard groups.insert(theme["group"]?.stringValue ?? "").inserted else {
                    others.append(name)
                    continue
                }
                chosen.append(name)
                for (set, state) in selected.pairs
                where state.stringValue == "enabled" || state.stringValue == "source" {
                    sets.insert(set)
                    if state.stringValue == "enabled" { enabled.insert(set) }
                }
            }
        }
        guard !chosen.isEmpty else { return Selection(sets: ordered, themes: [], otherThemes: []) }
        let selected = ordered.filter { sets.contains($0) }
        // Themes that enable no set would read nothing: read every set instead, and say so.
        guard !selected.isEmpty else {
            return Selection(sets: ordered, themes: chosen, otherThemes: others, noneSelected: true)
        }
        // Source sets merge first, so an enabled set always wins over one, whatever
        // `tokenSetOrder` says (as Tokens Studio and sd-transforms order them).
        let sourceOnly = selected.filter { !enabled.contains($0) }
        return Selection(
            sets: sourceOnly + selected.filter { enabled.contains($0) }, themes: chosen, otherThemes: others,
            leftOut: ordered.filter { !sets.contains($0) }, sourceOnly: sourceOnly)
    }

    /// The token and group paths (as segments) of the merged tree that only `source` sets
    /// define: their tokens resolve references but are not output.
    static func sourceOnlyPaths(object: JSONObject, _ selection: Selection) -> Set<[String]> {
        guard !selection.sourceOnly.isEmpty else { return [] }
        let sourceOnly = Set(selection.sourceOnly)
        let output = setsByPath(object: object, selection.sets.filter { !sourceOnly.contains($0) })
        return Set(setsByPath(object: object, selection.sourceOnly).keys.filter { output[$0] == nil })
    }

    /// The selected sets of `object` merged in order into one token tree (the file's own
    /// `$schema` and `$extensions` kept at its root).
    static func merged(_ object: JSONObject, _ selection: Selection, source: String) -> JSONObject {
        var merged = JSONObject()
        for key in ["$schema", "$extensions"] { if let value = object[key] { merged[key] = value } }
        var origins: [TokenPath: String] = [:]
        for name in selection.sets {
            guard case .object(let set)? = object[name] else { continue }
            DTCGDocument.merge(into: &merged, members(of: set), path: [], source: source, origins: &origins)
        }
        return merged
    }

    /// A set's members, ready to merge at the root: the set's own `$type` and `$deprecated`
    /// pushed down onto its direct members that lack them (as the set, a group, gave them),
    /// and its group properties left out — merged, they would apply to every other set's
    /// tokens too (a `sizes` set's `$type: dimension` made `colors.red` a dimension).
    static func members(of set: JSONObject) -> JSONObject {
        var result = JSONObject()
        for (key, value) in set.pairs where !key.hasPrefix("$") || key == "$root" {
            guard case .object(var member) = value else {
                result[key] = value
                continue
            }
            for property in ["$type", "$deprecated"] where member[property] == nil {
                if let inherited = set[property] { member[property] = inherited }
            }
            result[key] = .object(member)
        }
        return result
    }

    /// The set each group and token path of the merged tree was read from (the last selected
    /// set that has it), for ``DTCGSourceMap/roots``: one walk over the sets' groups, token
    /// values not entered.
    static func setsByPath(object: JSONObject, _ sets: [String]) -> [[String]: String] {
        var table: [[String]: String] = [:]
        for name in sets {
            guard case .object(let set)? = object[name] else { continue }
            var pending: [([String], JSONObject)] = [([], set)]
            while let (path, group) = pending.popLast() {
                for (key, value) in group.pairs where !key.hasPrefix("$") || key == "$root" {
                    let childPath = path + [key]
                    table[childPath] = name
                    if case .object(let child) = value, child["$value"] == nil {
                        pending.append((childPath, child))
                    }
                }
            }
        }
        return table
    }
}
