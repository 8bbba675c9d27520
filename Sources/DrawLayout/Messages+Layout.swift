// Layout's diagnostic ids, typed: every diagnostic of this stage names one of these cases,
// never a string (a test checks no id is written inline). The raw value is the stable id
// the corpus `.expected` files, JSON and the LSP show; docs/ir.md lists them.

import DrawBase
import DrawDiagnostics
import DrawImages
import DrawCatalogue
import DrawScene

package enum LayoutID: String, CaseIterable, Sendable {
    /// An anchor (`a.right`) of a node that is not placed yet where it is used.
    case anchorNotPlaced = "layout.anchor-not-placed"
    /// An anchor of a connector, which has no frame of its own.
    case anchorOnConnector = "layout.anchor-on-connector"
    /// Text in a script that needs complex shaping (Arabic, Indic, …), which drawc does not do.
    case complexScript = "layout.complex-script"
    /// A connector end that names a node layout cannot connect to.
    case connectorTarget = "layout.connector-target"
    /// A font that is found but cannot be used (unreadable or unsupported file), at its `font:` value.
    case fontUnavailable = "layout.font-unavailable"
    /// Glyphs of a TrueType or CFF font whose data is damaged (a `loca` entry outside `glyf`,
    /// a broken charstring), at the text that uses them, naming the font and the glyphs.
    case fontGlyphsDamaged = "layout.font-glyphs-damaged"
    /// Warning: `features:` on text whose fonts are all standard ones, which have no OpenType
    /// features (`text "office", features: ["-liga"]` in Helvetica).
    case featuresWithoutOpenType = "layout.features-ignored"
    /// An image that cannot be read or decoded, or is too large, at the `image` node.
    case image = "layout.image"
    /// An image whose header reads but whose data is damaged (cut short, corrupt compressed
    /// data), naming the file: `image "cut.png"` where cut.png lost its last bytes.
    case imageDamaged = "layout.image-damaged"
    /// A `stroke` whose outline would exceed the ink limits.
    case inkLimit = "layout.ink-limit"
    /// Warning: a shape's label larger than its label area.
    case labelOverflow = "layout.label-overflow"
    /// Characters the fonts of a text do not have (at each character when the literal has no escapes).
    case missingGlyph = "layout.missing-glyph"
    /// Warning: a top-level node mostly or wholly off a page of fixed size.
    case outsidePage = "layout.outside-page"
    /// Path data with a number that is not finite or not written as SVG allows.
    case pathDataBadNumber = "layout.path-data.bad-number"
    /// Path data where a command letter must come.
    case pathDataExpectedCommand = "layout.path-data.expected-command"
    /// An arc flag of path data that is not `0` or `1`.
    case pathDataExpectedFlag = "layout.path-data.expected-flag"
    /// Path data where a number must come.
    case pathDataExpectedNumber = "layout.path-data.expected-number"
    /// Path data that does not start with `M` or `m`.
    case pathDataMissingMoveto = "layout.path-data.missing-moveto"
    /// Path data with more numbers than the limit.
    case pathDataTooLong = "layout.path-data.too-long"
    /// A letter of path data that is no SVG command.
    case pathDataUnknownCommand = "layout.path-data.unknown-command"
    /// A unit in path data that drawc does not know.
    case pathDataUnknownUnit = "layout.path-data.unknown-unit"
    /// Warning: more orthogonal connectors on a page, or nodes near a route, than are routed.
    case routeTooComplex = "layout.route-too-complex"
    /// More than `DiagnosticPolicy.syntax.maximumErrors` errors in one file; reporting stops.
    case tooManyErrors = "layout.too-many-errors"
    /// A font family found neither among the standard fonts nor on the font path, at its `font:` value.
    case unknownFont = "layout.unknown-font"
    /// A connector or `from:`/`to:` naming an id no node on the page has.
    case unknownNode = "layout.unknown-node"
    /// A label body of a `labels` sheet that reaches past its die-cut cell (once per source place).
    case labelLargerThanCell = "layout.label-larger-than-cell"
    /// A laid-out node whose frame reaches past the coordinate range (`Scene.maximumCoordinate`).
    case outOfRange = "layout.out-of-range"
    /// A page sized to its content that grows past `Scene.maximumPageSide`, at the first node crossing it.
    case pageTooLarge = "layout.page-too-large"
    /// A top-level text that overlaps the edge of a fixed-size page, with the amount.
    case textOffPage = "layout.text-off-page"
    /// A text with `width:`/`height:` that needs more room than its box, with the amount.
    case textOverflow = "layout.text-overflow"
    /// Warning: a text reaching past the room of the shape, stack or grid it is in, with the amount on each side.
    case textOutsideParent = "layout.text-outside-parent"
}

