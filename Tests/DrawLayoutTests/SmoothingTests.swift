// `smooth: true`: the centripetal Catmull-Rom curve as cubics, checked against the curve's
// own definition (the Barry–Goldman pyramid of the centripetal parameterisation), and the
// `stroke` kind's place in layout.

import DrawBase
import DrawScene
import DrawSemantics
@testable import DrawLayout
import Testing

/// The centripetal Catmull-Rom segment P1 → P2 at `u` in 0…1, by Barry and Goldman's
/// recursive evaluation with knots tᵢ₊₁ = tᵢ + |Pᵢ₊₁ − Pᵢ|^½.
private func barryGoldman(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ u: Double) -> Point {
    func knot(_ a: Point, _ b: Point) -> Double { distance(a, b).squareRoot() }
    let t0 = 0.0, t1 = t0 + knot(p0, p1), t2 = t1 + knot(p1, p2), t3 = t2 + knot(p2, p3)
    let t = t1 + (t2 - t1) * u
    func mix(_ a: Point, _ b: Point, _ ta: Double, _ tb: Double) -> Point {
        a * ((tb - t) / (tb - ta)) + b * ((t - ta) / (tb - ta))
    }
    let a1 = mix(p0, p1, t0, t1), a2 = mix(p1, p2, t1, t2), a3 = mix(p2, p3, t2, t3)
    let b1 = mix(a1, a2, t0, t2), b2 = mix(a2, a3, t1, t3)
    return mix(b1, b2, t1, t2)
}

private func bezier(_ s: CurveSegment, _ u: Double) -> Point {
    let v = 1 - u
    return s.start * (v * v * v) + s.control1 * (3 * v * v * u) + s.control2 * (3 * v * u * u) + s.end * (u * u * u)
}

@Suite struct SmoothingTests {
    let points = [Point(0, 0), Point(30, 40), Point(35, 42), Point(90, -10), Point(100, 60), Point(40, 80)]

    @Test func everySegmentIsTheCentripetalCatmullRomCurve() {
        let segments = catmullRomSegments(points, closed: false, tension: 0)
        #expect(segments.count == points.count - 1)
        // Interior segments have real neighbours on both sides.
        for i in 1..<(points.count - 2) {
            for k in 0...10 {
                let u = Double(k) / 10
                let expected = barryGoldman(points[i - 1], points[i], points[i + 1], points[i + 2], u)
                let actual = bezier(segments[i], u)
                #expect(distance(expected, actual) < 1e-9, "segment \(i) at \(u): \(actual) vs \(expected)")
            }
        }
    }

    @Test func theCurvePassesThroughEveryPointAndClosesForPolygons() {
        let open = catmullRomSegments(points, closed: false, tension: 0)
        for (i, s) in open.enumerated() {
            #expect(s.start == points[i] && s.end == points[i + 1])
        }
        let closed = catmullRomSegments(points, closed: true, tension: 0)
        #expect(closed.count == points.count)
        #expect(closed.last?.end == points[0])
        // Wrapping round: the closing segment is the curve with the first points as neighbours.
        let n = points.count
        for k in 0...4 {
            let u = Double(k) / 4
            #expect(distance(bezier(closed[n - 1], u), barryGoldman(points[n - 2], points[n - 1], points[0], points[1], u)) < 1e-9)
        }
        // The tangent is continuous at every joint (C1 in direction).
        for i in 0..<n {
            let a = closed[i], b = closed[(i + 1) % n]
            let d1 = a.end - a.control2, d2 = b.control1 - b.start
            #expect(abs(d1.x * d2.y - d1.y * d2.x) < 1e-6 * (1 + distance(a.end, a.control2) * distance(b.start, b.control1)))
        }
    }

