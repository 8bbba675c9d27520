// The properties of nodes: one `PropertySpec` each, from `Property.spec`. A new property is a
// case of `Property` (added at the end of its group's line), its case of its role's enum and
// line in `declaredRole` (PropertyRoles.swift), and its entry in its role's
// `declaration(of:)` here; the switches are exhaustive, so none of them can be left out.

/// A node property. The raw value is its bit in a `PropertySet`.
public enum Property: UInt8, CaseIterable, Hashable, Sendable {
    // Common geometry.
    case id, at, anchor, width, height, size, padding, rotate, scale, opacity, clip, style
    // Paint (inherited).
    case fill, stroke, lineWidth, lineCap, lineJoin, miterLimit, dash, dashOffset, fillRule
    // Text (inherited).
    case font, fontSize, bold, italic, color, align, lineHeight
    // Kind-specific.
    case corner, r, from, to, points, arrow, via, label, spacing, rowSpacing, columnSpacing, columns
    case minLength, fit
    // Barcodes.
    case type, module, quietZone, text, errorCorrection, version, mask, printerDPI, background, shape
    // Smooth curves and ink.
    case smooth, tension, thinning, smoothing, streamline, easing, taper, cap, simulatePressure
    // Diagrams (issue #19).
    case direction, skew, sides, inner, route, side, toSide, arrowhead, arrowtail, arrowSize
    case labelPosition, labelAt, labelBackground
    /// `merge:` and `jumps:` of connectors (issue 36).
    case merge, jumps
    // Typesetting (issue #23).
    case underline, strikethrough, letterSpacing, wordSpacing, textTransform, smallCaps, baselineShift
    case hyphenate, markup, tabStops, maxLines, overflow
    // Shaping (issue 39).
    case features
    // Bidirectional text (issue 39).
    case textDirection
    // Paint (issue 24).
    case shadow, blend
    // Barcodes: ITF-14 bearer bars.
    case bearer, bearerWidth
    // Automatic layout (issue 37).
    case nodeStyle, rank, sameRank, weight
}

/// Where a property belongs in the reference.
package enum PropertyGroup: UInt8, Hashable, Sendable, CaseIterable {
    /// Geometry, placement and effects, taken by (nearly) every kind.
    case common
    /// Paint, inherited.
    case paint
    /// Text, inherited.
    case text
    /// Used only by the kinds it lists.
    case kindSpecific

    package var title: String {
        switch self {
        case .common: "Common properties"
        case .paint: "Paint (inherited)"
        case .text: "Text (inherited)"
        case .kindSpecific: "Kind-specific properties"
        }
    }
}

/// Everything the language says about one property.
package struct PropertySpec: Sendable {
    package let name: String
    package let type: ValueType
    /// What it takes, as "expected …" messages word it ("a length", "butt, round or square").
    package let expects: String
    /// The kinds it has an effect on; `nil`: every kind.
    package let kinds: KindSet?
    /// The value when it is not given, as written in the reference ("none", "1pt", "inherited").
    package let defaultValue: String
    /// Passed down to children that do not set it (`fill`, `font`, …).
    package let isInherited: Bool
    package let group: PropertyGroup
    /// The words it accepts (completion and did-you-mean), aliases included; empty when none.
    package let words: [String]
    package let doc: String
    package let example: String
    /// Why the property draws nothing by itself (`id` names a node, `style` applies other
    /// properties); nil: setting it to its example changes the drawing of every kind it
    /// applies to (PropertyEffectTests compiles each and compares the scene IR).
    package let noDrawnEffect: String?
    /// The property without which this one draws nothing, when both are written on a node
    /// (`labelAt` without `label`): writing it alone is the warning `sem.ignored-property`.
    package let requires: Property?

    /// `expects` nil: a word-valued property expects one of its words ("butt, round or square").
    init(_ name: String, _ type: ValueType, _ expects: String? = nil, kinds: KindSet? = nil, default defaultValue: String,
         group: PropertyGroup, words: [String] = [], doc: String, example: String, noDrawnEffect: String? = nil,
         requires: Property? = nil) {
        precondition(expects != nil || (type == .word && words.count >= 2), "'\(name)' needs what it expects")
        self.name = name; self.type = type; self.kinds = kinds
        self.expects = expects ?? words.dropLast().joined(separator: ", ") + " or " + words.last!
        self.defaultValue = defaultValue; self.group = group
        self.isInherited = group == .paint || group == .text
        self.words = words; self.doc = doc; self.example = example; self.noDrawnEffect = noDrawnEffect
        self.requires = requires
    }

    /// Whether the property has an effect on `kind`.
    @inline(__always) package func applies(to kind: NodeKind) -> Bool { kinds?.contains(kind) ?? true }
}

/// Limits of the diagram shapes' counts (a breach is a diagnostic).
package enum ShapeLimits {
    /// `sides:` of regular polygons and `points:` of stars.
    package static let maxSides = 1000
}

extension Property {
    /// The property's declaration, built once.
    @inline(__always) package var spec: PropertySpec { Property.specs[Int(rawValue)] }
    package static let specs: [PropertySpec] = allCases.map(\.declaration)

    package var name: String { spec.name }
    /// Whether the property has an effect on `kind`. Evaluation asks this for every property
    /// of every node: a table of kind bits, not a copy of the spec.
    /// `@inlinable @inline(__always)` on a public type: every stage asks these of every node
    /// from another module, where a `package` type's members stay calls, inlinable or not
    /// (Swift 6.3.1), and a large caller such as `applyProperty` inlines nothing it is not
    /// told to. The same holds for `==` (the synthesised one is a call through the generic
    /// `Equatable` witness), `role` and `PropertySet` (issue 38, bench/RESULTS.md).
    @inlinable @inline(__always) package func applies(to kind: NodeKind) -> Bool { Property.tables.applies(self, to: kind) }

