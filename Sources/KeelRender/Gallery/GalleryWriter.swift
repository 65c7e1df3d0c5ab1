import Foundation

/// What writing a gallery produced.
package struct GalleryWriteResult: Sendable {
    /// The path of `index.html`.
    package var indexPath: String
    /// The number of cases written.
    package var caseCount: Int
    /// Text that overflowed its frame, by case identifier (empty when everything fits).
    package var overflows: [String: [String]]
}

/// Writes a catalogue as `index.html` plus `cases/<id>.svg`, all or nothing: everything is
/// rendered into a temporary folder beside the output, which then replaces the output in
/// one rename. An existing output folder is replaced only when it is empty or a gallery
/// Keel wrote before (it holds the ``markerFileName`` file).
package struct GalleryWriter: Sendable {
    /// The file that marks a folder as a Keel gallery.
    package static let markerFileName = ".keel-gallery"

    /// The catalogue.
    package var catalogue: GalleryCatalogue
    /// The text measurer.
    package var measurer: FontMetricsMeasurer

    /// A writer.
    package init(
        catalogue: GalleryCatalogue = GalleryCatalogue(),
        measurer: FontMetricsMeasurer = FontMetricsMeasurer()
    ) {
        self.catalogue = catalogue
        self.measurer = measurer
    }

    /// Renders every case (or only `component`'s) into `output`; `progress` is called after
    /// each case with the number done, the total and the case. Throws ``GalleryError``.
    package func write(
        to output: String, only component: String? = nil,
        progress: (_ done: Int, _ total: Int, _ item: GalleryCase) -> Void = { _, _, _ in }
    ) throws -> GalleryWriteResult {
        let manager = FileManager.default
        let outputURL = URL(fileURLWithPath: output).standardizedFileURL
        let cases = try catalogue.cases(only: component)
        try Self.checkReplaceable(outputURL)

        let parent = outputURL.deletingLastPathComponent()
        let name = outputURL.lastPathComponent
        let pid = ProcessInfo.processInfo.processIdentifier
        let temporary = parent.appendingPathComponent(".\(name).tmp-\(pid)")
        let casesFolder = temporary.appendingPathComponent("cases")
        try? manager.removeItem(at: temporary)
        do {
            try manager.createDirectory(at: casesFolder, withIntermediateDirectories: true)
        } catch {
            throw GalleryError.writeFailed(path: temporary.path, reason: error.localizedDescription)
        }
        var succeeded = false
        defer { if !succeeded { try? manager.removeItem(at: temporary) } }

        var entries: [GalleryIndexPage.Entry] = []
        var overflows: [String: [String]] = [:]
        // Rendered in parallel a batch at a time; written and reported in catalogue order.
        let batchSize = max(1, ProcessInfo.processInfo.activeProcessorCount) * 32
        var index = 0
        for batchStart in stride(from: 0, to: cases.count, by: batchSize) {
            let batch = Array(cases[batchStart..<min(cases.count, batchStart + batchSize)])
            for (item, rendered) in zip(batch, GalleryCatalogue.render(batch, measurer: measurer)) {
                try Self.write(rendered.svg, to: casesFolder.appendingPathComponent("\(rendered.id).svg"))
                if !rendered.overflows.isEmpty { overflows[rendered.id] = rendered.overflows }
                entries.append(
                    GalleryIndexPage.Entry(
                        component: item.component, title: catalogue.title(of: item.component),
                        path: "cases/\(rendered.id).svg", label: item.label, theme: item.theme.displayName,
                        traits: item.traits.label, width: rendered.document.width,
                        height: rendered.document.height))
                index += 1
                progress(index, cases.count, item)
            }
        }
        try Self.write(
            GalleryIndexPage.html(entries: entries), to: temporary.appendingPathComponent("index.html"))
        try Self.write("keel gallery\n", to: temporary.appendingPathComponent(Self.markerFileName))

        // Swap the finished folder into place; the old one is removed only afterwards.
        let old = parent.appendingPathComponent(".\(name).old-\(pid)")
        let hadOutput = manager.fileExists(atPath: outputURL.path)
        do {
            if hadOutput { try manager.moveItem(at: outputURL, to: old) }
            do {
                try manager.moveItem(at: temporary, to: outputURL)
            } catch {
                if hadOutput { try? manager.moveItem(at: old, to: outputURL) }
                throw error
            }
        } catch {
            throw GalleryError.writeFailed(path: outputURL.path, reason: error.localizedDescription)
        }
        succeeded = true
        if hadOutput { try? manager.removeItem(at: old) }
        return GalleryWriteResult(
            indexPath: outputURL.appendingPathComponent("index.html").path, caseCount: cases.count,
            overflows: overflows)
    }

    /// Throws unless `output` is absent, an empty folder or a gallery `keel` wrote; `list`
    /// reads a folder's names (a seam for the tests: root can list any folder).
    static func checkReplaceable(
        _ output: URL,
        list: (String) throws -> [String] = { try FileManager.default.contentsOfDirectory(atPath: $0) }
    ) throws {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: output.path, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else { throw GalleryError.outputNotAGallery(output.path) }
        // A folder that cannot be listed is not known to be empty: treating it as replaceable
        // used to hide a user's unreadable folder under `.<name>.old-<pid>` and report success.
        let contents: [String]
        do {
            contents = try list(output.path)
        } catch {
            throw GalleryError.writeFailed(
                path: output.path,
                reason:
                    "cannot list the existing folder to check it is a gallery: \(error.localizedDescription)")
        }
        guard contents.isEmpty || contents.contains(markerFileName) else {
            throw GalleryError.outputNotAGallery(output.path)
        }
    }

    static func write(_ text: String, to url: URL) throws {
        do {
            try Data(text.utf8).write(to: url)
        } catch {
            throw GalleryError.writeFailed(path: url.path, reason: error.localizedDescription)
        }
    }
}
