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
        // Area within dot's on every graph (sixth round): ranks balanced as dot balances them
        // (world.gv 677k → 512k against dot's 672k) and separations not rounded up past a
        // size read from inches (switch.gv: 8 nodes of 22.00032pt in a row, as wide as dot's).
        for row in rows {
            #expect(row.drawc.area <= row.dot.area, "\(row.name): area \(row.drawc.area) against dot's \(row.dot.area)")
        }
        // Bends (a turn of 30° or more, the same rule for both): each edge is the shortest line
        // through its gates, so it bends only round nodes in its way and at the tracks of
        // crowded fans (pgram, world; only their close pieces and those whose runs overlap theirs).
        // Reached: 271 against dot's 91 (326 in the fifth round).
        let dotBends = rows.reduce(0) { $0 + $1.dot.bends }, drawcBends = rows.reduce(0) { $0 + $1.drawc.bends }
        print("total bends: dot \(dotBends), drawc \(drawcBends)")
        #expect(drawcBends <= 4 * dotBends, "bends: drawc \(drawcBends) against dot's \(dotBends)")
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
        // Area: together within dot's, and each within it.
        let dotArea = rows.reduce(0) { $0 + $1.dot.area }, drawcArea = rows.reduce(0) { $0 + $1.drawc.area }
        #expect(drawcArea <= dotArea, "area: drawc \(drawcArea) against dot's \(dotArea)")
        // Each within dot's since the fifth round (no tracks in their gaps).
        for row in rows { #expect(row.drawc.area <= row.dot.area, "\(row.name): area \(row.drawc.area) against dot's \(row.dot.area)") }
        // Bends: 90 against dot's 46 in the fifth round (535 in graph-4-area's table); the
        // bound leaves room for the order and coordinates to move.
        let dotBends = rows.reduce(0) { $0 + $1.dot.bends }, drawcBends = rows.reduce(0) { $0 + $1.drawc.bends }
        print("total bends: dot \(dotBends), drawc \(drawcBends)")
        #expect(2 * drawcBends <= 5 * dotBends, "bends: drawc \(drawcBends) against dot's \(dotBends)")
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
