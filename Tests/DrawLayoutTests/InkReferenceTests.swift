// Ink outlines against the reference model: the PyPI `perfect-freehand` port, run through
// scripts/ink-reference.py on the recorded strokes of Tests/Ink (fast, slow, sharp turns,
// single point, two points, zero length, 10,000 points) under many option sets. Every
// outline point must lie within 0.01 pt of the reference's.

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

    @Test func theOutlineIsFilledAsQuadraticsThroughTheMidpoints() {
        let stroke = inkCorpus().first { $0.name == "fast" }!.points
        let outline = inkOutline(of: stroke, width: 12, options: nil)!
        let path = inkPath(outline)
        #expect(path.verbs.first == .move)
        #expect(path.verbs.last == .close)
        #expect(path.verbs.dropFirst().dropLast().allSatisfy { $0 == .cubic })
        #expect(path.verbs.count == outline.count + 2)
        // Each cubic is a quadratic raised exactly: its control point is the outline point
        // and it ends half-way to the next.
        var start = path.points[0]
        #expect(start == outline[0])
        for i in 0..<outline.count {
            let c1 = path.points[1 + 3 * i], end = path.points[3 + 3 * i]
            let control = Point((3 * c1.x - start.x) / 2, (3 * c1.y - start.y) / 2)
            let next = outline[(i + 1) % outline.count]
            #expect(abs(control.x - outline[i].x) < 1e-9 && abs(control.y - outline[i].y) < 1e-9)
            #expect(end == Point((outline[i].x + next.x) / 2, (outline[i].y + next.y) / 2))
            start = end
        }
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
