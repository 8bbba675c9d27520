#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import DrawBase
import DrawDiagnostics
import DrawResources
import DrawFonts
import DrawLayout
import DrawScene
import DrawSemantics
import DrawSyntax
import PDFBackend
import PSBackend
import DrawRaster
import RasterBackend
import SVGBackend
#if canImport(Dispatch)
import Dispatch
#endif

/// The calls into the stages behind the parser, each in one place.
enum Stages {
    /// The one file boundary of a compilation: the app's files when it supplies them,
    /// otherwise the file system (regular files only, size-limited; see DrawResources).
    static func resources(_ options: CompileOptions) -> Resources {
        if let files = options.files { return Resources(reader: MemoryReader(files)) }
        return Resources(reader: FileSystemReader(sandbox: options.sandbox.map(Sandbox.confining(to:))))
    }

    /// Frees `value` on another thread, now. Freeing a large tree is pure work (~25 ms for
    /// the AST of 100,000 statements, on top of the stage that made it) that the second core
    /// can do while this one goes on; nothing observable depends on when it happens.
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
        // Under a sandbox, fonts come from the folders the caller named and the sandbox only.
        let readable = options.sandbox.map { [Sandbox.confining(to: $0)] + options.fontSearchPaths.compactMap(Sandbox.init(folder:)) }
        let library = FontLibrary(
            searchDirectories: FontLibrary.searchDirectories(
                fontPath: options.fontSearchPaths, environment: environment, drawingDirectory: folder, system: readable == nil),
            baseDirectory: folder, readableFolders: readable)
        return FontResolver(library: library)
    }

    /// The folder of the drawing at `path` ("." for a bare file name), nil for text that has
    /// no file (`-`, `<stdin>`).
    static func drawingFolder(_ path: String) -> String? {
        if path == "-" || path.hasPrefix("<") { return nil }
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The text form of the IR (`drawc ir`), with each source's place when `sources` is given.
    static func dumpIR(_ document: Scene.Document, diagnostics: inout [Diagnostic], sources: SourceManager? = nil) -> String? {
        DrawScene.dumpIR(document, sources: sources)
    }

    /// The rasterizer's options from the public `PNGOptions`: the backdrop as a colour (nil
    /// for transparent) and the resolution held to `PNGOptions.dpiRange` (96 when not finite).
    static func rasterOptions(_ png: PNGOptions) -> RasterOptions {
        let backdrop: Color?
        switch png.background {
        case .white: backdrop = .white
        case .transparent: backdrop = nil
        case .color(let r, let g, let b, let a): backdrop = Color(r: r, g: g, b: b, a: a)
        }
        let dpi = min(PNGOptions.dpiRange.upperBound, max(PNGOptions.dpiRange.lowerBound, png.dpi.isFinite ? png.dpi : 96))
        return RasterOptions(dpi: dpi, backdrop: backdrop)
    }
}

extension CompileOptions {
    /// Whether `prefix` can be used as `svgIDPrefix`: an ASCII letter, then letters, digits,
    /// `-` and `_` (or empty).
    public static func isValidSVGIDPrefix(_ prefix: String) -> Bool { SVGNames.isValidPrefix(prefix) }
}

/// Carries a value to the thread that frees it.
private final class DiscardBox<T>: @unchecked Sendable {
    var value: T?
    init(_ value: consuming T) { self.value = value }
}
