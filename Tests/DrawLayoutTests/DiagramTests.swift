import DrawBase
import DrawCatalogue
import DrawDiagnostics
import DrawScene
import DrawSemantics
@testable import DrawLayout
import Testing
#if canImport(Foundation)
import Foundation
#endif

/// The outlines of the drawn paths of `item` on the page, sampled independently of layout's
/// own flattening (400 points per cubic), transforms of enclosing groups applied.
func drawnOutline(_ item: Scene.Item, transform: Transform = .identity) -> [[Point]] {
    switch item {
    case .path(let path, _):
        var result: [[Point]] = []
        var current: [Point] = []
        var index = 0
        var last = Point.zero, start = Point.zero
        for verb in path.verbs {
            switch verb {
            case .move:
                if current.count > 1 { result.append(current) }
                last = path.points[index]; start = last; current = [transform.apply(last)]
            case .line:
                last = path.points[index]; current.append(transform.apply(last))
            case .cubic:
                let (c1, c2, end) = (path.points[index], path.points[index + 1], path.points[index + 2])
                for i in 1...400 {
                    let t = Double(i) / 400, u = 1 - t
                    let p = Point(u * u * u * last.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * end.x,
                                  u * u * u * last.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * end.y)
                    current.append(transform.apply(p))
                }
                last = end
            case .close:
                current.append(transform.apply(start)); last = start
            case .rect:
                if current.count > 1 { result.append(current) }
                let (a, b, c, d) = Scene.Path.rectangleCorners(path.points[index], path.points[index + 1])
                current = [a, b, c, d, a].map { transform.apply($0) }
                last = a; start = a
            }
            index += verb.pointCount
        }
        if current.count > 1 { result.append(current) }
        return result
    case .group(let g):
        return g.items.flatMap { drawnOutline($0, transform: g.transform.then(transform)) }
    default:
        return []
    }
}

func distanceToPolylines(_ p: Point, _ lines: [[Point]]) -> Double {
    var best = Double.infinity
    for line in lines {
        for i in line.indices.dropFirst() {
            let a = line[i - 1], b = line[i]
            let d = b - a
            let l2 = d.x * d.x + d.y * d.y
            let t = l2 > 0 ? max(0, min(1, ((p.x - a.x) * d.x + (p.y - a.y) * d.y) / l2)) : 0
            let q = a + d * t
            best = min(best, ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot())
        }
    }
    return best
}

func link(_ from: String, _ to: String, arrow: ArrowEnds = .none, _ configure: (inout Node) -> Void = { _ in }) -> Node {
    node(.connector) { n in
        n.geometry.from = .node(id: from, span: span(0, 1))
        n.geometry.to = .node(id: to, span: span(0, 1))
        n.geometry.arrow = arrow
        configure(&n)
    }
}

let outlinedKinds: [NodeKind] = [
    .rect, .ellipse, .circle, .polygon, .polyline, .path,
    .diamond, .triangle, .hexagon, .octagon, .parallelogram, .trapezoid, .star, .cylinder, .document, .note, .cloud,
    .capsule, .person, .regularPolygon, .pentagon,
]

/// A target node of `kind` centred at (300, 300), about 90 × 60 pt, without stroke.
func target(_ kind: NodeKind, rotate: Double) -> Node {
    node(kind, id: "t") { n in
        n.style.stroke = nil
        n.style.fill = .black
        switch kind {
        case .polygon, .polyline:
            n.geometry.points = [Point(260, 270), Point(345, 280), Point(330, 330), Point(270, 320)].map { PointValue($0) }
        case .path:
            n.content = "M 255 300 C 255 260 345 260 345 300 C 345 340 300 330 255 300 Z"
        case .circle:
            n.geometry.radius = 30; n.geometry.at = PointValue(Point(300, 300))
        default:
            n.geometry.width = 90; n.geometry.height = 60; n.geometry.at = PointValue(Point(300, 300))
            if kind == .star { n.geometry.shape.starPoints = 7 }
        }
        if rotate != 0 { n.geometry.rotate = rotate }
    }
}

