import Foundation
import KeelSupport

/// Arithmetic as Tokens Studio writes it in a value: `{size.unit} * 4`,
/// `floor({base} * 1.25)`, `min(16px, 1rem + 2px)`. DTCG has no expressions; lenient reading
/// evaluates these (a departure), strict reading rejects them.
///
/// The grammar (Tokens Studio's, expr-eval's): numbers with an optional unit (`px`, `rem`,
/// none), curly references, `+ - * /`, `^` (right-associative, binding tighter than `*` and
/// `/` and than unary minus: `-2 ^ 2` is -4), unary minus, parentheses, and `floor`, `ceil`,
/// `round`, `roundTo` (expr-eval's: `roundTo(x)` is `round(x)`, `roundTo(x, 2)` to two
/// decimals), `abs`, `sqrt`, `pow`, `min`, `max`, CSS's `clamp` and `calc` (with `vw`/`vh`
/// lengths of the viewport, and the other viewport units: ``viewportPoints(_:unit:viewport:)``).
/// Another function name parses, and evaluating
/// it says it is unsupported. Parsing is pure
/// and bounded: at most ``maximumLength`` bytes and ``maximumDepth`` levels of nesting, so
/// no input can exhaust the stack or run long.
indirect enum TokenExpression: Equatable, Sendable {
    case number(Double, unit: String)
    case reference(String)
    case negate(TokenExpression)
    case binary(Character, TokenExpression, TokenExpression)
    case call(String, [TokenExpression])

    /// The longest expression read (bytes).
    static let maximumLength = 512
    /// The deepest nesting of parentheses, calls and unary minus.
    static let maximumDepth = 32
    /// The functions understood, with how many arguments each takes (`nil`: one or more).
    static let functions: [String: Int?] = [
        "floor": 1, "ceil": 1, "round": 1, "roundto": 2, "abs": 1, "sqrt": 1, "pow": 2, "min": nil,
        "max": nil, "clamp": 3, "calc": 1,
    ]

    /// The most decimal places `roundTo` shifts by, either way.
    static let maximumRoundingPlaces = 100

    /// The expression `text` spells, or `nil` when it is not one (or is only a number, a
    /// number with a unit, or a whole-value reference, which are read as such elsewhere).
    static func parse(_ text: String) -> TokenExpression? {
        let bytes = Array(text.utf8)
        guard bytes.count <= maximumLength else { return nil }
        var parser = Parser(bytes: bytes)
        guard let expression = parser.expression(depth: 0) else { return nil }
        parser.skipSpace()
        guard parser.index == bytes.count else { return nil }
        switch expression {
        case .number, .reference: return nil
        default: return expression
        }
    }

    /// The references the expression names, in order.
    var references: [String] {
        var result: [String] = []
        var pending = [self]
        while let next = pending.popLast() {
            switch next {
            case .number: break
            case .reference(let text): result.append(text)
            case .negate(let inner): pending.append(inner)
            case .binary(_, let left, let right): pending += [right, left]
            case .call(_, let arguments): pending += arguments.reversed()
            }
        }
        return result
    }

    /// A value: points when `isLength`, else a plain number.
    struct Value: Equatable {
        var amount: Double
        var isLength: Bool
        /// The unit a length was written in (`px`, `rem`): a plain number added to it, or
        /// compared with it in `min`/`max`, is read in that unit, as Tokens Studio reads it.
        var unit = "px"

        /// Points per written unit: the rem base for a rem length, 1 otherwise.
        func scale(remBase: Double) -> Double { isLength && unit == "rem" && remBase > 0 ? remBase : 1 }

        /// This plain number read as a length in `length`'s unit, in points.
        func adopting(_ length: Value, remBase: Double) -> Value {
            guard !isLength, length.isLength else { return self }
            return Value(
                amount: amount * (length.unit == "rem" ? remBase : 1), isLength: true, unit: length.unit)
        }
    }

    /// Evaluates with `resolve` giving each reference's value and `remBase` the points per
    /// rem; throws a message when units do not combine (a length times a length, a number
    /// divided by a length) or a result is not finite. A plain number added to a length (or
    /// beside one in `min`/`max`) is read in that length's unit.
    /// `viewport` (points) is what `vw` and `vh` are relative to, as for a standalone length.
    func evaluate(
        remBase: Double, viewport: (width: Double, height: Double) = (375, 667),
        resolve: (String) throws -> Value
    ) throws -> Value {
        let value: Value
        switch self {
        case .number(let amount, let unit):
            switch unit {
            case "": value = Value(amount: amount, isLength: false)
            case "px": value = Value(amount: amount, isLength: true, unit: "px")
            case "rem": value = Value(amount: amount * remBase, isLength: true, unit: "rem")
            default:
                // CSS's fluid sizes (`clamp(1rem, 0.9rem + 0.5vw, 1.2rem)`), in points of the viewport.
                guard let points = Self.viewportPoints(amount, unit: unit, viewport: viewport) else {
                    throw ExpressionError("unit '\(unit)' in an expression")
                }
                value = Value(amount: points, isLength: true, unit: "px")
            }
        case .reference(let text):
            value = try resolve(text)
        case .negate(let inner):
            let operand = try inner.evaluate(remBase: remBase, viewport: viewport, resolve: resolve)
            value = Value(amount: -operand.amount, isLength: operand.isLength, unit: operand.unit)
        case .binary(let symbol, let left, let right):
            let a = try left.evaluate(remBase: remBase, viewport: viewport, resolve: resolve)
            let b = try right.evaluate(remBase: remBase, viewport: viewport, resolve: resolve)
            switch symbol {
            case "+", "-":
                // A plain number takes the length's unit (`{base} + 4px` with `base` 2 is 6px).
                let (x, y) = (a.adopting(b, remBase: remBase), b.adopting(a, remBase: remBase))
                value = Value(
                    amount: symbol == "+" ? x.amount + y.amount : x.amount - y.amount,
                    isLength: x.isLength, unit: x.isLength ? x.unit : "px")
            case "*":
                guard !(a.isLength && b.isLength) else { throw ExpressionError("multiplies two lengths") }
                value = Value(
                    amount: a.amount * b.amount, isLength: a.isLength || b.isLength,
                    unit: a.isLength ? a.unit : b.unit)
            case "^":
                value = try Self.power(a, b, remBase: remBase)
            default:
                guard !b.isLength || a.isLength else { throw ExpressionError("divides by a length") }
                guard b.amount != 0 else { throw ExpressionError("divides by zero") }
                value = Value(amount: a.amount / b.amount, isLength: a.isLength && !b.isLength, unit: a.unit)
            }
        case .call(let name, let arguments):
            guard let arity = Self.functions[name] else {
                throw ExpressionError("uses unsupported function '\(name)'")
            }
            if name == "roundto" {
                // expr-eval's `roundTo(value, places = 0)`.
                guard (1...2).contains(arguments.count) else {
                    throw ExpressionError("calls 'roundTo' with \(arguments.count) arguments, not 1 or 2")
                }
                let rounded = try arguments[0].evaluate(
                    remBase: remBase, viewport: viewport, resolve: resolve)
                var places = 0
                if arguments.count == 2 {
                    let written = try arguments[1].evaluate(
                        remBase: remBase, viewport: viewport, resolve: resolve)
                    guard !written.isLength, written.amount.rounded() == written.amount,
                        abs(written.amount) <= Double(Self.maximumRoundingPlaces)
                    else {
                        throw ExpressionError(
                            "rounds to \(JSONValue.format(written.amount)) places, not a whole number in -\(Self.maximumRoundingPlaces)...\(Self.maximumRoundingPlaces)"
                        )
                    }
                    places = Int(written.amount)
                }
                let scale = rounded.scale(remBase: remBase)
                value = Value(
                    amount: Self.roundTo(rounded.amount / scale, places: places) * scale,
                    isLength: rounded.isLength, unit: rounded.unit)
                break
            }
            if let arity, arguments.count != arity {
                throw ExpressionError(
                    "calls '\(name)' with \(arguments.count) argument\(arguments.count == 1 ? "" : "s"), not \(arity)"
                )
            }
            if name == "pow" {
                value = try Self.power(
                    try arguments[0].evaluate(remBase: remBase, viewport: viewport, resolve: resolve),
                    try arguments[1].evaluate(remBase: remBase, viewport: viewport, resolve: resolve),
                    remBase: remBase)
                break
            }
            var values = try arguments.map {
                try $0.evaluate(remBase: remBase, viewport: viewport, resolve: resolve)
            }
            // `min`/`max`/`clamp` read plain numbers in the unit of their first length, as `+`
            // does.
            if let length = values.first(where: \.isLength) {
                values = values.map { $0.adopting(length, remBase: remBase) }
            }
            let amounts = values.map(\.amount)
            // Rounding and roots work on the number as written (`floor(1.3rem)` is 1rem, not
            // 20px's floor), as Tokens Studio strips the unit, computes and puts it back.
            let scale = values[0].scale(remBase: remBase)
            let written = amounts[0] / scale
            let amount: Double
            switch name {
            case "floor": amount = written.rounded(.down) * scale
            case "ceil": amount = written.rounded(.up) * scale
            case "round": amount = Self.mathRound(written) * scale
            case "abs": amount = abs(amounts[0])
            case "sqrt":
                guard amounts[0] >= 0 else {
                    throw ExpressionError("takes the square root of a negative number")
                }
                amount = written.squareRoot() * scale
            case "min": amount = amounts.min()!
            // CSS's `calc(…)` (SKY UX's `calc(16/11)` line heights): the expression inside.
            case "calc": amount = amounts[0]
            // CSS's `clamp(minimum, preferred, maximum)`: `max(minimum, min(preferred,
            // maximum))`, so the minimum wins when it exceeds the maximum, as in CSS.
            case "clamp": amount = max(amounts[0], min(amounts[1], amounts[2]))
            default: amount = amounts.max()!
            }
            value = Value(amount: amount, isLength: values[0].isLength, unit: values[0].unit)
        }
        guard value.amount.isFinite else { throw ExpressionError("has a result that is not finite") }
        return value
    }

    /// What a CSS viewport unit is a hundredth of.
    enum ViewportExtent {
        case width, height, smaller, larger

        /// This extent of `viewport`, in points.
        func points(of viewport: (width: Double, height: Double)) -> Double {
            switch self {
            case .width: viewport.width
            case .height: viewport.height
            case .smaller: min(viewport.width, viewport.height)
            case .larger: max(viewport.width, viewport.height)
            }
        }
    }

    /// The extent a CSS viewport unit measures: `vw`, `vh`, their logical `vi` and `vb`
    /// (inline and block: width and height in horizontal writing, as KfW's fluid sizes write
    /// them), `vmin`, `vmax`, and the small, large and dynamic forms (`svw`, `dvh`, …), which
    /// a fixed viewport makes the same. `nil` for any other unit.
    static func viewportExtent(_ unit: String) -> ViewportExtent? {
        var name = unit.lowercased()
        if name.count == 3 || name.count == 5, let first = name.first, "sld".contains(first) {
            name.removeFirst()
        }
        switch name {
        case "vw", "vi": return .width
        case "vh", "vb": return .height
        case "vmin": return .smaller
        case "vmax": return .larger
        default: return nil
        }
    }

    /// `amount` of a CSS viewport unit (``viewportExtent(_:)``) in points of `viewport`;
    /// `nil` for any other unit.
    static func viewportPoints(
        _ amount: Double, unit: String, viewport: (width: Double, height: Double)
    ) -> Double? {
        viewportExtent(unit).map { amount * $0.points(of: viewport) / 100 }
    }

    /// `value` rounded to `places` decimals as expr-eval's `roundTo` does: the decimal point
    /// moved in the number's shortest decimal spelling (so `roundTo(1.005, 2)` is 1.01, not
    /// the 1.0 that multiplying by 100 gives), then JavaScript's `Math.round` (halves up).
    static func roundTo(_ value: Double, places: Int) -> Double {
        func shifted(_ number: Double, by places: Int) -> Double {
            let parts = "\(number)".split(separator: "e", maxSplits: 1)
            let exponent = (parts.count == 2 ? Int(parts[1]) ?? 0 : 0) + places
            return Double("\(parts[0])e\(exponent)") ?? number * Foundation.pow(10, Double(places))
        }
        return shifted(mathRound(shifted(value, by: places)), by: -places)
    }

    /// JavaScript's `Math.round`, which Tokens Studio's `round` and `roundTo` use: halves go
    /// up, towards positive infinity (`-2.5` is `-2`), where `Double.rounded()` takes them
    /// away from zero.
    static func mathRound(_ value: Double) -> Double {
        let down = value.rounded(.down)
        return value - down >= 0.5 ? down + 1 : down
    }

    /// `base` raised to `exponent` (`^`, `pow`): the exponent a plain number; a length base
    /// stays a length in its unit, as Tokens Studio keeps the unit it strips.
    private static func power(_ base: Value, _ exponent: Value, remBase: Double) throws -> Value {
        guard !exponent.isLength else { throw ExpressionError("raises to a length") }
        if base.amount < 0, exponent.amount.rounded() != exponent.amount {
            throw ExpressionError("raises a negative number to a fractional power")
        }
        // On the number as written: `1rem^2` is 1rem, not (16 pt)² labelled rem.
        let scale = base.scale(remBase: remBase)
        let amount = Foundation.pow(base.amount / scale, exponent.amount) * scale
        guard amount.isFinite else { throw ExpressionError("has a result that is not finite") }
        return Value(amount: amount, isLength: base.isLength, unit: base.unit)
    }

    /// Why an expression cannot be evaluated.
    struct ExpressionError: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    /// Recursive descent over UTF-8 bytes; every level counts against the depth limit.
    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        }

        mutating func expression(depth: Int) -> TokenExpression? {
            guard depth < TokenExpression.maximumDepth, var left = term(depth: depth + 1) else { return nil }
            while true {
                skipSpace()
                guard index < bytes.count,
                    bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
                else { return left }
                let symbol = Character(UnicodeScalar(bytes[index]))
                index += 1
                guard let right = term(depth: depth + 1) else { return nil }
                left = .binary(symbol, left, right)
            }
        }

        mutating func term(depth: Int) -> TokenExpression? {
            guard depth < TokenExpression.maximumDepth, var left = power(depth: depth + 1) else {
                return nil
            }
            while true {
                skipSpace()
                guard index < bytes.count,
                    bytes[index] == UInt8(ascii: "*") || bytes[index] == UInt8(ascii: "/")
                else { return left }
                let symbol = Character(UnicodeScalar(bytes[index]))
                index += 1
                guard let right = power(depth: depth + 1) else { return nil }
                left = .binary(symbol, left, right)
            }
        }

        /// `a ^ b`, right-associative (`2 ^ 3 ^ 2` is `2 ^ 9`); unary minus binds looser
        /// (`-2 ^ 2` is -4), and an exponent may be negated (`2 ^ -1`).
        mutating func power(depth: Int) -> TokenExpression? {
            guard depth < TokenExpression.maximumDepth else { return nil }
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
                index += 1
                return power(depth: depth + 1).map(TokenExpression.negate)
            }
            guard let base = factor(depth: depth + 1) else { return nil }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "^") else { return base }
            index += 1
            guard let exponent = power(depth: depth + 1) else { return nil }
            return .binary("^", base, exponent)
        }

        mutating func factor(depth: Int) -> TokenExpression? {
            guard depth < TokenExpression.maximumDepth else { return nil }
            skipSpace()
            guard index < bytes.count else { return nil }
            let byte = bytes[index]
            if byte == UInt8(ascii: "(") {
                index += 1
                guard let inner = expression(depth: depth + 1) else { return nil }
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ")") else { return nil }
                index += 1
                return inner
            }
            if byte == UInt8(ascii: "{") {
                guard let end = bytes[index...].firstIndex(of: UInt8(ascii: "}")) else { return nil }
                let text = String(decoding: bytes[index...end], as: UTF8.self)
                index = end + 1
                return .reference(text)
            }
            if isLetter(byte) {
                let start = index
                while index < bytes.count, isLetter(bytes[index]) { index += 1 }
                let name = String(decoding: bytes[start..<index], as: UTF8.self).lowercased()
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "(") else { return nil }
                index += 1
                var arguments: [TokenExpression] = []
                while true {
                    guard let argument = expression(depth: depth + 1) else { return nil }
                    arguments.append(argument)
                    skipSpace()
                    guard index < bytes.count else { return nil }
                    if bytes[index] == UInt8(ascii: ",") {
                        index += 1
                        continue
                    }
                    guard bytes[index] == UInt8(ascii: ")") else { return nil }
                    index += 1
                    break
                }
                // The name and the count of arguments are checked when evaluating, to say
                // which function is unsupported or called wrongly.
                return .call(name, arguments)
            }
            return number()
        }

        mutating func number() -> TokenExpression? {
            let start = index
            while index < bytes.count, isDigit(bytes[index]) || bytes[index] == UInt8(ascii: ".") {
                index += 1
            }
            guard index > start, let amount = Double(String(decoding: bytes[start..<index], as: UTF8.self)),
                amount.isFinite
            else { return nil }
            let unitStart = index
            while index < bytes.count, isLetter(bytes[index]) { index += 1 }
            let unit = String(decoding: bytes[unitStart..<index], as: UTF8.self).lowercased()
            return .number(amount, unit: unit)
        }

        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    }
}
