import DrawBase
import DrawDiagnostics
import DrawScene
@testable import DrawSemantics
import Testing

@Suite struct ComponentTests {
    static let service = """
    def service(name, tint = #e8f0fe) {
      rect name, corner: 6pt, fill: tint, padding: 10pt
    }

    """

    @Test func positionalNamedAndDefaults() {
        let r = evaluateClean(Self.service + """
        service "Browser", id: web
        service "API", id: api, tint: #fde68a
        """)
        #expect(r.nodes.count == 2)
        #expect(r.nodes[0].kind == .rect)
        #expect(r.nodes[0].content == "Browser")
        #expect(r.nodes[0].id == "web")
        #expect(r.nodes[0].style.fill == Color(r: 0xe8, g: 0xf0, b: 0xfe))
        #expect(r.nodes[1].style.fill == Color(r: 0xfd, g: 0xe6, b: 0x8a))
    }

    @Test func callPropertiesOverrideTheBody() {
        let r = evaluateClean(Self.service + """
        service "X", fill: red, at: (10, 10), rotate: 5, corner: 1
        """)
        #expect(r.nodes[0].style.fill == Color(r: 255, g: 0, b: 0))
        #expect(r.nodes[0].geometry.at == PointValue(Point(10, 10)))
        #expect(r.nodes[0].geometry.corner == 1)
        #expect(r.nodes[0].geometry.rotate == 5)
    }

    @Test func severalNodesAreWrappedInAGroup() {
        let r = evaluateClean("""
        def pair(label) {
          rect label
          circle r: 4
        }
        pair "a", id: p, stroke: blue
        """)
        #expect(r.nodes.count == 1)
        #expect(r.nodes[0].kind == .group)
        #expect(r.nodes[0].id == "p")
        #expect(r.nodes[0].children.map(\.kind) == [.rect, .circle])
        #expect(r.nodes[0].children[1].style.stroke == Color(r: 0, g: 0, b: 255))
    }

    @Test func bodySeesDefinitionScopeNotCaller() {
        let r = evaluate("""
        let size = 10
        def box() { rect width: size, height: local }
        group {
          let local = 5
          box
        }
        """)
        #expect(r.ids == ["sem.undefined-name"])
    }

    @Test func recursionWithinTheLimit() {
        let r = evaluateClean("""
        def tree(depth) {
          group {
            circle r: depth
            if depth > 0 { tree depth - 1 }
          }
        }
        tree 10
        """)
        var depth = 0
        var node = r.nodes[0]
        while let next = node.children.last, next.kind == .group { node = next; depth += 1 }
        #expect(depth == 10)
    }

    @Test func runawayRecursionIsStopped() {
        let r = evaluate("""
        def forever(n) { forever n + 1 }
        forever 0
        """)
        #expect(r.ids == ["sem.recursion-limit"])
    }

    @Test func exponentialRecursionIsStopped() {
        let r = evaluate("""
        def twice(n) {
          if n > 0 {
            twice n - 1
            twice n - 1
          }
        }
        twice 40
        """, limits: { var l = EvaluationLimits.standard; l.maxCalls = 10_000; return l }())
        #expect(r.ids == ["sem.call-limit"])
    }

    @Test func deepRecursionInNestedBlocks() {
        let r = evaluateClean("""
        def nest(n) {
          group {
            zstack {
              if n > 0 { for i in 0..<1 { nest n - 1 } }
            }
          }
        }
        nest 60
        """)
        #expect(r.nodes.count == 1)
    }

    @Test func missingArgument() {
        let r = evaluate("def box(w) { rect width: w }\nbox")
        #expect(r.ids.first == "sem.missing-argument")
    }

    @Test func unknownArgumentSuggestsParameter() {
        let r = evaluate(Self.service + "service \"a\", tnit: red")
        #expect(r.ids == ["sem.unknown-property"])
        #expect(r.diagnostics[0].hints == ["did you mean 'tint'?"])
    }

