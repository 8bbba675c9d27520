import DrawBase
import DrawDiagnostics
import DrawScene
import DrawSemantics
@testable import DrawLayout
import Testing

@Suite struct LayoutTests {
    /// The bounding box of the first path on the page.
    func firstPathBounds(_ page: Scene.Page) -> Rect? {
        paths(page.items).first.flatMap { tightBounds(of: $0.0) }
    }

    @Test func rectAtPointIsCenteredThere() {
        // language.md: "a 40×20 rect at: (50, 50) spans x 30…70, y 40…60".
        let (page, diagnostics, _) = layoutPage([rect(40, 20, at: Point(50, 50))])
        #expect(diagnostics.isEmpty)
        #expect(firstPathBounds(page) == Rect(x: 30, y: 40, width: 40, height: 20))
    }

    @Test func rectWithoutAtSitsAtTheTopLeftOfTheMarginBox() {
        let (page, _, _) = layoutPage([rect(40, 20)], size: Size(200, 100), margin: 10)
        #expect(firstPathBounds(page) == Rect(x: 10, y: 10, width: 40, height: 20))
        #expect(page.size == Size(200, 100))
    }

    @Test func anchorChoosesThePlacedPoint() {
        let r = rect(40, 20, at: Point(50, 50)) { $0.geometry.anchor = .topLeft }
        let (page, _, _) = layoutPage([r])
        #expect(firstPathBounds(page) == Rect(x: 50, y: 50, width: 40, height: 20))
    }

    @Test func pageSizedToContentIncludesNegativeCoordinates() {
        let nodes = [rect(40, 20, at: Point(0, 0)), rect(10, 10, at: Point(100, 50))]
        let (document, _) = layout(drawing(nodes, size: nil, margin: 5))
        let page = document.pages[0]
        // Content spans x -20…105, y -10…55.
        #expect(page.size == Size(125 + 10, 65 + 10))
        #expect(firstPathBounds(page) == Rect(x: 5, y: 5, width: 40, height: 20))
    }

    @Test func vstackSpacingAndAlignment() {
        let stack = node(.vstack) { s in
            s.geometry.spacing = 10
            s.geometry.align = .leading
            s.children = [rect(40, 20), rect(20, 10)]
        }
        let (page, _, _) = layoutPage([stack])
        let rects = paths(page.items).map { tightBounds(of: $0.0)! }
        #expect(rects == [Rect(x: 0, y: 0, width: 40, height: 20), Rect(x: 0, y: 30, width: 20, height: 10)])

        var centered = stack
        centered.geometry.align = nil
        let (page2, _, _) = layoutPage([centered])
        #expect(paths(page2.items).map { tightBounds(of: $0.0)! }[1] == Rect(x: 10, y: 30, width: 20, height: 10))

        var trailing = stack
        trailing.geometry.align = .trailing
        let (page3, _, _) = layoutPage([trailing])
        #expect(paths(page3.items).map { tightBounds(of: $0.0)! }[1] == Rect(x: 20, y: 30, width: 20, height: 10))
    }

    @Test func hstackWithPaddingAndBottomAlignment() {
        let stack = node(.hstack) { s in
            s.geometry.spacing = 5
            s.geometry.padding = EdgeInsets(all: 4)
            s.geometry.align = .bottom
            s.children = [rect(40, 20), rect(20, 10)]
        }
        let (page, _, _) = layoutPage([stack])
        let rects = paths(page.items).map { tightBounds(of: $0.0)! }
        #expect(rects == [Rect(x: 4, y: 4, width: 40, height: 20), Rect(x: 49, y: 14, width: 20, height: 10)])
    }

    @Test func spacerTakesTheFreeSpaceOfAFixedStack() {
        let stack = node(.hstack) { s in
            s.geometry.width = 100
            s.geometry.spacing = 0
            s.children = [rect(20, 10), node(.spacer), rect(20, 10)]
        }
        let (page, _, _) = layoutPage([stack])
        let rects = paths(page.items).map { tightBounds(of: $0.0)! }
        #expect(rects.map(\.minX) == [0, 80])
    }

