import Testing

@testable import KeelSupport

@Suite("URL text shows query names, never values or fragments")
struct URLQueryValuesTests {
    @Test(
        "query values and fragments are hidden",
        arguments: [
            ("https://a.com/p", "https://a.com/p"),
            ("https://a.com/p?x=1&flag&y=", "https://a.com/p?x=…&flag&y=…"),
            ("app://h/p#token=T", "app://h/p#…"),
            ("app://h/p?code=C#frag", "app://h/p?code=…#…"),
            ("?a=1", "?a=…"),
            ("p?&&=v", "p?&&=…"),
            ("https://é.com/ü?ñ=ö", "https://é.com/ü?ñ=…"),
        ])
    func hidden(text: String, shown: String) {
        #expect(URLQueryValues.hidden(in: text) == shown)
    }
}
