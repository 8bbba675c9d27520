// Evaluation — walks the AST of the main file (and the files it imports) and builds the
// resolved node tree of NodeTree.swift.
//
// Takes: a parsed `File`, the `SourceManager` holding it, a loader for imported files and the
// parser hook. Hands on: `Drawing` and the diagnostics found. Invariants of the output: every
// node has a built-in kind (components expanded, loops unrolled, conditions decided), every
// property is typed and in points/degrees, styles applied and inherited paint/text pushed
// down into each node's `ResolvedStyle`. Ids are unique; every id a connector, `from:`/`to:`
// or an anchor names exists (diagnosed otherwise); `at:` names only nodes finished earlier in
// the source. What evaluation deliberately does not do: measure or place anything, parse
// path data, read images or fonts — that is layout's.
//
// Scopes are one flat array of bindings (a stack): a block remembers where its bindings
// start and truncates back on exit, so entering a loop body costs no allocation. A component
// body sees its parameters and the bindings visible where it was defined (`captures`, ranges
// of that same array that stay alive while the component is visible), not its caller's.

import DrawBase
import DrawCatalogue
import DrawDiagnostics
import DrawResources
import DrawSyntax

/// The evaluator's entry point.
///
///     var sources = SourceManager()
///     let id = sources.add(path: "/abs/main.draw", bytes: bytes)
///     let (file, parseDiagnostics) = DrawSyntax.parse(sources[id]!)
///     let (drawing, diagnostics) = Evaluator(loadFile: { path in try? read(path) })
///         .evaluate(file, sources: &sources)
///
/// `loadFile` receives the path of an imported file resolved against the importing file's
/// directory (absolute when the main file's path is absolute) and returns its bytes, or nil
/// when it cannot be read. Imported files are added to `sources`; their parse diagnostics
/// are part of the result.
package struct Evaluator {
    package typealias FileLoader = (String) -> [UInt8]?
    package typealias FileParser = (SourceFile) -> (file: File, diagnostics: [Diagnostic])

    /// Where imported drawings and data files are read (the boundary layout reads images through too).
    package var resources: Resources
    package var parse: FileParser
    package var limits: EvaluationLimits
    /// Keep the component-body statements that calls replace (`Drawing.definitionLinks`),
    /// for source spans; off on the compile path.
    package var recordDefinitions = false

    package init(resources: Resources, parse: @escaping FileParser = { DrawSyntax.parse($0) },
                 limits: EvaluationLimits = .standard) {
        self.resources = resources
        self.parse = parse
        self.limits = limits
    }

    /// Files from a closure (nil: cannot be read), for tests and tools that hold them.
    package init(loadFile: @escaping FileLoader, parse: @escaping FileParser = { DrawSyntax.parse($0) },
                 limits: EvaluationLimits = .standard) {
        self.init(resources: Resources(reader: ClosureReader(load: loadFile)), parse: parse, limits: limits)
    }

    /// Evaluates `file` (already in `sources`). Diagnostics come sorted by file and position.
    package func evaluate(_ file: File, sources: inout SourceManager) -> (drawing: Drawing, diagnostics: [Diagnostic]) {
        let evaluation = Evaluation(sources: sources, resources: resources, parse: parse, main: file, limits: limits)
        evaluation.recordDefinitions = recordDefinitions
        let drawing = evaluation.run()
        sources = evaluation.sources
        return (drawing, evaluation.sortedDiagnostics())
    }

    /// `evaluate`, also giving the values the main file's top-level names are bound to (for tests).
    func evaluateKeepingBindings(_ file: File, sources: inout SourceManager)
        -> (drawing: Drawing, diagnostics: [Diagnostic], bindings: [String: Value]) {
        let evaluation = Evaluation(sources: sources, resources: resources, parse: parse, main: file, limits: limits)
        let drawing = evaluation.run()
        sources = evaluation.sources
        var bindings: [String: Value] = [:]
        for binding in evaluation.bindings { bindings[evaluation.symbolNames[Int(binding.symbol)]] = binding.value }
        return (drawing, evaluation.sortedDiagnostics(), bindings)
    }
}