@Suite struct DiagramGeometryTests {
    /// Probes from eight directions: each connector's end lies on the drawn outline of its
    /// target within 0.01 pt, for every kind, rotated and not.
    @Test(arguments: outlinedKinds, [0.0, 30.0])
    func connectorEndLiesOnTheOutline(kind: NodeKind, rotate: Double) {
        for step in 0..<8 {
            let angle = Double(step) * 45 + 10
            let radians = angle * Double.pi / 180
            let source = rect(6, 6, id: "s", at: Point(300 + 170 * cos(radians), 300 + 170 * sin(radians))) { $0.style.stroke = nil; $0.style.fill = .black }
            let (page, diagnostics, _) = layoutPage([source, target(kind, rotate: rotate), link("s", "t")], size: Size(600, 600))
            #expect(diagnostics.isEmpty, "\(kind) at \(angle)°: \(diagnostics.map(\.message))")
            guard page.items.count >= 3, case .path(let line, _) = page.items[2] else {
                Issue.record("\(kind): no connector drawn"); continue
            }
            let outline = drawnOutline(page.items[1])
            let end = line.points.last!
            let gap = distanceToPolylines(end, outline)
            #expect(gap < 0.01, "\(kind) rotated \(rotate)° probed from \(angle)°: end \(end) is \(gap)pt off the outline")
            let start = line.points.first!
            #expect(distanceToPolylines(start, drawnOutline(page.items[0])) < 0.01)
        }
    }

    /// An arrow's tip touches the outer edge of the target's stroke.
    /// `pentagon`, the shape added as two entries (its catalogue entry and its geometry
    /// entry): five corners, the first at the top middle, square by default, its label inside.
    @Test func pentagonIsFiveCornersAroundItsLabel() {
        #expect(NodeKind.byName["pentagon"] == .pentagon && NodeKind.pentagon.isDiagramShape)
        let plain = node(.pentagon) { $0.geometry.at = PointValue(Point(100, 100)) }
        let (page, diagnostics, _) = layoutPage([plain], size: Size(300, 300))
        #expect(diagnostics.isEmpty)
        let path = paths(page.items)[0].0
        #expect(path.verbs.filter { $0 == .line }.count == 4 && path.verbs.last == .close)
        let b = tightBounds(of: path)!
        #expect(close(Point(b.width, b.height), Point(54, 54)))
        #expect(close(path.points[0], Point(b.midX, b.minY)))
        let labelled = node(.pentagon, "Review") { $0.geometry.at = PointValue(Point(100, 100)) }
        let (page2, diagnostics2, _) = layoutPage([labelled], size: Size(300, 300))
        #expect(diagnostics2.isEmpty)
        let outline = tightBounds(of: paths(page2.items)[0].0)!
        let run = texts(page2.items)[0]
        #expect(run.origin.x > outline.minX && run.origin.x + run.advance < outline.maxX)
    }

    @Test func arrowTipStopsAtTheStrokesOuterEdge() {
        let a = rect(20, 20, id: "a", at: Point(20, 50))
        let b = node(.diamond, id: "b") { $0.geometry.width = 60; $0.geometry.height = 60; $0.geometry.at = PointValue(Point(150, 50)); $0.style.lineWidth = 4 }
        let (page, _, _) = layoutPage([a, b, link("a", "b", arrow: .end)], size: Size(300, 200))
        let heads = paths(page.items).filter { $0.1.fill != nil && $0.1.stroke == nil }
        let tip = heads.last!.0.points[0]
        // The diamond's left vertex is at x 120; its mitred 4pt stroke reaches 2/sin(45°) further.
        #expect(close(tip, Point(120 - 2 * 2.0.squareRoot(), 50), 1e-6))
    }

