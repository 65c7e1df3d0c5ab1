import Foundation
import KeelLogging
import KeelNetworking
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Security finding 3: the default redactor hides the secrets real requests carry.
@Suite("The default redactor hides OAuth, signed-URL, header and JSON secrets")
struct RedactSecretsTests {
    static let redactor = Redactor()

    /// Query items (and the same names in a form body): each row is a name whose value must go.
    static let secretQueryNames = [
        "access_token", "refresh_token", "id_token", "code", "sig", "signature", "client_secret",
        "password", "api_key", "apikey", "token", "X-Amz-Signature", "X-Amz-Credential",
        "X-Amz-Security-Token", "X-Goog-Signature", "X-Goog-Credential", "code_verifier", "client_assertion",
        "accessToken", "refreshToken", "idToken", "clientSecret", "session_token", "key", "auth",
    ]

    @Test("query item is redacted", arguments: secretQueryNames)
    func queryItem(name: String) {
        let url = URL(string: "https://api.test/v1/items?page=2&\(name)=PLANTED-9f3&sort=asc")!
        let text = Self.redactor.redact(url: url)
        #expect(!text.contains("PLANTED-9f3"), "\(text)")
        #expect(text.contains("page=2") && text.contains("sort=asc"), "\(text)")
        #expect(text.contains("\(name)=<redacted>"), "\(text)")
    }

    @Test("form body field is redacted", arguments: secretQueryNames)
    func formField(name: String) {
        let body = Data("grant_type=refresh_token&\(name)=PLANTED-9f3&scope=read".utf8)
        let text = Self.redactor.redact(body: body, contentType: "application/x-www-form-urlencoded")
        #expect(!text.contains("PLANTED-9f3"), "\(text)")
        #expect(text.contains("grant_type=refresh_token") && text.contains("scope=read"), "\(text)")
    }

