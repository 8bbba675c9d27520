// Exact-area coverage by the accumulation-buffer method (libart, font-rs): every edge adds,
// to the cells it crosses, the signed area it sweeps to its right within each row; a running
// sum along the row then gives each pixel's winding-weighted covered area. Fill rules apply
// to that sum: non-zero takes min(1, |sum|), even-odd folds it (|s − 2·round(s/2)|). Both are
// exact wherever no two edges of opposite winding meet inside one pixel.

import DrawBase
import DrawScene

/// One line of a polygon in device pixels.
struct Edge {
    var x0, y0, x1, y1: Double
}

/// An integer pixel rectangle [x0, x1) × [y0, y1).
struct PixelBox: Equatable {
    var x0, y0, x1, y1: Int
    var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    var width: Int { x1 - x0 }
    var height: Int { y1 - y0 }
    func intersection(_ o: PixelBox) -> PixelBox {
        PixelBox(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
    }
}

/// The accumulation buffer, reused between paths of a page.
final class CoverageAccumulator {
    private(set) var box = PixelBox(x0: 0, y0: 0, x1: 0, y1: 0)
    /// Row stride: the box width plus two guard cells.
    private(set) var stride = 0
    var cells: [Float] = []

    /// Clears the buffer for `box` (which must not be empty).
    func reset(_ box: PixelBox) {
        self.box = box
        stride = box.width + 2
        let needed = stride * box.height
        if cells.count < needed {
            cells = [Float](repeating: 0, count: needed)
        }
    }

    /// Adds the edges of closed polygons (device pixels), each polygon's last point joined
    /// to its first; the cells are reached once for all of them.
    func add(polygons: [[Point]]) {
        cells.withUnsafeMutableBufferPointer { a in
            for polygon in polygons where polygon.count >= 2 {
                var previous = polygon[polygon.count - 1]
                for p in polygon {
                    add(Edge(x0: previous.x, y0: previous.y, x1: p.x, y1: p.y), into: a)
                    previous = p
                }
            }
        }
    }

    /// Adds one edge (device pixels, any direction); the parts outside the box in x still
    /// count (left of it: at its left column, right of it: nowhere visible).
    func add(_ e: Edge) {
        cells.withUnsafeMutableBufferPointer { add(e, into: $0) }
    }

    private func add(_ e: Edge, into a: UnsafeMutableBufferPointer<Float>) {
        var (ax, ay, bx, by) = (e.x0 - Double(box.x0), e.y0 - Double(box.y0), e.x1 - Double(box.x0), e.y1 - Double(box.y0))
        let height = Double(box.height), width = Double(box.width)
        if ay == by { return }
        // Clip in y to the box.
        if (ay <= 0 && by <= 0) || (ay >= height && by >= height) { return }
        func xAt(_ y: Double) -> Double { ax + (bx - ax) * (y - ay) / (by - ay) }
        if ay < 0 { ax = xAt(0); ay = 0 } else if ay > height { ax = xAt(height); ay = height }
        if by < 0 { bx = xAt(0); by = 0 } else if by > height { bx = xAt(height); by = height }
        if ay == by { return }
        // Split in x at the box's left and right sides: beyond them, the edge counts as a
        // vertical edge on the side (left) or is dropped (right: it covers nothing visible,
        // but the winding it adds on its left must still reach the visible cells).
        if ax >= 0, bx >= 0, ax <= width, bx <= width { line(ax, ay, bx, by, a); return }
        var pieces: [(Double, Double, Double, Double)] = []
        func splitAt(_ x: Double, _ p: (Double, Double, Double, Double)) -> [(Double, Double, Double, Double)] {
            let (x0, y0, x1, y1) = p
            if (x0 < x && x1 > x) || (x0 > x && x1 < x) {
                let y = y0 + (y1 - y0) * (x - x0) / (x1 - x0)
                return [(x0, y0, x, y), (x, y, x1, y1)]
            }
            return [p]
        }
        for p in splitAt(0, (ax, ay, bx, by)) { pieces += splitAt(width, p) }
        for (x0, y0, x1, y1) in pieces {
            line(min(max(x0, 0), width), y0, min(max(x1, 0), width), y1, a)
        }
    }

