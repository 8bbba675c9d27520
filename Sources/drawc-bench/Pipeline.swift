import DrawBase
import DrawDiagnostics
import DrawResources
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
/// alone: DrawKit's `StageDriver`, the same driver `compile` and the tests use. Each
/// `…Only` runs its stage on the previous stages' kept result and returns a number derived
/// from the output, so the optimiser cannot drop the work.
final class Pipeline {
    private let driver: StageDriver
    private(set) var errorCount = 0

    /// `files`: what the drawing reads (by the path it resolves them to), served from memory.
    init(source bytes: [UInt8], path: String, files: [String: [UInt8]] = [:]) {
        // The standard 14 fonts only and files from memory: workloads measure the compiler, not the disk.
        driver = StageDriver(source: bytes, path: path, resources: Resources(reader: MemoryReader(files)), fonts: FontResolver())
    }

    var source: SourceFile { driver.source }

    /// Layout records the statement of every item (the preview's spans).
    var recordSources: Bool {
        get { driver.recordSources }
        set { driver.recordSources = newValue }
    }

    enum Result { case syntaxTree, nodeTree, scene }

    /// Frees one stage's cached result (untimed, between runs of that stage).
    func drop(_ result: Result) {
        switch result {
        case .syntaxTree: driver.drop(.syntaxTree)
        case .nodeTree: driver.drop(.drawing)
        case .scene: driver.drop(.document)
        }
    }

    func parseOnly() -> Int {
        errorCount = driver.parse()
        return driver.syntaxTree!.statements.count
    }

    func evaluateOnly() -> Int {
        errorCount += driver.evaluate()
        return driver.drawing!.pages.count
    }

    func layoutOnly() -> Int {
        errorCount += driver.layOut()
        return driver.document!.pages.count
    }

    private var laidOut: Scene.Document {
        if driver.document == nil { _ = layoutOnly() }
        return driver.document!
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
