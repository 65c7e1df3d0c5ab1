import Foundation
import KeelSupport
import KeelTestSupport
import Testing

@testable import KeelRender

/// Opens the written gallery in headless Chromium and checks that every SVG loads and the
/// page logs no error. Skipped, with the reason recorded, when Chromium is not installed.
@Suite(.serialized, .enabled(if: TestFonts.available, TestFonts.reason), .onOwnThread)
struct HeadlessBrowserTests {
    static let chromium: String? = {
        if let path = ProcessInfo.processInfo.environment["KEEL_CHROMIUM"] { return path }
        return ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Injected into a copy of the page (the shipped page has no script): records resource
    /// load failures, script errors and console errors, then every image's state, in the DOM.
    static let probe = """
        <script>
        window.__keelErrors = [];
        window.addEventListener('error', function (event) {
          var target = event.target;
          window.__keelErrors.push(target && target.src ? 'failed to load ' + target.src : String(event.message));
        }, true);
        var keelConsoleError = console.error;
        console.error = function () {
          window.__keelErrors.push('console.error: ' + Array.prototype.join.call(arguments, ' '));
          keelConsoleError.apply(console, arguments);
        };
        window.addEventListener('load', function () {
          var images = Array.prototype.slice.call(document.images);
          var broken = images.filter(function (image) { return !(image.complete && image.naturalWidth > 0); })
            .map(function (image) { return image.getAttribute('src'); });
          var report = document.createElement('pre');
          report.id = 'keel-check';
          report.textContent = JSON.stringify({ images: images.length, broken: broken, errors: window.__keelErrors });
          document.body.appendChild(report);
        });
        </script>
        """

    struct Report: Decodable {
        var images: Int
        var broken: [String]
        var errors: [String]
    }

    @Test(
        .enabled(
            if: chromium != nil, "chromium is not installed (Debian package chromium); browser check skipped"),
        .enabled(
            if: LongRuns.enabled,
            "a long run (KEEL_LONG_TESTS=1, as .ci/run sets) loads the gallery in Chromium")
    )
    func everySVGLoadsWithoutConsoleErrors() async throws {
        let root = try TestPaths.temporaryDirectory("browser")
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appendingPathComponent("gallery")
        let result = try GalleryWriter(measurer: TestFonts.measurer).write(to: output.path)
        let page = try String(contentsOfFile: result.indexPath, encoding: .utf8)
        let pages = Self.pages(of: page, imagesPerPage: Self.imagesPerPage)
        #expect(pages.count == (result.caseCount + Self.imagesPerPage - 1) / Self.imagesPerPage)

        var images = 0
        for (index, part) in pages.enumerated() {
            let checked = part.replacingOccurrences(of: "<head>\n", with: "<head>\n" + Self.probe + "\n")
            let checkPage = output.appendingPathComponent("check-\(index).html")
            try Data(checked.utf8).write(to: checkPage)
            let report = try await Self.load(checkPage, profile: root.appendingPathComponent("profile"))
            images += report.images
        }
        #expect(images == result.caseCount)
    }

    /// Images per Chromium run. The whole gallery (about 1,800 SVGs) in one page costs three
    /// times the CPU of the same images in pages of a few hundred: Chromium's decoded-image
    /// memory fills and it decodes again. Each page keeps the index's head and structure and only
    /// its own share of the `<img>` elements, so every image is still loaded exactly once.
    static let imagesPerPage = 250

    /// The index page once per share of its images: in page `k`, only images
    /// `k * imagesPerPage ..< (k + 1) * imagesPerPage` (in document order) are left.
    static func pages(of page: String, imagesPerPage: Int) -> [String] {
        var tags: [Range<String.Index>] = []
        var searchStart = page.startIndex
        while let open = page.range(of: "<img ", range: searchStart..<page.endIndex),
            let close = page.range(of: ">", range: open.upperBound..<page.endIndex)
        {
            tags.append(open.lowerBound..<close.upperBound)
            searchStart = close.upperBound
        }
        return stride(from: 0, to: max(tags.count, 1), by: imagesPerPage).map { first in
            let kept = first..<min(first + imagesPerPage, tags.count)
            var text = ""
            var cursor = page.startIndex
            for (index, tag) in tags.enumerated() {
                text += page[cursor..<tag.lowerBound]
                if kept.contains(index) { text += page[tag] }
                cursor = tag.upperBound
            }
            text += page[cursor..<page.endIndex]
            return text
        }
    }

    /// Loads one check page in headless Chromium and expects every image in it loaded and no
    /// page or console error.
    static func load(_ checkPage: URL, profile: URL) async throws -> Report {
        let browser = try await ChildProcess.run(
            URL(fileURLWithPath: try #require(Self.chromium)),
            arguments: [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
                "--user-data-dir=\(profile.path)",
                "--allow-file-access-from-files",
                "--virtual-time-budget=20000", "--enable-logging=stderr", "--v=0", "--dump-dom",
                checkPage.absoluteString,
            ])
        let dom = browser.standardOutput
        let log = browser.standardError

        let start = try #require(
            dom.range(of: "<pre id=\"keel-check\">"), "no report in the DOM; stderr:\n\(log)")
        let end = try #require(dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex))
        let json = String(dom[start.upperBound..<end.lowerBound])
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
        let report = try JSONDecoder().decode(Report.self, from: Data(json.utf8))
        #expect(
            report.broken.isEmpty,
            "images that did not load in \(checkPage.lastPathComponent): \(report.broken)")
        #expect(report.errors.isEmpty, "page errors in \(checkPage.lastPathComponent): \(report.errors)")
        let consoleLines = log.split(separator: "\n").filter { $0.contains(":CONSOLE") }
        #expect(consoleLines.isEmpty, "console output: \(consoleLines)")
        return report
    }

    @Test("Each check page keeps its share of the images, in order, and the rest of the page")
    func pagesSplitTheImages() {
        let page = "<head>\n</head><p>a</p><img src=\"1\"><img src=\"2\"><b>x</b><img src=\"3\"></body>"
        let pages = Self.pages(of: page, imagesPerPage: 2)
        #expect(
            pages == [
                "<head>\n</head><p>a</p><img src=\"1\"><img src=\"2\"><b>x</b></body>",
                "<head>\n</head><p>a</p><b>x</b><img src=\"3\"></body>",
            ])
        #expect(Self.pages(of: "<p>no images</p>", imagesPerPage: 2) == ["<p>no images</p>"])
    }
}
