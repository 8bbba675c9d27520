import DrawBase
import DrawDiagnostics
import DrawScene
@testable import DrawSemantics
import Testing

@Suite struct StatementTests {
    @Test func letShadowingInInnerBlocks() {
        let r = evaluateClean("""
        let w = 10
        group {
          let w = 20
          rect width: w
        }
        rect width: w
        """)
        #expect(approx(r.nodes[0].children[0].geometry.width, 20))
        #expect(approx(r.nodes[1].geometry.width, 10))
    }

    @Test func duplicateLetInOneBlock() {
        let r = evaluate("let a = 1\nlet a = 2")
        #expect(r.ids == ["sem.duplicate-binding"])
        #expect(r.diagnostics[0].notes.first?.span != nil)
    }

    @Test func forOverRanges() {
        let r = evaluateClean("""
        for i in 0..<3 { rect width: i }
        for i in 1...2 { circle r: i }
        """)
        #expect(r.nodes.map(\.kind) == [.rect, .rect, .rect, .circle, .circle])
        #expect(r.nodes.map { $0.geometry.width ?? $0.geometry.radius! } == [0, 1, 2, 1, 2])
    }

    @Test func forOverList() {
        let r = evaluateClean("for c in [red, blue] { rect fill: c }")
        #expect(r.nodes.map(\.style.fill) == [Color(r: 255, g: 0, b: 0), Color(r: 0, g: 0, b: 255)])
    }

    @Test func ifElse() {
        let r = evaluateClean("""
        for i in 0..<4 {
          if i % 2 == 0 { rect } else if i == 1 { circle } else { ellipse }
        }
        """)
        #expect(r.nodes.map(\.kind) == [.rect, .circle, .rect, .ellipse])
    }

    @Test func conditionMustBeBool() {
        let r = evaluate("if 1 { rect }")
        #expect(r.ids == ["sem.condition-not-bool"])
    }

    @Test func stylesSingleListAndPrecedence() {
        let r = evaluateClean("""
        style a { fill: red, stroke: blue, lineWidth: 2 }
        style b { fill: green }
        rect style: a
        rect style: [a, b]
        rect fill: gold, style: [a, b]
        rect { fill: gold
          style: a }
        """)
        let red = Color(r: 255, g: 0, b: 0), green = Color(r: 0, g: 128, b: 0), gold = Color(r: 255, g: 215, b: 0)
        #expect(r.nodes[0].style.fill == red)
        #expect(r.nodes[0].style.lineWidth == 2)
        #expect(r.nodes[1].style.fill == green)
        #expect(r.nodes[1].style.stroke == Color(r: 0, g: 0, b: 255))
        #expect(r.nodes[2].style.fill == gold)
        #expect(r.nodes[3].style.fill == gold)
    }

    @Test func inheritanceDownTheTree() {
        let r = evaluateClean("""
        group fill: red, fontSize: 20pt {
          rect
          vstack { text "a", bold: true }
          rect fill: none
        }
        """)
        let group = r.nodes[0]
        #expect(group.children[0].style.fill == Color(r: 255, g: 0, b: 0))
        #expect(group.children[1].children[0].style.fontSize == 20)
        #expect(group.children[1].children[0].style.bold)
        #expect(group.children[2].style.fill == nil)
    }

    @Test func lateInheritedPropertyReachesEarlierChildren() {
        let r = evaluateClean("""
        group {
          rect
          rect stroke: blue
          stroke: red
        }
        """)
        #expect(r.nodes[0].children[0].style.stroke == Color(r: 255, g: 0, b: 0))
        #expect(r.nodes[0].children[1].style.stroke == Color(r: 0, g: 0, b: 255))
    }

    @Test func alignOnStacksIsLayoutAlignment() {
        let r = evaluateClean("""
        vstack align: leading { text "x" }
        text "y", align: center
        """)
        #expect(r.nodes[0].geometry.align == .leading)
        #expect(r.nodes[0].style.textAlign == .left)
        #expect(r.nodes[1].style.textAlign == .center)
    }