/// A parsed file with the evaluator's caches for it.
final class FileUnit {
    let ast: File
    let path: String
    /// Symbol of each `.name` expression, by expression index; -1 until first looked up.
    /// Unchecked exclusivity: read and written one expression at a time, never across a call.
    @exclusivity(unchecked) var nameSymbols: [Int32]
    /// Whether the labelled argument whose value expression has this index names no
    /// property (reported once).
    @exclusivity(unchecked) var unknownProperties: [Bool]
    /// The property each name of `ast.names` spells (labels share those names): nil not yet
    /// matched, `.some(nil)` none — each distinct label is matched once a file. `Property??`
    /// is one byte (the spare values of `Property`) read inline; a raw value turned back
    /// into a `Property` was a call into DrawCatalogue, twice an argument (issue 38).
    @exclusivity(unchecked) var propertyOfName: [Property??]
    /// Whether "ignored in an imported file" was reported for this file.
    var reportedIgnored = false
    /// Symbol of each callee of `ast.identifiers`, by identifier index; -1 until first called
    /// (a call in a loop body would otherwise hash its name on every iteration).
    @exclusivity(unchecked) var calleeSymbols: [Int32]
    /// A member name's field position in the record header it last read (`r.name` in a
    /// loop over the rows of one data file finds its field once, not by name every row).
    @exclusivity(unchecked) var memberKeys: [RecordKeys?]
    @exclusivity(unchecked) var memberPositions: [Int32]

    init(ast: File, path: String) {
        self.ast = ast
        self.path = path
        nameSymbols = Array(repeating: -1, count: ast.exprs.count)
        unknownProperties = Array(repeating: false, count: ast.exprs.count)
        propertyOfName = Array(repeating: nil, count: ast.names.count)
        calleeSymbols = Array(repeating: -1, count: ast.identifiers.count)
        memberKeys = Array(repeating: nil, count: ast.identifiers.count)
        memberPositions = Array(repeating: -1, count: ast.identifiers.count)
    }

    /// The directory part of `path`, with a trailing `/`, or "" for a bare file name.
    var directory: String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(path[...slash])
    }
}

struct Binding {
    var symbol: Int32
    var value: Value
    /// The name in its `let`/`def`/`style`/parameter, for "defined here" notes.
    var span: Span
    /// The binding of the same symbol made before this one, or -1.
    var previous: Int32
}

struct Component {
    var name: String
    var nameSpan: Span
    var parameters: [Parameter]
    var body: Block
    var unit: FileUnit
    var captures: [Range<Int>]
}

struct StyleEntry {
    var property: Property
    var value: Value
    var valueSpan: Span
    var nameSpan: Span
}

struct StyleDefinition {
    var name: String
    var entries: [StyleEntry]
}

/// A node being built: the target of properties and children.
struct Frame {
    enum Role { case node, root, body }
    var node: Node
    var role: Role
    /// Properties set explicitly (not from a style).
    var explicit = PropertySet()
    /// Where `id:` was given on this frame, when it was.
    var idSpan: Span?
}

struct PendingReference {
    var id: String
    var span: Span
    var page: Int
    /// From `at:`: the node must be finished before the reference.
    var mustPrecede: Bool
}

struct IDInfo {
    var span: Span
    var page: Int
}

/// The evaluator's state. The hot stacks (`frames`, `bindings`, `newestBinding`, `unit`) opt
/// out of dynamic exclusivity checks: they are only ever accessed one statement at a time
/// (never passed `inout` across a call that touches them again), and the checks cost about a
/// tenth of evaluation time on a million nodes (measured with perf, release build).
final class Evaluation {
    var sources: SourceManager
    let resources: Resources
    let parseFile: Evaluator.FileParser
    let mainUnit: FileUnit
    let limits: EvaluationLimits

