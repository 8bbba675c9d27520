// What part of a node each property sets: one exhaustive mapping from `Property` to a case of
// its role's enum. Evaluation applies each role in one function whose `switch` is exhaustive
// over that role's enum (DrawSemantics, PropertyValues+*.swift), so a new property is its case
// of `Property`, its `PropertySpec`, its line here and its case in its role's function — the
// compiler asks for each of them.

/// A property by the part of a node it sets.
// These enums, `Property`, `PropertySet`, `InheritedSet`, `NodeKind` and `KindFamily` are
// public rather than package: Swift 6.3.1 does not inline the `@inlinable` members of a
// `package` type into another module (it does for a public type's package members), and
// evaluation and layout ask them of every node (issue 38, bench/RESULTS.md). DrawCatalogue
// is no product, so nothing outside the package sees them.
public enum PropertyRole: Hashable, Sendable {
    /// `style:` — applies a named style's entries.
    case style
    case geometry(GeometryProperty)
    /// Paint of lines and shapes, inherited by children.
    case paint(PaintProperty)
    /// Text settings, inherited by children.
    case text(TextProperty)
    /// How a text fits its box (not inherited).
    case textFit(TextFitProperty)
    /// Drop shadows and compositing.
    case effect(EffectProperty)
    /// The ends and points of lines, paths and connectors.
    case path(PathProperty)
    /// Connector routing, arrowheads and labels.
    case connector(ConnectorProperty)
    /// The options of diagram shapes.
    case shape(ShapeProperty)
    /// Filled ink (`stroke`).
    case ink(InkProperty)
    case barcode(BarcodeProperty)
    /// Automatic layout in a `graph` (issue 37).
    case graph(GraphProperty)
}

/// Where a node goes and how big it is.
public enum GeometryProperty: Hashable, Sendable, CaseIterable {
    case id, at, anchor, width, height, size, padding, rotate, scale, opacity, clip
    case corner, r, spacing, rowSpacing, columnSpacing, columns, minLength, fit
}

/// Paint of lines and shapes (inherited): the catalogue's `PropertyGroup.paint`.
public enum PaintProperty: Hashable, Sendable, CaseIterable {
    case fill, stroke, lineWidth, lineCap, lineJoin, miterLimit, dash, dashOffset, fillRule
}

/// Text settings (inherited): the catalogue's `PropertyGroup.text`.
public enum TextProperty: Hashable, Sendable, CaseIterable {
    case font, fontSize, bold, italic, color, align, lineHeight
    case underline, strikethrough, letterSpacing, wordSpacing, textTransform, smallCaps, baselineShift
    case hyphenate, markup, tabStops, textDirection, features
}

/// How a text fits its box.
public enum TextFitProperty: Hashable, Sendable, CaseIterable {
    case maxLines, overflow
}

/// Shadows and compositing.
public enum EffectProperty: Hashable, Sendable, CaseIterable {
    case shadow, blend
}

/// The ends and points of lines, polylines, paths, ink and connectors.
public enum PathProperty: Hashable, Sendable, CaseIterable {
    case from, to, points, via, arrow, smooth, tension
}

/// Connectors (and the lines that take their options).
public enum ConnectorProperty: Hashable, Sendable, CaseIterable {
    case label, route, side, toSide, arrowhead, arrowtail, arrowSize, labelPosition, labelAt, labelBackground, merge, jumps
}

/// Options of the diagram shapes.
public enum ShapeProperty: Hashable, Sendable, CaseIterable {
    case direction, skew, sides, inner
}

/// Options of filled ink.
public enum InkProperty: Hashable, Sendable, CaseIterable {
    case thinning, smoothing, streamline, easing, taper, cap, simulatePressure
}

/// Automatic layout: a `graph`'s own settings and its nodes' and connectors' constraints.
public enum GraphProperty: Hashable, Sendable, CaseIterable {
    case nodeStyle, rank, sameRank, weight
}

/// Settings of a `barcode`.
public enum BarcodeProperty: Hashable, Sendable, CaseIterable {
    case type, module, quietZone, text, errorCorrection, version, mask, printerDPI, background, shape
    case bearer, bearerWidth
}

extension Property {
    /// The part of a node the property sets. Evaluation asks it of every property of every
    /// node: a table read, inlined into the caller (see `applies(to:)`).
    @inlinable @inline(__always) package var role: PropertyRole { Property.tables.role(self) }

