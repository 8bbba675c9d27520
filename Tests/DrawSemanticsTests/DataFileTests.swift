import DrawDiagnostics
import DrawResources
import DrawScene
@testable import DrawSemantics
import DrawSyntax
import DrawTestSupport
import Foundation
import Testing

/// Evaluates `source` as /data/main.draw with `files` (by absolute path) behind the resource boundary.
func evaluateWithData(_ source: String, _ files: [String: [UInt8]]) -> (Evaluated, Resources) {
    let (result, resources, _) = evaluateWithBindings(source, files)
    return (result, resources)
}

/// `evaluateWithData`, also giving the values of the top-level `let`s.
func evaluateWithBindings(_ source: String, _ files: [String: [UInt8]]) -> (Evaluated, Resources, [String: Value]) {
    var sources = SourceManager()
    let id = sources.add(path: "/data/main.draw", bytes: Array(source.utf8))
    let (file, parseDiagnostics) = DrawSyntax.parse(sources[id]!)
    #expect(parseDiagnostics.isEmpty)
    let resources = Resources(reader: MemoryReader(files))
    let (drawing, diagnostics, bindings) = Evaluator(resources: resources).evaluateKeepingBindings(file, sources: &sources)
    return (Evaluated(drawing: drawing, diagnostics: diagnostics, sources: sources), resources, bindings)
}

/// A value as canonical JSON text, the way the Python reference prints it below
/// (`json.dumps` with every number a float, `ensure_ascii=False`); strings through the
/// diagnostics' JSON escaping, which prints these inputs as Python does (they hold no
/// control characters beyond \b \f \n \r \t, where hex case would differ).
func canonicalJSON(_ value: Value) -> String {
    switch value {
    case .number(let x): return "\(x)"
    case .string(let s): return jsonString(s)
    case .bool(let b): return b ? "true" : "false"
    case .none: return "null"
    case .list(let items): return "[" + items.map(canonicalJSON).joined(separator: ", ") + "]"
    case .record(let keys, let values):
        return "{" + zip(keys.names, values).map { canonicalJSON(.string($0)) + ": " + canonicalJSON($1) }.joined(separator: ", ") + "}"
    default: return "?"
    }
}