    @Test func lineInAStackIsMovedIntoItsSlot() {
        let line = node(.line) { l in
            l.geometry.from = .point(PointValue(Point(0, 0)))
            l.geometry.to = .point(PointValue(Point(100, 0)))
        }
        let stack = node(.vstack) { s in
            s.geometry.spacing = 6
            s.children = [rect(100, 20), line]
        }
        let (page, _, _) = layoutPage([stack])
        #expect(paths(page.items)[1].0.points == [Point(0, 26), Point(100, 26)])
    }

    @Test func pathStaysAtItsOwnCoordinatesInAGroup() {
        let p = node(.path, "M 30 40 L 50 60")
        let (page, _, _) = layoutPage([node(.group) { $0.children = [p] }])
        #expect(paths(page.items)[0].0.points == [Point(30, 40), Point(50, 60)])
    }

    @Test func rectWithLabelSizesToFitPlusPadding() {
        var r = node(.rect, "Hi")
        r.geometry.padding = EdgeInsets(all: 10)
        let (page, _, _) = layoutPage([r])
        let run = texts(page.items)[0]
        // "Hi" in Helvetica 12: H 722 + i 222 = 944/1000 em = 11.328pt; line box 14.4pt.
        #expect(close(run.advance, 11.328))
        #expect(close(firstPathBounds(page)!.width, 31.328))
        #expect(close(firstPathBounds(page)!.height, 34.4))
        // Baseline: 10 + (14.4 − (0.718 + 0.207)·12)/2 + 0.718·12.
        #expect(close(run.origin.y, 10 + (14.4 - 11.1) / 2 + 8.616))
        #expect(close(run.origin.x, 10))
    }

    @Test func anchorOfAnEarlierNodeInAt() {
        let a = rect(40, 20, id: "a", at: Point(50, 50))
        var b = rect(10, 10)
        b.geometry.at = PointValue(anchor: .init(nodeID: "a", anchor: .right, span: span(3, 4)), offset: Point(12, 0))
        b.geometry.anchor = .left
        let (page, diagnostics, _) = layoutPage([a, b])
        #expect(diagnostics.isEmpty)
        #expect(paths(page.items).map { tightBounds(of: $0.0)! }[1] == Rect(x: 82, y: 45, width: 10, height: 10))
    }

    @Test func anchorIsConvertedIntoTheParentsCoordinates() {
        let a = rect(40, 20, id: "a", at: Point(50, 50))
        var b = rect(10, 10)
        b.geometry.at = PointValue(anchor: .init(nodeID: "a", anchor: .center, span: span(3, 4)), offset: .zero)
        // The group is moved by a stack: b's at: point must still land on a's center.
        let stack = node(.vstack) { s in
            s.geometry.at = PointValue(Point(100, 100))
            s.children = [rect(30, 30), node(.group) { $0.children = [b] }]
        }
        let (page, _, _) = layoutPage([a, stack])
        let last = paths(page.items).map { tightBounds(of: $0.0)! }.last!
        #expect(last == Rect(x: 45, y: 45, width: 10, height: 10))
    }

    @Test func laterOrUnknownIdInAtIsAnError() {
        var b = rect(10, 10)
        b.geometry.at = PointValue(anchor: .init(nodeID: "a", anchor: .center, span: span(7, 8)), offset: .zero)
        let (_, diagnostics, _) = layoutPage([b, rect(40, 20, id: "a")])
        #expect(diagnostics.map(\.id) == ["layout.anchor-not-placed"])
        #expect(diagnostics.first?.span == span(7, 8))
        var c = b
        c.geometry.at = PointValue(anchor: .init(nodeID: "zz", anchor: .center, span: span(9, 11)), offset: .zero)
        let (_, diagnostics2, _) = layoutPage([c])
        #expect(diagnostics2.map(\.id) == ["layout.unknown-node"])
        #expect(diagnostics2.first?.span == span(9, 11))
    }

