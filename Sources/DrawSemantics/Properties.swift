// The property catalogue: every property of every node kind, its type, which kinds use it,
// and which are inherited down the tree. One table, so checking, did-you-mean and the
// language reference agree.

import DrawScene

/// A node property. The raw value indexes `Property.names` and is the bit of the evaluator's
/// "set explicitly" mask.
enum Property: UInt8, CaseIterable {
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
    // Paint (issue 24).
    case shadow, blend

    var name: String { Property.names[Int(rawValue)] }

    static let names: [String] = [
        "id", "at", "anchor", "width", "height", "size", "padding", "rotate", "scale", "opacity", "clip", "style",
        "fill", "stroke", "lineWidth", "lineCap", "lineJoin", "miterLimit", "dash", "dashOffset", "fillRule",
        "font", "fontSize", "bold", "italic", "color", "align", "lineHeight",
        "corner", "r", "from", "to", "points", "arrow", "via", "label", "spacing", "rowSpacing", "columnSpacing",
        "columns", "minLength", "fit",
        "type", "module", "quietZone", "text", "errorCorrection", "version", "mask", "printerDPI", "background", "shape",
        "smooth", "tension", "thinning", "smoothing", "streamline", "easing", "taper", "cap", "simulatePressure",
        "direction", "skew", "sides", "inner", "route", "side", "toSide", "arrowhead", "arrowtail", "arrowSize",
        "labelPosition", "labelAt", "labelBackground",
        "shadow", "blend",
    ]

    /// The property of a name. Straight-line drawings look up every argument's name once,
    /// so this is a `switch` on the length and the first two bytes (unique among the
    /// property names; the keys are `count << 16 | byte0 << 8 | byte1`), confirmed by one
    /// comparison of the name: no hashing, no table. A test checks every name round-trips.
    static func named(_ name: String) -> Property? {
        let utf8 = name.utf8
        var bytes = utf8.makeIterator()
        let b0 = UInt32(bytes.next() ?? 0), b1 = UInt32(bytes.next() ?? 0)
        let key = UInt32(truncatingIfNeeded: utf8.count) << 16 | b0 << 8 | b1
        let candidate: Property
        switch key {
        case 0x026964: candidate = .id  // "id"
        case 0x026174: candidate = .at  // "at"
        case 0x06616E: candidate = .anchor  // "anchor"
        case 0x057769: candidate = .width  // "width"
        case 0x066865: candidate = .height  // "height"
        case 0x047369: candidate = name == "side" ? .side : .size  // "size", "side"
        case 0x077061: candidate = .padding  // "padding"
        case 0x06726F: candidate = .rotate  // "rotate"
        case 0x057363: candidate = .scale  // "scale"
        case 0x076F70: candidate = .opacity  // "opacity"
        case 0x04636C: candidate = .clip  // "clip"
        case 0x057374: candidate = .style  // "style"
        case 0x046669: candidate = .fill  // "fill"
        case 0x067374: candidate = .stroke  // "stroke"
        case 0x096C69: candidate = .lineWidth  // "lineWidth"
        case 0x076C69: candidate = .lineCap  // "lineCap"
        case 0x086C69: candidate = .lineJoin  // "lineJoin"
        case 0x0A6D69: candidate = .miterLimit  // "miterLimit"
        case 0x046461: candidate = .dash  // "dash"
        case 0x0A6461: candidate = .dashOffset  // "dashOffset"
        case 0x086669: candidate = .fillRule  // "fillRule"
        case 0x04666F: candidate = .font  // "font"
        case 0x08666F: candidate = .fontSize  // "fontSize"
        case 0x04626F: candidate = .bold  // "bold"
        case 0x066974: candidate = .italic  // "italic"
        case 0x05636F: candidate = .color  // "color"
        case 0x05616C: candidate = .align  // "align"
        case 0x0A6C69: candidate = .lineHeight  // "lineHeight"
        case 0x06636F: candidate = .corner  // "corner"
        case 0x017200: candidate = .r  // "r"
        case 0x046672: candidate = .from  // "from"
        case 0x02746F: candidate = .to  // "to"
        case 0x06706F: candidate = .points  // "points"
        case 0x056172: candidate = .arrow  // "arrow"
        case 0x037669: candidate = .via  // "via"
        case 0x056C61: candidate = .label  // "label"
        case 0x077370: candidate = .spacing  // "spacing"
        case 0x0A726F: candidate = .rowSpacing  // "rowSpacing"
        case 0x0D636F: candidate = .columnSpacing  // "columnSpacing"
        case 0x07636F: candidate = .columns  // "columns"
        case 0x096D69: candidate = .minLength  // "minLength"
        case 0x036669: candidate = .fit  // "fit"
        case 0x047479: candidate = .type  // "type"
        case 0x066D6F: candidate = .module  // "module"
        case 0x097175: candidate = .quietZone  // "quietZone"
        case 0x047465: candidate = .text  // "text"
        case 0x0F6572: candidate = .errorCorrection  // "errorCorrection"
        case 0x077665: candidate = .version  // "version"
        case 0x046D61: candidate = .mask  // "mask"
        case 0x0A7072: candidate = .printerDPI  // "printerDPI"
        case 0x0A6261: candidate = .background  // "background"
        case 0x057368: candidate = .shape  // "shape"
        case 0x06736D: candidate = .smooth  // "smooth"
        case 0x077465: candidate = .tension  // "tension"
        case 0x087468: candidate = .thinning  // "thinning"
        case 0x09736D: candidate = .smoothing  // "smoothing"
        case 0x0A7374: candidate = .streamline  // "streamline"
        case 0x066561: candidate = .easing  // "easing"
        case 0x057461: candidate = .taper  // "taper"
        case 0x036361: candidate = .cap  // "cap"
        case 0x107369: candidate = .simulatePressure  // "simulatePressure"
        case 0x096469: candidate = .direction  // "direction"
        case 0x04736B: candidate = .skew  // "skew"
        case 0x057369: candidate = .sides  // "sides"
        case 0x05696E: candidate = .inner  // "inner"
        case 0x05726F: candidate = .route  // "route"
        case 0x06746F: candidate = .toSide  // "toSide"
        case 0x096172:  // "arrowhead", "arrowtail", "arrowSize"
            candidate = name == "arrowhead" ? .arrowhead : name == "arrowtail" ? .arrowtail : .arrowSize
        case 0x0D6C61: candidate = .labelPosition  // "labelPosition"
        case 0x076C61: candidate = .labelAt  // "labelAt"
        case 0x0F6C61: candidate = .labelBackground  // "labelBackground"
        case 0x067368: candidate = .shadow  // "shadow"
        case 0x05626C: candidate = .blend  // "blend"
        default: return nil
        }
        return names[Int(candidate.rawValue)] == name ? candidate : nil
    }

