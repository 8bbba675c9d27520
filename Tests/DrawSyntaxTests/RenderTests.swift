import DrawDiagnostics
import DrawSyntax
import Testing

/// The terminal and JSON renderers of DrawDiagnostics (tested here: that target has no
/// test target of its own).
@Suite struct RenderTests {
    /// The one JSON writer: short escapes, other controls and DEL as \u00xx, and inside a page
    /// `<`, U+2028 and U+2029 escaped too; what it writes the one reader reads back.
    @Test func theOneJSONWriterEscapesAndReadsBack() {
        let text = "q\"\\\n\r\t\u{8}\u{C}\u{1}\u{7F}<\u{2028}é😀"
        #expect(JSON.quoted(text) == #""q\"\\\n\r\t\b\f\u0001\u007f<\#u{2028}é😀""#)
        #expect(JSON.quoted(text, htmlSafe: true) == #""q\"\\\n\r\t\b\f\u0001\u007f\u003c\u2028é😀""#)
        #expect(JSON.parse(Array(JSON.quoted(text, htmlSafe: true).utf8)) == .string(text))
        #expect(jsonString(text) == JSON.quoted(text))
    }

    let file = SourceFile(id: FileID(0), path: "dir/a.draw", text: "group {\n\trect fil: é@\n}\n")

    func span(_ start: UInt32, _ end: UInt32) -> Span { Span(file: FileID(0), start: start, end: end) }

    @Test func terminalShapeWithNoteAndFixIt() {
        // "fil" is bytes 14..<17 on line 2 (after a tab).
        let diagnostic = Diagnostic.error(
            "sem.unknown-property", at: span(14, 17), "unknown property 'fil'",
            notes: [.init("did you mean 'fill'?", at: span(14, 17)), .init("'group' starts here", at: span(0, 5))],
            fixIts: [.init(replacing: span(14, 17), with: "fill")])
        let text = TerminalDiagnosticRenderer(file: file).render([diagnostic])
        #expect(text == """
        dir/a.draw:2:7: error: unknown property 'fil'
        \trect fil: é@
        \t     ^~~
        \t     fill
        dir/a.draw:2:7: note: did you mean 'fill'?
        dir/a.draw:1:1: note: 'group' starts here
        group {
        ^~~~~

        """)
    }

    @Test func columnsCountScalarsAndEmptySpansGetACaret() {
        // "@" follows "é" (2 bytes): byte 21, column 13 (the tab is one column).
        let diagnostic = Diagnostic.error("lex.unexpected-character", at: span(21, 22), "unexpected character '@'")
        let text = TerminalDiagnosticRenderer(file: file).render(diagnostic)
        #expect(text == "dir/a.draw:2:13: error: unexpected character '@'\n\trect fil: é@\n\t           ^\n")
        let empty = Diagnostic.error("parse.expected-expression", at: span(22, 22), "expected expression, found newline")
        #expect(TerminalDiagnosticRenderer(file: file).render(empty) == "dir/a.draw:2:14: error: expected expression, found newline\n\trect fil: é@\n\t            ^\n")
    }

    @Test func spanOverSeveralLinesUnderlinesToTheEndOfTheFirst() {
        let diagnostic = Diagnostic.error("x", at: span(0, 24), "whole")
        #expect(TerminalDiagnosticRenderer(file: file).render(diagnostic) == "dir/a.draw:1:1: error: whole\ngroup {\n^~~~~~~\n")
    }

    @Test func unknownPlaceHasNoLocation() {
        let diagnostic = Diagnostic.error("driver.x", at: .unknown, "no input")
        #expect(TerminalDiagnosticRenderer(file: file).render(diagnostic) == "error: no input\n")
    }

    @Test func colourOnlyWhenAsked() {
        let diagnostic = Diagnostic.warning("w", at: span(0, 5), "careful")
        #expect(!TerminalDiagnosticRenderer(color: false, file: file).render(diagnostic).contains("\u{1B}"))
        let coloured = TerminalDiagnosticRenderer(color: true, file: file).render(diagnostic)
        #expect(coloured.contains("\u{1B}[35mwarning:"))
        #expect(coloured.contains("\u{1B}[32m\u{1B}[1m^~~~~"))
    }

    /// A note without a place is a hint: kept apart from the located notes, shown after them
    /// at the diagnostic's place.
    @Test func unlocatedNotesAreHints() {
        let diagnostic = Diagnostic.error("t.x", at: span(21, 22), "m",
                                          notes: [.init("nowhere"), .init("here", at: span(0, 1))], hints: ["then this"])
        #expect(diagnostic.notes.map(\.message) == ["here"])
        #expect(diagnostic.hints == ["nowhere", "then this"])
        let text = TerminalDiagnosticRenderer(file: file).render(diagnostic)
        let lines = text.split(separator: "\n").filter { $0.contains(": note: ") }
        #expect(lines == ["dir/a.draw:1:1: note: here", "dir/a.draw:2:13: note: nowhere", "dir/a.draw:2:13: note: then this"])
    }

    @Test func parserDiagnosticsRenderWithTheirNotes() {
        let source = SourceFile(id: FileID(0), path: "b.draw", text: "group {\n  rect\n")
        let (_, diagnostics) = parse(source)
        #expect(TerminalDiagnosticRenderer(file: source).render(diagnostics) == """
        b.draw:2:7: error: expected '}', found end of file
          rect
              ^
        b.draw:1:7: note: '{' opened here
        group {
              ^

        """)
    }
}
