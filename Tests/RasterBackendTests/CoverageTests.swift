// Coverage of shapes whose area is known, the fill rules, joins, caps, dashes, hairlines,
// clips, group opacity and transforms: the rasterizer measured against geometry, at 72 dpi
// (one pixel per point) on a transparent page, where the alpha of a pixel is its coverage.

import DrawBase
import DrawScene
import Testing
@testable import DrawRaster

/// Rasterizes items on a transparent page at 72 dpi.
func rasterize(_ items: [Scene.Item], size: Size = Size(64, 64), dpi: Double = 72) throws -> RasterImage {
    let document = Scene.Document(pages: [Scene.Page(size: size, items: items)])
    switch RasterWriter.rasterize(document, options: RasterOptions(dpi: dpi, backdrop: nil)) {
    case .success(let pages): return pages[0]
    case .failure(let error): throw error
    }
}

extension RasterImage {
    /// Total coverage in pixels: the sum of alpha / 255.
    var inkArea: Double {
        var sum = 0
        for i in stride(from: 3, to: pixels.count, by: 4) { sum += Int(pixels[i]) }
        return Double(sum) / 255
    }
    func alpha(_ x: Int, _ y: Int) -> Int { Int(pixels[(y * width + x) * 4 + 3]) }
}

func rectPath(_ x: Double, _ y: Double, _ w: Double, _ h: Double, clockwise: Bool = true) -> Scene.Path {
    var b = Scene.PathBuilder()
    if clockwise {
        b.addRect(Rect(x: x, y: y, width: w, height: h))
    } else {
        b.move(to: Point(x, y)); b.line(to: Point(x, y + h)); b.line(to: Point(x + w, y + h)); b.line(to: Point(x + w, y)); b.close()
    }
    return b.finish()!
}

func linePath(_ points: [(Double, Double)], closed: Bool = false) -> Scene.Path {
    var b = Scene.PathBuilder()
    b.move(to: Point(points[0].0, points[0].1))
    for p in points.dropFirst() { b.line(to: Point(p.0, p.1)) }
    if closed { b.close() }
    return b.finish()!
}

func filled(_ path: Scene.Path, rule: FillRule = .nonZero) -> Scene.Item {
    .path(path, Paint(fill: Fill(color: .black, rule: rule)))
}

func stroked(_ path: Scene.Path, width: Double, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 4,
             dash: [Double] = [], offset: Double = 0) -> Scene.Item {
    .path(path, Paint(stroke: Stroke(color: .black, width: width, cap: cap, join: join, miterLimit: miterLimit, dash: dash, dashOffset: offset)))
}

@Suite("Raster coverage")
struct CoverageTests {
    @Test("a 10.5 × 10.5 px square covers exactly 110.25 px of ink")
    func squareArea() throws {
        // In the accumulator itself (float coverage) …
        let accumulator = CoverageAccumulator()
        accumulator.reset(PixelBox(x0: 0, y0: 0, x1: 20, y1: 20))
        let corners = [(2.25, 3.25), (12.75, 3.25), (12.75, 13.75), (2.25, 13.75)]
        for i in 0..<4 {
            let a = corners[i], b = corners[(i + 1) % 4]
            accumulator.add(Edge(x0: a.0, y0: a.1, x1: b.0, y1: b.1))
        }
        // The running sums of the cells along each row are the pixels' covered areas.
        var total = 0.0
        for y in 0..<20 {
            var sum: Float = 0
            for x in 0..<20 {
                sum += accumulator.cells[y * accumulator.stride + x]
                total += Double(min(1, abs(sum)))
            }
        }
        #expect(abs(total - 110.25) < 1e-4, "accumulated \(total)")
        // The sweep hands on the same areas as levels of 255, each rounded by ≤ 1/2.
        var levels = 0
        accumulator.sweep(rule: .nonZero) { _, _, row in for c in row { levels += Int(c) } }
        #expect(abs(Double(levels) / 255 - 110.25) < 44 * 0.5 / 255, "swept \(levels) / 255")
        // … and in the 8-bit page, where each of the 44 edge pixels rounds by ≤ 1/510.
        let image = try rasterize([filled(rectPath(2.25, 3.25, 10.5, 10.5))])
        #expect(abs(image.inkArea - 110.25) < 0.1, "page ink \(image.inkArea)")
        #expect(image.alpha(5, 5) == 255)
        #expect(image.alpha(2, 5) == 191)  // three quarters of the pixel
        #expect(image.alpha(12, 13) == 143)  // 0.75 × 0.75
    }

