// Layout's diagnostic ids, typed: every diagnostic of this stage names one of these cases,
// never a string (a test checks no id is written inline). The raw value is the stable id
// the corpus `.expected` files, JSON and the LSP show; docs/ir.md lists them.

import DrawDiagnostics

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

/// Wording shared by layout's messages.
enum LayoutMessages {
    /// The fixes offered for text that does not fit — a text's box (`text "…", width: 40pt,
    /// height: 10pt`) and a shape's label (`circle "A long label", r: 10`) alike:
    /// `sizedBy` is the property that makes the room larger (`'width:'`, `'r:'`).
    static func overflowFixes(sizedBy: String) -> String {
        "'overflow: shrink' sets it smaller until it fits, 'maxLines:' cuts it short, a larger \(sizedBy) gives it room"
    }
}