    var bit: PropertyMask {
        rawValue < 64 ? PropertyMask(low: 1 << UInt64(rawValue), high: 0) : PropertyMask(low: 0, high: 1 << UInt64(rawValue - 64))
    }

    /// The bit of `Node.inheritedMask` for properties inherited down the tree (all of
    /// `ResolvedStyle`), or 0. `align` is inherited as text alignment except on stacks and
    /// grids, where it is their own layout alignment (decided by the caller).
    var inheritedBit: UInt16 {
        switch self {
        case .fill: 1 << 0
        case .stroke: 1 << 1
        case .lineWidth: 1 << 2
        case .lineCap: 1 << 3
        case .lineJoin: 1 << 4
        case .miterLimit: 1 << 5
        case .dash: 1 << 6
        case .dashOffset: 1 << 7
        case .fillRule: 1 << 8
        case .font: 1 << 9
        case .fontSize: 1 << 10
        case .bold: 1 << 11
        case .italic: 1 << 12
        case .color: 1 << 13
        case .align: 1 << 14
        case .lineHeight: 1 << 15
        default: 0
        }
    }

    /// Properties that only some kinds use; every other property is common to all kinds.
    var isKindSpecific: Bool { rawValue >= Property.corner.rawValue }

    /// The kinds a kind-specific property has an effect on.
    func applies(to kind: NodeKind) -> Bool {
        switch self {
        case .corner: return kind == .rect
        case .r: return kind == .circle
        case .from, .to, .points:
            if self == .points && kind == .star { return true }
            return kind == .line || kind == .arrow || ((kind == .polyline || kind == .polygon || kind == .stroke) && self == .points)
        case .arrow, .via, .label: return kind == .line || kind == .arrow || kind == .connector
        case .spacing: return kind == .vstack || kind == .hstack || kind == .grid
        case .rowSpacing, .columnSpacing, .columns: return kind == .grid
        case .minLength: return kind == .spacer
        case .fit: return kind == .image
        case .type, .module, .quietZone, .text, .errorCorrection, .version, .mask, .printerDPI, .background, .shape:
            return kind == .barcode
        case .smooth, .tension: return kind == .line || kind == .arrow || kind == .polyline || kind == .polygon
        case .thinning, .smoothing, .streamline, .easing, .taper, .cap, .simulatePressure: return kind == .stroke
        case .direction: return kind == .triangle
        case .skew: return kind == .parallelogram || kind == .trapezoid
        case .sides: return kind == .regularPolygon
        case .inner: return kind == .star
        case .route, .side, .toSide, .arrowhead, .arrowtail, .arrowSize, .labelPosition, .labelAt, .labelBackground:
            return kind == .line || kind == .arrow || kind == .connector
        default: return true
        }
    }

