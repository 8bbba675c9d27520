// `drawc pandoc-filter`: a pandoc JSON filter (pandoc's manual, "Filters"). pandoc runs
// `drawc pandoc-filter FORMAT` with its document (the AST as JSON: `pandoc-api-version`,
// `meta`, `blocks`) on standard input and reads the changed document on standard output.
// Every `CodeBlock` with the class `draw` is replaced: for HTML-like outputs by a `RawBlock`
// "html" holding the inline SVG, for every other output by a paragraph with an `Image` of a
// file written into an images folder (PDF for LaTeX, beamer and ConTeXt, PNG otherwise).
// The block's attributes are the fence options (```{.draw width=300 alt="…"}). Everything
// else is written back as it was read. The JSON is the project's one reader and writer.

import DrawDiagnostics
import DrawKit
import DrawOutput

package enum PandocFilter {
    /// Outputs that carry raw HTML: the drawing goes in as inline SVG.
    static let htmlFormats = ["html", "html4", "html5", "epub", "epub2", "epub3", "revealjs", "s5", "slidy", "slideous",
                              "dzslides", "markdown", "markdown_strict", "markdown_phpextra", "markdown_github",
                              "markdown_mmd", "gfm", "commonmark", "commonmark_x"]
    /// Outputs that take PDF images.
    static let pdfFormats = ["latex", "beamer", "context"]

    /// How `format` (pandoc's first argument to the filter) shows a drawing: inline, or an
    /// image file of which format.
    package static func picture(for format: String) -> PictureFormat? {
        let base = String(format.prefix { $0 != "+" && $0 != "-" })
        if htmlFormats.contains(base) { return nil }
        return pdfFormats.contains(base) ? .pdf : .png
    }

    package struct Result: Sendable {
        /// The document's JSON, or nil when the input is not a pandoc document.
        package var document: [UInt8]?
        package var images: [ImageFile] = []
        package var reports: [DiagnosticReport] = []
        package var hasErrors: Bool { document == nil || reports.contains { $0.hasErrors } }
    }

    /// Replaces the draw code blocks of the pandoc JSON `input` for output `format`; images
    /// are linked as `imageFolder/NAME`.
    package static func run(_ input: [UInt8], format: String, imageFolder: String, settings: EmbedSettings) -> Result {
        guard let document = JSON.parse(input), document["blocks"]?.array != nil else { return Result(document: nil) }
        var state = State(format: picture(for: format), imageFolder: imageFolder, settings: settings)
        let replaced = state.rewrite(document)
        return Result(document: replaced.bytes, images: state.images, reports: state.reports)
    }

    struct State {
        let format: PictureFormat?
        let imageFolder: String
        let settings: EmbedSettings
        var images: [ImageFile] = []
        var reports: [DiagnosticReport] = []
        var count = 0

        mutating func rewrite(_ value: JSON) -> JSON {
            switch value {
            case .object(let members):
                if value["t"]?.string == "CodeBlock", let replaced = drawing(value) { return replaced }
                return .object(members.map { ($0.0, rewrite($0.1)) })
            case .array(let items):
                return .array(items.map { rewrite($0) })
            case .null, .bool, .number, .string:
                return value
            }
        }

        /// `{"t":"CodeBlock","c":[[id,[classes],[[key,value]…]],text]}` with the class draw,
        /// replaced; nil for other code blocks.
        mutating func drawing(_ block: JSON) -> JSON? {
            guard let content = block["c"], let attributes = content[0], let text = content[1]?.string,
                  let classes = attributes[1]?.array, classes.contains(.string(MarkdownFences.language)) else { return nil }
            count += 1
            let path = "<draw block \(count)>"
            var sources = SourceManager()
            _ = sources.add(path: path, bytes: Array(text.utf8))
            let written = (attributes[2]?.array ?? []).compactMap { pair -> WrittenOption? in
                guard let key = pair[0]?.string, let value = pair[1]?.string else { return nil }
                return WrittenOption(name: key, value: value)
            }
            var diagnostics: [Diagnostic] = []
            var options = DrawingOptions.parse(written, diagnostics: &diagnostics)
            if !diagnostics.isEmpty { reports.append(DiagnosticReport(diagnostics, sources: sources)) }
            if let format { options.format = format }
            let compiled = Drawings.compile(source: Array(text.utf8), path: path, options: options, settings: settings,
                                            idPrefix: Drawings.idPrefix(content: Array(text.utf8)[...], index: count))
            if !compiled.report.diagnostics.isEmpty { reports.append(compiled.report) }
            guard !compiled.hasErrors, diagnostics.isEmpty else { return block }
            guard format != nil else {
                let html = String(decoding: Drawings.inlineHTML(compiled, options: options), as: UTF8.self)
                return .object([("t", "RawBlock"), ("c", .array(["html", .string(html)]))])
            }
            var inlines: [JSON] = []
            for page in compiled.pages {
                let file = Drawings.imageFile(page, format: compiled.format)
                if !images.contains(file) { images.append(file) }
                let link = imageFolder.isEmpty ? file.name : imageFolder + "/" + file.name
                let alt = (options.alt ?? "").split(separator: " ").enumerated().flatMap { index, word -> [JSON] in
                    (index > 0 ? [.object([("t", "Space")])] : []) + [.object([("t", "Str"), ("c", .string(String(word)))])]
                }
                let size: [JSON] = options.width.map { [.array(["width", .string(NumberFormat.string($0) + "px")])] } ?? []
                inlines.append(.object([("t", "Image"), ("c", .array([.array(["", .array([]), .array(size)]), .array(alt),
                                                                       .array([.string(link), ""])]))]))
            }
            return .object([("t", "Para"), ("c", .array(inlines))])
        }
    }
}
