import Foundation
import KeelSupport
import Testing

/// The one JSON value type: what an app reads configuration as, decoded from any decoder,
/// described for messages, and compared regardless of key order.
@Suite struct JSONValueTests {
    @Test func decodingTellsBooleansFromNumbersAndReadsEveryKind() throws {
        let text =
            #"{"flag": true, "count": 1, "ratio": 0.5, "name": "ada", "list": [null, false], "nested": {"a": {}}}"#
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(value["flag"] == .bool(true))
        #expect(value["flag"]?.boolValue == true)
        #expect(value["count"] == .number(1))
        #expect(value["count"]?.boolValue == nil)
        #expect(value["ratio"]?.numberValue == 0.5)
        #expect(value["name"]?.stringValue == "ada")
        #expect(value["list"]?.arrayValue == [.null, .bool(false)])
        #expect(value["nested"]?["a"]?.objectValue?.count == 0)
        #expect(value["missing"] == nil)
        #expect(value == (try JSONValue.parse(text)))
    }

    @Test func descriptionIsShortQuotesStringsAndSortsKeys() {
        let value = JSONValue.object(
            JSONObject([
                ("b", .string("x")), ("a", .number(1)), ("c", .array([.bool(true), .null])),
            ]))
        #expect(value.description == #"{a: 1.0, b: "x", c: [true, null]}"#)
        #expect("\(JSONValue.number(2.5))" == "2.5")
    }

    @Test func objectsKeepTheirOrderButCompareAsJSONDoes() {
        var object = JSONObject([("z", .number(1)), ("a", .number(2))])
        #expect(object.keys == ["z", "a"])
        #expect(object == JSONObject([("a", .number(2)), ("z", .number(1))]))
        object["z"] = nil
        object["m"] = .null
        #expect(object.pairs.map(\.key) == ["a", "m"])
        #expect(JSONValue.object(object).encoded(pretty: false) == #"{"a":2,"m":null}"#)
    }
}