extension Diagnostic {
    static func error(_ id: LayoutID, at span: Span, _ message: String, notes: [Note] = [], hints: [String] = [],
                      fixIts: [FixIt] = []) -> Diagnostic {
        Diagnostic(id.rawValue, .error, at: span, message, notes: notes, hints: hints, fixIts: fixIts)
    }

    static func warning(_ id: LayoutID, at span: Span, _ message: String, notes: [Note] = [], hints: [String] = [],
                        fixIts: [FixIt] = []) -> Diagnostic {
        Diagnostic(id.rawValue, .warning, at: span, message, notes: notes, hints: hints, fixIts: fixIts)
    }
}

/// Typed messages of layout, in one place to review for tone: each function's doc comment
/// shows source that triggers it.
enum LayoutMessages {
    /// `text "…"` wider than the box it sits in → "… by 3pt at the top, 2pt at the left":
    /// how far a frame reaches past its room on one `side` (top, right, bottom, left).
    static func overflowSide(_ amount: Double, _ side: String) -> String { "\(formatPoints(amount))pt at the \(side)" }

    /// `text "\u{E000}"` in a font without it → "… U+E000 …": a character as messages name it,
    /// `U+0041 'A'` (no quoted character for white space and controls).
    static func describeCharacter(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        return code + (scalar.properties.isWhitespace || scalar.value < 0x20 ? "" : " '\(scalar)'")
    }

    /// The fixes offered for text that does not fit — a text's box (`text "…", width: 40pt,
    /// height: 10pt`) and a shape's label (`circle "A long label", r: 10`) alike:
    /// `sizedBy` is the property that makes the room larger (`'width:'`, `'r:'`).
    static func overflowFixes(sizedBy: String) -> String {
        "'overflow: shrink' sets it smaller until it fits, 'maxLines:' cuts it short, a larger \(sizedBy) gives it room"
    }

    // MARK: Places and names

    /// `line from: a, to: nowhere` or `rect at: nowhere.right`: an id no node on the page has.
    static func unknownNode(_ id: String, at span: Span) -> Diagnostic {
        .error(.unknownNode, at: span, "no node with id '\(id)' on this page")
    }

    /// `arrow from: a, to: b, id: c` then `line from: c, to: d`: a connector as a connector's end.
    static func connectorToConnector(_ id: String, at span: Span) -> Diagnostic {
        .error(.connectorTarget, at: span, "'\(id)' is a connector; connectors join nodes")
    }

    /// `text "x" { rect id: inner }` then `line from: inner, to: b`: the end is a node that is
    /// never drawn (its parent takes no children).
    static func connectorToUndrawn(_ id: String, at span: Span) -> Diagnostic {
        .error(.connectorTarget, at: span, "'\(id)' is not drawn, so nothing can connect to it")
    }

    /// `rect at: b.right` before `rect id: b`: an anchor of a node placed later.
    static func anchorNotPlacedYet(_ id: String, at span: Span) -> Diagnostic {
        .error(.anchorNotPlaced, at: span,
               "'\(id)' is not placed yet here: 'at:' may refer only to nodes that come earlier in the source")
    }

    /// `arrow from: a, to: b, id: c` then `rect at: c.center`.
    static func anchorOnConnector(_ id: String, at span: Span) -> Diagnostic {
        .error(.anchorOnConnector, at: span, "'\(id)' is a connector; its anchors cannot be used in 'at:'")
    }

    /// `text "x" { rect id: inner }` then `rect at: inner.center`: a node whose parent takes no children.
    static func anchorNeverPlaced(_ id: String, at span: Span) -> Diagnostic {
        .error(.anchorNotPlaced, at: span, "'\(id)' is never placed: its parent takes no children")
    }

    // MARK: Routing