    @Test func portsStartOnTheNamedAnchor() {
        let a = node(.hexagon, id: "a") { $0.geometry.width = 80; $0.geometry.height = 40; $0.geometry.at = PointValue(Point(50, 50)); $0.style.stroke = nil }
        let b = rect(40, 40, id: "b", at: Point(200, 150)) { $0.style.stroke = nil }
        let c = node(.connector) { n in
            n.geometry.from = .point(PointValue(anchor: .init(nodeID: "a", anchor: .bottom, span: span(0, 1)), offset: .zero))
            n.geometry.to = .point(PointValue(anchor: .init(nodeID: "b", anchor: .left, span: span(0, 1)), offset: Point(0, 5)))
            n.geometry.arrow = ArrowEnds.none
        }
        let d = link("a", "b") { $0.geometry.link.fromSide = .right }
        let (page, diagnostics, _) = layoutPage([a, b, c, d], size: Size(300, 300))
        #expect(diagnostics.isEmpty)
        let lines = paths(page.items).map(\.0.points)
        #expect(close(lines[0].first!, Point(50, 70)))
        #expect(close(lines[0].last!, Point(180, 155)))
        // side: right — from the hexagon's right vertex.
        #expect(close(lines[1].first!, Point(90, 50)))
    }

    @Test func portWithAnOffsetInAConnectorStatement() {
        let (ir, diagnostics, document) = compile("""
        page size: (300pt, 200pt), margin: 0
        rect id: a, at: (50, 50), size: (40, 20), stroke: none
        rect id: b, at: (200, 100), size: (40, 20), stroke: none
        a.right + (0, 5pt) -> b.left, arrow: none
        """)
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        let lines = paths(document.pages[0].items).filter { $0.1.stroke != nil }
        #expect(lines.count == 1, "\(ir)")
        #expect(lines.first?.0.points == [Point(70, 55), Point(180, 100)])
    }

    @Test func orthogonalRoutesBendLeastAndCrossNoFrame() {
        // Five nodes in a row and a wall between a and b: the route goes around the wall.
        let a = rect(40, 30, id: "a", at: Point(40, 100))
        let wall = rect(20, 160, id: "wall", at: Point(120, 100))
        let b = rect(40, 30, id: "b", at: Point(220, 100))
        let c = rect(40, 30, id: "c", at: Point(220, 250))
        let d = rect(40, 30, id: "d", at: Point(40, 250))
        let links = [("a", "b"), ("a", "c"), ("b", "d"), ("d", "c"), ("c", "a")].map { link($0.0, $0.1) { $0.geometry.link.route = .orthogonal } }
        let (page, diagnostics, _) = layoutPage([a, wall, b, c, d] + links, size: Size(320, 320))
        #expect(diagnostics.isEmpty)
        let frames: [String: Rect] = [
            "a": Rect(x: 20, y: 85, width: 40, height: 30), "wall": Rect(x: 110, y: 20, width: 20, height: 160),
            "b": Rect(x: 200, y: 85, width: 40, height: 30), "c": Rect(x: 200, y: 235, width: 40, height: 30),
            "d": Rect(x: 20, y: 235, width: 40, height: 30),
        ]
        let lines = paths(page.items).dropFirst(5).map(\.0.points)
        #expect(lines.count == 5)
        for (k, (from, to)) in [("a", "b"), ("a", "c"), ("b", "d"), ("d", "c"), ("c", "a")].enumerated() {
            let points = lines[k]
            for i in points.indices.dropFirst() {
                let (p, q) = (points[i - 1], points[i])
                #expect(abs(p.x - q.x) < 1e-9 || abs(p.y - q.y) < 1e-9, "\(from)→\(to): segment \(p)–\(q) is not axis-parallel")
                for (name, frame) in frames where name != from && name != to {
                    #expect(!segmentCrossesInterior(p, q, frame), "\(from)→\(to) crosses \(name)")
                }
                // Not through its own nodes either (their outlines are where it starts and ends).
                for name in [from, to] {
                    let f = frames[name]!
                    let inner = Rect(x: f.minX + 1, y: f.minY + 1, width: f.width - 2, height: f.height - 2)
                    #expect(!segmentCrossesInterior(p, q, inner), "\(from)→\(to) runs through \(name)")
                }
            }
        }
        // d → c is a straight run (no bend); a → b must go around the wall (two bends at least).
        #expect(lines[3].count == 2)
        #expect(lines[0].count >= 4)
    }

