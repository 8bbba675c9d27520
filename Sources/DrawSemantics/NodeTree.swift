// DrawSemantics — from the AST to the resolved node tree.
//
// Takes: `DrawSyntax.File` (and the files it imports). Hands on: `Drawing`, a tree of
// `Node`s whose every property is known, typed and already resolved: styles applied,
// inherited paint and text properties pushed down, lengths in points, components (`def`)
// expanded, loops unrolled, conditions decided. What it cannot know — where nodes end up —
// stays symbolic: `at:` and connector endpoints that name other nodes are `PointValue`s /
// `Endpoint`s resolved by layout. Every node keeps the span of the statement that made it,
// so layout can still report at the user's source.

import DrawDiagnostics
import DrawScene

/// The whole evaluated program: one or more pages of nodes.
package struct Drawing: Sendable {
    /// At least one page. Without any `page { }` block there is exactly one page holding
    /// every top-level node (with the settings of a block-less `page` statement, if any).
    package var pages: [PageNode]
    /// True when the source used `page { … }` blocks (a multi-page document).
    package var hasPageBlocks: Bool
    package init(pages: [PageNode], hasPageBlocks: Bool) { self.pages = pages; self.hasPageBlocks = hasPageBlocks }
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

/// Built-in node kinds. Components are expanded, so they never appear here.
package enum NodeKind: UInt8, Hashable, Sendable {
    case rect, ellipse, circle
    case line, arrow, polyline, polygon, path
    case text, image
    case group, vstack, hstack, zstack, grid, spacer
    /// `a -> b` (and chains, one node per link): from/to are `Endpoint`s.
    case connector
}

/// A named point of a node's frame. Pikchr's `n s e w ne nw se sw` are aliases.
package enum Anchor: UInt8, Hashable, Sendable {
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
}

/// `align:` of stacks, grids and text. `left`/`right` are accepted as aliases of
/// `leading`/`trailing`. Stacks use the cross axis: vstack leading/center/trailing,
/// hstack top/center/bottom; zstack and grid cells use all nine.
package enum Alignment: UInt8, Hashable, Sendable {
    case center, leading, trailing, top, bottom, topLeading, topTrailing, bottomLeading, bottomTrailing
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
package struct ResolvedStyle: Hashable, Sendable {
    package var fill: Color?            // nil: `none`
    package var stroke: Color?          // nil: `none`
    package var lineWidth: Double
    package var lineCap: LineCap
    package var lineJoin: LineJoin
    package var miterLimit: Double
    package var dash: [Double]
    package var dashOffset: Double
    package var fillRule: FillRule
    /// The font, or a fallback list tried per character, first match wins. Names are
    /// standard-14 families ("Helvetica"), family names found on the font path, or file
    /// paths (already made absolute relative to the drawing).
    package var fonts: [String]
    package var fontSize: Double
    package var bold: Bool
    package var italic: Bool
    /// Text colour.
    package var color: Color
    package var textAlign: TextAlign
    package var lineHeight: LineHeight

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
        self.fill = fill; self.stroke = stroke; self.lineWidth = lineWidth; self.lineCap = lineCap
        self.lineJoin = lineJoin; self.miterLimit = miterLimit; self.dash = dash; self.dashOffset = dashOffset
        self.fillRule = fillRule; self.fonts = fonts; self.fontSize = fontSize; self.bold = bold
        self.italic = italic; self.color = color; self.textAlign = textAlign; self.lineHeight = lineHeight
    }
}

/// Geometry and layout properties (not inherited). Nil means "not given": layout applies
/// the kind's default. Lengths are in points, angles in degrees.
package struct NodeGeometry: Hashable, Sendable {
    package var width: Double?
    package var height: Double?
    /// `r:` of circles.
    package var radius: Double?
    /// `corner:` radius of rects.
    package var corner: Double?
    package var padding: EdgeInsets?
    /// `at:` — takes the node out of the flow; places its `anchor` there.
    package var at: PointValue?
    package var anchor: Anchor?
    package var rotate: Double?
    /// `scale:` x and y factors (a single number gives both).
    package var scale: Point?
    package var opacity: Double?
    package var clip: Bool
    /// `from:`/`to:` of lines, arrows and connectors.
    package var from: Endpoint?
    package var to: Endpoint?
    /// `points:` of lines, polylines and polygons.
    package var points: [PointValue]?
    /// Arrowheads; nil: the kind's default (`arrow` and `->` end, `line` none).
    package var arrow: ArrowEnds?
    /// `via:` elbows of connectors, arrows and lines.
    package var via: [PointValue]
    /// `label:` text of connectors, drawn at the middle.
    package var label: String?
    package var spacing: Double?
    package var rowSpacing: Double?
    package var columnSpacing: Double?
    package var columns: Int?
    package var align: Alignment?
    package var minLength: Double?
    package var fit: ImageFit?

    package init() { clip = false; via = [] }
}

/// One resolved node.
package struct Node: Sendable {
    package var kind: NodeKind
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
    package var contentIsVerbatim: Bool
    package var geometry: NodeGeometry
    package var style: ResolvedStyle
    /// Children in source (paint) order: block contents of shapes, stacks, grids, groups.
    package var children: [Node]
    /// Which inherited properties (`style`) were set on this node itself rather than taken
    /// from its parent, one bit per property in `ResolvedStyle` field order (fill = bit 0 …
    /// lineHeight = bit 15). Evaluation uses it to push a parent's late property down;
    /// layout can ignore it.
    package var explicitStyleMask: UInt16

    package init(kind: NodeKind, span: Span, style: ResolvedStyle) {
        self.kind = kind; self.span = span; self.style = style
        id = nil; content = nil; contentSpan = nil; contentIsVerbatim = true
        geometry = NodeGeometry(); children = []; explicitStyleMask = 0
    }
}
