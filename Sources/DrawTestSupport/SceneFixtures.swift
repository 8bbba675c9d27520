// Building blocks of hand-made scene documents, shared by the backend tests (SVG, PDF,
// PostScript) so each shape and each way of positioning a text run is written once: paths
// in page points, colours from hex, and text runs placed as layout places them (advances
// and pair kerning from the font's own metrics). The test fonts of Tests/Fonts live here too.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import DrawBase
import DrawFonts
import DrawScene

/// An axis-aligned rectangle.
package func rectPath(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Scene.Path {
    var b = Scene.PathBuilder()
    b.addRect(Rect(x: x, y: y, width: w, height: h))
    return b.finish()!
}

/// An ellipse as four cubics (the usual 0.5523 control distance), appended to `b`.
package func ellipsePath(_ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double, into b: inout Scene.PathBuilder) {
    let k = 0.5522847498
    b.move(to: Point(cx + rx, cy))
    b.cubic(Point(cx + rx, cy + k * ry), Point(cx + k * rx, cy + ry), Point(cx, cy + ry))
    b.cubic(Point(cx - k * rx, cy + ry), Point(cx - rx, cy + k * ry), Point(cx - rx, cy))
    b.cubic(Point(cx - rx, cy - k * ry), Point(cx - k * rx, cy - ry), Point(cx, cy - ry))
    b.cubic(Point(cx + k * rx, cy - ry), Point(cx + rx, cy - k * ry), Point(cx + rx, cy))
    b.close()
}

/// A circle as four cubics.
package func circle(_ cx: Double, _ cy: Double, _ r: Double) -> Scene.Path {
    var b = Scene.PathBuilder()
    ellipsePath(cx, cy, r, r, into: &b)
    return b.finish()!
}

/// Straight segments through `points`, closed when `close`.
package func polygon(_ points: [(Double, Double)], close: Bool = true) -> Scene.Path {
    var b = Scene.PathBuilder()
    for (i, p) in points.enumerated() {
        if i == 0 { b.move(to: Point(p.0, p.1)) } else { b.line(to: Point(p.0, p.1)) }
    }
    if close { b.close() }
    return b.finish()!
}

/// `polygon`, open unless `closed`.
package func polyline(_ points: [(Double, Double)], closed: Bool = false) -> Scene.Path {
    polygon(points, close: closed)
}

/// `0xRRGGBB` as a colour.
package func color(_ hex: UInt32, alpha: Double = 1) -> Color {
    Color(red: Double(hex >> 16 & 255) / 255, green: Double(hex >> 8 & 255) / 255,
          blue: Double(hex & 255) / 255, alpha: alpha)
}

/// A run of `text` in a standard-14 font placed as layout does: codes from the font's
/// encoding (`missingCode` for a character it lacks), advances from its widths, plus the
/// AFM's kerning pairs when `kerning`, plus `extra[i]` points before glyph i.
package func standardRun(
    _ text: String, font: Scene.FontID, _ standard: Standard14Font, size: Double, at origin: Point,
    color: Color = .black, kerning: Bool = true, extra: [Int: Double] = [:], missingCode: UInt8 = 0x3F
) -> Scene.TextRun {
    let metrics = standard.metrics
    var glyphs: [Scene.PositionedGlyph] = []
    var x = 0.0
    var previous: UInt8?
    for (i, scalar) in text.unicodeScalars.enumerated() {
        let code = standard.code(for: scalar) ?? missingCode
        if kerning, let previous { x += Double(metrics.kerning(previous, code)) * size / 1000 }
        x += extra[i] ?? 0
        glyphs.append(Scene.PositionedGlyph(glyph: UInt16(code), x: x, scalar: scalar))
        x += Double(metrics.advance(code: code)) * size / 1000
        previous = code
    }
    return Scene.TextRun(font: font, size: size, color: color, origin: origin, glyphs: glyphs, advance: x)
}

/// A run in a TrueType face placed as layout does: cmap glyphs, hmtx advances, pair kerning.
package func trueTypeRun(_ text: String, font: Scene.FontID, _ face: TrueTypeFontRef, size: Double,
                         at origin: Point, color: Color = .black) -> Scene.TextRun {
    let scale = size / Double(face.unitsPerEm)
    var glyphs: [Scene.PositionedGlyph] = []
    var x = 0.0
    var previous: UInt16?
    for scalar in text.unicodeScalars {
        let glyph = face.glyph(for: scalar) ?? 0
        if let previous { x += Double(face.kerning(previous, glyph)) * scale }
        glyphs.append(Scene.PositionedGlyph(glyph: glyph, x: x, scalar: scalar))
        x += Double(face.advance(glyph: glyph)) * scale
        previous = glyph
    }
    return Scene.TextRun(font: font, size: size, color: color, origin: origin, glyphs: glyphs, advance: x)
}

/// The committed test fonts (Tests/Fonts).
package enum TestFontFiles {
    package static var directory: String { packageRoot + "/Tests/Fonts" }
    package static func path(_ name: String) -> String { directory + "/" + name }
    package static func bytes(_ name: String) -> [UInt8] { [UInt8](FileManager.default.contents(atPath: path(name)) ?? Data()) }
    /// DejaVu Sans (Latin, Cyrillic, Greek; `kern` pairs).
    package static let dejaVuSans: TrueTypeFontRef = try! TrueTypeFontRef.load(path: path("DejaVuSans.ttf"))
    /// WenQuanYi Micro Hei, face 0 of its collection (CJK).
    package static let microHei: TrueTypeFontRef = try! TrueTypeFontRef.load(path: path("wqy-microhei.ttc"), face: .index(0))
}
