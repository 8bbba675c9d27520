// `stroke` nodes, their options, `smooth:`/`tension:`, and the compact points syntax.

import DrawBase
import DrawDiagnostics
import DrawScene
@testable import DrawSemantics
import Testing

private func decode(_ text: String) -> Result<(values: [Double], dimensions: Int), InkPointsError> {
    var text = text
    return text.withUTF8 { CompactPoints.decode($0, maxPoints: 1_000_000) }
}

@Suite struct CompactPointsTests {
    @Test func firstPointIsAbsoluteAndTheOthersAreDifferences() throws {
        let decoded = try decode("10,20 1.5,-0.25 -2,0").get()
        #expect(decoded.dimensions == 2)
        #expect(decoded.values == [10, 20, 11.5, 19.75, 9.5, 19.75])
    }

    @Test func pressureIsTheThirdNumberAndDeltaEncodedToo() throws {
        let decoded = try decode("0,0,0.5 1,1,0.25 1,1,-0.75").get()
        #expect(decoded.dimensions == 3)
        #expect(decoded.values == [0, 0, 0.5, 1, 1, 0.75, 2, 2, 0])
    }

    @Test func sumsAreExactSoLongStrokesDoNotDrift() throws {
        // 100,000 steps of 0.1 end at exactly 10000 (summing Doubles would not).
        let text = "0,0" + String(repeating: " 0.1,0.0001", count: 100_000)
        let values = try decode(text).get().values
        #expect(values[values.count - 2] == 10_000)
        #expect(values[values.count - 1] == 10)
        var drifting = 0.0
        for _ in 0..<100_000 { drifting += 0.1 }
        #expect(drifting != 10_000)
    }

    @Test func spacesAroundPointsAreFreeAndAnEmptyStringHasNoPoints() throws {
        #expect(try decode("  1,2    3,4 ").get().values == [1, 2, 4, 6])
        #expect(try decode("").get().values.isEmpty)
        #expect(try decode("+1,-.5").get().values == [1, -0.5])
    }

    @Test(arguments: [
        ("1,2 3", 5, "expected ',' and the y coordinate"),
        ("1,2 3,a", 6, "expected a number, found 'a'"),
        ("1,2 3,4,", 8, "expected a number, found the end of the points"),
        ("1,2,0.5 1,1", 8, "this point has 2 numbers but the first has 3"),
        ("1,2 1,1,0.5", 4, "this point has 3 numbers but the first has 2"),
        ("1,2 0.12345,1", 10, "too many decimals"),
        ("1,2 1e3,1", 5, "expected ',' or a space after a number, found 'e'"),
        ("1,2\t3,4", 3, "expected ',' or a space after a number, found a character that is not allowed here"),
        ("1,2,1 0,0,0.0001", 10, "pressure must stay between 0 and 1, found 1.0001"),
        ("999999999,0 999999999,0 999999999,0", 12, "coordinate out of range"),
    ])
    func malformedPointsAreReportedAtTheirCharacter(text: String, offset: Int, message: String) {
        guard case .failure(let error) = decode(text) else { Issue.record("\(text) decoded"); return }
        #expect(error.offset == offset, "\(text): \(error)")
        #expect(error.message.hasPrefix(message), "\(text): \(error.message)")
    }

    @Test func tooManyPointsIsALimit() {
        var text = String(repeating: "1,1 ", count: 11)
        let result = text.withUTF8 { CompactPoints.decode($0, maxPoints: 10) }
        guard case .failure(let error) = result else { Issue.record("decoded"); return }
        #expect(error.message == "more than 10 points")
    }

    @Test func encodingRoundsAndDecodesBack() throws {
        let points: [(Double, Double, Double?)] = [(10.004, 20.5, 0.3333), (11.2, 19.99, 0.5), (-3, 0, 1)]
        let text = CompactPoints.encode(points)
        #expect(text == "10,20.5,0.333 1.2,-0.51,0.167 -14.2,-19.99,0.5")
        #expect(try decode(text).get().values == [10, 20.5, 0.333, 11.2, 19.99, 0.5, -3, 0, 1])
    }
}

@Suite struct StrokeNodeTests {
    @Test func aStrokeTakesPointsWithPressureAndItsOptions() {
        let result = evaluateClean("""
        stroke points: [(0, 0, 0.2), (10, 5, 0.8)], width: 6, color: navy, opacity: 50%, thinning: -0.3, smoothing: 0.2, streamline: 0.9, easing: easeOutQuad, taper: [12, none], cap: [false, true], simulatePressure: true
        """)
        let node = result.nodes[0]
        #expect(node.kind == .stroke)
        #expect(node.geometry.inkPoints?.points == [InkPoint(0, 0, 0.2), InkPoint(10, 5, 0.8)])
        #expect(node.geometry.inkPoints?.hasPressure == true)
        #expect(node.geometry.width == 6)
        #expect(node.geometry.opacity == 0.5)
        let ink = node.geometry.ink!
        #expect(ink.thinning == -0.3 && ink.smoothing == 0.2 && ink.streamline == 0.9)
        #expect(ink.easing == .easeOutQuad)
        #expect(ink.taperStart == .length(12) && ink.taperEnd == InkTaper.none)
        #expect(!ink.capStart && ink.capEnd)
        #expect(ink.simulatePressure == true)
    }

