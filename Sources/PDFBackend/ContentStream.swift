// A PDF content stream being written (a page's or a form XObject's), with typed helpers per
// operator, the q/Q nesting depth, the graphics state the reader will be in (so unchanged
// parameters are not written again), and the resources the stream refers to.

import DrawBase
import DrawOutput
import DrawScene

/// The graphics state parameters we set, as the reader will see them at this point of the
/// stream. Saved by `q` and restored by `Q` exactly as in PDF, so it never goes stale.
struct GraphicsState: Equatable {
    var fill: (Double, Double, Double) = (0, 0, 0)
    var stroke: (Double, Double, Double) = (0, 0, 0)
    var fillAlpha: Double = 1
    var strokeAlpha: Double = 1
    var lineWidth: Double = 1
    /// Nil: not known (see `unknown`).
    var cap: LineCap? = .butt
    var join: LineJoin? = .miter
    /// PDF's initial miter limit is 10 (SVG's is 4; the IR always says which).
    var miterLimit: Double = 10
    var dash: [Double] = []
    var dashOffset: Double = 0
    /// Text state (`Tf`) is part of the graphics state too; nil until first set.
    var font: Int? = nil
    var fontSize: Double = 0

    /// A state in which every parameter is unknown, so that each is written before its
    /// first use: the start of a transparency group's form. A form may inherit the state of
    /// the `Do` that paints it, but poppler renders a group's content without it (a dashed
    /// 3 pt stroke came out solid and 1 pt wide), so each group sets what it needs.
    static var unknown: GraphicsState {
        var state = GraphicsState()
        state.fill = (-1, -1, -1)
        state.stroke = (-1, -1, -1)
        state.lineWidth = -1
        state.cap = nil
        state.join = nil
        state.miterLimit = -1
        state.dash = [-1]
        return state
    }

    static func == (a: GraphicsState, b: GraphicsState) -> Bool {
        a.fill == b.fill && a.stroke == b.stroke && a.fillAlpha == b.fillAlpha && a.strokeAlpha == b.strokeAlpha
            && a.lineWidth == b.lineWidth && a.cap == b.cap && a.join == b.join && a.miterLimit == b.miterLimit
            && a.dash == b.dash && a.dashOffset == b.dashOffset && a.font == b.font && a.fontSize == b.fontSize
    }
}

/// Indices in first-use order without repeats (a list for the order, a set so a document
/// with thousands of resources doesn't make each use a linear search).
struct OrderedIndexSet: Sequence {
    private(set) var list: [Int] = []
    private var members: Set<Int> = []
    var isEmpty: Bool { list.isEmpty }
    mutating func insert(_ value: Int) {
        // Items mostly repeat the resource of the item before (one font for many runs):
        // the last one added is a member, so skip the set's hashing for it.
        if list.last == value { return }
        if members.insert(value).inserted { list.append(value) }
    }
    func contains(_ value: Int) -> Bool { members.contains(value) }
    func makeIterator() -> IndexingIterator<[Int]> { list.makeIterator() }
}

/// Resources one content stream uses, each in first-use order without repeats, so its
/// `/Resources` dictionary is deterministic and names only what it needs.
struct ResourceUse {
    var fonts = OrderedIndexSet()
    var graphicsStates = OrderedIndexSet()
    var images = OrderedIndexSet()
    var forms = OrderedIndexSet()
    /// Shading patterns (`/Pn`) and shadings (`/Shn`) of gradients.
    var patterns = OrderedIndexSet()
    var shadings = OrderedIndexSet()
    /// Tiling patterns (`/Tn`, TilingPatterns.swift).
    var tilings = OrderedIndexSet()
    /// Whether anything in the stream is transparent (then the page gets a group with a
    /// blending colour space, so viewers blend in RGB rather than guessing).
    var usesTransparency = false

}

/// Precision of numbers in content streams. Coordinates: 1/10,000 pt. Matrix scale and
/// rotation parts get more digits, because they multiply coordinates of up to ~10^4 pt.
enum Precision {
    static let coordinate = 4
    static let matrix = 6
    static let color = 4
    /// TJ adjustments are thousandths of an em; 3 more digits keep placement within
    /// 10^-6 em of the layout's positions.
    static let textAdjustment = 3
}

