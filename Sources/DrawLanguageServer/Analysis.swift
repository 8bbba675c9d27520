// What the server knows about one open document: its parse (tree, tokens, comments), its
// names (SymbolIndex, with the indexes of the files it imports), and what the compiler's
// stages say about it (diagnostics, laid-out frames, the values of its names).
//
// The stages run through DrawKit's `StageDriver`, exactly as `drawc check` runs them: each
// only after an error-free one before it (a mistake inside one literal lets the later stages
// check the rest), so the editor shows the same diagnostics as the command line. What needs a
// later stage (frames, values) is kept from the last analysis that reached it, so hover
// still answers while a line is half-typed.

import DrawDiagnostics
import DrawFonts
import DrawKit
import DrawLayout
import DrawResources
import DrawSemantics
import DrawSyntax

/// Reads the files a drawing imports: an open document's text when the editor has one,
/// else the file system (regular files, size-limited).
struct OverlayReader: ResourceReader {
    var overlay: [String: [UInt8]]
    func read(_ path: String, maximumBytes: Int) -> Result<[UInt8], ResourceError> {
        if let bytes = overlay[path] {
            return bytes.count > maximumBytes ? .failure(ResourceError(.tooLarge, "more than \(maximumBytes) bytes")) : .success(bytes)
        }
        return FileSystemReader().read(path, maximumBytes: maximumBytes)
    }
}

/// One analysed version of a document.
package struct Analysis: Sendable {
    package var uri: String
    package var path: String
    package var version: Int
    package var source: SourceFile
    package var file: File
    package var tokens: [Token]
    package var comments: [Comment]
    /// Every stage's diagnostics; spans of imported files carry their file ids in `sources`.
    package var diagnostics: [Diagnostic]
    package var sources: SourceManager
    /// This file's names: built on first use (a request that needs them), not for the
    /// diagnostics — a change publishes its diagnostics without waiting for them, and a
    /// version superseded before any request asks never builds them.
    package var index: SymbolIndex { names.index }
    let names: DeferredSymbolIndex
    /// The indexes of the files this one imports, directly or not, by path.
    package var imported: [String: SymbolIndex]
    package var frames: [LaidOutFrame]
    /// Whether `frames` are this version's layout; false: the last layout's, kept (moved with
    /// the edits) while the file has errors.
    package var framesAreCurrent: Bool
    package var values: [Span: String]
    /// True when evaluation (and layout) ran on this version.
    package var evaluated: Bool

    /// The declaration `key` names, in this file or one it imports.
    package func declaration(_ key: DeclarationKey) -> Declaration? {
        if key.path == path { return index.declaration(for: key) }
        return imported[key.path]?.declaration(for: key)
    }
}

/// A file's `SymbolIndex`, built the first time it is asked for. One analysis is read by one
/// thread (the server's), so the one-time build needs no lock.
final class DeferredSymbolIndex: @unchecked Sendable {
    private var built: SymbolIndex?
    private var make: (() -> SymbolIndex)?

    init(_ make: @escaping () -> SymbolIndex) { self.make = make }

    var isBuilt: Bool { built != nil }

    var index: SymbolIndex {
        if let built { return built }
        let index = make?() ?? SymbolIndex(path: "")
        built = index
        make = nil
        return index
    }
}

/// Limits of the analysis against hostile input.
package enum AnalysisLimits {
    /// Files followed through imports for names (the evaluator has its own limits).
    package static let maximumImportedFiles = 256
}

