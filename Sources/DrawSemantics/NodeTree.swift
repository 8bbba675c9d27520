// DrawSemantics — from the AST to the resolved node tree.
//
// Takes: `DrawSyntax.File` (and the files it imports). Hands on: `Drawing`, a tree of
// `Node`s whose every property is known, typed and already resolved: styles applied,
// inherited paint and text properties pushed down, lengths in points, components (`def`)
// expanded, loops unrolled, conditions decided. What it cannot know — where nodes end up —
// stays symbolic: `at:` and connector endpoints that name other nodes are `PointValue`s /
// `Endpoint`s resolved by layout. Every node keeps the span of the statement that made it,
// so layout can still report at the user's source.

import DrawBarcodes
import DrawBase
import DrawCatalogue
import DrawDiagnostics

/// The whole evaluated program: one or more pages of nodes.
package struct Drawing: Sendable {
    /// At least one page. Without any `page { }` block there is exactly one page holding
    /// every top-level node (with the settings of a block-less `page` statement, if any).
    package var pages: [PageNode]
    /// True when the source used `page { … }` blocks (a multi-page document).
    package var hasPageBlocks: Bool
    /// True when the drawing prints label sheets: viewers are asked not to scale it.
    package var noPrintScaling = false
    /// Statements inside component bodies that a call replaced by its call site, as linked
    /// lists from `Node.definitions`, outermost first (see docs/ir.md, "Source spans"). One
    /// element per single-node component call, appended without allocating per call.
    package var definitionLinks: [DefinitionLink] = []
    /// The path of each source file (by `FileID`), for names layout resolves itself: a font
    /// file named in a text's markup is relative to the file the text is written in.
    package var sourcePaths: [String] = []
    /// Fields of the CSV files read whose text goes beyond ASCII, with the span of the first
    /// field holding each: layout names the record when a character of data has no glyph.
    package var dataTexts: [String: Span] = [:]
    package init(pages: [PageNode], hasPageBlocks: Bool) { self.pages = pages; self.hasPageBlocks = hasPageBlocks }
}

/// One statement of a chain of component definitions: the body statement a call replaced,
/// and the next (inner) link, or -1.
package struct DefinitionLink: Hashable, Sendable {
    package var span: Span
    package var next: Int32
    package init(span: Span, next: Int32) { self.span = span; self.next = next }
}

/// Margins in points.
package struct EdgeInsets: Hashable, Sendable {
    package var top, left, bottom, right: Double
    package init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    package init(all value: Double) { self.init(top: value, left: value, bottom: value, right: value) }
    package static let zero = EdgeInsets(all: 0)
}

package struct PageSettings: Hashable, Sendable {
    /// Page size in points after `orientation`; nil: the content's bounds plus the margin.
    package var size: Size?
    package var margin: EdgeInsets
    package var background: Color?
    /// The `page` statement, or `.unknown` for the implicit page.
    package var span: Span
    /// `bleed:` — how far the printed area extends past the trimmed page on each side; the
    /// sheet grows by it (more with crop marks) and the page becomes its trim box.
    package var bleed = 0.0
    /// `marks: crop` — crop marks at the trim box's corners, outside the bleed.
    package var cropMarks = false
    package init(size: Size?, margin: EdgeInsets, background: Color?, span: Span) {
        self.size = size; self.margin = margin; self.background = background; self.span = span
    }
}

package struct PageNode: Sendable {
    package var settings: PageSettings
    /// Top-level nodes of the page, in source (paint) order; connectors included.
    package var nodes: [Node]
    package init(settings: PageSettings, nodes: [Node]) { self.settings = settings; self.nodes = nodes }
}

/// What `barcode` takes besides its data (the node's `content`) and `width`/`height`/`size`.
package struct BarcodeSettings: Hashable, Sendable {
    package var request: BarcodeRequest
    /// `module:` — the X-dimension in points; nil: derived from `width`/`size`, else the default.
    package var module: Double?
    package var quietZone: QuietZone?
    package var text: BarcodeText = .automatic
    /// `printerDPI:` — the module is rounded to whole printer dots and the symbol placed on them.
    package var printerDPI: Double?
    /// `background:` — painted under the symbol and its quiet zone; nil: none.
    package var background: Color?
    /// False until `type:` is given (the other properties may come first).
    package var hasType = false
    /// `bearer:` — ITF-14's bearer bars (other symbologies have none).
    package var bearer: BarcodeBearer = .frame
    /// `bearerWidth:` — modules or a length; nil: the default (5 modules).
    package var bearerWidth: QuietZone?
    package init(request: BarcodeRequest) { self.request = request }
}

/// `bearer:` of ITF-14 (GS1 General Specifications, ITF-14 symbol): a frame round the symbol
/// and its quiet zones (required when printing plates are used), bars above and below only
/// (enough for printing without plates), or none.
package enum BarcodeBearer: UInt8, Hashable, Sendable {
    case frame, bars, none
}

/// `quietZone:` — a plain number counts modules, a length is absolute.
package enum QuietZone: Hashable, Sendable {
    case modules(Double)
    case length(Double)
}

/// `text:` of barcodes.
package enum BarcodeText: Hashable, Sendable {
    /// The human-readable interpretation the standard prescribes (EAN/UPC digits, Code 128
    /// data, GS1 element strings, ITF-14 digits); none for QR Code and Data Matrix.
    case automatic
    case hidden
    case custom(String)
}

