// The built-in node kinds: one `KindSpec` each, from `NodeKind.spec`.

/// Built-in node kinds. Components are expanded by evaluation, so they never appear here.
/// A new kind is a case here and its entry in `spec` (the switch is exhaustive); layout then
/// asks for its class (DrawLayout's KindClasses.swift, exhaustive as well). A new diagram
/// shape is a case here with its `Self.shape(…)` entry, and its geometry entry in DrawLayout.
public enum NodeKind: UInt8, Hashable, Sendable, CaseIterable {
    case rect, ellipse, circle
    case line, arrow, polyline, polygon, path
    case text, image
    case group, vstack, hstack, zstack, grid, spacer
    /// `a -> b` (and chains, one node per link): from/to are endpoints.
    case connector
    /// `barcode "data", type: …`: a linear or matrix symbol.
    case barcode
    /// Freehand ink: points filled as one variable-width outline.
    case stroke
    /// Diagram shapes: a label, padding and children like `rect`; each outline is one IR path
    /// built in DrawLayout's Shapes.swift. `pill` is another name of `capsule`.
    case diamond, triangle, hexagon, octagon, parallelogram, trapezoid, star, cylinder, document, note, cloud, capsule, person, regularPolygon
    /// A regular pentagon, one corner at the top (added last: kinds are numbered in order).
    case pentagon
    /// Children placed by the layered layout engine from the connectors among them (issue 37).
    case graph

    /// By raw value and inlinable: layout and evaluation compare kinds of every node from
    /// other modules (see `Property.applies(to:)`).
    @inlinable @inline(__always) public static func == (a: NodeKind, b: NodeKind) -> Bool { a.rawValue == b.rawValue }
}

/// What sort of thing a kind is, for the stages that treat a family alike: switches over a
/// family stay exhaustive without listing every kind (a new diagram shape needs no case
/// in them).
public enum KindFamily: UInt8, Sendable {
    /// `rect`, `ellipse`, `circle`: a frame around a label and children.
    case box
    /// The diagram shapes: an outline from DrawLayout's Shapes.swift around a label area.
    case diagramShape
    /// `line`, `arrow`, `polyline`, `polygon`: straight segments between points or nodes.
    case line
    case path, stroke, text, image, barcode, spacer
    /// `group`, the stacks, `zstack`, `grid`: children arranged.
    case container
    /// Made by `a -> b`.
    case connector
}

/// What a node kind is, for the checker, layout's questions, completion and the reference.
package struct KindSpec: Sendable {
    /// The kind's name in source; `connector` (made by `->`) has none a user writes.
    package let name: String
    /// Other names of the kind (`pill` for `capsule`).
    package let aliases: [String]
    /// What the positional argument means ("label", "text", "file path"), or nil.
    package let positional: String?
    /// Child nodes in its block are laid out and drawn (else `sem.children-ignored`).
    package let takesChildren: Bool
    /// What sort of kind it is.
    package let family: KindFamily
    /// A diagram shape: outline from Shapes.swift, label area inside it.
    package var isDiagramShape: Bool { family == .diagramShape }
    /// `align:` is the kind's own layout alignment of its children, not inherited text alignment.
    package let alignsChildren: Bool
    /// Written in source by name (false only for `connector`).
    package let isWritten: Bool
    package let doc: String
    package let example: String

    init(_ name: String, _ family: KindFamily, aliases: [String] = [], positional: String? = nil, takesChildren: Bool = false,
         alignsChildren: Bool = false, written: Bool = true,
         doc: String, example: String) {
        self.name = name; self.family = family; self.aliases = aliases; self.positional = positional
        self.takesChildren = takesChildren || family == .diagramShape
        self.alignsChildren = alignsChildren; self.isWritten = written
        self.doc = doc; self.example = example
    }
}

extension NodeKind {
    /// The kind's declaration, built once.
    @inline(__always) package var spec: KindSpec { NodeKind.specs[Int(rawValue)] }

    package static let specs: [KindSpec] = allCases.map(\.declaration)

