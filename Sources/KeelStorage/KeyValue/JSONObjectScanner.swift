import Foundation
import KeelSupport

/// Splits a namespace file (one JSON object) into its members' names and raw value bytes with
/// Keel's shared parser, validating the whole document without decoding the values: a file
/// loads in one pass and each value is decoded only when its key is first read. Errors are
/// ``KeelSupport/JSONError``s with the line, column and key path; of duplicate names the last
/// wins, as everywhere in Keel. Two different spellings of one name (`"caf\u00e9"` and
/// `"cafe\u0301"`: distinct JSON names, one Swift `String` key) are refused with
/// ``AmbiguousMemberNames`` rather than merged, because the next write would keep only one.
enum JSONObjectScanner {
    /// Two distinct member names of a namespace file that Swift compares as equal (canonically
    /// equivalent), so the store could keep only one of them.
    struct AmbiguousMemberNames: Error, CustomStringConvertible {
        /// The spelling met first.
        let first: String
        /// The later spelling of the same name.
        let second: String

        /// Both spellings, with their scalars.
        var description: String {
            "members \(Self.spell(first)) and \(Self.spell(second)) are different names that "
                + "Swift compares as equal; the store could keep only one"
        }

        private static func spell(_ name: String) -> String {
            let scalars = name.unicodeScalars.map { scalar -> String in
                let digits = String(scalar.value, radix: 16, uppercase: true)
                return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
            }
            return "'\(name)' (\(scalars.joined(separator: " ")))"
        }
    }

    /// The members of the object in `data`, as raw JSON fragments (UTF-8).
    static func members(of data: Data) throws -> [String: Data] {
        // Only the top level is recorded; everything below is validated all the same.
        let tape = try JSONParser.parse([UInt8](data), recordingDepth: 1)
        let members = try tape.topLevelMembers()
        var result: [String: Data] = [:]
        result.reserveCapacity(members.count)
        let bytes = tape.text.bytes
        for member in members {
            if let existing = result.index(forKey: member.key),
                !result[existing].key.utf8.elementsEqual(member.key.utf8)
            {
                throw AmbiguousMemberNames(first: result[existing].key, second: member.key)
            }
            result[member.key] = Data(bytes[tape.valueRange(at: member.value)])
        }
        return result
    }

    /// Checks that `data` is exactly one JSON value.
    static func validateFragment(_ data: Data) throws {
        _ = try JSONParser.parse([UInt8](data), recordingDepth: 0)
    }

    /// `{"key":value,...}` from members' raw fragments, keys sorted so files diff cleanly.
    static func encode(_ members: [String: Data]) -> Data {
        var out = Data("{".utf8)
        for (position, key) in members.keys.sorted().enumerated() {
            out.append(contentsOf: position == 0 ? Array("\n  ".utf8) : Array(",\n  ".utf8))
            out.append(contentsOf: quoted(key).utf8)
            out.append(contentsOf: Array(": ".utf8))
            out.append(members[key]!)
        }
        out.append(contentsOf: members.isEmpty ? Array("}\n".utf8) : Array("\n}\n".utf8))
        return out
    }

    /// `text` as a JSON string literal (KeelSupport's one string writer).
    private static func quoted(_ text: String) -> String {
        var result = ""
        JSONValue.writeString(text, to: &result)
        return result
    }
}