/// `align:` of stacks, grids and text. `left`/`right` are accepted as aliases of
/// `leading`/`trailing`. Stacks use the cross axis: vstack leading/center/trailing,
/// hstack top/center/bottom; zstack and grid cells use all nine.
package enum Alignment: UInt8, Hashable, Sendable {
    case center, leading, trailing, top, bottom, topLeading, topTrailing, bottomLeading, bottomTrailing
    /// hstack only: the first baselines of text children on one line (`baseline` is
    /// `firstBaseline`), or their last baselines.
    case firstBaseline, lastBaseline
}

/// A point that may depend on where another node ends up: `offset` alone is a point in
/// the parent's coordinates; with `anchor`, it is that anchor of the named node (on the
/// page, converted by layout to the parent's coordinates) plus `offset`.
package struct PointValue: Hashable, Sendable {
    package struct AnchorRef: Hashable, Sendable {
        package var nodeID: String
        package var anchor: Anchor
        /// Where the node was named, for "unknown id" / "not yet placed" diagnostics.
        package var span: Span
        package init(nodeID: String, anchor: Anchor, span: Span) { self.nodeID = nodeID; self.anchor = anchor; self.span = span }
    }
    package var anchor: AnchorRef?
    package var offset: Point
    package init(_ offset: Point) { self.anchor = nil; self.offset = offset }
    package init(anchor: AnchorRef?, offset: Point) { self.anchor = anchor; self.offset = offset }
}

/// One end of a connector or of an `arrow`/`line` whose `from`/`to` is a node.
package enum Endpoint: Hashable, Sendable {
    /// The node's outline (the line is clipped to it), aimed at its center.
    case node(id: String, span: Span)
    /// A fixed point, or an explicit anchor (`a.right`): no clipping.
    case point(PointValue)
}

/// Which ends of a line carry arrowheads.
package enum ArrowEnds: UInt8, Hashable, Sendable {
    case none, start, end, both
}

package enum TextAlign: UInt8, Hashable, Sendable {
    case left, center, right
    /// Lines but the last of each paragraph stretched to the width: the extra space goes to
    /// the word spaces, or between the characters of a line without spaces (CJK).
    case justify
    /// The side a paragraph starts at: left in a left-to-right paragraph, right in a
    /// right-to-left one (`textDirection:`); `end` the other side.
    case start, end
}

/// `textDirection:` the base direction of a text's paragraphs (UAX #9).
package enum TextDirection: UInt8, Hashable, Sendable {
    /// From the paragraph's first strong letter (rules P2, P3); left to right without one.
    case auto
    case ltr, rtl
}

/// `textTransform:` of text.
package enum TextTransform: UInt8, Hashable, Sendable {
    case none, uppercase, lowercase, capitalize
}

/// `overflow:` of text in a box of fixed size.
package enum TextOverflow: UInt8, Hashable, Sendable {
    /// Drawn as it is, with a fit warning.
    case visible
    /// The font size is reduced (all runs alike) until the text fits its box.
    case shrink
}

/// The typographic properties of text (issue #23), inherited like the other text
/// properties; the defaults change nothing.
package struct Typography: Hashable, Sendable {
    /// `underline:`, `strikethrough:`: drawn with the font's own position and thickness.
    package var underline = false
    package var strikethrough = false
    /// `letterSpacing:` added after every character; `wordSpacing:` after every space (points).
    package var letterSpacing = 0.0
    package var wordSpacing = 0.0
    package var textTransform: TextTransform = .none
    /// `smallCaps:` lower-case letters drawn as capitals at `smallCapsScale` of the size.
    package var smallCaps = false
    /// `baselineShift:` points up (positive) or down; `super`/`sub` are fractions of the size.
    package var baselineShift = 0.0
    /// `baselineShift:` as a fraction of the font size (`super`, `sub`, a percentage).
    package var baselineShiftEm = 0.0
    /// `hyphenate:` words may break at Liang hyphenation points (English patterns).
    package var hyphenate = false
    /// `markup:` the text is rich-text markup (docs/language.md, *Rich text*).
    package var markup = false
    /// `tabStops:` positions from the text's left edge; a tab moves to the next one (then
    /// on at the last interval). Empty: a tab is drawn as a space.
    package var tabStops: [Double] = []
    /// `features:` OpenType feature settings as written ("smcp", "-liga", "salt=2"), checked
    /// by evaluation; layout applies them after the script's default features.
    package var features: [String] = []
    /// `textDirection:` the base direction of each paragraph.
    package var textDirection: TextDirection = .auto
    package init() {}

    /// Whether `text` is a feature setting: a four-character tag of printable ASCII, with
    /// `-` (off) or `+` (on) before it or `=n` (alternate n, 0…65535) after it.
    package static func isFeatureSetting(_ text: String) -> Bool {
        var body = Substring(text)
        var signed = false
        if body.hasPrefix("-") || body.hasPrefix("+") { body = body.dropFirst(); signed = true }
        if let eq = body.firstIndex(of: "=") {
            guard !signed, let v = Int(body[body.index(after: eq)...]), v >= 0, v <= 0xFFFF else { return false }
            body = body[..<eq]
        }
        return body.utf8.count == 4 && body.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
    }

    /// Capitals of synthesised small caps, relative to the font size.
    package static let smallCapsScale = 0.8
    /// `baselineShift: super` and `sub`, in em (positive: up).
    package static let superscriptShift = 0.33
    package static let subscriptShift = -0.2
}

/// `maxLines:` and `overflow:` of a text or label (not inherited).
package struct TextFit: Hashable, Sendable {
    package var maxLines: Int?
    package var overflow: TextOverflow = .visible
    package init() {}
}

