// What text layout hands on: a measured block of lines, each of runs of positioned glyphs
// in one face, size and style, and how the block's runs are emitted at a place.

import DrawBase
import DrawCatalogue
import DrawDiagnostics
import DrawFonts
import DrawScene
import DrawSemantics

/// One run of glyphs in one face, size and style on one line; glyph x positions are
/// relative to `x`.
struct LaidOutRun {
    var face: Int
    var x: Double
    var glyphs: [Scene.PositionedGlyph]
    var advance: Double
    /// Font size in points.
    var size: Double
    /// Index in the block's `styles`.
    var style: Int
    /// Points above the line's baseline (`baselineShift:`).
    var shift: Double
    /// The logical text when shaping made the glyphs stand for it otherwise, and the
    /// glyphs' offsets from the baseline when some has one (Scene.TextRun).
    var actualText: String? = nil
    var glyphY: [Double]? = nil
    var glyphText: [String]? = nil
}

struct LaidOutLine {
    var runs: [LaidOutRun]
    /// Width without trailing spaces.
    var width: Double
    /// Distance from the block's top to this line's baseline.
    var baseline: Double
    /// The line's paragraph is right to left (UAX #9): `align: start` is its right side.
    var rightToLeft = false
}

/// What a run of a block draws beside its glyphs: colour and decorations.
struct BlockStyle {
    var color: Color
    var underline: Bool
    var strikethrough: Bool
}

/// A measured text block: lines in the block's own coordinates (top-left at 0, 0).
struct TextBlock {
    var lines: [LaidOutLine]
    var size: Size
    var fontSize: Double
    var lineHeight: Double
    /// Distance from the block's top to its first baseline.
    var baselineOffset: Double
    var align: TextAlign
    var color: Color
    /// The styles of the runs, one per markup run; none for a text of one style without
    /// underline or strikethrough, whose runs take `color` (an array fewer per text).
    var styles: [BlockStyle] = []
    /// Distance from the block's top to its last baseline.
    var lastBaselineOffset: Double { lines.last?.baseline ?? baselineOffset }

    /// How far line `index` moves right of the block's left edge inside a box `width` wide (`align:`).
    func shift(ofLine index: Int, width: Double) -> Double {
        switch align {
        case .left: 0
        case .center: (width - lines[index].width) / 2
        case .right: width - lines[index].width
        case .start, .justify: lines[index].rightToLeft ? width - lines[index].width : 0
        case .end: lines[index].rightToLeft ? 0 : width - lines[index].width
        }
    }

    /// Calls `body` with each text run of the block (its face index, the run) with the
    /// block's top-left corner at `origin`, inside a box `width` wide, and `decoration` with
    /// each underline or strikethrough rectangle (page coordinates) and its colour. No array
    /// of runs is made: the caller appends them to the page's items as they come.
    func forEachRun(at origin: Point, width: Double, faces: [LayoutFace], _ body: (_ face: Int, _ run: Scene.TextRun) -> Void,
                    decoration: (_ rect: Rect, _ color: Color) -> Void = { _, _ in }) {
        for (index, line) in lines.enumerated() {
            let shift = self.shift(ofLine: index, width: width)
            let baseline = origin.y + line.baseline
            for run in line.runs where !run.glyphs.isEmpty {
                let color = styles.isEmpty ? self.color : styles[run.style].color
                let textRun = Scene.TextRun(
                    font: Scene.FontID(run.face), size: run.size, color: color,
                    origin: Point(origin.x + shift + run.x, baseline - run.shift), glyphs: run.glyphs, advance: run.advance,
                    actualText: run.actualText, glyphY: run.glyphY, glyphText: run.glyphText)
                body(run.face, textRun)
            }
            // Decorations after the line's glyphs, each run with its own face's metrics.
            for run in line.runs where !run.glyphs.isEmpty && !styles.isEmpty {
                let style = styles[run.style]
                guard style.underline || style.strikethrough else { continue }
                let face = faces[run.face]
                let left = origin.x + shift + run.x
                for (on, centre, thickness) in [(style.underline, face.underlineCentre, face.underlineThickness),
                                                 (style.strikethrough, face.strikeoutCentre, face.strikeoutThickness)] where on {
                    let t = max(thickness * run.size, 0.01)
                    let y = baseline - run.shift - centre * run.size - t / 2
                    decoration(Rect(x: left, y: y, width: run.advance, height: t), style.color)
                }
            }
        }
    }
}