    /// The 2,001st `arrow from: a, to: b, route: orthogonal` of one page.
    static func tooManyRoutedConnectors(at span: Span) -> Diagnostic {
        .warning(.routeTooComplex, at: span,
                 "more than \(maximumRoutedConnectors) orthogonal connectors on this page; this one and the rest are drawn as simple elbows")
    }

    /// `arrow from: a, to: b, route: orthogonal` with more than 100 nodes within 200pt of its ends.
    static func tooManyObstacles(_ count: Int, at span: Span) -> Diagnostic {
        .warning(.routeTooComplex, at: span,
                 "\(count) nodes lie near this orthogonal connector (at most \(maximumRoutingObstacles) are avoided); it is drawn without avoiding them")
    }

    // MARK: Measuring

    /// `stroke points: …` whose width flips direction so often that its outline passes
    /// `maxInkOutlinePoints`.
    static func inkOutlineTooLarge(at span: Span) -> Diagnostic {
        .error(.inkLimit, at: span,
               "this stroke's outline would have more than \(maxInkOutlinePoints) points (too many sharp turns); it is not drawn")
    }

    /// `circle "A long label", r: 10`: a label larger than the area inside the outline
    /// (`needs`), which has room for `room`.
    static func labelOverflow(_ kind: NodeKind, needs: Size, room: Size, at span: Span) -> Diagnostic {
        .warning(.labelOverflow, at: span,
                 "the label does not fit inside this '\(kind.name)': it needs \(formatPoints(needs.width)) × \(formatPoints(needs.height))pt, the shape has room for \(formatPoints(max(0, room.width))) × \(formatPoints(max(0, room.height)))pt",
                 notes: [Diagnostic.Note(overflowFixes(sizedBy: kind == .circle ? "'r:'" : "'width:'"))])
    }

    /// `text "a long line of words", width: 40pt, height: 10pt`: a text that needs more room
    /// (`needs`) than its box (`box`, either side possibly unbounded) by `over` at one side.
    static func textOverflow(by over: Double, atBottom: Bool, needs: Size, box: Size, at span: Span) -> Diagnostic {
        let side = atBottom ? "at the bottom" : "at the right"
        let boxText = "\(box.width.isFinite ? formatPoints(box.width) : "any") × \(box.height.isFinite ? formatPoints(box.height) : "any")pt"
        return .warning(.textOverflow, at: span,
                        "this text overflows its box by \(formatPoints(over))pt \(side)",
                        notes: [Diagnostic.Note("it needs \(formatPoints(needs.width)) × \(formatPoints(needs.height))pt, the box is \(boxText); " + overflowFixes(sizedBy: "'width:'"))])
    }

    /// `path "M 0 0 L 10 q"` (the mistake in a string that is not the literal's bytes, such
    /// as one built by interpolation): the message says where in the data.
    static func pathDataAtByte(_ message: String, offset: Int) -> String {
        message + " (at byte \(offset + 1) of the path data)"
    }

    /// `qr data` whose data came from a computed string: the message says where in the data.
    static func barcodeDataAtByte(_ message: String, offset: Int) -> String {
        message + " (at byte \(offset + 1) of the data)"
    }

    // MARK: Checks after placing

    /// `vstack width: 40 { text "a text wider than the stack" }`: a text reaching past the
    /// room (`area`) of its `parent`, by the amounts on `sides`; `frame` is the text's.
    static func textOutsideParent(_ parent: NodeKind, sides: [String], area: Size, frame: Size, at span: Span,
                                  parentSpan: Span) -> Diagnostic {
        let name = parent.name
        return .warning(.textOutsideParent, at: span,
            "this text overflows the '\(name)' it is in by \(sides.joined(separator: ", "))",
            notes: [Diagnostic.Note("the '\(name)' has room for \(formatPoints(max(0, area.width))) × \(formatPoints(max(0, area.height)))pt inside its padding, the text is \(formatPoints(frame.width)) × \(formatPoints(frame.height))pt; give the text a 'width:' to wrap it, 'overflow: shrink' with a box to shrink it, or make the '\(name)' larger", at: parentSpan)])
    }

    /// `group scale: 1e6 { rect width: 100 }`: a node reaching past `Scene.maximumCoordinate`;
    /// `x` and `y` are its extent as written (`1e+20`, `infinity`).
    static func outOfRange(_ kind: NodeKind, x: (String, String), y: (String, String), at span: Span) -> Diagnostic {
        .error(.outOfRange, at: span,
            "this '\(kind.name)' reaches beyond the coordinate range of ±\(formatPoints(Scene.maximumCoordinate))pt: it spans x \(x.0)…\(x.1), y \(y.0)…\(y.1)")
    }

