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

    @Test("URLs inside text are shown by the rule; the rest of the text is kept")
    func urlsInText() {
        #expect(
            URLQueryValues.hidingURLs(
                in: #"Error Code=-1004 UserInfo={NSErrorFailingURLStringKey=http://h:9/a.png?sig=S&t=T, X=1}"#
            )
                == #"Error Code=-1004 UserInfo={NSErrorFailingURLStringKey=http://h:9/a.png?sig=…&t=…, X=1}"#)
        #expect(URLQueryValues.hidingURLs(in: "no url here: a:b //c") == "no url here: a:b //c")
        #expect(
            URLQueryValues.hidingURLs(in: "\"https://a/b#frag\" and wss://c/d?x=1")
                == "\"https://a/b#…\" and wss://c/d?x=…")
        #expect(URLQueryValues.hidingURLs(in: "://?a=1") == "://?a=…")
        #expect(URLQueryValues.hidingURLs(in: "é://x?é=ü") == "é://x?é=…")
    }

    /// Brackets, quotes a URL keeps unencoded, and a comma or semicolon inside it do not end
    /// it: the query after them would be shown as plain text otherwise.
    @Test(
        "an IPv6 host, brackets or a quote in a query, or a comma inside a query does not end the URL",
        arguments: [
            (
                "connect to https://[::1]:8443/p?token=T failed",
                "connect to https://[::1]:8443/p?token=… failed"
            ),
            ("see https://en.test/wiki/A_(b)?code=C.", "see https://en.test/wiki/A_(b)?code=…"),
            ("GET https://a.test/?ids=1,2&token=T, retry", "GET https://a.test/?ids=…&token=…, retry"),
            ("GET https://a.test/p;v=1?token=T; next", "GET https://a.test/p;v=1?token=…; next"),
            ("{Key=https://a.test/?q={x}&token=T}", "{Key=https://a.test/?q=…&token=…"),
            ("(https://a.test/?t=T)", "(https://a.test/?t=…"),
            ("[https://a.test/?t=T], x", "[https://a.test/?t=…, x"),
            ("https://a.test/?t=T,", "https://a.test/?t=…,"),
            ("https://a.test/s?q=O'Brien&api_key=S x", "https://a.test/s?q=…&api_key=… x"),
            ("https://a.test/s?q=:)&api_key=S", "https://a.test/s?q=…&api_key=…"),
            ("'https://a.test/s?q=1'&api_key=S'", "'https://a.test/s?q=…&api_key=…"),
            ("https://a.test/s?q=]}&api_key=S", "https://a.test/s?q=…&api_key=…"),
        ])
    func urlPunctuation(text: String, shown: String) {
        #expect(URLQueryValues.hidingURLs(in: text) == shown)
    }
}