    @Test func tensionPullsTheControlPointsToStraightSegments() {
        let full = catmullRomSegments(points, closed: false, tension: 1)
        for s in full { #expect(s.control1 == s.start && s.control2 == s.end) }
        let half = catmullRomSegments(points, closed: false, tension: 0.5)
        let none = catmullRomSegments(points, closed: false, tension: 0)
        for (h, c) in zip(half, none) {
            #expect(distance(h.control1, h.start) * 2 - distance(c.control1, c.start) < 1e-9)
        }
    }

    @Test func repeatedPointsAreDroppedAndTooFewPointsGiveNoCurve() {
        let segments = catmullRomSegments([Point(0, 0), Point(0, 0), Point(10, 0), Point(10, 0), Point(20, 5)], closed: false, tension: 0)
        #expect(segments.count == 2)
        #expect(segments.allSatisfy { $0.start.x.isFinite && $0.control1.x.isFinite && $0.control2.y.isFinite })
        #expect(catmullRomSegments([Point(1, 1), Point(1, 1)], closed: true, tension: 0).isEmpty)
    }

    @Test func aSmoothPolylineIsCubicsInTheIR() {
        let (page, diagnostics, _) = layoutPage([node(.polyline) { n in
            n.geometry.points = points.map { PointValue($0) }
            n.geometry.smooth = true
        }], size: Size(200, 200))
        #expect(diagnostics.isEmpty)
        let drawn = paths(page.items)
        #expect(drawn.count == 1)
        let path = drawn[0].0
        #expect(path.verbs == [.move] + Array(repeating: .cubic, count: points.count - 1))
        #expect(path.points.last == points.last)
    }

    @Test func anArrowOnASmoothLineFollowsTheTangent() {
        let (page, _, _) = layoutPage([node(.line) { n in
            n.geometry.points = [Point(0, 0), Point(50, 50), Point(100, 0)].map { PointValue($0) }
            n.geometry.smooth = true
            n.geometry.arrow = .end
        }], size: Size(200, 200))
        let drawn = paths(page.items)
        #expect(drawn.count == 2)
        let line = drawn[0].0, head = drawn[1].0
        #expect(head.points[0] == Point(100, 0))
        // The line stops under the head, along the curve's last tangent.
        let end = line.points[line.points.count - 1], control = line.points[line.points.count - 2]
        let tangent = Point(100, 0) - control
        let back = Point(100, 0) - end
        #expect(abs(tangent.x * back.y - tangent.y * back.x) < 1e-9)
        #expect(distance(end, Point(100, 0)) > 1)
    }

    @Test func aStrokeIsOneNonZeroFillInItsColour() {
        let (page, diagnostics, _) = layoutPage([node(.stroke) { n in
            n.geometry.inkPoints = InkPoints(points: (0..<40).map { InkPoint(Double($0) * 3, 20 + Double($0 % 7), 0.5) }, hasPressure: true)
            n.geometry.width = 8
            n.style.color = Color(r: 10, g: 20, b: 200)
            n.geometry.opacity = 0.5
        }], size: Size(200, 200))
        #expect(diagnostics.isEmpty)
        guard case .group(let group)? = page.items.first else { Issue.record("no opacity group"); return }
        #expect(group.opacity == 0.5)
        let drawn = paths(group.items)
        #expect(drawn.count == 1)
        #expect(drawn[0].1 == Paint(fill: Fill(color: Color(r: 10, g: 20, b: 200), rule: .nonZero)))
        #expect(drawn[0].0.verbs.dropFirst().dropLast().allSatisfy { $0 == .cubic })
    }

    @Test func aStrokeFlowsInAStackByItsOutline() {
        let stroke = node(.stroke) { n in
            n.geometry.inkPoints = InkPoints(points: [InkPoint(100, 100, 0.5), InkPoint(150, 100, 0.5), InkPoint(200, 100, 0.5)], hasPressure: false)
            n.geometry.width = 10
        }
        let (page, _, _) = layoutPage([node(.vstack) { $0.children = [rect(20, 20), stroke] }], size: Size(400, 400))
        let drawn = paths(page.items)
        #expect(drawn.count == 2)
        // Below the 20pt rect and the 8pt spacing, whatever its own coordinates (ink is drawn
        // in hundredths of a point inside a group that places them on the page).
        guard case .group(let ink)? = page.items.last else { Issue.record("the stroke is not a group"); return }
        let placed = Scene.Path(verbs: drawn[1].0.verbs, points: drawn[1].0.points.map { ink.transform.apply($0) })
        let bounds = placed.controlBounds!
        #expect(bounds.minY >= 28 - 1e-9 && bounds.minY < 29)
    }
}