extension ByteBuffer {
    /// A pattern's ` /Matrix [a b c d e f]` entry: the pattern space in the page's default
    /// space, scale and rotation at matrix precision.
    mutating func appendPatternMatrix(_ m: Transform) {
        append(static: " /Matrix [")
        append(number: m.a, precision: Precision.matrix); append(0x20)
        append(number: m.b, precision: Precision.matrix); append(0x20)
        append(number: m.c, precision: Precision.matrix); append(0x20)
        append(number: m.d, precision: Precision.matrix); append(0x20)
        append(number: m.e); append(0x20); append(number: m.f)
        append(static: "]")
    }
}

extension ContentStream {
    /// A stroke's width, cap, join, miter limit and dash, whatever paints it (a colour or a
    /// pattern). A dash pattern of all zeros is invalid in PDF; it, and any negative length,
    /// is drawn solid (as SVG does).
    mutating func setStrokeStyle(_ stroke: Stroke) {
        setLineWidth(stroke.width)
        setLineCap(stroke.cap)
        setLineJoin(stroke.join)
        if stroke.join == .miter { setMiterLimit(stroke.miterLimit) }
        let (dash, phase) = Self.dashPattern(of: stroke)
        setDash(dash, phase: phase)
    }

    /// The dash array and phase `d` sets for `stroke`: its own when valid, else solid.
    @inline(__always) static func dashPattern(of stroke: Stroke) -> (dash: [Double], phase: Double) {
        let dash = stroke.dash
        guard !dash.isEmpty, dash.allSatisfy({ $0 >= 0 && $0.isFinite }), dash.contains(where: { $0 > 0 }) else { return ([], 0) }
        return (dash, stroke.dashOffset)
    }
}

/// How page content streams are compressed (docs/pdf.md, "Compression"): a stream up to
/// `Deflate.wholeLimit` (64 KiB) whole at zlib's level 6; a longer one in pieces by drawc's
/// own encoder (`DeflateEncoder`): with its greedy matcher, or with Huffman codes only when
/// the stream's first `sampleSize` bytes come out no larger that way — numbers computed from
/// geometry (ink outlines) have almost no repeats for a matcher to find, and coding them
/// without matching is both smaller and faster. Streams of up to one piece use the matcher.
enum ContentCompression {
    /// The level asked for: streams compressed whole use it.
    static let level: Int32 = 6
    /// The bytes at the start of a stream its strategy is chosen on.
    static let sampleSize = 32 << 10
    /// The strategy of streams that are not sampled (up to one piece).
    static let matching = Deflate.Strategy.greedy

    /// `.huffman` when the sample, coded without matching, is no larger than with the
    /// greedy matcher; else `.greedy`. Depends only on the bytes.
    static func strategy(sample: ArraySlice<UInt8>) -> Deflate.Strategy {
        let bytes = Array(sample)
        let matched = Deflate.compress(bytes, level: Deflate.chunkLevel, strategy: matching).count
        let coded = Deflate.compress(bytes, level: Deflate.chunkLevel, strategy: .huffman).count
        return coded <= matched ? .huffman : matching
    }
}

struct ContentStream {
    var out = ByteBuffer(capacity: 1024)
    private(set) var depth = 0
    var state = GraphicsState()
    private var savedStates: [GraphicsState] = []
    var resources = ResourceUse()
    /// Numbers formatted before, shared by a page's streams (nil: format every number).
    var numbers: NumberCache?
    /// The cursor's tables of small whole numbers and 8-bit colour components.
    let tables = ByteCursor.Tables.shared
    /// Whether the stream is compressed on other threads while it is being written (a
    /// page's stream, when the file is compressed): complete pieces are taken off the front
    /// of `out` by `compressor`, made when the first piece is complete, with the strategy
    /// `ContentCompression` picks for how the stream starts. Otherwise `out` holds the whole
    /// stream, compressed, if at all, when the file is written.
    var compressesWhileWriting = false {
        didSet { nextPiece = compressesWhileWriting ? Deflate.chunkSize : .max }
    }
    /// The compressor that has taken pieces of the stream, if any has been taken.
    private(set) var compressor: Deflate.Streaming?
    /// The length past which the compressor has a piece to take (checked after every item).
    private var nextPiece = Int.max