    package var name: String { spec.name }
    package var positionalMeaning: String? { spec.positional }
    // Layout asks these per node: read from a table of bits rather than copying the spec
    // (its strings would be retained and released at every question).
    // Inlinable on a public type, as `Property.applies(to:)` (issue 38).
    @inlinable @inline(__always) package var isDiagramShape: Bool { NodeKind.flags[Int(rawValue)] & 1 != 0 }
    @inlinable @inline(__always) package var alignsChildren: Bool { NodeKind.flags[Int(rawValue)] & 2 != 0 }
    @inlinable @inline(__always) package var takesChildren: Bool { NodeKind.flags[Int(rawValue)] & 4 != 0 }
    @inlinable @inline(__always) package var family: KindFamily { NodeKind.families[Int(rawValue)] }
    @usableFromInline static let families: [KindFamily] = specs.map(\.family)
    @usableFromInline static let flags: [UInt8] = specs.map {
        ($0.isDiagramShape ? 1 : 0) | ($0.alignsChildren ? 2 : 0) | ($0.takesChildren ? 4 : 0)
    }

    /// Kinds by every name they are written with (aliases included); `connector` has none.
    package static let byName: [String: NodeKind] = {
        var table: [String: NodeKind] = [:]
        for kind in allCases where kind.spec.isWritten {
            for name in [kind.spec.name] + kind.spec.aliases { table[name] = kind }
        }
        return table
    }()

    /// Every name a kind is written with, sorted: did-you-mean and completion.
    package static let writtenNames: [String] = byName.keys.sorted()

    private var declaration: KindSpec {
        switch self {
        case .rect:
            KindSpec("rect", .box, positional: "label", takesChildren: true,
                     doc: "A rectangle, sized by `width`/`height` or by its label or children plus `padding`; `corner` rounds it.",
                     example: "rect \"Hello\", fill: lightblue, corner: 4pt")
        case .ellipse:
            KindSpec("ellipse", .box, positional: "label", takesChildren: true,
                     doc: "An ellipse filling its frame.", example: "ellipse \"db\", size: (80, 40)")
        case .circle:
            KindSpec("circle", .box, positional: "label", takesChildren: true,
                     doc: "A circle of radius `r` (or sized to its label).", example: "circle r: 10pt, fill: red")
        case .line:
            KindSpec("line", .line, doc: "A straight line `from:` `to:`, or through `points:`; `arrow:` adds heads.",
                     example: "line from: (0, 0), to: (100, 0)")
        case .arrow:
            KindSpec("arrow", .line, doc: "A line with an arrowhead at its end by default.",
                     example: "arrow from: a, to: b")
        case .polyline:
            KindSpec("polyline", .line, doc: "Open segments through `points:`.", example: "polyline points: [(0, 0), (20, 10), (40, 0)]")
        case .polygon:
            KindSpec("polygon", .line, doc: "A closed shape through `points:`.", example: "polygon points: [(0, 0), (40, 0), (20, 30)]")
        case .path:
            KindSpec("path", .path, positional: "path data",
                     doc: "SVG path data (`M L H V C S Q T A Z`, absolute or relative).", example: "path \"M0 0 L40 0 L20 30 Z\"")
        case .text:
            KindSpec("text", .text, positional: "text",
                     doc: "Text in the inherited font; `width` wraps it.", example: "text \"Total: \\(2 + 3)\", fontSize: 14pt")
        case .image:
            KindSpec("image", .image, positional: "file path",
                     doc: "A PNG or JPEG file, scaled by `fit` into its frame.", example: "image \"logo.png\", width: 1in")
        case .group:
            KindSpec("group", .container, takesChildren: true,
                     doc: "Children in their own coordinates; inherited properties reach them.",
                     example: "group fill: gold { rect; circle at: (40, 0) }")
        case .vstack:
            KindSpec("vstack", .container, takesChildren: true, alignsChildren: true,
                     doc: "Children top to bottom, `spacing` apart, aligned by `align`.",
                     example: "vstack spacing: 4pt, align: leading { text \"a\"; text \"b\" }")
        case .hstack:
            KindSpec("hstack", .container, takesChildren: true, alignsChildren: true,
                     doc: "Children left to right, `spacing` apart, aligned by `align`.",
                     example: "hstack spacing: 8pt { rect; rect }")
        case .zstack:
            KindSpec("zstack", .container, takesChildren: true, alignsChildren: true,
                     doc: "Children on top of each other, aligned by `align`.", example: "zstack { rect; text \"on top\" }")
        case .grid:
            KindSpec("grid", .container, takesChildren: true, alignsChildren: true,
                     doc: "Children in rows of `columns` cells.", example: "grid columns: 3, spacing: 4pt { for i in 0..<9 { rect } }")
        case .graph:
            KindSpec("graph", .container, takesChildren: true,
                     doc: "Children placed automatically from the connectors among them, in ranks along `direction`; a connector naming an unknown id inside it makes a box with that label.",
                     example: "graph direction: right { a -> b -> c; a -> c }")
        case .spacer:
            KindSpec("spacer", .spacer, doc: "Flexible space in a stack, at least `minLength`.", example: "spacer minLength: 12pt")
        case .connector:
            KindSpec("connector", .connector, written: false, doc: "Made by `a -> b`: a line between two nodes' outlines.",
                     example: "a -> b, label: \"HTTPS\"")
        case .barcode:
            KindSpec("barcode", .barcode, positional: "data",
                     doc: "A Code 128, GS1-128, EAN/UPC, ITF-14, QR Code or Data Matrix symbol.",
                     example: "barcode \"4006381333931\", type: ean13")
        case .stroke:
            KindSpec("stroke", .stroke, doc: "Freehand ink through `points:`, one variable-width outline painted with `color`.",
                     example: "stroke points: [(0, 0), (20, 5), (40, 0)], width: 8pt")
        case .diamond: Self.shape("diamond", "A diamond touching its frame's edge midpoints.")
        case .triangle: Self.shape("triangle", "A triangle pointing `direction` (default up).")
        case .hexagon: Self.shape("hexagon", "A hexagon pointing left and right.")
        case .octagon: Self.shape("octagon", "An octagon with cut corners.")
        case .parallelogram: Self.shape("parallelogram", "A parallelogram leaning by `skew`.")
        case .trapezoid: Self.shape("trapezoid", "A trapezoid narrower at the top by `skew`.")
        case .star: Self.shape("star", "A star of `points` tips with inner radius `inner`.")
        case .cylinder: Self.shape("cylinder", "A cylinder (a database).")
        case .document: Self.shape("document", "A page with a wavy bottom edge.")
        case .note: Self.shape("note", "A note with its top-right corner folded.")
        case .cloud: Self.shape("cloud", "A cloud of nine bumps.")
        case .capsule: Self.shape("capsule", "A rectangle with semicircular ends.", aliases: ["pill"])
        case .person: Self.shape("person", "A person: a head over shoulders.")
        case .regularPolygon: Self.shape("regularPolygon", "A regular polygon of `sides` corners.")
        case .pentagon: Self.shape("pentagon", "A regular pentagon, one corner at the top, stretched to its frame.")
        }
    }

