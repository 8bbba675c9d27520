// The layout engine: three linear passes per page over the node tree.
//
// 1. measure (bottom-up): every node's bounds in its own coordinates — (0, 0, w, h) for
//    sized things, the bounding box of the coordinates for lines and paths, the union of
//    the children for groups. Text is shaped and path data parsed here, once.
// 2. place (top-down, in source order): every node's translation into page content
//    coordinates (the top-left corner of the margin box is 0, 0) and, under `rotate`/`scale`,
//    the accumulated transform. `at:` anchors of earlier nodes are resolved here, so they
//    must be placed already; connectors are queued and computed when the page is placed
//    (they may name later nodes).
// 3. emit (in source order): scene items, shifted by the page origin.
//
// Each pass has its file: Measure.swift, Place.swift, Emit.swift; connectors are Links.swift,
// Connectors.swift and Routing.swift; the page checks Checks.swift. What each kind does in a
// pass is its layout class's arm (KindClasses.swift): shapes in Shapes.swift, containers in
// Arrangements.swift.
//
// Nodes are numbered in pre-order; per-node results live in one flat array of `Box`es
// (no per-node dictionaries or child arrays), so a million shapes cost linear time.

import DrawBase
import DrawCatalogue
import DrawDiagnostics
import DrawResources
import DrawFonts
import DrawOutput
import DrawScene
import DrawSemantics

/// Lays out a drawing: measures bottom-up, places top-down, and emits one scene page per
/// page of the drawing. Diagnostics are returned in the order found; the document is
/// complete (if possibly wrong) even when there are errors.
/// Images are read through `resources`, the boundary the evaluator read imports and data through.
/// With `recordSources`, every item gets the statement that made it (docs/ir.md).
package func layout(_ drawing: Drawing, fonts: FontResolver = FontResolver(),
                    resources: Resources = Resources(), recordSources: Bool = false) -> (Scene.Document, [Diagnostic]) {
    var engine = LayoutEngine(fonts: fonts, resources: resources)
    engine.sourcePaths = drawing.sourcePaths
    engine.dataTexts = drawing.dataTexts
    var document = Scene.Document()
    engine.recordSources = recordSources
    engine.recorder.links = recordSources ? drawing.definitionLinks : []
    for page in drawing.pages {
        document.pages.append(engine.layoutPage(page))
        engine.causes.pages.append(page.settings.span)
    }
    if recordSources { document.sources = engine.recorder.sources }
    document.fonts = engine.documentFonts
    document.images = engine.images
    document.patterns = engine.patterns
    document.metadata.noPrintScaling = drawing.noPrintScaling
    document.causes = engine.causes
    return (document, engine.sink.diagnostics)
}

/// The most errors layout reports for one document (the layout policy's cap).
var maximumDiagnostics: Int { DiagnosticPolicy.layout.maximumErrors }

/// Layout defaults (documented in docs/ir.md and docs/language.md).
enum LayoutDefaults {
    /// Spacing between children of stacks and grids when `spacing:` is not given.
    static let spacing = 8.0
    /// Padding of a shape that sizes itself to its label or children.
    static let shapePadding = 8.0
    /// Size of a `rect`/`ellipse` without size, label or children (Pikchr's 0.75in × 0.5in).
    static let shapeSize = Size(54, 36)
    /// Radius of a `circle` without `r:`, label or children (Pikchr's 0.25in).
    static let circleRadius = 18.0
    /// Gap between a connector and its label.
    static let labelGap = 3.0
    /// Gap between a cluster's title and the graph below it.
    static let titleGap = 6.0
    /// Connector labels without their own `fontSize:` are this much smaller than body text.
    static let connectorLabelScale = 10.0 / 12.0
    /// Padding of a connector label's background, horizontal and vertical.
    static let labelBackgroundPadding = Size(2, 1)
    /// Distance between parallel connectors joining the same two nodes.
    static let parallelSpacing = 10.0
    /// The width of a leader line from a connector to a label placed away from it.
    static let leaderWidth = 0.5
    /// How far a self-loop reaches out of its node, at least.
    static let selfLoopReach = 24.0
    /// A label or a node sticking out of its space by less than this is not reported.
    static let overflowTolerance = 0.5
}

/// A node of the drawing being laid out, read in place. The drawing outlives layout and is
/// never changed by it; reading fields through the pointer copies only the field read,
/// where passing a `Node` copied the whole node (five reference counts each way) at every
/// visit — measure, place and emit visited each node four times.
typealias NodeRef = UnsafePointer<Node>
/// A node's style read in place (`NodeRef.styleInPlace`), for the same reason: emit passes
/// it down to the leaves and the paint.
typealias StyleRef = UnsafePointer<ResolvedStyle>

