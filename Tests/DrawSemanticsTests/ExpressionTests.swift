import DrawBase
import DrawCatalogue
import DrawDiagnostics
import DrawScene
@testable import DrawSemantics
import Testing

@Suite struct ExpressionTests {
    @Test func unitsAddUp() {
        let r = evaluateClean("rect width: 1in + 2mm, height: 2cm - 10px")
        #expect(approx(r.nodes[0].geometry.width, 72 + 2 * 72 / 25.4))
        #expect(approx(r.nodes[0].geometry.height, 20 * 72 / 25.4 - 7.5))
    }

    @Test func lengthTimesNumberAndLengthOverLength() {
        let r = evaluateClean("""
        let n = 2in / 1in
        rect width: n * 10pt, height: 3 * 1in / 2
        """)
        #expect(approx(r.nodes[0].geometry.width, 20))
        #expect(approx(r.nodes[0].geometry.height, 108))
    }

    @Test func lengthTimesLengthIsAnError() {
        let r = evaluate("rect width: 1in * 1in")
        #expect(r.ids == ["sem.operator-types"])
    }

    @Test func percentagesAndAngles() {
        let r = evaluateClean("rect opacity: 50%, rotate: 30deg + 15, scale: 200%")
        #expect(approx(r.nodes[0].geometry.opacity, 0.5))
        #expect(approx(r.nodes[0].geometry.rotate, 45))
        #expect(r.nodes[0].geometry.scale == Point(2, 2))
    }

    @Test func pointArithmeticAndMembers() {
        let r = evaluateClean("""
        let p = (10, 20) + (1, 2) * 2
        let s = (30, 40)
        rect at: p, width: s.width, height: s.height + p.x
        """)
        #expect(r.nodes[0].geometry.at == PointValue(Point(12, 24)))
        #expect(approx(r.nodes[0].geometry.width, 30))
        #expect(approx(r.nodes[0].geometry.height, 52))
    }

    @Test func listsAndIndexing() {
        let r = evaluateClean("""
        let xs = [1, 2, 3] + [4]
        rect width: xs[3], height: count(xs)
        """)
        #expect(approx(r.nodes[0].geometry.width, 4))
        #expect(approx(r.nodes[0].geometry.height, 4))
    }

    @Test func indexOutOfRange() {
        let r = evaluate("let xs = [1, 2]\nrect width: xs[2]")
        #expect(r.ids == ["sem.index-out-of-range"])
        #expect(r.text(of: r.diagnostics[0]) == "2")
    }

    @Test func comparisonsAndLogic() {
        let r = evaluateClean("""
        if 1in > 50 && !(2 == 3) || false { rect id: yes }
        if "a" < "b" { rect id: also }
        """)
        #expect(r.nodes.map(\.id) == ["yes", "also"])
    }

    @Test func functions() {
        let r = evaluateClean("""
        rect width: max(1, 5, 3), height: min([4pt, 2pt]), corner: abs(-2) + floor(1.5) + ceil(1.2) + round(2.5) + sqrt(16)
        rect width: sin(30deg) * 10, height: cos(60) * 10, rotate: atan2(1, 1)
        """)
        #expect(approx(r.nodes[0].geometry.width, 5))
        #expect(approx(r.nodes[0].geometry.height, 2))
        #expect(approx(r.nodes[0].geometry.corner, 2 + 1 + 2 + 3 + 4))
        #expect(approx(r.nodes[1].geometry.width, 5, tolerance: 1e-9))
        #expect(approx(r.nodes[1].geometry.height, 5, tolerance: 1e-9))
        #expect(approx(r.nodes[1].geometry.rotate, 45))
    }

    @Test func colorFunctions() {
        let r = evaluateClean("""
        rect fill: rgb(255, 0, 0), stroke: rgba(0, 0, 255, 50%)
        rect fill: hsl(120, 100%, 50%), stroke: gray(0.5)
        rect fill: mix(black, white, 25%), stroke: rebeccapurple
        """)
        #expect(r.nodes[0].style.fill == Color(red: 1, green: 0, blue: 0))
        #expect(r.nodes[0].style.stroke == Color(red: 0, green: 0, blue: 1, alpha: 0.5))
        #expect(r.nodes[1].style.fill == Color(red: 0, green: 1, blue: 0))
        #expect(r.nodes[1].style.stroke == Color(red: 0.5, green: 0.5, blue: 0.5))
        #expect(r.nodes[2].style.fill == Color(red: 0.25, green: 0.25, blue: 0.25))
        #expect(r.nodes[2].style.stroke == Color(r: 0x66, g: 0x33, b: 0x99))
    }

    @Test func allNamedColorsAreThere() {
        #expect(NamedColor.table.count == 148)
        #expect(NamedColors.color(named: "Gold") == Color(r: 255, g: 215, b: 0))
    }

    @Test func stringInterpolation() {
        let r = evaluateClean("""
        let n = 3
        text "n = \\(n), w = \\(1in), half = \\(n / 2), \\(50%)"
        """)
        #expect(r.nodes[0].content == "n = 3, w = 72pt, half = 1.5, 50%")
        #expect(r.nodes[0].contentIsVerbatim == false)
    }

    @Test func verbatimContent() {
        let r = evaluateClean(#"path "M 0 0 L 10 10""#)
        #expect(r.nodes[0].content == "M 0 0 L 10 10")
        #expect(r.nodes[0].contentIsVerbatim)
    }

    @Test func divisionByZero() {
        let r = evaluate("rect width: 1 / 0")
        #expect(r.ids == ["sem.division-by-zero"])
    }

    @Test func undefinedNameWithSuggestion() {
        let r = evaluate("let width1 = 3\nrect width: widht1 + 1")
        #expect(r.ids == ["sem.undefined-name"])
        #expect(r.text(of: r.diagnostics[0]) == "widht1")
        #expect(r.diagnostics[0].hints == ["did you mean 'width1'?"])
    }

    @Test func unknownFunction() {
        let r = evaluate("rect width: sqr(4)")
        #expect(r.ids == ["sem.unknown-function"])
        #expect(r.diagnostics[0].hints == ["did you mean 'sqrt'?"])
    }

    @Test func longLeftChainDoesNotRecurse() {
        let terms = Array(repeating: "1", count: 50_000).joined(separator: " + ")
        let r = evaluate("rect width: \(terms)", allowParseErrors: true)
        if r.diagnostics.isEmpty { #expect(approx(r.nodes[0].geometry.width, 50_000)) }
    }
}