    /// `page size: (300in, 10in)`, or content that makes a page without `size:` that large.
    static func pageTooLarge(_ size: Size, sizedByContent: Bool, at span: Span) -> Diagnostic {
        .error(.pageTooLarge, at: span,
            "the page would be \(formatPoints(size.width)) × \(formatPoints(size.height))pt, larger than PDF allows: at most \(formatPoints(Scene.maximumPageSide))pt (200in) each way",
            notes: sizedByContent ? [Diagnostic.Note("a page without 'size:' is as large as its content and margin; give it a size, or move or scale the content")] : [])
    }

    /// `page size: (100, 100)` then `text "a wide title", at: (90, 50)`: a text cut by the page edge.
    static func textOffPage(by over: Double, page: Size, at span: Span) -> Diagnostic {
        .warning(.textOffPage, at: span,
            "this text overlaps the page edge by \(formatPoints(over))pt (the page is \(formatPoints(page.width)) × \(formatPoints(page.height))pt)")
    }

    /// `page size: (100, 100)` then `rect at: (500, 500)`: a node mostly (`fully` false) or
    /// wholly off the page, spanning `frame` in page coordinates.
    static func outsidePage(_ kind: NodeKind, fully: Bool, page: Size, frame: Rect, at span: Span) -> Diagnostic {
        .warning(.outsidePage, at: span,
            "this '\(kind.name)' lies \(fully ? "entirely" : "mostly") outside the page (\(formatPoints(page.width)) × \(formatPoints(page.height))pt); it spans x \(formatPoints(frame.minX))…\(formatPoints(frame.maxX)), y \(formatPoints(frame.minY))…\(formatPoints(frame.maxY))")
    }

    /// `labels avery5160 { text "a body too wide for the label", fontSize: 30 }`: a label body
    /// (`frame`) past its die-cut cell (`cell`) of `template`, label `label`, by `sides`.
    static func labelLargerThanCell(_ kind: NodeKind, frame: Size, cell: Size, template: String, label: Int,
                                    sides: [String], at span: Span) -> Diagnostic {
        .warning(.labelLargerThanCell, at: span,
                 "this '\(kind.name)' is larger than its label: \(formatPoints(frame.width)) × \(formatPoints(frame.height))pt in a \(formatPoints(cell.width)) × \(formatPoints(cell.height))pt cell of '\(template)' (label \(label) overflows by \(sides.joined(separator: ", ")))")
    }

    // MARK: Text and fonts

    /// One damaged glyph as `damagedGlyphs` names it: `glyph 12 for 'Ω' (U+03A9)`.
    static func damagedGlyph(_ glyph: UInt16, for scalar: Unicode.Scalar) -> String {
        "glyph \(glyph) for \(describeCharacter(scalar))"
    }

    /// `text "Ωmega", font: "damaged.ttf"` whose `glyf` data for Ω is broken: `glyphs` names
    /// up to five (`glyph 12 for 'Ω' (U+03A9)`), `more` counts the rest.
    static func damagedGlyphs(font: String, file: String?, glyphs: [String], more: Int, detail: String, at span: Span) -> Diagnostic {
        let fileText = file.map { " ('\($0)')" } ?? ""
        let moreText = more > 0 ? " and \(more) more" : ""
        return .error(.fontGlyphsDamaged, at: span,
            "font '\(font)'\(fileText) has damaged glyph data: \(glyphs.joined(separator: ", "))\(moreText) cannot be drawn (\(detail))",
            notes: [Diagnostic.Note("without its glyphs the text would be missing from the output; repair the font file or choose another font")])
    }

    /// `text "office", features: ["-liga"]` in Helvetica: a standard font has no OpenType features.
    static func featuresWithoutOpenType(font: String, at span: Span) -> Diagnostic {
        .warning(.featuresWithoutOpenType, at: span,
            "'features' has no effect here: '\(font)' is a standard font, which has no OpenType features",
            notes: [Diagnostic.Note("features apply to TrueType and OpenType fonts: name one with 'font:' (a file or a family on the font path)")])
    }