extension UnsafePointer where Pointee == Node {
    var kind: NodeKind { pointee.kind }
    var span: Span { pointee.span }
    var id: String? { pointee.id }
    var content: String? { pointee.content }
    var contentSpan: Span? { pointee.contentSpan }
    var contentIsVerbatim: Bool { pointee.contentIsVerbatim }
    var explicitStyle: InheritedSet { pointee.explicitStyle }
    var geometry: NodeGeometry { pointee.geometry }
    // `hasRareGeometry` is DrawSemantics' (read in place there).
    var style: ResolvedStyle { pointee.style }
    var children: [Node] { pointee.children }
}

/// Per-node results, indexed by pre-order position on the page.
struct Box {
    /// Bounds in the node's own coordinates (from measuring).
    var bounds = Rect.zero
    /// Translation from the node's own coordinates to page content coordinates (placing).
    var offset = Point.zero
    /// Index in `LayoutEngine.transforms` of the rotation/scale applied around this node
    /// (its own and its ancestors'), in content coordinates; -1 when none.
    var transform: Int32 = -1
    /// Index just past this node's subtree, so children can be walked without arrays.
    var next: Int32 = 0
    /// Index of a side record: text block (text, shape label), path (path, line kinds),
    /// connector geometry; -1 when none.
    var side: Int32 = -1
    var kind: NodeKind = .group
    var state: State = .unplaced

    enum State: UInt8 {
        case unplaced, placed
        /// A connector (or line between nodes): never flows, computed after placing.
        case connector
        /// Ignored content (children of kinds that take none).
        case ignored
    }
}

/// The computed geometry of a connector, in content coordinates.
struct ConnectorGeometry {
    var line: Scene.Path?
    var heads: Scene.Path?
    /// Marks drawn with the line's stroke (open heads, bars, crow's feet).
    var strokedHeads: Scene.Path?
    /// Marks stroked over a fill of the page background (hollow diamonds and circles).
    var hollowHeads: Scene.Path?
    var label: TextBlock?
    var labelOrigin = Point.zero
    /// The label's background (nil: none).
    var labelBackground: Color?
    /// A thin line from the connector to a label placed away from it (LabelPlacement.swift).
    var leader: Scene.Path?
    var leaderStroke: Stroke?
    /// The route flattened, in content coordinates (what labels and later routes keep clear of).
    var route: [Point] = []
    /// The nodes it joins and whether it merges (`merge: true`) with others at them.
    var ends: (Int?, Int?) = (nil, nil)
    var merge = false
    var bounds: Rect?
}

/// The engine is a struct of flat arrays. Its helpers that read the arrays are `mutating`
/// even when they only read: calling a non-mutating method from a mutating one copies the
/// whole struct (measured: ~1,200 instructions per node), a mutating call passes it in place.
struct LayoutEngine {
    let fonts: FontResolver
    var sink = DiagnosticSink(policy: .layout)
    /// Sources of items (Sources.swift), only when asked.
    var recordSources = false
    var recorder = SourceRecorder()
    var emitParentKind: NodeKind?

    // Fonts, shared by all pages.
    var faces: [LayoutFace] = []
    var faceCache: [FaceKey: [Int]] = [:]
    var lastFaceKey: FaceKey?
    var lastFaces: [Int] = []
    /// The faces of `lastFaces`, looked up once.
    var lastFaceObjects: [LayoutFace] = []
    /// Reused by every text (taken and given back), so shaping allocates nothing per text.
    var shapedScratch: [ShapedGlyph] = []
    /// Reused the same way: a text's run settings, paragraph ends and line ranges.
    var runSettingsScratch: [RunSettings] = []
    var paragraphEndsScratch: [Int] = []
    var lineRangesScratch: [LineRange] = []
    /// Printable ASCII in one face is shaped byte by byte (`layoutText`'s `shapeASCII`); off
    /// only in tests, which check that it gives what the scalar-by-scalar path gives.
    var shapesASCIIBytes = true
    var composer = Composer()
    /// Face index → index in `documentFonts`, -1 until first drawn.
    var fontIDs: [Int] = []
    var documentFonts: [Scene.FontResource] = []
    var images: [Scene.ImageResource] = []
    /// The source spans of fonts, images, pages and the first transparency, for backends' warnings.
    var causes = Scene.Causes()
    /// Where the text being emitted takes its font from: the `font:` value, else the node.
    var fontCause = Span.unknown
    var imageIndex: [String: Int] = [:]
    /// Tiling patterns of the document (Paint.swift), each tile once per transform.
    var patterns: [Scene.PatternResource] = []
    var tileIndex: [TileKey: Scene.PatternID] = [:]
    /// The tiles of `tileIndex` (kept alive so their identities stay unique).
    var tileOwners: [PatternTile] = []
    /// True while a pattern's tile is laid out as a page of its own: no page-edge warnings.
    var layingOutTile = false