    @Test func selfLoopAndParallelConnectors() {
        let a = rect(40, 30, id: "a", at: Point(50, 50)) { $0.style.stroke = nil }
        let b = rect(40, 30, id: "b", at: Point(200, 50)) { $0.style.stroke = nil }
        let (page, _, _) = layoutPage([a, b, link("a", "a"), link("a", "b"), link("a", "b"), link("b", "a")], size: Size(300, 200))
        let lines = paths(page.items).map(\.0.points)
        // The loop: one cubic from the right side back to it.
        let loop = lines[0]
        #expect(loop.count == 4)
        #expect(close(loop.first!.x, 70) && close(loop.last!.x, 70))
        #expect(loop[1].x > 90)
        // Three connectors between a and b, 10pt apart.
        let ys = lines[1...3].map { $0[0].y }.sorted()
        #expect(close(ys[1] - ys[0], 10) && close(ys[2] - ys[1], 10))
    }

    @Test(arguments: [ArrowheadStyle.triangle, .open, .stealth, .diamond, .diamondOpen, .circle, .circleOpen, .bar,
                      .one, .many, .oneOrMany, .zeroOrOne, .zeroOrMany])
    func everyEndMarkIsDrawnAndTheLineStopsWhereItBegins(style: ArrowheadStyle) {
        let a = rect(20, 20, id: "a", at: Point(20, 50)) { $0.style.stroke = nil; $0.style.fill = .black }
        let b = rect(20, 20, id: "b", at: Point(180, 50)) { $0.style.stroke = nil; $0.style.fill = .black }
        let c = link("a", "b", arrow: .end) { $0.geometry.link.head = style; $0.geometry.link.arrowSize = 12 }
        let (page, _, _) = layoutPage([a, b, c])
        let drawn = paths(page.items).dropFirst(2)
        let line = drawn.first!.0.points
        #expect(line.first == Point(30, 50))
        #expect(drawn.count >= 2, "\(style) draws no mark")
        let expectedEnd: Double
        switch style {
        case .triangle, .diamond: expectedEnd = 170 - 12
        case .stealth: expectedEnd = 170 - 12 * 0.7
        case .circle: expectedEnd = 170 - 8
        case .one, .many, .oneOrMany, .zeroOrOne, .zeroOrMany: expectedEnd = 170
        default: expectedEnd = line.last!.x
        }
        #expect(close(line.last!.x, expectedEnd, 1e-9), "\(style): line ends at \(line.last!)")
        #expect(line.last!.x <= 170)
        // Every mark lies on the line's side of the tip, inside the end region.
        for (mark, _) in drawn.dropFirst() {
            let b = tightBounds(of: mark)!
            #expect(b.maxX <= 170 + 1e-6 && b.minX >= 170 - 12 * 2.2, "\(style): mark spans \(b)")
        }
    }

    @Test func labelsSitBesideTheLineSmallerWithABackground() {
        let a = rect(20, 20, id: "a", at: Point(20, 50))
        let b = rect(20, 20, id: "b", at: Point(180, 50))
        let above = link("a", "b") { $0.geometry.label = "yes" }
        let below = link("b", "a") { $0.geometry.label = "no"; $0.geometry.link.labelPosition = .below; $0.geometry.link.labelBackground = .some(Color(r: 255, g: 0, b: 0)) }
        let (page, _, _) = layoutPage([a, b, above, below])
        let runs = texts(page.items)
        #expect(runs.count == 2)
        #expect(runs.allSatisfy { close($0.size, 10) })
        // The two parallel lines are at y 45 and 55: "yes" above the upper, "no" below the lower.
        #expect(runs[0].origin.y < 45)
        #expect(runs[1].origin.y > 55 + 7)
        let backgrounds = paths(page.items).filter { $0.1.fill?.color == Color(r: 255, g: 0, b: 0) }
        #expect(backgrounds.count == 1)
        let white = paths(page.items).filter { $0.1.fill?.color == .white && $0.1.stroke == nil }
        #expect(white.count == 1)
    }