    /// Hands the complete pieces of what is written so far to the compressor, if any.
    @inline(__always) mutating func feedCompressor() {
        guard out.count > nextPiece else { return }
        if compressor == nil {
            let strategy = ContentCompression.strategy(sample: out.bytes.prefix(ContentCompression.sampleSize))
            compressor = Deflate.Streaming(level: ContentCompression.level, strategy: strategy)
        }
        compressor?.feed(&out)
    }

    init(state: GraphicsState = GraphicsState()) {
        self.state = state
    }

    // MARK: numbers and separators

    @inline(__always) mutating func number(_ value: Double, _ precision: Int = Precision.coordinate) {
        out.append(number: value, precision: precision)
        out.append(0x20)
    }

    @inline(__always) mutating func op(_ text: StaticString) {
        out.append(static: text)
        out.append(0x0A)
    }

    // MARK: graphics state

    /// `q`: save the graphics state.
    mutating func save() {
        op("q")
        savedStates.append(state)
        depth += 1
    }

    /// `Q`: restore the graphics state saved by the matching `q`.
    mutating func restore() {
        precondition(depth > 0, "Q without q")
        op("Q")
        state = savedStates.removeLast()
        depth -= 1
    }

    /// `cm`: concatenate `t` to the current transformation matrix.
    mutating func concatenate(_ t: Transform) {
        number(t.a, Precision.matrix); number(t.b, Precision.matrix)
        number(t.c, Precision.matrix); number(t.d, Precision.matrix)
        number(t.e); number(t.f)
        op("cm")
    }

    /// `rg`: set the fill colour (DeviceRGB), if it differs.
    mutating func setFillColor(_ c: Color) {
        let rgb = (c.red, c.green, c.blue)
        guard state.fill != rgb else { return }
        writeColor(c, operator: "rg")
        state.fill = rgb
    }

    /// `RG`: set the stroke colour (DeviceRGB), if it differs.
    mutating func setStrokeColor(_ c: Color) {
        let rgb = (c.red, c.green, c.blue)
        guard state.stroke != rgb else { return }
        writeColor(c, operator: "RG")
        state.stroke = rgb
    }

    /// `r g b` and `op` (`rg` or `RG`), through a cursor when the components allow.
    private mutating func writeColor(_ c: Color, operator op: StaticString) {
        guard Precision.color == NumberFormat.defaultPrecision,
              ByteCursor.fits(c.red), ByteCursor.fits(c.green), ByteCursor.fits(c.blue) else {
            number(c.red, Precision.color); number(c.green, Precision.color); number(c.blue, Precision.color)
            self.op(op)
            return
        }
        let tables = self.tables
        out.withCursor(maximumLength: Self.colorLength, numbers: numbers) { out in Self.color(c, op, tables, &out) }
    }

    /// The room `color` needs.
    static var colorLength: Int { 3 * (NumberFormat.maximumFastLength + 1) + 4 }

    /// `r g b op` and a newline into a cursor with `colorLength` bytes of room; the caller
    /// has checked that each component `fits`.
    @inline(__always) static func color(_ c: Color, _ op: StaticString, _ tables: ByteCursor.Tables, _ out: inout ByteCursor) {
        // Components of 8 bits (`#rrggbb`, what drawings mostly have) by table: a third of
        // the instructions of formatting the three (issue 38, sixth pass).
        let r = ByteCursor.eightBitIndex(c.red), g = ByteCursor.eightBitIndex(c.green), b = ByteCursor.eightBitIndex(c.blue)
        if r | g | b >= 0 {
            out.eightBitFraction(r, table: tables.eightBitFractions)
            out.eightBitFraction(g, table: tables.eightBitFractions)
            out.eightBitFraction(b, table: tables.eightBitFractions)
        } else {
            out.number(c.red); out.byte(0x20); out.number(c.green); out.byte(0x20)
            out.number(c.blue); out.byte(0x20)
        }
        out.text(op); out.byte(0x0A)
    }