    /// What the property takes, for "expected …" messages and the reference.
    var expected: String {
        switch self {
        case .id: "a name or a string"
        case .at, .from, .to: self == .at ? "a point" : "a node name or a point"
        case .anchor: "an anchor name (center, top, topLeft, n, ne, …)"
        case .width, .height, .lineWidth, .dashOffset, .fontSize, .corner, .r, .spacing, .rowSpacing,
             .columnSpacing, .minLength:
            "a length"
        case .size: "a size (width, height) or a length"
        case .padding: "a length, (vertical, horizontal) or (top, right, bottom, left)"
        case .rotate: "an angle"
        case .scale: "a number or (x, y)"
        case .opacity: "a number from 0 to 1 or a percentage"
        case .clip, .bold, .italic: "a bool"
        case .style: "a style or a list of styles"
        case .fill: "a color, a gradient (linear, radial), a pattern (hatch, dots) or 'none'"
        case .stroke: "a color, a gradient (linear, radial) or 'none'"
        case .color: "a color"
        case .lineCap: "butt, round or square"
        case .lineJoin: "miter, round or bevel"
        case .miterLimit: "a number"
        case .dash: "a list of lengths, a length or 'none'"
        case .fillRule: "nonZero or evenOdd"
        case .font: "a font name, a font file path or a list of them"
        case .align: "an alignment (leading, center, trailing, top, bottom, left, right, topLeading, …)"
        case .lineHeight: "a number (times the font size) or a length"
        case .points, .via: "a list of points"
        case .arrow: "start, end, both or none"
        case .label: "a string"
        case .columns: "a whole number"
        case .fit: "contain, cover or fill"
        case .type: "a barcode type (code128, gs1-128, ean13, ean8, upca, upce, itf14, qr, datamatrix)"
        case .module: "a length"
        case .quietZone: "a number of modules or a length"
        case .text: "a bool or a string"
        case .errorCorrection: "L, M, Q or H"
        case .version: "a QR version from 1 to 40, or a Data Matrix size such as \"16x48\""
        case .mask: "a QR mask from 0 to 7"
        case .printerDPI: "a number of dots per inch"
        case .background: "a color or 'none'"
        case .shape: "square, rectangle or any"
        case .smooth, .simulatePressure: "a bool"
        case .tension, .smoothing, .streamline: "a number from 0 to 1"
        case .thinning: "a number from -1 to 1"
        case .easing: "an easing name (linear, easeInQuad, easeOutQuad, …)"
        case .taper: "a length, 'none', true, or [start, end] of those"
        case .cap: "a bool or [start, end] bools"
        case .direction: "up, down, left or right"
        case .skew: "a length or an angle"
        case .sides: "a whole number from 3 to \(ShapeLimits.maxSides)"
        case .inner: "a number between 0 and 1 or a percentage"
        case .route: "straight, orthogonal or curved"
        case .side, .toSide: "top, bottom, left or right"
        case .arrowhead, .arrowtail:
            "triangle, open, stealth, diamond, diamondOpen, circle, circleOpen, bar, none, one, many, oneOrMany, zeroOrOne or zeroOrMany"
        case .arrowSize: "a length"
        case .labelPosition: "above, below or on"
        case .labelAt: "a number from 0 to 1 or a percentage"
        case .labelBackground: "a color or 'none'"
        case .shadow: "(dx, dy, blur, color), a list of them or 'none'"
        case .blend: "a blend mode (normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, hardLight, softLight, difference, exclusion, hue, saturation, color, luminosity)"
        }
    }
}