    @Test func connectorEndsLieOnTheOutlines() {
        // Without strokes: the ends lie on the outlines themselves (with one, at its outer edge).
        let a = rect(40, 20, id: "a", at: Point(50, 50)) { $0.geometry.corner = 6; $0.style.stroke = nil }
        let b = node(.circle, id: "b") { $0.geometry.radius = 15; $0.geometry.at = PointValue(Point(150, 80)); $0.style.stroke = nil }
        let c = node(.ellipse, id: "c") { $0.geometry.width = 40; $0.geometry.height = 20; $0.geometry.at = PointValue(Point(50, 150)); $0.style.stroke = nil }
        func connector(_ from: String, _ to: String, arrow: ArrowEnds = .none) -> Node {
            node(.connector) { n in
                n.geometry.from = .node(id: from, span: span(0, 1))
                n.geometry.to = .node(id: to, span: span(0, 1))
                n.geometry.arrow = arrow
            }
        }
        let (page, diagnostics, _) = layoutPage([a, b, c, connector("a", "b"), connector("b", "c"), connector("a", "c")])
        #expect(diagnostics.isEmpty)
        let lines = paths(page.items).map(\.0.points)
        // a → b: ends on the rounded rect and on the circle.
        let ab = lines[0]
        // Within 0.01pt: the drawn circle is four cubics, 0.004pt off the true circle at most.
        #expect(close(distance(ab[1], Point(150, 80)), 15, 0.01))
        #expect(onRoundedRect(ab[0], Rect(x: 30, y: 40, width: 40, height: 20), corner: 6))
        // b → c: circle and ellipse.
        let bc = lines[1]
        #expect(close(distance(bc[0], Point(150, 80)), 15, 0.01))
        #expect(close(pow2((bc[1].x - 50) / 20) + pow2((bc[1].y - 150) / 10), 1, 1e-3))
        // a → c: straight down, from a's bottom edge to c's top.
        #expect(close(lines[2][0], Point(50, 60)))
        #expect(close(lines[2][1], Point(50, 140)))
    }

    @Test func connectorCanReferToALaterNodeAndPaintsWhereWritten() {
        let conn = node(.connector) { n in
            n.geometry.from = .node(id: "a", span: span(0, 1))
            n.geometry.to = .node(id: "b", span: span(0, 1))
        }
        let (page, diagnostics, _) = layoutPage([conn, rect(20, 20, id: "a", at: Point(10, 10)), rect(20, 20, id: "b", at: Point(100, 10))])
        #expect(diagnostics.isEmpty)
        let all = paths(page.items)
        // Line, head, then the two rects; the ends touch the 1pt strokes' outer edges.
        #expect(all.count == 4)
        #expect(all[0].0.points.first == Point(20.5, 10))
        #expect(all[1].0.points.first == Point(89.5, 10))
        #expect(all[1].1.fill?.color == .black)
    }

    @Test func rotationIsAGroupAboutTheCenter() {
        let r = rect(40, 20, at: Point(50, 50)) { $0.geometry.rotate = 90 }
        let (page, _, _) = layoutPage([r])
        guard case .group(let g)? = page.items.first else { Issue.record("no group"); return }
        #expect(close(g.transform.apply(Point(50, 50)), Point(50, 50)))
        #expect(close(g.transform.apply(Point(70, 50)), Point(50, 70)))
    }

