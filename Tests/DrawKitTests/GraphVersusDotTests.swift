// `graph` against Graphviz dot (issue 37): dot's own example graphs (Debian graphviz-doc) and
// seeded random DAGs, each written as the same boxes and edges for both tools, measured by one
// counter (DrawTestSupport's LayoutComparison.swift): crossings, bends, edge length, area.
// drawc must draw them without any fault of the diagram checker, and with no more crossings
// than dot in total on each set.

import DrawBase
import DrawKit
import DrawScene
import DrawTestSupport
import Foundation
import Testing

@Suite(.serialized) struct GraphVersusDotTests {
    static let examples = "/usr/share/doc/graphviz/examples/graphs/directed/"
    /// dot's examples compared (plain files, no records or HTML labels needed: labels are dropped).
    static let graphs = ["abstract.gv", "alf.gv", "clust4.gv", "fsm.gv", "jcctree.gv", "mike.gv", "pgram.gv",
                         "switch.gv", "unix.gv", "world.gv", "tree.gv", "states.gv"]

    struct Row {
        var name: String
        var nodes: Int
        var edges: Int
        var dot: LayoutMeasures
        var drawc: LayoutMeasures
        var faults: DiagramFaults
    }

    static func compare(_ name: String, _ graph: PlainGraph) throws -> Row? {
        let dot = try ExternalTool.run("dot", ["-Tplain"], stdin: Array(graph.gv.utf8))
        guard dot.status == 0 else { return nil }
        let dotDrawing = PlainGraph(plain: dot.stdoutText)
        let dotMeasures = measureLayout(nodes: dotDrawing.nodes, edges: dotDrawing.lines)
        let document = try #require(layOutDiagram(graph.draw), "\(name) does not compile")
        let (nodes, edges) = diagramGeometry(document)
        return Row(name: name, nodes: graph.sizes.count, edges: graph.edges.count, dot: dotMeasures,
                   drawc: measureLayout(nodes: nodes, edges: edges), faults: checkDiagram(document))
    }

    static func table(_ rows: [Row]) -> String {
        var s = "| graph | nodes | edges | crossings dot | crossings drawc | bends dot | bends drawc | length dot | length drawc | area dot | area drawc | checker faults |\n"
        s += "|---|---|---|---|---|---|---|---|---|---|---|---|\n"
        for r in rows {
            s += "| \(r.name) | \(r.nodes) | \(r.edges) | \(r.dot.crossings) | \(r.drawc.crossings) | \(r.dot.bends) | \(r.drawc.bends) | "
            s += "\(Int(r.dot.length)) | \(Int(r.drawc.length)) | \(Int(r.dot.area / 1000))k | \(Int(r.drawc.area / 1000))k | \(r.faults.faults) |\n"
        }
        return s
    }

    @Test func dotsExampleGraphs() throws {
        guard ExternalTool.require("dot"), ExternalTool.requireFile(Self.examples, package: "graphviz-doc") else { return }
        var rows: [Row] = []
        for name in Self.graphs {
            let read = try ExternalTool.run("dot", ["-Tplain", Self.examples + name])
            guard read.status == 0 else { Issue.record("dot cannot read \(name)"); continue }
            let graph = PlainGraph(plain: read.stdoutText)
            guard let row = try Self.compare(name, graph) else { continue }
            rows.append(row)
        }
        print(Self.table(rows))
        // No checker fault at all: fans of edges into one node (pgram) get tracks of their own.
        for row in rows { #expect(row.faults.faults == 0, "\(row.name): \(row.faults)") }
        let dotTotal = rows.reduce(0) { $0 + $1.dot.crossings }, drawcTotal = rows.reduce(0) { $0 + $1.drawc.crossings }
        print("total crossings: dot \(dotTotal), drawc \(drawcTotal)")
        // Achieved on these graphs: in total no more crossings than dot (measured alike).
        #expect(drawcTotal <= dotTotal)
        #expect(rows.count == Self.graphs.count)
        // Area within dot's (x by network simplex on dot's auxiliary graph, the width weighed)
        // on all but these: abstract, pgram and world are as narrow as dot or narrower but
        // taller by the tracks of crowded gaps (LayeredEdges.swift); switch is 1pt wider.
        for row in rows where !["abstract.gv", "pgram.gv", "world.gv", "switch.gv"].contains(row.name) {
            #expect(row.drawc.area <= row.dot.area, "\(row.name): area \(row.drawc.area) against dot's \(row.dot.area)")
        }
        for row in rows where ["abstract.gv", "pgram.gv", "world.gv"].contains(row.name) {
            #expect(row.drawc.area <= 1.1 * row.dot.area, "\(row.name): area \(row.drawc.area) against dot's \(row.dot.area)")
        }
    }

    @Test func seededRandomDAGs() throws {
        guard ExternalTool.require("dot") else { return }
        var rows: [Row] = []
        for seed in 1...6 {
            let graph = PlainGraph.random(nodes: 30, edges: 45, seed: UInt64(seed))
            if let row = try Self.compare("random-\(seed) (30/45)", graph) { rows.append(row) }
        }
        print(Self.table(rows))
        for row in rows { #expect(row.faults.faults == 0, "\(row.name): \(row.faults)") }
        let dotTotal = rows.reduce(0) { $0 + $1.dot.crossings }, drawcTotal = rows.reduce(0) { $0 + $1.drawc.crossings }
        print("total crossings: dot \(dotTotal), drawc \(drawcTotal)")
        // Achieved with dot's schedule, run from four starts (LayeredOrdering.swift).
        #expect(drawcTotal <= dotTotal)
        // Area: together within dot's, and each within 1.1× (graph round 4 brought four of the
        // six under dot's; with splines' shorter tail ports merged, random-6 is 0.9% over: 399k
        // against 395k).
        let dotArea = rows.reduce(0) { $0 + $1.dot.area }, drawcArea = rows.reduce(0) { $0 + $1.drawc.area }
        #expect(drawcArea <= dotArea, "area: drawc \(drawcArea) against dot's \(dotArea)")
        for row in rows { #expect(row.drawc.area <= 1.1 * row.dot.area, "\(row.name): area \(row.drawc.area) against dot's \(row.dot.area)") }
        #expect(rows.count == 6)
    }

    /// The bend rule both tools are measured by: a turn one way of 30° or more is one bend,
    /// however many points (or Bézier pieces) draw it.
    @Test func bendsAreTurnsNotPoints() {
        // A square corner, drawn with 2 or 20 points: one bend.
        #expect(bends([Point(0, 0), Point(0, 10), Point(10, 10)]) == 1)
        let arc = (0...20).map { k -> Point in
            let a = Double(k) / 20 * Double.pi / 2
            return Point(10 - 10 * cos(a), 10 * sin(a))
        }
        #expect(bends(arc) == 1)
        // An S across a gap (vertical, across, vertical): two turns, when it leans 30° or more.
        let s = PlainGraph.flatten([Point(0, 0), Point(0, 10), Point(40, 10), Point(40, 20)])
        #expect(bends(s) == 2)
        let gentle = PlainGraph.flatten([Point(0, 0), Point(0, 10), Point(2, 10), Point(2, 20)])
        #expect(bends(gentle) == 0)
        // A straight line, however many points: none.
        #expect(bends([Point(0, 0), Point(1, 1), Point(2, 2), Point(5, 5)]) == 0)
    }
}