    @inlinable @inline(__always) public static func == (a: Property, b: Property) -> Bool { a.rawValue == b.rawValue }

    /// The property of a name, or nil.
    package static func named(_ name: String) -> Property? { byName[name] }
    private static let byName: [String: Property] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })
    /// Every property name in declaration order: did-you-mean and completion.
    package static let names: [String] = allCases.map(\.name)

    /// The properties that have an effect on `kind`, in declaration order (completion).
    package static func applying(to kind: NodeKind) -> [Property] { allCases.filter { $0.applies(to: kind) } }

    /// The properties that draw nothing without another (`PropertySpec.requires`).
    package static let requiring: [Property] = allCases.filter { $0.spec.requires != nil }

    /// The inherited properties, in declaration order: their positions are the bits of `InheritedSet`.
    package static let inherited: [Property] = allCases.filter(\.spec.isInherited)

    /// The property's declaration, by role: one function per role, each exhaustive over
    /// its role's enum (`declaredRole` says which), so a new property is asked for in both.
    private var declaration: PropertySpec {
        switch declaredRole {
        case .geometry(let property): Self.declaration(of: property)
        case .style: Self.styleDeclaration
        case .paint(let property): Self.declaration(of: property)
        case .text(let property): Self.declaration(of: property)
        case .path(let property): Self.declaration(of: property)
        case .connector(let property): Self.declaration(of: property)
        case .barcode(let property): Self.declaration(of: property)
        case .ink(let property): Self.declaration(of: property)
        case .shape(let property): Self.declaration(of: property)
        case .textFit(let property): Self.declaration(of: property)
        case .effect(let property): Self.declaration(of: property)
        case .graph(let property): Self.declaration(of: property)
        }
    }

    /// The properties of the geometry role.
    private static func declaration(of property: GeometryProperty) -> PropertySpec {
        let anchors = AnchorName.allNames
        switch property {
        case .id:
            return PropertySpec("id", .identifier, "a name or a string", default: "none", group: .common,
                                doc: "Names the node for connectors, `at:` and anchors; unique in the drawing.",
                                example: "rect id: web",
                                noDrawnEffect: "it names the node for `at:`, anchors and connectors; a name alone draws nothing")
        case .at:
            return PropertySpec("at", .point, "a point", kinds: Self.placed, default: "in the flow", group: .common,
                                doc: "Places the node's `anchor` at a point or another node's anchor, out of the flow.",
                                example: "circle at: box.right + (20, 0)")
        case .anchor:
            return PropertySpec("anchor", .word, "an anchor name (center, top, topLeft, n, ne, …)", kinds: Self.placed, default: "center",
                                group: .common, words: anchors,
                                doc: "Which point of the node `at` places.", example: "text \"x\", at: (0, 0), anchor: topLeft", requires: .at)
        case .width:
            return PropertySpec("width", .length, "a length", kinds: Self.sized, default: "from the content", group: .common,
                                doc: "The frame's width (non-negative); for `text` the wrap width, for `stroke` the nominal diameter.",
                                example: "rect width: 2in")
        case .height:
            return PropertySpec("height", .length, "a length", kinds: Self.sized.subtracting(KindSet(.stroke)), default: "from the content", group: .common,
                                doc: "The frame's height (non-negative).", example: "rect height: 1cm")
        case .size:
            return PropertySpec("size", .size, "a size (width, height) or a length", kinds: Self.sized, default: "from the content",
                                group: .common, doc: "Width and height together, or one length for both.",
                                example: "rect size: (80, 40)")
        case .padding:
            return PropertySpec("padding", .insets, "a length, (vertical, horizontal) or (top, right, bottom, left)",
                                kinds: Self.padded, default: "8pt on shapes sized by their content", group: .common,
                                doc: "Space between the frame and its label or children.", example: "rect \"a\", padding: (4pt, 8pt)")
        case .rotate:
            return PropertySpec("rotate", .angle, "an angle", kinds: Self.placed, default: "0deg", group: .common,
                                doc: "Turns the node about its centre after layout (a number is degrees).", example: "rect rotate: 15deg")
        case .scale:
            return PropertySpec("scale", .other, "a number or (x, y)", kinds: Self.placed, default: "1", group: .common,
                                doc: "Scales the node about its centre after layout: a number, a percentage or `(sx, sy)`.",
                                example: "group scale: 50% { rect }")
        case .opacity:
            return PropertySpec("opacity", .fraction, "a number from 0 to 1 or a percentage", default: "1", group: .common,
                                doc: "Fades the node and its children as one.", example: "rect opacity: 80%")
        case .clip:
            return PropertySpec("clip", .bool, "a bool", kinds: .parents, default: "false", group: .common,
                                doc: "Clips children to the node's outline.", example: "circle r: 20, clip: true { rect size: (60, 60), fill: red }")
        case .corner:
            return PropertySpec("corner", .length, "a length", kinds: KindSet(.rect), default: "0pt", group: .kindSpecific,
                                doc: "The radius of a rectangle's rounded corners.", example: "rect corner: 6pt")
        case .r:
            return PropertySpec("r", .length, "a length", kinds: KindSet(.circle), default: "18pt", group: .kindSpecific,
                                doc: "The radius of a circle.", example: "circle r: 10pt")
        case .spacing:
            return PropertySpec("spacing", .length, "a length", kinds: KindSet(.vstack, .hstack, .grid, .graph), default: "8pt (graph: (24pt, 36pt))",
                                group: .kindSpecific, doc: "The gap between children of stacks and grids; on a `graph` one length or (between nodes of a rank, between ranks).",
                                example: "vstack spacing: 4pt { }")
        case .rowSpacing:
            return PropertySpec("rowSpacing", .length, "a length", kinds: KindSet(.grid), default: "spacing",
                                group: .kindSpecific, doc: "The gap between rows of a grid.", example: "grid columns: 2, rowSpacing: 2pt { }")
        case .columnSpacing:
            return PropertySpec("columnSpacing", .length, "a length", kinds: KindSet(.grid), default: "spacing",
                                group: .kindSpecific, doc: "The gap between columns of a grid.", example: "grid columns: 2, columnSpacing: 2pt { }")
        case .columns:
            return PropertySpec("columns", .number, "a whole number", kinds: KindSet(.grid), default: "all in one row",
                                group: .kindSpecific, doc: "Cells per row of a grid (1 to 100000).", example: "grid columns: 3 { }")
        case .minLength:
            return PropertySpec("minLength", .length, "a length", kinds: KindSet(.spacer, .connector), default: "0pt (connector: 1)",
                                group: .kindSpecific, doc: "The least length of a spacer; on a connector in a `graph`, the least number of ranks it spans (a whole number).",
                                example: "spacer minLength: 10")
        case .fit:
            return PropertySpec("fit", .word, kinds: KindSet(.image), default: "contain",
                                group: .kindSpecific, words: FitWord.words,
                                doc: "How an image fills its frame.", example: "image \"a.png\", size: (80, 80), fit: cover")
        }
    }

    /// `style:`.
    private static var styleDeclaration: PropertySpec {
        return PropertySpec("style", .style, "a style or a list of styles", default: "none", group: .common,
                            doc: "Applies `style` declarations; properties written on the node win.",
                            example: "rect style: [card, warning]",
                            noDrawnEffect: "it applies the properties of `style` declarations, each of which is checked on its own")
    }

    /// The properties of the paint role.
    private static func declaration(of property: PaintProperty) -> PropertySpec {
        let lines = KindSet.lines
        switch property {
        case .fill:
            return PropertySpec("fill", .paint, "a color, a gradient (linear, radial), a pattern (hatch, dots, a `pattern` block) or 'none'", kinds: Self.filled, default: "none",
                                group: .paint, words: ["none"],
                                doc: "The paint inside the outline. On a `grid`, `fill: true` stretches shape cells to their slot.",
                                example: "rect fill: #fde68a")
        case .stroke:
            return PropertySpec("stroke", .paint, "a color, a gradient (linear, radial) or 'none'", kinds: .outlined, default: "black", group: .paint,
                                words: ["none"],
                                doc: "The paint of the outline.", example: "rect stroke: none")
        case .lineWidth:
            return PropertySpec("lineWidth", .length, "a length", kinds: .outlined, default: "1pt", group: .paint,
                                doc: "The outline's width (non-negative).", example: "line from: a, to: b, lineWidth: 2pt")
        case .lineCap:
            return PropertySpec("lineCap", .word, kinds: .outlined, default: "butt", group: .paint,
                                words: LineCapWord.words, doc: "How open ends of lines are drawn.",
                                example: "polyline points: [(0, 0), (20, 10)], lineCap: round")
        case .lineJoin:
            return PropertySpec("lineJoin", .word, kinds: .outlined, default: "miter", group: .paint,
                                words: LineJoinWord.words, doc: "How corners of outlines are drawn.",
                                example: "polygon points: [(0, 0), (20, 0), (10, 20)], lineJoin: round")
        case .miterLimit:
            return PropertySpec("miterLimit", .number, "a number", kinds: .outlined, default: "4", group: .paint,
                                doc: "Above this ratio a mitred corner is bevelled (at least 1).", example: "rect miterLimit: 10")
        case .dash:
            return PropertySpec("dash", .other, "a list of lengths, a length or 'none'", kinds: .outlined, default: "none", group: .paint,
                                words: ["none"], doc: "Dash and gap lengths of the outline (not all zero).",
                                example: "rect dash: [4, 2]")
        case .dashOffset:
            return PropertySpec("dashOffset", .length, "a length", kinds: .outlined, default: "0pt", group: .paint,
                                doc: "How far into the dash pattern the outline starts.", example: "rect dash: [4, 2], dashOffset: 2")
        case .fillRule:
            return PropertySpec("fillRule", .word, "nonZero or evenOdd", kinds: Self.filledWithRule, default: "nonZero", group: .paint,
                                words: FillRuleWord.words,
                                doc: "Which parts of a self-crossing outline are inside.", example: "path \"M0 0 H40 V40 H0 Z M10 10 H30 V30 H10 Z\", fill: gray, fillRule: evenOdd")
        }
    }

    /// The properties of the text role.
    private static func declaration(of property: TextProperty) -> PropertySpec {
        let lines = KindSet.lines
        switch property {
        case .font:
            return PropertySpec("font", .font, "a font name, a font file path or a list of them", kinds: .drawsText, default: "\"Helvetica\"",
                                group: .text,
                                doc: "A family (`\"Times\"`, one on the font path), a font file, or a list tried per character.",
                                example: "text \"a\", font: [\"Noto Serif\", \"Noto Sans CJK JP\"]")
        case .fontSize:
            return PropertySpec("fontSize", .length, "a length", kinds: .drawsText, default: "12pt", group: .text,
                                doc: "The text size (greater than zero).", example: "text \"a\", fontSize: 9pt")
        case .bold:
            return PropertySpec("bold", .bool, "a bool", kinds: .drawsText, default: "false", group: .text,
                                doc: "The bold face of the font.", example: "text \"a\", bold: true")
        case .italic:
            return PropertySpec("italic", .bool, "a bool", kinds: .drawsText, default: "false", group: .text,
                                doc: "The italic face of the font.", example: "text \"a\", italic: true")
        case .color:
            return PropertySpec("color", .color, "a color", kinds: Self.coloured, default: "black", group: .text,
                                doc: "The text colour (and the ink of `stroke`).", example: "text \"a\", color: gray")
        case .align:
            return PropertySpec("align", .word,
                                "an alignment (leading, center, trailing, top, bottom, left, right, topLeading, …)",
                                kinds: Self.aligned, default: "left (text), center (stacks)", group: .text,
                                words: AlignWord.words,
                                doc: "Text alignment (also `justify`, and `start`/`end`, which follow `textDirection:`), inherited; on stacks and grids their own alignment of children, not inherited.",
                                example: "vstack align: trailing { text \"a\"; text \"bbb\" }")
        case .lineHeight:
            return PropertySpec("lineHeight", .other, "a number (times the font size) or a length", kinds: .drawsText, default: "1.2",
                                group: .text, doc: "The distance between baselines of wrapped lines.",
                                example: "text \"a\\nb\", lineHeight: 1.5")
        case .underline:
            return PropertySpec("underline", .bool, "a bool", kinds: .drawsText, default: "false", group: .text,
                                doc: "A bar under the text at the font's own underline position and thickness.",
                                example: "text \"a\", underline: true")
        case .strikethrough:
            return PropertySpec("strikethrough", .bool, "a bool", kinds: .drawsText, default: "false", group: .text,
                                doc: "A bar through the text at the font's strikeout position (half the x-height for the standard fonts).",
                                example: "text \"a\", strikethrough: true")
        case .letterSpacing:
            return PropertySpec("letterSpacing", .length, "a length", kinds: .drawsText, default: "0pt", group: .text,
                                doc: "Added after every character (±1000pt).", example: "text \"a\", letterSpacing: 1pt")
        case .wordSpacing:
            return PropertySpec("wordSpacing", .length, "a length", kinds: .writtenText, default: "0pt", group: .text,
                                doc: "Added after every space (±1000pt).", example: "text \"a b\", wordSpacing: 3pt")
        case .textTransform:
            return PropertySpec("textTransform", .word, "none, uppercase, lowercase or capitalize", kinds: .writtenText, default: "none",
                                group: .text, words: TextTransformWord.words,
                                doc: "Changes the case of the drawn (and extracted) text.", example: "text \"a\", textTransform: uppercase")
        case .smallCaps:
            return PropertySpec("smallCaps", .bool, "a bool", kinds: .writtenText, default: "false", group: .text,
                                doc: "Lower-case letters drawn as capitals at 80% of the size (synthesised).",
                                example: "text \"Name\", smallCaps: true")
        case .baselineShift:
            return PropertySpec("baselineShift", .other, "a length, a percentage of the font size, super, sub or baseline",
                                kinds: .drawsText, default: "baseline", group: .text, words: BaselineShiftWord.words,
                                doc: "Moves text up (a length or a percentage of the size; `super` +33%, `sub` −20%).",
                                example: "text \"x[baselineShift: super]{2}\", markup: true")
        case .hyphenate:
            return PropertySpec("hyphenate", .bool, "a bool", kinds: Self.paragraphs, default: "false", group: .text,
                                doc: "Wrapped words may break at hyphenation points (Liang's patterns, American English).",
                                example: "text \"internationalization\", width: 100pt, hyphenate: true")
        case .textDirection:
            return PropertySpec("textDirection", .word, kinds: .writtenText, default: "auto", group: .text, words: TextDirectionWord.words,
                                doc: "The base direction of each paragraph: `auto` from its first strong letter (Hebrew, Arabic: right to left), `ltr`, `rtl`; mixed text is ordered by the Unicode Bidirectional Algorithm.",
                                example: "text \"שלום, world\", textDirection: rtl, font: \"Noto Sans Hebrew\"")
        case .markup:
            return PropertySpec("markup", .bool, "a bool", kinds: .writtenText, default: "false", group: .text,
                                doc: "The text is rich-text markup: `*bold*`, `_italic_`, `[color: red]{…}`; doubled markers are literal.",
                                example: "text \"a *b* _c_\", markup: true")
        case .features:
            return PropertySpec("features", .other, "a feature or a list of features (\"smcp\", \"-liga\", \"salt=2\")", kinds: .writtenText, default: "none",
                                group: .text,
                                doc: "OpenType features on (`\"smcp\"`), off (`\"-liga\"`) or set to an alternate (`\"salt=2\"`), as CSS's font-feature-settings; TrueType and OpenType fonts only.",
                                example: "text \"1/2 office\", font: \"Noto Sans\", features: [\"-liga\", \"tnum\"]")
        case .tabStops:
            return PropertySpec("tabStops", .other, "a length (every so far) or a list of lengths", kinds: .writtenText, default: "none",
                                group: .text, doc: "Where tabs move to, from the text's left edge (increasing; without: a tab is a space).",
                                example: "text \"a\\tb\", tabStops: [60pt]")
        }
    }

    /// The properties of the path role.
    private static func declaration(of property: PathProperty) -> PropertySpec {
        let lines = KindSet.lines
        switch property {
        case .from:
            return PropertySpec("from", .endpoint, "a node name or a point", kinds: KindSet(.line, .arrow),
                                default: "none", group: .kindSpecific,
                                doc: "Where a line starts: a point, or a node whose outline it leaves.", example: "arrow from: a, to: b")
        case .to:
            return PropertySpec("to", .endpoint, "a node name or a point", kinds: KindSet(.line, .arrow),
                                default: "none", group: .kindSpecific,
                                doc: "Where a line ends: a point, or a node whose outline it meets.", example: "arrow from: a, to: (100, 0)")
        case .points:
            return PropertySpec("points", .points, "a list of points",
                                kinds: KindSet(.line, .arrow, .polyline, .polygon, .stroke, .star), default: "none (star: 5)",
                                group: .kindSpecific,
                                doc: "The points of lines, polylines, polygons and ink (a list or a points string); on a `star`, its number of tips.",
                                example: "polygon points: [(0, 0), (40, 0), (20, 30)]")
        case .arrow:
            return PropertySpec("arrow", .word, kinds: lines,
                                default: "none (arrow, connector: end)", group: .kindSpecific,
                                words: ArrowWord.words, doc: "Which ends get an arrowhead (`true` is `end`).",
                                example: "line from: a, to: b, arrow: both")
        case .via:
            return PropertySpec("via", .points, "a list of points", kinds: lines, default: "none", group: .kindSpecific,
                                doc: "Elbows the line passes through.", example: "a -> b, via: [(50, 80)]")
        case .smooth:
            return PropertySpec("smooth", .bool, "a bool", kinds: KindSet(.line, .arrow, .polyline, .polygon),
                                default: "false", group: .kindSpecific, doc: "A curve through the points instead of segments.",
                                example: "polyline points: [(0, 0), (20, 10), (40, 0)], smooth: true")
        case .tension:
            return PropertySpec("tension", .fraction, "a number from 0 to 1", kinds: KindSet(.line, .arrow, .polyline, .polygon),
                                default: "0", group: .kindSpecific, doc: "0 is Catmull-Rom, 1 straight segments.",
                                example: "polyline points: [(0, 0), (20, 10)], smooth: true, tension: 0.5", requires: .smooth)
        }
    }

    /// The properties of the connector role.
    private static func declaration(of property: ConnectorProperty) -> PropertySpec {
        let lines = KindSet.lines
        switch property {
        case .label:
            return PropertySpec("label", .string, "a string", kinds: lines, default: "none", group: .kindSpecific,
                                doc: "Text drawn along the line.", example: "a -> b, label: \"HTTPS\"")
        case .route:
            return PropertySpec("route", .word, kinds: lines, default: "straight (curved in a graph)",
                                group: .kindSpecific, words: RouteWord.words,
                                doc: "How a connector finds its way.", example: "a -> b, route: orthogonal")
        case .side:
            return PropertySpec("side", .word, "top, bottom, left or right", kinds: lines, default: "the nearest",
                                group: .kindSpecific, words: SideWord.words,
                                doc: "Where a connector leaves its start node.", example: "a -> b, side: bottom")
        case .toSide:
            return PropertySpec("toSide", .word, "top, bottom, left or right", kinds: lines, default: "the nearest",
                                group: .kindSpecific, words: SideWord.words,
                                doc: "Where a connector enters its end node.", example: "a -> b, toSide: top")
        case .arrowhead:
            return PropertySpec("arrowhead", .word, kinds: lines, default: "triangle",
                                group: .kindSpecific, words: ArrowheadWord.words,
                                doc: "The mark at the end of a line.", example: "a -> b, arrowhead: many")
        case .arrowtail:
            return PropertySpec("arrowtail", .word, kinds: lines, default: "none",
                                group: .kindSpecific, words: ArrowheadWord.words,
                                doc: "The mark at the start of a line.", example: "a -> b, arrowtail: one")
        case .arrowSize:
            return PropertySpec("arrowSize", .length, "a length", kinds: lines, default: "from the line width",
                                group: .kindSpecific, doc: "The length of a head along the line (at most 1000pt).",
                                example: "line from: a, to: b, arrow: end, arrowSize: 8pt")
        case .labelPosition:
            return PropertySpec("labelPosition", .word, kinds: lines, default: "above",
                                group: .kindSpecific, words: LabelPositionWord.words,
                                doc: "Where a line's label sits.", example: "a -> b, label: \"x\", labelPosition: on", requires: .label)
        case .labelAt:
            return PropertySpec("labelAt", .fraction, "a number from 0 to 1 or a percentage", kinds: lines, default: "0.5",
                                group: .kindSpecific, doc: "Where along the line the label goes.",
                                example: "a -> b, label: \"x\", labelAt: 25%", requires: .label)
        case .merge:
            return PropertySpec("merge", .bool, "a bool", kinds: lines, default: "false", group: .kindSpecific,
                                doc: "Orthogonal connectors that share a node and say `merge: true` share its port and run as one trunk.",
                                example: "a -> b, route: orthogonal, merge: true")
        case .jumps:
            return PropertySpec("jumps", .word, kinds: lines, default: "none", group: .kindSpecific, words: JumpsWord.words,
                                doc: "Where the line crosses an earlier connector: a small hop (`arc`) or a break (`gap`).",
                                example: "a -> b, jumps: arc")
        case .labelBackground:
            return PropertySpec("labelBackground", .paint, "a color or 'none'", kinds: lines,
                                default: "the page background", group: .kindSpecific, words: ["none"],
                                doc: "Painted behind a line's label.", example: "a -> b, label: \"x\", labelBackground: none", requires: .label)
        }
    }

    /// The properties of the barcode role.
    private static func declaration(of property: BarcodeProperty) -> PropertySpec {
        switch property {
        case .type:
            return PropertySpec("type", .word,
                                "a barcode type (code128, gs1, ean13, ean8, upca, upce, itf14, qr, datamatrix)",
                                kinds: KindSet(.barcode), default: "code128", group: .kindSpecific,
                                words: ["code128", "gs1", "gs1_128", "ean13", "ean8", "upca", "upce", "itf14", "qr", "datamatrix"],
                                doc: "The symbology.", example: "barcode \"hello\", type: qr")
        case .module:
            return PropertySpec("module", .length, "a length", kinds: KindSet(.barcode), default: "from the size",
                                group: .kindSpecific, doc: "The width of the narrowest bar or a matrix module.",
                                example: "barcode \"x\", type: code128, module: 0.5mm")
        case .quietZone:
            return PropertySpec("quietZone", .other, "a number of modules or a length", kinds: KindSet(.barcode),
                                default: "the standard's", group: .kindSpecific,
                                doc: "The clear margin around the symbol: a number counts modules, a length is absolute.",
                                example: "barcode \"x\", type: code128, quietZone: 4")
        case .text:
            return PropertySpec("text", .other, "a bool or a string", kinds: KindSet(.barcode), default: "true",
                                group: .kindSpecific, doc: "The human-readable text under a linear symbol, or your own.",
                                example: "barcode \"x\", type: code128, text: false")
        case .errorCorrection:
            return PropertySpec("errorCorrection", .word, kinds: KindSet(.barcode), default: "M",
                                group: .kindSpecific, words: ["L", "M", "Q", "H"], doc: "The QR Code error-correction level.",
                                example: "barcode \"x\", type: qr, errorCorrection: H")
        case .version:
            return PropertySpec("version", .other, "a QR version from 1 to 40, or a Data Matrix size such as \"16x48\"",
                                kinds: KindSet(.barcode), default: "the smallest that fits", group: .kindSpecific,
                                doc: "The symbol size.", example: "barcode \"x\", type: qr, version: 5")
        case .mask:
            return PropertySpec("mask", .number, "a QR mask from 0 to 7", kinds: KindSet(.barcode), default: "the best",
                                group: .kindSpecific, doc: "The QR Code mask pattern.", example: "barcode \"x\", type: qr, mask: 3")
        case .printerDPI:
            return PropertySpec("printerDPI", .number, "a number of dots per inch", kinds: KindSet(.barcode),
                                default: "none", group: .kindSpecific,
                                doc: "Rounds modules to whole printer dots (50 to 10000).", example: "barcode \"x\", type: code128, printerDPI: 203")
        case .background:
            return PropertySpec("background", .paint, "a color or 'none'", kinds: KindSet(.barcode), default: "none",
                                group: .kindSpecific, words: ["none"], doc: "Painted under the symbol and its quiet zone.",
                                example: "barcode \"x\", type: code128, background: white")
        case .shape:
            return PropertySpec("shape", .word, kinds: KindSet(.barcode), default: "square",
                                group: .kindSpecific, words: BarcodeShapeWord.words,
                                doc: "The Data Matrix shapes to choose from.", example: "barcode \"x\", type: datamatrix, shape: rectangle")
        case .bearer:
            return PropertySpec("bearer", .word, kinds: KindSet(.barcode), default: "frame",
                                group: .kindSpecific, words: BearerWord.words,
                                doc: "ITF-14 bearer bars: a frame round the symbol and its quiet zones, bars above and below, or none.",
                                example: "barcode \"1540014128876\", type: itf14, bearer: bars")
        case .bearerWidth:
            return PropertySpec("bearerWidth", .other, "a number of modules or a length", kinds: KindSet(.barcode),
                                default: "5", group: .kindSpecific,
                                doc: "The width of ITF-14 bearer bars: a number counts modules (at least 2), a length is absolute.",
                                example: "barcode \"1540014128876\", type: itf14, bearerWidth: 3")
        }
    }

    /// The properties of the ink role.
    private static func declaration(of property: InkProperty) -> PropertySpec {
        switch property {
        case .thinning:
            return PropertySpec("thinning", .number, "a number from -1 to 1", kinds: KindSet(.stroke), default: "0.5",
                                group: .kindSpecific, doc: "How much pressure changes the width of ink.",
                                example: "stroke points: [(0, 0), (40, 0)], thinning: 0.7")
        case .smoothing:
            return PropertySpec("smoothing", .fraction, "a number from 0 to 1", kinds: KindSet(.stroke), default: "0.5",
                                group: .kindSpecific, doc: "How much the ink's edges are softened.",
                                example: "stroke points: [(0, 0), (3, 2), (6, 0), (9, 3), (12, 0), (15, 2), (40, 0)], smoothing: 0.1")
        case .streamline:
            return PropertySpec("streamline", .fraction, "a number from 0 to 1", kinds: KindSet(.stroke), default: "0.5",
                                group: .kindSpecific, doc: "How far each point is pulled toward the previous one.",
                                example: "stroke points: [(0, 0), (40, 0)], streamline: 0.8")
        case .easing:
            return PropertySpec("easing", .word, "an easing name (linear, easeInQuad, easeOutQuad, …)", kinds: KindSet(.stroke),
                                default: "linear", group: .kindSpecific,
                                words: EasingWord.words,
                                doc: "Applied to the pressure before it sets the radius.",
                                example: "stroke points: [(0, 0), (40, 0)], easing: easeOutQuad")
        case .taper:
            return PropertySpec("taper", .other, "a length, 'none', true, or [start, end] of those", kinds: KindSet(.stroke),
                                default: "none", group: .kindSpecific, words: ["none"],
                                doc: "Narrows the ends of ink to a point over that length.",
                                example: "stroke points: [(0, 0), (40, 0)], taper: [10, none]")
        case .cap:
            return PropertySpec("cap", .other, "a bool or [start, end] bools", kinds: KindSet(.stroke), default: "true",
                                group: .kindSpecific, doc: "Round caps at the ends of ink (`false`: flat).",
                                example: "stroke points: [(0, 0), (40, 0)], cap: false")
        case .simulatePressure:
            return PropertySpec("simulatePressure", .bool, "a bool", kinds: KindSet(.stroke),
                                default: "true when the points carry no pressure", group: .kindSpecific,
                                doc: "Pressure from the spacing of points (fast is thin).",
                                example: "stroke points: [(0, 0), (40, 0)], simulatePressure: false")
        }
    }

    /// The properties of the shape role.
    private static func declaration(of property: ShapeProperty) -> PropertySpec {
        switch property {
        case .direction:
            return PropertySpec("direction", .word, kinds: KindSet(.triangle, .graph), default: "up (graph: down)",
                                group: .kindSpecific, words: DirectionWord.words,
                                doc: "Where a triangle's apex points; the way a `graph`'s ranks follow each other.", example: "triangle direction: right")
        case .skew:
            return PropertySpec("skew", .other, "a length or an angle", kinds: KindSet(.parallelogram, .trapezoid),
                                default: "20deg", group: .kindSpecific,
                                doc: "How far the top is shifted (parallelogram) or narrowed (trapezoid).",
                                example: "parallelogram \"io\", skew: 10pt")
        case .sides:
            return PropertySpec("sides", .number, "a whole number from 3 to \(ShapeLimits.maxSides)",
                                kinds: KindSet(.regularPolygon), default: "6", group: .kindSpecific,
                                doc: "The corners of a regular polygon.", example: "regularPolygon sides: 5")
        case .inner:
            return PropertySpec("inner", .fraction, "a number between 0 and 1 or a percentage", kinds: KindSet(.star),
                                default: "0.5", group: .kindSpecific, doc: "A star's inner radius as a fraction of the outer.",
                                example: "star points: 6, inner: 40%")
        }
    }

    /// The properties of the textFit role.
    private static func declaration(of property: TextFitProperty) -> PropertySpec {
        let lines = KindSet.lines
        switch property {
        case .maxLines:
            return PropertySpec("maxLines", .number, "a whole number of lines (1 or more)", kinds: Self.textKinds,
                                default: "no limit", group: .kindSpecific,
                                doc: "Lines past it are dropped; the last ends in an ellipsis.",
                                example: "text \"one two three four\", width: 40pt, maxLines: 2")
        case .overflow:
            return PropertySpec("overflow", .word, "visible or shrink", kinds: Self.textKinds, default: "visible",
                                group: .kindSpecific, words: OverflowWord.words,
                                doc: "`shrink`: the text of a fixed-size box is set smaller until it fits.",
                                example: "rect \"Label\", size: (60, 20), overflow: shrink")
        }
    }

    /// The properties of the effect role.
    private static func declaration(of property: EffectProperty) -> PropertySpec {
        switch property {
        case .shadow:
            return PropertySpec("shadow", .other, "(dx, dy, blur, color), a list of them or 'none'", default: "none",
                                group: .common, words: ["none"],
                                doc: "Drop shadows under the node: its alpha moved by (dx, dy), blurred (σ = blur / 2) and tinted; several are painted in order.",
                                example: "rect size: (80, 40), fill: white, shadow: (2pt, 4pt, 8pt, #0006)")
        case .blend:
            return PropertySpec("blend", .word,
                                "a blend mode (normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, hardLight, softLight, difference, exclusion, hue, saturation, color, luminosity)",
                                default: "normal", group: .common, words: BlendModeNames.all,
                                doc: "How the node (with its shadows) is composited onto what is below it: the blend modes of PDF.",
                                example: "circle r: 20, fill: #0ff, blend: multiply")
        }
    }

    /// The properties of the graph role.
    private static func declaration(of property: GraphProperty) -> PropertySpec {
        switch property {
        case .nodeStyle:
            return PropertySpec("nodeStyle", .other, "a style or a list of styles", kinds: KindSet(.graph), default: "none",
                                group: .kindSpecific,
                                doc: "The style of the boxes a `graph` makes for ids no node has.",
                                example: "graph nodeStyle: card { p -> q }")
        case .rank:
            return PropertySpec("rank", .word, kinds: Self.placed, default: "from the connectors",
                                group: .kindSpecific, words: RankWord.words,
                                doc: "In a `graph`: puts the node in the first or the last rank.",
                                example: "graph { t -> s; rect \"start\", id: s, rank: first }",
                                noDrawnEffect: "it constrains where a graph ranks a node; on a node outside a graph it draws nothing")
        case .sameRank:
            return PropertySpec("sameRank", .other, "a list of node ids, or a list of such lists", kinds: KindSet(.graph),
                                default: "none", group: .kindSpecific,
                                doc: "Nodes of a `graph` kept in one rank.",
                                example: "graph sameRank: [b, c] { a -> b; a -> c }",
                                noDrawnEffect: "it constrains a layout; the example's nodes already share a rank")
        case .weight:
            return PropertySpec("weight", .number, "a number from 0 to 1000", kinds: KindSet(.connector), default: "1",
                                group: .kindSpecific,
                                doc: "In a `graph`: how strongly a connector pulls its ends into short, straight runs.",
                                example: "a -> b, weight: 5",
                                noDrawnEffect: "it weighs a connector in a `graph`'s layout; outside one it draws nothing")
        }
    }

    /// What `fill` paints: closed outlines (polylines are closed for their fill); a line's
    /// arrowheads take the stroke's colour.
    private static let filled = KindSet.outlined.subtracting(KindSet(.line, .arrow, .connector))
    /// Where `fillRule` can matter: outlines that may cross themselves or have holes.
    private static let filledWithRule = KindSet(.polyline, .polygon, .path).union(.containers)
    /// Text, and ink, which `color` paints.
    private static let coloured = KindSet.drawsText.union(KindSet(.stroke))

    /// Where `padding` has an effect: the space around a label or children that are laid out.
    private static let padded = KindSet(.rect, .ellipse, .circle, .vstack, .hstack, .zstack, .grid).union(.diagramShapes)
    /// Frames set by `width`/`height`/`size`: not lines and paths (their points say where they
    /// go), connectors, spacers (flexible), groups (the bounds of their children).
    private static let sized = KindSet.all.subtracting(KindSet(.line, .arrow, .polyline, .polygon, .path, .connector, .spacer, .group))
    /// Nodes placed and turned as a whole: not connectors, which go from node to node, nor
    /// spacers, which are room in a stack.
    private static let placed = KindSet.all.subtracting(KindSet(.connector, .spacer))
    /// `align:`: text set in lines, and the stacks' and grids' own alignment.
    private static let aligned = KindSet.writtenText.subtracting(KindSet.lines)
    /// Text that can be wrapped at a width: texts, labels of shapes, and children.
    private static let paragraphs = aligned

    /// Texts and the shapes that draw a label.
    private static let textKinds = KindSet(.text, .rect, .ellipse, .circle).union(.diagramShapes)
}

