import KeelDesign
import KeelSupport
import KeelTestSupport

extension FuzzFamily {
    /// Keel's shared JSON parser (KeelSupport's `JSONParser`, behind token files, store files
    /// and environment files): every input parses or throws a `JSONError` positioned inside
    /// the input, within a second; an accepted document re-serialises and re-parses to an equal
    /// value; KeelSupport's `JSONValue.parse` agrees with it on acceptance and on positions.
    /// Its opt-in JSON5 reading (token sources) is checked on every input too: positioned
    /// errors, within a second, and a superset of JSON that reads JSON to the same value.
    package static let json = FuzzFamily(
        name: "json",
        summary: "shared JSON parser: typed, positioned errors; accepted documents round-trip",
        seeds: JSONFuzzSeeds.seeds,
        dictionary: JSONFuzzSeeds.dictionary,
        generate: JSONFuzzSeeds.generate,
        check: JSONFuzzSeeds.check
    )
}

/// Seeds, dictionary, generator and check of ``FuzzFamily/json``.
enum JSONFuzzSeeds {
    /// JSONTestSuite's 95 `y_` files (MIT licence), byte for byte.
    static let seeds: [[UInt8]] = texts.map { Array($0.utf8) } + json5Texts.map { Array($0.utf8) }

    /// Hand-written JSON5: each construct the opt-in reading accepts, so mutations explore it.
    private static let json5Texts: [String] = [
        "// c\n{a: 1, 'b': 'x\\'y', \"c\": [0x1F, +.5, 5., -Infinity, NaN,], /* d */}",
        "{\u{A0}$x_1: '\\v\\0\\x41\\\n', größe: {},}",
    ]