    @Test func theStandardOAuthRefreshRequest() {
        let body = Data(
            "grant_type=refresh_token&refresh_token=RT-123&client_id=app&client_secret=CS-456&code=AC-789"
                .utf8)
        let text = Self.redactor.redact(
            body: body, contentType: "application/x-www-form-urlencoded; charset=utf-8")
        for secret in ["RT-123", "CS-456", "AC-789"] { #expect(!text.contains(secret), "\(text)") }
        #expect(text.contains("client_id=app"))
    }

    @Test(
        "URL user info is redacted",
        arguments: [
            "https://ada:PLANTED-9f3@api.test/x", "https://PLANTED-9f3@api.test/x",
            "https://ada:PLANTED-9f3@api.test:8443", "ftp://ada:PLANTED-9f3@files.test/a?b=1",
        ])
    func userInfo(_ string: String) throws {
        let url = try #require(URL(string: string))
        let text = Self.redactor.redact(url: url)
        #expect(!text.contains("PLANTED-9f3") && !text.contains("ada"), "\(text)")
        #expect(text.contains("<redacted>@"), "\(text)")
    }

    @Test func fragmentsCarryingImplicitGrantTokensAreRedacted() throws {
        let url = try #require(URL(string: "https://app.test/cb#access_token=PLANTED-9f3&state=xyz"))
        let text = Self.redactor.redact(url: url)
        #expect(!text.contains("PLANTED-9f3"), "\(text)")
        #expect(text.contains("state=xyz"))
    }

    @Test(
        "header is redacted",
        arguments: [
            "Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie", "X-API-Key", "X-Api-Key",
            "X-Auth-Token", "X-Access-Token", "X-Refresh-Token", "X-Client-Key", "X-CSRF-Token",
            "X-Amz-Security-Token", "X-Session-Token", "Api-Key", "X-Client-Secret", "x-goog-api-key",
        ])
    func header(name: String) {
        let headers = Self.redactor.redact(headers: [name: "PLANTED-9f3", "Accept": "application/json"])
        #expect(headers.first { $0.name == name }?.value == Redactor.placeholder)
        #expect(headers.first { $0.name == "Accept" }?.value == "application/json")
    }

    @Test func urlHeadersHaveTheirSecretsRedacted() {
        let headers = Self.redactor.redact(headers: [
            "Location": "https://app.test/cb?code=PLANTED-9f3&state=s1",
            "Referer": "https://u:PLANTED-9f3@x.test/",
        ])
        for (_, value) in headers { #expect(!value.contains("PLANTED-9f3"), "\(value)") }
    }

    @Test(
        "JSON field is redacted at any depth",
        arguments: [
            "accessToken", "refreshToken", "id_token", "idToken", "access_token", "refresh_token",
            "client_secret", "clientSecret", "password", "apiKey", "api_key", "token", "secret",
            "sessionToken", "privateKey", "code",
        ])
    func jsonField(name: String) {
        let body = Data(
            #"{"user":"ada","auth":{"list":[{"\#(name)":"PLANTED-9f3"}]},"\#(name)":"PLANTED-9f3"}"#.utf8)
        let text = Self.redactor.redact(body: body, contentType: "application/json")
        #expect(!text.contains("PLANTED-9f3"), "\(text)")
        #expect(text.contains(#""user":"ada""#), "\(text)")
    }

    /// A JSON body the parser refuses (a number beyond `Double`, a lone surrogate) fell back to
    /// the text scrubber, which does not decode escapes: `"pass\u0077ord"` kept its value.
    @Test(
        "an unparsed JSON body with an escaped secret name is withheld",
        arguments: [
            #"{"pass\u0077ord":"PLANTED-9f3","n":1e400}"#,
            #"{"\u0074oken":"PLANTED-9f3","s":"\ud800"}"#,
        ])
    func unparsedJSONWithEscapedNames(body: String) {
        let text = Self.redactor.redact(body: Data(body.utf8), contentType: "application/json")
        #expect(!text.contains("PLANTED-9f3"), "\(text)")
    }

    @Test("a redacted JSON body keeps its key order and numbers as written, compactly")
    func jsonBodyKeepsOrder() {
        let body = Data(
            #"{ "user": "ada", "id": 12, "ratio": 0.25, "password": "PLANTED-9f3", "a": [true, null] }"#.utf8)
        let text = Self.redactor.redact(body: body, contentType: "application/json")
        #expect(text == #"{"user":"ada","id":12,"ratio":0.25,"password":"<redacted>","a":[true,null]}"#)
        #expect(Self.redactor.redact(body: Data(text.utf8), contentType: "application/json") == text)
    }

    @Test(
        "text bodies are scrubbed, not logged verbatim",
        arguments: [
            ("text/plain", "error: token=PLANTED-9f3 is expired"),
            ("text/plain", "Authorization: Bearer PLANTED-9f3"),
            ("text/html", #"<input name="password" value="x"> password: PLANTED-9f3"#),
            ("text/plain", #"{"refreshToken": "PLANTED-9f3"}"#),
            ("application/xml", "<auth><access_token>PLANTED-9f3</access_token></auth>"),
            ("text/plain", "refresh_token=PLANTED-9f3&client_secret=PLANTED-9f3"),
        ])
    func textBody(type: String, text: String) {
        let rendered = Self.redactor.redact(body: Data(text.utf8), contentType: type)
        #expect(!rendered.contains("PLANTED-9f3"), "\(rendered)")
    }

    @Test(
        "ordinary names stay visible",
        arguments: ["user", "page", "country_code", "keyboard", "monkey", "sort"])
    func ordinaryNames(name: String) {
        let url = URL(string: "https://api.test/x?\(name)=visible")!
        #expect(Self.redactor.redact(url: url).contains("\(name)=visible"))
        let headers = Self.redactor.redact(headers: ["X-\(name)": "visible"])
        #expect(headers.first?.value == "visible")
    }
}
