// Ink outlines against the reference model: the PyPI `perfect-freehand` port, run through
// scripts/ink-reference.py on the recorded strokes of Tests/Ink (fast, slow, sharp turns,
// single point, two points, zero length, 10,000 points) under many option sets. Every
// outline point must lie within 0.01 pt of the reference's.

import DrawBase
import DrawScene
import DrawSemantics
import DrawTestSupport
@testable import DrawLayout
import Testing
#if canImport(Foundation)
import Foundation
#endif

/// The recorded strokes of Tests/Ink, decoded from their compact points strings.
func inkCorpus() -> [(name: String, points: InkPoints)] {
    let folder = packageRoot() + "/Tests/Ink"
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".points") }.sorted()
    return names.map { name in
        var text = (try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)) ?? ""
        text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let decoded = text.withUTF8 { CompactPoints.decode($0, maxPoints: 1_000_000) }
        guard case .success(let (values, dimensions)) = decoded else {
            Issue.record("Tests/Ink/\(name) does not decode: \(decoded)")
            return (name, InkPoints(points: [], hasPressure: false))
        }
        var points: [InkPoint] = []
        var k = 0
        while k + dimensions <= values.count {
            points.append(InkPoint(values[k], values[k + 1], dimensions == 3 ? values[k + 2] : 0.5))
            k += dimensions
        }
        return (String(name.dropLast(".points".count)), InkPoints(points: points, hasPressure: dimensions == 3))
    }
}

/// One option set: drawc's options and the same as JSON for the reference script.
struct InkOptionSet {
    var label: String
    var width: Double = 16
    var options = InkOptions()

    var json: String {
        var fields = ["\"width\": \(width)", "\"thinning\": \(options.thinning)", "\"smoothing\": \(options.smoothing)",
                      "\"streamline\": \(options.streamline)", "\"easing\": \"\(options.easing.name)\"",
                      "\"capStart\": \(options.capStart)", "\"capEnd\": \(options.capEnd)"]
        func taper(_ t: InkTaper) -> String {
            switch t {
            case .none: "null"
            case .whole: "true"
            case .length(let x): "\(x)"
            }
        }
        fields.append("\"taperStart\": \(taper(options.taperStart))")
        fields.append("\"taperEnd\": \(taper(options.taperEnd))")
        if let simulate = options.simulatePressure { fields.append("\"simulatePressure\": \(simulate)") }
        return "{" + fields.joined(separator: ", ") + "}"
    }
}

let inkOptionSets: [InkOptionSet] = {
    var sets: [InkOptionSet] = [InkOptionSet(label: "defaults")]
    var s = InkOptionSet(label: "thin, given or default pressure", width: 6)
    s.options.simulatePressure = false
    sets.append(s)
    s = InkOptionSet(label: "constant width", width: 10)
    s.options.thinning = 0; s.options.smoothing = 0.2; s.options.streamline = 0.8
    sets.append(s)
    s = InkOptionSet(label: "negative thinning, easeOutSine", width: 12)
    s.options.thinning = -0.6; s.options.easing = .easeOutSine
    sets.append(s)
    s = InkOptionSet(label: "tapers 30/40, easeInOutCubic", width: 14)
    s.options.taperStart = .length(30); s.options.taperEnd = .length(40); s.options.easing = .easeInOutCubic
    sets.append(s)
    s = InkOptionSet(label: "whole tapers, thinning 0.8", width: 9)
    s.options.taperStart = .whole; s.options.taperEnd = .whole; s.options.thinning = 0.8
    sets.append(s)
    s = InkOptionSet(label: "flat caps, no streamline, full smoothing", width: 8)
    s.options.capStart = false; s.options.capEnd = false; s.options.streamline = 0; s.options.smoothing = 1
    sets.append(s)
    s = InkOptionSet(label: "flat start, tapered end, simulated", width: 20)
    s.options.capStart = false; s.options.taperEnd = .length(25); s.options.simulatePressure = true
    sets.append(s)
    for easing in InkEasing.allCases where easing != .linear && easing != .easeOutSine && easing != .easeInOutCubic {
        s = InkOptionSet(label: "easing \(easing.name)", width: 11)
        s.options.easing = easing; s.options.thinning = 0.7
        sets.append(s)
    }
    return sets
}()