    /// The role as declared (`Property.Tables` holds it for every property).
    var declaredRole: PropertyRole {
        switch self {
        case .style: .style
        case .id: .geometry(.id)
        case .at: .geometry(.at)
        case .anchor: .geometry(.anchor)
        case .width: .geometry(.width)
        case .height: .geometry(.height)
        case .size: .geometry(.size)
        case .padding: .geometry(.padding)
        case .rotate: .geometry(.rotate)
        case .scale: .geometry(.scale)
        case .opacity: .geometry(.opacity)
        case .clip: .geometry(.clip)
        case .corner: .geometry(.corner)
        case .r: .geometry(.r)
        case .spacing: .geometry(.spacing)
        case .rowSpacing: .geometry(.rowSpacing)
        case .columnSpacing: .geometry(.columnSpacing)
        case .columns: .geometry(.columns)
        case .minLength: .geometry(.minLength)
        case .fit: .geometry(.fit)
        case .fill: .paint(.fill)
        case .stroke: .paint(.stroke)
        case .lineWidth: .paint(.lineWidth)
        case .lineCap: .paint(.lineCap)
        case .lineJoin: .paint(.lineJoin)
        case .miterLimit: .paint(.miterLimit)
        case .dash: .paint(.dash)
        case .dashOffset: .paint(.dashOffset)
        case .fillRule: .paint(.fillRule)
        case .font: .text(.font)
        case .fontSize: .text(.fontSize)
        case .bold: .text(.bold)
        case .italic: .text(.italic)
        case .color: .text(.color)
        case .align: .text(.align)
        case .lineHeight: .text(.lineHeight)
        case .underline: .text(.underline)
        case .strikethrough: .text(.strikethrough)
        case .letterSpacing: .text(.letterSpacing)
        case .wordSpacing: .text(.wordSpacing)
        case .textTransform: .text(.textTransform)
        case .smallCaps: .text(.smallCaps)
        case .baselineShift: .text(.baselineShift)
        case .hyphenate: .text(.hyphenate)
        case .markup: .text(.markup)
        case .tabStops: .text(.tabStops)
        case .textDirection: .text(.textDirection)
        case .features: .text(.features)
        case .maxLines: .textFit(.maxLines)
        case .overflow: .textFit(.overflow)
        case .shadow: .effect(.shadow)
        case .blend: .effect(.blend)
        case .from: .path(.from)
        case .to: .path(.to)
        case .points: .path(.points)
        case .via: .path(.via)
        case .arrow: .path(.arrow)
        case .smooth: .path(.smooth)
        case .tension: .path(.tension)
        case .label: .connector(.label)
        case .route: .connector(.route)
        case .side: .connector(.side)
        case .toSide: .connector(.toSide)
        case .arrowhead: .connector(.arrowhead)
        case .arrowtail: .connector(.arrowtail)
        case .arrowSize: .connector(.arrowSize)
        case .labelPosition: .connector(.labelPosition)
        case .merge: .connector(.merge)
        case .jumps: .connector(.jumps)
        case .labelAt: .connector(.labelAt)
        case .labelBackground: .connector(.labelBackground)
        case .direction: .shape(.direction)
        case .skew: .shape(.skew)
        case .sides: .shape(.sides)
        case .inner: .shape(.inner)
        case .thinning: .ink(.thinning)
        case .smoothing: .ink(.smoothing)
        case .streamline: .ink(.streamline)
        case .easing: .ink(.easing)
        case .taper: .ink(.taper)
        case .cap: .ink(.cap)
        case .simulatePressure: .ink(.simulatePressure)
        case .type: .barcode(.type)
        case .module: .barcode(.module)
        case .quietZone: .barcode(.quietZone)
        case .text: .barcode(.text)
        case .errorCorrection: .barcode(.errorCorrection)
        case .version: .barcode(.version)
        case .mask: .barcode(.mask)
        case .printerDPI: .barcode(.printerDPI)
        case .background: .barcode(.background)
        case .shape: .barcode(.shape)
        case .bearer: .barcode(.bearer)
        case .bearerWidth: .barcode(.bearerWidth)
        case .nodeStyle: .graph(.nodeStyle)
        case .rank: .graph(.rank)
        case .sameRank: .graph(.sameRank)
        case .weight: .graph(.weight)
        }
    }

    /// Whether a `stroke` (filled ink, painted with `color`) ignores the property: the paint
    /// of lines and shapes.
    package var isLinePaint: Bool {
        if case .paint = role { return true }
        return false
    }
}
