import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// One browser-generated conformance test: an input tree of styled elements and the frames
/// a browser gave every node.
struct Fixture: Sendable {
    /// An input element: `div` or `text`, its attributes and, for text, its glyphs.
    struct Element: Sendable {
        var tag: String
        var attributes: [String: String]
        var text: String
        var children: [Element]
    }

    /// An expected frame and the frames of the children.
    struct Expected: Sendable {
        var x: Double
        var y: Double
        var width: Double
        var height: Double
        var children: [Expected]
    }

    var fileName: String
    var useRounding: Bool
    var viewportWidth: String
    var viewportHeight: String
    var input: Element
    var expected: Expected
    /// The raw XML, for subset classification.
    var source: String

    /// The file name without the `__border_box_ltr`-style variant suffix.
    var baseName: String {
        let stem = fileName.replacingOccurrences(of: ".xml", with: "")
        return stem.components(separatedBy: "__").first ?? stem
    }
}

enum FixtureError: Error, CustomStringConvertible {
    case unreadable(String)
    case malformed(String, String)

    var description: String {
        switch self {
        case .unreadable(let file): return "cannot read \(file)"
        case .malformed(let file, let why): return "\(file): \(why)"
        }
    }
}

/// Parses fixture XML with Foundation's `XMLParser` (FoundationXML on Linux).
final class FixtureParser: NSObject, XMLParserDelegate {
    private var section = ""
    private var useRounding = true
    private var viewport: (String, String) = ("max-content", "max-content")
    private var elementStack: [Fixture.Element] = []
    private var expectedStack: [Fixture.Expected] = []
    private var input: Fixture.Element?
    private var expected: Fixture.Expected?

    static func parse(data: Data, fileName: String) throws -> Fixture {
        let delegate = FixtureParser()
        let parser = XMLParser(data: data)
        parser.delegate = delegate
        guard parser.parse() else {
            throw FixtureError.malformed(fileName, parser.parserError.map { "\($0)" } ?? "parse error")
        }
        guard let input = delegate.input, let expected = delegate.expected else {
            throw FixtureError.malformed(fileName, "missing <input> or <expectations>")
        }
        return Fixture(
            fileName: fileName, useRounding: delegate.useRounding, viewportWidth: delegate.viewport.0,
            viewportHeight: delegate.viewport.1,
            input: input, expected: expected, source: String(decoding: data, as: UTF8.self))
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        switch elementName {
        case "test":
            useRounding = attributeDict["use-rounding"] != "false"
        case "viewport":
            viewport = (attributeDict["width"] ?? "max-content", attributeDict["height"] ?? "max-content")
        case "input", "expectations":
            section = elementName
        case "div", "text":
            elementStack.append(
                Fixture.Element(tag: elementName, attributes: attributeDict, text: "", children: []))
        case "node":
            func number(_ key: String) -> Double { Double(attributeDict[key] ?? "") ?? .nan }
            expectedStack.append(
                Fixture.Expected(
                    x: number("x"), y: number("y"), width: number("width"), height: number("height"),
                    children: []))
        default:
            break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard section == "input", !elementStack.isEmpty else { return }
        elementStack[elementStack.count - 1].text += string
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?
    ) {
        switch elementName {
        case "div", "text":
            guard let element = elementStack.popLast() else { return }
            if elementStack.isEmpty {
                input = element
            } else {
                elementStack[elementStack.count - 1].children.append(element)
            }
        case "node":
            guard let node = expectedStack.popLast() else { return }
            if expectedStack.isEmpty {
                expected = node
            } else {
                expectedStack[expectedStack.count - 1].children.append(node)
            }
        default:
            break
        }
    }
}

/// Loads the vendored fixtures once per test process.
enum FixtureLibrary {
    /// The folder holding the XML files: the test bundle's resources, or the source tree.
    static let directory: URL = {
        if let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil) {
            return url.appendingPathComponent("taffy-flex")
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/taffy-flex")
    }()

    /// Every fixture, sorted by file name, or the error that stopped loading.
    static let all: Result<[Fixture], FixtureError> = load(directory)

    /// The grid fixtures' folder (`grid/` and `gridflex/` inside it).
    static let gridDirectory: URL = directory.deletingLastPathComponent().appendingPathComponent("taffy-grid")

    /// The grid fixtures by folder (`grid`, `gridflex`).
    static let grid: Result<[(folder: String, fixtures: [Fixture])], FixtureError> = {
        var folders: [(folder: String, fixtures: [Fixture])] = []
        for folder in ["grid", "gridflex"] {
            switch load(gridDirectory.appendingPathComponent(folder)) {
            case .success(let fixtures): folders.append((folder, fixtures))
            case .failure(let error): return .failure(error)
            }
        }
        return .success(folders)
    }()

    /// Every fixture in `directory`, sorted by file name, or the error that stopped loading.
    static func load(_ directory: URL) -> Result<[Fixture], FixtureError> {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .filter { $0.hasSuffix(".xml") }.sorted()
        } catch {
            return .failure(.unreadable(directory.path))
        }
        var fixtures: [Fixture] = []
        fixtures.reserveCapacity(names.count)
        for name in names {
            guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path)
            else { return .failure(.unreadable(name)) }
            do {
                fixtures.append(try FixtureParser.parse(data: data, fileName: name))
            } catch let error as FixtureError {
                return .failure(error)
            } catch {
                return .failure(.malformed(name, "\(error)"))
            }
        }
        return .success(fixtures)
    }
}