    // Diagnostics.
    var sink: DiagnosticSink
    /// `.error` expressions met (the parser's stand-ins for literals it reported): a node
    /// whose arguments held one is not told it lacks what that argument would have given.
    var errorExpressionsSeen = 0
    /// Set when a limit is hit: every loop and statement list stops at once.
    var aborted = false

    /// The catalogue's per-property tables, kept here: read through their globals they cost
    /// an accessor and `swift_once` three times a property (issue 38).
    let tables = Property.tables

    // Symbols.
    var symbolTable: [String: Int32] = [:]
    var symbolNames: [String] = []
    // Unchecked like the stacks below: read per statement, never held across a call.
    @exclusivity(unchecked) var recentNames = [String](repeating: "", count: Evaluation.recentNameSlots)
    @exclusivity(unchecked) var recentSymbols = [Int32](repeating: -1, count: Evaluation.recentNameSlots)
    /// Slots of the cache in front of the symbol table (a power of two).
    static let recentNameSlots = 64
    /// Index in `bindings` of the newest binding of each symbol, or -1; each binding links
    /// to the previous one of its symbol, so a lookup walks only same-named bindings.
    @exclusivity(unchecked) var newestBinding: [Int32] = []
    /// Built-in kind of each symbol, or nil.
    @exclusivity(unchecked) var symbolKinds: [NodeKind?] = []
    /// Whether each symbol names an arithmetic built-in function: 0 not asked yet, 1 yes, 2 no.
    @exclusivity(unchecked) var arithmeticSymbols: [UInt8] = []
    /// Argument arrays of built-in calls, reused (see `call`); each access is one pop or push.
    @exclusivity(unchecked) var callValuePool: [[Value]] = []
    @exclusivity(unchecked) var callSpanPool: [[Span]] = []
    @exclusivity(unchecked) var callExprPool: [[ExprID?]] = []
    /// The bytes of an interpolated string being built (Expressions.swift), kept with their
    /// room from one string to the next.
    @exclusivity(unchecked) var interpolationScratch: [UInt8] = []

    // Scopes.
    @exclusivity(unchecked) var bindings: [Binding] = []
    /// Start of the bindings visible from the current component body (or file).
    var floor = 0
    /// Further visible ranges: a component's defining environment, innermost first.
    var captures: [Range<Int>] = []
    /// Start of the innermost block's bindings (for duplicate `let` checks).
    var blockStart = 0

    @exclusivity(unchecked) var unit: FileUnit
    var styles: [StyleDefinition] = []
    var components: [Component] = []
    var functions: [ValueFunction] = []
    /// Sum of the expression depths of the `fn` calls open now (see `invokeFunction`).
    var evaluationDepth = 0
    /// Data files already read, by path and options: each is parsed once per compilation.
    var dataCache: [String: Value] = [:]
    /// Texts of data files beyond ASCII and the first field each is (`Drawing.dataTexts`).
    var dataTexts: [String: Span] = [:]
    var callDepth = 0
    var totalCalls = 0
    @exclusivity(unchecked) var nodeCount = 0
    var totalIterations = 0
    /// Labels made by every `labels` statement so far (`EvaluationLimits.maxLabels`).
    var labelsMade = 0
    var nesting = 0

