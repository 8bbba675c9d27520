// `label` on lines that are not connectors (issue 33): `line`, `arrow` and `line points:`
// drew no label and said nothing although the catalogue lists `label` for them. Their label
// is placed and drawn by the connector label code (Links.swift, `emitFreeLineLabel`).

import DrawBase
import DrawScene
import Testing
@testable import DrawLayout

@Suite struct LineLabelTests {
    /// The page's text runs and filled paths, in paint order (lines here are not grouped).
    static func runs(_ document: Scene.Document) -> [Scene.TextRun] {
        document.pages[0].items.compactMap { if case .text(let run) = $0 { run } else { nil } }
    }

    @Test(arguments: [
        "line from: (0, 0), to: (100pt, 0), label: \"30 mm\"",
        "arrow from: (0, 0), to: (100pt, 0), label: \"30 mm\"",
        "line points: [(0, 0), (50pt, 0), (100pt, 0)], label: \"30 mm\"",
    ])
    func aLineDrawsItsLabelAboveItsMiddle(_ statement: String) throws {
        let (_, diagnostics, document) = compile("page size: (200pt, 100pt), margin: 20pt {\n  \(statement)\n}\n")
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        let run = try #require(Self.runs(document).first { $0.text == "30 mm" })
        // The line runs along y = 20 (the margin) from x = 20 to 120: the label sits above
        // it, centred on x = 70.
        #expect(run.origin.y < 20 && run.origin.y > 5, "\(run.origin)")
        #expect(abs(run.origin.x + run.advance / 2 - 70) < 1, "\(run.origin)")
    }

    @Test func labelAtPositionAndBackgroundApplyAsOnConnectors() throws {
        let source = """
        page size: (200pt, 100pt), margin: 20pt {
          line from: (0, 0), to: (100pt, 0), label: "x", labelAt: 25%, labelPosition: below, labelBackground: yellow
        }
        """
        let (_, diagnostics, document) = compile(source)
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        let run = try #require(Self.runs(document).first { $0.text == "x" })
        #expect(run.origin.y > 20, "below the line: \(run.origin)")
        #expect(abs(run.origin.x + run.advance / 2 - 45) < 1, "a quarter of the way: \(run.origin)")
        let yellow = document.pages[0].items.contains {
            if case .path(_, let paint) = $0 { paint.fill?.color == Color(red: 1, green: 1, blue: 0) } else { false }
        }
        #expect(yellow, "the label's background")
    }
}