    // Per page.
    var boxes: [Box] = []
    var transforms: [Transform] = []
    var texts: [TextBlock] = []
    var paths: [Scene.Path] = []
    var imageItems: [Scene.ImageItem] = []
    var connectors: [ConnectorGeometry] = []
    var barcodes: [BarcodeGeometry] = []
    /// The page's barcodes encoded ahead of measuring (`encodeBarcodes`).
    var encodedBarcodes: [BarcodeKey: EncodedBarcode] = [:]
    /// The outlines of `stroke` nodes (indexed by their box's `side`), drawn when emitted.
    var inkOutlines: [[Point]] = []
    var ids: [String: Int] = [:]
    var pendingConnectors: [(Int, Node)] = []
    /// Corner radii of named rects, for clipping connectors.
    var cornerRadii: [Int: Double] = [:]
    /// Options of named diagram shapes, for clipping connectors and their anchors.
    var shapeOptions: [Int: ShapeOptions] = [:]
    /// Half the stroke width of named nodes that draw an outlined shape, for clipping.
    var strokeHalfWidths: [Int: Double] = [:]
    /// The page being laid out: its background and fixed size (nil: sized to the content).
    var pageBackground: Color?
    var pageSize: Size?
    /// Labels of this page's connectors placed so far, and the frames of its nodes (made
    /// on first use), so labels keep clear of both and routes of the nodes.
    var placedLabels = RectIndex()
    /// The lines of this page's connectors, by connector (`connectors` index), for labels.
    var lineIndex = SegmentIndex()
    /// Which pass of the page's connector routing runs (ConnectorRouting.swift): 1 routes
    /// each alone, 2 again with spread ports and earlier routes as soft obstacles; 0 none.
    var routingPass = 0
    /// Orthogonal routes of pass 1: the node sides their ends use, by connector box index.
    var routeEnds: [(index: Int, start: RouteEnd?, end: RouteEnd?, merge: Bool)] = []
    /// Ports given to ends in pass 2, by 2 × box index (+1 for the end).
    var portOverrides: [Int: Port] = [:]
    /// The lines of connectors routed so far in pass 2, by connector.
    var routedLines = SegmentIndex()
    /// The route search's storage, reused by every search of the layout (Routing.swift).
    var routeScratch = RouteScratch()
    /// Orthogonal routes pass 1 found no way for around every node (by box index).
    var looseRoutes: Set<Int> = []
    /// How many groups the items being emitted are nested in (0: the page's own list).
    var groupDepth = 0
    /// Labels of connectors emitted in the page's own list, painted after every connector.
    var deferredLabels: [(geometry: ConnectorGeometry, source: Scene.SourceID)] = []
    var nodeFrames: [(index: Int, frame: Rect)]?
    var nodeFrameIndex: RectIndex?
    /// `nodeFrames`' positions sorted by their frames' left edges, and the widest frame's
    /// width: the frames near a route are found without a scan of the page.
    var nodeFramesByLeft: (order: [Int], widest: Double)?
    /// Outlines of connector targets, flattened once per page.
    var outlineCache: [Int: [[Point]]] = [:]
    /// Orthogonal routes searched on this page so far (bounded by `maximumRoutedConnectors`).
    var routedConnectors = 0
    /// Connectors between the same two nodes: how many, and how many are placed so far.
    var parallelCounts: [PairKey: Int] = [:]
    var parallelSeen: [PairKey: Int] = [:]
    /// Shift from content coordinates to page coordinates (the margin, and for pages sized
    /// to their content, minus the content's top-left corner).
    var origin = Point.zero
    /// Tools (the language server) ask for every node's laid-out frame: see Frames.swift.
    var recordsFrames = false
    /// False for tools that want diagnostics and frames only (the language server): the
    /// scene items are not made. Emitting reports nothing — every diagnostic of layout
    /// comes from measuring, placing, connectors and the checks of the page — so the
    /// diagnostics are the same either way (tested over the samples and the corpus).
    var emitsItems = true
    var recordedFrames: [LaidOutFrame] = []
    var recordedPages = 0
    /// Where the trimmed page starts on the sheet (the bleed, and room for crop marks).
    var trimOrigin = Point.zero
    /// Whether the page's placement is checked (texts against their parent's box): not
    /// after errors, when nodes may sit where a fallback put them.
    var checksPlacement = false
    /// The drawing's source files by `FileID` (for font paths in markup, relative to them).
    var sourcePaths: [String] = []
    /// `Drawing.dataTexts`: where text made from data came from.
    var dataTexts: [String: Span] = [:]
    /// Measured texts kept across layouts (tools only; TextCache.swift).
    var textCache: TextMeasureCache?
    /// Diagnostics reported so far, counted before the sink de-duplicates or caps them.
    var reportCount = 0
    /// The page's `graph` layouts (GraphArrangement.swift).
    var graphs = GraphState()
    /// Bends of pending connectors laid out by a graph, by box index.
    var graphConnectorBends: [Int: GraphEdgeLine] = [:]

