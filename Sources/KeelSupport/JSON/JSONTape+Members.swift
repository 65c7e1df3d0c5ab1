extension JSONTape {
    /// The members of a document that must be one object: each name with the token index of
    /// its value (see ``valueRange(at:)``), in document order, duplicates included.
    ///
    /// - Throws: ``JSONError/Reason/wrongKind(expected:found:)`` when the document is not an object.
    package func topLevelMembers() throws -> [(key: String, value: Int)] {
        guard let first = tokens.first, first.kind == .objectStart else {
            let notAnObject = self.error(.wrongKind(expected: "a JSON object", found: kindName(at: 0)), at: 0)
            throw notAnObject
        }
        var members: [(key: String, value: Int)] = []
        members.reserveCapacity(first.count)
        var index = 1
        while index < first.link {
            let value = index + 1
            members.append((string(at: index), value))
            index = indexAfterValue(at: value)
        }
        return members
    }

    /// The JSON kind of the value starting at token `index` (`object`, `string`…), for messages.
    package func kindName(at index: Int) -> String {
        switch tokens[index].kind {
        case .objectStart, .objectEnd: "object"
        case .arrayStart, .arrayEnd: "array"
        case .key, .string: "string"
        case .number: "number"
        case .true, .false: "boolean"
        case .null: "null"
        }
    }
}