/// A set of properties, one bit each (there are more than 64 of them).
struct PropertyMask: Equatable, ExpressibleByIntegerLiteral {
    var low: UInt64
    var high: UInt64
    init(low: UInt64, high: UInt64) { self.low = low; self.high = high }
    init(integerLiteral value: UInt64) { low = value; high = 0 }
    static func & (a: PropertyMask, b: PropertyMask) -> PropertyMask { PropertyMask(low: a.low & b.low, high: a.high & b.high) }
    static func |= (a: inout PropertyMask, b: PropertyMask) { a.low |= b.low; a.high |= b.high }
}

/// Built-in node kinds by name (connectors have no name: they come from `->`).
let builtinKinds: [(String, NodeKind)] = [
    ("rect", .rect), ("ellipse", .ellipse), ("circle", .circle), ("line", .line), ("arrow", .arrow),
    ("polyline", .polyline), ("polygon", .polygon), ("path", .path), ("text", .text), ("image", .image),
    ("group", .group), ("vstack", .vstack), ("hstack", .hstack), ("zstack", .zstack), ("grid", .grid),
    ("spacer", .spacer),
    ("barcode", .barcode),
    ("stroke", .stroke),
    ("diamond", .diamond), ("triangle", .triangle), ("hexagon", .hexagon), ("octagon", .octagon),
    ("parallelogram", .parallelogram), ("trapezoid", .trapezoid), ("star", .star), ("cylinder", .cylinder),
    ("document", .document), ("note", .note), ("cloud", .cloud), ("capsule", .capsule), ("pill", .capsule),
    ("person", .person), ("regularPolygon", .regularPolygon),
]

extension NodeKind {
    package var name: String {
        switch self {
        case .rect: "rect"
        case .ellipse: "ellipse"
        case .circle: "circle"
        case .line: "line"
        case .arrow: "arrow"
        case .polyline: "polyline"
        case .polygon: "polygon"
        case .path: "path"
        case .text: "text"
        case .image: "image"
        case .group: "group"
        case .vstack: "vstack"
        case .hstack: "hstack"
        case .zstack: "zstack"
        case .grid: "grid"
        case .spacer: "spacer"
        case .connector: "connector"
        case .barcode: "barcode"
        case .stroke: "stroke"
        case .diamond: "diamond"
        case .triangle: "triangle"
        case .hexagon: "hexagon"
        case .octagon: "octagon"
        case .parallelogram: "parallelogram"
        case .trapezoid: "trapezoid"
        case .star: "star"
        case .cylinder: "cylinder"
        case .document: "document"
        case .note: "note"
        case .cloud: "cloud"
        case .capsule: "capsule"
        case .person: "person"
        case .regularPolygon: "regularPolygon"
        }
    }

    /// What the positional argument means, or nil when the kind takes none.
    var positionalMeaning: String? {
        switch self {
        case .rect, .ellipse, .circle: "label"
        case let kind where kind.isDiagramShape: "label"
        case .text: "text"
        case .image: "file path"
        case .path: "path data"
        case .barcode: "data"
        default: nil
        }
    }

    /// The shapes of diagrams (`diamond` … `regularPolygon`): like `rect`, outline from Shapes.swift.
    package var isDiagramShape: Bool {
        switch self {
        case .diamond, .triangle, .hexagon, .octagon, .parallelogram, .trapezoid, .star, .cylinder, .document, .note,
             .cloud, .capsule, .person, .regularPolygon:
            true
        default:
            false
        }
    }

    /// Stacks and grids use `align` for their own layout, not as inherited text alignment.
    var alignsChildren: Bool { self == .vstack || self == .hstack || self == .zstack || self == .grid }
}

let anchorNames: [String: Anchor] = [
    "center": .center, "top": .top, "bottom": .bottom, "left": .left, "right": .right,
    "topLeft": .topLeft, "topRight": .topRight, "bottomLeft": .bottomLeft, "bottomRight": .bottomRight,
    "c": .center, "n": .top, "s": .bottom, "w": .left, "e": .right,
    "nw": .topLeft, "ne": .topRight, "sw": .bottomLeft, "se": .bottomRight,
]

let alignmentNames: [String: Alignment] = [
    "center": .center, "leading": .leading, "trailing": .trailing, "top": .top, "bottom": .bottom,
    "left": .leading, "right": .trailing,
    "topLeading": .topLeading, "topTrailing": .topTrailing, "bottomLeading": .bottomLeading,
    "bottomTrailing": .bottomTrailing,
    "topLeft": .topLeading, "topRight": .topTrailing, "bottomLeft": .bottomLeading, "bottomRight": .bottomTrailing,
    "baseline": .firstBaseline, "firstBaseline": .firstBaseline, "lastBaseline": .lastBaseline,
]