    // The tree being built.
    @exclusivity(unchecked) var frames: [Frame] = []
    var ids: [String: IDInfo] = [:]
    /// `pattern` blocks open now: their nodes may not have ids (Patterns.swift).
    var insidePattern = 0
    /// The symbol of `pattern`, a statement written like a node (Patterns.swift).
    lazy var patternSymbol: Int32 = intern("pattern")
    /// The symbols of the rounding built-ins (`roundingFunction`, Expressions.swift).
    lazy var roundingSymbols: (floor: Int32, ceil: Int32, round: Int32, abs: Int32) =
        (intern("floor"), intern("ceil"), intern("round"), intern("abs"))
    var pendingReferences: [PendingReference] = []
    /// A connector in a `graph` named a node: boxes may be made for unknown names (PropertyValues+Graph.swift).
    var sawImplicitNames = false
    /// The names a graph's connectors use, per open graph frame (innermost last), handed to
    /// the graph node when its frame is finished: appending to the node's boxed options would
    /// copy them every time, and a field of `Frame` would make finishing every frame copy
    /// its node instead of moving it.
    @exclusivity(unchecked) var graphNames: [(frame: Int, names: [ImplicitNodeName])] = []
    var pageIndex = 0
    /// `Scene.maximumCoordinate`, read once: from this module each read of it goes through
    /// its global's accessor (tested for every property value, issue 38).
    let coordinateLimit = Scene.maximumCoordinate

    // Imports.
    var importStack: [String] = []
    var modules: [String: [Binding]] = [:]
    /// True while running the top level of an imported file.
    var importing = false
    /// True while running statements directly at the top level of a file.
    var atFileTop = false

    // Pages.
    var pageSettings: PageSettings?
    var pageSettingsSpan: Span?
    var pageMarginGiven = false
    /// The `orientation:` of the block-less `page` statement: the default of every page
    /// block, also of one that names its own `size:` (`page size: a5 { … }` after
    /// `page size: a4, orientation: landscape` is A5 landscape).
    var pageLandscapeDefault: Bool?
    var pages: [PageNode] = []
    var firstPageBlock: Span?
    /// A `labels` statement made pages (the document asks viewers not to scale it).
    var printsLabelSheets = false
    /// See `Drawing.definitionLinks`, recorded when `recordDefinitions`.
    var definitionLinks: [DefinitionLink] = []
    var recordDefinitions = false

    init(sources: SourceManager, resources: Resources, parse: @escaping Evaluator.FileParser, main: File,
         limits: EvaluationLimits) {
        self.sources = sources
        self.limits = limits
        var policy = DiagnosticPolicy.evaluation
        policy.maximumErrors = limits.maxDiagnostics
        sink = DiagnosticSink(policy: policy)
        self.resources = resources
        self.parseFile = parse
        let path = sources[main.file]?.path ?? ""
        mainUnit = FileUnit(ast: main, path: path)
        unit = mainUnit
        for (name, kind) in NodeKind.byName.sorted(by: { $0.key < $1.key }) {
            let symbol = intern(name)
            symbolKinds[Int(symbol)] = kind
        }
        importStack = [normalizePath(path)]
    }

    // MARK: Running

    func run() -> Drawing {
        var root = Node(kind: .group, span: .unknown, style: .initial)
        root.explicitStyle = .empty
        // Generated drawings are long lists of top-level nodes: reserving once avoids copying
        // (and first-touching) the growing array of large nodes again at every doubling.
        var topLevelNodes = 0
        let statements = mainUnit.ast.statements
        for index in statements.indices {
            // In place, by index (see `execute(_:)`: a copy of each statement cost ~200).
            switch statements[index].kind {
            case .node: topLevelNodes += 1
            case .connector(let connector): topLevelNodes += Int(connector.arrows.count)
            default: break
            }
        }
        frames = [Frame(node: root, role: .root)]
        // Reserved in the frame, not in `root`: a reservation `root` still shared would be
        // copied by the first append, holding two arrays of every node at the peak.
        frames[0].node.children.reserveCapacity(min(topLevelNodes, limits.maxNodes))
        atFileTop = true
        execute(mainUnit.ast.statements)
        atFileTop = false
        let top = frames.removeLast()
        root = top.node

        var drawing: Drawing
        if pages.isEmpty {
            let settings = pageSettings ?? PageSettings(size: nil, margin: EdgeInsets(all: Self.fittedPageMargin), background: nil, span: .unknown)
            drawing = Drawing(pages: [PageNode(settings: settings, nodes: root.children)], hasPageBlocks: false)
        } else {
            if let first = root.children.first {
                report(EvalMessages.nodeOutsidePage(firstBlock: firstPageBlock, at: first.span))
            }
            drawing = Drawing(pages: pages, hasPageBlocks: true)
        }
        drawing.noPrintScaling = printsLabelSheets
        if sawImplicitNames { makeImplicitNodes(&drawing) }
        checkReferences()
        drawing.definitionLinks = definitionLinks
        drawing.sourcePaths = sources.files.map(\.path)
        drawing.dataTexts = dataTexts
        return drawing
    }