/// A set of properties, one bit each (there are more than 64 of them).
public struct PropertySet: Equatable, Sendable {
    public var low: UInt64
    public var high: UInt64
    @inlinable package init() { low = 0; high = 0 }
    @inlinable @inline(__always) package func contains(_ property: Property) -> Bool {
        property.rawValue < 64 ? low & (1 &<< UInt64(property.rawValue)) != 0 : high & (1 &<< UInt64(property.rawValue &- 64)) != 0
    }
    @inlinable @inline(__always) package mutating func insert(_ property: Property) {
        if property.rawValue < 64 { low |= 1 &<< UInt64(property.rawValue) } else { high |= 1 &<< UInt64(property.rawValue &- 64) }
    }
}

/// The inherited properties a node sets itself, one bit per entry of `Property.inherited`.
/// Kept to 32 bits because a million nodes are held at once (Node places it where it costs
/// no padding); a 33rd inherited property widens `RawValue` here and nowhere else (a test
/// checks it fits).
public struct InheritedSet: Equatable, Hashable, Sendable {
    public typealias RawValue = UInt32
    public var rawValue: RawValue
    @inlinable package init() { rawValue = 0 }
    package static let empty = InheritedSet()

    @inlinable @inline(__always) package func contains(_ property: Property) -> Bool {
        rawValue & InheritedSet.bit(property) != 0
    }
    @inlinable @inline(__always) package mutating func insert(_ property: Property) { rawValue |= InheritedSet.bit(property) }
    /// `insert` with the tables already at hand (see `Property.Tables`).
    @inlinable @inline(__always) package mutating func insert(_ property: Property, tables: Property.Tables) {
        rawValue |= tables.inheritedBit(property)
    }

