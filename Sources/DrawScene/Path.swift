import DrawBase

extension Scene {
    /// One path segment command. Points for each verb are stored in `Path.points` in order:
    /// `move` and `line` take one point, `cubic` three (control 1, control 2, end), `close` none,
    /// `rect` two (the corner it starts from and the opposite corner).
    package enum PathVerb: UInt8, Hashable, Sendable {
        case move, line, cubic, close
        /// A closed axis-aligned rectangle, a subpath of its own, from two points `a` and `c`:
        /// it draws exactly what `move a, line (c.x, a.y), line c, line (a.x, c.y), close`
        /// draws (the four corners of `Path.rectangleCorners`, clockwise on the page from `a`
        /// when `a` is the top-left corner) and leaves the current point at `a`. Every consumer
        /// treats it as that four-line form, and every backend writes the same bytes for it;
        /// it is a storage form, 2 points and 1 verb (33 bytes) instead of 4 and 5 (69), for
        /// the hundreds of rectangles of a barcode.
        case rect

        @inlinable package var pointCount: Int {
            switch self {
            case .move, .line: 1
            case .cubic: 3
            case .close: 0
            case .rect: 2
            }
        }
    }

    /// A path in absolute page points, as parallel arrays of verbs and points.
    package struct Path: Hashable, Sendable {
        package var verbs: [PathVerb]
        package var points: [Point]
        package init(verbs: [PathVerb] = [], points: [Point] = []) { self.verbs = verbs; self.points = points }
        package var isEmpty: Bool { verbs.isEmpty }
        /// Whether the first verb starts a subpath: a `move`, or a `.rect` (a subpath of its own).
        package var startsWithSubpath: Bool {
            switch verbs.first {
            case .move?, .rect?: true
            default: false
            }
        }

        /// The bounding box of the path's points (control points included: a fast, safe
        /// over-estimate), or nil for an empty path.
        package var controlBounds: Rect? {
            guard var minX = points.first?.x, var minY = points.first?.y else { return nil }
            var maxX = minX, maxY = minY
            for p in points {
                minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x)
                minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
            }
            return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        }

        /// The four corners a `.rect` with points `a` and `c` draws, in the order its
        /// four-line form visits them: `a`, (c.x, a.y), `c`, (a.x, c.y).
        package static func rectangleCorners(_ a: Point, _ c: Point) -> (Point, Point, Point, Point) {
            (a, Point(c.x, a.y), c, Point(a.x, c.y))
        }

        /// Calls `body` once per segment with its verb and points.
        package func forEachSegment(_ body: (PathVerb, ArraySlice<Point>) -> Void) {
            var index = 0
            for verb in verbs {
                let n = verb.pointCount
                body(verb, points[index..<index + n])
                index += n
            }
        }
    }

    /// Builds a `Path`; `finish()` returns nil when nothing was drawn.
    package struct PathBuilder: Sendable {
        private var path = Path()
        private var hasCurrentPoint = false
        package init() {}

        package mutating func move(to p: Point) {
            path.verbs.append(.move); path.points.append(p); hasCurrentPoint = true
        }
        package mutating func line(to p: Point) {
            if !hasCurrentPoint { move(to: p); return }
            path.verbs.append(.line); path.points.append(p)
        }
        package mutating func cubic(_ c1: Point, _ c2: Point, _ end: Point) {
            if !hasCurrentPoint { move(to: c1) }
            path.verbs.append(.cubic); path.points.append(contentsOf: [c1, c2, end])
        }
        package mutating func close() {
            // A `.rect` is closed already.
            guard hasCurrentPoint, path.verbs.last != .close, path.verbs.last != .rect else { return }
            path.verbs.append(.close)
        }
        /// A closed rectangle as one `.rect` verb from corner `a` to the opposite corner `c`
        /// (the same drawing as `move a`, three lines and `close`, in half the memory).
        package mutating func rect(from a: Point, to c: Point) {
            path.verbs.append(.rect); path.points.append(a); path.points.append(c); hasCurrentPoint = true
        }

        /// A rectangle as four lines and a close, clockwise on the page from the top-left.
        package mutating func addRect(_ r: Rect) {
            move(to: Point(r.minX, r.minY)); line(to: Point(r.maxX, r.minY))
            line(to: Point(r.maxX, r.maxY)); line(to: Point(r.minX, r.maxY)); close()
        }

        package func finish() -> Path? { path.verbs.isEmpty ? nil : path }
    }
}

extension Gradient {
    /// The box a gradient paints over when it fills `path` (`stroke` nil) or strokes it:
    /// the path's control points, for a stroke widened on every side by the width times the
    /// miter limit (at least 1), which no join or cap passes. The one measure PDF and
    /// PostScript take for a gradient's periods and its soft mask; nil for an empty path.
    package static func paintedBounds(_ path: Scene.Path, stroke: Stroke?) -> Rect? {
        guard let b = path.controlBounds else { return nil }
        guard let stroke else { return b }
        let w = stroke.width * max(1, stroke.miterLimit)
        return Rect(x: b.minX - w, y: b.minY - w, width: b.width + 2 * w, height: b.height + 2 * w)
    }
}