    let resources: Resources

    init(fonts: FontResolver, resources: Resources) { self.fonts = fonts; self.resources = resources }

    /// Records a diagnostic under the layout policy (DrawDiagnostics' DiagnosticSink): text
    /// and paths inside a component or a loop come from one literal, and their mistakes are
    /// reported once per place, not once per use.
    mutating func report(_ diagnostic: Diagnostic) { reportCount += 1; sink.report(diagnostic) }

    // MARK: Pages

    mutating func layoutPage(_ page: PageNode) -> Scene.Page {
        boxes.removeAll(keepingCapacity: true); transforms.removeAll(); texts.removeAll()
        paths.removeAll(); connectors.removeAll(); ids.removeAll(); pendingConnectors.removeAll()
        cornerRadii.removeAll()
        shapeOptions.removeAll(); strokeHalfWidths.removeAll(); placedLabels = RectIndex(); nodeFrames = nil
        lineIndex = SegmentIndex(); deferredLabels.removeAll(); groupDepth = 0
        routingPass = 0; routeEnds.removeAll(); looseRoutes.removeAll(); portOverrides.removeAll(); routedLines = SegmentIndex()
        nodeFrameIndex = nil; nodeFramesByLeft = nil; outlineCache.removeAll(); routedConnectors = 0
        inkOutlines.removeAll()
        parallelCounts.removeAll(); parallelSeen.removeAll()
        pageBackground = page.settings.background; pageSize = page.settings.size
        imageItems.removeAll()
        barcodes.removeAll()
        graphs = GraphState(); graphConnectorBends = [:]
        graphs.pageNodes = page.nodes
        let counts = Self.countNodes(page.nodes)
        boxes.reserveCapacity(counts.nodes)
        texts.reserveCapacity(counts.texts)
        encodeBarcodes(page.nodes)

        // Nodes are read through a buffer pointer: subscripting the array would copy each
        // node (a dozen reference counts) at every visit.
        page.nodes.withUnsafeBufferPointer { nodes in
            for i in nodes.indices { measure(nodes.baseAddress! + i) }
        }

        // The page acts as a group: top-level nodes stay at their own coordinates.
        var index = 0
        page.nodes.withUnsafeBufferPointer { nodes in
            for i in nodes.indices {
                let offset = outOfFlowOffset(nodes.baseAddress! + i, index: index, parentOffset: .zero, parentTransform: -1) ?? .zero
                place(nodes.baseAddress! + i, index: index, offset: offset, transform: -1)
                index = Int(boxes[index].next)
            }
        }
        computePendingConnectors()

        let margin = page.settings.margin
        let size: Size
        if let fixed = page.settings.size {
            size = fixed
            origin = Point(margin.left, margin.top)
        } else {
            let content = contentBounds() ?? .zero
            origin = Point(margin.left - content.minX, margin.top - content.minY)
            size = Size(content.width + margin.left + margin.right, content.height + margin.top + margin.bottom)
        }

        // A print-shop page (bleed, crop marks) sits inside a larger sheet.
        let slug = PrintMarks.slug(page.settings)
        trimOrigin = Point(slug, slug)
        origin = origin + trimOrigin
        // One rule for every format: geometry beyond the coordinate range, or a page larger
        // than PDF allows, is an error here, and the backends get an empty page.
        var outOfRange = false
        index = 0
        page.nodes.withUnsafeBufferPointer { nodes in
            for i in nodes.indices {
                if checkCoordinateRange(nodes.baseAddress! + i, index: index) { outOfRange = true }
                index = Int(boxes[index].next)
            }
        }
        if !outOfRange, !(size.width <= Scene.maximumPageSide && size.height <= Scene.maximumPageSide) {
            reportPageTooLarge(page, size: size)
            outOfRange = true
        }
        if outOfRange { return Scene.Page(size: Size(1, 1), background: nil, items: []) }

        // About one item per node (shapes with labels make two): reserving avoids copying
        // the growing array of every item of the page at each doubling.
        var items: [Scene.Item] = []
        items.reserveCapacity(boxes.count)
        // After errors nodes may sit where a fallback put them: no placement warnings then.
        let hasErrors = sink.hasErrors
        checksPlacement = !hasErrors
        index = 0
        if recordSources { recorder.resetPage() }
        emitParentKind = nil
        page.nodes.withUnsafeBufferPointer { nodes in
            for i in nodes.indices {
                if page.settings.size != nil && !hasErrors && !layingOutTile { checkInsidePage(nodes.baseAddress! + i, index: index, size: size) }
                if !hasErrors && (nodes.baseAddress! + i).hasRareGeometry { checkLabelCell(nodes.baseAddress! + i, index: index) }
                if emitsItems {
                    emit(nodes.baseAddress! + i, index: index, into: &items)
                } else if !hasErrors {
                    checkTextsInsideParents(nodes.baseAddress! + i, index: index)
                }
                index = Int(boxes[index].next)
            }
        }
        // Connector labels last, so that no later line strikes one through.
        let deferred = deferredLabels
        deferredLabels.removeAll()
        let origin = self.origin
        for (geometry, source) in deferred {
            let start = items.count
            appendLineLabel(geometry, map: { Scene.Path(verbs: $0.verbs, points: $0.points.map { $0 + origin }) },
                            place: { $0 + origin }, into: &items)
            if recordSources && items.count > start {
                recorder.runs.append(SourceRecorder.Run(list: 0, start: Int32(start), end: Int32(items.count), source: source))
            }
        }
        if recordsFrames { recordFrames(page.nodes) }
        let sources = recordSources ? recorder.attach(to: &items) : []
        // Print marks are items too: a layout for tools (no items) leaves them out.
        if emitsItems && (page.settings.bleed > 0 || page.settings.cropMarks) {
            var marked = PrintMarks.page(trimSize: size, background: page.settings.background, items: items, sources: sources,
                                         settings: page.settings, fonts: documentFonts)
            marked.origin = origin
            return marked
        }
        var made = Scene.Page(size: size, background: page.settings.background, items: items)
        made.itemSources = sources
        made.origin = origin
        return made
    }

