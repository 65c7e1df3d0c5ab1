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
        let checked = page.replacingOccurrences(of: "<head>\n", with: "<head>\n" + Self.probe + "\n")
        let checkPage = output.appendingPathComponent("check.html")
        try Data(checked.utf8).write(to: checkPage)

        let browser = try await ChildProcess.run(
            URL(fileURLWithPath: try #require(Self.chromium)),
            arguments: [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
                "--user-data-dir=\(root.appendingPathComponent("profile").path)",
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
        #expect(report.images == result.caseCount)
        #expect(report.broken.isEmpty, "images that did not load: \(report.broken)")
        #expect(report.errors.isEmpty, "page errors: \(report.errors)")
        let consoleLines = log.split(separator: "\n").filter { $0.contains(":CONSOLE") }
        #expect(consoleLines.isEmpty, "console output: \(consoleLines)")
    }
}