    /// The property's bit, or 0 when it is not inherited.
    @inlinable @inline(__always) static func bit(_ property: Property) -> RawValue { Property.tables.inheritedBit(property) }
    /// How many inherited properties the raw value can hold.
    package static let capacity = MemoryLayout<RawValue>.size * 8
}

extension Property {
    /// The per-property tables that every stage asks of every property of every node: whether
    /// it applies to a kind, its role, its `InheritedSet` bit. Each read of a global table goes
    /// through its accessor and `swift_once` (~15 instructions); a caller that asks for every
    /// property (evaluation) keeps `Property.tables` once and reads through it (issue 38).
    public struct Tables: Sendable {
        /// The kinds each property applies to, one bit per `NodeKind` (all: every kind).
        @usableFromInline let kindBits: [UInt64]
        @usableFromInline let roles: [PropertyRole]
        /// Each property's bit in an `InheritedSet`, 0 when it is not inherited.
        @usableFromInline let inheritedBits: [InheritedSet.RawValue]

        init() {
            kindBits = Property.specs.map { $0.kinds?.rawValue ?? ~0 }
            roles = Property.allCases.map(\.declaredRole)
            inheritedBits = Property.allCases.map { property in
                guard let index = Property.inherited.firstIndex(of: property) else { return 0 }
                return 1 << InheritedSet.RawValue(index)
            }
        }

        /// Whether `property` has an effect on `kind`.
        @inlinable @inline(__always) package func applies(_ property: Property, to kind: NodeKind) -> Bool {
            kindBits[Int(property.rawValue)] & (1 &<< UInt64(kind.rawValue)) != 0
        }
        /// The part of a node `property` sets.
        @inlinable @inline(__always) package func role(_ property: Property) -> PropertyRole { roles[Int(property.rawValue)] }
        @inlinable @inline(__always) package func inheritedBit(_ property: Property) -> InheritedSet.RawValue {
            inheritedBits[Int(property.rawValue)]
        }
    }
    @usableFromInline package static let tables = Tables()
}

/// The names of `blend:` (the PDF blend modes, ISO 32000-1 §11.3.5), in the order of
/// DrawScene's `BlendMode` (a test checks they agree).
package enum BlendModeNames {
    package static let all = [
        "normal", "multiply", "screen", "overlay", "darken", "lighten", "colorDodge", "colorBurn", "hardLight", "softLight",
        "difference", "exclusion", "hue", "saturation", "color", "luminosity",
    ]
}
