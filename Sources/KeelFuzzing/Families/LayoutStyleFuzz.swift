import KeelLayout

extension FuzzFamily {
    /// Random styles and trees (`LayoutNode.layout(width:height:configuration:)`): the bytes
    /// describe a tree of up to 48 nodes whose lengths, factors, ratios, measured sizes and
    /// available space come from a table of extremes (±1e308, NaN, infinities, subnormals);
    /// every frame of the result must be finite with a non-negative size.
    package static let layoutStyle = FuzzFamily(
        name: "layout.style",
        summary: "random styles and trees of extreme values: every frame finite, sizes non-negative",
        seeds: LayoutStyleFuzzInput.seeds,
        dictionary: [[0xFF, 0xFF], [0x00, 0x00, 0x00], [0x07, 0x08, 0x09], [0x0A, 0x0B]],
        testCases: 1000,
        generate: LayoutStyleFuzzInput.generate
    ) { input in
        var reader = LayoutStyleFuzzInput(bytes: input)
        let root = reader.tree(depth: 0)
        let width = reader.space()
        let height = reader.space()
        let scale: Double? = [nil, 1, 2, 3, .nan, -1, 1e300, .leastNonzeroMagnitude][Int(reader.byte() % 8)]
        for direction in [TextDirection.leftToRight, .rightToLeft] {
            let result = root.layout(
                width: width, height: height,
                configuration: LayoutConfiguration(direction: direction, pointScale: scale))
            for entry in result.entries {
                for frame in [entry.frame, entry.absoluteFrame, entry.unroundedFrame] {
                    guard frame.x.isFinite, frame.y.isFinite, frame.width.isFinite, frame.height.isFinite
                    else {
                        throw FuzzViolation("non-finite frame \(frame) for \(entry.id)")
                    }
                    guard frame.width >= 0, frame.height >= 0 else {
                        throw FuzzViolation("negative size \(frame) for \(entry.id)")
                    }
                }
            }
            let fitting = root.fittingSize(width: width, height: height)
            guard fitting.width.isFinite, fitting.height.isFinite, fitting.width >= 0, fitting.height >= 0
            else {
                throw FuzzViolation("fitting size \(fitting)")
            }
        }
    }
}

/// Reads a layout tree out of fuzz bytes; past the end every byte reads as 0.
struct LayoutStyleFuzzInput {
    let bytes: [UInt8]
    var position = 0
    var nodes = 0

    static let values: [Double] = [
        0, 1, -1, 10, 37.5, 100, 1e15, 1e16, 1e300, 1e308, -1e308, .greatestFiniteMagnitude, .nan, .infinity,
        -.infinity, .leastNonzeroMagnitude,
    ]

    static let seeds: [[UInt8]] = [
        [0x21, 0x13, 0x09, 0x09, 0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00],
        Array(repeating: 0x09, count: 64),
        (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 37) },
    ]

    static func generate(_ random: inout FuzzRandom) -> [UInt8] {
        (0..<(16 + random.below(400))).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    }

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func byte() -> UInt8 {
        defer { position += 1 }
        return position < bytes.count ? bytes[position] : 0
    }

    mutating func value() -> Double { Self.values[Int(byte() % UInt8(Self.values.count))] }

    mutating func length() -> Length {
        let kind = byte()
        switch kind % 4 {
        case 0: return .auto
        case 1: return .percent(value())
        default: return .points(value())
        }
    }

    mutating func space() -> AvailableSpace {
        switch byte() % 3 {
        case 0: return .definite(value())
        case 1: return .maxContent
        default: return .minContent
        }
    }

    mutating func style() -> LayoutStyle {
        var style = LayoutStyle(defaults: byte() % 2 == 0 ? .web : .yoga)
        let enums = byte()
        style.flexDirection = FlexDirection.allCases[Int(enums % 4)]
        style.flexWrap = FlexWrap.allCases[Int((enums >> 2) % 3)]
        style.position = enums & 0x80 != 0 ? .absolute : .relative
        style.boxSizing = enums & 0x40 != 0 ? .contentBox : .borderBox
        let alignment = byte()
        style.justifyContent = JustifyContent.allCases[Int(alignment % UInt8(JustifyContent.allCases.count))]
        style.alignItems = AlignItems.allCases[Int((alignment >> 3) % UInt8(AlignItems.allCases.count))]
        style.alignContent = AlignContent.allCases[Int(byte() % UInt8(AlignContent.allCases.count))]
        if byte() % 5 == 0 {
            style.alignSelf = AlignItems.allCases[Int(byte() % UInt8(AlignItems.allCases.count))]
        }
        style.width = length()
        style.height = length()
        let extras = byte()
        if extras & 0x01 != 0 { style.minimumWidth = length() }
        if extras & 0x02 != 0 { style.maximumWidth = length() }
        if extras & 0x04 != 0 { style.minimumHeight = length() }
        if extras & 0x08 != 0 { style.maximumHeight = length() }
        if extras & 0x10 != 0 { style.aspectRatio = value() }
        if extras & 0x20 != 0 { style.flexBasis = length() }
        if extras & 0x40 != 0 {
            style.margin = Edges(left: length(), right: length(), top: length(), bottom: length())
        }
        if extras & 0x80 != 0 { style.padding = Edges(all: length()) }
        style.flexGrow = value()
        style.flexShrink = value()
        style.columnGap = length()
        style.rowGap = length()
        if byte() % 3 == 0 { style.border = Edges(all: length()) }
        if style.position == .absolute {
            style.inset = Edges(left: length(), right: length(), top: length(), bottom: .auto)
        }
        if byte() % 16 == 0 { style.display = .none }
        if byte() % 8 == 0 { style.balancesLines = true }
        return style
    }

    mutating func tree(depth: Int) -> LayoutNode {
        nodes += 1
        let style = self.style()
        let childCount = depth >= 5 || nodes >= 48 ? 0 : Int(byte() % 5)
        var children: [LayoutNode] = []
        for _ in 0..<childCount where nodes < 48 {
            children.append(tree(depth: depth + 1))
        }
        var measure: MeasureFunction?
        if children.isEmpty, byte() % 2 == 0 {
            let size = Size(width: value(), height: value())
            let baseline = value()
            measure = MeasureFunction(
                baseline: { _ in baseline },
                { request in
                    Size(
                        width: request.knownWidth ?? size.width, height: request.knownHeight ?? size.height)
                })
        }
        return LayoutNode(style, measure: measure, children: children)
    }
}