    /// `w`: line width.
    mutating func setLineWidth(_ width: Double) {
        guard state.lineWidth != width else { return }
        if ByteCursor.fits(width) {
            out.withCursor(maximumLength: 4 + NumberFormat.maximumFastLength, numbers: numbers) { out in
                Self.numberOperator(width, 0x77, &out)  // w
            }
        } else {
            number(width); op("w")
        }
        state.lineWidth = width
    }

    /// `J`: line cap (0 butt, 1 round, 2 square).
    mutating func setLineCap(_ cap: LineCap) {
        guard state.cap != cap else { return }
        out.withCursor(maximumLength: 4) { out in Self.digitOperator(cap.rawValue, 0x4A, &out) }  // J
        state.cap = cap
    }

    /// `j`: line join (0 miter, 1 round, 2 bevel).
    mutating func setLineJoin(_ join: LineJoin) {
        guard state.join != join else { return }
        out.withCursor(maximumLength: 4) { out in Self.digitOperator(join.rawValue, 0x6A, &out) }  // j
        state.join = join
    }

    /// `value op` and a newline, `value` a number that `ByteCursor.fits` (the width and the
    /// miter limit, from their setters and from `paintPath`).
    @inline(__always) static func numberOperator(_ value: Double, _ letter: UInt8, _ out: inout ByteCursor) {
        out.number(value); out.byte(0x20); out.byte(letter); out.byte(0x0A)
    }

    /// `d op` and a newline, `d` one digit (a cap's or a join's number).
    @inline(__always) static func digitOperator(_ digit: UInt8, _ letter: UInt8, _ out: inout ByteCursor) {
        out.byte(0x30 + digit); out.byte(0x20); out.byte(letter); out.byte(0x0A)
    }

    /// `M`: miter limit (PDF requires at least 1).
    mutating func setMiterLimit(_ limit: Double) {
        let limit = max(1, limit)
        guard state.miterLimit != limit else { return }
        number(limit); op("M")
        state.miterLimit = limit
    }

    /// `d`: dash array and phase; `[] 0 d` is solid.
    mutating func setDash(_ dash: [Double], phase: Double) {
        guard state.dash != dash || state.dashOffset != phase else { return }
        out.append(0x5B)
        for (i, length) in dash.enumerated() {
            if i > 0 { out.append(0x20) }
            out.append(number: length)
        }
        out.append(static: "] ")
        number(phase); op("d")
        state.dash = dash
        state.dashOffset = phase
    }

    /// `gs`: apply the named ExtGState `/GSn`.
    mutating func applyGraphicsState(_ index: Int) {
        resources.graphicsStates.insert(index)
        resources.usesTransparency = true
        out.append(static: "/GS"); out.append(integer: index); out.append(0x20); op("gs")
    }

    // MARK: paths

