import DrawTestSupport
// Test helpers of the SVG backend: golden files, external validators, and a tiny text
// layout over the standard-14 metrics so hand-built runs are positioned like real ones.

import DrawFonts
import DrawScene
import Foundation
import Testing

/// Golden files under Tests/SVGBackendTests/Golden. With `DRAWC_UPDATE_GOLDEN=1` the file is
/// rewritten and the test fails, so a recording run can never pass by accident.
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func check(_ bytes: [UInt8], name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = directory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["DRAWC_UPDATE_GOLDEN"] == "1" {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            do { try Data(bytes).write(to: url) } catch { Issue.record("cannot write \(url.path): \(error)", sourceLocation: sourceLocation) }
            Issue.record("golden file \(name) rewritten (DRAWC_UPDATE_GOLDEN=1)", sourceLocation: sourceLocation)
            return
        }
        guard let expected = FileManager.default.contents(atPath: url.path) else {
            Issue.record("missing golden file \(name); run with DRAWC_UPDATE_GOLDEN=1", sourceLocation: sourceLocation)
            return
        }
        if [UInt8](expected) != bytes {
            let got = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let want = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let line = Array(zip(got, want)).firstIndex(where: { $0 != $1 }) ?? min(got.count, want.count)
            let gotLine = line < got.count ? String(got[line]) : "<end>"
            let wantLine = line < want.count ? String(want[line]) : "<end>"
            Issue.record("\(name) differs at line \(line + 1):\n  expected: \(wantLine)\n  actual:   \(gotLine)", sourceLocation: sourceLocation)
        }
    }
}

/// Runs external programs (xmllint, rsvg-convert) through Foundation's Process.
enum ExternalTool {
    struct Result { var status: Int32; var output: [UInt8]; var errors: String }

