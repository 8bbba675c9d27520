// DrawKit — the public library API of drawc: `.draw` source in, SVG/PDF/PostScript bytes
// and diagnostics out, with no command line involved (an app can make its PDFs with it).
//
// Takes: the bytes of one `.draw` file, its path (for messages and relative imports, fonts
// and images) and options. Hands on: `CompileResult` — the output files' bytes and the
// diagnostics as public values that render themselves as text or JSON.
// Invariants: never throws and never crashes on any input; same input, options and fonts →
// the same bytes; no output is produced when there is an error.
// Deliberately not here: argument parsing and the terminal (that is `drawc`). Reading the
// main input and writing outputs atomically are offered as helpers (`SourceInput`,
// `OutputWriter`) so every tool writes files the same careful way.
//
// Only this module is public; the stages behind it share with `package` access.

/// The version of drawc and of this library: semantic versioning, the newest entry of
/// CHANGELOG.md (a test checks they agree).
public enum DrawKitVersion {
    public static let string = "0.3.0"
}

import DrawScene
import PDFBackend
import PSBackend
import RasterBackend
import SVGBackend

/// An output format: a case named as `--format` spells it (the backend's file extension, a
/// test checks), made into its backend by the one `switch` below. What the format is — its
/// names, file extension, pages per file, shadows, what it shows differently — is the
/// backend's `traits`; nothing else in drawc lists formats (docs/architecture.md, "Formats:
/// one conformance each").
public enum OutputFormat: String, Sendable, Hashable, CaseIterable {
    /// SVG (`SVGRenderer`).
    case svg
    /// PDF (`PDFRenderer`).
    case pdf
    /// PostScript (`PSRenderer`).
    case ps
    /// Encapsulated PostScript, tight bounding box (`PSRenderer`).
    case eps
    /// PNG drawn by drawc's own rasterizer (`PNGRenderer`; see `PNGOptions`).
    case png

    /// The backend of the format: the one place DrawKit makes backends, exhaustive over the
    /// formats (a new case does not build without its backend).
    func backend(options: CompileOptions) -> any Backend {
        switch self {
        case .svg: SVGRenderer(idPrefix: SVGNames.isValidPrefix(options.svgIDPrefix) ? options.svgIDPrefix : "")
        case .pdf: PDFRenderer(options: PDFOptions(compress: options.compressPDF, sourceDateEpoch: options.sourceDateEpoch))
        case .ps: PSRenderer(encapsulated: false)
        case .eps: PSRenderer(encapsulated: true)
        case .png: PNGRenderer(options: Stages.rasterOptions(options.png))
        }
    }

    /// The format a file name's extension stands for (`label.pdf` → `.pdf`), case-insensitive;
    /// nil when the extension is missing or unknown.
    public init?(pathExtension path: String) {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let ext = name[name.index(after: dot)...].lowercased()
        guard let format = Self.allCases.first(where: { $0.fileExtension == ext }) else { return nil }
        self = format
    }

    /// What the format's backend says of itself (`Backend.traits`): everything below is read
    /// from it, so no other place lists what a format is.
    var traits: BackendTraits { backend(options: CompileOptions()).traits }

    /// The format as people name it ("PDF 1.7").
    public var displayName: String { traits.name }

    /// The format's name in a list of formats, without a version ("PDF", "PostScript").
    public var shortName: String { traits.shortName }

    /// The media type of its files ("application/pdf").
    public var mediaType: String { traits.mediaType }

    /// The file extension written for this format, without the dot.
    public var fileExtension: String { traits.fileExtension }

    /// True for formats that hold one page per file (SVG, EPS, PNG): a multi-page drawing then
    /// becomes `out-1.svg`, `out-2.svg`, ….
    public var isOnePagePerFile: Bool { traits.onePerPage }

    /// True for formats without blur, whose drop shadows drawc draws as images.
    public var drawsShadowsAsImages: Bool { traits.shadowsAsImages }

    /// What the format shows differently from the others, in words (empty: nothing).
    public var limitations: [String] { traits.cannotShow }