/// Runs the reference script on `cases` (points, option JSON); nil when it cannot run.
func referenceOutlines(_ cases: [(InkPoints, String)], svg: Bool = false) throws -> [Any]? {
    var request = "["
    for (index, (points, options)) in cases.enumerated() {
        if index > 0 { request += ",\n" }
        request += "{\"options\": \(options), \"points\": ["
        for (k, p) in points.points.enumerated() {
            if k > 0 { request += "," }
            request += points.hasPressure ? "[\(p.x),\(p.y),\(p.pressure)]" : "[\(p.x),\(p.y)]"
        }
        request += "]}"
    }
    request += "]"
    let script = packageRoot() + "/scripts/ink-reference.py"
    let run = try ExternalTool.run("python3", [script] + (svg ? ["--svg"] : []), stdin: Array(request.utf8), timeout: 300)
    guard run.succeeded else {
        Issue.record("ink-reference.py failed: \(run.stderrText)")
        return nil
    }
    return try JSONSerialization.jsonObject(with: Data(run.stdout)) as? [Any]
}

@Suite struct InkReferenceTests {
    @Test func theCorpusHoldsEveryKindOfRecordedStroke() {
        let corpus = Dictionary(uniqueKeysWithValues: inkCorpus().map { ($0.name, $0.points) })
        #expect(corpus["single-point"]?.points.count == 1)
        #expect(corpus["two-points"]?.points.count == 2)
        #expect(corpus["zero-length"].map { Set($0.points.map { [$0.x, $0.y] }).count } == 1)
        #expect(corpus["long-10000"]?.points.count == 10_000)
        #expect(corpus["long-10000"]?.hasPressure == true)
        #expect(corpus["fast"]?.hasPressure == false)
        #expect(corpus["sharp-turns"] != nil && corpus["slow"] != nil)
    }

    @Test func outlinesMatchTheReferenceWithinAHundredthOfAPoint() throws {
        guard ExternalTool.requirePython(modules: ["perfect_freehand"]) else { return }
        let corpus = inkCorpus()
        #expect(corpus.count >= 7)
        var cases: [(InkPoints, String)] = []
        var ours: [(String, [Point])] = []
        for set in inkOptionSets {
            for stroke in corpus {
                // The extra easings run on the mid-sized strokes only; the long one is run
                // under the main option sets.
                if set.label.hasPrefix("easing") && stroke.name == "long-10000" { continue }
                cases.append((stroke.points, set.json))
                ours.append(("\(stroke.name) / \(set.label)", inkOutline(of: stroke.points, width: set.width, options: set.options) ?? []))
            }
        }
        guard let reference = try referenceOutlines(cases) else { return }
        #expect(reference.count == ours.count)
        var worst = 0.0
        for ((label, outline), theirs) in zip(ours, reference) {
            guard let points = theirs as? [[Double]] else { Issue.record("\(label): unreadable reference"); continue }
            guard points.count == outline.count else {
                Issue.record("\(label): \(outline.count) outline points, the reference has \(points.count)")
                continue
            }
            for (k, (p, q)) in zip(outline, points).enumerated() {
                let deviation = max(abs(p.x - q[0]), abs(p.y - q[1]))
                worst = max(worst, deviation)
                if deviation > 0.01 {
                    Issue.record("\(label): point \(k) is (\(p.x), \(p.y)), the reference's (\(q[0]), \(q[1]))")
                    break
                }
            }
        }
        #expect(worst <= 0.01)
    }