    private static func shape(_ name: String, _ doc: String, aliases: [String] = []) -> KindSpec {
        KindSpec(name, .diagramShape, aliases: aliases, positional: "label", doc: doc,
                 example: "\(name) \"Label\", fill: lightyellow")
    }
}

/// A set of node kinds, one bit each.
package struct KindSet: OptionSet, Hashable, Sendable {
    package var rawValue: UInt64
    package init(rawValue: UInt64) { self.rawValue = rawValue }
    package init(_ kinds: NodeKind...) { self.init(kinds) }
    package init(_ kinds: [NodeKind]) {
        rawValue = 0
        for kind in kinds { rawValue |= 1 << UInt64(kind.rawValue) }
    }
    package func contains(_ kind: NodeKind) -> Bool { rawValue & (1 << UInt64(kind.rawValue)) != 0 }
    /// The kinds in declaration order.
    package var kinds: [NodeKind] { NodeKind.allCases.filter(contains) }

    /// Lines, arrows and connectors.
    package static let lines = KindSet(.line, .arrow, .connector)
    /// Every kind.
    package static let all = KindSet(NodeKind.allCases.filter { _ in true })
    /// The kinds whose children are laid out and drawn.
    package static let parents = KindSet(NodeKind.allCases.filter(\.takesChildren))
    /// `group`, the stacks, `grid`: they draw nothing themselves, only their children.
    package static let containers = KindSet(NodeKind.allCases.filter { $0.family == .container })
    /// The kinds that draw text (a label, their text, a barcode's digits) or have children
    /// that may: where the text properties have an effect.
    package static let drawsText = all.subtracting(KindSet(.polyline, .polygon, .path, .image, .spacer, .stroke))
    /// The kinds that draw text people write (not a barcode's digits): where markup, case,
    /// spacing of words and direction have an effect.
    package static let writtenText = drawsText.subtracting(KindSet(.barcode))
    /// The kinds with an outline stroked with the paint of lines (`stroke`, `lineWidth`, `dash`,
    /// …), or children that may have one. Ink is filled with `color`.
    package static let outlined = all.subtracting(KindSet(.text, .image, .spacer, .barcode, .stroke))
    /// The diagram shapes.
    package static let diagramShapes = KindSet(rawValue: NodeKind.allCases.filter(\.isDiagramShape)
        .reduce(0) { $0 | 1 << UInt64($1.rawValue) })
}