    @Test func theCompactStringGivesTheSamePoints() {
        let list = evaluateClean("stroke points: [(10, 20, 0.5), (11.5, 19.75, 0.25)]").nodes[0].geometry.inkPoints
        let compact = evaluateClean(#"stroke points: "10,20,0.5 1.5,-0.25,-0.25""#).nodes[0].geometry.inkPoints
        // The same points; the spans differ, as the two values are written differently.
        #expect(list?.points == compact?.points && list?.hasPressure == compact?.hasPressure)
        let plain = evaluateClean(#"stroke points: "1,2 3,4""#).nodes[0].geometry.inkPoints
        #expect(plain?.hasPressure == false)
        #expect(plain?.points.map { [$0.x, $0.y] } == [[1, 2], [4, 6]])
    }

    @Test func polylinesPolygonsAndLinesTakeTheCompactStringToo() {
        let result = evaluateClean("""
        polyline points: "0,0 10,0 0,10"
        polygon points: "0,0 10,0 0,10", smooth: true, tension: 0.25
        line points: "5,5 1,1", smooth: true
        """)
        #expect(result.nodes[0].geometry.points?.map(\.offset) == [Point(0, 0), Point(10, 0), Point(10, 10)])
        #expect(result.nodes[1].geometry.smooth && result.nodes[1].geometry.tension == 0.25)
        #expect(result.nodes[2].geometry.points?.map(\.offset) == [Point(5, 5), Point(6, 6)])
    }

    @Test func taperAndCapForms() {
        let r = evaluateClean("""
        stroke points: "0,0 1,1", taper: 20
        stroke points: "0,0 1,1", taper: true, cap: false
        stroke points: "0,0 1,1", taper: none
        stroke points: "0,0 1,1", taper: (5, 7)
        """)
        #expect(r.nodes[0].geometry.ink?.taperStart == .length(20) && r.nodes[0].geometry.ink?.taperEnd == .length(20))
        #expect(r.nodes[1].geometry.ink?.taperStart == .whole && r.nodes[1].geometry.ink?.capStart == false && r.nodes[1].geometry.ink?.capEnd == false)
        #expect(r.nodes[2].geometry.ink?.taperEnd == InkTaper.none)
        #expect(r.nodes[3].geometry.ink?.taperStart == .length(5) && r.nodes[3].geometry.ink?.taperEnd == .length(7))
    }

    @Test func optionsComeFromStyles() {
        let r = evaluateClean("""
        style pen { thinning: 0.8, easing: easeInSine, width: 3 }
        stroke points: "0,0 1,1", style: pen
        """)
        #expect(r.nodes[0].geometry.ink?.thinning == 0.8 && r.nodes[0].geometry.ink?.easing == .easeInSine)
        #expect(r.nodes[0].geometry.width == 3)
    }

    /// A `points:` list literal of numeric tuples is read packed; the same list through a
    /// name is evaluated element by element. Both give the same points and the same messages.
    @Test(arguments: [
        "stroke points: [(10, 20, 0.5), (11.5, -19.75, 0.25), (-3, 4, 1)]",
        "stroke points: [(10, 20), (11.5, -19.75)]",
        "stroke points: [(10, 20, 0.5)]",
        "polyline points: [(0, 0), (10, -0), (-0.5, 10.25)]",
        "polygon points: [(0, 0), (10, 0), (0, 10)], smooth: true",
        "line points: [(5, 5), (1, 1)], smooth: true",
        // Not packed (units, mixed tuples, a name inside): the general path either way.
        "polyline points: [(0, 0), (1in, 2mm)]",
        "stroke points: [(0, 0), (1, 1, 0.5)]",
        "stroke points: [(0, 0, 50%), (1, 1, 0.5)]",
        // Messages.
        "stroke points: [(0, 0, 0.5), (1, 1, 1.5)]",
        "stroke points: [(0, 0, -0.25), (1, 1, 0.5)]",
        "polyline points: [(0, 0, 0.5), (1, 1, 0.5)]",
        "polyline points: [(0, 0), (99999999, 1)]",
        "stroke points: [(0, 0, 0.5), (1, -99999999, 0.5)]",
        "star points: [(0, 0), (1, 1)]",
        "rect points: [(0, 0), (1, 1)]",
    ])
    func aPointsLiteralIsReadAsTheListItSpells(line: String) {
        let open = line.firstIndex(of: "[")!, close = line.lastIndex(of: "]")!
        let literal = String(line[open...close])
        let named = "let ps = \(literal)\n" + line.replacingOccurrences(of: literal, with: "ps")
        let packed = evaluate(line), general = evaluate(named)
        #expect(packed.ids == general.ids)
        #expect(packed.diagnostics.map(\.message) == general.diagnostics.map(\.message))
        // At the literal where the named list is reported at its name; elsewhere alike.
        for (a, b) in zip(packed.diagnostics, general.diagnostics) {
            let text = general.text(of: b)
            #expect(packed.text(of: a) == (text == "ps" ? literal : text))
        }
        #expect(packed.nodes.count == general.nodes.count)
        for (a, b) in zip(packed.nodes, general.nodes) {
            #expect(a.geometry.inkPoints?.points == b.geometry.inkPoints?.points)
            #expect(a.geometry.inkPoints?.hasPressure == b.geometry.inkPoints?.hasPressure)
            #expect(a.geometry.points?.map(\.offset) == b.geometry.points?.map(\.offset))
        }
    }

    @Test func aMalformedPointInAStyleIsReportedAtTheStylesString() {
        let source = """
        style pen { points: "1,2 3,x" }
        stroke style: pen
        """
        let r = evaluate(source)
        #expect(r.ids.first == "sem.malformed-points")
        #expect(r.text(of: r.diagnostics[0]) == "\"1,2 3,x\"")
    }
}