    private static let texts: [String] = [
        "[[]   ]",  // array_arraysWithSpaces
        "[\"\"]",  // array_empty-string
        "[]",  // array_empty
        "[\"a\"]",  // array_ending_with_newline
        "[false]",  // array_false
        "[null, 1, \"1\", {}]",  // array_heterogeneous
        "[null]",  // array_null
        "[1\n]",  // array_with_1_and_newline
        " [1]",  // array_with_leading_space
        "[1,null,null,null,2]",  // array_with_several_null
        "[2] ",  // array_with_trailing_space
        "[123e65]",  // number
        "[0e+1]",  // number_0e+1
        "[0e1]",  // number_0e1
        "[ 4]",  // number_after_space
        // number_double_close_to_zero
        "[-0.000000000000000000000000000000000000000000000000000000000000000000000000000001]\n",
        "[20e1]",  // number_int_with_exp
        "[-0]",  // number_minus_zero
        "[-123]",  // number_negative_int
        "[-1]",  // number_negative_one
        "[-0]",  // number_negative_zero
        "[1E22]",  // number_real_capital_e
        "[1E-2]",  // number_real_capital_e_neg_exp
        "[1E+2]",  // number_real_capital_e_pos_exp
        "[123e45]",  // number_real_exponent
        "[123.456e78]",  // number_real_fraction_exponent
        "[1e-2]",  // number_real_neg_exp
        "[1e+2]",  // number_real_pos_exponent
        "[123]",  // number_simple_int
        "[123.456789]",  // number_simple_real
        "{\"asd\":\"sdf\", \"dfg\":\"fgh\"}",  // object
        "{\"asd\":\"sdf\"}",  // object_basic
        "{\"a\":\"b\",\"a\":\"c\"}",  // object_duplicated_key
        "{\"a\":\"b\",\"a\":\"b\"}",  // object_duplicated_key_and_value
        "{}",  // object_empty
        "{\"\":0}",  // object_empty_key
        "{\"foo\\u0000bar\": 42}",  // object_escaped_null_in_key
        "{ \"min\": -1.0e+28, \"max\": 1.0e+28 }",  // object_extreme_numbers
        // object_long_strings
        "{\"x\":[{\"id\": \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"}], \"id\": \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"}",
        "{\"a\":[]}",  // object_simple
        // object_string_unicode
        "{\"title\":\"\\u041f\\u043e\\u043b\\u0442\\u043e\\u0440\\u0430 \\u0417\\u0435\\u043c\\u043b\\u0435\\u043a\\u043e\\u043f\\u0430\" }",
        "{\n\"a\": \"b\"\n}",  // object_with_newlines
        "[\"\\u0060\\u012a\\u12AB\"]",  // string_1_2_3_bytes_UTF-8_sequences
        "[\"\\uD801\\udc37\"]",  // string_accepted_surrogate_pair
        "[\"\\ud83d\\ude39\\ud83d\\udc8d\"]",  // string_accepted_surrogate_pairs
        "[\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"]",  // string_allowed_escapes
        "[\"\\\\u0000\"]",  // string_backslash_and_u_escaped_zero
        "[\"\\\"\"]",  // string_backslash_doublequotes
        "[\"a/*b*/c/*d//e\"]",  // string_comments
        "[\"\\\\a\"]",  // string_double_escape_a
        "[\"\\\\n\"]",  // string_double_escape_n
        "[\"\\u0012\"]",  // string_escaped_control_character
        "[\"\\uFFFF\"]",  // string_escaped_noncharacter
        "[\"asd\"]",  // string_in_array
        "[ \"asd\"]",  // string_in_array_with_leading_space
        "[\"\\uDBFF\\uDFFF\"]",  // string_last_surrogates_1_and_2
        "[\"new\\u00A0line\"]",  // string_nbsp_uescaped
        "[\"\u{10FFFF}\"]",  // string_nonCharacterInUTF-8_U+10FFFF
        "[\"\u{FFFF}\"]",  // string_nonCharacterInUTF-8_U+FFFF
        "[\"\\u0000\"]",  // string_null_escape
        "[\"\\u002c\"]",  // string_one-byte-utf-8
        "[\"\u{3C0}\"]",  // string_pi
        "[\"\u{1BFFF}\"]",  // string_reservedCharacterInUTF-8_U+1BFFF
        "[\"asd \"]",  // string_simple_ascii
        "\" \"",  // string_space
        "[\"\\uD834\\uDd1e\"]",  // string_surrogates_U+1D11E_MUSICAL_SYMBOL_G_CLEF
        "[\"\\u0821\"]",  // string_three-byte-utf-8
        "[\"\\u0123\"]",  // string_two-byte-utf-8
        "[\"\u{2028}\"]",  // string_u+2028_line_sep
        "[\"\u{2029}\"]",  // string_u+2029_par_sep
        "[\"\\u0061\\u30af\\u30EA\\u30b9\"]",  // string_uEscape
        "[\"new\\u000Aline\"]",  // string_uescaped_newline
        "[\"\u{7F}\"]",  // string_unescaped_char_delete
        "[\"\\uA66D\"]",  // string_unicode
        "[\"\\u005C\"]",  // string_unicodeEscapedBackslash
        "[\"\u{2342}\u{3234}\u{2342}\"]",  // string_unicode_2
        "[\"\\uDBFF\\uDFFE\"]",  // string_unicode_U+10FFFE_nonchar
        "[\"\\uD83F\\uDFFE\"]",  // string_unicode_U+1FFFE_nonchar
        "[\"\\u200B\"]",  // string_unicode_U+200B_ZERO_WIDTH_SPACE
        "[\"\\u2064\"]",  // string_unicode_U+2064_invisible_plus
        "[\"\\uFDD0\"]",  // string_unicode_U+FDD0_nonchar
        "[\"\\uFFFE\"]",  // string_unicode_U+FFFE_nonchar
        "[\"\\u0022\"]",  // string_unicode_escaped_double_quote
        "[\"\u{20AC}\u{1D11E}\"]",  // string_utf8
        "[\"a\u{7F}a\"]",  // string_with_del_character
        "false",  // structure_lonely_false
        "42",  // structure_lonely_int
        "-0.1",  // structure_lonely_negative_real
        "null",  // structure_lonely_null
        "\"asd\"",  // structure_lonely_string
        "true",  // structure_lonely_true
        "\"\"",  // structure_string_empty
        "[\"a\"]\n",  // structure_trailing_newline
        "[true]",  // structure_true_in_array
        " [] ",  // structure_whitespace_array
    ]

    static let dictionary: [[UInt8]] =
        [
            "{", "}", "[", "]", ":", ",", "\"", "\\", "\\u", "\\uD83D\\uDE00", "\\uD800", "\\uDC00", "true",
            "false", "null", "-0", "1e400", "-1e-400", "123456789012345678901234567890", "0.5e+10",
            "\u{FEFF}",
            "\u{E9}", "\u{1F600}", " ", "\n", "\r\n", "\t", "{\"a\":", "[[[[[[[[", "]]]]]]]]",
            // JSON5
            "//", "/*", "*/", "'", "\\'", "\\x4", "0x", "+", ".", "Infinity", "NaN", ",]", ",}", "a:",
            "\u{2028}",
            "\u{A0}", "\u{0B}",
        ].map { Array($0.utf8) } + [
            [0xEF, 0xBB, 0xBF], [0xFF, 0xFE], [0xFE, 0xFF], [0x00], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xFF],
        ]

    /// A random document: nested arrays and objects (at most 6 deep), escaped and non-ASCII
    /// strings, edge-case numbers, random whitespace; now and then nesting around the limit.
    static func generate(_ random: inout FuzzRandom) -> [UInt8] {
        if random.oneIn(16) {
            let depth = JSONParser.maximumDepth - 8 + random.below(16)
            return Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
        }
        var output = space(&random)
        appendValue(&random, depth: 0, to: &output)
        output += space(&random)
        return Array(output.utf8)
    }

    private static func space(_ random: inout FuzzRandom) -> String {
        [" ", "", "\n", "\t", "\r\n", ""][random.below(6)]
    }

    private static let numbers = [
        "0", "-0", "1e400", "-1E-400", "3.25", "99999999999999999999999", "1.5e+3", "-12", "0.1", "5e-324",
    ]
    private static let pieces = [
        "a", "é", "😀", "\\n", "\\\"", "\\u0041", "\\uD83D\\uDE00", "\\/", " ", "\u{2028}", "\\u0000",
        "\u{FEFF}",
    ]

    private static func appendString(_ random: inout FuzzRandom, to output: inout String) {
        output += "\""
        for _ in 0..<random.below(8) { output += pieces[random.below(pieces.count)] }
        output += "\""
    }

    /// Recursion here is bounded by the generator's own depth (6), not by any input.
    private static func appendValue(_ random: inout FuzzRandom, depth: Int, to output: inout String) {
        switch depth < 6 ? random.below(6) : 5 {
        case 0, 1:
            let isObject = random.oneIn(2)
            output += isObject ? "{" : "["
            for index in 0..<random.below(5) {
                if index > 0 { output += space(&random) + "," }
                output += space(&random)
                if isObject {
                    appendString(&random, to: &output)
                    output += space(&random) + ":" + space(&random)
                }
                appendValue(&random, depth: depth + 1, to: &output)
            }
            output += space(&random) + (isObject ? "}" : "]")
        case 2: output += numbers[random.below(numbers.count)]
        case 3: output += ["null", "true", "false"][random.below(3)]
        case 4: output += String(random.below(1_000_000)) + (random.oneIn(3) ? ".5" : "")
        default: appendString(&random, to: &output)
        }
    }

    /// Runs the parser on one input and checks its invariants.
    @Sendable static func check(_ input: [UInt8]) async throws {
        try checkJSON5(input)
        // The check never suspends, so this thread's CPU time measures the parser's work; wall
        // time would count whatever else the (loaded) machine runs meanwhile.
        let start = FuzzCPUTime.now()
        let node: JSONNode
        do {
            node = try JSONNode.parse(input)
        } catch let error as JSONError {
            try checkPosition(error, input)
            // KeelDesign's front end reports the same position.
            do {
                _ = try JSONValue.parse(input)
                throw FuzzViolation("JSONValue.parse accepted what JSONParser rejected: \(error)")
            } catch let syntax as JSONSyntaxError {
                guard syntax.line == error.line, syntax.column == error.column else {
                    throw FuzzViolation("JSONValue.parse placed \(syntax) but JSONParser \(error)")
                }
            }
            try checkTime(since: start)
            return
        } catch {
            throw FuzzViolation("JSONParser threw \(type(of: error)), not a JSONError: \(error)")
        }
        let text = node.serialized()
        let again: JSONNode
        do {
            again = try JSONNode.parse(text)
        } catch {
            throw FuzzViolation("the serialised document does not parse: \(error)")
        }
        guard again == node else { throw FuzzViolation("re-parsing the serialised document changed it") }
        guard again.serialized() == text else { throw FuzzViolation("serialisation is not a fixed point") }
        do {
            let value = try JSONValue.parse(input)
            let reread = try JSONValue.parse(value.encoded(pretty: false))
            guard reread == value else {
                throw FuzzViolation("JSONValue's encode/parse round trip changed it")
            }
        } catch let syntax as JSONSyntaxError {
            // Only a number beyond Double's range may make the Double front end refuse.
            guard syntax.message.contains("out of range") else {
                throw FuzzViolation("JSONValue.parse rejected an accepted document: \(syntax)")
            }
        }
        try checkTime(since: start)
    }

    /// The JSON5 reading of `input`: a tape or a positioned `JSONError`, within a second; it
    /// accepts whatever the strict parser accepts, with the same value.
    private static func checkJSON5(_ input: [UInt8]) throws {
        let start = FuzzCPUTime.now()
        let tape: JSONTape
        do {
            tape = try JSONParser.parse(input, json5: true)
        } catch let error as JSONError {
            try checkPosition(error, input)
            try checkTime(since: start)
            if (try? JSONParser.parse(input)) != nil {
                throw FuzzViolation("the JSON5 reading rejected JSON the strict parser accepts: \(error)")
            }
            return
        } catch {
            throw FuzzViolation("the JSON5 reading threw \(type(of: error)), not a JSONError: \(error)")
        }
        let json5Value = try? JSONValue(tape: tape)
        try checkTime(since: start)
        if let strict = try? JSONValue.parse(input), json5Value != strict {
            throw FuzzViolation("the JSON5 reading gave JSON another value")
        }
    }

    private static func checkPosition(_ error: JSONError, _ input: [UInt8]) throws {
        guard error.offset >= 0, error.offset <= input.count else {
            throw FuzzViolation("error offset \(error.offset) outside \(input.count) bytes: \(error)")
        }
        guard error.line >= 1, error.column >= 1, error.line <= input.count + 1,
            error.column <= input.count + 1
        else { throw FuzzViolation("error position outside the input: \(error)") }
        guard error.keyPath.count <= JSONParser.maximumDepth else {
            throw FuzzViolation("key path deeper than the nesting limit: \(error)")
        }
    }

    private static func checkTime(since start: Duration) throws {
        let elapsed = FuzzCPUTime.now() - start
        guard elapsed < .seconds(1) else { throw FuzzViolation("one input took \(elapsed)") }
    }
}