    /// A path painted with colours: the fill colour (`fills`), the stroke's colour and style
    /// (`strokes`), the path and `paintOperator` — the bytes of `setFillColor`,
    /// `setStrokeColor`, `setStrokeStyle`, `appendPath` and `op` one after the other, made in
    /// one piece through one cursor when every number fits it and the dash stays (a cursor
    /// of their own for each colour, the width and the path, and an append per operator,
    /// were half of what a path cost, issue 38). The caller has checked that the path starts
    /// with a subpath.
    mutating func paintPath(_ path: Scene.Path, _ paint: Paint, fills: Bool, strokes: Bool, operator paintOperator: StaticString) {
        guard Precision.color == NumberFormat.defaultPrecision, Precision.coordinate == NumberFormat.defaultPrecision else {
            return paintPathByOperator(path, paint, fills: fills, strokes: strokes, operator: paintOperator)
        }
        // What the path changes, decided first (the state is then as after it), so that the
        // cursor only writes.
        var fillColor: Color? = nil
        if fills, let c = paint.fill?.color, state.fill != (c.red, c.green, c.blue) {
            guard ByteCursor.fits(c.red), ByteCursor.fits(c.green), ByteCursor.fits(c.blue) else {
                return paintPathByOperator(path, paint, fills: fills, strokes: strokes, operator: paintOperator)
            }
            fillColor = c
        }
        var strokeColor: Color? = nil
        var width: Double? = nil, cap: LineCap? = nil, join: LineJoin? = nil, miterLimit: Double? = nil
        var maximumLength = Self.pathLength(path) + 4 + (fillColor == nil ? 0 : Self.colorLength)
        // The stroke's parts: of the common paint without copying the stroke (reading any
        // part of `paint.stroke` here copied the whole stroke, its dash with it); else of the
        // stroke, with a new dash (rare: drawings keep theirs) left to `setDash`.
        var strokeParts: (color: Color, width: Double, cap: LineCap, join: LineJoin, miterLimit: Double)? = nil
        if strokes, let plain = paint.plainFillAndStroke {
            strokeParts = (plain.stroke, plain.width, .butt, .miter, 4)
            guard state.dash.isEmpty, state.dashOffset == 0 else {
                return paintPathByOperator(path, paint, fills: fills, strokes: strokes, operator: paintOperator)
            }
        } else if strokes, let stroke = paint.stroke {
            strokeParts = (stroke.color, stroke.width, stroke.cap, stroke.join, stroke.miterLimit)
            let dash = Self.dashPattern(of: stroke)
            guard state.dash == dash.dash, state.dashOffset == dash.phase else {
                return paintPathByOperator(path, paint, fills: fills, strokes: strokes, operator: paintOperator)
            }
        }
        if case let (c, strokeWidth, strokeCap, strokeJoin, strokeMiterLimit)? = strokeParts {
            if state.stroke != (c.red, c.green, c.blue) {
                guard ByteCursor.fits(c.red), ByteCursor.fits(c.green), ByteCursor.fits(c.blue) else {
                    return paintPathByOperator(path, paint, fills: fills, strokes: strokes, operator: paintOperator)
                }
                strokeColor = c
                maximumLength += Self.colorLength
            }
            if state.lineWidth != strokeWidth {
                guard ByteCursor.fits(strokeWidth) else {
                    return paintPathByOperator(path, paint, fills: fills, strokes: strokes, operator: paintOperator)
                }
                width = strokeWidth
                maximumLength += NumberFormat.maximumFastLength + 4
            }
            if state.cap != strokeCap { cap = strokeCap; maximumLength += 4 }
            if state.join != strokeJoin { join = strokeJoin; maximumLength += 4 }
            if strokeJoin == .miter, case let limit = max(1, strokeMiterLimit), state.miterLimit != limit {
                guard ByteCursor.fits(limit) else {
                    return paintPathByOperator(path, paint, fills: fills, strokes: strokes, operator: paintOperator)
                }
                miterLimit = limit
                maximumLength += NumberFormat.maximumFastLength + 3
            }
        }
        if let c = fillColor { state.fill = (c.red, c.green, c.blue) }
        if let c = strokeColor { state.stroke = (c.red, c.green, c.blue) }
        if let width { state.lineWidth = width }
        if let cap { state.cap = cap }
        if let join { state.join = join }
        if let miterLimit { state.miterLimit = miterLimit }

        var pathWritten = false
        let tables = self.tables
        out.withCursor(maximumLength: maximumLength, numbers: numbers) { out in
            if let fillColor { Self.color(fillColor, "rg", tables, &out) }
            if let strokeColor { Self.color(strokeColor, "RG", tables, &out) }
            if let width { Self.numberOperator(width, 0x77, &out) }  // w
            if let cap { Self.digitOperator(cap.rawValue, 0x4A, &out) }  // J
            if let join { Self.digitOperator(join.rawValue, 0x6A, &out) }  // j
            if let miterLimit { Self.numberOperator(miterLimit, 0x4D, &out) }  // M
            let start = out.position
            pathWritten = Self.writePath(path.verbs, path.points, tables, into: &out)
            if pathWritten {
                out.text(paintOperator); out.byte(0x0A)
            } else {
                out.position = start  // a number too large for the cursor: the path by operator
            }
        }
        if !pathWritten {
            appendPathByOperator(path)
            op(paintOperator)
        }
    }

