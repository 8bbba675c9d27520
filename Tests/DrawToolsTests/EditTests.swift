// The preview's edits besides the drag (issue 40): each one a minimal rewrite of the source —
// only the changed tokens, comments and spacing kept, a canonical file kept canonical, and a
// result that compiles (or nothing).

import DrawDiagnostics
import DrawFormat
import DrawLayout
import DrawSyntax
@testable import DrawTools
import Testing

/// The span of top-level statement `index` of `text` (or of statement `inner` of its block).
func statementSpan(_ text: String, _ index: Int, inner: Int? = nil) -> Span {
    let file = DrawSyntax.parse(SourceFile(id: FileID(0), path: "t.draw", bytes: Array(text.utf8))).file
    let statement = file.statements[index]
    if let inner, case .node(let node) = statement.kind, let block = node.block { return block.statements[inner].span }
    if let inner, case .page(_, let block) = statement.kind, let block { return block.statements[inner].span }
    return statement.span
}

func edited(_ text: String, _ edit: ([UInt8], Span) -> Result<[UInt8], PositionRewrite.Refusal>, statement index: Int = 0, inner: Int? = nil) -> Result<String, PositionRewrite.Refusal> {
    edit(Array(text.utf8), statementSpan(text, index, inner: inner)).map { String(decoding: $0, as: UTF8.self) }
}

func isCanonical(_ text: String) -> Bool {
    if case .formatted(let printed) = formatSource(SourceFile(id: FileID(0), path: "t.draw", bytes: Array(text.utf8))) {
        return printed == Array(text.utf8)
    }
    return false
}

@Suite("preview edits")
struct EditTests {
    // MARK: resize

    @Test func resizeRewritesWidthAndHeightInTheirUnits() throws {
        let text = "rect \"a\", at: (10mm, 10mm), width: 30mm, height: 10mm // the box\n"
        let out = try edited(text) { SourceEdit.resize(source: $0, path: "t.draw", statement: $1, width: 72 / 25.4 * 40, height: 72 / 25.4 * 20) }.get()
        #expect(out == "rect \"a\", at: (10mm, 10mm), width: 40mm, height: 20mm // the box\n")
    }

    @Test func resizeAddsTheSizeWhenAbsentInTheFilesUnit() throws {
        let out = try edited("ellipse at: (1in, 1in) /* e */\n") { SourceEdit.resize(source: $0, path: "t.draw", statement: $1, width: 72, height: 36) }.get()
        #expect(out == "ellipse at: (1in, 1in), width: 1in, height: 0.5in /* e */\n")
        let plain = try edited("rect \"x\"\n") { SourceEdit.resize(source: $0, path: "t.draw", statement: $1, width: 50, height: 20) }.get()
        #expect(plain == "rect \"x\", width: 50, height: 20\n")
    }

    @Test func resizeOfACircleIsItsRadius() throws {
        let out = try edited("circle at: (50, 50), r: 10, fill: red\n") { SourceEdit.resize(source: $0, path: "t.draw", statement: $1, width: 40, height: 60) }.get()
        #expect(out == "circle at: (50, 50), r: 20, fill: red\n")
    }

    @Test func resizeScalesAPolygonsPoints() throws {
        let out = try edited("polygon points: [(10, 10), (30, 10), (20, 30)]\n") { SourceEdit.resize(source: $0, path: "t.draw", statement: $1, width: 40, height: 10) }.get()
        #expect(out == "polygon points: [(10, 10), (50, 10), (30, 20)]\n")
        let line = try edited("line from: (0, 0), to: (10mm, 0)\n") { SourceEdit.resize(source: $0, path: "t.draw", statement: $1, width: 72 / 25.4 * 25, height: 5) }.get()
        #expect(line == "line from: (0, 0), to: (25mm, 0)\n")
    }

    @Test func resizeScalesACompactPointsString() throws {
        let text = "stroke width: 2pt, points: \"10,10,0.5 10,0,0.1 0,5,-0.1\" // ink\n"
        let out = try edited(text) { SourceEdit.resize(source: $0, path: "t.draw", statement: $1, width: 40, height: 10) }.get()
        #expect(out == "stroke width: 2pt, points: \"10,10,0.5 40,0,0.1 0,10,-0.1\" // ink\n")
    }

