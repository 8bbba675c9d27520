import DrawDiagnostics
import DrawKit
import DrawLayout
import DrawScene
import DrawSemantics
import DrawSyntax
import Foundation
import PDFBackend
import PSBackend
import SVGBackend

/// The compiler's stages, called one at a time on the same source so each can be timed
/// alone. Each `…Only` runs its stage on the previous stages' cached result and returns a
/// number derived from the output, so the optimiser cannot drop the work.
final class Pipeline {
    let source: SourceFile
    private(set) var errorCount = 0
    private var file: File?
    private var drawing: Drawing?
    private var document: Scene.Document?

    /// Files the drawing reads (by the path it resolves them to), served from memory.
    let files: [String: [UInt8]]

    init(source bytes: [UInt8], path: String, files: [String: [UInt8]] = [:]) {
        source = SourceFile(id: FileID(0), path: path, bytes: bytes)
        self.files = files
    }

    enum Result { case syntaxTree, nodeTree, scene }

    /// Frees one stage's cached result (untimed, between runs of that stage).
    func drop(_ result: Result) {
        switch result {
        case .syntaxTree: file = nil
        case .nodeTree: drawing = nil
        case .scene: document = nil
        }
    }

    func parseOnly() -> Int {
        let (file, diagnostics) = parse(source)
        self.file = file
        errorCount = diagnostics.filter { $0.severity == .error }.count
        return file.statements.count
    }

    func evaluateOnly() -> Int {
        if file == nil { _ = parseOnly() }
        var sources = SourceManager()
        sources.add(path: source.path, bytes: source.bytes)
        let evaluator = Evaluator(resources: Resources(reader: MemoryReader(files)))
        let (drawing, diagnostics) = evaluator.evaluate(file!, sources: &sources)
        self.drawing = drawing
        errorCount += diagnostics.filter { $0.severity == .error }.count
        return drawing.pages.count
    }

    func layoutOnly() -> Int {
        if drawing == nil { _ = evaluateOnly() }
        let (document, diagnostics) = layout(drawing!)
        self.document = document
        errorCount += diagnostics.filter { $0.severity == .error }.count
        return document.pages.count
    }

    private var laidOut: Scene.Document {
        if document == nil { _ = layoutOnly() }
        return document!
    }

    func svgOnly() -> Int { SVGWriter.render(laidOut).reduce(0) { $0 + $1.count } }
    func pdfOnly() -> Int { PDFWriter.render(laidOut, options: PDFOptions(compress: true, sourceDateEpoch: nil)).count }
    func psOnly() -> Int { PSWriter.render(laidOut, encapsulated: false).count }

    /// The whole compile, file to file through DrawKit, with the same calls as `drawc compile`
    /// (DrawKit's reader and atomic writer); returns the output's size in bytes.
    static func compileFile(_ input: String, to output: String, format: String) -> Int {
        guard let source = try? SourceInput.read(path: input) else { return 0 }
        let result = compile(source: source, path: input, format: OutputFormat(rawValue: format) ?? .pdf)
        guard result.succeeded, (try? OutputWriter.write(result, to: output)) != nil else { return 0 }
        return result.outputs.reduce(0) { $0 + $1.bytes.count }
    }
}