    @Test func missingCharacterInAStandardFontIsAnError() {
        var t = node(.text, "A中")
        t.span = span(10, 20)
        let (_, diagnostics, _) = layoutPage([t])
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.id == "layout.missing-glyph")
        #expect(diagnostics.first?.message == "character U+4E2D '中' is not in the font 'Helvetica'")
        #expect(diagnostics.first?.span == span(10, 20))
    }

    @Test func fontsAreListedOnceInFirstUseOrder() {
        let bold = node(.text, "B") { $0.style.bold = true }
        let (_, _, document) = layoutPage([bold, node(.text, "a"), node(.text, "b"), node(.text, "c") { $0.style.bold = true }])
        #expect(document.fonts == [.standard(.helveticaBold), .standard(.helvetica)])
    }

    func pow2(_ x: Double) -> Double { x * x }

    func onRoundedRect(_ p: Point, _ r: Rect, corner: Double) -> Bool {
        let cx = min(max(p.x, r.minX + corner), r.maxX - corner)
        let cy = min(max(p.y, r.minY + corner), r.maxY - corner)
        let d = distance(p, Point(cx, cy))
        if p.x > r.minX + corner && p.x < r.maxX - corner { return close(p.y, r.minY) || close(p.y, r.maxY) }
        if p.y > r.minY + corner && p.y < r.maxY - corner { return close(p.x, r.minX) || close(p.x, r.maxX) }
        return close(d, corner, 0.01)
    }
}

@Suite struct DiagnosticTests {
    @Test func sameMistakeFromOneLiteralIsReportedOnce() {
        let source = """
        def tag(name) {
          text "\\(name) →"
        }
        for i in 0..<50 { tag "x", at: (0, i * 10) }
        """
        let (_, diagnostics, _) = compile(source)
        #expect(describe(diagnostics, in: source) == ["4:19: layout.missing-glyph: character U+2192 '→' is not in the font 'Helvetica'"])
    }

    @Test func layoutErrorsAreCapped() {
        var nodes: [Node] = []
        for i in 0..<600 {
            var p = node(.path, "M 0 0 L \(i) x")
            p.span = span(i * 10, i * 10 + 5)
            nodes.append(p)
        }
        let (_, diagnostics, _) = layoutPage(nodes)
        #expect(diagnostics.count == maximumDiagnostics + 1)
        #expect(diagnostics.last?.id == "layout.too-many-errors")
    }
}

@Suite struct TransformTests {
    @Test func connectorInsideARotatedGroupEndsOnTheRotatedOutlines() {
        let group = node(.group) { g in
            g.geometry.rotate = 90
            g.children = [
                rect(20, 20, id: "a", at: Point(0, 0)),
                rect(20, 20, id: "b", at: Point(100, 0)),
                node(.connector) { c in
                    c.geometry.from = .node(id: "a", span: span(0, 1))
                    c.geometry.to = .node(id: "b", span: span(0, 1))
                    c.geometry.arrow = ArrowEnds.none
                },
            ]
        }
        let (page, diagnostics, _) = layoutPage([group], size: Size(300, 300))
        #expect(diagnostics.isEmpty)
        guard case .group(let g)? = page.items.first, case .path(let line, _)? = g.items.last else { Issue.record("no group"); return }
        // The group turns about its center (50, 0): a's center goes to (50, -50), b's to (50, 50).
        let ends = line.points.map { g.transform.apply($0) }
        #expect(close(ends[0], Point(50, -39.5)))
        #expect(close(ends[1], Point(50, 39.5)))
    }

    @Test func atAnchorOfARotatedNode() {
        let a = rect(40, 20, id: "a", at: Point(100, 100)) { $0.geometry.rotate = 90 }
        var b = rect(10, 10)
        b.geometry.at = PointValue(anchor: .init(nodeID: "a", anchor: .right, span: span(0, 1)), offset: .zero)
        let (page, _, _) = layoutPage([a, b], size: Size(300, 300))
        // a.right (120, 100) turned 90° about (100, 100) is (100, 120).
        #expect(tightBounds(of: paths(page.items).last!.0) == Rect(x: 95, y: 115, width: 10, height: 10))
    }
}