/// `lineHeight:` a plain number multiplies the font size; a length is absolute.
package enum LineHeight: Hashable, Sendable {
    case multiple(Double)
    case absolute(Double)
}

/// `fit:` of images.
package enum ImageFit: UInt8, Hashable, Sendable {
    /// Scale to fit inside the frame, keeping the aspect ratio.
    case contain
    /// Scale to cover the frame, keeping the aspect ratio (clipped).
    case cover
    /// Stretch to the frame.
    case fill
}

/// Paint and text properties after styles and inheritance: every node carries the values
/// in force for it, so layout never looks up the tree.
///
/// Stored compactly (a node is copied and kept by the million): the properties nodes set
/// one by one (fill, stroke, line width, text colour and size) inline, with presence bits
/// instead of `Optional` padding; the rest, which nodes almost always inherit unchanged,
/// in one shared, copy-on-write `StyleRest` that all those nodes reference. The three
/// colours are held inline as 8-bit RGBA (`PackedColor`) when that gives back exactly the
/// `Color` that was set — every colour written as `#rrggbb`, a name or `rgb()` of integers —
/// and otherwise in the box: 4 bytes a colour instead of 32 (the node went from 256 bytes to
/// 168, issue 38).
public struct ResolvedStyle: Hashable, Sendable {
    // `@usableFromInline` (not private), and the type public rather than package: layout
    // reads `pathFill`, `pathStroke` and `hasPaintSpecs` of every painted node from another
    // module, and Swift 6.3.1 inlines no member of a `package` type there (issue 38).
    public var lineWidth: Double
    package var fontSize: Double
    @usableFromInline var rest: StyleRest
    /// `fill`, `stroke` and `color` as `PackedColor` bits; 0 when absent or held in the box.
    @usableFromInline var fillBits: UInt32
    @usableFromInline var strokeBits: UInt32
    @usableFromInline var colorBits: UInt32
    /// Bit 0: `fill` is a colour; bit 1: `stroke` is; bit 2: `fillPaint` is set; bit 3:
    /// `strokePaint` is. Bits 2 and 3 let the plain colours of nearly every node skip the
    /// box: reading a `PaintSpec?` out of it copied the optional through its value witness,
    /// ~450 instructions per read or write (issue 38). Bits 4, 5, 6: the fill, stroke, text
    /// colour is not 8-bit and is held in the box (`StyleRest.Values.exactFill` …).
    @usableFromInline var paintBits: UInt8

    package var fill: Color? {            // nil: `none`
        @inlinable get { paintBits & 1 == 0 ? nil : paintBits & 16 == 0 ? PackedColor.color(fillBits) : rest.values.exactFill }
        set {
            if newValue != nil { paintBits |= 1 } else { paintBits &= ~1 }
            fillBits = store(newValue, exactBit: 16) { $0.exactFill = $1 }
        }
    }
    package var stroke: Color? {          // nil: `none`
        @inlinable get { paintBits & 2 == 0 ? nil : paintBits & 32 == 0 ? PackedColor.color(strokeBits) : rest.values.exactStroke }
        set {
            if newValue != nil { paintBits |= 2 } else { paintBits &= ~2 }
            strokeBits = store(newValue, exactBit: 32) { $0.exactStroke = $1 }
        }
    }
    /// Text colour.
    package var color: Color {
        @inlinable get { paintBits & 64 == 0 ? PackedColor.color(colorBits) : rest.values.exactColor ?? PackedColor.color(0xFF) }
        set { colorBits = store(newValue, exactBit: 64) { $0.exactColor = $1 } }
    }
    /// Whether the fill, stroke or text colour is less than opaque (PostScript cannot show
    /// it), read without building the colours.
    @inlinable package var hasTranslucentColor: Bool {
        // An 8-bit colour is translucent when its alpha byte is below 255.
        if paintBits & 1 != 0, paintBits & 16 == 0 ? fillBits & 0xFF < 0xFF : (rest.values.exactFill?.alpha ?? 1) < 1 { return true }
        if paintBits & 2 != 0, paintBits & 32 == 0 ? strokeBits & 0xFF < 0xFF : (rest.values.exactStroke?.alpha ?? 1) < 1 { return true }
        return paintBits & 64 == 0 ? colorBits & 0xFF < 0xFF : (rest.values.exactColor?.alpha ?? 1) < 1
    }