    /// font-rs's `draw_line`: the area an edge sweeps in each cell of each row it crosses.
    @inline(__always)
    private func line(_ px0: Double, _ py0: Double, _ px1: Double, _ py1: Double, _ cellBuffer: UnsafeMutableBufferPointer<Float>) {
        if py0 == py1 { return }
        let dir: Float
        let x0p: Double, y0p: Double, x1p: Double, y1p: Double
        if py0 < py1 { dir = 1; (x0p, y0p, x1p, y1p) = (px0, py0, px1, py1) } else { dir = -1; (x0p, y0p, x1p, y1p) = (px1, py1, px0, py0) }
        let dxdy = (x1p - x0p) / (y1p - y0p)
        var x = x0p
        let rowStart = max(0, Int(y0p.rounded(.down)))
        let rowEnd = min(box.height, Int(y1p.rounded(.up)))
        let stride = self.stride
        // The ends lie in [0, width]; so does every x between them, but the running sum of
        // x + dxdy·dy may drift a hair past an end (found by fuzzing: x = -1e-15 wrote the cell
        // before the buffer). Clamped to the ends' range, the cells written stay in the row.
        let xLow = min(x0p, x1p), xHigh = max(x0p, x1p)
        do {
            let a = cellBuffer.baseAddress!
            var y = rowStart
            while y < rowEnd {
                let line = y * stride
                let dy = min(Double(y + 1), y1p) - max(Double(y), y0p)
                let xnext = min(max(x + dxdy * dy, xLow), xHigh)
                let d = Float(dy) * dir
                let (xa, xb) = x < xnext ? (x, xnext) : (xnext, x)
                let xaFloor = xa.rounded(.down)
                let xai = Int(xaFloor)
                let xbCeil = xb.rounded(.up)
                let xbi = Int(xbCeil)
                if xbi <= xai + 1 {
                    let xmf = Float(0.5 * (x + xnext) - xaFloor)
                    a[line + xai] += d - d * xmf
                    a[line + xai + 1] += d * xmf
                } else {
                    let s = Float(1 / (xb - xa))
                    let xaf = Float(xa - xaFloor)
                    let a0 = 0.5 * s * (1 - xaf) * (1 - xaf)
                    let xbf = Float(xb - xbCeil + 1)
                    let am = 0.5 * s * xbf * xbf
                    a[line + xai] += d * a0
                    if xbi == xai + 2 {
                        a[line + xai + 1] += d * (1 - a0 - am)
                    } else {
                        let a1 = s * (1.5 - xaf)
                        a[line + xai + 1] += d * (a1 - a0)
                        var xi = xai + 2
                        while xi < xbi - 1 { a[line + xi] += d * s; xi += 1 }
                        let a2 = a1 + Float(xbi - xai - 3) * s
                        a[line + xbi - 1] += d * (1 - a2 - am)
                    }
                    a[line + xbi] += d * am
                }
                x = xnext
                y += 1
            }
        }
    }

    /// Calls `body(y, x0, coverage)` for each row of the box that has ink, with the coverage
    /// of its pixels as 0…255 (the covered area times 255, rounded; below half a level is
    /// none), and clears the cells as it goes. Rows without ink are not passed on.
    func sweep(rule: CoverageRule, _ body: (Int, Int, UnsafeBufferPointer<UInt8>) -> Void) {
        let w = box.width, stride = self.stride
        if row.count < w { row = [UInt8](repeating: 0, count: w) }
        cells.withUnsafeMutableBufferPointer { a in
            row.withUnsafeMutableBufferPointer { out in
                for y in 0..<box.height {
                    let line = a.baseAddress! + y * stride
                    let o = out.baseAddress!
                    var sum: Float = 0
                    var any: UInt8 = 0
                    // One loop per rule (the rule does not change along a row), without
                    // branches or library calls: the level is the rounded covered area.
                    switch rule {
                    case .nonZero:
                        for x in 0..<w {
                            sum += line[x]
                            line[x] = 0
                            let level = UInt8(truncatingIfNeeded: Int32(min(1, abs(sum)) * 255 + 0.5))
                            any |= level
                            o[x] = level
                        }
                    case .evenOdd:
                        for x in 0..<w {
                            sum += line[x]
                            line[x] = 0
                            // |s| folded into 0…1: the distance from the nearest even number
                            // (bounded first, so the conversion to an integer cannot trap).
                            let s = min(16_777_216, abs(sum))
                            let folded = abs(s - 2 * Float(Int32(s * 0.5 + 0.5)))
                            let level = UInt8(truncatingIfNeeded: Int32(min(1, folded) * 255 + 0.5))
                            any |= level
                            o[x] = level
                        }
                    }
                    line[w] = 0
                    line[w + 1] = 0
                    if any != 0 { body(box.y0 + y, box.x0, UnsafeBufferPointer(start: o, count: w)) }
                }
            }
        }
    }
    /// One row of coverage levels, reused.
    private var row: [UInt8] = []
}

enum CoverageRule { case nonZero, evenOdd }
