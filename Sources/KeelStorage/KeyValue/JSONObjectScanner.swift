import Foundation
import KeelSupport

/// Splits a namespace file (one JSON object) into its members' names and raw value bytes with
/// Keel's shared parser, validating the whole document without decoding the values: a file
/// loads in one pass and each value is decoded only when its key is first read. Errors are
/// ``KeelSupport/JSONError``s with the line, column and key path; of duplicate names the last
/// wins, as everywhere in Keel.
enum JSONObjectScanner {
    /// The members of the object in `data`, as raw JSON fragments (UTF-8).
    static func members(of data: Data) throws -> [String: Data] {
        // Only the top level is recorded; everything below is validated all the same.
        let tape = try JSONParser.parse([UInt8](data), recordingDepth: 1)
        let members = try tape.topLevelMembers()
        var result: [String: Data] = [:]
        result.reserveCapacity(members.count)
        let bytes = tape.text.bytes
        for member in members {
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