    /// The bits to keep inline for `color` (0 when it is nil or not 8-bit); a colour that is
    /// not 8-bit goes into the box, and the box's copy is cleared when it no longer is one,
    /// so each style has one representation (the synthesised `==` and `hash` rely on it).
    private mutating func store(_ color: Color?, exactBit: UInt8, _ put: (inout StyleRest.Values, Color?) -> Void) -> UInt32 {
        if let color, let bits = PackedColor.bits(color) {
            if paintBits & exactBit != 0 { paintBits &= ~exactBit; updateRest { put(&$0, nil) } }
            return bits
        }
        if let color {
            paintBits |= exactBit; updateRest { put(&$0, color) }
        } else if paintBits & exactBit != 0 {
            paintBits &= ~exactBit; updateRest { put(&$0, nil) }
        }
        return 0
    }
    package var lineCap: LineCap {
        @inlinable get { rest.values.lineCap }
        set { updateRest { $0.lineCap = newValue } }
    }
    package var lineJoin: LineJoin {
        get { rest.values.lineJoin }
        set { updateRest { $0.lineJoin = newValue } }
    }
    package var miterLimit: Double {
        get { rest.values.miterLimit }
        set { updateRest { $0.miterLimit = newValue } }
    }
    package var dash: [Double] {
        get { rest.values.dash }
        set { updateRest { $0.dash = newValue } }
    }
    package var dashOffset: Double {
        get { rest.values.dashOffset }
        set { updateRest { $0.dashOffset = newValue } }
    }
    package var fillRule: FillRule {
        @inlinable get { rest.values.fillRule }
        set { updateRest { $0.fillRule = newValue } }
    }
    /// The font, or a fallback list tried per character, first match wins. Names are
    /// standard-14 families ("Helvetica"), family names found on the font path, or file
    /// paths (already made absolute relative to the drawing).
    package var fonts: [String] {
        get { rest.values.fonts }
        set { updateRest { $0.fonts = newValue } }
    }
    /// The span of the `font:` value the fonts come from (unknown for the default).
    package var fontsSpan: Span {
        @inlinable get { rest.values.fontsSpan }
        set { updateRest { $0.fontsSpan = newValue } }
    }
    package var bold: Bool {
        get { rest.values.bold }
        set { updateRest { $0.bold = newValue } }
    }
    package var italic: Bool {
        get { rest.values.italic }
        set { updateRest { $0.italic = newValue } }
    }
    package var textAlign: TextAlign {
        get { rest.values.textAlign }
        set { updateRest { $0.textAlign = newValue } }
    }
    package var lineHeight: LineHeight {
        get { rest.values.lineHeight }
        set { updateRest { $0.lineHeight = newValue } }
    }
    package var typography: Typography {
        get { rest.values.typography }
        set { updateRest { $0.typography = newValue } }
    }
    /// `typography.markup`, read in the box: layout asks it of every text, and `typography`
    /// copies the whole value out (its arrays retained and released, issue 38).
    package var hasMarkup: Bool { rest.values.typography.markup }

    /// `fill:` as a gradient or pattern (nil: a colour or none).
    package var fillPaint: PaintSpec? {
        get { paintBits & 4 != 0 ? rest.values.fillPaint : nil }
        set {
            if newValue != nil {
                updateRest { $0.fillPaint = newValue }; paintBits |= 4
            } else if paintBits & 4 != 0 {
                updateRest { $0.fillPaint = nil }; paintBits &= ~4
            }
        }
    }
    /// `stroke:` as a gradient (nil: a colour or none).
    package var strokePaint: PaintSpec? {
        get { paintBits & 8 != 0 ? rest.values.strokePaint : nil }
        set {
            if newValue != nil {
                updateRest { $0.strokePaint = newValue }; paintBits |= 8
            } else if paintBits & 8 != 0 {
                updateRest { $0.strokePaint = nil }; paintBits &= ~8
            }
        }
    }
    /// `fillPaint = nil` / `strokePaint = nil`, tested first: a plain colour (nearly every
    /// `fill:` and `stroke:`) finds none set, and building and passing an empty `PaintSpec?`
    /// to the setter cost ~100 instructions a property (issue 38).
    package mutating func clearFillPaint() { if paintBits & 4 != 0 { fillPaint = nil } }
    package mutating func clearStrokePaint() { if paintBits & 8 != 0 { strokePaint = nil } }
    /// Whether a gradient or pattern paints the fill or the stroke (layout's fast path).
    @inlinable @inline(__always) package var hasPaintSpecs: Bool { paintBits & 12 != 0 }

    /// The fill of a path drawn in this style (nil: `fill: none`). Built here, where the
    /// style's accessors are direct reads rather than calls across modules.
    @inlinable @inline(__always) package var pathFill: Fill? {
        paintBits & 1 == 0 ? nil
            : Fill(color: paintBits & 16 == 0 ? PackedColor.color(fillBits) : rest.values.exactFill ?? PackedColor.color(0xFF), rule: rest.values.fillRule)
    }

    /// The stroke of a path drawn in this style (nil: `stroke: none` or a zero line width).
    @inlinable @inline(__always) package var pathStroke: Stroke? {
        guard paintBits & 2 != 0, lineWidth > 0 else { return nil }
        let r = rest.values
        let color = paintBits & 32 == 0 ? PackedColor.color(strokeBits) : r.exactStroke ?? PackedColor.color(0xFF)
        return Stroke(color: color, width: lineWidth, cap: r.lineCap, join: r.lineJoin,
                      miterLimit: r.miterLimit, dash: r.dash, dashOffset: r.dashOffset)
    }

    /// A new box for every change: the values are rarely set (a style or a parent's change
    /// pushed down), and an immutable box needs no exclusivity checks when read.
    private mutating func updateRest(_ change: (inout StyleRest.Values) -> Void) {
        var values = rest.values
        change(&values)
        rest = StyleRest(values)
    }

    /// The defaults of language.md: shapes `fill: none, stroke: black, lineWidth: 1pt`;
    /// text black Helvetica 12pt.
    package static let initial = ResolvedStyle(
        fill: nil, stroke: .black, lineWidth: 1, lineCap: .butt, lineJoin: .miter, miterLimit: 4,
        dash: [], dashOffset: 0, fillRule: .nonZero, fonts: ["Helvetica"], fontSize: 12,
        bold: false, italic: false, color: .black, textAlign: .left, lineHeight: .multiple(1.2))