/// Runs the stages over one document.
package func analyse(uri: String, path: String, version: Int, bytes: [UInt8], overlay: [String: [UInt8]],
                     fonts: FontLibrary, previous: Analysis?, textCache: TextMeasureCache? = nil) -> Analysis {
    let reader = OverlayReader(overlay: overlay)
    // The compiler's one driver, asked also for what the editor reads: the tokens (from the
    // lexer run that made the tree), what each name is bound to, and the frames instead of
    // the scene's items.
    let driver = StageDriver(source: bytes, path: path, resources: Resources(reader: reader), fonts: FontResolver(library: fonts))
    driver.toolOutputs.tokens = true
    driver.toolOutputs.bindings = true
    driver.toolOutputs.frames = true
    driver.toolOutputs.textCache = textCache
    driver.build(keepingTree: true)
    let source = driver.source
    let file = driver.syntaxTree!

    // Names: this file's, and what its imports export (followed breadth-first, once each).
    var imported: [String: SymbolIndex] = [:]
    var exportsByPath: [String: [Declaration]] = [:]
    let directImports = importPaths(file, relativeTo: path)
    var queue = directImports
    while let next = queue.first, imported.count < AnalysisLimits.maximumImportedFiles {
        queue.removeFirst()
        if imported[next] != nil || next == path { continue }
        guard case .success(let importedBytes) = reader.read(next, maximumBytes: ResourceLimits.maximumImportBytes) else {
            imported[next] = SymbolIndex(path: next)
            continue
        }
        var importedSources = SourceManager()
        let importedID = importedSources.add(path: next, bytes: importedBytes)
        let importedSource = importedSources[importedID]!
        let parsed = parse(importedSource)
        // Its own imports' exports are visible inside it; index it without them first
        // (cycles are the evaluator's to report), then follow them.
        let nested = importPaths(parsed.file, relativeTo: next)
        let visible = nested.flatMap { exportsByPath[$0] ?? [] }
        let index = buildSymbolIndex(parsed.file, source: importedSource, path: next, imported: visible)
        imported[next] = index
        exportsByPath[next] = index.exports + visible
        queue += nested
    }
    let visible = directImports.flatMap { exportsByPath[$0] ?? [] }
    let names = DeferredSymbolIndex { buildSymbolIndex(file, source: source, path: path, imported: visible) }

    // Evaluation ran when it left a node tree or layout went on from it; layout ran when it
    // left a document. Until this version lays out, the last layout's frames answer hover,
    // moved with the edit.
    let evaluated = driver.drawing != nil || driver.document != nil
    let framesAreCurrent = driver.document != nil
    let frames = framesAreCurrent ? driver.frames : previous.map { shiftedFrames($0, to: source) } ?? []
    let values = evaluated ? driver.bindings : previous?.values ?? [:]
    return Analysis(uri: uri, path: path, version: version, source: source, file: file, tokens: driver.tokens,
                    comments: file.comments, diagnostics: driver.diagnostics, sources: driver.sources, names: names,
                    imported: imported, frames: frames, framesAreCurrent: framesAreCurrent, values: values, evaluated: evaluated)
}

/// The frames of `previous` with their spans moved to the text of `source`: the edit between
/// the two versions is the bytes between their common beginning and common end; a statement
/// before it keeps its offsets, one after it moves by the change of length, and one the edit
/// touches is dropped (its frame no longer says where it is).
func shiftedFrames(_ previous: Analysis, to source: SourceFile) -> [LaidOutFrame] {
    let old = previous.source.bytes, new = source.bytes
    var prefix = 0
    let shorter = min(old.count, new.count)
    while prefix < shorter, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < shorter - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
    let editEnd = old.count - suffix
    let delta = Int64(new.count) - Int64(old.count)
    return previous.frames.compactMap { frame in
        guard frame.span.file == previous.source.id else { return frame }
        var moved = frame
        let start = Int(frame.span.start), end = Int(frame.span.end)
        if end <= prefix { moved.span = Span(file: source.id, start: frame.span.start, end: frame.span.end); return moved }
        guard start >= editEnd else { return nil }
        moved.span = Span(file: source.id, start: UInt32(Int64(start) + delta), end: UInt32(Int64(end) + delta))
        return moved
    }
}

/// The resolved paths of a file's `import` statements, as the evaluator resolves them.
func importPaths(_ file: File, relativeTo path: String) -> [String] {
    file.statements.compactMap { statement in
        if case .importFile(let imported, _) = statement.kind { return resolveImportedPath(imported, importer: path) }
        return nil
    }
}
