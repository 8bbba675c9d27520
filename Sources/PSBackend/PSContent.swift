import DrawBase
import DrawOutput
import DrawScene

/// The graphics state the body has set, mirrored on our side so that an operator is written
/// only when a value changes. `nil` means "unknown": the next use writes the value. Pushed by
/// `gsave` and popped by `grestore` together with the interpreter's own state.
struct PSGraphicsState: Equatable {
    /// PostScript has one current colour for filling and stroking.
    var color: (Double, Double, Double)?
    var fillAlpha: Double?
    var strokeAlpha: Double?
    var lineWidth: Double?
    var cap: LineCap?
    var join: LineJoin?
    var miterLimit: Double?
    var dash: ([Double], Double)?
    /// Font key (`F0`…) and size as last selected.
    var font: (String, Double)?

    static func == (a: PSGraphicsState, b: PSGraphicsState) -> Bool {
        a.color.map { [$0.0, $0.1, $0.2] } == b.color.map { [$0.0, $0.1, $0.2] }
            && a.fillAlpha == b.fillAlpha && a.strokeAlpha == b.strokeAlpha
            && a.lineWidth == b.lineWidth && a.cap == b.cap && a.join == b.join
            && a.miterLimit == b.miterLimit
            && a.dash.map(\.0) == b.dash.map(\.0) && a.dash.map(\.1) == b.dash.map(\.1)
            && a.font.map(\.0) == b.font.map(\.0) && a.font.map(\.1) == b.font.map(\.1)
    }
}

/// The page body writer: typed helpers, one per prolog procedure, each writing its operands
/// and its short name (defined in `PSProlog`) into the document's one buffer. Tracks
/// `gsave`/`grestore` depth so the page can check balance when it ends.
///
/// The frequent statements (path segments, colours, line widths, text runs) are written
/// through a raw cursor (`PSCursor`) a whole statement or path at a time, byte for byte
/// what the one-piece-at-a-time helpers write.
struct PSContent {
    var out: ByteBuffer
    private(set) var depth = 0
    private var state = PSGraphicsState()
    private var saved: [PSGraphicsState] = []
    /// Characters written on the current line, to keep lines short (DSC asks for ≤ 255).
    private(set) var column = 0
    /// Numbers formatted before in this document (nil: format every number).
    let numbers: NumberCache?

    init(out: ByteBuffer, numbers: NumberCache? = nil) {
        self.out = out
        self.numbers = numbers
    }

    // MARK: Low-level writing

    /// Lets `body` write through a cursor with room for `maximumLength` bytes (count
    /// `PSCursor.numberLength` per number), continuing the current line.
    @inline(__always)
    mutating func withCursor(maximumLength: Int, _ body: (inout PSCursor) -> Void) {
        let startColumn = column
        var endColumn = 0
        out.withCursor(maximumLength: maximumLength, numbers: numbers) { cursor in
            var ps = PSCursor(cursor, column: startColumn)
            body(&ps)
            endColumn = ps.column
            cursor = ps.cursor
        }
        column = endColumn
    }

    mutating func raw(_ s: StaticString) {
        s.withUTF8Buffer { bytes in
            out.append(bytes)
            if let newline = bytes.lastIndex(of: 0x0A) {
                column = bytes.count - newline - 1
            } else {
                column += bytes.count
            }
        }
    }

    /// `raw` for text made at run time.
    mutating func rawText(_ s: String) {
        out.append(s)
        if let newline = s.utf8.lastIndex(of: 0x0A) {
            column = s.utf8.distance(from: newline, to: s.utf8.endIndex) - 1
        } else {
            column += s.utf8.count
        }
    }

    /// Ends the current line.
    mutating func newline() {
        out.append(0x0A)
        column = 0
    }

    /// Coordinates beyond the drawing's range (reported by evaluation and layout) are
    /// clamped, so even a scene built without those checks writes numbers a
    /// single-precision interpreter reads.
    static let maximumMagnitude = Scene.maximumCoordinate