    package init(
        fill: Color?, stroke: Color?, lineWidth: Double, lineCap: LineCap, lineJoin: LineJoin,
        miterLimit: Double, dash: [Double], dashOffset: Double, fillRule: FillRule, fonts: [String],
        fontSize: Double, bold: Bool, italic: Bool, color: Color, textAlign: TextAlign, lineHeight: LineHeight
    ) {
        fillBits = 0; strokeBits = 0; colorBits = 0; paintBits = 0
        self.lineWidth = lineWidth; self.fontSize = fontSize
        rest = StyleRest(StyleRest.Values(
            lineCap: lineCap, lineJoin: lineJoin, miterLimit: miterLimit, dash: dash, dashOffset: dashOffset,
            fillRule: fillRule, fonts: fonts, bold: bold, italic: italic, textAlign: textAlign, lineHeight: lineHeight))
        self.fill = fill; self.stroke = stroke; self.color = color
    }
}

/// A colour as 8-bit RGBA in one `UInt32` (red in the high byte), for the colours that are
/// exactly such: `color(bits(c)!) == c` bit for bit, since both divide the same byte by 255
/// as `Color(r:g:b:a:)` does.
@usableFromInline enum PackedColor {
    @inlinable @inline(__always) static func color(_ bits: UInt32) -> Color {
        Color(red: Double(bits >> 24) / 255, green: Double((bits >> 16) & 0xFF) / 255,
              blue: Double((bits >> 8) & 0xFF) / 255, alpha: Double(bits & 0xFF) / 255)
    }
    /// nil when a component is not a byte over 255 exactly (a fraction, −0, NaN, out of range).
    static func bits(_ color: Color) -> UInt32? {
        // The nearest byte of each component by truncation (`rounded()` is a call into the C
        // library). All four ranges tested before any conversion (which they keep in range;
        // NaN fails them), then all four bytes compared back at once: one optional per
        // component and a branch after each cost ~110 instructions a colour (issue 38).
        let r = color.red * 255 + 0.5, g = color.green * 255 + 0.5
        let b = color.blue * 255 + 0.5, a = color.alpha * 255 + 0.5
        guard r >= 0, r < 256, g >= 0, g < 256, b >= 0, b < 256, a >= 0, a < 256 else { return nil }
        let kr = UInt32(r), kg = UInt32(g), kb = UInt32(b), ka = UInt32(a)
        let exact = ((Double(kr) / 255).bitPattern ^ color.red.bitPattern) | ((Double(kg) / 255).bitPattern ^ color.green.bitPattern)
            | ((Double(kb) / 255).bitPattern ^ color.blue.bitPattern) | ((Double(ka) / 255).bitPattern ^ color.alpha.bitPattern)
        return exact == 0 ? kr << 24 | kg << 16 | kb << 8 | ka : nil
    }
}

/// The rarely set part of a `ResolvedStyle`, shared by reference between nodes and never
/// changed once made (a change makes a new box). Equal when its values are: a box is how the
/// values are stored, not what they are.
public final class StyleRest: Hashable, Sendable {
    public struct Values: Hashable, Sendable {
        @usableFromInline var lineCap: LineCap
        @usableFromInline var lineJoin: LineJoin
        @usableFromInline var miterLimit: Double
        @usableFromInline var dash: [Double]
        @usableFromInline var dashOffset: Double
        @usableFromInline var fillRule: FillRule
        var fonts: [String]
        var bold: Bool
        var italic: Bool
        var textAlign: TextAlign
        var lineHeight: LineHeight
        /// Where `fonts` was given (the `font:` value), for late errors about it.
        @usableFromInline var fontsSpan: Span = .unknown
        var typography = Typography()
        /// A gradient or pattern given as `fill:` / `stroke:` (then `fill`/`stroke` hold a
        /// representative colour, so "painted at all" stays a colour test).
        var fillPaint: PaintSpec? = nil
        var strokePaint: PaintSpec? = nil
        /// `fill`, `stroke`, `color` when they are not 8-bit colours (rare: `rgb()` of
        /// fractions, an alpha of 0.5); nil while they are held inline.
        @usableFromInline var exactFill: Color? = nil
        @usableFromInline var exactStroke: Color? = nil
        @usableFromInline var exactColor: Color? = nil
    }
    @usableFromInline let values: Values
    init(_ values: Values) { self.values = values }

    public static func == (a: StyleRest, b: StyleRest) -> Bool { a === b || a.values == b.values }
    public func hash(into hasher: inout Hasher) { hasher.combine(values) }
}