    /// `text "*bold"`: the note at the marker that opened what is not closed.
    static func markupOpenedHere(_ opener: String, at span: Span) -> Diagnostic.Note {
        Diagnostic.Note("'\(opener)' opened here", at: span)
    }

    /// `text "a * b"` and every other markup mistake: the note that sums up the markup.
    static let markupSummary = Diagnostic.Note("markup: *bold*, _italic_, [color: red]{…}; a doubled marker (**, __, [[, }}) is the character itself")

    /// `text "مرحبا"`: a script that needs complex shaping (`script` names it).
    static func complexScript(_ script: String, at span: Span) -> Diagnostic {
        .error(.complexScript, at: span,
            "text in \(script) needs complex shaping, which drawc does not do yet",
            notes: [Diagnostic.Note("letters of this script change shape or order with their neighbours; drawing them one by one would be wrong")])
    }

    /// The fonts a text was looked up in, as the missing-glyph messages name them:
    /// `font 'Helvetica'`, `fonts 'A', 'B'`.
    static func fontList(_ names: [String]) -> String {
        let quoted = names.map { "'\($0)'" }
        return quoted.count == 1 ? "font \(quoted[0])" : "fonts \(quoted.joined(separator: ", "))"
    }

    /// `text "→"` in Helvetica: the advice under a missing character, for standard fonts
    /// only (`standardOnly`) or with a TrueType font among them.
    static func missingGlyphAdvice(standardOnly: Bool) -> Diagnostic.Note {
        Diagnostic.Note(standardOnly ? "the standard PDF fonts cover Windows-1252 (WinAnsi) only; use a TrueType font for other scripts" : "choose a font that has it, or add one to a fallback list: font: [\"A\", \"B\"]")
    }

    /// `text "→"` in Helvetica: one character the fonts (`fontList`) lack, at the character.
    static func missingGlyph(_ scalar: Unicode.Scalar, fonts: String, advice: Diagnostic.Note, at span: Span) -> Diagnostic {
        .error(.missingGlyph, at: span, "character \(describeCharacter(scalar)) is not in the \(fonts)", notes: [advice])
    }

    /// `text "→←↑↓⇒⇐"` in Helvetica: after five characters at their places, the count of the rest.
    static func moreMissingGlyphs(_ count: Int, fonts: String, at span: Span) -> Diagnostic {
        .error(.missingGlyph, at: span, "\(count) more characters are not in the \(fonts)")
    }

    /// `text "\u{2192} \(name)"` in Helvetica (no byte-exact place): the missing characters
    /// named together (`shown`, up to five), with `more` beyond them.
    static func missingGlyphs(_ shown: [String], more: Int, fonts: String, notes: [Diagnostic.Note], at span: Span) -> Diagnostic {
        let list = shown.count == 1 ? shown[0] : shown.dropLast().joined(separator: ", ") + " and " + shown.last!
        let moreText = more > 0 ? " (and \(more) more)" : ""
        return .error(.missingGlyph, at: span,
            "\(shown.count == 1 ? "character" : "characters") \(list)\(moreText) \(shown.count == 1 ? "is" : "are") not in the \(fonts)",
            notes: notes)
    }

    /// `text row.name` whose data field holds a character the fonts lack: the note at the field.
    static func missingGlyphFromData(at span: Span) -> Diagnostic.Note {
        Diagnostic.Note("the character comes from this field of the data", at: span)
    }

    /// `text "x", font: "Frutigr"`: a family found neither among the standard fonts nor on the font path.
    static func unknownFont(_ name: String, at span: Span) -> Diagnostic {
        .error(.unknownFont, at: span, "unknown font '\(name)'",
            notes: [Diagnostic.Note("the built-in fonts are Helvetica, Times, Courier, Symbol and ZapfDingbats; other fonts are found by family name on the font path or by file path")])
    }

    // MARK: Images

    /// `image "missing.png"`: a file that is not there or cannot be read.
    static func imageUnreadable(_ path: String) -> ImageLoadError {
        ImageLoadError(message: "cannot read image '\(path)'")
    }

    /// `image "/dev/zero"` or one past `maximumImageBytes`: what the resource reader says of it.
    static func imageNotReadable(_ path: String, _ reason: String) -> ImageLoadError {
        ImageLoadError(message: "image '\(path)' \(reason)")
    }