/// Runs a Python 3 script on `path` and returns its standard output; nil (and, in CI, a
/// failure) when python3 is missing.
func python(_ script: String, _ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String? {
    guard ExternalTool.require(["python3"], sourceLocation: sourceLocation) else { return nil }
    let run = try ExternalTool.run("python3", ["-c", script, path])
    #expect(run.status == 0, "python3: \(String(decoding: run.stderr, as: UTF8.self))", sourceLocation: sourceLocation)
    return String(decoding: run.stdout, as: UTF8.self)
}

/// `csv()` and `json()` against Python's own csv and json modules, which read the same
/// bytes independently; their diagnostics; the resource boundary's rules.
@Suite struct DataFileTests {
    static let trickyCSV: [UInt8] = Array(#"""
    name,"quoted, with comma",multi
    plain,"say ""hi""","line one
    line two"
    ,,
    "","trailing space ",x\#r
    é ✓ 😀,"a\#r\#nb",last
    """#.utf8) + [0x0A]

    @Test func csvMatchesPythonsCSVModule() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("t.csv")
        for (name, bytes) in [("plain", Self.trickyCSV), ("bom", [0xEF, 0xBB, 0xBF] + Self.trickyCSV)] {
            _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
            let script = """
            import csv, json, sys
            with open(sys.argv[1], newline='', encoding='utf-8-sig') as f:
                rows = [r for r in csv.reader(f) if r]
            print(json.dumps(rows, ensure_ascii=False))
            """
            guard let expected = try python(script, path) else { return }
            let (result, _, bindings) = evaluateWithBindings("let rows = csv(\"t.csv\", header: false, numbers: false)",
                                                             ["/data/t.csv": bytes])
            #expect(result.diagnostics.isEmpty, "\(name): \(result.diagnostics.map(\.message))")
            let rows = try #require(bindings["rows"])
            #expect(canonicalJSON(rows) + "\n" == expected, "\(name)")
        }
    }

    @Test func csvWithHeaderGivesRecordsSharingTheirKeys() throws {
        let csv = Array("city;temp;code\nOslo;-4.5;007\n\"Rio; BR\";26;\"12\"\n".utf8)
        let (result, resources, bindings) = evaluateWithBindings("let rows = csv(\"../shared/t.csv\", delimiter: \";\")",
                                                                 ["/shared/t.csv": csv])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let rows = try #require(bindings["rows"])
        // Numbers by default; 007 (a leading zero) and quoted fields stay text.
        #expect(canonicalJSON(rows) == #"[{"city": "Oslo", "temp": -4.5, "code": "007"}, {"city": "Rio; BR", "temp": 26.0, "code": "12"}]"#)
        guard case .list(let items) = rows, case .record(let a, _) = items[0], case .record(let b, _) = items[1] else {
            Issue.record("not records"); return
        }
        #expect(a === b, "every row of one file shares one RecordKeys")
        #expect(resources.filesRead == ["/shared/t.csv"])
    }

    /// Issue 33: a field is a number only when that number prints back (as interpolation
    /// writes it) as exactly the field, so tracking numbers, zip codes and prices keep their digits.
    @Test func aCSVFieldIsANumberOnlyWhenItPrintsBackAsWritten() throws {
        let fields: [(String, Bool)] = [
            ("12", true), ("-4.5", true), ("0", true), ("0.1", true), ("590123412345", true), ("9007199254740992", true),
            ("-4.0", true), ("1.50", true), ("0.0", true), ("20.00", true),
            ("007", false), ("1e5", false), ("+1", false), ("-0", false), ("-0.0", false), (".5", false), ("5.", false),
            ("9400111899223197428490", false), ("12345678901234567", false), ("9007199254740993", false),
            ("0.10000000000000000555", false), ("12345678901234567.0", false),
        ]
        let csv = Array(("v\n" + fields.map(\.0).joined(separator: "\n") + "\n").utf8)
        let (result, _, bindings) = evaluateWithBindings("let rows = csv(\"t.csv\")", ["/data/t.csv": csv])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        guard case .list(let rows)? = bindings["rows"] else { Issue.record("no rows"); return }
        for ((field, isNumber), row) in zip(fields, rows) {
            guard case .record(_, let values) = row else { Issue.record("not a record"); continue }
            switch values[0] {
            case .number(let x):
                // The field as written, zeros ending a fraction aside.
                var significant = Substring(field)
                if field.contains(".") { while significant.hasSuffix("0") { significant = significant.dropLast() } }
                if significant.hasSuffix(".") { significant = significant.dropLast() }
                #expect(isNumber && interpolationText(.number(x)) == significant, "\(field) became the number \(x)")
            case .string(let text): #expect(!isNumber && text == field, "\(field) stayed the text \(text)")
            default: Issue.record("\(field): \(values[0].typeName)")
            }
        }
    }

    @Test func aJSONIntegerBeyondTwoToThe53IsAWarningAtItsPlace() throws {
        let text = "{\"ok\": 9007199254740992, \"f\": 1e300,\n \"id\": 12345678901234567890}\n"
        let (result, _, bindings) = evaluateWithBindings("let v = json(\"t.json\")", ["/data/t.json": Array(text.utf8)])
        #expect(result.ids == ["data.inexact-integer"])
        let warning = try #require(result.diagnostics.first)
        #expect(warning.severity == .warning)
        let file = try #require(result.sources[warning.span.file])
        #expect(file.path == "/data/t.json")
        #expect(file.location(of: warning.span.start).line == 2 && file.location(of: warning.span.start).column == 8)
        #expect(result.text(of: warning) == "12345678901234567890")
        #expect(warning.message.contains("12345678901234567000"))
        // The file's value stands: a warning, not an error.
        guard case .record(let keys, let values)? = bindings["v"] else { Issue.record("no value"); return }
        #expect(keys.names == ["ok", "f", "id"])
        if case .number(let x) = values[2] { #expect(x == 12345678901234567890) } else { Issue.record("id: \(values[2].typeName)") }
    }

    @Test func jsonMatchesPythonsJSONModule() throws {
        let text = #"""
        {"a": [1, -2.5, 3e2, 0.1, 1E-3, -0], "s": "q\"\\\/\b\f\n\r\t\u00e9\u20ac\ud83d\ude00 ✓", "t": true,
         "f": false, "n": null, "nested": {"deep": [[[]], {}], "empty": ""}, "rows": [{"x": 1, "y": 2}, {"x": 3, "y": 4}]}
        """#
        let folder = try TemporaryFolder()
        let path = folder.file("t.json")
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        let script = """
        import json, sys
        with open(sys.argv[1], encoding='utf-8') as f:
            value = json.load(f, parse_int=float)
        print(json.dumps(value, ensure_ascii=False))
        """
        guard let expected = try python(script, path) else { return }
        let (result, _, bindings) = evaluateWithBindings("let v = json(\"t.json\")", ["/data/t.json": Array(text.utf8)])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let value = try #require(bindings["v"])
        #expect(canonicalJSON(value) + "\n" == expected)
    }

    @Test func aMistakeInADataFileIsReportedThereWithANoteAtTheCall() throws {
        let csv = Array("a,b\n1,2\n3,\"x\"y\n".utf8)
        let (result, _) = evaluateWithData("\n\nlet rows = csv(\"t.csv\")", ["/data/t.csv": csv])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.id == "data.text-after-quote")
        let file = try #require(result.sources[diagnostic.span.file])
        #expect(file.path == "/data/t.csv")
        #expect(file.location(of: diagnostic.span.start).line == 3)
        #expect(file.location(of: diagnostic.span.start).column == 6)
        let note = try #require(diagnostic.notes.last?.span)
        #expect(result.sources[note.file]?.path == "/data/main.draw")
        #expect(result.text(of: Diagnostic.error("x", at: note, "")) == "csv(\"t.csv\")")
    }

    @Test func aDataFileIsReadOncePerCompilation() {
        final class Counting: ResourceReader, @unchecked Sendable {
            var reads = 0
            func read(_ path: String, maximumBytes: Int) -> Result<[UInt8], ResourceError> {
                reads += 1
                return .success(Array("a\n1\n".utf8))
            }
        }
        let counter = Counting()
        var sources = SourceManager()
        let id = sources.add(path: "/d/main.draw", bytes: Array("for i in 0..<50 { text \"\\(csv(\"x.csv\")[0].a)\" }\nlet y = json(\"missing.json\")\nlet z = json(\"missing.json\")".utf8))
        let (file, _) = DrawSyntax.parse(sources[id]!)
        let resources = Resources(reader: counter)
        _ = Evaluator(resources: resources).evaluate(file, sources: &sources)
        #expect(counter.reads == 2)
        #expect(resources.filesRead == ["/d/x.csv", "/d/missing.json"], "every path asked for, the missing one too")
    }

    @Test func theFileSystemReaderReadsRegularFilesOnly() throws {
        let folder = try TemporaryFolder()
        let reader = FileSystemReader()
        let file = folder.file("data.csv")
        _ = FileManager.default.createFile(atPath: file, contents: Data("a,b\n".utf8))
        #expect(try reader.read(file, maximumBytes: 100).get() == Array("a,b\n".utf8))
        // Relative paths from the base folder; a symbolic link to a regular file is that file.
        #expect(try FileSystemReader(baseDirectory: folder.path).read("data.csv", maximumBytes: 100).get().count == 4)
        try FileManager.default.createSymbolicLink(atPath: folder.file("link.csv"), withDestinationPath: file)
        #expect(try reader.read(folder.file("link.csv"), maximumBytes: 100).get().count == 4)

        func failure(_ path: String, _ limit: Int = 1 << 20) -> String? {
            if case .failure(let error) = reader.read(path, maximumBytes: limit) { return error.message }
            return nil
        }
        #expect(failure(file, 3) == "is larger than 3 bytes")
        #expect(failure(folder.path) == "is not a regular file (a folder)")
        #expect(failure(folder.file("missing.csv"))?.hasPrefix("cannot be read") == true)
        #expect(failure("/dev/zero") == "is not a regular file (a device)")
        // A FIFO with no writer: refused at once instead of waiting for one.
        let fifo = folder.file("pipe.csv")
        #expect(mkfifo(fifo, 0o600) == 0)
        let start = Date()
        #expect(failure(fifo) == "is not a regular file (a pipe)")
        #expect(Date().timeIntervalSince(start) < 5)
    }

    @Test func importsGoThroughTheSameBoundary() {
        let (result, resources) = evaluateWithData("import \"lib.draw\"\nlet rows = csv(\"d.csv\")\ntext \"\\(twice(count(rows)))\"",
                                                   ["/data/lib.draw": Array("fn twice(x) = 2 * x".utf8),
                                                    "/data/d.csv": Array("a\n1\n2\n".utf8)])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        #expect(result.nodes[0].content == "4")
        #expect(resources.filesRead == ["/data/lib.draw", "/data/d.csv"])
    }
}