/// Geometry and layout properties (not inherited). Nil means "not given": layout applies
/// the kind's default. Lengths are in points, angles in degrees.
///
/// Stored compactly: what most nodes give (size, corner, `at:` offset, a few enums) inline,
/// with presence bits instead of `Optional` padding; everything else in one immutable
/// `GeometryRest` box, allocated only for nodes that use it.
package struct NodeGeometry: Hashable, Sendable {
    private var widthValue = 0.0
    private var heightValue = 0.0
    private var cornerValue = 0.0
    private var atOffset = Point(0, 0)
    /// Bits: 0 width, 1 height, 2 corner, 3 at.
    private var present: UInt8 = 0
    package var anchor: Anchor?
    /// Arrowheads; nil: the kind's default (`arrow` and `->` end, `line` none).
    package var arrow: ArrowEnds?
    package var align: Alignment?
    package var fit: ImageFit?
    package var clip = false
    /// False when none of the boxed properties (radius, padding, rotate, scale, opacity,
    /// from/to, points, via, label, spacings, columns, minLength, an `at:` anchor) was ever
    /// given: layout skips their checks for the common plain node. Stored, so reading it
    /// through a pointer loads one byte instead of copying the geometry for a getter call.
    /// (Declared before `rest`: it fits in the padding there, after `rest` it would not.)
    /// Not part of the value (`==` and `hash` pass it by): a plain node and one whose boxed
    /// values were set back to their defaults are the same geometry.
    @Uncompared package private(set) var hasRareProperties = false
    private var rest: GeometryRest?

    /// Inlined, with no call to a global (`Point.zero`) inside: a node built in `buildNode`
    /// around such calls was built twice, copied and destroyed (issue 38).
    @inline(__always) package init() {}

    package var width: Double? {
        get { present & 1 != 0 ? widthValue : nil }
        set { if let newValue { widthValue = newValue; present |= 1 } else { widthValue = 0; present &= ~1 } }
    }
    package var height: Double? {
        get { present & 2 != 0 ? heightValue : nil }
        set { if let newValue { heightValue = newValue; present |= 2 } else { heightValue = 0; present &= ~2 } }
    }
    /// `corner:` radius of rects.
    package var corner: Double? {
        get { present & 4 != 0 ? cornerValue : nil }
        set { if let newValue { cornerValue = newValue; present |= 4 } else { cornerValue = 0; present &= ~4 } }
    }
    /// `at:` — takes the node out of the flow; places its `anchor` there.
    package var at: PointValue? {
        get { present & 8 != 0 ? PointValue(anchor: rest?.values.atAnchor, offset: atOffset) : nil }
        set {
            if let newValue {
                atOffset = newValue.offset; present |= 8
                if newValue.anchor != nil || rest?.values.atAnchor != nil { updateRest { $0.atAnchor = newValue.anchor } }
            } else {
                atOffset = .zero; present &= ~8
                if rest?.values.atAnchor != nil { updateRest { $0.atAnchor = nil } }
            }
        }
    }
    /// `at = PointValue(offset)`: a plain point, with no anchor to build, move and destroy
    /// (through the setter that cost ~130 instructions a node, issue 38).
    package mutating func setAt(offset: Point) {
        atOffset = offset; present |= 8
        if rest?.values.atAnchor != nil { updateRest { $0.atAnchor = nil } }
    }
    /// `r:` of circles.
    package var radius: Double? {
        get { rest?.values.radius }
        set { updateRest { $0.radius = newValue } }
    }
    package var padding: EdgeInsets? {
        get { rest?.values.padding }
        set { updateRest { $0.padding = newValue } }
    }
    package var rotate: Double? {
        get { rest?.values.rotate }
        set { updateRest { $0.rotate = newValue } }
    }
    /// `scale:` x and y factors (a single number gives both).
    package var scale: Point? {
        get { rest?.values.scale }
        set { updateRest { $0.scale = newValue } }
    }
    package var opacity: Double? {
        get { rest?.values.opacity }
        set { updateRest { $0.opacity = newValue } }
    }
    /// `from:`/`to:` of lines, arrows and connectors.
    package var from: Endpoint? {
        get { rest?.values.from }
        set { updateRest { $0.from = newValue } }
    }
    package var to: Endpoint? {
        get { rest?.values.to }
        set { updateRest { $0.to = newValue } }
    }
    /// `points:` of lines, polylines and polygons.
    package var points: [PointValue]? {
        get { rest?.values.points }
        set { updateRest { $0.points = newValue } }
    }
    /// `via:` elbows of connectors, arrows and lines.
    package var via: [PointValue] {
        get { rest?.values.via ?? [] }
        set { updateRest { $0.via = newValue } }
    }
    /// `label:` text of connectors, drawn at the middle.
    package var label: String? {
        get { rest?.values.label }
        set { updateRest { $0.label = newValue } }
    }
    package var spacing: Double? {
        get { rest?.values.spacing }
        set { updateRest { $0.spacing = newValue } }
    }
    package var rowSpacing: Double? {
        get { rest?.values.rowSpacing }
        set { updateRest { $0.rowSpacing = newValue } }
    }
    package var columnSpacing: Double? {
        get { rest?.values.columnSpacing }
        set { updateRest { $0.columnSpacing = newValue } }
    }
    package var columns: Int? {
        get { rest?.values.columns }
        set { updateRest { $0.columns = newValue } }
    }
    package var minLength: Double? {
        get { rest?.values.minLength }
        set { updateRest { $0.minLength = newValue } }
    }
    /// The settings of a `barcode`.
    package var barcode: BarcodeSettings? {
        get { rest?.values.barcode }
        set { updateRest { $0.barcode = newValue } }
    }
    /// `smooth:` of lines, polylines and polygons: a centripetal Catmull-Rom curve through
    /// the points.
    package var smooth: Bool {
        get { rest?.values.smooth ?? false }
        set { updateRest { $0.smooth = newValue } }
    }
    /// `tension:` of a smooth curve, 0 (Catmull-Rom) … 1 (straight segments).
    package var tension: Double? {
        get { rest?.values.tension }
        set { updateRest { $0.tension = newValue } }
    }
    /// `points:` of a `stroke`, with their pressure.
    package var inkPoints: InkPoints? {
        get { rest?.values.inkPoints }
        set { updateRest { $0.inkPoints = newValue } }
    }
    /// The shaping options of a `stroke`; nil: all defaults.
    package var ink: InkOptions? {
        get { rest?.values.ink }
        set { updateRest { $0.ink = newValue } }
    }
    /// `direction:`, `skew:`, `points:` (a count), `inner:`, `sides:` of diagram shapes.
    package var shape: ShapeOptions {
        get { rest?.values.shape ?? ShapeOptions() }
        set { updateRest { $0.shape = newValue } }
    }
    /// `route:`, `side:`, `toSide:`, `arrowhead:`, `arrowtail:`, `arrowSize:`, `labelPosition:`,
    /// `labelAt:`, `labelBackground:` of connectors, arrows and lines.
    package var link: LinkOptions {
        get { rest?.values.link ?? LinkOptions() }
        set { updateRest { $0.link = newValue } }
    }
    /// `fill: true` on a grid: cells that are shapes stretch to their row and column.
    package var stretchCells: Bool {
        get { rest?.values.stretchCells ?? false }
        set { updateRest { $0.stretchCells = newValue } }
    }
    /// Automatic layout (issue 37): a `graph`'s settings, a node's `rank:`, a connector's `weight:`.
    package var graph: GraphOptions {
        get { rest?.values.graph ?? GraphOptions() }
        set { updateRest { $0.graph = newValue } }
    }
    /// `maxLines:` and `overflow:` of text.
    package var textFit: TextFit {
        get { rest?.values.textFit ?? TextFit() }
        set { updateRest { $0.textFit = newValue } }
    }

    /// Set on the group that holds one label of a `labels` sheet: its first child is the
    /// die-cut rectangle, and the others (the label's body) must fit inside it.
    package var labelCell: LabelCell? {
        get { rest?.values.labelCell }
        set { updateRest { $0.labelCell = newValue } }
    }

    /// `shadow:` drop shadows, in order (issue 24).
    package var shadows: [Shadow] {
        get { rest?.values.shadows ?? [] }
        set { updateRest { $0.shadows = newValue } }
    }
    /// `blend:` how the node is composited onto what is below it.
    package var blend: BlendMode {
        get { rest?.values.blend ?? .normal }
        set { updateRest { $0.blend = newValue } }
    }

    /// When a component call made this node (its span is then the call site) and
    /// definitions are recorded: the index in `Drawing.definitionLinks` of the first body
    /// statement that made it; else -1. In the rare box: the node stays 168 bytes.
    package var definitions: Int32 {
        get { rest?.values.definitions ?? -1 }
        set { updateRest { $0.definitions = newValue } }
    }

    /// One representation per value, so the synthesised `==` and `hash` are the value's: no
    /// box when every boxed value is its default.
    private mutating func updateRest(_ change: (inout GeometryRest.Values) -> Void) {
        var values = rest?.values ?? GeometryRest.Values()
        change(&values)
        rest = values == GeometryRest.defaults ? nil : GeometryRest(values)
        hasRareProperties = true
    }
}

