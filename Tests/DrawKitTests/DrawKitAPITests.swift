// The public API's own behaviour: formats from extensions, per-page output names, atomic
// writes, diagnostics rendered as text and JSON.

import DrawKit
import DrawTestSupport
import Foundation
import Testing

@Suite("DrawKit API")
struct DrawKitAPITests {
    @Test func formatFromExtension() {
        #expect(OutputFormat(pathExtension: "out/label.pdf") == .pdf)
        #expect(OutputFormat(pathExtension: "a.SVG") == .svg)
        #expect(OutputFormat(pathExtension: "a.b/c.eps") == .eps)
        #expect(OutputFormat(pathExtension: "x.ps") == .ps)
        #expect(OutputFormat(pathExtension: "x.png") == .png)
        #expect(OutputFormat(pathExtension: "x.gif") == nil)
        #expect(OutputFormat(pathExtension: "noextension") == nil)
        #expect(OutputFormat(pathExtension: "dir.pdf/file") == nil)
        #expect(OutputFormat(pathExtension: ".pdf") == nil, "a hidden file's name is not an extension")
    }

    @Test func perPageNames() {
        #expect(OutputFile(page: 2, bytes: []).path(forRequestedPath: "out/report.svg") == "out/report-2.svg")
        #expect(OutputFile(page: 1, bytes: []).path(forRequestedPath: "a.b/report") == "a.b/report-1")
        #expect(OutputFile(page: nil, bytes: []).path(forRequestedPath: "x.pdf") == "x.pdf")
    }

    @Test func atomicWriteReplacesAndCleansUp() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("out.pdf")
        try OutputWriter.write(Array("first".utf8), to: path)
        try OutputWriter.write(Array("second".utf8), to: path)
        #expect(FileManager.default.contents(atPath: path) == Data("second".utf8))
        #expect(folder.contents() == ["out.pdf"])
        #expect(throws: FileError.self) { try OutputWriter.write([1], to: folder.file("missing/x.pdf")) }
        #expect(throws: FileError.self) { try OutputWriter.write([1], to: folder.path) }
        #expect(folder.contents() == ["out.pdf"])
    }

    @Test func readingErrorsAreOneLine() throws {
        let folder = try TemporaryFolder()
        do {
            _ = try SourceInput.read(path: folder.path)
            Issue.record("a folder was read as a file")
        } catch {
            #expect(error.description == "\(folder.path): is a folder, not a .draw file")
        }
        do {
            _ = try SourceInput.read(path: folder.file("nope.draw"))
            Issue.record("a missing file was read")
        } catch {
            #expect(error.description.hasSuffix("cannot read: no such file or folder"))
        }
    }

    @Test
    func diagnosticsRenderAsTextAndJSON() {
        // A syntax error is found by every version of the front end.
        let result = check(source: "rect \"open\n", path: "x.draw")
        #expect(result.hasErrors)
        let text = result.report.rendered(as: .text)
        #expect(text.hasPrefix("x.draw:1:"), "\(text)")
        #expect(!text.contains("\u{1B}["))
        #expect(result.report.rendered(as: .text, color: true).contains("\u{1B}["))
        let json = result.report.rendered(as: .json)
        let parsed = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
        #expect(parsed?.first?["file"] as? String == "x.draw", "\(json)")
        #expect(parsed?.first?["line"] as? Int == 1)
    }

    @Test func jsonEscapesEverything() throws {
        let diagnostic = DrawDiagnostic(id: "t", severity: .warning, message: "quote \" backslash \\ tab \t bell \u{7} é", file: "a\"b", location: nil)
        let json = [diagnostic].renderedJSON()
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(parsed.first?["message"] as? String == diagnostic.message)
        #expect(parsed.first?["file"] as? String == "a\"b")
    }

    /// The one JSON renderer: keys in order, located notes apart from hints, escapes.
    @Test func jsonKeepsHintsApartFromNotes() throws {
        let location = DrawDiagnostic.Location(path: "a.draw", line: 2, column: 13, endLine: 2, endColumn: 14, byteOffset: 21, byteLength: 1)
        let diagnostic = DrawDiagnostic(
            id: "sem.unknown-property", severity: .error, message: "unknown \"x\"", location: location,
            notes: [.init(message: "here", location: location)], hints: ["did you mean 'fill'?"],
            fixIts: [.init(location: location, replacement: "fill")])
        #expect([diagnostic].renderedJSON() == """
        [
          {"id":"sem.unknown-property","severity":"error","file":"a.draw","line":2,"column":13,"endLine":2,"endColumn":14,"message":"unknown \\"x\\"","notes":[{"message":"here","file":"a.draw","line":2,"column":13,"endLine":2,"endColumn":14}],"hints":["did you mean 'fill'?"],"fixIts":[{"replacement":"fill","file":"a.draw","line":2,"column":13,"endLine":2,"endColumn":14}]}
        ]

        """)
        #expect([DrawDiagnostic]().renderedJSON() == "[]\n")
    }

    /// A did-you-mean of the checker reaches tools as a hint with its fix-it.
    @Test func checkerSuggestionsAreHints() throws {
        let result = check(source: "rect fil: red\n", path: "x.draw")
        let diagnostic = try #require(result.report.diagnostics.first)
        #expect(diagnostic.id == "sem.unknown-property")
        #expect(diagnostic.hints == ["did you mean 'fill'?"])
        #expect(diagnostic.notes.isEmpty)
        #expect(diagnostic.fixIts.map(\.replacement) == ["fill"])
        let json = result.report.rendered(as: .json)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(parsed.first?["hints"] as? [String] == ["did you mean 'fill'?"])
    }
}
