import Testing

@testable import KeelRouting

@Suite("Route patterns")
struct PatternParsingTests {
    @Test("segment kinds are tokenized without URL")
    func kinds() throws {
        let pattern = try RoutePattern("MyApp://host/seg/<int:id>/<slug>/*/<path:rest>")
        #expect(pattern.scheme == "myapp")
        #expect(
            pattern.elements.map(\.segment) == [
                .literal("host"), .literal("seg"), .typed(.int, name: "id"), .untyped(name: "slug"),
                .wildcard,
                .catchAll(name: "rest"),
            ])
    }

    @Test("empty segments are ignored and literals percent-decoded")
    func normalisation() throws {
        let pattern = try RoutePattern("a//b%20c/")
        #expect(pattern.elements.map(\.segment) == [.literal("a"), .literal("b c")])
    }

    @Test("optional groups expand to every combination, all present first")
    func optionalGroups() throws {
        let pattern = try RoutePattern("list(/<int:page>)(/<sort>)")
        #expect(
            pattern.variants == [
                [.literal("list"), .typed(.int, name: "page"), .untyped(name: "sort")],
                [.literal("list"), .untyped(name: "sort")],
                [.literal("list"), .typed(.int, name: "page")],
                [.literal("list")],
            ])
    }

    static let malformed: [(String, Int, RoutePatternError.Reason)] = [
        ("", 0, .empty),
        ("///", 0, .empty),
        ("1app://x", 0, .invalidScheme("1app")),
        ("://x", 0, .invalidScheme("")),
        ("user/<id", 5, .unclosedPlaceholder),
        ("user/<>", 5, .emptyName),
        ("user/<int:>", 5, .emptyName),
        ("user/<my-id>", 5, .invalidName("my-id")),
        ("user/<:id>", 5, .unknownType("")),
        ("user-<id>", 5, .placeholderInsideSegment),
        ("<id>x", 4, .placeholderInsideSegment),
        ("a/<id>/<id>", 7, .duplicateName("id")),
        ("files/<path:p>/x", 6, .catchAllNotLast("p")),
        ("a(/b", 1, .unclosedGroup),
        ("a(/b(/c))", 4, .nestedGroup),
        ("a)", 1, .unexpectedCharacter(")")),
        ("a>", 1, .unexpectedCharacter(">")),
        ("a?x=1", 1, .queryOrFragment),
        ("a#top", 1, .queryOrFragment),
        ("a/%zz", 2, .invalidPercentEncoding),
        ("a(/b)(/c)(/d)(/e)(/f)(/g)(/h)(/i)(/j)", 33, .tooManyOptionalGroups),
    ]

    @Test("malformed patterns throw a typed error saying where", arguments: malformed)
    func malformedPatterns(text: String, offset: Int, reason: RoutePatternError.Reason) {
        #expect(throws: RoutePatternError(pattern: text, offset: offset, reason: reason)) {
            try RoutePattern(text)
        }
    }

    @Test("R6: a catch-all that is not last is a registration error")
    func catchAllNotLastOnRegister() {
        let router = Router()
        #expect(throws: RouteError.self) { try router.register("files/<path:p>/x", handler: answer("x")) }
        #expect(router.routes.isEmpty)
    }

    @Test("an unknown type is a registration error naming the offset")
    func unknownType() {
        let router = Router()
        #expect(
            throws: RouteError.invalidPattern(
                RoutePatternError(pattern: "a/<slug:s>", offset: 2, reason: .unknownType("slug")))
        ) {
            try router.register("a/<slug:s>", handler: answer("x"))
        }
    }

    @Test("error descriptions name the pattern and offset")
    func describes() {
        let error = RoutePatternError(pattern: "user-<id>", offset: 5, reason: .placeholderInsideSegment)
        #expect(
            error.description
                == "invalid route pattern \"user-<id>\" at offset 5: a placeholder must fill a whole segment")
    }
}
