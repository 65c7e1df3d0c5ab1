import Foundation
import KeelSupport
import KeelTestSupport
import Testing

@testable import KeelDTCG

/// DTCG Resolver Module 2025.10: reading resolver documents, inputs, resolution, theme import.
@Suite(.onOwnThread) struct DTCGResolverTests {
    /// A colour token's JSON text.
    static func color(_ hex: String) -> String {
        let value = Int(hex.dropFirst(), radix: 16)!
        let components = [value >> 16, (value >> 8) & 0xFF, value & 0xFF].map { "\(Double($0) / 255)" }
        return
            ##"{"$type": "color", "$value": {"colorSpace": "srgb", "components": [\##(components.joined(separator: ", "))]}}"##
    }

    /// The hex of a resolved colour token.
    static func hex(_ document: DTCGDocument, _ path: String) -> String? {
        guard case .color(let color)? = document[path]?.value else { return nil }
        return color.srgb.hexString
    }

    static func read(_ text: String, files: [String: String] = [:], strict: Bool = false) throws
        -> DTCGResolverDocument
    {
        try DTCGResolverDocument(
            source: DTCGSource(name: "resolver.json", text: text),
            loader: { path in
                guard let text = files[path] else { throw DTCGResolverLoadError(path: path) }
                return DTCGSource(name: path, text: text)
            }, strict: strict)
    }

    /// The issues reading `text` throws, or `[]` when it reads.
    static func issues(_ text: String, files: [String: String] = [:]) -> [DTCGResolverIssue] {
        do {
            _ = try read(text, files: files, strict: true)
            return []
        } catch let error as DTCGResolverError {
            return error.errors
        } catch {
            Issue.record("unexpected \(error)")
            return []
        }
    }

    /// The spec's theme example: a base set, a light/dark modifier, an alias across them.
    static let themed = """
        {
          "$schema": "https://www.designtokens.org/schemas/2025.10/resolver.json",
          "version": "2025.10",
          "name": "Harbor",
          "description": "Base tokens and a colour theme",
          "sets": {
            "foundation": {
              "description": "Shared tokens",
              "sources": [
                {"color": {"brand": \(color("#FF0000"))}},
                {"button": {"background": {"$value": "{theme.accent}"}}}
              ]
            }
          },
          "modifiers": {
            "theme": {
              "description": "Colour theme",
              "contexts": {
                "light": [{"theme": {"accent": \(color("#0000FF"))}}],
                "dark": [{"theme": {"accent": \(color("#00FF00"))}}]
              }
            }
          },
          "resolutionOrder": [{"$ref": "#/sets/foundation"}, {"$ref": "#/modifiers/theme"}]
        }
        """

    @Test func specExampleResolvesPerContext() throws {
        let resolver = try Self.read(Self.themed)
        #expect(resolver.version == "2025.10")
        #expect(resolver.name == "Harbor")
        #expect(resolver.description == "Base tokens and a colour theme")
        #expect(resolver.sets.map(\.name) == ["foundation"])
        #expect(resolver.sets.first?.description == "Shared tokens")
        #expect(resolver.modifiers.first?.contextNames == ["light", "dark"])
        #expect(resolver.resolutionOrder.map(\.name) == ["foundation", "theme"])
        #expect(resolver.warnings == [])

        let dark = try resolver.resolve(inputs: ["theme": "dark"])
        #expect(dark.errors == [])
        #expect(Self.hex(dark, "button.background") == "#00FF00")
        #expect(Self.hex(dark, "theme.accent") == "#00FF00")
        #expect(Self.hex(dark, "color.brand") == "#FF0000")
        let light = try resolver.resolve(inputs: ["theme": "light"])
        #expect(Self.hex(light, "button.background") == "#0000FF")
        // Inputs are case-insensitive, as the spec recommends.
        #expect(Self.hex(try resolver.resolve(inputs: ["Theme": "DARK"]), "button.background") == "#00FF00")
    }

