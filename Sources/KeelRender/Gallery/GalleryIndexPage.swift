/// The catalogue's `index.html`: cases grouped by component with labels, a responsive grid
/// readable on phone-sized and desktop-sized windows, no scripts and no external resources.
package enum GalleryIndexPage {
    /// One image on the page.
    package struct Entry: Hashable, Sendable {
        /// The component.
        package var component: String
        /// The section title.
        package var title: String
        /// The SVG's path relative to the page.
        package var path: String
        /// The case label.
        package var label: String
        /// The theme's display name.
        package var theme: String
        /// The traits' label.
        package var traits: String
        /// The image's size in points.
        package var width: Double
        /// The image's height in points.
        package var height: Double

        /// An entry.
        package init(
            component: String, title: String, path: String, label: String, theme: String, traits: String,
            width: Double, height: Double
        ) {
            self.component = component
            self.title = title
            self.path = path
            self.label = label
            self.theme = theme
            self.traits = traits
            self.width = width
            self.height = height
        }
    }

    /// The page for `entries`, sections in order of first appearance.
    package static func html(entries: [Entry], title: String = "Keel gallery") -> String {
        var order: [String] = []
        var groups: [String: [Entry]] = [:]
        for entry in entries {
            if groups[entry.component] == nil { order.append(entry.component) }
            groups[entry.component, default: []].append(entry)
        }
        func e(_ text: String) -> String { SVGFormat.escape(text) }
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(e(title))</title>
            <style>
            :root { color-scheme: light dark; font-family: "DejaVu Sans", sans-serif; }
            body { margin: 0; padding: 16px; background: #F4F5F7; color: #222; }
            @media (prefers-color-scheme: dark) { body { background: #111214; color: #EEE; } \
            figure { background: #1C1E22 !important; } }
            header { margin-bottom: 16px; }
            h1 { font-size: 1.5rem; margin: 0 0 8px; }
            nav { display: flex; flex-wrap: wrap; gap: 8px; }
            nav a { padding: 4px 10px; border-radius: 999px; background: rgba(127,127,127,.15); \
            color: inherit; text-decoration: none; font-size: .875rem; }
            section { margin-top: 24px; }
            h2 { font-size: 1.25rem; margin: 0 0 12px; }
            .grid { display: grid; gap: 16px; \
            grid-template-columns: repeat(auto-fill, minmax(min(100%, 300px), 1fr)); }
            figure { margin: 0; padding: 8px; border-radius: 12px; background: #FFF; \
            box-shadow: 0 1px 3px rgba(0,0,0,.12); min-width: 0; }
            figure img { display: block; max-width: 100%; height: auto; margin: 0 auto; }
            figcaption { margin-top: 8px; font-size: .8125rem; line-height: 1.4; overflow-wrap: anywhere; }
            figcaption span { display: block; opacity: .7; }
            </style>
            </head>
            <body>
            <header>
            <h1>\(e(title))</h1>
            <p>\(entries.count) cases in \(order.count) sections.</p>
            <nav>\n
            """
        for component in order {
            let title = groups[component]?.first?.title ?? component
            html += "<a href=\"#\(e(component))\">\(e(title)) (\(groups[component]?.count ?? 0))</a>\n"
        }
        html += "</nav>\n</header>\n<main>\n"
        for component in order {
            let items = groups[component] ?? []
            html += "<section id=\"\(e(component))\">\n<h2>\(e(items.first?.title ?? component))</h2>\n"
            html += "<div class=\"grid\">\n"
            for item in items {
                html += "<figure><img src=\"\(e(item.path))\" width=\"\(SVGFormat.number(item.width))\" "
                html += "height=\"\(SVGFormat.number(item.height))\" alt=\"\(e(item.label))\">"
                html += "<figcaption>\(e(item.label))<span>\(e(item.theme)) · \(e(item.traits))</span>"
                html += "</figcaption></figure>\n"
            }
            html += "</div>\n</section>\n"
        }
        return html + "</main>\n</body>\n</html>\n"
    }
}
