// The diagram checker (DrawTestSupport's DiagramChecker.swift, issue 36) over every sample and
// every corpus drawing with connectors: no label over a line, a node or a label, no label far
// from its line without a leader, no line through a node, no shared port or run of line, no
// overlapping nodes. Crossings are only counted.

import DrawBase
import DrawKit
import DrawScene
import DrawTestSupport
import Foundation
import Testing

@Suite("diagram checker")
struct DiagramCheckerTests {
    static let root = packageRoot()

    /// Every sample and corpus drawing: (name, path, folder its files are read from).
    static let drawings: [String] = {
        let samples = ((try? FileManager.default.contentsOfDirectory(atPath: root + "/samples")) ?? [])
            .filter { $0.hasSuffix(".draw") }.sorted().map { "samples/" + $0 }
        let corpus = corpusFiles(in: "ok").map { "Tests/Corpus/ok/" + ($0 as NSString).lastPathComponent }
        return samples + corpus
    }()

    /// Faults a drawing has on purpose, with the reason; every other drawing must have none,
    /// and a listed one exactly these (so a change shows).
    static let known: [String: String] = [
        // `via:` points chosen by hand pass through a circle placed there to be clipped against.
        "Tests/Corpus/ok/lang-ids-anchors-and-connectors.draw": "lineThroughNode 1",
        // A rotated marker set on the circle's corner, testing anchors of transformed nodes.
        "Tests/Corpus/ok/lang-layout.draw": "overlappingNodes 1",
        // Syntax coverage, not a diagram: five connectors between nodes 8pt apart, one with
        // ports named by hand where a parallel connector runs.
        "Tests/Corpus/ok/syntax-every-construct.draw": "lineThroughNode 1, sharedPort 1",
    ]

    static func faults(_ name: String) throws -> DiagramFaults? {
        let path = root + "/" + name
        guard let data = FileManager.default.contents(atPath: path) else { throw CheckerError("cannot read \(name)") }
        return checkDiagram(bytes: [UInt8](data), path: name, directory: (path as NSString).deletingLastPathComponent)
    }

    struct CheckerError: Error, CustomStringConvertible {
        var description: String
        init(_ d: String) { description = d }
    }

    @Test("every diagram is free of faults", arguments: drawings)
    func diagram(_ name: String) throws {
        guard let found = try Self.faults(name), found.connectors > 0 else { return }
        let expected = Self.known[name] ?? "no faults"
        let counts = found.description.components(separatedBy: "; crossings").first!
        let details = found.details.joined(separator: "\n")
        #expect(counts == expected, "\(name): \(found)\n\(details)")
    }
}

@Suite("diagram checker finds faults")
struct DiagramCheckerSelfTests {
    static func faults(_ source: String) -> DiagramFaults {
        checkDiagram(bytes: Array(source.utf8), path: "test.draw", directory: DiagramCheckerTests.root) ?? DiagramFaults()
    }

    @Test("a line through a node, overlapping nodes, a crossing")
    func faultsOfHandPlacedPoints() {
        let found = Self.faults("""
            rect "A", id: a, at: (0, 0), width: 60, height: 30
            rect "B", id: b, at: (200, 0), width: 60, height: 30
            rect "C", id: c, at: (100, 0), width: 40, height: 30
            rect "D", id: d, at: (110, 10), width: 40, height: 30
            rect "E", id: e, at: (100, -80), width: 40, height: 30
            rect "F", id: f, at: (100, 80), width: 40, height: 30
            a -> b, via: [(100, 0)]
            e -> f, via: [(120, -40), (120, 40)]
            """)
        #expect(found.connectors == 2)
        #expect(found.lineThroughNode == 3, "\(found.details)")  // a -> b through C and D, e -> f through D
        #expect(found.overlappingNodes == 1)
        #expect(found.crossings == 1)
    }

    @Test("a label keeps clear of a later line and of nodes, with a leader when moved out")
    func labelsKeepClear() {
        let found = Self.faults("""
            rect "A", id: a, at: (0, 0), width: 60, height: 30
            rect "B", id: b, at: (100, 0), width: 60, height: 30
            rect "C", id: c, at: (50, -70), width: 40, height: 30
            rect "D", id: d, at: (50, 70), width: 40, height: 30
            a -> b, label: "reads"
            c -> d
            """)
        #expect(found.connectors == 2)
        #expect(found.faults == 0, "\(found.details)")
    }
}

