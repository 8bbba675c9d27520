import DrawBase
import DrawTestSupport
// Test helpers of the SVG backend: golden files and external validators (through
// DrawTestSupport), and the names its tests use for DrawTestSupport's scene fixtures.

import DrawFonts
import DrawScene
import Foundation
import Testing

/// Golden files under Tests/SVGBackendTests/Golden (DrawTestSupport's `GoldenFiles`).
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func check(_ bytes: [UInt8], name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        GoldenFiles.expect(bytes, matches: directory.appendingPathComponent(name).path, sourceLocation: sourceLocation)
    }
}

/// The SVG tests' view of DrawTestSupport's `ExternalTool` (finding, the CI rule, running):
/// results with the output as bytes.
enum ExternalTool {
    struct Result { var status: Int32; var output: [UInt8]; var errors: String }

    static func find(_ name: String) -> String? { DrawTestSupport.ExternalTool.find(name) }
    static func shouldRun(_ names: String...) -> Bool { DrawTestSupport.ExternalTool.shouldRun(names) }

    /// Runs `name` with `arguments`, feeding `input` on stdin. Nil when the tool is missing
    /// (a failure under CI, see `DrawTestSupport.ExternalTool.require`).
    static func run(_ name: String, _ arguments: [String], input: [UInt8] = [], sourceLocation: SourceLocation = #_sourceLocation) -> Result? {
        guard DrawTestSupport.ExternalTool.require([name], sourceLocation: sourceLocation) else { return nil }
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


/// A single-line run over the standard-14 metrics (DrawTestSupport's `standardRun`; WinAnsi
/// codes as glyph ids, 0 for a missing character).
func layoutRun(_ text: String, font: Scene.FontID, as standard: Standard14Font, size: Double,
               at origin: Point, color: Color = .black, kerning: Bool = true) -> Scene.TextRun {
    standardRun(text, font: font, standard, size: size, at: origin, color: color, kerning: kerning, missingCode: 0)
}

// Thin names for DrawTestSupport's scene fixtures, so every file of this target sees them
// without importing DrawTestSupport itself.
func rectPath(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Scene.Path { DrawTestSupport.rectPath(x, y, w, h) }
func circle(_ cx: Double, _ cy: Double, _ r: Double) -> Scene.Path { DrawTestSupport.circle(cx, cy, r) }
func polygon(_ points: [(Double, Double)], close: Bool = true) -> Scene.Path { DrawTestSupport.polygon(points, close: close) }
func polyline(_ points: [(Double, Double)], closed: Bool = false) -> Scene.Path { DrawTestSupport.polyline(points, closed: closed) }
func ellipsePath(_ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double, into b: inout Scene.PathBuilder) {
    DrawTestSupport.ellipsePath(cx, cy, rx, ry, into: &b)
}
func color(_ hex: UInt32, alpha: Double = 1) -> Color { DrawTestSupport.color(hex, alpha: alpha) }
func trueTypeRun(_ text: String, font: Scene.FontID, _ face: TrueTypeFontRef, size: Double,
                 at origin: Point, color: Color = .black) -> Scene.TextRun {
    DrawTestSupport.trueTypeRun(text, font: font, face, size: size, at: origin, color: color)
}

/// The committed test fonts (Tests/Fonts), from DrawTestSupport.
enum TestFonts {
    static var dejaVuSans: TrueTypeFontRef { TestFontFiles.dejaVuSans }
    static var microHei: TrueTypeFontRef { TestFontFiles.microHei }
}

/// The same for a TrueType face (DrawTestSupport's `trueTypeRun`).
func layoutRun(_ text: String, font: Scene.FontID, face: TrueTypeFontRef, size: Double,
               at origin: Point, color: Color = .black) -> Scene.TextRun {
    trueTypeRun(text, font: font, face, size: size, at: origin, color: color)
}