    /// Names of formats as prose lists them: "svg, pdf or png" (`last` " or "), "PDF,
    /// PostScript and EPS" (`last` " and "). Help, usage errors, the preview and the limits
    /// table list formats with it, never by hand.
    package static func listed(_ names: [String], last: String) -> String {
        names.dropLast().joined(separator: ", ") + (names.count > 1 ? last : "") + (names.last ?? "")
    }
}

/// How to compile.
public struct CompileOptions: Sendable, Hashable {
    /// Folders searched for TrueType/OpenType fonts named by family in the drawing, in order,
    /// before the system's font folders.
    public var fontSearchPaths: [String]
    /// Flate-compress PDF content streams (default true). False keeps them readable, for
    /// debugging and golden files.
    public var compressPDF: Bool
    /// Seconds since 1970 to record as the PDF creation date, as the reproducible-builds
    /// `SOURCE_DATE_EPOCH` convention asks; nil writes no date at all (the default), so
    /// output stays byte-for-byte reproducible either way.
    public var sourceDateEpoch: Int?
    /// The document title (PDF `/Title`, SVG `<title>`, PostScript `%%Title`); nil takes the
    /// input's file name without its extension.
    public var title: String?
    /// Resolution and backdrop of PNG output.
    public var png: PNGOptions
    /// The files a drawing may read (imports, `csv()`/`json()` data, images), by path as the
    /// drawing resolves it (relative to the drawing's folder); nil reads the file system.
    /// An app that holds its files in memory, or a sandbox, supplies them here.
    public var files: [String: [UInt8]]?
    /// Record the statement that made each scene item (docs/ir.md, "Source spans"): `dumpIR`
    /// then prints a `source` line before each item. Off by default (compiling does not
    /// need them).
    public var recordSources: Bool = false
    /// Put in front of every id and class name an SVG file defines (gradients, patterns,
    /// clip paths, filters, images, glyphs, font classes), so several drawings inlined in
    /// one HTML page never clash (`drawc markdown` gives each block its own). An ASCII
    /// letter, then letters, digits, `-` and `_`; empty (the default) adds nothing.
    /// Anything else is ignored (see `isValidSVGIDPrefix`).
    public var svgIDPrefix: String = ""
    /// A folder every file the drawing reads must lie in (`drawc --sandbox DIR`, docs/cli.md
    /// "Untrusted drawings"): imports, data files, images and fonts named by path, after
    /// resolving links and `..`; a read outside it is a located error. Font families are
    /// then looked up only in `fontSearchPaths` and the drawing's folder (never the system's
    /// folders nor `DRAWC_FONT_PATH`). A folder that does not exist allows no reads. Nil (the
    /// default) reads anywhere. Ignored for files supplied in `files`.
    public var sandbox: String?

    public init(fontSearchPaths: [String] = [], compressPDF: Bool = true, sourceDateEpoch: Int? = nil, title: String? = nil,
                files: [String: [UInt8]]? = nil, png: PNGOptions = PNGOptions()) {
        self.fontSearchPaths = fontSearchPaths
        self.compressPDF = compressPDF
        self.sourceDateEpoch = sourceDateEpoch
        self.title = title
        self.png = png
        self.files = files
    }
}

/// How PNG pages are drawn (see docs/png.md).
public struct PNGOptions: Sendable, Hashable {
    /// Pixels per inch (default 96, where 1 px = 0.75 pt, as browsers draw SVG); recorded in
    /// the file's `pHYs` chunk.
    public var dpi: Double
    /// What shows where the drawing paints nothing (its own `background` paints over this).
    public var background: PNGBackground

    /// The lowest and highest resolution accepted.
    public static let dpiRange: ClosedRange<Double> = 1...9600

    public init(dpi: Double = 96, background: PNGBackground = .white) {
        self.dpi = dpi
        self.background = background
    }

    /// `scale` × 96 dpi: `scale: 2` draws every CSS pixel (0.75 pt) as 2 × 2 pixels.
    public init(scale: Double, background: PNGBackground = .white) {
        self.init(dpi: 96 * scale, background: background)
    }
}

