import DrawDiagnostics
import DrawLayout
import DrawScene
import DrawSyntax
import PDFBackend
import SVGBackend

/// The calls into the stages behind the parser, each in one place. A stage that has not
/// landed yet reports `driver.stage-unavailable` instead of producing output.
enum Stages {
    static let evaluationAvailable = false

    static func unavailable(_ stage: String) -> Diagnostic {
        Diagnostic.error("driver.stage-unavailable", at: .unknown, "the \(stage) stage is not part of this build yet")
    }

    /// Evaluation (DrawSemantics) then layout (DrawLayout).
    static func evaluateAndLayOut(
        _ file: File, sources: inout SourceManager, options: CompileOptions, diagnostics: inout [Diagnostic]
    ) -> Scene.Document? {
        diagnostics.append(unavailable("evaluation"))
        return nil
    }

    static func dumpIR(_ document: Scene.Document, diagnostics: inout [Diagnostic]) -> String? {
        DrawLayout.dumpIR(document)
    }

    static func renderPDF(_ document: Scene.Document, options: CompileOptions, diagnostics: inout [Diagnostic]) -> [UInt8]? {
        PDFWriter.render(document, options: PDFOptions(compress: options.compressPDF, sourceDateEpoch: options.sourceDateEpoch))
    }

    static func renderPS(_ document: Scene.Document, encapsulated: Bool, diagnostics: inout [Diagnostic]) -> [UInt8]? {
        diagnostics.append(unavailable("PostScript"))
        return nil
    }

    static func renderSVG(_ document: Scene.Document, diagnostics: inout [Diagnostic]) -> [[UInt8]]? {
        SVGWriter.render(document)
    }
}