    /// Default margin of a page fitted to its content (no `page size:`): enough for strokes.
    static let fittedPageMargin = 10.0
    /// Default margin of a page with a size.
    static let sizedPageMargin = 36.0

    func checkReferences() {
        var sortedIDs: [String]?
        for reference in pendingReferences {
            if let info = ids[reference.id] {
                if info.page != reference.page {
                    report(EvalMessages.referenceOtherPage(reference.id, definedAt: info.span, at: reference.span))
                } else if reference.mustPrecede {
                    report(EvalMessages.forwardReference(reference.id, definedAt: info.span, at: reference.span))
                }
                continue
            }
            if sortedIDs == nil { sortedIDs = ids.keys.sorted() }
            let guess = closestMatch(to: reference.id, in: sortedIDs!)
            report(EvalMessages.unknownId(reference.id, guess: guess, at: reference.span))
        }
    }

    func sortedDiagnostics() -> [Diagnostic] { Diagnostic.sorted(sink.diagnostics) }

    // MARK: Diagnostics

    /// Records a diagnostic under the evaluation policy (DrawDiagnostics' DiagnosticSink: once
    /// per id and place, capped); a reached cap stops evaluation.
    func report(_ diagnostic: Diagnostic) {
        sink.report(diagnostic)
        if sink.isCapped { aborted = true }
    }

    /// Whether a diagnostic was already reported here: lets a loop skip building the same
    /// message (and its "did you mean" search) on every iteration.
    func isReported(_ id: SemanticsID, _ span: Span) -> Bool { sink.wasReported(id.rawValue, at: span) }

    /// A limit was hit (a typed message): report and stop evaluating.
    func limit(_ diagnostic: Diagnostic) {
        sink.reportLimit(diagnostic)
        aborted = true
    }

    // MARK: Symbols and scopes

    func intern(_ name: String) -> Int32 {
        // Node kinds and a loop body's names repeat on every line: a small cache in front of
        // the dictionary (small strings compare as two machine words), slotted by length and
        // first and last byte (with 8 slots by length and first byte, `r` and `floor` of one
        // loop body took the same slot and both went to the dictionary on every iteration).
        // The bytes read in place: `utf8.last` on the string view was a generic call of ~75
        // instructions a node (issue 38). (A string without contiguous bytes takes slot 0.)
        let slot: Int = name.utf8.withContiguousStorageIfAvailable { (bytes: UnsafeBufferPointer<UInt8>) -> Int in
            let first = Int(bytes.first ?? 0), last = Int(bytes.last ?? 0)
            return (bytes.count &* 31 &+ first &* 7 &+ last) & (Evaluation.recentNameSlots - 1)
        } ?? 0
        if recentNames[slot] == name { return recentSymbols[slot] }
        let symbol = internSlow(name)
        recentNames[slot] = name
        recentSymbols[slot] = symbol
        return symbol
    }

    func internSlow(_ name: String) -> Int32 {
        if let symbol = symbolTable[name] { return symbol }
        let symbol = Int32(symbolNames.count)
        symbolTable[name] = symbol
        symbolNames.append(name)
        newestBinding.append(-1)
        symbolKinds.append(nil)
        return symbol
    }

    /// The symbol of a name as written. Straight-line code names each identifier once, so a
    /// cache by position would only grow; small names hash quickly.
    func symbol(of identifier: Identifier) -> Int32 { intern(identifier.name) }

