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
    }

    /// The selection for `object`, or `nil` when it is not a Tokens Studio file of sets: it
    /// needs `$metadata.tokenSetOrder` (strings) naming at least one of its object members.
    /// With `$themes`, the first theme of each theme group (`group`; themes without one form
    /// one group), as Tokens Studio activates one per group: their sets marked `enabled` or
    /// `source`. Without themes, every set.
    static func selection(in object: JSONObject) -> Selection? {
        guard case .object(let metadata)? = object["$metadata"],
            case .array(let order)? = metadata["tokenSetOrder"]
        else { return nil }
        let ordered = order.compactMap(\.stringValue).filter { name in
            guard !name.hasPrefix("$"), case .object? = object[name] else { return false }
            return true
        }
        guard !ordered.isEmpty else { return nil }
        var chosen: [String] = []
        var others: [String] = []
        var groups: Set<String> = []
        var sets: Set<String> = []
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
                }
            }
        }
        guard !chosen.isEmpty else { return Selection(sets: ordered, themes: [], otherThemes: []) }
        return Selection(sets: ordered.filter { sets.contains($0) }, themes: chosen, otherThemes: others)
    }

    /// The selected sets of `object` merged in order into one token tree (the file's own
    /// `$schema` and `$extensions` kept at its root).
    static func merged(_ object: JSONObject, _ selection: Selection, source: String) -> JSONObject {
        var merged = JSONObject()
        for key in ["$schema", "$extensions"] { if let value = object[key] { merged[key] = value } }
        var origins: [TokenPath: String] = [:]
        for name in selection.sets {
            guard case .object(let set)? = object[name] else { continue }
            merged = DTCGDocument.merge(merged, set, path: [], source: source, origins: &origins)
        }
        return merged
    }
}