/// The rarely given geometry of a node, in a box shared by copies of the node and never
/// changed once made (a change makes a new box). Equal when its values are.
package final class GeometryRest: Hashable, Sendable {
    static let defaults = Values()
    package static func == (a: GeometryRest, b: GeometryRest) -> Bool { a === b || a.values == b.values }
    package func hash(into hasher: inout Hasher) { hasher.combine(values) }

    package struct Values: Hashable, Sendable {
        var atAnchor: PointValue.AnchorRef?
        var radius: Double?
        var padding: EdgeInsets?
        var rotate: Double?
        var scale: Point?
        var opacity: Double?
        var from: Endpoint?
        var to: Endpoint?
        var points: [PointValue]?
        var via: [PointValue] = []
        var label: String?
        var definitions: Int32 = -1
        var spacing: Double?
        var rowSpacing: Double?
        var columnSpacing: Double?
        var columns: Int?
        var minLength: Double?
        var barcode: BarcodeSettings?
        var smooth = false
        var tension: Double?
        var inkPoints: InkPoints?
        var ink: InkOptions?
        var shape: ShapeOptions?
        var link: LinkOptions?
        var stretchCells = false
        var labelCell: LabelCell?
        var textFit: TextFit?
        var graph: GraphOptions?
        var shadows: [Shadow] = []
        var blend: BlendMode = .normal
    }
    let values: Values
    init(_ values: Values) { self.values = values }
}

/// One resolved node. Fields are ordered so the small ones pack together (a million nodes
/// are held at once; `MemoryLayout<Node>.size` is checked by a test).
package struct Node: Sendable {
    /// Which inherited properties (`style`) were set on this node itself rather than taken
    /// from its parent. Evaluation uses it to push a parent's late property down; layout asks
    /// it whether a default of its own may replace an inherited value (`contains(.fontSize)`).
    package var explicitStyle: InheritedSet
    /// The statement (or component call) that made the node.
    package var span: Span
    package var id: String?
    /// The positional argument: label of rect/ellipse/circle, content of text, file path of
    /// image (absolute), SVG path data of path. Escapes decoded, interpolation done.
    package var content: String?
    /// Where `content` came from (the string literal), for errors inside it — e.g. a bad
    /// character in path data is reported at `contentSpan.start + 1 + byte offset` when the
    /// literal has no escapes (`contentIsVerbatim`).
    package var contentSpan: Span?
    // The two one-byte fields sit in the padding after `contentSpan`, so the 32-bit
    // `explicitStyle` at the front costs nothing (the node stays 168 bytes).
    package var kind: NodeKind
    package var contentIsVerbatim: Bool
    package var geometry: NodeGeometry
    package var style: ResolvedStyle
    /// Children in source (paint) order: block contents of shapes, stacks, grids, groups.
    package var children: [Node]

    /// Inlined: as a call it built the node twice on the stack, copied one into place and
    /// destroyed the other (~450 instructions a node, issue 38).
    @inline(__always) package init(kind: NodeKind, span: Span, style: ResolvedStyle) {
        self.kind = kind; self.span = span; self.style = style
        id = nil; content = nil; contentSpan = nil; contentIsVerbatim = true
        geometry = NodeGeometry(); children = []; explicitStyle = InheritedSet()
    }
}