    /// How many nodes the page has, and at most how many text blocks measuring makes (one per
    /// text and per node with content: labelled shapes; paths' data counts too): `boxes` and
    /// `texts` are reserved from them, so neither array is copied as it grows.
    static func countNodes(_ nodes: [Node]) -> (nodes: Int, texts: Int) {
        var count = (nodes: nodes.count, texts: 0)
        for i in nodes.indices {
            if nodes[i].content != nil { count.texts += 1 } else if case .text = nodes[i].kind.layoutClass { count.texts += 1 }
            if !nodes[i].children.isEmpty {
                let inner = Self.countNodes(nodes[i].children)
                count.nodes += inner.nodes; count.texts += inner.texts
            }
        }
        return count
    }

    /// The union of everything placed, in content coordinates.
    mutating func contentBounds() -> Rect? {
        var result: Rect?
        func add(_ r: Rect) { result = result.map { $0.union(r) } ?? r }
        for i in boxes.indices {
            let box = boxes[i]
            switch box.state {
            case .placed:
                // Empty containers and spacers have no extent of their own.
                if box.kind == .spacer { continue }
                if box.bounds.width == 0 && box.bounds.height == 0 && box.kind == .group { continue }
                let frame = Rect(origin: box.bounds.origin + box.offset, size: box.bounds.size)
                add(box.transform >= 0 ? transformedBounds(frame, transforms[Int(box.transform)]) : frame)
            case .connector:
                if box.side >= 0, let b = connectors[Int(box.side)].bounds {
                    add(box.transform >= 0 ? transformedBounds(b, transforms[Int(box.transform)]) : b)
                }
            case .unplaced, .ignored:
                continue
            }
        }
        return result
    }
}
