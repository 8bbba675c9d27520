// One drawing made into a picture for a document: compiled through DrawKit, then written as
// inline HTML (SVG, or PNG as a data: URL) or as an image file named by its content's hash.
// Shared by `drawc markdown`, `drawc mdbook` and `drawc pandoc-filter`.

import DrawDiagnostics
import DrawKit
import DrawOutput
import PDFBackend

/// An image file a document links to: its name (the hash of its bytes and the format's
/// extension) and its bytes. Two identical pictures are one file.
package struct ImageFile: Sendable, Equatable {
    package var name: String
    package var bytes: [UInt8]
}

/// How the drawings of one run become pictures.
package struct EmbedSettings: Sendable {
    /// Fonts, sandbox, PNG resolution: as for `drawc compile`.
    package var compile: CompileOptions
    /// With `--images DIR`: the folder as the document's links name it; nil: pictures inline.
    package var imageLinkFolder: String?
    /// `--check`: report problems, make nothing.
    package var checkOnly: Bool

    package init(compile: CompileOptions = CompileOptions(), imageLinkFolder: String? = nil, checkOnly: Bool = false) {
        self.compile = compile
        self.imageLinkFolder = imageLinkFolder
        self.checkOnly = checkOnly
    }
}

/// One drawing, compiled: a page's bytes each (none when it has errors).
package struct CompiledDrawing: Sendable {
    package var pages: [[UInt8]]
    package var format: PictureFormat
    package var report: DiagnosticReport
    package var filesRead: [String]
    package var hasErrors: Bool { report.hasErrors || pages.isEmpty }
}