/// The backdrop of a PNG page.
public enum PNGBackground: Sendable, Hashable {
    /// White paper, as the PDF shows (the default).
    case white
    /// Nothing: unpainted pixels stay transparent (alpha 0).
    case transparent
    /// A colour, components 0…255, straight alpha.
    case color(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)

    /// `white`, `transparent`, `#rgb`, `#rrggbb` or `#rrggbbaa`; nil for anything else.
    public init?(parsing text: String) {
        switch text.lowercased() {
        case "white": self = .white; return
        case "transparent", "none": self = .transparent; return
        default: break
        }
        var hex = Array(text.utf8)
        guard hex.first == UInt8(ascii: "#") else { return nil }
        hex.removeFirst()
        var digits: [UInt8] = []
        for c in hex {
            switch c {
            case 0x30...0x39: digits.append(c - 0x30)
            case 0x61...0x66: digits.append(c - 0x61 + 10)
            case 0x41...0x46: digits.append(c - 0x41 + 10)
            default: return nil
            }
        }
        if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
        guard digits.count == 6 || digits.count == 8 else { return nil }
        var bytes: [UInt8] = []
        for i in stride(from: 0, to: digits.count, by: 2) { bytes.append(digits[i] << 4 | digits[i + 1]) }
        self = .color(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? bytes[3] : 255)
    }
}

/// One file of output.
public struct OutputFile: Sendable, Hashable {
    /// 1-based page number when the format holds one page per file and the drawing has
    /// several pages; nil when this file is the whole drawing.
    public var page: Int?
    /// The file's contents.
    public var bytes: [UInt8]

    public init(page: Int?, bytes: [UInt8]) {
        self.page = page
        self.bytes = bytes
    }

    /// Where to write this file, given the path the user asked for: the path itself for a
    /// whole drawing, `out-2.svg` for page 2 of `out.svg`.
    public func path(forRequestedPath requested: String) -> String {
        guard let page else { return requested }
        return OutputFile.pagePath(requested, page: page)
    }

    /// `dir/out.svg` + page 2 → `dir/out-2.svg`; a name without extension gets `-2` appended.
    static func pagePath(_ path: String, page: Int) -> String {
        let slash = path.lastIndex(of: "/")
        let nameStart = slash.map { path.index(after: $0) } ?? path.startIndex
        if let dot = path[nameStart...].lastIndex(of: "."), dot != nameStart {
            return String(path[..<dot]) + "-\(page)" + String(path[dot...])
        }
        return path + "-\(page)"
    }
}

/// The result of `compile`.
public struct CompileResult: Sendable {
    /// The output files: one for PDF and PS; one per page for SVG and EPS (a single file with
    /// `page == nil` when the drawing has one page). Empty when there were errors.
    public var outputs: [OutputFile]
    /// The diagnostics with the sources they point into (render them with `report.rendered`).
    public var report: DiagnosticReport
    /// Number of pages of the drawing (0 when it did not get that far).
    public var pageCount: Int
    /// Every file the drawing asked for besides its own source (imports, data files,
    /// images), in first-use order — also those that could not be read — so that a watcher
    /// can recompile when one of them changes or appears.
    public var filesRead: [String] = []

    /// Every diagnostic, sorted by file and position.
    public var diagnostics: [DrawDiagnostic] { report.diagnostics }
    /// True when there is output and no error.
    public var succeeded: Bool { !hasErrors && !outputs.isEmpty }
    /// True when at least one diagnostic is an error.
    public var hasErrors: Bool { report.hasErrors }
}

/// The result of `check`: only diagnostics.
public struct CheckResult: Sendable {
    public var report: DiagnosticReport
    public var diagnostics: [DrawDiagnostic] { report.diagnostics }
    public var hasErrors: Bool { report.hasErrors }
}

/// The result of `dumpIR`: the scene IR as text (see `docs/ir.md`), nil on errors.
public struct IRResult: Sendable {
    public var text: String?
    public var report: DiagnosticReport
    /// Every file the drawing asked for besides its own source (see `CompileResult.filesRead`).
    public var filesRead: [String] = []
    public var diagnostics: [DrawDiagnostic] { report.diagnostics }
    public var hasErrors: Bool { report.hasErrors }
}
