// The Limits table of docs/language.md, rendered from the named constants themselves, so
// the table and the code cannot drift (issue 34: it said blocks nest 512 deep and chains are
// unlimited while the parser stops at 256 and 1,000). The docs hold the table between
// `<!-- limits -->` and `<!-- /limits -->`; LimitsReferenceTests compares it with this
// rendering, and `DRAWC_UPDATE_GOLDEN=1` rewrites it. Here, in DrawKit, because the limits
// live in every stage.

import DrawBase
import DrawDiagnostics
import DrawImages
import DrawLayout
import DrawResources
import DrawScene
import DrawSemantics
import DrawSyntax
import DrawRaster

package enum LimitsReference {
    /// One row: what is limited, the value, and what a breach gives.
    package struct Row: Hashable, Sendable {
        package var limit: String
        package var value: String
        package var diagnostic: String
    }

    /// "PDF, PostScript and EPS": the formats without blur, as their backends say
    /// (`BackendTraits.shadowsAsImages`).
    static var formatsDrawingShadowsAsImages: String {
        OutputFormat.listed(OutputFormat.allCases.filter(\.drawsShadowsAsImages).map(\.shortName), last: " and ")
    }

    /// `1000000` → `1,000,000`.
    static func grouped(_ n: Int) -> String {
        let digits = Array(String(n.magnitude))
        var out = ""
        for (i, d) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
            out.append(d)
        }
        return (n < 0 ? "-" : "") + out
    }

    /// A whole number of points or a fraction (`1.5pt`).
    static func number(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? grouped(Int(x)) : String(x)
    }

    static func megabytes(_ bytes: Int) -> String { bytes % (1 << 30) == 0 ? "\(bytes >> 30) GB" : "\(bytes >> 20) MB" }

    /// The rows, in the order of the table.
    package static var rows: [Row] {
        let e = EvaluationLimits.standard
        return [
            Row(limit: "the main source file (or standard input) of `compile`, `check`, `ir`", value: megabytes(SourceInput.maximumSize),
                diagnostic: "refused before reading (`is larger than … MB`, exit status 3)"),
            Row(limit: "any source file the parser accepts", value: grouped(ParseLimits.maximumFileSize - 1) + " bytes",
                diagnostic: "`lex.file-too-large`"),
            Row(limit: "an imported `.draw` file", value: megabytes(ResourceLimits.maximumImportBytes), diagnostic: "`sem.import-not-found`"),
            Row(limit: "nesting in the source: blocks, parentheses, brackets, unary operators and string interpolations together",
                value: grouped(ParseLimits.maximumNestingDepth), diagnostic: "`parse.nesting-too-deep`"),
            Row(limit: "depth of one expression, left-leaning chains such as `a + b + c + …` included (a `let` splits one)",
                value: grouped(ParseLimits.maximumExpressionDepth), diagnostic: "`parse.expression-too-deep`"),
            Row(limit: "nested component and function calls", value: grouped(e.maxCallDepth), diagnostic: "`sem.recursion-limit`"),
            Row(limit: "component and function calls in all", value: grouped(e.maxCalls), diagnostic: "`sem.call-limit`"),
            Row(limit: "nodes", value: grouped(e.maxNodes), diagnostic: "`sem.node-limit`"),
            Row(limit: "iterations of one loop (checked before it starts)", value: grouped(e.maxLoopIterations), diagnostic: "`sem.loop-limit`"),
            Row(limit: "iterations of all loops", value: grouped(e.maxTotalIterations), diagnostic: "`sem.loop-limit`"),
            Row(limit: "labels of all `labels` statements together", value: grouped(e.maxLabels), diagnostic: "`sem.loop-limit`"),
            Row(limit: "list length (literals, `+`, `points`), and rows of one data file", value: grouped(e.maxListLength),
                diagnostic: "`sem.list-limit`"),
            Row(limit: "string length", value: grouped(e.maxStringLength) + " bytes", diagnostic: "`sem.string-limit`"),
            Row(limit: "expression nesting while evaluating", value: grouped(e.maxExpressionDepth), diagnostic: "`sem.expression-depth`"),
            Row(limit: "nesting of blocks and component calls while evaluating (calls nest blocks deeper than the source does)",
                value: grouped(e.maxBlockDepth), diagnostic: "`sem.nesting-limit`"),
            Row(limit: "expression nesting through the `fn` calls open at once", value: grouped(e.maxEvaluationDepth),
                diagnostic: "`sem.expression-depth`"),
            Row(limit: "a data file (`csv`, `json`)", value: megabytes(ResourceLimits.maximumDataBytes), diagnostic: "`sem.data-not-found`"),
            Row(limit: "nesting of JSON arrays and objects", value: grouped(DataLimits.maximumJSONDepth), diagnostic: "`data.json-too-deep`"),
            Row(limit: "diagnostics per data file", value: "\(DataLimits.maximumDiagnosticsPerFile), then one that counts the rest",
                diagnostic: "`sem.data-too-many-errors`"),
            Row(limit: "errors reported", value: grouped(e.maxDiagnostics), diagnostic: "`sem.too-many-errors`"),
            Row(limit: "colour stops of one gradient", value: grouped(PaintLimits.maxStops), diagnostic: "`sem.paint-limit`"),
            Row(limit: "shadows of one node", value: grouped(PaintLimits.maxShadows), diagnostic: "`sem.paint-limit`"),
            Row(limit: "blur of a shadow", value: number(PaintLimits.maxBlur) + " pt", diagnostic: "`sem.invalid-value`"),
            Row(limit: "lines of one hatch, dots of one dot pattern", value: grouped(PatternLimits.maxElements) + " (beyond: drawn coarser)",
                diagnostic: "—"),
            Row(limit: "patterns nested in pattern tiles", value: "\(PaintLimits.maxPatternDepth) levels", diagnostic: "`sem.paint-limit`"),
            Row(limit: "a side of a pattern tile", value: "\(number(PaintLimits.minPatternSide))pt to \(number(Scene.maximumPageSide))pt",
                diagnostic: "`sem.invalid-value`"),
            Row(limit: "pixels of one pattern tile in PNG", value: grouped(RasterLimits.maximumTilePixels) + " (beyond: the tile is drawn at a lower resolution)",
                diagnostic: "—"),
            Row(limit: "periods of a repeating gradient in PDF and PostScript",
                value: "\(grouped(ShadingLimits.maxPeriods)), and \(grouped(ShadingLimits.maxSegments)) periods × stops (beyond: padded)",
                diagnostic: "—"),
            Row(limit: "coordinates: any number of a property value (lengths, points, angles, `scale`), of path data, and every laid-out node's extent",
                value: "±\(number(Scene.maximumCoordinate))pt (about 3.5 km)",
                diagnostic: "`sem.out-of-range` at the value, `layout.path-data.bad-number` at the number, `layout.out-of-range` at the innermost node reaching past it (`Scene.maximumCoordinate`)"),
            Row(limit: "a page side", value: "\(number(Scene.maximumPageSide))pt (\(number(Scene.maximumPageSide / 72))in)",
                diagnostic: "`sem.page-too-large`, `layout.page-too-large` (`Scene.maximumPageSide`)"),
            Row(limit: "an image file", value: megabytes(ResourceLimits.maximumImageBytes), diagnostic: "`layout.image`"),
            Row(limit: "pixels of one image (width × height)", value: grouped(ImageLimits.maximumPixels), diagnostic: "`layout.image`"),
            Row(limit: "pixels of one shadow drawn as an image for " + formatsDrawingShadowsAsImages,
                value: grouped(ShadowImages.maximumPixels) + " (beyond: drawn at a lower resolution)", diagnostic: "—"),
            Row(limit: "pixels of one PNG page", value: grouped(RasterLimits.maximumPagePixels), diagnostic: "`png.page-too-large`"),
            Row(limit: "edges drawn on one PNG page", value: grouped(RasterLimits.maximumEdgesPerPage),
                diagnostic: "`png.too-many-edges` at the node that passes it"),
        ]
    }

    /// The table's markdown, ending with a line feed.
    package static func table() -> String {
        var out = "| limit | value | diagnostic |\n|---|---|---|\n"
        for row in rows { out += "| \(row.limit) | \(row.value) | \(row.diagnostic) |\n" }
        return out
    }

    static let open = "<!-- limits -->\n", close = "<!-- /limits -->"

    /// `document` with the text between the markers replaced by `table()`; nil when the
    /// markers are missing.
    package static func updated(_ document: String) -> String? {
        guard let start = document.range(of: open), let end = document.range(of: close, range: start.upperBound..<document.endIndex)
        else { return nil }
        return String(document[..<start.upperBound]) + table() + String(document[end.lowerBound...])
    }
}
