import DrawBase
import DrawScene
import DrawSemantics
@testable import DrawLayout
import Testing

@Suite struct GeometryTests {
    @Test func ellipseIsFourCubicsThroughTheAxes() {
        var sink = PathSink()
        sink.addEllipse(in: Rect(x: 0, y: 0, width: 40, height: 20))
        let p = sink.path
        #expect(p.verbs == [.move, .cubic, .cubic, .cubic, .cubic, .close])
        #expect(p.points[0] == Point(40, 10))
        #expect(p.points[3] == Point(20, 20))
        #expect(p.points[6] == Point(0, 10))
        #expect(p.points[9] == Point(20, 0))
        #expect(close(p.points[1].y, 10 + 10 * 0.5522847498))
    }

    @Test func roundedRectCornersClampToHalfTheShortSide() {
        var sink = PathSink()
        sink.addRoundedRect(Rect(x: 0, y: 0, width: 40, height: 10), radius: 50)
        let bounds = tightBounds(of: sink.path)!
        #expect(close(bounds.minX, 0) && close(bounds.maxX, 40) && close(bounds.minY, 0) && close(bounds.maxY, 10))
        #expect(sink.path.points[0] == Point(5, 0))
    }

    @Test func tightBoundsFollowCurveExtremes() {
        let (path, _) = parsePathData("M 0 0 C 0 -10 10 -10 10 0")
        let b = tightBounds(of: path!)!
        #expect(close(b.minY, -7.5))
        #expect(path!.controlBounds!.minY == -10)
    }

    @Test func exitPointOnRectEllipseAndRoundedCorner() {
        let r = Rect(x: 0, y: 0, width: 40, height: 20)
        #expect(exitPoint(of: .rect(r, corner: 0), toward: Point(100, 10)) == Point(40, 10))
        #expect(close(exitPoint(of: .rect(r, corner: 0), toward: Point(20, -100)), Point(20, 0)))
        let e = exitPoint(of: .ellipse(r), toward: Point(100, 100))
        // On the ellipse: ((x-20)/20)² + ((y-10)/10)² = 1
        #expect(close(pow2((e.x - 20) / 20) + pow2((e.y - 10) / 10), 1))
        // Toward the top-right corner of a rect with corner radius 5: on the corner circle.
        let c = exitPoint(of: .rect(r, corner: 5), toward: Point(60, -10))
        #expect(close(exitPoint(of: .rect(r, corner: 5), toward: Point(60, -30)), Point(30, 0)))
        #expect(close(distance(c, Point(35, 5)), 5))
    }

    @Test func arrowheadSizeFollowsLineWidth() {
        #expect(arrowheadSize(lineWidth: 1) == (9, 6))
        #expect(arrowheadSize(lineWidth: 2) == (12, 8))
        let (line, heads) = strokedPolyline([Point(0, 0), Point(100, 0)], closed: false, ends: .end, lineWidth: 1)
        #expect(heads?.points == [Point(100, 0), Point(91, 3), Point(91, -3)])
        // The line stops where the head begins.
        #expect(line?.points.last == Point(91, 0))
    }

    func pow2(_ x: Double) -> Double { x * x }
}
