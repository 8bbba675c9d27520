// Ink bounds in the IR (issue 18, point 3): layout measures each group once
// (`Scene.Group.inkBounds`), and PDF and PostScript size their transparency groups and the
// EPS box by it. Each case is checked three ways: the IR's box against the arithmetic of the
// stroke, glyph or clip stated here; the EPS %%HiResBoundingBox against that box; and
// Ghostscript's rendering of the EPS and of the PDF (whose transparency group is clipped to
// its /BBox: a box that cut ink would show as less ink) lies inside the box and reaches
// within a point of each side.

import DrawBase
import DrawFonts
@testable import DrawKit
import DrawScene
import DrawTestSupport
import Foundation
import Testing

@Suite struct InkBoundsTests {
    /// (x0, y0, x1, y1) in page points, y down.
    typealias Box = (Double, Double, Double, Double)

    static func document(_ source: String) throws -> Scene.Document {
        let built = buildDocument(source: Array(source.utf8), path: "ink.draw", options: CompileOptions())
        #expect(!built.hasErrors)
        return try #require(built.document)
    }

    static func firstGroup(_ items: [Scene.Item]) -> Scene.Group? {
        for case .group(let group) in items { return group }
        return nil
    }

    static func box(_ r: Rect) -> Box { (r.minX, r.minY, r.maxX, r.maxY) }

    static func near(_ a: Box, _ b: Box, _ tolerance: Double = 1e-6) -> Bool {
        abs(a.0 - b.0) <= tolerance && abs(a.1 - b.1) <= tolerance && abs(a.2 - b.2) <= tolerance && abs(a.3 - b.3) <= tolerance
    }

    /// Pixels per point of the renderings (288 dpi).
    static let scale = 4.0

