#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import DrawDiagnostics
import DrawResources
import DrawFonts
import DrawLayout
import DrawScene
import DrawSemantics
import DrawSyntax
import PDFBackend
import PSBackend
import SVGBackend
#if canImport(Dispatch)
import Dispatch
#endif

/// The calls into the stages behind the parser, each in one place.
enum Stages {
    /// Frees `value` on another thread, now. Freeing a large tree is pure work (~25 ms for
    /// the AST of 100,000 statements, on top of the stage that made it) that the second core
    /// can do while this one goes on; nothing observable depends on when it happens.
    /// The one file boundary of a compilation: the app's files when it supplies them,
    /// otherwise the file system (regular files only, size-limited; see DrawSemantics'
    /// Resources.swift).
    static func resources(_ options: CompileOptions) -> Resources {
        if let files = options.files { return Resources(reader: MemoryReader(files)) }
        return Resources(reader: FileSystemReader())
    }

    static func discard<T>(_ value: consuming T) {
        let box = DiscardBox(value)
        #if canImport(Dispatch)
        DispatchQueue.global().async { box.value = nil }
        #endif
    }

    /// Fonts for one compilation: standard-14 names are built into layout; file paths and
    /// TrueType family names go to DrawFonts' `FontLibrary`, which searches, in order, the
    /// `fontSearchPaths` (`--font-path`), `DRAWC_FONT_PATH`, the drawing's folder and the
    /// system's font folders, reading each file at most once.
    static func fontResolver(_ options: CompileOptions, mainPath: String) -> FontResolver {
        let folder = drawingFolder(mainPath)
        let environment = ProcessInfo.processInfo.environment
        let library = FontLibrary(
            searchDirectories: FontLibrary.searchDirectories(
                fontPath: options.fontSearchPaths, environment: environment, drawingDirectory: folder),
            baseDirectory: folder)
        return FontResolver(library: library)
    }

    /// The folder of the drawing at `path` ("." for a bare file name), nil for text that has
    /// no file (`-`, `<stdin>`).
    static func drawingFolder(_ path: String) -> String? {
        if path == "-" || path.hasPrefix("<") { return nil }
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
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

/// Carries a value to the thread that frees it.
private final class DiscardBox<T>: @unchecked Sendable {
    var value: T?
    init(_ value: consuming T) { self.value = value }
}