    @Test func labelsOfSeveralConnectorsDoNotOverlap() {
        // Three connectors from one hub, labels at their middles would collide near the hub.
        let hub = rect(20, 20, id: "h", at: Point(100, 100))
        let x = rect(10, 10, id: "x", at: Point(160, 90))
        let y = rect(10, 10, id: "y", at: Point(160, 100))
        let z = rect(10, 10, id: "z", at: Point(160, 110))
        let links = ["x", "y", "z"].map { id in link("h", id) { $0.geometry.label = "label \(id)" } }
        let (page, _, _) = layoutPage([hub, x, y, z] + links, size: Size(300, 300))
        let boxes = paths(page.items).filter { $0.1.fill?.color == .white && $0.1.stroke == nil }.map { tightBounds(of: $0.0)! }
        #expect(boxes.count == 3)
        for i in boxes.indices {
            for j in boxes.indices where j > i {
                #expect(!LayoutEngine.overlaps(boxes[i], boxes[j]), "labels \(i) and \(j) overlap")
            }
        }
    }

    @Test func hstackAlignsBaselines() {
        for align in [Alignment.firstBaseline, .lastBaseline] {
            let stack = node(.hstack) { s in
                s.geometry.align = align
                s.children = [
                    node(.text, "Big") { $0.style.fontSize = 24 },
                    node(.text, "small\nsecond") { $0.style.fontSize = 9 },
                    node(.rect, "boxed") { $0.style.fontSize = 12 },
                ]
            }
            let (page, _, _) = layoutPage([stack], size: Size(300, 200))
            let runs = texts(page.items)
            let baselines = align == .firstBaseline ? [runs[0], runs[1], runs[3]].map(\.origin.y) : [runs[0], runs[2], runs[3]].map(\.origin.y)
            #expect(close(baselines[0], baselines[1]) && close(baselines[1], baselines[2]), "\(align): \(baselines)")
        }
    }

    @Test func gridRowsStretchWithFill() {
        let grid = node(.grid) { g in
            g.geometry.columns = 2
            g.geometry.spacing = 0
            g.geometry.stretchCells = true
            g.children = [node(.rect, "short"), node(.rect, "two\nlines"), node(.rect, "a much wider cell"), node(.rect, "x")]
        }
        let (page, _, _) = layoutPage([grid], size: Size(400, 200))
        let frames = paths(page.items).map { tightBounds(of: $0.0)! }
        #expect(frames.count == 4)
        // Same row, same height; same column, same width; neighbours share their borders.
        #expect(close(frames[0].height, frames[1].height) && close(frames[2].height, frames[3].height))
        #expect(close(frames[0].width, frames[2].width) && close(frames[1].width, frames[3].width))
        #expect(close(frames[0].maxX, frames[1].minX) && close(frames[0].maxY, frames[2].minY))
    }

    @Test func shapeLabelsGoInTheirUsableArea() {
        // A diamond's label box is its inscribed rectangle: half its width and height.
        let d = node(.diamond, "Decide") { $0.geometry.at = PointValue(Point(100, 100)) }
        let (page, diagnostics, _) = layoutPage([d], size: Size(300, 300))
        #expect(diagnostics.isEmpty)
        let outline = tightBounds(of: paths(page.items)[0].0)!
        let run = texts(page.items)[0]
        #expect(outline.width > 2 * run.advance - 1e-6)
        #expect(run.origin.x > outline.minX + outline.width / 4 - 1e-6)
        // Anchors lie on the outline: the diamond's topRight is the middle of an edge.
        let anchor = LayoutEngine.shapeAnchor(DiamondShape.self, ShapeOptions(), bounds: Rect(x: 0, y: 0, width: 80, height: 40), .topRight)
        #expect(close(anchor, Point(60, 10)))
    }
}

/// Whether the segment p–q passes through the open interior of r.
func segmentCrossesInterior(_ p: Point, _ q: Point, _ r: Rect) -> Bool {
    // Axis-parallel segments only (orthogonal routes).
    if abs(p.y - q.y) < 1e-9 {
        guard p.y > r.minY, p.y < r.maxY else { return false }
        return max(p.x, q.x) > r.minX && min(p.x, q.x) < r.maxX
    }
    guard p.x > r.minX, p.x < r.maxX else { return false }
    return max(p.y, q.y) > r.minY && min(p.y, q.y) < r.maxY
}