    /// Walks the drawn path against the reference's drawing of `outline` (quadratics through
    /// the midpoints): every cubic must be quadratic k raised exactly, and every line must
    /// replace a run of quadratics that all stay within `tolerance` of it. Returns the
    /// numbers of cubics and lines.
    func checkDrawing(_ outline: [Point], _ path: Scene.Path, tolerance: Double, _ label: String) -> (cubics: Int, lines: Int) {
        let n = outline.count
        func midpoint(_ k: Int) -> Point { Point((outline[k].x + outline[(k + 1) % n].x) / 2, (outline[k].y + outline[(k + 1) % n].y) / 2) }
        func quadratic(_ s: Point, _ c: Point, _ e: Point, _ t: Double) -> Point {
            let u = 1 - t
            return Point(u * u * s.x + 2 * u * t * c.x + t * t * e.x, u * u * s.y + 2 * u * t * c.y + t * t * e.y)
        }
        #expect(path.verbs.first == .move && path.verbs.last == .close, "\(label)")
        #expect(path.points.first == outline.first, "\(label)")
        var start = outline[0], k = 0, pointIndex = 1, cubics = 0, lines = 0
        for verb in path.verbs.dropFirst().dropLast() {
            switch verb {
            case .cubic:
                let c1 = path.points[pointIndex], end = path.points[pointIndex + 2]
                let control = Point((3 * c1.x - start.x) / 2, (3 * c1.y - start.y) / 2)
                #expect(abs(control.x - outline[k].x) < 1e-9 && abs(control.y - outline[k].y) < 1e-9, "\(label): cubic \(k)")
                #expect(end == midpoint(k), "\(label): cubic \(k) ends elsewhere")
                start = end; k += 1; pointIndex += 3; cubics += 1
            case .line:
                let end = path.points[pointIndex]
                var spanStart = start, covered = 0
                while k < n {
                    let spanEnd = midpoint(k)
                    for step in 0...16 {
                        let p = quadratic(spanStart, outline[k], spanEnd, Double(step) / 16)
                        let d = distance(p, toSegment: start, end)
                        #expect(d <= tolerance + 1e-9, "\(label): quadratic \(k) strays \(d) pt from its line")
                    }
                    spanStart = spanEnd; k += 1; covered += 1
                    if spanEnd == end { break }
                }
                #expect(covered > 0 && spanStart == end, "\(label): a line that ends at no midpoint")
                start = end; pointIndex += 1; lines += 1
            default:
                Issue.record("\(label): unexpected \(verb)")
            }
        }
        #expect(k == n, "\(label): \(n - k) quadratics not drawn")
        return (cubics, lines)
    }

    @Test func theOutlineIsDrawnAsQuadraticsThroughTheMidpointsWithinAHundredth() {
        var lines = 0
        for (name, points) in inkCorpus() {
            for width in [2.0, 12.0] {
                guard let outline = inkOutline(of: points, width: width, options: nil), !outline.isEmpty else { continue }
                let drawn = checkDrawing(outline, inkPath(outline), tolerance: inkFlatness, "\(name) at \(width)")
                lines += drawn.lines
            }
        }
        #expect(lines > 0)
        // Without the tolerance, every quadratic is raised exactly (the reference's drawing).
        let stroke = inkCorpus().first { $0.name == "fast" }!.points
        let outline = inkOutline(of: stroke, width: 12, options: nil)!
        let exact = inkPath(outline, tolerance: 0)
        #expect(exact.verbs.count == outline.count + 2)
        #expect(checkDrawing(outline, exact, tolerance: 0, "fast, exact").lines == 0)
    }

    @Test func straightInkIsDrawnWithLines() {
        // A ruled line: 60 evenly spaced points along a straight line, pressure simulated.
        let ruled = InkPoints(points: (0..<60).map { InkPoint(10 + Double($0) * 2.5, 40 + Double($0) * 0.5, 0.5) },
                              hasPressure: false)
        let outline = inkOutline(of: ruled, width: 6, options: nil)!
        let path = inkPath(outline)
        let drawn = checkDrawing(outline, path, tolerance: inkFlatness, "ruled")
        #expect(drawn.lines > 0)
        // The caps stay curves; the sides are long lines: far fewer numbers than a cubic each.
        #expect(path.points.count < outline.count * 2, "\(path.points.count) points for \(outline.count) outline points")
    }

