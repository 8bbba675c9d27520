#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import DrawBase
import DrawDiagnostics
import DrawFonts
import DrawLayout
import DrawResources
import DrawScene
import DrawSemantics
import DrawSyntax

// The pipeline one stage at a time: the one driver behind `compile`, `check` and `ir`, the
// tests (DrawTestSupport's corpus, the layout goldens) and the benchmarks (drawc-bench
// times each stage alone on the previous one's kept result). Each step runs exactly its
// stage, on the result of the step before (running that first when it is missing), and
// appends what the stage reported to one diagnostic list; `build()` is the compiler's
// rule: a stage runs only when the ones before it reported no error.

/// Paths in first-use order, each once; shared with the font loader's closure.
final class PathLog: @unchecked Sendable {
    private(set) var paths: [String] = []
    func add(_ path: String) { if !paths.contains(path) { paths.append(path) } }
}

/// Parses, evaluates and lays out one drawing, keeping each stage's result.
package final class StageDriver {
    package private(set) var sources = SourceManager()
    package let fileID: FileID
    package private(set) var diagnostics: [Diagnostic] = []
    /// The result of each stage, nil until it ran (or after `drop`).
    package private(set) var syntaxTree: File?
    package private(set) var drawing: Drawing?
    package private(set) var document: Scene.Document?

    /// The one file boundary of this compilation: imports, data files and images.
    package let resources: Resources
    private let fonts: FontResolver
    /// Layout records the statement of every item (`CompileOptions.recordSources`).
    package var recordSources = false

    /// What a tool keeps of the stages beyond their results (the language server): the same
    /// stages in the same order, each also handing on what only an editor reads.
    package struct ToolOutputs {
        /// The parse keeps the lexer's tokens (`tokens`), from the same run of the lexer.
        package var tokens = false
        /// Evaluation describes what each top-level name is bound to (`bindings`, for hover).
        package var bindings = false
        /// Layout records each node's frame (`frames`) and makes no scene items: measuring,
        /// placing, connectors and the page checks run, so the diagnostics are the same.
        package var frames = false
        /// Measured texts kept from the layouts before (DrawLayout's TextCache.swift).
        package var textCache: TextMeasureCache?
        package init() {}
    }
    /// Nothing beyond the results unless a tool asks.
    package var toolOutputs = ToolOutputs()
    /// The tokens of the last parse when `toolOutputs.tokens` is set.
    package private(set) var tokens: [Token] = []
    /// What each top-level name is bound to, when `toolOutputs.bindings` is set.
    package private(set) var bindings: [Span: String] = [:]
    /// Each placed node's frame, when `toolOutputs.frames` is set.
    package private(set) var frames: [LaidOutFrame] = []

    /// - Parameters:
    ///   - loadFile: reads the files the drawing asks for (imports, data, images) — for
    ///     tests; the default is `resources`.
    ///   - resources: the file boundary (the default: `options.files` when given, else the
    ///     file system's regular files, size-limited).
    ///   - fonts: where TrueType fonts come from (the default: `compile`'s search path for
    ///     `options` and `path`).
    package init(
        source: [UInt8], path: String, options: CompileOptions = CompileOptions(),
        loadFile: ((String) -> [UInt8]?)? = nil, resources: Resources? = nil, fonts: FontResolver? = nil
    ) {
        fileID = sources.add(path: path, bytes: source)
        // Imports, data and images: regular files only (never a pipe, a device or standard
        // input), within each use's size limit.
        self.resources = resources ?? loadFile.map { Resources(reader: ClosureReader(load: $0)) } ?? Stages.resources(options)
        recordSources = options.recordSources
        if let fonts {
            self.fonts = fonts
        } else {
            // Fonts named by path are files the drawing read too (for `drawc watch`).
            let resolver = Stages.fontResolver(options, mainPath: path)
            let log = fontFiles, folder = Stages.drawingFolder(path)
            var logged = resolver
            if let inner = resolver.trueType {
                logged.trueType = { name, bold, italic in
                    if let (file, _) = FontLibrary.fileReference(name) {
                        log.add(file.hasPrefix("/") || folder == nil ? file : folder! + "/" + file)
                    }
                    let found = inner(name, bold, italic)
                    // A family found on the font path was read from a file too.
                    if case .success(let face)? = found, let file = face.path { log.add(file) }
                    return found
                }
            }
            self.fonts = logged
        }
    }

    /// Font files named by path, in first-use order.
    private let fontFiles = PathLog()

    /// Every file the drawing asked for so far (see `CompileResult.filesRead`): imports,
    /// data and images through `resources`, then fonts named by path.
    package var filesRead: [String] { resources.filesRead + fontFiles.paths.filter { !resources.filesRead.contains($0) } }

    package var source: SourceFile { sources[fileID]! }
    package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    package enum Stage { case syntaxTree, drawing, document }

    /// Frees one stage's result (the benchmarks do so, untimed, between runs of a stage).
    package func drop(_ stage: Stage) {
        switch stage {
        case .syntaxTree: syntaxTree = nil
        case .drawing: drawing = nil
        case .document: document = nil
        }
    }

    /// Takes the laid-out document out of the driver (so the caller holds the only copy).
    package func takeDocument() -> Scene.Document? {
        defer { document = nil }
        return document
    }

    /// Lexes and parses. Returns the number of errors this stage reported.
    @discardableResult
    package func parse() -> Int {
        if toolOutputs.tokens {
            let (file, found, tokens) = parseKeepingTokens(source)
            syntaxTree = file
            self.tokens = tokens
            return record(found)
        }
        let (file, found) = DrawSyntax.parse(source)
        syntaxTree = file
        return record(found)
    }

    /// Evaluates the syntax tree (parsing first if needed).
    @discardableResult
    package func evaluate() -> Int {
        if syntaxTree == nil { parse() }
        var evaluator = Evaluator(resources: resources)
        evaluator.recordDefinitions = recordSources
        if toolOutputs.bindings {
            let (made, found, described) = evaluator.evaluateDescribingBindings(syntaxTree!, sources: &sources)
            drawing = made
            bindings = described
            return record(found)
        }
        let (made, found) = evaluator.evaluate(syntaxTree!, sources: &sources)
        drawing = made
        return record(found)
    }

    /// Lays out the node tree (evaluating first if needed).
    @discardableResult
    package func layOut() -> Int {
        if drawing == nil { evaluate() }
        if toolOutputs.frames {
            let (made, found, recorded) = layoutRecordingFrames(drawing!, fonts: fonts, resources: resources, emitsItems: false,
                                                                textCache: toolOutputs.textCache)
            document = made
            frames = recorded
            return record(found)
        }
        let (made, found) = DrawLayout.layout(drawing!, fonts: fonts, resources: resources, recordSources: recordSources)
        document = made
        return record(found)
    }

    /// The compiler's order: each stage only after an error-free one before it. Each
    /// intermediate result is freed (on the other core) as soon as the next exists. Returns
    /// true when a document was laid out without errors.
    /// `keepingTree`: the syntax tree stays (a tool reads it after the build); otherwise it is
    /// freed as soon as the node tree exists.
    @discardableResult
    package func build(keepingTree: Bool = false) -> Bool {
        let syntaxErrors = parse()
        // A mistake inside one literal (`fill: #ggg`) leaves the statements around it whole:
        // the later stages still check the rest of the file, so one typo does not hide the
        // others (its `.error` value is skipped silently). Any other syntax error stops here,
        // since what follows it may be misread.
        guard syntaxErrors == 0 || syntaxTree?.errorsConfinedToLiterals == true else { return false }
        guard evaluate() == 0 else { return false }
        if !keepingTree {
            // The AST is not needed once the node tree exists: free it before layout (on the
            // other core: ~25 ms for 100,000 statements).
            let tree = syntaxTree
            syntaxTree = nil
            Stages.discard(tree)
        }
        guard layOut() == 0 else { return false }
        // Nor the node tree once the scene exists: free it before rendering.
        let nodes = drawing
        drawing = nil
        Stages.discard(nodes)
        return syntaxErrors == 0
    }

    private func record(_ found: [Diagnostic]) -> Int {
        diagnostics += found
        return found.reduce(0) { $0 + ($1.severity == .error ? 1 : 0) }
    }
}
