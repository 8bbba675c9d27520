// The diagram checker (DrawTestSupport's DiagramChecker.swift, issue 36) over every sample and
// every corpus drawing with connectors: no label over a line, a node or a label, no label far
// from its line without a leader, no line through a node, no shared port or run of line, no
// overlapping nodes. Crossings are only counted.

import DrawKit
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

    /// Faults still present, by drawing, until the router and label placer remove them: a
    /// drawing listed here must show exactly these counts (so a fix is noticed and the entry
    /// removed), every other drawing none.
    static let known: [String: String] = [
        "samples/architecture.draw": "sharedPort 6, sharedSegment 6",
        "samples/network.draw": "sharedPort 1, sharedSegment 1",
        "Tests/Corpus/ok/lang-ids-anchors-and-connectors.draw": "lineThroughNode 1",
        "Tests/Corpus/ok/lang-layout.draw": "overlappingNodes 1",
        "Tests/Corpus/ok/syntax-every-construct.draw": "lineThroughNode 2, sharedPort 1",
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
            a -> b
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