    @Test func blockOnACallAddsChildrenAndProperties() {
        let r = evaluateClean("""
        def card() { rect padding: 4 }
        card {
          stroke: red
          text "inside"
        }
        """)
        #expect(r.nodes[0].kind == .rect)
        #expect(r.nodes[0].children.map(\.kind) == [.text])
        #expect(r.nodes[0].style.stroke == Color(r: 255, g: 0, b: 0))
    }
}

@Suite struct ImportTests {
    @Test func importBringsDeclarationsOnly() {
        let r = evaluate("""
        import "lib/shapes.draw"
        badge "x", fill: accent
        """, files: ["/test/lib/shapes.draw": """
        import "../colors.draw"
        def badge(t) { circle t, r: 6 }
        rect
        """, "/test/colors.draw": "let accent = #ff0000\n"])
        #expect(r.ids == ["sem.import-ignored"])
        #expect(r.nodes.map(\.kind) == [.circle])
        #expect(r.nodes[0].style.fill == Color(r: 255, g: 0, b: 0))
    }

    @Test func eachFileOnce() {
        let r = evaluateClean("""
        import "a.draw"
        import "b.draw"
        rect width: x + y
        """, files: ["/test/a.draw": "import \"c.draw\"\nlet x = c", "/test/b.draw": "import \"c.draw\"\nlet y = c",
                     "/test/c.draw": "let c = 1"])
        #expect(approx(r.nodes[0].geometry.width, 2))
        #expect(r.sources.files.count == 4)
    }

    @Test func cyclesAreDiagnosedWithTheChain() {
        let r = evaluate("import \"a.draw\"", files: ["/test/a.draw": "import \"b.draw\"", "/test/b.draw": "import \"a.draw\""])
        #expect(r.ids == ["sem.import-cycle"])
        #expect(r.diagnostics[0].message == "import cycle: a.draw → b.draw → a.draw")
    }

    @Test func missingFile() {
        let r = evaluate("import \"nope.draw\"")
        #expect(r.ids == ["sem.import-not-found"])
    }
}

@Suite struct PageTests {
    @Test func pagelessDrawingHasOneFittedPage() {
        let r = evaluateClean("rect")
        #expect(r.drawing.pages.count == 1)
        #expect(r.drawing.hasPageBlocks == false)
        #expect(r.drawing.pages[0].settings.size == nil)
        #expect(r.drawing.pages[0].settings.margin == EdgeInsets(all: 10))
    }

    @Test func singlePageSettings() {
        let r = evaluateClean("page size: a4, orientation: landscape, margin: (1in, 0.5in), background: ivory\nrect")
        let settings = r.drawing.pages[0].settings
        #expect(approx(settings.size?.width, 297 * 72 / 25.4))
        #expect(approx(settings.size?.height, 210 * 72 / 25.4))
        #expect(settings.margin == EdgeInsets(top: 72, left: 36, bottom: 72, right: 36))
        #expect(settings.background == Color(r: 255, g: 255, b: 240))
    }

    /// A page block naming its own size keeps the orientation of the page settings; its own
    /// `orientation:` wins; a block without a size takes the oriented default size.
    @Test func pageBlockWithItsOwnSizeKeepsTheDefaultOrientation() {
        let r = evaluateClean("""
            page size: a4, orientation: landscape
            page size: a5 { rect }
            page size: a5, orientation: portrait { rect }
            page { rect }
            page size: (100pt, 50pt) { rect }
            """)
        let sizes = r.drawing.pages.map { $0.settings.size }
        let a5Long = 210 * 72 / 25.4, a5Short = 148 * 72 / 25.4
        #expect(approx(sizes[0]?.width, a5Long) && approx(sizes[0]?.height, a5Short), "A5 landscape: \(String(describing: sizes[0]))")
        #expect(approx(sizes[1]?.width, a5Short) && approx(sizes[1]?.height, a5Long), "A5 portrait: \(String(describing: sizes[1]))")
        #expect(approx(sizes[2]?.width, 297 * 72 / 25.4), "A4 landscape")
        #expect(sizes[3] == Size(100, 50), "already landscape")
    }