    /// `paintPath` operator by operator.
    private mutating func paintPathByOperator(_ path: Scene.Path, _ paint: Paint, fills: Bool, strokes: Bool,
                                              operator paintOperator: StaticString) {
        if fills, let color = paint.fill?.color { setFillColor(color) }
        if strokes, let stroke = paint.stroke {
            setStrokeColor(stroke.color)
            setStrokeStyle(stroke)
        }
        appendPath(path)
        op(paintOperator)
    }

    /// `m l c h`: append `path` to the current path, in user space. A subpath that is an
    /// axis-aligned rectangle starting with a horizontal edge becomes `re`, which draws the
    /// same four points in the same order from the same start (so winding and dash phase
    /// are unchanged) in a third of the bytes.
    mutating func appendPath(_ path: Scene.Path) {
        let verbs = path.verbs, points = path.points
        // The whole path in one piece through a cursor when every coordinate takes the fast
        // number path (always, for drawings on a page; half the limit, so that a rectangle's
        // width and height do too); else operator by operator.
        if Precision.coordinate == NumberFormat.defaultPrecision {
            var written = false
            let tables = self.tables
            out.withCursor(maximumLength: Self.pathLength(path), numbers: numbers) { out in
                let start = out.position
                written = Self.writePath(verbs, points, tables, into: &out)
                // A number too large for the cursor: nothing of it is kept.
                if !written { out.position = start }
            }
            if written { return }
        }
        appendPathByOperator(path)
    }

    /// `appendPath` operator by operator, each number through `number` (numbers too large
    /// for the cursor).
    private mutating func appendPathByOperator(_ path: Scene.Path) {
        let verbs = path.verbs, points = path.points
        var verbIndex = 0, pointIndex = 0
        while verbIndex < verbs.count {
            if let r = Self.rectangle(verbs, points, verbIndex: verbIndex, pointIndex: pointIndex) {
                appendRectangle(x: r.x, y: r.y, width: r.width, height: r.height)
                verbIndex += 5
                pointIndex += 4
                continue
            }
            let verb = verbs[verbIndex]
            let n = verb.pointCount
            guard pointIndex + n <= points.count else { return }  // malformed: stop, don't trap
            if case .rect = verb {
                let corners = Scene.Path.rectangleCorners(points[pointIndex], points[pointIndex + 1])
                if let r = Self.rectangle(corners) {
                    appendRectangle(x: r.x, y: r.y, width: r.width, height: r.height)
                } else {
                    // Empty or not finite: the four lines its form has, as for any such subpath.
                    number(corners.0.x); number(corners.0.y); op("m")
                    for p in [corners.1, corners.2, corners.3] { number(p.x); number(p.y); op("l") }
                    op("h")
                }
            } else {
                appendSegment(verb, points[pointIndex..<pointIndex + n])
            }
            verbIndex += 1
            pointIndex += n
        }
    }

    /// The rectangle that `re` draws when the five verbs from `verbIndex` are move, three
    /// lines and close around an axis-aligned, non-empty rectangle; nil otherwise.
    @inline(__always) private static func rectangle<Verbs: RandomAccessCollection<Scene.PathVerb>, Points: RandomAccessCollection<Point>>(
        _ verbs: Verbs, _ points: Points, verbIndex: Int, pointIndex: Int
    ) -> (x: Double, y: Double, width: Double, height: Double)? where Verbs.Index == Int, Points.Index == Int {
        // `case` patterns, not `==`: PathVerb's `==` from DrawScene is a generic call apiece.
        guard verbIndex + 4 < verbs.count, pointIndex + 3 < points.count,
              case .move = verbs[verbIndex], case .line = verbs[verbIndex + 1], case .line = verbs[verbIndex + 2],
              case .line = verbs[verbIndex + 3], case .close = verbs[verbIndex + 4]
        else { return nil }
        return rectangle((points[pointIndex], points[pointIndex + 1], points[pointIndex + 2], points[pointIndex + 3]))
    }