    /// Where Ghostscript puts ink drawing `bytes` (`name` says PDF or EPS) on a page of
    /// `size`: the box of the pixels that are not white, rendered at 288 dpi without
    /// anti-aliasing, in page points (y down). (Not the bbox device: it measures strokes by
    /// a conservative expansion — √2 · hw for square caps — not by what they paint.)
    static func ghostscriptInk(_ bytes: [UInt8], name: String, size: Size) throws -> Box? {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("drawc-ink-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(name), out = directory.appendingPathComponent("out.pgm")
        try Data(bytes).write(to: file)
        let run = try ExternalTool.run("gs", [
            "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=pgmraw", "-r\(Int(72 * scale))",
            "-dDEVICEWIDTHPOINTS=\(size.width)", "-dDEVICEHEIGHTPOINTS=\(size.height)", "-dFIXEDMEDIA",
            "-sOutputFile=\(out.path)", file.path])
        #expect(run.succeeded, "\(run.stderrText)")
        let pgm = [UInt8](try Data(contentsOf: out))
        // P5, then width, height and maximum, each after white space or a comment line.
        var index = 2, numbers: [Int] = []
        while numbers.count < 3, index < pgm.count {
            if pgm[index] == 0x23 { while index < pgm.count, pgm[index] != 0x0A { index += 1 }; continue }
            if (0x30...0x39).contains(pgm[index]) {
                var n = 0
                while index < pgm.count, (0x30...0x39).contains(pgm[index]) { n = n * 10 + Int(pgm[index] - 0x30); index += 1 }
                numbers.append(n)
            } else { index += 1 }
        }
        index += 1  // the one white space byte after the maximum
        guard numbers.count == 3, pgm.count >= index + numbers[0] * numbers[1] else { return nil }
        let (w, h) = (numbers[0], numbers[1])
        var (x0, y0, x1, y1) = (Int.max, Int.max, Int.min, Int.min)
        for y in 0..<h {
            let row = index + y * w
            for x in 0..<w where pgm[row + x] < 250 {
                x0 = min(x0, x); x1 = max(x1, x); y0 = min(y0, y); y1 = max(y1, y)
            }
        }
        guard x0 <= x1 else { return nil }
        return (Double(x0) / scale, Double(y0) / scale, Double(x1 + 1) / scale, Double(y1 + 1) / scale)
    }

    /// `expected` (page space, y down) is the EPS box; Ghostscript's ink, drawing the EPS and
    /// the PDF (whose transparency group is clipped to the IR's box), lies inside it (within
    /// a pixel and a half: the renderer inks every pixel a shape touches) and reaches within
    /// a point of each side.
    /// `loose`: how far the box may reach past the ink (text: the glyph-box margin too).
    func checkRendered(_ source: String, expected: Box, page: Size, loose: Double = 1,
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let up = (expected.0, page.height - expected.3, expected.2, page.height - expected.1)
        let eps = try #require(compile(source: source, path: "ink.draw", format: .eps).outputs.first?.bytes)
        let text = String(decoding: eps, as: UTF8.self)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("%%HiResBoundingBox:") })
        let ours = line.split(separator: " ").dropFirst().compactMap { Double($0) }
        try #require(ours.count == 4)
        #expect(Self.near((ours[0], ours[1], ours[2], ours[3]), up, 1e-3), "EPS box \(ours), expected \(up)", sourceLocation: sourceLocation)
        guard ExternalTool.require("gs") else { return }
        let pdf = try #require(compile(source: source, path: "ink.draw", format: .pdf).outputs.first?.bytes)
        for (name, bytes) in [("ink.eps", eps), ("ink.pdf", pdf)] {
            let ink = try #require(try Self.ghostscriptInk(bytes, name: name, size: page))
            let e = expected, slack = 1.5 / Self.scale
            #expect(e.0 <= ink.0 + slack && e.1 <= ink.1 + slack && e.2 >= ink.2 - slack && e.3 >= ink.3 - slack,
                    "\(name): box \(e) does not contain Ghostscript's ink \(ink)", sourceLocation: sourceLocation)
            #expect(ink.0 - e.0 <= loose && ink.1 - e.1 <= loose && e.2 - ink.2 <= loose && e.3 - ink.3 <= loose,
                    "\(name): box \(e) is loose around Ghostscript's ink \(ink)", sourceLocation: sourceLocation)
        }
    }

    /// The box the PDF gives the transparency group of the page (its form's /BBox).
    static func formBox(_ source: String) throws -> Box? {
        var options = CompileOptions()
        options.compressPDF = false
        let pdf = try #require(compile(source: source, path: "ink.draw", format: .pdf, options: options).outputs.first?.bytes)
        let text = String(decoding: pdf, as: UTF8.self)
        guard let range = text.range(of: "/Subtype /Form /BBox [") else { return nil }
        let numbers = text[range.upperBound...].prefix { $0 != "]" }.split(separator: " ").compactMap { Double($0) }
        return numbers.count == 4 ? (numbers[0], numbers[1], numbers[2], numbers[3]) : nil
    }

    // MARK: strokes

    /// A 90° corner of a 10pt stroke, butt caps. Miter limit 10: the tip sticks out
    /// hw · √2 = 7.0711 beyond the corner point; each butt end reaches hw / √2 = 3.5355 to
    /// both sides of its end point across the 45° segment.
    @Test func mitredCornerAndButtEnds() throws {
        let source = "polyline points: [(0, 50), (50, 0), (100, 50)], fill: gold, stroke: black, lineWidth: 10, miterLimit: 10, opacity: 0.5\n"
        let document = try Self.document(source)
        let group = try #require(Self.firstGroup(document.pages[0].items))
        guard case .path(let path, _)? = group.items.first else { Issue.record("no path"); return }
        let o = path.points[0] - Point(0, 50)  // content (0, 0) on the page
        let hw = 5.0, s = hw / 2.0.squareRoot()
        let expected: Box = (o.x - s, o.y - hw * 2.0.squareRoot(), o.x + 100 + s, o.y + 50 + s)
        #expect(Self.near(Self.box(try #require(group.inkBounds)), expected), "\(String(describing: group.inkBounds))")
        // PDF's transparency group is exactly that box (inside the page's y-down space).
        let form = try #require(try Self.formBox(source))
        #expect(Self.near(form, expected, 1e-4), "\(form)")
        try checkRendered(source, expected: expected, page: document.pages[0].size)
    }

    /// The same corner with miter limit 1.2: the miter (ratio √2) is cut to a bevel, whose
    /// top is the offset point hw / √2 above the corner.
    @Test func miterLimitBevelsTheCorner() throws {
        let source = "polyline points: [(0, 50), (50, 0), (100, 50)], stroke: black, lineWidth: 10, miterLimit: 1.2, opacity: 0.5\n"
        let document = try Self.document(source)
        let group = try #require(Self.firstGroup(document.pages[0].items))
        guard case .path(let path, _)? = group.items.first else { Issue.record("no path"); return }
        let o = path.points[0] - Point(0, 50)
        let s = 5 / 2.0.squareRoot()
        let expected: Box = (o.x - s, o.y - s, o.x + 100 + s, o.y + 50 + s)
        #expect(Self.near(Self.box(try #require(group.inkBounds)), expected), "\(String(describing: group.inkBounds))")
        try checkRendered(source, expected: expected, page: document.pages[0].size)
    }

    /// Caps of a horizontal 100pt line, 10pt wide: butt ends at the end points, square ends
    /// hw beyond them, round ends hw beyond them (a circumscribed 32-gon: within
    /// hw · (1 / cos(π/32) − 1) = 0.024pt).
    @Test(arguments: [("butt", 0.0, 1e-6), ("square", 5.0, 1e-6), ("round", 5.0, 0.025)])
    func caps(_ cap: String, _ reach: Double, _ tolerance: Double) throws {
        let source = "polyline points: [(0, 0), (100, 0)], stroke: black, lineWidth: 10, lineCap: \(cap), opacity: 0.5\n"
        let document = try Self.document(source)
        let group = try #require(Self.firstGroup(document.pages[0].items))
        guard case .path(let path, _)? = group.items.first else { Issue.record("no path"); return }
        let o = path.points[0]
        let expected: Box = (o.x - reach, o.y - 5, o.x + 100 + reach, o.y + 5)
        let ink = Self.box(try #require(group.inkBounds))
        #expect(Self.near(ink, expected, tolerance), "\(cap): \(ink)")
        // Never inside the true outline.
        #expect(ink.0 <= expected.0 + 1e-9 && ink.1 <= expected.1 + 1e-9 && ink.2 >= expected.2 - 1e-9 && ink.3 >= expected.3 - 1e-9)
        try checkRendered(source, expected: ink, page: document.pages[0].size)
    }

    // MARK: transforms, clips, text

    /// A 40 × 20 rect with a 1pt stroke turned by 30°: its group's own box is the rect grown
    /// by hw = 0.5 (mitred right angles); on the page, the box of that rectangle turned:
    /// half extents 20.5 cos 30° + 10.5 sin 30° and 20.5 sin 30° + 10.5 cos 30° about the centre.
    @Test func rotatedGroup() throws {
        let source = "rect width: 40, height: 20, fill: red, stroke: black, lineWidth: 1, rotate: 30deg\n"
        let document = try Self.document(source)
        let group = try #require(Self.firstGroup(document.pages[0].items))
        guard case .path(let path, _)? = group.items.first, let frame = path.controlBounds else { Issue.record("no path"); return }
        #expect(Self.near(Self.box(try #require(group.inkBounds)), (frame.minX - 0.5, frame.minY - 0.5, frame.maxX + 0.5, frame.maxY + 0.5)))
        let c = group.transform.apply(Point(frame.midX, frame.midY))
        let (sin30, cos30) = (0.5, 3.0.squareRoot() / 2)
        let hx = 20.5 * cos30 + 10.5 * sin30, hy = 20.5 * sin30 + 10.5 * cos30
        let expected: Box = (c.x - hx, c.y - hy, c.x + hx, c.y + hy)
        let page = Self.box(try #require(Scene.InkBounds.page(document.pages[0], fonts: document.fonts)))
        #expect(Self.near(page, expected, 1e-9), "\(page) vs \(expected)")
        try checkRendered(source, expected: expected, page: document.pages[0].size)
    }

    /// A circle of radius 30 (1pt stroke) centred on the right edge of a 60 × 40 rect that
    /// clips its children: the group's box is the circle's (grown by hw = 0.5) cut by the
    /// rect's outline.
    @Test func clippedGroup() throws {
        let source = """
        rect width: 60, height: 40, fill: none, stroke: none, clip: true {
          circle r: 30, at: (60, 20), fill: blue, stroke: black, lineWidth: 1, opacity: 0.5
        }

        """
        let document = try Self.document(source)
        let group = try #require(Self.firstGroup(document.pages[0].items))
        let clip = try #require(group.clip?.controlBounds)
        #expect(clip.width == 60 && clip.height == 40)
        // Circle centre (60, 20) in the rect: its box x 30 − 0.5 … 90.5, y −10.5 … 50.5.
        let expected: Box = (clip.minX + 29.5, clip.minY, clip.maxX, clip.maxY)
        // Curves are sampled (64 points a cubic): within a thousandth of a point.
        #expect(Self.near(Self.box(try #require(group.inkBounds)), expected, 1e-3), "\(String(describing: group.inkBounds))")
        try checkRendered(source, expected: expected, page: document.pages[0].size)
    }

    /// Text: each glyph's AFM box (Helvetica, 1/1000 em) at its pen position, widened by
    /// 0.03 em for the interpreters' substitute outlines.
    @Test func textGlyphBoxes() throws {
        let source = "text \"Hxg\", fontSize: 20, opacity: 0.5\n"
        let document = try Self.document(source)
        let group = try #require(Self.firstGroup(document.pages[0].items))
        guard case .text(let run)? = group.items.first else { Issue.record("no text"); return }
        let metrics = Standard14Font.helvetica.metrics
        var expected: Box = (.infinity, .infinity, -.infinity, -.infinity)
        let m = 0.03 * 20
        for glyph in run.glyphs {
            let b = try #require(metrics.glyphBox(code: UInt8(glyph.glyph)))
            let x = run.origin.x + glyph.x
            expected = (min(expected.0, x + Double(b.xMin) * 0.02 - m), min(expected.1, run.origin.y - Double(b.yMax) * 0.02 - m),
                        max(expected.2, x + Double(b.xMax) * 0.02 + m), max(expected.3, run.origin.y - Double(b.yMin) * 0.02 + m))
        }
        #expect(Self.near(Self.box(try #require(group.inkBounds)), expected), "\(String(describing: group.inkBounds)) vs \(expected)")
        // URW's outlines against Adobe's boxes, and the 0.6pt margin: within 1.6pt.
        try checkRendered(source, expected: expected, page: document.pages[0].size, loose: 1 + m)
    }

    /// A group built by hand is measured by the same function (its initializer); without the
    /// document's fonts its text gets the generous box, and a changed group measures again.
    @Test func handBuiltGroupsAreMeasured() throws {
        var stroke = Scene.PathBuilder()
        stroke.move(to: Point(0, 50)); stroke.line(to: Point(50, 0)); stroke.line(to: Point(100, 50))
        let path = Scene.Item.path(try #require(stroke.finish()), Paint(stroke: Stroke(color: .black, width: 10, miterLimit: 10)))
        var group = Scene.Group(opacity: 0.5, items: [path])
        let s = 5 / 2.0.squareRoot()
        #expect(Self.near(Self.box(try #require(group.inkBounds)), (-s, -5 * 2.0.squareRoot(), 100 + s, 50 + s)))
        // Turned by 90° about the origin, (x, y) → (−y, x), inside another group (a group's
        // box is in its own coordinates: its container sees it through its transform).
        let turned = Scene.Group(transform: Transform.rotation(degrees: 90), items: [.group(group)])
        #expect(turned.inkBounds == group.inkBounds)
        let outer = Scene.Group(items: [.group(turned)])
        #expect(Self.near(Self.box(try #require(outer.inkBounds)), (-50 - s, -s, 5 * 2.0.squareRoot(), 100 + s), 1e-9),
                "\(String(describing: outer.inkBounds))")
        group.opacity = 0
        #expect(Scene.Group(items: [.group(group)]).inkBounds == nil)
        var clip = Scene.PathBuilder()
        clip.addRect(Rect(x: 200, y: 200, width: 10, height: 10))
        var clipped = Scene.Group(clip: clip.finish(), items: [path])
        #expect(clipped.inkBounds == nil)  // the clip misses the ink
        clipped.changeItems(fonts: nil) { $0.append(.image(Scene.ImageItem(image: Scene.ImageID(0), rect: Rect(x: 190, y: 190, width: 15, height: 15)))) }
        #expect(Self.near(Self.box(try #require(clipped.inkBounds)), (200, 200, 205, 205)))
    }

    /// Fills of moves and lines only (rectangles, a barcode's modules) are measured as the box
    /// of their points in one pass; anything else — a curve, a point that is not finite, a
    /// point without its verb — takes the verb-by-verb walk: the same boxes either way.
    @Test func straightFillsAreTheBoxOfTheirPoints() throws {
        let fill = Paint(fill: Fill(color: .black))
        func box(_ verbs: [Scene.PathVerb], _ points: [Point]) -> Box? {
            Scene.Group(items: [.path(Scene.Path(verbs: verbs, points: points), fill)]).inkBounds.map(Self.box)
        }
        let square: [Scene.PathVerb] = [.move, .line, .line, .line, .close]
        let rectangles = square + square
        let corners = [Point(3, 4), Point(9, 4), Point(9, 7), Point(3, 7), Point(-2, 10), Point(1, 10), Point(1, 12), Point(-2, 12)]
        #expect(try Self.near(#require(box(rectangles, corners)), (-2, 4, 9, 12)))
        // A point that is not finite puts no ink, on either walk.
        var infinite = corners
        infinite[5] = Point(.infinity, 10)
        #expect(try Self.near(#require(box(rectangles, infinite)), (-2, 4, 9, 12)))
        var notANumber = corners
        notANumber[6] = Point(.nan, 12); notANumber[7] = Point(-2, .nan)
        #expect(try Self.near(#require(box(rectangles, notANumber)), (-2, 4, 9, 10)))
        // A point no verb takes is not ink; a curve's extreme is.
        #expect(try Self.near(#require(box(square, corners)), (3, 4, 9, 7)))
        let curved = try #require(box([.move, .cubic, .close], [Point(0, 0), Point(0, 10), Point(10, 10), Point(10, 0)]))
        #expect(Self.near(curved, (0, 0, 10, 7.5)))
    }

    /// Curved fills (an ink outline: a cubic per outline point) skip the extremes of the
    /// cubics well inside the box of their end points (`addCurvedFill`): the same box as the
    /// verb walk, bit for bit — on random outlines drawn as `inkPath` draws them, whole and
    /// fractional, small and large, into an empty box and into one with ink already, with
    /// a curve before any move, and with an extreme tying a side at zero. A point that is
    /// not finite leaves the path to the walk.
    @Test func curvedFillsAreMeasuredAsTheWalkMeasuresThem() throws {
        typealias InkBox = Scene.InkBounds.Box
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func random() -> Double {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return Double(state >> 11) / Double(UInt64(1) << 53)
        }
        /// A closed random walk drawn as quadratics through the midpoints, raised to cubics.
        func outline(_ n: Int, step: Double, whole: Bool, startWithMove: Bool = true) -> Scene.Path {
            var points: [Point] = []
            var p = Point(step * 10, step * 10)
            for _ in 0..<n {
                p = Point(p.x + (random() - 0.5) * step, p.y + (random() - 0.5) * step)
                points.append(whole ? Point(p.x.rounded(), p.y.rounded()) : p)
            }
            var verbs: [Scene.PathVerb] = startWithMove ? [.move] : []
            var out: [Point] = startWithMove ? [points[0]] : []
            var start = points[0]
            for k in 0..<n {
                let c = points[k], q = points[(k + 1) % n]
                let end = Point((c.x + q.x) * 0.5, (c.y + q.y) * 0.5)
                let c1 = start + (c - start) * (2.0 / 3.0), c2 = end + (c - end) * (2.0 / 3.0)
                verbs.append(.cubic)
                out += whole ? [c1, c2, end].map { Point($0.x.rounded(), $0.y.rounded()) } : [c1, c2, end]
                start = end
            }
            verbs.append(.close)
            return Scene.Path(verbs: verbs, points: out)
        }
        func bits(_ b: InkBox) -> [UInt64] { [b.minX, b.minY, b.maxX, b.maxY].map(\.bitPattern) }
        func check(_ path: Scene.Path, into start: InkBox = InkBox(), fast: Bool = true) {
            var walked = start, measured = start, shortcut = start
            Scene.InkBounds.walkFill(path, transform: .identity, into: &walked)
            Scene.InkBounds.addFill(path, transform: .identity, into: &measured)
            #expect(bits(measured) == bits(walked))
            if fast {
                #expect(Scene.InkBounds.addCurvedFill(path, into: &shortcut))
                #expect(bits(shortcut) == bits(walked))
            }
        }
        for _ in 0..<200 {
            check(outline(Int(random() * 300) + 3, step: 2000, whole: true))
            check(outline(Int(random() * 300) + 3, step: 3, whole: false))
            check(outline(40, step: 1e7, whole: false))
            check(outline(40, step: 1e-6, whole: false))
            check(outline(40, step: 50, whole: false, startWithMove: false))
            var inked = InkBox()
            inked.add(Point(random() * 1000, random() * 1000)); inked.add(Point(random() * 1000, random() * 1000))
            check(outline(60, step: 40, whole: true), into: inked)
        }
        // The curve reaches past its end points to x = −0.75 and x = 10.75, y = 7.5.
        let bulging = Scene.Path(verbs: [.move, .cubic, .cubic, .close],
                                 points: [Point(0, 0), Point(-1, 10), Point(11, 10), Point(10, 0), Point(10, -5), Point(0, -5), Point(0, 0)])
        check(bulging)
        // Sides at −0 and +0: the walk's identity mapping makes every zero +0.
        let zeros = Scene.Path(verbs: [.move, .cubic, .line, .close],
                               points: [Point(-0.0, 5), Point(-0.0, 5), Point(-0.0, 10), Point(-0.0, 10), Point(0, 0)])
        check(zeros)
        check(Scene.Path(verbs: [.move, .cubic, .close], points: [Point(-0.0, -0.0), Point(-0.0, 3), Point(4, -0.0), Point(-0.0, -0.0)]))
        var notFinite = outline(20, step: 5, whole: false)
        notFinite.points[7] = Point(.nan, 1)
        var untouched = InkBox()
        #expect(!Scene.InkBounds.addCurvedFill(notFinite, into: &untouched) && untouched.isEmpty)
        check(notFinite, fast: false)
        // A drawn stroke: its group's stored box is the walk's.
        let document = try Self.document("""
            page size: (300, 200)
            stroke points: [(20, 30, 0.2), (80, 60, 0.9), (150, 20, 0.5), (200, 120, 0.7), (260, 90, 0.3)], width: 12
            """)
        let group = try #require(Self.firstGroup(document.pages[0].items))
        guard case .path(let path, _) = try #require(group.items.first) else { Issue.record("no path"); return }
        var walked = InkBox()
        Scene.InkBounds.walkFill(path, transform: .identity, into: &walked)
        let stored = try #require(group.inkBounds), expected = try #require(walked.rect)
        #expect(stored.minX.bitPattern == expected.minX.bitPattern && stored.maxX.bitPattern == expected.maxX.bitPattern)
        #expect(stored.minY.bitPattern == expected.minY.bitPattern && stored.maxY.bitPattern == expected.maxY.bitPattern)
    }

    /// The box lives in the group, whose payload stays smaller than a painted path's: items
    /// are no larger for it (20,000 nested groups are walked and freed in tests).
    @Test func theBoxCostsItemsNothing() {
        #expect(MemoryLayout<Scene.Group>.size < MemoryLayout<Scene.Path>.size + MemoryLayout<Paint>.size)
    }
}