    @Test func lastOccurrenceWinsAcrossSourcesSetsAndModifiers() throws {
        let resolver = try Self.read(
            """
            {
              "version": "2025.10",
              "sets": {
                "one": {"sources": [{"a": \(Self.color("#111111")), "b": \(Self.color("#111111"))},
                                    {"a": \(Self.color("#222222"))}]},
                "two": {"sources": [{"b": \(Self.color("#333333")), "c": \(Self.color("#333333"))}]}
              },
              "modifiers": {
                "mode": {"contexts": {"x": [{"c": \(Self.color("#444444"))}], "y": []}, "default": "x"}
              },
              "resolutionOrder": [
                {"$ref": "#/sets/one"}, {"$ref": "#/modifiers/mode"}, {"$ref": "#/sets/two"},
                {"type": "set", "name": "last", "sources": [{"d": \(Self.color("#555555"))}]}
              ]
            }
            """)
        let document = try resolver.resolve()
        #expect(Self.hex(document, "a") == "#222222")  // later source in one set
        #expect(Self.hex(document, "b") == "#333333")  // later set
        #expect(Self.hex(document, "c") == "#333333")  // set after the modifier wins over it
        #expect(Self.hex(document, "d") == "#555555")  // inline set
        #expect(try resolver.sources(for: [:]).count == 5)
        #expect(try resolver.sources(for: ["mode": "y"]).count == 4)  // empty context
    }