    /// Placed on the page, ink is written in whole hundredths of a point from the corner of
    /// its outline, inside a group scaling by 1/100: exactly the grid points of the path in
    /// points, rounded to the nearest hundredth (half away from zero), wherever it is placed.
    @Test func placedInkIsWholeHundredthsOfTheSameGridPoints() throws {
        for (name, points) in inkCorpus() {
            guard let outline = inkOutline(of: points, width: 9, options: nil), !outline.isEmpty else { continue }
            let inPoints = inkPath(outline)
            for offset in [Point(0, 0), Point(3.14159, 2.71828), Point(-250.005, 1234.5678)] {
                let paint = Paint(fill: Fill(color: .black))
                guard case .group(let group) = try #require(inkItem(outline, at: offset, paint: paint)),
                      case .path(let path, let drawnPaint) = try #require(group.items.first) else {
                    Issue.record("\(name): ink is not a group around one path"); continue
                }
                #expect(group.items.count == 1 && drawnPaint == paint)
                let t = group.transform
                #expect(t.a == 0.01 && t.d == 0.01 && t.b == 0 && t.c == 0, "\(name): \(t)")
                // The corner is a grid point, and every number a whole one, none negative.
                #expect(((t.e * 100).rounded() / 100) == t.e && ((t.f * 100).rounded() / 100) == t.f)
                #expect(path.verbs == inPoints.verbs)
                #expect(path.points.count == inPoints.points.count)
                var expectedCorner = Point(Double.infinity, Double.infinity)
                for p in outline {
                    expectedCorner = Point(min(expectedCorner.x, p.x + offset.x), min(expectedCorner.y, p.y + offset.y))
                }
                for (q, p) in zip(path.points, inPoints.points) {
                    #expect(q.x == q.x.rounded() && q.y == q.y.rounded() && q.x >= 0 && q.y >= 0, "\(name): \(q)")
                    // The same grid point: the page coordinate rounded to 1/100.
                    let page = Point(p.x + offset.x, p.y + offset.y)
                    let grid = Point((page.x * 100).rounded(.toNearestOrAwayFromZero), (page.y * 100).rounded(.toNearestOrAwayFromZero))
                    #expect(q.x + (t.e * 100).rounded() == grid.x && q.y + (t.f * 100).rounded() == grid.y, "\(name): \(p) at \(offset)")
                    #expect(abs(t.e + q.x * 0.01 - page.x) <= 0.005 + 1e-9 && abs(t.f + q.y * 0.01 - page.y) <= 0.005 + 1e-9)
                }
                // The corner is that of the outline's points, rounded (the path's points lie
                // within the outline's bounds: none is negative, checked above).
                #expect((expectedCorner.x * 100).rounded(.toNearestOrAwayFromZero) == (t.e * 100).rounded())
                #expect((expectedCorner.y * 100).rounded(.toNearestOrAwayFromZero) == (t.f * 100).rounded())
            }
        }
        #expect(inkItem([], at: .zero, paint: Paint(fill: Fill(color: .black))) == nil)
    }

    @Test func noPointsOrNoWidthDrawNothing() {
        #expect(inkOutline(of: InkPoints(points: [], hasPressure: false), width: 10, options: nil)?.isEmpty == true)
        #expect(inkOutline(of: InkPoints(points: [InkPoint(1, 2, 0.5), InkPoint(5, 6, 0.5)], hasPressure: false), width: 0, options: nil)?.isEmpty == true)
        #expect(inkPath([]).isEmpty)
    }

    @Test func aZigzagOfSharpTurnsStopsAtTheOutlineLimit() {
        // Every turn of a zigzag is sharper than 90°: 28 outline points each.
        let zigzag = (0..<200).map { InkPoint(Double($0) * 2, $0 % 2 == 0 ? 0 : 40, 0.5) }
        let points = InkPoints(points: zigzag, hasPressure: false)
        let options: InkOptions = { var o = InkOptions(); o.streamline = 0; return o }()
        let full = inkOutline(of: points, width: 4, options: options)
        let count = full?.count ?? 0
        #expect(count > 28 * 150)
        let limited = inkOutline(of: points, width: 4, options: options, limit: 1000) == nil
        #expect(limited)
    }
}