    @Test func connectorsChain() {
        let r = evaluateClean("""
        rect id: a
        rect id: b
        rect id: c
        a -> b <-> c, label: "x"
        c -- a
        b <- a
        """)
        let connectors = r.nodes.filter { $0.kind == .connector }
        #expect(connectors.count == 4)
        if case .node(let id, _) = connectors[0].geometry.from { #expect(id == "a") } else { Issue.record("from is not a node") }
        if case .node(let id, _) = connectors[1].geometry.to { #expect(id == "c") } else { Issue.record("to is not a node") }
        #expect(connectors.map(\.geometry.arrow) == [.end, .both, ArrowEnds.none, .start])
        #expect(connectors[0].geometry.label == "x")
        #expect(connectors[1].geometry.label == "x")
    }

    @Test func connectorsMayReferForward() {
        let r = evaluateClean("""
        a -> b
        rect id: a
        rect id: b
        """)
        #expect(r.nodes[0].kind == .connector)
    }

    @Test func unknownIDInConnector() {
        let r = evaluate("rect id: alpha\nalpah -> alpha")
        #expect(r.ids == ["sem.unknown-id"])
        #expect(r.text(of: r.diagnostics[0]) == "alpah")
        #expect(r.diagnostics[0].hints == ["did you mean 'alpha'?"])
    }

    @Test func arrowFromNodesAndPoints() {
        let r = evaluateClean("""
        rect id: a
        arrow from: a, to: (100, 0)
        line from: a.right, to: a.left + (0, 10), arrow: both
        """)
        guard case .node(let id, _) = r.nodes[1].geometry.from else { Issue.record("not a node"); return }
        #expect(id == "a")
        #expect(r.nodes[1].geometry.to == .point(PointValue(Point(100, 0))))
        guard case .point(let p) = r.nodes[2].geometry.to else { Issue.record("not a point"); return }
        #expect(p.anchor?.anchor == .left)
        #expect(p.offset == Point(0, 10))
        #expect(r.nodes[2].geometry.arrow == .both)
    }

    @Test func anchorsInAt() {
        let r = evaluateClean("""
        rect id: a, width: 10
        circle r: 5, at: a.ne + (12pt, 0)
        circle r: 5, at: a.bottomLeft - (1, 1)
        """)
        let at = r.nodes[1].geometry.at!
        #expect(at.anchor?.nodeID == "a")
        #expect(at.anchor?.anchor == .topRight)
        #expect(at.offset == Point(12, 0))
        #expect(r.nodes[2].geometry.at?.offset == Point(-1, -1))
    }

    @Test func atMustReferToEarlierNodes() {
        let r = evaluate("""
        circle at: b.center
        rect id: b
        """)
        #expect(r.ids == ["sem.forward-reference"])
    }

    @Test func anchorArithmeticIsLimited() {
        let r = evaluate("""
        rect id: a
        circle at: a.center * 2
        circle at: (a.center.x, 0)
        """)
        #expect(r.ids == ["sem.anchor-arithmetic", "sem.anchor-arithmetic"])
    }

    @Test func duplicateIDs() {
        let r = evaluate("rect id: a\ncircle id: a")
        #expect(r.ids == ["sem.duplicate-id"])
        #expect(r.diagnostics[0].notes.count == 1)
    }

    @Test func computedIDs() {
        let r = evaluateClean("""
        for i in 0..<3 { rect id: "box\\(i)" }
        box0 -> box2
        """)
        #expect(r.nodes.compactMap(\.id) == ["box0", "box1", "box2"])
    }

    @Test func polylinePoints() {
        let r = evaluateClean("polygon points: [(0, 0), (10, 0), (5, 1in)]")
        #expect(r.nodes[0].geometry.points == [PointValue(Point(0, 0)), PointValue(Point(10, 0)), PointValue(Point(5, 72))])
    }

    @Test func paintAndTextProperties() {
        let r = evaluateClean("""
        text "hi", font: ["Times", "fonts/x.ttf"], fontSize: 10pt, italic: true, color: #123456, lineHeight: 14pt
        rect lineCap: round, lineJoin: bevel, miterLimit: 2, dash: [3, 2], dashOffset: 1, padding: (4, 8)
        path "M0 0 L10 0 L5 5 Z", fillRule: evenOdd
        """)
        #expect(r.nodes[0].style.fonts == ["Times", "/test/fonts/x.ttf"])
        #expect(r.nodes[0].style.lineHeight == .absolute(14))
        #expect(r.nodes[0].style.color == Color(r: 0x12, g: 0x34, b: 0x56))
        let s = r.nodes[1].style
        #expect(s.lineCap == .round && s.lineJoin == .bevel && s.miterLimit == 2 && s.dash == [3, 2] && s.dashOffset == 1)
        #expect(r.nodes[2].style.fillRule == .evenOdd)
        #expect(r.nodes[1].geometry.padding == EdgeInsets(top: 4, left: 8, bottom: 4, right: 8))
    }

    @Test func imagePathIsAbsolute() {
        let r = evaluateClean(#"image "pics/a.png", fit: cover, width: 10"#)
        #expect(r.nodes[0].content == "/test/pics/a.png")
        #expect(r.nodes[0].geometry.fit == .cover)
    }
}