    static var isCI: Bool { ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty } ?? false }

    /// The tool's full path on PATH, or nil.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Whether tests needing `name` should run: when it is installed, and always on CI
    /// (where a missing tool must fail the run rather than skip silently).
    static func shouldRun(_ names: String...) -> Bool {
        isCI || names.allSatisfy { find($0) != nil }
    }

    /// Runs `name` with `arguments`, feeding `input` on stdin. Nil (and a recorded issue)
    /// when the tool is missing.
    static func run(_ name: String, _ arguments: [String], input: [UInt8] = [], sourceLocation: SourceLocation = #_sourceLocation) -> Result? {
        guard find(name) != nil else {
            Issue.record("\(name) is not installed", sourceLocation: sourceLocation)
            return nil
        }
        do {
            let run = try DrawTestSupport.ExternalTool.run(name, arguments, stdin: input)
            return Result(status: run.status, output: run.stdout, errors: run.stderrText)
        } catch {
            Issue.record("cannot run \(name): \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }

    /// `xmllint --noout` accepts the document.
    static func expectWellFormed(_ svg: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        guard let result = run("xmllint", ["--noout", "--nonet", "-"], input: svg, sourceLocation: sourceLocation) else { return }
        #expect(result.status == 0, "xmllint: \(result.errors)", sourceLocation: sourceLocation)
        #expect(result.errors.isEmpty, "xmllint: \(result.errors)", sourceLocation: sourceLocation)
    }

    /// `rsvg-convert` renders the document without complaint; returns the PNG.
    @discardableResult
    static func expectRenders(_ svg: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> [UInt8]? {
        guard let result = run("rsvg-convert", ["--format=png"], input: svg, sourceLocation: sourceLocation) else { return nil }
        #expect(result.status == 0, "rsvg-convert: \(result.errors)", sourceLocation: sourceLocation)
        #expect(result.errors.isEmpty, "rsvg-convert: \(result.errors)", sourceLocation: sourceLocation)
        #expect(result.output.starts(with: [0x89, 0x50, 0x4E, 0x47]), "rsvg-convert wrote no PNG", sourceLocation: sourceLocation)
        if let directory = ProcessInfo.processInfo.environment["DRAWC_SVG_PNG_DIR"] {
            // For looking at renderings by eye while developing.
            let name = "\(sourceLocation.fileID.split(separator: "/").last ?? "")-\(sourceLocation.line).png"
            try? Data(result.output).write(to: URL(fileURLWithPath: directory).appendingPathComponent(name))
        }
        return result.output
    }
}


/// A minimal single-line layout over the standard-14 metrics, as DrawLayout would do it:
/// WinAnsi codes as glyph ids, advances and (optionally) kerning in 1/1000 em.
func layoutRun(_ text: String, font: Scene.FontID, as standard: Standard14Font, size: Double,
               at origin: Point, color: Color = .black, kerning: Bool = true) -> Scene.TextRun {
    let metrics = standard.metrics
    var glyphs: [Scene.PositionedGlyph] = []
    var pen = 0.0
    var previous: UInt8?
    for scalar in text.unicodeScalars {
        let code = standard.code(for: scalar) ?? 0
        if kerning, let previous { pen += Double(metrics.kerning(previous, code)) * size / 1000 }
        glyphs.append(Scene.PositionedGlyph(glyph: UInt16(code), x: pen, scalar: scalar))
        pen += Double(metrics.advance(code: code)) * size / 1000
        previous = code
    }
    return Scene.TextRun(font: font, size: size, color: color, origin: origin, glyphs: glyphs, advance: pen)
}

/// Path helpers.
func rectPath(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Scene.Path {
    var b = Scene.PathBuilder()
    b.addRect(Rect(x: x, y: y, width: w, height: h))
    return b.finish()!
}

func polygon(_ points: [(Double, Double)], close: Bool = true) -> Scene.Path {
    var b = Scene.PathBuilder()
    for (i, p) in points.enumerated() {
        if i == 0 { b.move(to: Point(p.0, p.1)) } else { b.line(to: Point(p.0, p.1)) }
    }
    if close { b.close() }
    return b.finish()!
}

/// A circle as four cubics (the usual 0.5523 approximation).
func circle(_ cx: Double, _ cy: Double, _ r: Double) -> Scene.Path {
    let k = 0.5522847498 * r
    var b = Scene.PathBuilder()
    b.move(to: Point(cx + r, cy))
    b.cubic(Point(cx + r, cy + k), Point(cx + k, cy + r), Point(cx, cy + r))
    b.cubic(Point(cx - k, cy + r), Point(cx - r, cy + k), Point(cx - r, cy))
    b.cubic(Point(cx - r, cy - k), Point(cx - k, cy - r), Point(cx, cy - r))
    b.cubic(Point(cx + k, cy - r), Point(cx + r, cy - k), Point(cx + r, cy))
    b.close()
    return b.finish()!
}

/// The committed test fonts (Tests/Fonts).
enum TestFonts {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fonts")
    static let dejaVuSans: TrueTypeFontRef = try! TrueTypeFontRef.load(path: directory.appendingPathComponent("DejaVuSans.ttf").path)
    static let microHei: TrueTypeFontRef = try! TrueTypeFontRef.load(path: directory.appendingPathComponent("wqy-microhei.ttc").path, face: .index(0))
}

/// The same minimal layout for a TrueType face: its glyph ids, advances and kerning.
func layoutRun(_ text: String, font: Scene.FontID, face: TrueTypeFontRef, size: Double,
               at origin: Point, color: Color = .black) -> Scene.TextRun {
    let scale = size / Double(face.unitsPerEm)
    var glyphs: [Scene.PositionedGlyph] = []
    var pen = 0.0
    var previous: UInt16?
    for scalar in text.unicodeScalars {
        let glyph = face.glyph(for: scalar) ?? 0
        if let previous { pen += Double(face.kerning(previous, glyph)) * scale }
        glyphs.append(Scene.PositionedGlyph(glyph: glyph, x: pen, scalar: scalar))
        pen += Double(face.advance(glyph: glyph)) * scale
        previous = glyph
    }
    return Scene.TextRun(font: font, size: size, color: color, origin: origin, glyphs: glyphs, advance: pen)
}
