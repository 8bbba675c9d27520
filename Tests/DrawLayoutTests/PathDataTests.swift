import DrawBase
import DrawDiagnostics
import DrawScene
import DrawSemantics
@testable import DrawLayout
import Testing

@Suite struct PathDataTests {
    func parse(_ s: String) -> Scene.Path {
        let (path, error) = parsePathData(s)
        #expect(error == nil, "\(error?.message ?? "")")
        return path ?? Scene.Path()
    }

    @Test func absoluteAndRelativeLines() {
        let p = parse("M 10 10 L 20 10 l 0 10 H 5 h 5 V 0 v 5 Z")
        #expect(p.verbs == [.move, .line, .line, .line, .line, .line, .line, .close])
        #expect(p.points == [Point(10, 10), Point(20, 10), Point(20, 20), Point(5, 20), Point(10, 20), Point(10, 0), Point(10, 5)])
    }

    @Test func implicitRepeatsAfterMoveAreLines() {
        let p = parse("m 1 2 3 4 5 6")
        #expect(p.verbs == [.move, .line, .line])
        #expect(p.points == [Point(1, 2), Point(4, 6), Point(9, 12)])
        let q = parse("M1,2 L3,4 5,6")
        #expect(q.points == [Point(1, 2), Point(3, 4), Point(5, 6)])
    }

    @Test func compactNumbers() {
        let p = parse("M.5.5L-1-2l1e1,2E-1")
        #expect(p.points == [Point(0.5, 0.5), Point(-1, -2), Point(9, -1.8)])
    }

    @Test func closeReturnsToSubpathStartForRelativeCommands() {
        let p = parse("M 10 10 l 10 0 z l 0 10")
        #expect(p.points.last == Point(10, 20))
    }

    @Test func smoothCubicReflectsPreviousControl() {
        let p = parse("M 0 0 C 0 10 10 10 10 0 S 20 -10 20 0")
        // Second control of C is (10,10); reflected about (10,0) → (10,-10).
        #expect(p.points[4] == Point(10, -10))
        // S without a preceding C uses the current point.
        let q = parse("M 0 0 L 5 5 S 10 10 20 0")
        #expect(q.points[2] == Point(5, 5))
    }

    @Test func quadraticsBecomeExactCubics() {
        let p = parse("M 0 0 Q 10 10 20 0 T 40 0")
        #expect(p.verbs == [.move, .cubic, .cubic])
        // c1 = p0 + 2/3 (q - p0), c2 = p + 2/3 (q - p)
        #expect(close(p.points[1], Point(20.0 / 3, 20.0 / 3)))
        #expect(close(p.points[2], Point(20 - 20.0 / 3, 20.0 / 3)))
        // T reflects (10,10) about (20,0) → (30,-10).
        #expect(close(p.points[4], Point(20 + 2.0 / 3 * 10, -20.0 / 3)))
        #expect(p.points[6] == Point(40, 0))
    }

    @Test func arcEndpointsAndSegments() {
        // Half circle of radius 10 around (10, 0), sweeping clockwise on the page (through y = -10? no: y down).
        let p = parse("M 0 0 A 10 10 0 0 1 20 0")
        #expect(p.verbs == [.move, .cubic, .cubic])
        #expect(p.points.last == Point(20, 0))
        // Each segment's end lies on the circle; sweep 1 from (0,0) to (20,0) passes through (10,-10).
        #expect(close(p.points[3], Point(10, -10), 1e-9))
        for i in stride(from: 3, to: p.points.count, by: 3) {
            #expect(close(distance(p.points[i], Point(10, 0)), 10, 1e-9))
        }
        // The other sweep passes below.
        let q = parse("M 0 0 A 10 10 0 0 0 20 0")
        #expect(close(q.points[3], Point(10, 10), 1e-9))
    }

    @Test func arcRadiiTooSmallAreScaledUp() {
        let p = parse("M 0 0 A 1 1 0 0 1 20 0")
        #expect(p.points.last == Point(20, 0))
        #expect(close(p.points[3], Point(10, -10), 1e-9))
    }

    @Test func largeArcSplitsIntoQuarterSegments() {
        // Three quarters of a circle of radius 10 around (0, 0): from (10,0) to (0,-10), large arc, sweep 1.
        let p = parse("M 10 0 A 10 10 0 1 1 0 -10")
        #expect(p.verbs.filter { $0 == .cubic }.count == 3)
        for i in stride(from: 3, to: p.points.count, by: 3) {
            #expect(close(distance(p.points[i], .zero), 10, 1e-9))
        }
        #expect(p.points.last == Point(0, -10))
        // Compact flags: "a10 10 0 1110 0" is rx ry rot large sweep x y.
        let q = parse("M0 0a10 10 0 1110 0")
        #expect(q.points.last == Point(10, 0))
    }

    @Test func rotatedEllipticalArcEndpoint() {
        let p = parse("M 0 0 A 20 10 30 0 1 30 10")
        #expect(close(p.points.last!, Point(30, 10)))
    }

    @Test func zeroRadiusArcIsALine() {
        let p = parse("M 0 0 A 0 5 0 0 1 10 0")
        #expect(p.verbs == [.move, .line])
    }

    @Test(arguments: [
        ("M 0 0 L 10 x", 11, "layout.path-data.expected-number"),
        ("L 0 0", 0, "layout.path-data.missing-moveto"),
        ("M 0 0 K 1 1", 6, "layout.path-data.unknown-command"),
        ("M 0 0 A 5 5 0 2 1 10 10", 14, "layout.path-data.expected-flag"),
        ("M 0 0 L 10,", 11, "layout.path-data.expected-number"),
        ("M 0 0 Z 5 5", 8, "layout.path-data.expected-command"),
        ("M 0 0 L 1 2 3", 13, "layout.path-data.expected-number"),
    ])
    func errorsAtTheExactByte(data: String, offset: Int, id: String) {
        let (_, error) = parsePathData(data)
        #expect(error?.id.rawValue == id)
        #expect(error?.offset == offset)
    }

    @Test func errorKeepsWhatWasParsed() {
        let (path, error) = parsePathData("M 0 0 L 10 10 L x")
        #expect(error != nil)
        #expect(path?.points == [Point(0, 0), Point(10, 10)])
    }

    @Test func pathNodeErrorIsReportedInsideTheLiteral() {
        // Source: `path "M 0 0 L 10 x"` with the literal starting at byte 5.
        var p = node(.path, "M 0 0 L 10 x")
        p.contentSpan = span(5, 19)
        p.contentIsVerbatim = true
        let (_, diagnostics, _) = layoutPage([p])
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.span == span(5 + 1 + 11, 5 + 1 + 12))
        #expect(diagnostics.first?.message == "expected a number in path data, found 'x'")
    }

    @Test func nonASCIICharacterIsNamedWhole() {
        let (_, error) = parsePathData("M 0 0 L é")
        #expect(error?.offset == 8)
        #expect(error?.length == 2)
        #expect(error?.message == "expected a number in path data, found 'é'")
    }
}

@Suite struct HostilePathDataTests {
    @Test func hugeNumbersNeverCrash() {
        for data in ["M 0 0 A 1e308 1e308 0 1 1 1e308 -1e308", "M 1e308 1e308 A 1e-308 1e-308 0 0 0 -1e308 -1e308",
                     "M 0 0 A 5 5 0 1 1 1e-320 0", "M 1e400 0", "M 0 0 L 1e308 1e308 l 1e308 1e308"] {
            let (path, _) = parsePathData(data)
            if let path { _ = tightBounds(of: path) }
        }
    }
}
