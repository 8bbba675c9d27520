// The drag rewrite on every kind of position literal: only the numbers change, in their
// units, and every other byte (comments, spacing) stays.

import DrawDiagnostics
import DrawFormat
import DrawSyntax
@testable import DrawTools
import Testing

/// Moves statement `index` (top level) of `text` by (dx, dy) points.
func moved(_ text: String, statement index: Int = 0, dx: Double, dy: Double, snap: Bool = false) -> Result<String, PositionRewrite.Refusal> {
    let bytes = Array(text.utf8)
    let file = DrawSyntax.parse(SourceFile(id: FileID(0), path: "t.draw", bytes: bytes)).file
    let span = file.statements[index].span
    return PositionRewrite.move(source: bytes, path: "t.draw", statement: span, dx: dx, dy: dy, snap: snap)
        .map { String(decoding: $0, as: UTF8.self) }
}

func refusal(_ result: Result<String, PositionRewrite.Refusal>) -> String? {
    if case .failure(let why) = result { return why.message }
    return nil
}

@Suite("drag rewrite")
struct RewriteTests {
    @Test func plainNumbers() throws {
        #expect(try moved("rect at: (10, 20)\n", dx: 5, dy: -5).get() == "rect at: (15, 15)\n")
    }

    @Test func unitsAreKept() throws {
        // 2 mm and half an inch, given in points.
        #expect(try moved("circle at: (10mm, 1in), r: 3\n", dx: 72 / 25.4 * 2, dy: 36).get() == "circle at: (12mm, 1.5in), r: 3\n")
        #expect(try moved("rect at: (1cm, 20px)\n", dx: 72 / 2.54, dy: 7.5).get() == "rect at: (2cm, 30px)\n")
        #expect(try moved("rect at: (5pt, 5pt)\n", dx: 1.5, dy: 0).get() == "rect at: (6.5pt, 5pt)\n")
    }

    @Test func negativeNumbers() throws {
        #expect(try moved("rect at: (-10, -5)\n", dx: 20, dy: 0).get() == "rect at: (10, -5)\n")
        #expect(try moved("rect at: (3, 4)\n", dx: -10, dy: -10).get() == "rect at: (-7, -6)\n")
    }

    @Test func fractionsRoundToHundredths() throws {
        #expect(try moved("rect at: (10.25, 3)\n", dx: 0.333, dy: 0).get() == "rect at: (10.58, 3)\n")
    }

    @Test func fromAndToMoveTogether() throws {
        #expect(try moved("line from: (0, 0), to: (50, 10), lineWidth: 2\n", dx: 10, dy: 5).get()
                == "line from: (10, 5), to: (60, 15), lineWidth: 2\n")
        #expect(try moved("arrow from: (0mm, 0), to: (10mm, 0)\n", dx: 72 / 25.4, dy: 0).get() == "arrow from: (1mm, 0), to: (11mm, 0)\n")
    }

    @Test func everyPointOfPoints() throws {
        #expect(try moved("polyline points: [(0, 0), (10, 10), (20, 0)]\n", dx: 1, dy: 2).get()
                == "polyline points: [(1, 2), (11, 12), (21, 2)]\n")
        #expect(try moved("polygon points: [(0, 0), (1in, 0), (0, 1in)], fill: red\n", dx: 72, dy: 0).get()
                == "polygon points: [(72, 0), (2in, 0), (72, 1in)], fill: red\n")
    }

    @Test func offsetFromAnAnchor() throws {
        #expect(try moved("rect id: a\nrect at: a.right + (110pt, 0)\n", statement: 1, dx: 10, dy: 4).get()
                == "rect id: a\nrect at: a.right + (120pt, 4)\n")
        #expect(try moved("rect id: a\nrect at: (1, 2) + a.center\n", statement: 1, dx: 1, dy: 1).get()
                == "rect id: a\nrect at: (2, 3) + a.center\n")
        #expect(try moved("rect id: a\nrect at: a.left - (10mm, 0)\n", statement: 1, dx: 72 / 25.4, dy: 0).get()
                == "rect id: a\nrect at: a.left - (9mm, 0)\n")
        #expect(refusal(moved("rect at: (1, 2) - (3, 4)\n", dx: 1, dy: 1)) != nil)
    }

    @Test func positionInsideTheBlock() throws {
        #expect(try moved("rect {\n  at: (1, 2)\n  fill: red\n}\n", dx: 1, dy: 1).get() == "rect {\n  at: (2, 3)\n  fill: red\n}\n")
    }

    @Test func commentsAndSpacingStay() throws {
        let text = "// top\nrect \"a\", at: ( /* x */ 10 ,\n   20 // y\n ) /* end */\n// after\n"
        #expect(try moved(text, dx: 5, dy: 5).get() == "// top\nrect \"a\", at: ( /* x */ 15 ,\n   25 // y\n ) /* end */\n// after\n")
    }

    @Test func canonicalFilesStayCanonical() throws {
        let text = "// a\nrect \"a\", at: (10mm, 20)\n\nline from: (0, 0), to: (5, 5)\n"
        let result = try moved(text, dx: 72 / 25.4, dy: -25).get()
        #expect(result == "// a\nrect \"a\", at: (11mm, -5)\n\nline from: (0, 0), to: (5, 5)\n")
        // The printer would not change it.
        let file = SourceFile(id: FileID(0), path: "t.draw", bytes: Array(result.utf8))
        if case .formatted(let printed) = formatSource(file) { #expect(printed == Array(result.utf8)) } else { Issue.record("not formatted") }
    }

    @Test func onlyTheStatementMoved() throws {
        let text = "rect at: (10, 10)\nrect at: (10, 10)\n"
        #expect(try moved(text, statement: 1, dx: 5, dy: 0).get() == "rect at: (10, 10)\nrect at: (15, 10)\n")
    }

    @Test func snapsToTheUnitsGrid() throws {
        #expect(try moved("rect at: (12, 47)\n", dx: 1, dy: 0, snap: true).get() == "rect at: (10, 50)\n")
        #expect(try moved("rect at: (12mm, 3mm)\n", dx: 0, dy: 0, snap: true).get() == "rect at: (10mm, 5mm)\n")
        #expect(try moved("rect at: (1.3cm, 0.1in)\n", dx: 0, dy: 0, snap: true).get() == "rect at: (1.5cm, 0.13in)\n")
    }

    @Test func refusalsSayWhy() throws {
        #expect(refusal(moved("let x = 3\nrect at: (x * 2, 0)\n", statement: 1, dx: 1, dy: 1))?.contains("expression ('x * 2')") == true)
        #expect(refusal(moved("rect at: (50%, 0)\n", dx: 1, dy: 1))?.contains("percentage") == true)
        #expect(refusal(moved("rect width: 3\n", dx: 1, dy: 1))?.contains("no 'at:'") == true)
        #expect(refusal(moved("rect id: a\nline from: a, to: (3, 3)\n", statement: 1, dx: 1, dy: 1))?.contains("is a node") == true)
        #expect(refusal(moved("rect id: a\nrect id: b\na -> b\n", statement: 2, dx: 1, dy: 1))?.contains("connector") == true)
        #expect(refusal(moved("rect at: a.right\n", dx: 1, dy: 1))?.contains("expression") == true)
        #expect(refusal(moved("rect at: a.right * 2\n", dx: 1, dy: 1))?.contains("expression") == true)
        #expect(refusal(moved("rect at: (1, 2)\nrect at: (\n", dx: 1, dy: 1))?.contains("syntax errors") == true)
        #expect(refusal(moved("rect at: (1, 2)\n", dx: .infinity, dy: 1)) != nil)
    }
}