    @Test("a circle's coverage is π r² and a slanted triangle's is ½ b h")
    func curvedAndSlanted() throws {
        var b = Scene.PathBuilder()
        let k = 0.5522847498, r = 20.0, c = Point(32, 32)
        b.move(to: Point(c.x + r, c.y))
        b.cubic(Point(c.x + r, c.y + k * r), Point(c.x + k * r, c.y + r), Point(c.x, c.y + r))
        b.cubic(Point(c.x - k * r, c.y + r), Point(c.x - r, c.y + k * r), Point(c.x - r, c.y))
        b.cubic(Point(c.x - r, c.y - k * r), Point(c.x - k * r, c.y - r), Point(c.x, c.y - r))
        b.cubic(Point(c.x + k * r, c.y - r), Point(c.x + r, c.y - k * r), Point(c.x + r, c.y))
        b.close()
        let circle = try rasterize([filled(b.finish()!)])
        // Flattening within the tolerance t (0.1 px) keeps the outline between r − t and r
        // (the four-cubic circle itself is 0.027% larger than a true one).
        let tolerance = RasterOptions().tolerance
        #expect(circle.inkArea <= Double.pi * r * r * 1.0003 && circle.inkArea >= Double.pi * (r - tolerance) * (r - tolerance),
                "circle \(circle.inkArea)")
        let triangle = try rasterize([filled(linePath([(3.3, 60.1), (47.9, 55.7), (20.2, 4.6)], closed: true))])
        let area = abs((47.9 - 3.3) * (4.6 - 60.1) - (20.2 - 3.3) * (55.7 - 60.1)) / 2
        #expect(abs(triangle.inkArea - area) < 0.1, "triangle \(triangle.inkArea) vs \(area)")
    }

    @Test("non-zero fills a same-direction inner square, even-odd leaves a hole; opposite directions make a hole in both")
    func fillRules() throws {
        func nested(innerClockwise: Bool) -> Scene.Path {
            var path = rectPath(8, 8, 40, 40)
            let inner = rectPath(18, 18, 20, 20, clockwise: innerClockwise)
            path.verbs += inner.verbs; path.points += inner.points
            return path
        }
        let sameNonZero = try rasterize([filled(nested(innerClockwise: true))])
        let sameEvenOdd = try rasterize([filled(nested(innerClockwise: true), rule: .evenOdd)])
        let oppositeNonZero = try rasterize([filled(nested(innerClockwise: false))])
        #expect(sameNonZero.alpha(28, 28) == 255 && abs(sameNonZero.inkArea - 1600) < 0.01)
        #expect(sameEvenOdd.alpha(28, 28) == 0 && abs(sameEvenOdd.inkArea - 1200) < 0.01)
        #expect(oppositeNonZero.alpha(28, 28) == 0 && abs(oppositeNonZero.inkArea - 1200) < 0.01)
        #expect(sameEvenOdd.alpha(10, 10) == 255)
    }

    @Test("caps: butt adds nothing, square adds w/2 at each end, round a half disc")
    func caps() throws {
        let line = linePath([(10, 32), (50, 32)])
        let butt = try rasterize([stroked(line, width: 8, cap: .butt)])
        let square = try rasterize([stroked(line, width: 8, cap: .square)])
        let round = try rasterize([stroked(line, width: 8, cap: .round)])
        #expect(abs(butt.inkArea - 40 * 8) < 0.05, "butt \(butt.inkArea)")
        #expect(abs(square.inkArea - 48 * 8) < 0.05, "square \(square.inkArea)")
        // Round caps are polygons within a quarter of the tolerance of the circle.
        let roundExact = 40 * 8 + Double.pi * 16
        #expect(round.inkArea <= roundExact + 0.05 && round.inkArea >= roundExact - 2 * Double.pi * 4 * 0.025, "round \(round.inkArea)")
        #expect(butt.alpha(8, 32) == 0 && square.alpha(8, 32) == 255 && round.alpha(7, 32) == 255)
    }

    @Test("joins: miter fills the corner, bevel cuts it, round rounds it; past the miter limit a miter bevels")
    func joins() throws {
        let corner = linePath([(10, 50), (40, 50), (40, 10)])
        let miter = try rasterize([stroked(corner, width: 10, join: .miter)])
        let bevel = try rasterize([stroked(corner, width: 10, join: .bevel)])
        let round = try rasterize([stroked(corner, width: 10, join: .round)])
        // The outer corner of the turn is the square (40…45, 50…55).
        #expect(miter.alpha(44, 54) == 255)
        #expect(bevel.alpha(44, 54) == 0)
        #expect(round.alpha(44, 54) < 128 && round.alpha(42, 52) == 255)
        // Areas: arms of 30 × 10 and 40 × 10 overlapping in 5 × 5; the miter adds the 5 × 5
        // outer corner, the bevel half of it, the round a quarter disc of radius 5.
        let arms: Double = 300 + 400 - 25
        #expect(abs(miter.inkArea - (arms + 25)) < 0.1, "miter \(miter.inkArea)")
        #expect(abs(bevel.inkArea - (arms + 12.5)) < 0.1, "bevel \(bevel.inkArea)")
        let roundExact = arms + 25 * Double.pi / 4
        #expect(round.inkArea <= roundExact + 0.05 && round.inkArea >= roundExact - Double.pi / 2 * 5 * 0.025, "round \(round.inkArea)")
        // A 20° turn has a miter ratio of 1/sin(10°) ≈ 5.8: beyond the limit 4, within 10.
        let sharp = linePath([(5, 60), (60, 60), (5, 40.0)])
        let limited = try rasterize([stroked(sharp, width: 4, join: .miter, miterLimit: 4)], size: Size(100, 100))
        let allowed = try rasterize([stroked(sharp, width: 4, join: .miter, miterLimit: 10)], size: Size(100, 100))
        let beveled = try rasterize([stroked(sharp, width: 4, join: .bevel)], size: Size(100, 100))
        #expect(allowed.inkArea > limited.inkArea + 5, "miter limit: \(allowed.inkArea) vs \(limited.inkArea)")
        #expect(abs(limited.inkArea - beveled.inkArea) < 0.01)
    }

    @Test("dashes: on and off lengths along the path, shifted by the offset; odd patterns repeat")
    func dashes() throws {
        let line = linePath([(0, 32), (64, 32)])
        let plain = try rasterize([stroked(line, width: 2, dash: [8, 8])])
        #expect(abs(plain.inkArea - 64) < 0.05, "[8 8]: \(plain.inkArea)")
        #expect(plain.alpha(4, 32) == 255 && plain.alpha(12, 32) == 0 && plain.alpha(20, 32) == 255)
        let shifted = try rasterize([stroked(line, width: 2, dash: [8, 8], offset: 8)])
        #expect(shifted.alpha(4, 32) == 0 && shifted.alpha(12, 32) == 255)
        let odd = try rasterize([stroked(line, width: 2, dash: [4])])  // = [4 4]
        #expect(abs(odd.inkArea - 64) < 0.05 && odd.alpha(2, 32) == 255 && odd.alpha(6, 32) == 0)
        // Zero-length dashes with round caps are dots of diameter w.
        let dots = try rasterize([stroked(linePath([(8, 32), (56, 32)]), width: 4, cap: .round, dash: [0, 16])])
        // Dots at 8, 24, 40 and 56.
        #expect(abs(dots.inkArea - 4 * Double.pi * 4) < 4 * 2 * Double.pi * 2 * 0.025, "dots \(dots.inkArea)")
        #expect(dots.alpha(8, 32) == 255 && dots.alpha(24, 32) == 255 && dots.alpha(55, 32) == 255 && dots.alpha(16, 32) == 0)
    }

    @Test("a hairline (width 0) is one device pixel wide at any resolution")
    func hairline() throws {
        let line = linePath([(4, 20.25), (44, 20.25)])
        let at72 = try rasterize([stroked(line, width: 0)])
        #expect(abs(at72.inkArea - 40) < 0.05)
        let at144 = try rasterize([stroked(line, width: 0)], dpi: 144)
        #expect(abs(at144.inkArea - 80) < 0.05)
    }

    @Test("clips cut, group opacity applies to the group as one layer, transforms scale area")
    func groups() throws {
        let clip = Scene.Group(clip: rectPath(10, 10, 20, 20), items: [filled(rectPath(0, 0, 64, 64))])
        let clipped = try rasterize([.group(clip)])
        #expect(abs(clipped.inkArea - 400) < 0.01)
        // Two overlapping squares at group opacity 0.5: the overlap is no darker.
        let group = Scene.Group(opacity: 0.5, items: [filled(rectPath(10, 10, 30, 30)), filled(rectPath(20, 20, 30, 30))])
        let layered = try rasterize([.group(group)])
        #expect(layered.alpha(25, 25) == layered.alpha(15, 15))
        #expect(abs(layered.alpha(25, 25) - 128) <= 1)
        let scaled = Scene.Group(transform: .scale(2, 2), items: [filled(rectPath(5, 5, 10, 10))])
        #expect(abs(try rasterize([.group(scaled)]).inkArea - 400) < 0.01)
        let rotated = Scene.Group(
            transform: Transform.translation(-5, -5).then(.rotation(degrees: 30)).then(.translation(32, 32)),
            items: [filled(rectPath(0, 0, 10, 10))])
        #expect(abs(try rasterize([.group(rotated)]).inkArea - 100) < 0.05)
    }

    @Test("limits: a page too large for memory and a stroke cut into millions of dashes are errors")
    func limits() {
        let huge = Scene.Document(pages: [Scene.Page(size: Size(14400, 14400))])
        guard case .failure(let error) = RasterWriter.rasterize(huge, options: RasterOptions(dpi: 300)) else {
            Issue.record("no error"); return
        }
        #expect(error.id == .pageTooLarge)
        let dashes = Scene.Document(pages: [Scene.Page(size: Size(600, 600), items: [
            stroked(linePath([(0, 0), (600, 600), (0, 600), (600, 0)]), width: 1, dash: [0.0005, 0.0005]),
        ])])
        guard case .failure(let dashError) = RasterWriter.rasterize(dashes, options: RasterOptions()) else {
            Issue.record("no error"); return
        }
        #expect(dashError.id == .tooManyDashes)
    }
}