    /// A number followed by a space; wraps the line before it gets long.
    mutating func number(_ value: Double, precision: Int = NumberFormat.defaultPrecision) {
        if column > 200 { newline() }
        let before = out.count
        out.append(number: min(PSContent.maximumMagnitude, max(-PSContent.maximumMagnitude, value)), precision: precision)
        out.append(0x20)
        column += out.count - before
    }

    mutating func integer(_ value: Int) {
        let before = out.count
        out.append(integer: value)
        out.append(0x20)
        column += out.count - before
    }

    /// An operator name closing a statement, then a newline.
    mutating func op(_ name: StaticString) {
        raw(name)
        newline()
    }

    /// `op` for text made at run time.
    mutating func opText(_ name: String) {
        rawText(name)
        newline()
    }

    /// A PostScript string literal `( … )` with `( ) \` escaped and every byte outside
    /// printable ASCII written as a three-digit octal escape, so no text can end the string
    /// early or smuggle in control characters; long strings continue on the next line with
    /// a backslash-newline (which the scanner drops).
    mutating func string(_ bytes: [UInt8]) {
        withCursor(maximumLength: PSCursor.stringLength(bytes.count)) { out in
            out.stringStart()
            for b in bytes { out.stringByte(b) }
            out.stringEnd()
        }
    }

    /// A hex string `<…>` of 16-bit big-endian codes (for Identity-H composite fonts).
    mutating func hexString(_ codes: [UInt16]) {
        let digits = Array("0123456789ABCDEF".utf8)
        out.append(0x3C)
        column += 1
        for code in codes {
            if column > 240 { out.append(0x0A); column = 0 }
            for shift in [12, 8, 4, 0] { out.append(digits[Int(code >> UInt16(shift)) & 0xF]) }
            column += 4
        }
        out.append(0x3E); out.append(0x20)
        column += 2
    }

    // MARK: Graphics state

    /// `q` (`gsave`): save the graphics state.
    mutating func gsave() {
        op("q")
        depth += 1
        saved.append(state)
    }

    /// `Q` (`grestore`): restore the graphics state saved by the matching `gsave`.
    mutating func grestore() {
        precondition(depth > 0, "grestore without gsave")
        op("Q")
        depth -= 1
        state = saved.removeLast()
    }

    /// Forget every cached value (after something the cache cannot follow, e.g. `restore`).
    mutating func forgetState() { state = PSGraphicsState() }

    /// `cm` (`concat`): multiply the current transformation matrix by `t`.
    mutating func concat(_ t: Transform) {
        // More digits for the linear part: a small scale must not round to a singular matrix.
        for v in [t.a, t.b, t.c, t.d] { number(v, precision: 8) }
        number(t.e); number(t.f)
        op("cm")
    }

    /// `rg` (`setrgbcolor`).
    mutating func setColor(_ c: Color) {
        let rgb = (clamp(c.red), clamp(c.green), clamp(c.blue))
        if let current = state.color, current == rgb { return }
        state.color = rgb
        withCursor(maximumLength: 3 * PSCursor.numberLength + 3) { out in
            out.number(rgb.0); out.number(rgb.1); out.number(rgb.2)
            out.op("rg")
        }
    }

    /// `fa`: Ghostscript's constant fill alpha where the interpreter has it (see the prolog).
    mutating func setFillAlpha(_ alpha: Double) {
        let a = clamp(alpha)
        if state.fillAlpha == a { return }
        state.fillAlpha = a
        number(a); op("fa")
    }

    /// `sa`: Ghostscript's constant stroke alpha where the interpreter has it.
    mutating func setStrokeAlpha(_ alpha: Double) {
        let a = clamp(alpha)
        if state.strokeAlpha == a { return }
        state.strokeAlpha = a
        number(a); op("sa")
    }

    /// `fa` and `sa` back to opaque, written whatever the cache says (inside a new
    /// transparency group the interpreter's alpha is the group's, not ours).
    mutating func resetAlpha() {
        state.fillAlpha = 1; state.strokeAlpha = 1
        op("1 fa 1 sa")
    }