    @Test func inputErrorsNameWhatAndWhere() throws {
        let resolver = try Self.read(
            """
            {
              "version": "2025.10",
              "modifiers": {
                "theme": {"contexts": {"light": [], "dark": []}},
                "size": {"contexts": {"small": [], "large": []}},
                "beta": {"contexts": {"false": [], "true": []}, "default": "false"}
              },
              "resolutionOrder": [
                {"$ref": "#/modifiers/theme"}, {"$ref": "#/modifiers/size"}, {"$ref": "#/modifiers/beta"}
              ]
            }
            """)
        #expect(throws: DTCGResolverError.self) { try resolver.resolve(inputs: ["theme": "light"]) }
        do {
            _ = try resolver.contexts(for: ["theme": "blue", "foo": "bar"])
            Issue.record("expected input errors")
        } catch let error as DTCGResolverError {
            #expect(
                error.issues == [
                    DTCGResolverIssue(location: "inputs", kind: .unknownModifier("foo")),
                    DTCGResolverIssue(
                        location: "#/modifiers/theme",
                        kind: .unknownContext("blue", modifier: "theme", allowed: ["light", "dark"])),
                    DTCGResolverIssue(
                        location: "#/modifiers/size",
                        kind: .missingInput(modifier: "size", allowed: ["small", "large"])),
                ])
            #expect(error.description.contains("#/modifiers/size: missing input for modifier 'size'"))
            #expect(error.description.contains("invalid context 'blue' for modifier 'theme'"))
        }
        // The default context is used when an input is missing.
        #expect(
            try resolver.contexts(for: ["theme": "dark", "size": "small"])
                == ["theme": "dark", "size": "small", "beta": "false"])
    }

    @Test func referencesToSetsAndFiles() throws {
        let files = [
            "base.json": ##"{"a": \##(Self.color("#010101")), "b": {"$value": "{a}"}}"##,
            "tokens/dark.json": ##"{"a": \##(Self.color("#020202"))}"##,
            "bundle.json": ##"{"groups": {"x": {"c": \##(Self.color("#030303"))}}}"##,
        ]
        let resolver = try Self.read(
            """
            {
              "version": "2025.10",
              "sets": {
                "base": {"sources": [{"$ref": "base.json"}]},
                "more": {"sources": [{"$ref": "#/sets/base"}, {"$ref": "bundle.json#/groups/x"}]},
                "shared": {"sources": [{"$ref": "#/sets/more/sources/1"}]}
              },
              "modifiers": {
                "theme": {
                  "contexts": {"light": [{"$ref": "#/sets/base"}], "dark": [{"$ref": "tokens/dark.json"}]},
                  "default": "light"
                }
              },
              "resolutionOrder": [{"$ref": "#/sets/more"}, {"$ref": "#/modifiers/theme"}]
            }
            """, files: files)
        #expect(
            resolver.sets.map { $0.sources.map(\.name) } == [
                ["base.json"], ["base.json", "bundle.json#/groups/x"], ["bundle.json#/groups/x"],
            ])
        let dark = try resolver.resolve(inputs: ["theme": "dark"])
        #expect(dark.errors == [])
        #expect(Self.hex(dark, "b") == "#020202")  // the alias resolves after merging
        #expect(Self.hex(dark, "c") == "#030303")
        #expect(dark["a"]?.source == "tokens/dark.json")
        #expect(Self.hex(try resolver.resolve(), "b") == "#010101")
        // A `$ref` in resolutionOrder with a member beside it overrides that member.
        let overridden = try Self.read(
            """
            {"version": "2025.10",
             "modifiers": {"theme": {"contexts": {"light": [], "dark": [{"$ref": "tokens/dark.json"}]}}},
             "resolutionOrder": [{"$ref": "#/modifiers/theme", "default": "dark"}]}
            """, files: files)
        #expect(Self.hex(try overridden.resolve(), "a") == "#020202")
    }

    @Test func fileLoaderReadsRelativeToTheDocument() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "keel-resolver-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("themes"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(##"{"a": \##(Self.color("#ABCDEF"))}"##.utf8).write(
            to: directory.appendingPathComponent("themes/dark.json"))
        let path = directory.appendingPathComponent("resolver.json").path
        try Data(
            ##"{"version": "2025.10", "resolutionOrder": [{"type": "set", "name": "s", "sources": [{"$ref": "themes/dark.json"}]}]}"##
                .utf8
        ).write(to: URL(fileURLWithPath: path))
        let document = try DTCGResolverDocument(path: path).resolve()
        #expect(Self.hex(document, "a") == "#ABCDEF")
        #expect(document["a"]?.source == directory.path + "/themes/dark.json")
        #expect(throws: DTCGResolverError.self) {
            try DTCGResolverDocument(path: directory.path + "/none.json")
        }
    }

    /// Malformed documents: each yields the typed issue at its pointer, never a crash.
    static let malformed: [(String, DTCGResolverIssue.Kind, String)] = [
        ("[]", .wrongType(expected: "an object", found: "array"), "#"),
        (##"{"version": "2025.10""##, .syntax(JSONSyntaxError(message: "", line: 0, column: 0)), "#"),
        (##"{"resolutionOrder": []}"##, .missingProperty("version"), "#"),
        (##"{"version": "2024.01", "resolutionOrder": []}"##, .unsupportedVersion("2024.01"), "#/version"),
        (
            ##"{"version": 2025.10, "resolutionOrder": []}"##,
            .wrongType(expected: "a string", found: "number"), "#/version"
        ),
        (##"{"version": "2025.10"}"##, .missingProperty("resolutionOrder"), "#"),
        (
            ##"{"version": "2025.10", "resolutionOrder": {}}"##,
            .wrongType(expected: "an array", found: "object"), "#/resolutionOrder"
        ),
        (
            ##"{"version": "2025.10", "name": 3, "resolutionOrder": []}"##,
            .wrongType(expected: "a string", found: "number"), "#/name"
        ),
        (
            ##"{"version": "2025.10", "sets": [], "resolutionOrder": []}"##,
            .wrongType(expected: "an object", found: "array"), "#/sets"
        ),
        (
            ##"{"version": "2025.10", "sets": {"s": 1}, "resolutionOrder": []}"##,
            .wrongType(expected: "an object", found: "number"), "#/sets/s"
        ),
        (
            ##"{"version": "2025.10", "sets": {"s": {}}, "resolutionOrder": []}"##,
            .missingProperty("sources"), "#/sets/s"
        ),
        (
            ##"{"version": "2025.10", "sets": {"s": {"sources": {}}}, "resolutionOrder": []}"##,
            .wrongType(expected: "an array", found: "object"), "#/sets/s/sources"
        ),
        (
            ##"{"version": "2025.10", "sets": {"s": {"sources": ["a.json"]}}, "resolutionOrder": []}"##,
            .wrongType(expected: "an object (tokens or {\"$ref\": …})", found: "string"), "#/sets/s/sources/0"
        ),
        (
            ##"{"version": "2025.10", "sets": {"s": {"sources": [{"$ref": 1}]}}, "resolutionOrder": []}"##,
            .wrongType(expected: "a string", found: "number"), "#/sets/s/sources/0/$ref"
        ),
        (
            ##"{"version": "2025.10", "sets": {"s": {"sources": [], "$extensions": 1}}, "resolutionOrder": []}"##,
            .wrongType(expected: "an object", found: "number"), "#/sets/s/$extensions"
        ),
        (
            ##"{"version": "2025.10", "modifiers": {"m": {}}, "resolutionOrder": []}"##,
            .missingProperty("contexts"), "#/modifiers/m"
        ),
        (
            ##"{"version": "2025.10", "modifiers": {"m": {"contexts": {}}}, "resolutionOrder": []}"##,
            .emptyContexts, "#/modifiers/m/contexts"
        ),
        (
            ##"{"version": "2025.10", "modifiers": {"m": {"contexts": {"a": []}}}, "resolutionOrder": []}"##,
            .departure(.singleContext("a"), strict: true), "#/modifiers/m/contexts"
        ),
        (
            ##"{"version": "2025.10", "modifiers": {"m": {"contexts": {"a": [], "b": {}}}}, "resolutionOrder": []}"##,
            .wrongType(expected: "an array of sources", found: "object"), "#/modifiers/m/contexts/b"
        ),
        (
            ##"{"version": "2025.10", "modifiers": {"m": {"contexts": {"a": [], "b": []}, "default": "c"}}, "resolutionOrder": []}"##,
            .invalidDefault("c", allowed: ["a", "b"]), "#/modifiers/m/default"
        ),
        (
            ##"{"version": "2025.10", "resolutionOrder": [1]}"##,
            .wrongType(expected: "a set, a modifier or a {\"$ref\": …}", found: "number"),
            "#/resolutionOrder/0"
        ),
        (
            ##"{"version": "2025.10", "resolutionOrder": [{"type": "set", "sources": []}]}"##,
            .missingProperty("name"), "#/resolutionOrder/0"
        ),
        (
            ##"{"version": "2025.10", "resolutionOrder": [{"name": "s", "sources": []}]}"##,
            .missingProperty("type"), "#/resolutionOrder/0"
        ),
        (
            ##"{"version": "2025.10", "resolutionOrder": [{"type": "group", "name": "s"}]}"##,
            .invalidItemType("group"), "#/resolutionOrder/0/type"
        ),
        (
            ##"{"version": "2025.10", "resolutionOrder": [{"type": "set", "name": "s", "sources": []}, {"type": "set", "name": "s", "sources": []}]}"##,
            .duplicateName("s"), "#/resolutionOrder/1"
        ),
        (
            ##"{"version": "2025.10", "resolutionOrder": [{"$ref": "#/sets/none"}]}"##,
            .unresolvableReference("#/sets/none"), "#/resolutionOrder/0"
        ),
        (
            ##"{"version": "2025.10", "resolutionOrder": [{"$ref": "#/name"}]}"##,
            .invalidReference("#/name", reason: "expected #/sets/<name> or #/modifiers/<name>"),
            "#/resolutionOrder/0"
        ),
        (
            ##"{"version": "2025.10", "sets": {"s": {"sources": [{"$ref": "#/nowhere"}]}}, "resolutionOrder": []}"##,
            .unresolvableReference("#/nowhere"), "#/sets/s/sources/0"
        ),
        (
            ##"{"version": "2025.10", "sets": {"s": {"sources": [{"$ref": "#x"}]}}, "resolutionOrder": []}"##,
            .invalidReference("#x", reason: "not a JSON Pointer (RFC 6901)"), "#/sets/s/sources/0"
        ),
        (
            ##"{"version": "2025.10", "sets": {"s": {"sources": [{"$ref": "#/modifiers/m"}]}}, "resolutionOrder": []}"##,
            .invalidReference("#/modifiers/m", reason: "only resolutionOrder may reference a modifier"),
            "#/sets/s/sources/0"
        ),
        (
            ##"{"version": "2025.10", "sets": {"s": {"sources": [{"$ref": "#/resolutionOrder/0"}]}}, "resolutionOrder": []}"##,
            .invalidReference("#/resolutionOrder/0", reason: "nothing may reference resolutionOrder"),
            "#/sets/s/sources/0"
        ),
        (
            ##"{"version": "2025.10", "sets": {"s": {"sources": [{"$ref": "https://example.com/t.json"}]}}, "resolutionOrder": []}"##,
            .invalidReference("https://example.com/t.json", reason: "remote references are not supported"),
            "#/sets/s/sources/0"
        ),
        (
            ##"{"version": "2025.10", "sets": {"s": {"sources": [{"$ref": "missing.json"}]}}, "resolutionOrder": []}"##,
            .unreadableFile("missing.json", reason: "no readable file at 'missing.json'"),
            "#/sets/s/sources/0"
        ),
        (
            ##"{"version": "2025.10", "sets": {"s": {"sources": [{"$ref": "bad.json#/x"}]}}, "resolutionOrder": []}"##,
            .syntax(JSONSyntaxError(message: "", line: 0, column: 0)), "#"
        ),
        (
            ##"{"version": "2025.10", "sets": {"s": {"sources": [{"$ref": "#/sets/s"}]}}, "resolutionOrder": []}"##,
            .circularReference(["#/sets/s/sources/0", "#/sets/s"]), "#/sets/s/sources/0"
        ),
        (
            ##"{"version": "2025.10", "sets": {"a": {"sources": [{"$ref": "#/sets/b"}]}, "b": {"sources": [{"$ref": "#/sets/a"}]}}, "resolutionOrder": []}"##,
            .circularReference(["#/sets/a", "#/sets/b", "#/sets/a"]), "#/sets/b/sources/0"
        ),
        (
            ##"{"version": "2025.10", "$defs": {"x": {"$ref": "#/$defs/y"}, "y": {"$ref": "#/$defs/x"}}, "sets": {"s": {"sources": [{"$ref": "#/$defs/x"}]}}, "resolutionOrder": []}"##,
            .circularReference(["#/$defs/x", "#/$defs/y", "#/$defs/x"]), "#/$defs/y"
        ),
    ]

    @Test(arguments: malformed.indices)
    func malformedDocumentsYieldTypedIssues(_ index: Int) {
        let (text, kind, location) = Self.malformed[index]
        let issues = Self.issues(text, files: ["bad.json": "{"])
        #expect(issues.count == 1, "\(text): \(issues)")
        guard let issue = issues.first else { return }
        if case .syntax = kind {
            guard case .syntax = issue.kind else {
                Issue.record("expected a syntax error, got \(issue)")
                return
            }
        } else {
            #expect(issue.kind == kind, "\(text)")
        }
        #expect(issue.location == location, "\(text)")
        #expect(issue.source == (location == "#" && index > 5 ? "bad.json" : "resolver.json"))
    }

    @Test func unknownMembersAreWarnings() throws {
        let resolver = try Self.read(
            ##"{"version": "2025.10", "flavour": 1, "$defs": {}, "resolutionOrder": [{"type": "set", "name": "s", "sources": [], "extra": 2}]}"##
        )
        #expect(
            resolver.warnings == [
                DTCGResolverIssue(
                    location: "#", kind: .unknownProperty("flavour"), source: "resolver.json", line: 1,
                    column: 24),
                DTCGResolverIssue(
                    location: "#/resolutionOrder/0", kind: .unknownProperty("extra"), source: "resolver.json",
                    line: 1, column: 115),
            ])
        #expect(resolver.warnings.allSatisfy { $0.severity == .warning })
    }

    @Test func unusedSetsAndAbbreviatedPointersAreWarnings() throws {
        let files = ["themes.json": ##"{"orange": {"a": \##(Self.color("#FF8800"))}}"##]
        let text = ##"""
            {"version": "2025.10",
             "sets": {"base": {"sources": [{"$ref": "themes.json#orange"}]},
                      "typography": {"sources": [{"b": \##(Self.color("#000000"))}]},
                      "shared": {"sources": [{"c": \##(Self.color("#111111"))}]},
                      "brand": {"sources": [{"$ref": "#/sets/shared"}]}},
             "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/sets/brand"}]}
            """##
        let resolver = try Self.read(text, files: files)
        #expect(Self.hex(try resolver.resolve(), "a") == "#FF8800")
        #expect(
            resolver.warnings.map(\.message) == [
                "$ref 'themes.json#orange' is not a JSON Pointer (read as '#/orange')",
                "set 'typography' is not in resolutionOrder and no source references it: its tokens are never read",
            ])
        #expect(resolver.warnings.map(\.location) == ["#/sets/base/sources/0", "#/sets/typography"])
        let strict = #expect(throws: DTCGResolverError.self) {
            try Self.read(text, files: files, strict: true)
        }
        #expect(
            strict?.issues.filter { $0.severity == .error }.map(\.message) == [
                "$ref 'themes.json#orange' must end in a JSON Pointer ('#/…')"
            ])
    }

    @Test func tokenIssuesNameTheInlineSource() throws {
        let resolver = try Self.read(
            ##"{"version": "2025.10", "sets": {"s": {"sources": [{"x": {"$value": "{missing}", "$type": "color"}}]}}, "resolutionOrder": [{"$ref": "#/sets/s"}]}"##
        )
        let document = try resolver.resolve()
        #expect(
            document.errors.map(\.description) == [
                // Inline token sets are located in the resolver document itself.
                #"resolver.json#/sets/s/sources/0:1:58: x: reference '{missing}' does not name a token (as written: "{missing}")"#
            ])
    }
}