    // A path's data is scaled about the top-left corner of its box (the exact bounds of its
    // curves): absolute coordinates from that corner, relative ones and radii multiplied, each
    // number in its own unit; numbers the scale leaves alone keep their bytes.
    @Test func resizeScalesAPathsData() throws {
        func resized(_ text: String, _ width: Double, _ height: Double) -> Result<String, PositionRewrite.Refusal> {
            edited(text) { SourceEdit.resize(source: $0, path: "t.draw", statement: $1, width: width, height: height) }
        }
        #expect(try resized("path \"M 10 10 L 30 10 L 20 30 Z\", stroke: red // tri\n", 40, 10).get()
            == "path \"M 10 10 L 50 10 L 30 20 Z\", stroke: red // tri\n")
        // Relative commands, H and V, units kept; the move to the corner stays as written.
        let mm = 72 / 25.4
        #expect(try resized("path \"M 1in 1in h 10mm v 5mm l -10mm 0 z\"\n", 20 * mm, 20 * mm).get()
            == "path \"M 1in 1in h 20mm v 20mm l -20mm 0 z\"\n")
        // The box is the curve's, not its control points': this cubic is 40 × 30.
        #expect(try resized("path \"M 0 0 C 0 40, 40 40, 40 0\"\n", 80, 60).get() == "path \"M 0 0 C 0 80, 80 80, 80 0\"\n")
        // A leading relative move is absolute (SVG): scaled from the corner, the rest multiplied.
        #expect(try resized("path \"m 10 10 l 10 10\"\n", 20, 30).get() == "path \"m 10 10 l 20 30\"\n")
        // Numbers that run together stay apart.
        #expect(try resized("path \"M0 0 L1.5.5\"\n", 3, 2).get() == "path \"M0 0 L3 2\"\n")
        #expect(try resized("path \"M0,0L10-5\"\n", 20, 10).get() == "path \"M0,5L20-5\"\n")
    }

    @Test func resizeScalesAPathsArcs() throws {
        func resized(_ text: String, _ width: Double, _ height: Double) -> Result<String, PositionRewrite.Refusal> {
            edited(text) { SourceEdit.resize(source: $0, path: "t.draw", statement: $1, width: width, height: height) }
        }
        // A half circle below its chord (box 10 × 5 from the start): radii scale with their axes.
        #expect(try resized("path \"M 10 10 a 5 5 0 0 0 10 0\"\n", 20, 20).get() == "path \"M 10 10 a 10 20 0 0 0 20 0\"\n")
        // Turned by 90°: the x radius lies along y. The arc's flags run into its end point.
        #expect(try resized("path \"M 10 10 a 5 5 90 0010 0\"\n", 20, 20).get() == "path \"M 10 10 a 20 10 90 00 20 0\"\n")
        // Turned by 30°: refused unless both sides scale alike.
        let turned = "path \"M 0 0 a 10 5 30 0 0 20 10\"\n"
        #expect(refusal(resized(turned, 50, 20))?.contains("an arc turned by 30°") == true)
        let box = try #require(DrawLayout.pathDataNumbers("M 0 0 a 10 5 30 0 0 20 10")?.bounds)
        let twice = try resized(turned, box.size.width * 2, box.size.height * 2).get()
        #expect(twice.contains("a 20 10 30 0 0 40 20"), "\(twice)")
        #expect((try? SourceEdit.compiled(Array(twice.utf8), path: "t.draw").get()) != nil)
    }

    @Test func resizeOfAPathRefusesDataThatIsNotAPlainString() {
        let result = edited("let r = 5\npath \"M 0 0 h \\(r) v 5\"\n", { SourceEdit.resize(source: $0, path: "t.draw", statement: $1, width: 30, height: 20) }, statement: 1)
        #expect(refusal(result)?.contains("its path data is not a plain string") == true)
    }

    @Test func resizeOfAMultiLineStatementAddsItsOwnLines() throws {
        let text = "rect \"a\",\n  at: (10, 10),\n  fill: red\n"
        let out = try edited(text) { SourceEdit.resize(source: $0, path: "t.draw", statement: $1, width: 30, height: 20) }.get()
        #expect(out == "rect \"a\",\n  at: (10, 10),\n  fill: red,\n  width: 30,\n  height: 20\n")
    }

    @Test func resizeRefusesAnExpression() {
        let result = edited("let w = 10\nrect width: w * 2, height: 10\n", { SourceEdit.resize(source: $0, path: "t.draw", statement: $1, width: 30, height: 20) }, statement: 1)
        #expect(refusal(result)?.contains("its 'width:' is an expression ('w * 2')") == true)
    }

    // MARK: set

    @Test func setRewritesExactlyTheValue() throws {
        let text = "rect \"a\", at: (10, 10), fill: red, bold: false // keep\n"
        let colour = try edited(text) { SourceEdit.set(source: $0, path: "t.draw", statement: $1, property: "fill", value: "#00ff00") }.get()
        #expect(colour == "rect \"a\", at: (10, 10), fill: #00ff00, bold: false // keep\n")
        let flag = try edited(text) { SourceEdit.set(source: $0, path: "t.draw", statement: $1, property: "bold", value: "true") }.get()
        #expect(flag == "rect \"a\", at: (10, 10), fill: red, bold: true // keep\n")
        let added = try edited(text) { SourceEdit.set(source: $0, path: "t.draw", statement: $1, property: "lineWidth", value: "2mm") }.get()
        #expect(added == "rect \"a\", at: (10, 10), fill: red, bold: false, lineWidth: 2mm // keep\n")
        let label = try edited("rect \"a\", at: (10, 10)\nrect \"b\", at: (50, 10)\na -> b\n", { SourceEdit.set(source: $0, path: "t.draw", statement: $1, property: "label", value: "\"yes\"") }, statement: 2)
        #expect(refusal(label)?.contains("it is a connector") == true)
    }

    @Test func setInABlockRewritesThere() throws {
        let text = "rect \"a\" {\n  fill: red\n}\n"
        let out = try edited(text) { SourceEdit.set(source: $0, path: "t.draw", statement: $1, property: "fill", value: "blue") }.get()
        #expect(out == "rect \"a\" {\n  fill: blue\n}\n")
    }

    @Test func setRefusesWhatWouldNotCompileOrIsNotOneValue() {
        let text = "rect \"a\", at: (10, 10), fill: red\n"
        let bad = edited(text) { SourceEdit.set(source: $0, path: "t.draw", statement: $1, property: "fill", value: "12mm").flatMap { SourceEdit.compiled($0, path: "t.draw") } }
        #expect(refusal(bad)?.hasPrefix("it would not compile: line 1:") == true, "\(bad)")
        let two = edited(text) { SourceEdit.set(source: $0, path: "t.draw", statement: $1, property: "fill", value: "red, at: (0, 0)") }
        #expect(refusal(two) == "'red, at: (0, 0)' is not one value")
        let lines = edited(text) { SourceEdit.set(source: $0, path: "t.draw", statement: $1, property: "fill", value: "red\nrect") }
        #expect(refusal(lines) != nil)
        let unknown = edited(text) { SourceEdit.set(source: $0, path: "t.draw", statement: $1, property: "fil", value: "red").flatMap { SourceEdit.compiled($0, path: "t.draw") } }
        #expect(refusal(unknown)?.hasPrefix("it would not compile") == true)
    }

    // MARK: text

    @Test func textReplacesTheLabelEscaped() throws {
        let out = try edited("rect \"a\", at: (10, 10)\n") { SourceEdit.text(source: $0, path: "t.draw", statement: $1, text: "say \"hi\"\\\nnow") }.get()
        #expect(out == "rect \"say \\\"hi\\\"\\\\\\nnow\", at: (10, 10)\n")
        let added = try edited("rect at: (10, 10), width: 40\n") { SourceEdit.text(source: $0, path: "t.draw", statement: $1, text: "new") }.get()
        #expect(added == "rect \"new\", at: (10, 10), width: 40\n")
        let interpolated = edited("let n = 2\nrect \"n = \\(n)\"\n", { SourceEdit.text(source: $0, path: "t.draw", statement: $1, text: "x") }, statement: 1)
        #expect(refusal(interpolated)?.contains("its text is an expression") == true)
    }

    // MARK: delete

    @Test func deleteRemovesTheLineItsCommentAndItsConnectors() throws {
        let text = "// boxes\nrect \"a\", id: a, at: (10, 10) // first\nrect \"b\", id: b, at: (80, 10)\na -> b // link\nb -> a, label: \"back\"\n"
        let out = try edited(text, { SourceEdit.delete(source: $0, path: "t.draw", statement: $1) }, statement: 0).get()
        #expect(out == "// boxes\nrect \"b\", id: b, at: (80, 10)\n")
    }

    @Test func deleteInABlockKeepsTheRest() throws {
        let text = "vstack {\n  rect \"a\"\n  rect \"b\"; rect \"c\"\n}\n"
        let out = try edited(text, { SourceEdit.delete(source: $0, path: "t.draw", statement: $1) }, inner: 0).get()
        #expect(out == "vstack {\n  rect \"b\"; rect \"c\"\n}\n")
        let middle = try edited(text, { SourceEdit.delete(source: $0, path: "t.draw", statement: $1) }, inner: 2).get()
        #expect(middle == "vstack {\n  rect \"a\"\n  rect \"b\"; \n}\n")
    }

    @Test func deleteRefusesWhenSomethingElseNamesIt() {
        let text = "rect \"a\", id: a, at: (10, 10)\ntext \"t\", at: a.right + (10, 0)\n"
        #expect(refusal(edited(text) { SourceEdit.delete(source: $0, path: "t.draw", statement: $1).flatMap { SourceEdit.compiled($0, path: "t.draw") } })?.hasPrefix("it would not compile") == true)
        let chain = "rect \"a\", id: a, at: (10, 10)\nrect \"b\", id: b, at: (50, 10)\nrect \"c\", id: c, at: (90, 10)\na -> b -> c\n"
        #expect(refusal(edited(chain, { SourceEdit.delete(source: $0, path: "t.draw", statement: $1) }, statement: 1))?.contains("chain") == true)
    }

    // MARK: duplicate

    @Test func duplicateGoesBesideWithAFreshID() throws {
        let text = "rect \"a\", id: box, at: (10mm, 10) // one\ncircle at: (0, 0)\n"
        let out = try edited(text) { SourceEdit.duplicate(source: $0, path: "t.draw", statement: $1, dx: 72 / 25.4 * 30, dy: 0) }.get()
        #expect(out == "rect \"a\", id: box, at: (10mm, 10) // one\nrect \"a\", id: box2, at: (40mm, 10)\ncircle at: (0, 0)\n")
        let stacked = try edited("vstack {\n  rect \"a\"\n}\n", { SourceEdit.duplicate(source: $0, path: "t.draw", statement: $1, dx: 20, dy: 20) }, inner: 0).get()
        #expect(stacked == "vstack {\n  rect \"a\"\n  rect \"a\"\n}\n")
    }

    // MARK: insert

    @Test func insertAppendsACanonicalStatement() throws {
        let text = "rect \"a\", at: (10, 10) // last\n"
        let out = try SourceEdit.insert(source: Array(text.utf8), path: "t.draw", kind: "ellipse", x: 100.456, y: 50, text: "E", page: nil).get()
        #expect(String(decoding: out, as: UTF8.self) == text + "ellipse \"E\", at: (100.46, 50), width: 80, height: 40\n")
        let noNewline = try SourceEdit.insert(source: Array("rect \"a\"".utf8), path: "t.draw", kind: "text", x: 1, y: 2, text: nil, page: nil).get()
        #expect(String(decoding: noNewline, as: UTF8.self) == "rect \"a\"\ntext \"Text\", at: (1, 2)\n")
        #expect(isCanonical(String(decoding: out, as: UTF8.self)))
        let refused = SourceEdit.insert(source: Array(text.utf8), path: "t.draw", kind: "vstack", x: 1, y: 2, text: nil, page: nil)
        #expect(refusal(refused.map { String(decoding: $0, as: UTF8.self) })?.contains("palette") == true)
    }

    @Test func insertGoesIntoThePageBlockUnderTheClick() throws {
        let text = "page {\n  rect \"one\"\n}\npage {\n  rect \"two\"\n}\n"
        let out = try SourceEdit.insert(source: Array(text.utf8), path: "t.draw", kind: "circle", x: 20, y: 30, text: nil, page: 2).get()
        #expect(String(decoding: out, as: UTF8.self) == "page {\n  rect \"one\"\n}\npage {\n  rect \"two\"\n  circle at: (20, 30), r: 20\n}\n")
    }

    // An inserted node gets an id only when something names it at once: connect mode's drag
    // from a node to empty paper adds the node and `from -> new`, ids on both; a plain insert none.
    @Test func insertConnectedFromANodeGivesBothIDs() throws {
        let text = "rect \"a\", at: (10, 10), width: 20, height: 10 // a\nrect id: box, at: (50, 10)\n"
        let out = try SourceEdit.insert(source: Array(text.utf8), path: "t.draw", kind: "rect", x: 100, y: 80, text: nil, page: nil,
                                        from: statementSpan(text, 0)).get()
        #expect(String(decoding: out, as: UTF8.self) == "rect \"a\", at: (10, 10), width: 20, height: 10, id: box2 // a\nrect id: box, at: (50, 10)\n"
            + "rect at: (100, 80), width: 80, height: 40, id: box3\nbox2 -> box3\n")
        #expect((try? SourceEdit.compiled(out, path: "t.draw").get()) != nil)
        // In a page block, both lines go at its end, indented; a named start keeps its id.
        let pages = "page {\n  diamond \"d\", id: start\n}\n"
        let inPage = try SourceEdit.insert(source: Array(pages.utf8), path: "t.draw", kind: "diamond", x: 20, y: 30, text: nil, page: 1,
                                           from: statementSpan(pages, 0, inner: 0)).get()
        #expect(String(decoding: inPage, as: UTF8.self) == "page {\n  diamond \"d\", id: start\n  diamond at: (20, 30), width: 80, height: 40, id: diamond\n  start -> diamond\n}\n")
        let plain = try SourceEdit.insert(source: Array(text.utf8), path: "t.draw", kind: "rect", x: 1, y: 2, text: nil, page: nil).get()
        #expect(!String(decoding: plain, as: UTF8.self).contains("id: box2"))
    }

    // MARK: connect

    @Test func connectGivesReadableIDs() throws {
        let text = "rect \"a\", at: (10, 10)\nrect \"b\", id: box, at: (100, 10)\nellipse at: (50, 80) // e\n"
        let bytes = Array(text.utf8)
        let out = try SourceEdit.connect(source: bytes, path: "t.draw", from: statementSpan(text, 0), to: statementSpan(text, 2)).get()
        #expect(String(decoding: out, as: UTF8.self) == "rect \"a\", at: (10, 10), id: box2\nrect \"b\", id: box, at: (100, 10)\nellipse at: (50, 80), id: ellipse // e\nbox2 -> ellipse\n")
        let named = try SourceEdit.connect(source: bytes, path: "t.draw", from: statementSpan(text, 1), to: statementSpan(text, 0)).get()
        #expect(String(decoding: named, as: UTF8.self).hasSuffix("rect \"a\", at: (10, 10), id: box2\nrect \"b\", id: box, at: (100, 10)\nellipse at: (50, 80) // e\nbox -> box2\n"))
    }

    // MARK: ink

    @Test func inkIsAStrokeInTheCompactPointsForm() throws {
        let points: [[Double]] = [[10, 20, 0.5], [10.5, 21.25, 0.55], [12.004, 20, 0.5]]
        #expect(SourceEdit.compactPoints(points) == "10,20,0.5 0.5,1.25,0.05 1.5,-1.25,-0.05")
        let out = try SourceEdit.ink(source: Array("rect \"a\"\n".utf8), path: "t.draw", points: points, color: "#1e3a8a", width: 2.5, page: nil).get()
        #expect(String(decoding: out, as: UTF8.self) == "rect \"a\"\nstroke width: 2.5pt, color: #1e3a8a, points: \"10,20,0.5 0.5,1.25,0.05 1.5,-1.25,-0.05\"\n")
        #expect(refusal(SourceEdit.ink(source: [], path: "t.draw", points: [[1, 2, 3]], color: nil, width: nil, page: nil).map { String(decoding: $0, as: UTF8.self) }) != nil)
        #expect(refusal(SourceEdit.ink(source: [], path: "t.draw", points: [[1, 2]], color: "red;", width: nil, page: nil).map { String(decoding: $0, as: UTF8.self) }) != nil)
    }

    // MARK: canonical files

    @Test func aCanonicalFileStaysCanonical() throws {
        let text = "page margin: 10pt\n\nrect \"Step\", id: a, at: (10mm, 10mm), width: 30mm, height: 10mm, fill: #e0f2fe\n"
        try #require(isCanonical(text))
        let outs = [
            try edited(text, { SourceEdit.resize(source: $0, path: "t.draw", statement: $1, width: 200, height: 100) }, statement: 1).get(),
            try edited(text, { SourceEdit.set(source: $0, path: "t.draw", statement: $1, property: "stroke", value: "#0369a1") }, statement: 1).get(),
            try edited(text, { SourceEdit.set(source: $0, path: "t.draw", statement: $1, property: "lineWidth", value: "1.5pt") }, statement: 1).get(),
            try edited(text, { SourceEdit.duplicate(source: $0, path: "t.draw", statement: $1, dx: 100, dy: 0) }, statement: 1).get(),
            try edited(text, { SourceEdit.text(source: $0, path: "t.draw", statement: $1, text: "A much longer label than before") }, statement: 1).get(),
        ]
        for out in outs { #expect(isCanonical(out), "\(out)") }
    }
}