    /// `w` `J` `j` `M` `d`: the stroke parameters, each only when it changes.
    mutating func setStrokeStyle(_ s: Stroke) {
        if state.lineWidth != s.width {
            state.lineWidth = s.width
            withCursor(maximumLength: PSCursor.numberLength + 2) { out in
                out.number(s.width); out.op("w")
            }
        }
        if state.cap != s.cap {
            state.cap = s.cap
            integer(Int(s.cap.rawValue)); op("J")
        }
        if state.join != s.join {
            state.join = s.join
            integer(Int(s.join.rawValue)); op("j")
        }
        // PostScript signals a rangecheck for a miter limit below 1.
        let miter = s.miterLimit.isFinite ? max(1, s.miterLimit) : 10
        if state.miterLimit != miter {
            state.miterLimit = miter
            number(miter); op("M")
        }
        // An all-zero, negative or non-finite pattern would be a rangecheck: draw solid.
        let usable = !s.dash.isEmpty && s.dash.allSatisfy { $0.isFinite && $0 >= 0 } && s.dash.contains { $0 > 0 }
        let dash = usable ? s.dash : []
        let offset = usable && s.dashOffset.isFinite ? s.dashOffset : 0
        if state.dash == nil || state.dash!.0 != dash || state.dash!.1 != offset {
            state.dash = (dash, offset)
            raw("[")
            for (i, v) in dash.enumerated() {
                if i > 0 { raw(" ") }
                let before = out.count
                out.append(number: v)
                column += out.count - before
            }
            raw("] ")
            number(offset); op("d")
        }
    }

    /// `sf` (`selectfont`) with the font's key from the document setup.
    mutating func selectFont(_ key: String, size: Double) {
        if let f = state.font, f.0 == key, f.1 == size { return }
        state.font = (key, size)
        rawText(key); raw(" "); number(size); op("sf")
    }

    // MARK: Paths

    /// `m` `l` `c` `h`: the path's segments. A segment without a current point starts a
    /// subpath instead (PostScript would stop with `nocurrentpoint`). Written through a
    /// cursor some hundred segments at a time (a bounded scratch space for any path).
    mutating func path(_ path: Scene.Path) {
        let verbs = path.verbs, points = path.points
        var verbIndex = 0, pointIndex = 0
        var hasCurrentPoint = false
        while verbIndex < verbs.count {
            let end = min(verbs.count, verbIndex + 256)
            // Per verb: its points, a move for a cubic without a current point, an operator.
            var maximumLength = 0
            for verb in verbs[verbIndex..<end] {
                // A `.rect` is written as its four-line form: four points and five operators.
                if case .rect = verb { maximumLength += 9 * 2 * PSCursor.numberLength + 20; continue }
                maximumLength += (verb.pointCount + 1) * 2 * PSCursor.numberLength + 4
            }
            var stopped = false
            withCursor(maximumLength: maximumLength) { out in
                while verbIndex < end {
                    let verb = verbs[verbIndex]
                    let n = verb.pointCount
                    // Stop where the points run out (a path built by hand that breaks the
                    // IR's invariant), rather than trapping.
                    guard pointIndex + n <= points.count else { stopped = true; return }
                    switch verb {
                    case .move:
                        out.number(points[pointIndex].x); out.number(points[pointIndex].y); out.op("m")
                        hasCurrentPoint = true
                    case .line:
                        out.number(points[pointIndex].x); out.number(points[pointIndex].y)
                        if hasCurrentPoint { out.op("l") } else { out.op("m") }
                        hasCurrentPoint = true
                    case .cubic:
                        if !hasCurrentPoint {
                            out.number(points[pointIndex].x); out.number(points[pointIndex].y); out.op("m")
                            hasCurrentPoint = true
                        }
                        for k in 0..<3 { out.number(points[pointIndex + k].x); out.number(points[pointIndex + k].y) }
                        out.op("c")
                    case .close:
                        if hasCurrentPoint { out.op("h") }
                    case .rect:
                        let (a, b, c, d) = Scene.Path.rectangleCorners(points[pointIndex], points[pointIndex + 1])
                        out.number(a.x); out.number(a.y); out.op("m")
                        for p in [b, c, d] { out.number(p.x); out.number(p.y); out.op("l") }
                        out.op("h")
                        hasCurrentPoint = true
                    }
                    verbIndex += 1
                    pointIndex += n
                }
            }
            if stopped { return }
        }
    }

