import Foundation
import KeelNetworking
import Testing

/// Two leftovers of the body redactor: a non-JSON body holding JSON whose secret names are
/// written with `\u` escapes kept the secrets' values, and integers past 2^53 in a logged JSON
/// body were logged as a `Double` rounds them.
@Suite("The redactor decodes escaped names in text and logs integers as written")
struct RedactEscapesAndIntegersTests {
    static let redactor = Redactor()

    /// The text scrubber used to read names as written: `pass\u0077ord` is not `password`, so
    /// `PLANTED-9f3` was logged from a text/plain (or XML, or JavaScript) body.
    @Test(
        "an escaped secret name in a text body still hides its value",
        arguments: [
            ("text/plain", #"{"pass\u0077ord":"PLANTED-9f3"}"#),
            ("text/plain", #"{"\u0074oken": "PLANTED-9f3", "user": "ada"}"#),
            ("text/plain", #"{"\u0070\u0061\u0073\u0073\u0077\u006F\u0072\u0064":"PLANTED-9f3"}"#),
            ("text/plain", #"{"refresh\u005ftoken":"PLANTED-9f3"}"#),
            ("application/javascript", #"var config = {"client\u0053ecret": "PLANTED-9f3"};"#),
            ("text/plain", #"api\u005fkey=PLANTED-9f3"#),
        ])
    func escapedNameInText(type: String, body: String) {
        let rendered = Self.redactor.redact(body: Data(body.utf8), contentType: type)
        #expect(!rendered.contains("PLANTED-9f3"), "\(rendered)")
        #expect(rendered.contains("<redacted>"), "\(rendered)")
    }

    /// JSON written inside a string (`"{\u0022password\u0022:\u0022…\u0022}"`) quotes its names
    /// with escaped quotes: the name read was `"password"`, quotes and all, so an app's own
    /// field (matched exactly) kept its value, and so would an exact-only redactor.
    @Test(
        "a name quoted with escaped quotes in a text body hides its value",
        arguments: [
            (Redactor(jsonFields: ["member_ref"]), #"{\u0022member_ref\u0022:\u0022PLANTED-9f3\u0022}"#),
            (
                Redactor(jsonFields: ["member_ref"]),
                #"x = "{\u0022member_ref\u0022: \u0022PLANTED-9f3\u0022}""#
            ),
            (Redactor(jsonFields: ["member_ref"]), #"{\u0027member_ref\u0027:\u0027PLANTED-9f3\u0027}"#),
            (Redactor(redactsSecretNamePatterns: false), #"{\u0022password\u0022:\u0022PLANTED-9f3\u0022}"#),
            (Redactor(), #"{\u0022password\u0022:\u0022PLANTED-9f3\u0022}"#),
            (Redactor(jsonFields: ["member_ref"]), #"{\"member_ref\":\"PLANTED-9f3\"}"#),
            (Redactor(jsonFields: ["member_ref"]), #"{\"member_ref\": \"PLANTED-9f3 and more\"}"#),
        ])
    func escapedQuotesAroundName(redactor: Redactor, body: String) {
        let rendered = redactor.redact(body: Data(body.utf8), contentType: "text/plain")
        #expect(!rendered.contains("PLANTED-9f3"), "\(rendered)")
        #expect(rendered.contains("<redacted>"), "\(rendered)")
    }

    /// The review of the escaped-quote fix: the same quote written other ways still let the
    /// value through — JSON escaped twice, an escaped quote inside an escaped-quoted value, an
    /// HTML page's `&quot;`, and percent-encoded JSON in a query (GraphQL `variables=`).
    @Test(
        "quotes escaped twice, HTML quotes and percent-encoded JSON hide the value",
        arguments: [
            #"{\\\"password\\\":\\\"PLANTED-9f3\\\"}"#,
            #"{\"password\":\"a\\\"PLANTED-9f3\"}"#,
            "{&quot;token&quot;:&quot;PLANTED-9f3&quot;}",
            "<p>{&#34;api_key&#34;: &#34;PLANTED-9f3&#34;}</p>",
        ])
    func otherQuoteSpellings(body: String) {
        let rendered = Self.redactor.redact(body: Data(body.utf8), contentType: "text/plain")
        #expect(!rendered.contains("PLANTED-9f3"), "\(rendered)")
    }

    @Test("percent-encoded JSON in a query value is scrubbed as it decodes")
    func percentEncodedJSONInQuery() {
        let text = Self.redactor.redact(
            urlText: "https://api.test/graphql?query=q&variables=%7B%22password%22%3A%22PLANTED-9f3%22%7D")
        #expect(!text.contains("PLANTED-9f3"), "\(text)")
        #expect(text.contains("query=q"))
        let plain = "https://api.test/search?q=%7B%22city%22%3A%22Oslo%22%7D"
        #expect(Self.redactor.redact(urlText: plain) == plain)
    }

    @Test("escapes that do not spell a secret's name, and broken escapes, leave the text as it is")
    func harmlessEscapes() {
        for body in [
            #"{"us\u0065r":"ada"}"#, #"C:\users\data"#, #"{"a\u12":"b"}"#, #"{"\ud800x":"kept"}"#,
        ] {
            #expect(Self.redactor.redact(body: Data(body.utf8), contentType: "text/plain") == body)
        }
    }

    /// Used to be parsed into a `Double`: `9007199254740993` was logged as
    /// `9.007199254740992e+15`, and a 30-digit id made the body fall back to the text scrubber.
    @Test("integers in a logged JSON body are logged exactly as written")
    func largeIntegers() {
        let body = Data(
            #"{"id": 9007199254740993, "n": -9007199254740993, "big": 123456789012345678901234567890, "small": 12, "ratio": 0.25, "e": 1E2, "password": "PLANTED-9f3"}"#
                .utf8)
        let text = Self.redactor.redact(body: body, contentType: "application/json")
        #expect(
            text
                == #"{"id":9007199254740993,"n":-9007199254740993,"big":123456789012345678901234567890,"small":12,"ratio":0.25,"e":100,"password":"<redacted>"}"#
        )
        #expect(Self.redactor.redact(body: Data(text.utf8), contentType: "application/json") == text)
        #expect(Self.redactor.redact(json: Data("[1000000000000000,-0]".utf8)) == "[1000000000000000,-0]")
    }

    @Test("duplicate names keep the first place and the last value, as before")
    func duplicateNames() {
        let text = Self.redactor.redact(json: Data(#"{"a":1,"b":2,"a":3}"#.utf8))
        #expect(text == #"{"a":3,"b":2}"#)
    }
}
