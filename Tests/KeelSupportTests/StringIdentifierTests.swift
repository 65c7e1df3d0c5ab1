import KeelSupport
import Testing

/// An identifier declared the way an app would declare one.
private struct ScreenID: StringIdentifier, ExpressibleByStringLiteral, Comparable {
    let rawValue: String
    init(rawValue: String) { self.rawValue = rawValue }
}

/// An identifier that is neither a literal nor ordered.
private struct Channel: StringIdentifier {
    let rawValue: String
    init(rawValue: String) { self.rawValue = rawValue }
}

@Suite struct StringIdentifierTests {
    @Test func printsAsItsName() {
        let id: ScreenID = "home.feed"
        #expect(id.description == "home.feed")
        #expect("\(Channel(rawValue: "alerts"))" == "alerts")
        #expect(String(describing: Channel(rawValue: "")) == "")
    }

    @Test func aLiteralWrapsTheName() {
        let id: ScreenID = "settings"
        #expect(id == ScreenID(rawValue: "settings"))
        #expect(ScreenID(rawValue: "settings").rawValue == "settings")
    }

    @Test func ordersByName() {
        let ids: [ScreenID] = ["b", "a.z", "a", "B"]
        #expect(ids.sorted().map(\.rawValue) == ["B", "a", "a.z", "b"])
        #expect(ScreenID("a") < ScreenID("b"))
        #expect(!(ScreenID("b") < ScreenID("b")))
    }
}

extension ScreenID {
    fileprivate init(_ name: String) { self.init(rawValue: name) }
}