let textAlignNames: [String: TextAlign] = [
    "left": .left, "center": .center, "right": .right, "leading": .left, "trailing": .right,
]

let lineCapNames: [String: LineCap] = ["butt": .butt, "round": .round, "square": .square]
let lineJoinNames: [String: LineJoin] = ["miter": .miter, "round": .round, "bevel": .bevel]
let fillRuleNames: [String: FillRule] = [
    "nonZero": .nonZero, "evenOdd": .evenOdd, "nonzero": .nonZero, "evenodd": .evenOdd,
]
let arrowNames: [String: ArrowEnds] = ["start": .start, "end": .end, "both": .both, "none": .none]
let fitNames: [String: ImageFit] = ["contain": .contain, "cover": .cover, "fill": .fill]
let inkEasingNames: [String: InkEasing] = Dictionary(uniqueKeysWithValues: InkEasing.allCases.map { ($0.name, $0) })
let directionNames: [String: ShapeDirection] = ["up": .up, "down": .down, "left": .left, "right": .right]
let routeNames: [String: Route] = ["straight": .straight, "orthogonal": .orthogonal, "curved": .curved]
let sideNames: [String: Anchor] = [
    "top": .top, "bottom": .bottom, "left": .left, "right": .right, "n": .top, "s": .bottom, "w": .left, "e": .right,
]
let arrowheadNames: [String: ArrowheadStyle] = [
    "triangle": .triangle, "open": .open, "stealth": .stealth, "diamond": .diamond, "diamondOpen": .diamondOpen,
    "circle": .circle, "circleOpen": .circleOpen, "bar": .bar, "none": .none, "one": .one, "many": .many,
    "oneOrMany": .oneOrMany, "zeroOrOne": .zeroOrOne, "zeroOrMany": .zeroOrMany,
]
let labelPositionNames: [String: LabelPosition] = ["above": .above, "below": .below, "on": .on]

/// Limits of the diagram shapes' counts (a breach is a diagnostic).
package enum ShapeLimits {
    /// `sides:` of regular polygons and `points:` of stars.
    package static let maxSides = 1000
}

/// Named page sizes in points (portrait). ISO sizes from millimetres.
let pageSizeNames: [String: Size] = {
    func mm(_ w: Double, _ h: Double) -> Size { Size(w * 72 / 25.4, h * 72 / 25.4) }
    return [
        "letter": Size(612, 792), "legal": Size(612, 1008), "tabloid": Size(792, 1224),
        "a3": mm(297, 420), "a4": mm(210, 297), "a5": mm(148, 210), "a6": mm(105, 148),
        // Envelopes (portrait; `orientation: landscape` for addressing): US #10 is
        // 4⅛ × 9½ in (ANSI/USPS commercial sizes); DL, C5, C6 and B5 from ISO 269 / ISO 216.
        "envelope-10": Size(4.125 * 72, 9.5 * 72), "dl": mm(110, 220), "c5": mm(162, 229),
        "c6": mm(114, 162), "b5": mm(176, 250),
    ]
}()

/// Named limits against hostile or runaway input; each breach is a diagnostic.
package struct EvaluationLimits: Sendable {
    /// Nested component calls.
    package var maxCallDepth = 64
    /// Component calls in the whole drawing (bounds exponential recursion that makes no nodes).
    package var maxCalls = 4_000_000
    /// Nodes in the whole drawing.
    package var maxNodes = 2_000_000
    /// Iterations of one `for` loop (checked before the loop starts).
    package var maxLoopIterations = 1_000_000
    /// Iterations of all loops together.
    package var maxTotalIterations = 10_000_000
    /// Elements of a list (literals, concatenations, `points:`).
    package var maxListLength = 1_000_000
    /// Bytes of a string built by concatenation or interpolation.
    package var maxStringLength = 16_000_000
    /// Nesting of expressions evaluated recursively (left-leaning operator chains are not
    /// recursive and may be any length).
    package var maxExpressionDepth = 100
    /// Nesting of expressions through the `fn` calls open at once (each call's depth at the
    /// call, plus one): bounds the machine stack that recursion with deep bodies uses.
    package var maxEvaluationDepth = 400
    /// Nesting of blocks and component calls together (a guard for the machine stack).
    package var maxBlockDepth = 512
    /// Diagnostics reported before "too many errors".
    package var maxDiagnostics = 500

    /// The documented limits (docs/language.md).
    package static let standard = EvaluationLimits()
    package init() {}
}
