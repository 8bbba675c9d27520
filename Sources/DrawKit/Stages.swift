import DrawDiagnostics
import DrawFonts
import DrawLayout
import DrawScene
import DrawSemantics
import DrawSyntax
import PDFBackend
import PSBackend
import SVGBackend

/// The calls into the stages behind the parser, each in one place.
enum Stages {
    static let evaluationAvailable = true

    /// Evaluation (DrawSemantics) then layout (DrawLayout). Layout runs only on an
    /// error-free evaluation, so a mistake is reported once.
    static func evaluateAndLayOut(
        _ file: File, sources: inout SourceManager, options: CompileOptions, diagnostics: inout [Diagnostic]
    ) -> Scene.Document? {
        let evaluator = Evaluator(loadFile: { path in try? SourceInput.read(path: path) })
        let (drawing, evaluationDiagnostics) = evaluator.evaluate(file, sources: &sources)
        diagnostics += evaluationDiagnostics
        if evaluationDiagnostics.contains(where: { $0.severity == .error }) { return nil }
        let (document, layoutDiagnostics) = DrawLayout.layout(drawing, fonts: fontResolver(options))
        diagnostics += layoutDiagnostics
        if layoutDiagnostics.contains(where: { $0.severity == .error }) { return nil }
        return document
    }

    /// Standard-14 fonts are built into layout; anything else named by `font:` is loaded
    /// here. A name that is a file (a path, or ending in .ttf/.otf/.ttc) is loaded from
    /// there; a family name is looked up in the font search paths.
    static func fontResolver(_ options: CompileOptions) -> FontResolver {
        let loader = FontLoader(searchPaths: options.fontSearchPaths)
        return FontResolver(trueType: { name, bold, italic in loader.load(name, bold: bold, italic: italic) })
    }

    static func dumpIR(_ document: Scene.Document, diagnostics: inout [Diagnostic]) -> String? {
        DrawLayout.dumpIR(document)
    }

    static func renderPDF(_ document: Scene.Document, options: CompileOptions, diagnostics: inout [Diagnostic]) -> [UInt8]? {
        PDFWriter.render(document, options: PDFOptions(compress: options.compressPDF, sourceDateEpoch: options.sourceDateEpoch))
    }

    /// PostScript or EPS. What PostScript cannot show as the other formats do (e.g. group
    /// opacity outside Ghostscript) becomes a warning, not a silent difference.
    static func renderPS(_ document: Scene.Document, encapsulated: Bool, diagnostics: inout [Diagnostic]) -> [UInt8]? {
        let output = PSWriter.renderWithWarnings(document, encapsulated: encapsulated)
        for warning in output.warnings {
            let diagnostic = Diagnostic.warning("ps.approximation", at: .unknown, warning)
            if !diagnostics.contains(diagnostic) { diagnostics.append(diagnostic) }
        }
        return output.bytes
    }

    static func renderSVG(_ document: Scene.Document, diagnostics: inout [Diagnostic]) -> [[UInt8]]? {
        SVGWriter.render(document)
    }
}

/// Loads TrueType/OpenType faces for one compilation, each file once. Layout calls it from
/// the compiling thread only; the class is `@unchecked Sendable` for the resolver's
/// `@Sendable` closure type.
final class FontLoader: @unchecked Sendable {
    let searchPaths: [String]
    private var cache: [String: Result<TrueTypeFontRef, FontResolver.LoadError>?] = [:]

    init(searchPaths: [String]) { self.searchPaths = searchPaths }

    func load(_ name: String, bold: Bool, italic: Bool) -> Result<TrueTypeFontRef, FontResolver.LoadError>? {
        let key = "\(name)\u{0}\(bold)\u{0}\(italic)"
        if let cached = cache[key] { return cached }
        let result = lookUp(name, bold: bold, italic: italic)
        cache[key] = result
        return result
    }

    private func lookUp(_ name: String, bold: Bool, italic: Bool) -> Result<TrueTypeFontRef, FontResolver.LoadError>? {
        let lower = name.lowercased()
        let isFile = name.contains("/") || lower.hasSuffix(".ttf") || lower.hasSuffix(".otf") || lower.hasSuffix(".ttc")
        guard isFile else { return nil }
        do throws(FontError) {
            return .success(try TrueTypeFontRef.load(path: name))
        } catch {
            return .failure(FontResolver.LoadError(error.description))
        }
    }
}