    /// The rectangle that `re` draws for a move to `p.0`, lines to `p.1`, `p.2`, `p.3` and a
    /// close: nil unless they go round an axis-aligned, non-empty rectangle from a horizontal
    /// edge. The one test for both forms of a rectangle (four lines, `.rect`), so both write
    /// the same bytes.
    @inline(__always) private static func rectangle(_ p: (Point, Point, Point, Point)) -> (x: Double, y: Double, width: Double, height: Double)? {
        let (p0, p1, p2, p3) = p
        guard p1.y == p0.y, p2.x == p1.x, p3.y == p2.y, p3.x == p0.x, p1.x != p0.x, p2.y != p1.y else { return nil }
        return (p0.x, p0.y, p1.x - p0.x, p2.y - p1.y)
    }

    /// `appendPath`'s operators through a cursor, byte for byte the same (on the arrays'
    /// memory: a barcode's path is hundreds of rectangles, and indexing the arrays with
    /// their checks was half the time). False when a number is too large for the cursor's
    /// fast path or a `.rect` is empty (then what was written is to be dropped and the path
    /// written by operator).
    private static func writePath(_ verbs: [Scene.PathVerb], _ points: [Point], _ tables: ByteCursor.Tables,
                                  into out: inout ByteCursor) -> Bool {
        verbs.withUnsafeBufferPointer { verbs in
            points.withUnsafeBufferPointer { points in
                writePath(verbs, points, smallWholes: tables.smallWholes, paddedWholes: tables.paddedWholes, into: &out)
            }
        }
    }

    /// The room `writePath` needs for `path`: two numbers a point (a `.rect`'s two points
    /// make four: x, y, width and height) and up to three bytes of operator a verb.
    @inline(__always) static func pathLength(_ path: Scene.Path) -> Int {
        4 * path.verbs.count + path.points.count * 2 * (ByteCursor.longestNumber + 1) + ByteCursor.numberSlack + 8
    }

    private static func writePath(_ verbs: UnsafeBufferPointer<Scene.PathVerb>, _ points: UnsafeBufferPointer<Point>,
                                  smallWholes: UnsafePointer<UInt32>, paddedWholes: UnsafePointer<UInt32>,
                                  into out: inout ByteCursor) -> Bool {
        // Plain static helpers, not local functions: a local function that captured a
        // mutable flag kept it in a heap box with a dynamic exclusivity check on every
        // number (a quarter of an ink outline's instructions).
        var verbIndex = 0, pointIndex = 0
        while verbIndex < verbs.count {
            if case .rect = verbs[verbIndex], pointIndex + 2 <= points.count {
                // A rectangle stored as one: the same test and bytes as its four-line form.
                let corners = Scene.Path.rectangleCorners(points[pointIndex], points[pointIndex + 1])
                // An empty one (four lines, twice its points' numbers: more than `appendPath`
                // sized the cursor for) is left to the operator-by-operator writer.
                guard let r = rectangle(corners), rectangle(r, smallWholes: smallWholes, into: &out) else { return false }
                verbIndex += 1
                pointIndex += 2
                continue
            }
            if let r = rectangle(verbs, points, verbIndex: verbIndex, pointIndex: pointIndex) {
                guard rectangle(r, smallWholes: smallWholes, into: &out) else { return false }
                verbIndex += 5
                pointIndex += 4
                continue
            }
            let verb = verbs[verbIndex]
            let n = verb.pointCount
            guard pointIndex + n <= points.count else { return true }  // malformed: stop, don't trap
            // The verb's operator; its points (two coordinates each) come first.
            let letter: UInt8
            switch verb {
            case .move: letter = 0x6D  // m
            case .line: letter = 0x6C  // l
            case .cubic: letter = 0x63  // c
            case .close: letter = 0x68  // h
            case .rect: return true  // written above (here only without its two points: malformed, stop)
            }
            // Each coordinate by table when it is a small whole number (ink: whole hundredths
            // of a point), else by `number`; false as soon as one does not fit the cursor
            // (`appendPath` then drops what was written). One loop over the points, so that
            // the coordinate's code is inlined in one place (a call per point and one per
            // coordinate were a third of a curve's instructions).
            var index = pointIndex
            while index < pointIndex + n {
                guard coordinate(points[index].x, &out, smallWholes, paddedWholes),
                      coordinate(points[index].y, &out, smallWholes, paddedWholes)
                else { return false }
                index += 1
            }
            op(letter, 0, &out)
            verbIndex += 1
            pointIndex += n
        }
        return true
    }

