// `drawc markdown`: a Markdown text with its ```draw blocks replaced by their pictures and
// every other byte as it was. Each block is compiled as if it were the Markdown file itself
// (`MarkdownFences.drawingSource`), so relative imports, data and images are found from the
// Markdown file's folder and diagnostics point at lines and columns of the Markdown file.

import DrawDiagnostics
import DrawKit

/// What one Markdown text became.
package struct MarkdownResult: Sendable {
    /// The Markdown with its draw blocks replaced (with `checkOnly`, the text unchanged).
    package var text: [UInt8]
    /// The image files its links name (with `--images`), each once.
    package var images: [ImageFile] = []
    /// The diagnostics of each block that has any, in document order.
    package var reports: [DiagnosticReport] = []
    /// Every file the drawings read (imports, data, images, fonts).
    package var filesRead: [String] = []
    /// How many draw blocks there were.
    package var drawingCount = 0
    package var hasErrors: Bool { reports.contains { $0.hasErrors } }
}

package enum MarkdownDrawings {
    /// Replaces every draw block of `text` (the file at `path`) by its picture.
    package static func process(_ text: [UInt8], path: String, settings: EmbedSettings) -> MarkdownResult {
        let fences = MarkdownFences.drawBlocks(in: text)
        var result = MarkdownResult(text: [])
        result.drawingCount = fences.count
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var copied = 0
        var failed = false
        for (index, fence) in fences.enumerated() {
            // The fence line's options, with spans in the Markdown file.
            var sources = SourceManager()
            let file = sources.add(path: path, bytes: text)
            var optionDiagnostics: [Diagnostic] = []
            let options = DrawingOptions.parse(DrawingOptions.words(text[fence.info], file: file), diagnostics: &optionDiagnostics)
            if !optionDiagnostics.isEmpty {
                result.reports.append(DiagnosticReport(optionDiagnostics, sources: sources))
            }
            let drawing = Drawings.compile(
                source: MarkdownFences.drawingSource(text, fence), path: path, options: options, settings: settings,
                idPrefix: Drawings.idPrefix(content: text[fence.content], index: index + 1))
            if !drawing.report.diagnostics.isEmpty { result.reports.append(drawing.report) }
            result.filesRead += drawing.filesRead.filter { !result.filesRead.contains($0) }
            if drawing.hasErrors || !optionDiagnostics.isEmpty { failed = true }
            guard !failed, !settings.checkOnly else { continue }
            let markup: [UInt8]
            if let folder = settings.imageLinkFolder {
                let linked = Drawings.linkedImages(drawing, options: options, folder: folder)
                markup = linked.markup
                for image in linked.files where !result.images.contains(image) { result.images.append(image) }
            } else {
                markup = Drawings.inlineHTML(drawing, options: options)
            }
            out += text[copied..<fence.block.lowerBound]
            out += indented(markup, by: fence.indent)
            // An HTML block or a paragraph goes on to the next blank line: keep what follows apart.
            if fence.block.upperBound < text.count, !startsWithBlankLine(text, at: fence.block.upperBound) {
                out.append(0x0A)
            }
            copied = fence.block.upperBound
        }
        if failed || settings.checkOnly {
            result.text = text
            result.images = []
        } else {
            out += text[copied...]
            result.text = out
        }
        return result
    }

    static func indented(_ markup: [UInt8], by indent: Int) -> [UInt8] {
        guard indent > 0 else { return markup }
        var out: [UInt8] = []
        var atLineStart = true
        for byte in markup {
            if atLineStart, byte != 0x0A { out += [UInt8](repeating: 0x20, count: indent) }
            out.append(byte)
            atLineStart = byte == 0x0A
        }
        return out
    }

    static func startsWithBlankLine(_ text: [UInt8], at index: Int) -> Bool {
        var i = index
        while i < text.count, text[i] == 0x20 || text[i] == 0x09 || text[i] == 0x0D { i += 1 }
        return i == text.count || text[i] == 0x0A
    }
}