package enum Drawings {
    /// The SVG id prefix of a drawing: `d`, eight hex digits of its text's MD5 and its index
    /// in the document, so that drawings of one page never share an id or class name, and the
    /// same drawing keeps its ids from run to run.
    package static func idPrefix(content: ArraySlice<UInt8>, index: Int) -> String {
        "d" + hex(md5(Array(content))).prefix(8) + String(index) + "-"
    }

    /// Compiles `source` (read as the file at `path`: relative imports, data and images are
    /// found from its folder) to the pictures `options` ask for. A drawing of several pages
    /// as inline SVG is compiled once per page, each with its own id prefix (`…p2-`).
    package static func compile(source: [UInt8], path: String, options: DrawingOptions, settings: EmbedSettings,
                                idPrefix: String) -> CompiledDrawing {
        var compileOptions = settings.compile
        compileOptions.title = options.alt ?? ""
        compileOptions.svgIDPrefix = idPrefix
        if settings.checkOnly {
            let result = check(source: source, path: path, options: compileOptions)
            return CompiledDrawing(pages: result.hasErrors ? [] : [[]], format: options.format, report: result.report, filesRead: [])
        }
        let format: OutputFormat =
            switch options.format {
            case .svg: .svg
            case .png: .png
            case .pdf: .pdf
            }
        let first = DrawKit.compile(source: source, path: path, format: format, options: compileOptions)
        guard first.succeeded else {
            return CompiledDrawing(pages: [], format: options.format, report: first.report, filesRead: first.filesRead)
        }
        var pages = first.outputs.map(\.bytes)
        if format == .svg, pages.count > 1 {
            for page in 2...pages.count {
                compileOptions.svgIDPrefix = idPrefix + "p\(page)-"
                let again = DrawKit.compile(source: source, path: path, format: format, options: compileOptions)
                if again.outputs.count == pages.count { pages[page - 1] = again.outputs[page - 1].bytes }
            }
        }
        return CompiledDrawing(pages: pages, format: options.format, report: first.report, filesRead: first.filesRead)
    }

    /// The pictures as one HTML block: `<div class="drawc">`, each page's SVG (without its XML
    /// declaration, sized to `width` when given) or `<img>` with a PNG data: URL, `</div>`.
    /// No blank line inside, so Markdown keeps it one HTML block.
    package static func inlineHTML(_ drawing: CompiledDrawing, options: DrawingOptions) -> [UInt8] {
        var out = ByteBuffer()
        out.append(static: "<div class=\"drawc\">\n")
        for page in drawing.pages {
            switch drawing.format {
            case .svg:
                var svg = withoutXMLDeclaration(page)
                if let width = options.width { svg = sized(svg, width: width) }
                out.append(svg)
                if svg.last != 0x0A { out.append(0x0A) }
            case .png, .pdf:
                out.append(static: "<img src=\"data:image/")
                out.append(drawing.format.rawValue)
                out.append(static: ";base64,")
                out.appendBase64(page)
                out.append(static: "\"")
                appendImgAttributes(&out, options: options)
                out.append(static: ">\n")
            }
        }
        out.append(static: "</div>\n")
        return out.take()
    }

    /// The pictures as image files and the Markdown that shows them: `![alt](DIR/HASH.svg)`,
    /// or `<img src=… alt=… width=…>` when a width is asked for (Markdown has no width).
    package static func linkedImages(_ drawing: CompiledDrawing, options: DrawingOptions, folder: String) -> (markup: [UInt8], files: [ImageFile]) {
        var out = ByteBuffer()
        var files: [ImageFile] = []
        for page in drawing.pages {
            let file = imageFile(page, format: drawing.format)
            files.append(file)
            let link = folder.isEmpty ? file.name : folder.hasSuffix("/") ? folder + file.name : folder + "/" + file.name
            if options.width != nil {
                out.append(static: "<img src=\"")
                out.appendXMLEscaped(link)
                out.append(static: "\"")
                appendImgAttributes(&out, options: options)
                out.append(static: ">\n")
            } else {
                out.append(static: "![")
                for scalar in (options.alt ?? "").unicodeScalars {
                    if scalar == "[" || scalar == "]" || scalar == "\\" { out.append(UInt8(ascii: "\\")) }
                    if scalar == "\n" { out.append(0x20) } else { out.appendUTF8(scalar) }
                }
                out.append(static: "](")
                out.append(link.contains(" ") || link.contains("(") || link.contains(")") ? "<" + link + ">" : link)
                out.append(static: ")\n")
            }
        }
        return (out.take(), files)
    }

    /// A picture's file: its name is 16 hex digits of the MD5 of its bytes.
    package static func imageFile(_ bytes: [UInt8], format: PictureFormat) -> ImageFile {
        ImageFile(name: String(hex(md5(bytes)).prefix(16)) + "." + format.rawValue, bytes: bytes)
    }

    static func appendImgAttributes(_ out: inout ByteBuffer, options: DrawingOptions) {
        out.append(static: " alt=\"")
        out.appendXMLEscaped(options.alt ?? "")
        out.append(static: "\"")
        if let width = options.width {
            out.append(static: " width=\"")
            out.append(number: width)
            out.append(static: "\"")
        }
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for byte in bytes { out += [digits[Int(byte >> 4)], digits[Int(byte & 15)]] }
        return String(decoding: out, as: UTF8.self)
    }

    /// The SVG without its `<?xml …?>` line (not allowed inside HTML).
    static func withoutXMLDeclaration(_ svg: [UInt8]) -> [UInt8] {
        guard svg.starts(with: Array("<?xml".utf8)), let end = svg.firstIndex(of: 0x0A) else { return svg }
        return Array(svg[(end + 1)...])
    }

    /// The SVG with its root's width and height set to `width` CSS pixels and the height that
    /// keeps the viewBox's proportions.
    static func sized(_ svg: [UInt8], width: Double) -> [UInt8] {
        guard let open = find(Array("<svg ".utf8), in: svg, from: 0), let close = svg[open...].firstIndex(of: UInt8(ascii: ">")) else {
            return svg
        }
        var tag = Array(svg[open..<close])
        guard let viewBox = attribute("viewBox", in: tag) else { return svg }
        let numbers = viewBox.split(separator: " ").compactMap { Double($0) }
        guard numbers.count == 4, numbers[2] > 0 else { return svg }
        let height = width * numbers[3] / numbers[2]
        tag = replacingAttribute("width", in: tag, with: NumberFormat.string(width))
        tag = replacingAttribute("height", in: tag, with: NumberFormat.string(height))
        return Array(svg[..<open]) + tag + Array(svg[close...])
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        var index = start
        while index + needle.count <= haystack.count {
            if haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// The value of ` name="…"` in a start tag.
    static func attribute(_ name: String, in tag: [UInt8]) -> String? {
        guard let start = find(Array(" \(name)=\"".utf8), in: tag, from: 0) else { return nil }
        let valueStart = start + name.utf8.count + 3
        guard let end = tag[valueStart...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        return String(decoding: tag[valueStart..<end], as: UTF8.self)
    }

    static func replacingAttribute(_ name: String, in tag: [UInt8], with value: String) -> [UInt8] {
        guard let start = find(Array(" \(name)=\"".utf8), in: tag, from: 0) else { return tag }
        let valueStart = start + name.utf8.count + 3
        guard let end = tag[valueStart...].firstIndex(of: UInt8(ascii: "\"")) else { return tag }
        return Array(tag[..<valueStart]) + Array(value.utf8) + Array(tag[end...])
    }
}