    private func clamp(_ v: Double) -> Double {
        v.isFinite ? min(1, max(0, v)) : 0
    }
}

extension Scene.Path {
    /// Like `forEachSegment`, but stops where the points run out instead of trapping: the
    /// IR's invariant (points match verbs) holds for paths from `PathBuilder`, and a backend
    /// should not crash on one built by hand that breaks it.
    func forEachCheckedSegment(_ body: (Scene.PathVerb, ArraySlice<Point>) -> Void) {
        var index = 0
        for verb in verbs {
            let n = verb.pointCount
            guard index + n <= points.count else { return }
            body(verb, points[index..<index + n])
            index += n
        }
    }
}

/// A raw write position continuing a `PSContent`'s current line, with its line-length rules:
/// numbers are clamped and end with a space, and a line longer than 200 characters is ended
/// before the next number (as `PSContent.number` does).
struct PSCursor {
    var cursor: ByteCursor
    /// Where the current line starts in the scratch space, or before it (`startColumn`).
    private var lineStart: UnsafeMutablePointer<UInt8>
    private var startColumn: Int

    /// Room to reserve per number: the number, its space, and a line end before it.
    static let numberLength = NumberFormat.maximumFastLength + 2

    /// Room for a string literal of `count` bytes: four per byte (an octal escape), a
    /// backslash-newline per 60 of them, the parentheses and a space.
    static func stringLength(_ count: Int) -> Int { 4 * count + 2 * (count / 60 + 2) + 3 }

    @inline(__always) init(_ cursor: ByteCursor, column: Int) {
        self.cursor = cursor
        lineStart = cursor.position
        startColumn = column
    }

    @inline(__always) var column: Int { startColumn + (cursor.position - lineStart) }

    @inline(__always) mutating func newline() {
        cursor.byte(0x0A)
        lineStart = cursor.position
        startColumn = 0
    }

    /// A number at the default precision, clamped to `PSContent.maximumMagnitude` (so it
    /// always takes the cursor's fast path), then a space.
    @inline(__always) mutating func number(_ value: Double) {
        if column > 200 { newline() }
        cursor.number(min(PSContent.maximumMagnitude, max(-PSContent.maximumMagnitude, value)))
        cursor.byte(0x20)
    }

    @inline(__always) mutating func raw(_ text: StaticString) { cursor.text(text) }

    /// An operator closing a statement, then a newline.
    @inline(__always) mutating func op(_ name: StaticString) {
        cursor.text(name)
        newline()
    }

    @inline(__always) mutating func stringStart() { cursor.byte(0x28) }

    /// One byte of a string literal (see `PSContent.string`).
    @inline(__always) mutating func stringByte(_ b: UInt8) {
        if column > 240 {
            cursor.byte(0x5C)
            newline()
        }
        switch b {
        case 0x28, 0x29, 0x5C:
            cursor.byte(0x5C); cursor.byte(b)
        case 0x25 where column == 0:
            // Never a '%' at the start of a line: it could read as a DSC comment.
            cursor.byte(0x5C); cursor.byte(0x30); cursor.byte(0x34); cursor.byte(0x35)
        case 0x20...0x7E:
            cursor.byte(b)
        default:
            cursor.byte(0x5C)
            cursor.byte(0x30 + (b >> 6))
            cursor.byte(0x30 + ((b >> 3) & 7))
            cursor.byte(0x30 + (b & 7))
        }
    }

    @inline(__always) mutating func stringEnd() {
        cursor.byte(0x29)
        cursor.byte(0x20)
    }
}