@Suite("connector routing")
struct ConnectorRoutingTests {
    /// The stroked paths of a page (connector lines among them), groups left out.
    static func strokedPaths(_ document: Scene.Document) -> [Scene.Path] {
        document.pages[0].items.compactMap { item in
            if case .path(let path, let paint) = item, paint.stroke != nil, paint.fill == nil { return path }
            return nil
        }
    }

    @Test("ends on one side of a node get spread ports, unless they merge")
    func spreadPortsAndMerge() {
        let nodes = """
            rect "A", id: a, at: (100, 0), width: 40, height: 30
            rect "B", id: b, at: (0, 100), width: 30, height: 30
            rect "C", id: c, at: (200, 100), width: 30, height: 30

            """
        let spread = DiagramCheckerSelfTests.faults(nodes + """
            a -> b, route: orthogonal, side: bottom, toSide: top
            a -> c, route: orthogonal, side: bottom, toSide: top
            """)
        #expect(spread.connectors == 2)
        #expect(spread.faults == 0, "\(spread.details)")
        #expect(spread.crossings == 0)
        let merged = DiagramCheckerSelfTests.faults(nodes + """
            a -> b, route: orthogonal, side: bottom, toSide: top, merge: true
            a -> c, route: orthogonal, side: bottom, toSide: top, merge: true
            """)
        #expect(merged.sharedPort == 1, "\(merged.details)")
    }

    @Test("ends on one side of a node hemmed in by other nodes still get spread ports")
    func spreadPortsWhenBoxedIn() throws {
        // A node overlapping A (the stack's spacer) and a bar across X put every port's stub
        // inside another node: the search found no route, both connectors fell back to an
        // elbow from A's first port, and that fallback took no part in spreading ports, so
        // both started at one point (M 182.502 30).
        let source = """
            page size: (300pt, 200pt), margin: 20pt
            rect "A", id: a, at: (150pt, 10pt)
            rect "B", id: b, at: (230pt, 120pt)
            rect "X", id: box, at: (200pt, 160pt)
            vstack align: center {
              hstack align: center {
                a -> box, route: orthogonal
                a -> b, route: orthogonal
                rect size: (10pt, 150pt)
              }
              rect size: (280pt, 4pt)
            }
            """
        let found = DiagramCheckerSelfTests.faults(source)
        #expect(found.connectors == 2)
        #expect(found.sharedPort == 0, "\(found.details)")
        let document = try #require(layOutDiagram(source))
        let starts = Self.strokedPaths(document).filter { $0.verbs.count == $0.points.count && $0.points.count >= 2
            && $0.verbs.last != .close }.map { $0.points[0] }
        #expect(starts.count == 2)
        if starts.count == 2 { #expect(abs(starts[0].x - starts[1].x) + abs(starts[0].y - starts[1].y) > 4, "\(starts)") }
    }

    @Test("a straight connector bends around a node in its way")
    func straightBendsAround() throws {
        let source = """
            rect "A", id: a, at: (0, 0), width: 40, height: 30
            rect "B", id: b, at: (200, 0), width: 40, height: 30
            rect "C", id: c, at: (100, 0), width: 40, height: 30
            a -> b
            """
        let found = DiagramCheckerSelfTests.faults(source)
        #expect(found.connectors == 1)
        #expect(found.faults == 0, "\(found.details)")
        let document = try #require(layOutDiagram(source))
        let line = try #require(Self.strokedPaths(document).last)
        #expect(line.points.count > 2)
    }

    @Test("jumps: arc hops over an earlier connector, gap breaks the line")
    func jumps() throws {
        func line(_ jumps: String) throws -> Scene.Path {
            let document = try #require(layOutDiagram("""
                rect "A", id: a, at: (0, 0), width: 40, height: 30
                rect "B", id: b, at: (200, 0), width: 40, height: 30
                rect "C", id: c, at: (100, -100), width: 40, height: 30
                rect "D", id: d, at: (100, 100), width: 40, height: 30
                a -> b
                c -> d, jumps: \(jumps)
                """))
            return try #require(Self.strokedPaths(document).last)
        }
        let plain = try line("none"), arc = try line("arc"), gap = try line("gap")
        #expect(plain.verbs == [.move, .line])
        #expect(arc.verbs == [.move, .line, .cubic, .line])
        #expect(gap.verbs == [.move, .line, .move, .line])
    }
}