    /// Index in `bindings` of the visible binding of `symbol`, innermost first.
    func lookup(_ symbol: Int32) -> Int? {
        var index = Int(newestBinding[Int(symbol)])
        while index >= 0 {
            if index >= floor { return index }
            // Below the current body's floor only the captured ranges are visible, and the
            // chain runs from newest to oldest, so the first visible one is the innermost.
            for range in captures where range.contains(index) { return index }
            index = Int(bindings[index].previous)
        }
        return nil
    }

    func bind(_ symbol: Int32, _ value: Value, span: Span) {
        bindings.append(Binding(symbol: symbol, value: value, span: span, previous: newestBinding[Int(symbol)]))
        newestBinding[Int(symbol)] = Int32(bindings.count - 1)
    }

    /// Binds a declared name, diagnosing a second declaration in the same block.
    func declare(_ identifier: Identifier, _ value: Value) {
        let symbol = symbol(of: identifier)
        let newest = Int(newestBinding[Int(symbol)])
        if newest >= max(blockStart, floor) {
            report(EvalMessages.duplicateBinding(identifier.name, previous: bindings[newest].span, at: identifier.span))
        }
        bind(symbol, value, span: identifier.span)
    }

    func truncateBindings(to count: Int) {
        // Newest first, each binding moved out as it goes (reading `bindings[index]` copied it).
        while bindings.count > count {
            let binding = bindings.removeLast()
            newestBinding[Int(binding.symbol)] = binding.previous
        }
    }

    /// The names visible here, for "did you mean".
    func visibleNames(where predicate: (Value) -> Bool = { _ in true }) -> [String] {
        var names: [String] = []
        var ranges = [floor..<bindings.count]
        ranges.append(contentsOf: captures)
        for range in ranges {
            for index in range where predicate(bindings[index].value) {
                names.append(symbolNames[Int(bindings[index].symbol)])
            }
        }
        return names.sorted()
    }

    func didYouMean(_ word: String, among candidates: [String], span: Span) -> ([Diagnostic.Note], [Diagnostic.FixIt]) {
        guard let guess = closestMatch(to: word, in: candidates), guess != word else { return ([], []) }
        return ([EvalMessages.didYouMean(guess)], [.init(replacing: span, with: guess)])
    }

    // MARK: Paths

    /// Resolves `path` against the directory of the file that `span` lies in.
    func resolvePath(_ path: String, relativeTo span: Span) -> String {
        resolveImportedPath(path, importer: sources[span.file]?.path ?? unit.path)
    }
}

/// What a `font:` name refers to: a font file path (it has a `/` or ends in .ttf, .otf or
/// .ttc) relative to the folder of the file that names it, else the family name itself.
package func fontReference(_ name: String, importer: String) -> String {
    let lower = name.lowercased()
    if name.contains("/") || lower.hasSuffix(".ttf") || lower.hasSuffix(".otf") || lower.hasSuffix(".ttc") {
        return resolveImportedPath(name, importer: importer)
    }
    return name
}

/// The path a file named in `import`, `csv()` or `image` refers to: relative to the folder of
/// the file that names it (`importer`), normalised. Tools resolve imports with it too.
package func resolveImportedPath(_ path: String, importer base: String) -> String {
    if path.hasPrefix("/") { return normalizePath(path) }
    let directory: String
    if let slash = base.utf8.lastIndex(of: UInt8(ascii: "/")) { directory = String(base[...slash]) } else { directory = "" }
    return normalizePath(directory + path)
}

/// Removes `.` and `name/..` components; keeps a leading `/` and leading `..` components.
package func normalizePath(_ path: String) -> String {
    let absolute = path.hasPrefix("/")
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
        if part == "." { continue }
        if part == "..", let last = parts.last, last != ".." { parts.removeLast(); continue }
        if part == "..", absolute, parts.isEmpty { continue }
        parts.append(part)
    }
    return (absolute ? "/" : "") + parts.joined(separator: "/")
}