/// The cell of one label of a `labels` sheet, for the check that its body fits.
package struct LabelCell: Hashable, Sendable {
    /// The template's name as written (or "custom"), for messages.
    package var template: String
    /// The label's serial number (`index`, from 1).
    package var index: Int
    package init(template: String, index: Int) { self.template = template; self.index = index }
}

/// Which way a `triangle` points.
package enum ShapeDirection: UInt8, Hashable, Sendable {
    case up, down, left, right
}

/// Options of the diagram shapes; nil: the kind's default (docs/language.md).
package struct ShapeOptions: Hashable, Sendable {
    /// `direction:` of triangles.
    package var direction: ShapeDirection?
    /// `skew:` of parallelograms and trapezoids: a length (horizontal offset) or an angle.
    package var skewLength: Double?
    package var skewAngle: Double?
    /// `points:` of stars (a count).
    package var starPoints: Int?
    /// `inner:` of stars: the inner radius as a fraction of the outer one.
    package var inner: Double?
    /// `sides:` of regular polygons.
    package var sides: Int?
    package init() {}
}

/// `rank: first | last` of a node in a `graph`.
package enum GraphRank: UInt8, Hashable, Sendable {
    case first, last
}

/// A name a connector inside a `graph` uses: a box with that label if no node has the id.
package struct ImplicitNodeName: Hashable, Sendable {
    package var name: String
    package var span: Span
    package init(name: String, span: Span) { self.name = name; self.span = span }
}

/// Automatic layout settings (issue 37); nil: the default (docs/language.md).
package struct GraphOptions: Hashable, Sendable {
    /// `spacing:` of a graph as a pair: the gap between ranks (the first of the pair, the
    /// gap between nodes of a rank, is `NodeGeometry.spacing`).
    package var rankSpacing: Double?
    /// `sameRank:` groups of ids, each kept in one rank.
    package var sameRank: [[String]] = []
    /// `nodeStyle:` indices of the styles given to the boxes made for unknown ids (evaluation only).
    package var nodeStyles: [Int] = []
    /// Names connectors in the graph's block use, in order (evaluation only: it makes boxes
    /// for those no node has, then clears this).
    package var implicitNames: [ImplicitNodeName] = []
    /// `rank:` of a node in a graph.
    package var rank: GraphRank?
    /// `weight:` of a connector.
    package var weight: Double?
    package init() {}
}

/// `route:` of connectors.
package enum Route: UInt8, Hashable, Sendable {
    case straight, orthogonal, curved
}

/// The marks at the ends of connectors and lines (`arrowhead:`, `arrowtail:`).
package enum ArrowheadStyle: UInt8, Hashable, Sendable {
    case triangle, open, stealth, diamond, diamondOpen, circle, circleOpen, bar, none
    /// Crow's feet of ER diagrams: cardinalities at the line's end.
    case one, many, oneOrMany, zeroOrOne, zeroOrMany
}

/// `labelPosition:` of connector labels.
package enum LabelPosition: UInt8, Hashable, Sendable {
    case above, below, on
}

/// `jumps:` — how a connector draws its crossings with earlier connectors.
package enum LineJumps: UInt8, Hashable, Sendable {
    case none, arc, gap
}

/// Connector options; nil: the default (docs/language.md).
package struct LinkOptions: Hashable, Sendable {
    package var route: Route?
    /// `side:` — where the connector leaves its start node; `toSide:` — where it enters its end node.
    package var fromSide: Anchor?
    package var toSide: Anchor?
    package var head: ArrowheadStyle?
    package var tail: ArrowheadStyle?
    /// `arrowSize:` — the length of a head along the line, in points.
    package var arrowSize: Double?
    package var labelPosition: LabelPosition?
    /// `labelAt:` — where along the path the label goes, 0 (start) to 1 (end).
    package var labelAt: Double?
    /// `labelBackground:` — `.some(nil)` for `none`; nil: the page background.
    package var labelBackground: Color??
    /// `merge: true` — shares ports and runs with other merging connectors at a node.
    package var merge = false
    package var jumps: LineJumps?
    package init() {}
}

/// A stored property that is not part of its type's value: the synthesised `==` and `hash` of
/// the type pass it by (a cache of something compared elsewhere, or where a value came from).
@propertyWrapper
package struct Uncompared<Value: Sendable>: Hashable, Sendable {
    package var wrappedValue: Value
    package init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
    package static func == (a: Uncompared, b: Uncompared) -> Bool { true }
    package func hash(into hasher: inout Hasher) {}
}

extension UnsafePointer where Pointee == Node {
    /// `pointee.geometry.hasRareProperties`, read here in place: layout asks it of every node
    /// several times (an `UnsafePointer<Node>` is its `NodeRef`), and from its module the
    /// getter call copied the whole geometry out of the node each time (issue 38).
    package var hasRareGeometry: Bool { pointee.geometry.hasRareProperties }
    /// `pointee.geometry.at`, read here in place for the same reason: layout asks it of
    /// every node when placing it.
    package var geometryAt: PointValue? { pointee.geometry.at }
    /// `pointee.geometry.corner`, read here in place: emit asks it of every rect.
    package var geometryCorner: Double? { pointee.geometry.corner }
    /// `pointee.style` in place: emit reads a node's paint several times, and a copy of the
    /// style out of the node retained and released its box (issue 38). Its getters that emit
    /// reads are inlinable, so through the pointer they load only the fields they need.
    package var styleInPlace: UnsafePointer<ResolvedStyle> {
        UnsafeRawPointer(self).advanced(by: MemoryLayout<Node>.offset(of: \Node.style)!)
            .assumingMemoryBound(to: ResolvedStyle.self)
    }
}