    @Test func sizedPageDefaultMargin() {
        let r = evaluateClean("page size: (4in, 6in)")
        #expect(r.drawing.pages[0].settings.size == Size(288, 432))
        #expect(r.drawing.pages[0].settings.margin == EdgeInsets(all: 36))
    }

    @Test func pageBlocks() {
        let r = evaluateClean("""
        page size: letter
        page { rect id: a }
        page margin: 0 { circle id: b }
        """)
        #expect(r.drawing.hasPageBlocks)
        #expect(r.drawing.pages.count == 2)
        #expect(r.drawing.pages[1].settings.size == Size(612, 792))
        #expect(r.drawing.pages[1].settings.margin == .zero)
        #expect(r.drawing.pages[1].nodes[0].kind == .circle)
    }

    @Test func nodesOutsidePageBlocks() {
        let r = evaluate("rect\npage { circle }")
        #expect(r.ids == ["sem.node-outside-page"])
    }

    @Test func unknownPageSize() {
        let r = evaluate("page size: a7")
        #expect(r.ids == ["sem.unknown-page-size"])
    }
}

@Suite struct ScopeTests {
    @Test func nestedComponentsSeeTheirDefiningBody() {
        let r = evaluateClean("""
        def outer(a) {
          def inner(b) { rect width: a + b }
          inner 2
        }
        outer 1
        """)
        #expect(approx(r.nodes[0].geometry.width, 3))
    }

    @Test func callerShadowingDoesNotLeakIntoTheBody() {
        let r = evaluateClean("""
        let x = 1
        def f() { rect width: x }
        group {
          let x = 5
          f
          rect width: x
        }
        """)
        #expect(approx(r.nodes[0].children[0].geometry.width, 1))
        #expect(approx(r.nodes[0].children[1].geometry.width, 5))
    }

    @Test func manyBindingsStayFast() {
        var source = ""
        for i in 0..<5_000 { source += "let v\(i) = \(i)\n" }
        for i in 0..<5_000 { source += "rect width: v\(i) + v0\n" }
        let r = evaluateClean(source)
        #expect(r.nodes.count == 5_000)
        #expect(approx(r.nodes[4_999].geometry.width, 4_999))
    }

    @Test func loopVariableIsFreshEachIteration() {
        let r = evaluateClean("""
        for i in [10, 20] {
          let twice = i * 2
          rect width: twice
        }
        """)
        #expect(r.nodes.map(\.geometry.width) == [20, 40])
    }
}

@Suite struct StackDepthTests {
    /// Near the call and nesting limits together: must neither crash nor report.
    @Test func deepestRecursionWithNestedBlocks() {
        let r = evaluateClean("""
        def nest(n) {
          group { zstack { group { vstack { hstack { if n > 0 { for i in 0..<1 { nest n - 1 } } } } } } }
        }
        nest 62
        """)
        #expect(r.nodes.count == 1)
    }
}

@Suite struct PageDefaultTests {
    @Test func blockWithSizeGetsTheSizedDefaultMargin() {
        let r = evaluateClean("""
        page background: ivory
        page size: a5 { rect }
        page { rect }
        """)
        #expect(r.drawing.pages[0].settings.margin == EdgeInsets(all: 36))
        #expect(r.drawing.pages[0].settings.background == Color(r: 255, g: 255, b: 240))
        #expect(r.drawing.pages[1].settings.margin == EdgeInsets(all: 10))
    }

    @Test func explicitDefaultMarginIsKept() {
        let r = evaluateClean("""
        page margin: 5
        page size: a5 { rect }
        """)
        #expect(r.drawing.pages[0].settings.margin == EdgeInsets(all: 5))
    }
}