    /// `re` of `r` into the cursor; false when a number is too large for its fast path.
    @inline(__always) private static func rectangle(_ r: (x: Double, y: Double, width: Double, height: Double),
                                                    smallWholes: UnsafePointer<UInt32>, into out: inout ByteCursor) -> Bool {
        // Small whole numbers (a matrix symbol's rectangles, in modules) by table.
        if !out.smallWholes(r.x, r.y, r.width, r.height, table: smallWholes) {
            guard ByteCursor.fits(r.x), ByteCursor.fits(r.y), ByteCursor.fits(r.width), ByteCursor.fits(r.height)
            else { return false }
            number(r.x, &out); number(r.y, &out); number(r.width, &out); number(r.height, &out)
        }
        op(0x72, 0x65, &out)  // re
        return true
    }

    /// A number that fits the cursor's fast path, and a space.
    @inline(__always) private static func number(_ value: Double, _ out: inout ByteCursor) {
        out.number(value); out.byte(0x20)
    }

    /// A coordinate followed by a space: by table when whole and small, else as `number`
    /// writes it; false (nothing written) when it does not fit.
    @inline(__always) private static func coordinate(_ value: Double, _ out: inout ByteCursor,
                                                     _ small: UnsafePointer<UInt32>, _ padded: UnsafePointer<UInt32>) -> Bool {
        if out.wholeBelowMillion(value, small: small, padded: padded) { return true }
        guard ByteCursor.fits(value) else { return false }
        number(value, &out)
        return true
    }

    /// An operator of one or two letters (`b` 0: one), and a newline.
    @inline(__always) private static func op(_ a: UInt8, _ b: UInt8, _ out: inout ByteCursor) {
        out.byte(a)
        if b != 0 { out.byte(b) }
        out.byte(0x0A)
    }

    private mutating func appendSegment(_ verb: Scene.PathVerb, _ points: ArraySlice<Point>) {
        switch verb {
        case .move:
            let p = points[points.startIndex]
            number(p.x); number(p.y); op("m")
        case .line:
            let p = points[points.startIndex]
            number(p.x); number(p.y); op("l")
        case .cubic:
            for p in points { number(p.x); number(p.y) }
            op("c")
        case .close:
            op("h")
        case .rect:
            break  // `appendPath` writes rectangles itself
        }
    }

    /// `re`: append a rectangle (x, y, width, height in user space).
    mutating func appendRectangle(x: Double, y: Double, width: Double, height: Double) {
        number(x); number(y); number(width); number(height); op("re")
    }

    // MARK: external objects

    /// `Do` an image XObject `/Imn`.
    mutating func drawImage(_ index: Int) {
        resources.images.insert(index)
        out.append(static: "/Im"); out.append(integer: index); out.append(0x20); op("Do")
    }

    /// `Do` a form XObject `/Fmn`.
    mutating func drawForm(_ index: Int) {
        resources.forms.insert(index)
        out.append(static: "/Fm"); out.append(integer: index); out.append(0x20); op("Do")
    }

    /// The finished stream's bytes. Every `q` must have met its `Q`: an unbalanced stream
    /// would leak a clip or transform into whatever a viewer draws after it.
    mutating func finish() -> [UInt8] {
        precondition(depth == 0, "unbalanced q/Q in a content stream (depth \(depth))")
        return out.take()
    }
}