    /// `image "notes.txt"`: a file that is neither PNG nor JPEG.
    static func imageNotPNGOrJPEG(_ path: String) -> ImageLoadError {
        ImageLoadError(message: "'\(path)' is not a PNG or JPEG image")
    }

    /// `image "huge.png"` with more pixels than `ImageLimits.maximumPixels`.
    static func imageTooLarge(_ path: String, width: Int, height: Int) -> ImageLoadError {
        ImageLoadError(message: "image '\(lastComponent(path))' has \(width) × \(height) pixels, more than the \(ImageLimits.maximumPixels) an image may have")
    }

    /// `image "cut.png"` where cut.png lost its last bytes.
    static func imageDamaged(_ path: String, _ damage: String) -> ImageLoadError {
        ImageLoadError(id: .imageDamaged, message: "image '\(lastComponent(path))' is damaged: \(damage)")
    }

    // MARK: Path data

    /// What path data must have where it has something else, with the id of its mistake.
    enum PathDataExpectation: String {
        /// `path "M 0 0 L 10"`, `path "M 0 0 L x 10"`, `path "M 0,,0"`.
        case number = "a number"
        /// `path "M 0 0 A 5 5 0 2 0 10 10"`: an arc's large-arc or sweep flag.
        case arcFlag = "an arc flag '0' or '1'"

        var id: LayoutID {
            switch self {
            case .number: .pathDataExpectedNumber
            case .arcFlag: .pathDataExpectedFlag
            }
        }
    }

    /// `path "M 0 0 L 10"`: the data ends where `expected` must come.
    static func pathDataEnded(_ expected: PathDataExpectation, offset: Int) -> PathDataError {
        PathDataError(id: expected.id, offset: offset, length: 0,
                      message: "expected \(expected.rawValue) in path data, found the end of the data")
    }

    /// `path "M 0 0 L x 10"`: `found` where `expected` must come.
    static func pathDataExpected(_ expected: PathDataExpectation, found: String, offset: Int, length: Int) -> PathDataError {
        PathDataError(id: expected.id, offset: offset, length: length, message: "expected \(expected.rawValue) in path data, found '\(found)'")
    }

    /// `path "M 0 0 L 10em 0"`: a unit path data does not know.
    static func pathDataUnknownUnit(_ unit: String, offset: Int, length: Int) -> PathDataError {
        PathDataError(id: .pathDataUnknownUnit, offset: offset, length: length,
                      message: "unknown unit '\(unit)' in path data (lengths may carry pt, in, mm, cm or px)")
    }

    /// A `path` whose data holds more than `maximumPathDataNumbers` numbers.
    static func pathDataTooLong(offset: Int, length: Int) -> PathDataError {
        PathDataError(id: .pathDataTooLong, offset: offset, length: length,
                      message: "path data holds more than \(maximumPathDataNumbers) numbers")
    }

    /// `path "M 0 0 L 1e400 0"`: a number past the coordinate range.
    static func pathDataNumberOutOfRange(_ text: String, offset: Int, length: Int) -> PathDataError {
        PathDataError(id: .pathDataBadNumber, offset: offset, length: length,
                      message: "number '\(text)' in path data is out of range (the coordinate range is ±\(Int(Scene.maximumCoordinate))pt)")
    }

    /// `path "M 0 0 Z 10 10"`: numbers after a command that does not repeat.
    static func pathDataNumberForCommand(offset: Int) -> PathDataError {
        PathDataError(id: .pathDataExpectedCommand, offset: offset, length: 1,
                      message: "expected a path command, found a number (only 'M' and the other commands repeat, not 'Z')")
    }

    /// `path "M 0 0 K 10 10"`: a letter that is no SVG command.
    static func pathDataUnknownCommand(_ text: String, offset: Int, length: Int) -> PathDataError {
        PathDataError(id: .pathDataUnknownCommand, offset: offset, length: length,
                      message: "unknown path command '\(text)'; expected one of M L H V C S Q T A Z")
    }

    /// `path "L 10 10"`: data that does not start with a moveto.
    static func pathDataMissingMoveto(_ command: UInt8, offset: Int) -> PathDataError {
        PathDataError(id: .pathDataMissingMoveto, offset: offset, length: 1,
                      message: "path data must start with 'M' or 'm', found '\(String(UnicodeScalar(command)))'")
    }
}
