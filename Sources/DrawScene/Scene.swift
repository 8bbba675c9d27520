// DrawScene — the scene IR: what every backend draws, and nothing it has to work out.
//
// Takes: positioned content from DrawLayout. Hands on: `Scene.Document`, pages of items
// in page points (1/72 in) with the origin at the top-left corner and y pointing down.
// Invariants: every path is made of move/line/cubic/close only (arcs, quadratics,
// ellipses and rounded corners were converted once, in layout); every text run is already
// positioned glyph by glyph (backends never measure text); fonts and images are resources
// referenced by index, each listed once per document, in first-use order. Backends are
// straight walks over this tree.

import DrawFonts
#if canImport(Foundation)
import Foundation
#endif

/// A point or vector in page points.
// Public rather than package, with its initializers and operators inlinable: layout builds
// millions of points (an ink outline, its cubics' control points) in other modules, and
// Swift 6.3 did not inline `@inlinable package` members across modules (each `Point(x, y)`
// was a call). DrawScene is no product, so nothing outside the package sees it.
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double
    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }
    package static let zero = Point(0, 0)
    @inlinable public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    @inlinable public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    @inlinable public static func * (a: Point, k: Double) -> Point { Point(a.x * k, a.y * k) }
}

package struct Size: Hashable, Sendable {
    package var width: Double
    package var height: Double
    package init(_ width: Double, _ height: Double) { self.width = width; self.height = height }
    package init(width: Double, height: Double) { self.width = width; self.height = height }
    package static let zero = Size(0, 0)
}

/// An axis-aligned rectangle; `origin` is its top-left corner.
package struct Rect: Hashable, Sendable {
    package var origin: Point
    package var size: Size
    package init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x, y)
        size = Size(width, height)
    }
    package init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    package static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    package var minX: Double { origin.x }
    package var minY: Double { origin.y }
    package var maxX: Double { origin.x + size.width }
    package var maxY: Double { origin.y + size.height }
    package var width: Double { size.width }
    package var height: Double { size.height }
    package var midX: Double { origin.x + size.width / 2 }
    package var midY: Double { origin.y + size.height / 2 }

    package func union(_ other: Rect) -> Rect {
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        let x1 = max(maxX, other.maxX), y1 = max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

/// An affine transform `[a b c d e f]`, mapping (x, y) to (a·x + c·y + e, b·x + d·y + f),
/// the same six numbers as PDF `cm`, PostScript `concat` and SVG `matrix(…)`.
package struct Transform: Hashable, Sendable {
    package var a, b, c, d, e, f: Double
    package init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.e = e; self.f = f
    }
    package static let identity = Transform(a: 1, b: 0, c: 0, d: 1, e: 0, f: 0)
    package var isIdentity: Bool { self == .identity }

    package static func translation(_ x: Double, _ y: Double) -> Transform {
        Transform(a: 1, b: 0, c: 0, d: 1, e: x, f: y)
    }
    package static func scale(_ x: Double, _ y: Double) -> Transform {
        Transform(a: x, b: 0, c: 0, d: y, e: 0, f: 0)
    }
    /// Rotation by `degrees`, clockwise on the page (y points down).
    package static func rotation(degrees: Double) -> Transform {
        let radians = degrees * Double.pi / 180
        let (s, c) = (sin(radians), cos(radians))
        return Transform(a: c, b: s, c: -s, d: c, e: 0, f: 0)
    }

    /// `self` applied first, then `next`.
    package func then(_ next: Transform) -> Transform {
        Transform(
            a: a * next.a + b * next.c, b: a * next.b + b * next.d,
            c: c * next.a + d * next.c, d: c * next.b + d * next.d,
            e: e * next.a + f * next.c + next.e, f: e * next.b + f * next.d + next.f)
    }

    package func apply(_ p: Point) -> Point {
        Point(a * p.x + c * p.y + e, b * p.x + d * p.y + f)
    }
}

/// A colour in sRGB with straight (not premultiplied) alpha, each component in 0…1.
public struct Color: Hashable, Sendable {
    public var red, green, blue, alpha: Double
    @inlinable package init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    /// From 8-bit components, as written in `#rrggbbaa`.
    package init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.init(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255, alpha: Double(a) / 255)
    }
    package static let black = Color(red: 0, green: 0, blue: 0)
    package static let white = Color(red: 1, green: 1, blue: 1)
    @inlinable package var isOpaque: Bool { alpha >= 1 }
}

public enum FillRule: UInt8, Hashable, Sendable {
    case nonZero, evenOdd
}

public enum LineCap: UInt8, Hashable, Sendable {
    /// PDF 0, PostScript 0, SVG `butt`.
    case butt
    /// PDF 1, SVG `round`.
    case round
    /// PDF 2, SVG `square`.
    case square
}

public enum LineJoin: UInt8, Hashable, Sendable {
    /// PDF 0, SVG `miter`.
    case miter
    /// PDF 1, SVG `round`.
    case round
    /// PDF 2, SVG `bevel`.
    case bevel
}

public struct Fill: Hashable, Sendable {
    public var color: Color
    public var rule: FillRule
    /// A gradient painting the fill instead of `color` (which then stands for it where one
    /// colour is needed: `Gradient.representativeColor`).
    package var gradient: Gradient? {
        get { gradientStorage?.gradient }
        set { gradientStorage = newValue.map(GradientStorage.init) }
    }
    /// Kept out of line: a gradient is 112 bytes that almost every fill (and, through
    /// `Paint`, every scene item, text runs included) would otherwise carry empty.
    @usableFromInline var gradientStorage: GradientStorage? = nil
    /// Whether a gradient paints the fill: a test of the box, without copying the gradient
    /// out as `gradient == nil` does (the SVG writer asks it of every path, issue 38).
    @inlinable package var hasGradient: Bool { gradientStorage != nil }
    /// A tiling pattern painting the fill instead of `color` (an entry of `Document.patterns`;
    /// `color` then stands for it where one colour is needed).
    package var pattern: Scene.PatternID? = nil
    /// `@inlinable` (as `Stroke`'s and `Paint`'s): layout makes one per painted node in
    /// another module, where a call copied each optional part by witness (issue 38).
    @inlinable package init(color: Color, rule: FillRule = .nonZero) { self.color = color; self.rule = rule }
    package init(gradient: Gradient, rule: FillRule = .nonZero) {
        self.color = gradient.representativeColor; self.rule = rule; self.gradient = gradient
    }
}

public struct Stroke: Hashable, Sendable {
    public var color: Color
    public var width: Double
    public var cap: LineCap
    public var join: LineJoin
    public var miterLimit: Double
    /// Dash lengths in points; empty means solid.
    public var dash: [Double]
    public var dashOffset: Double
    /// A gradient painting the stroke instead of `color` (see `Fill.gradient`).
    package var gradient: Gradient? {
        get { gradientStorage?.gradient }
        set { gradientStorage = newValue.map(GradientStorage.init) }
    }
    /// Out of line, as in `Fill`.
    @usableFromInline var gradientStorage: GradientStorage? = nil
    /// Whether a gradient paints the stroke (as `Fill.hasGradient`).
    @inlinable package var hasGradient: Bool { gradientStorage != nil }
    @inlinable package init(
        color: Color, width: Double = 1, cap: LineCap = .butt, join: LineJoin = .miter,
        miterLimit: Double = 4, dash: [Double] = [], dashOffset: Double = 0
    ) {
        self.color = color; self.width = width; self.cap = cap; self.join = join
        self.miterLimit = miterLimit; self.dash = dash; self.dashOffset = dashOffset
    }
}

/// A gradient of a fill or stroke, held by reference so that paints without one stay small
/// (a scene item is as large as its largest case, a painted path). Compared and hashed by
/// the gradient it holds.
@usableFromInline final class GradientStorage: Hashable, Sendable {
    let gradient: Gradient
    init(_ gradient: Gradient) { self.gradient = gradient }
    @usableFromInline static func == (a: GradientStorage, b: GradientStorage) -> Bool { a === b || a.gradient == b.gradient }
    @usableFromInline func hash(into hasher: inout Hasher) { hasher.combine(gradient) }
}

/// How a path is painted: fill first, then stroke, as in SVG and PDF `B`.
public struct Paint: Hashable, Sendable {
    public var fill: Fill?
    public var stroke: Stroke?
    @inlinable @inline(__always) package init(fill: Fill? = nil, stroke: Stroke? = nil) { self.fill = fill; self.stroke = stroke }
}

extension Paint {
    // Not inlinable, on purpose: in another module each test of `fill` or `stroke` here
    // copied the whole `Fill?`/`Stroke?` through their value witnesses (five copies and a
    // destruction per path in the SVG writer, issue 38); here they are plain loads.

    /// No fill and no stroke: nothing to draw.
    package var paintsNothing: Bool { fill == nil && stroke == nil }

    /// The fill colour, stroke colour and stroke width of the writers' common case — an
    /// opaque colour filling by the non-zero rule, an opaque solid colour stroke with butt
    /// caps and the initial miter joins, no gradient or pattern — or nil.
    package var plainFillAndStroke: (fill: Color, stroke: Color, width: Double)? {
        guard let fillColor = fill?.color, let strokeColor = stroke?.color, fillColor.isOpaque, strokeColor.isOpaque,
              case .nonZero? = fill?.rule, fill?.hasGradient == false, fill?.pattern == nil,
              stroke?.hasGradient == false, case .butt? = stroke?.cap, case .miter? = stroke?.join,
              stroke?.miterLimit == 4, stroke?.dash.isEmpty == true, let width = stroke?.width else { return nil }
        return (fillColor, strokeColor, width)
    }
}

package enum Scene {
    /// The coordinate range of a drawing, in points either way from the origin (about
    /// 3.5 km): a property value, a number of path data or a laid-out node beyond it is an
    /// error in every format (nothing that large is drawable, and interpreters with
    /// single-precision reals fail on huge numbers). See docs/language.md, Limits.
    package static let maximumCoordinate = 1e7
    /// The largest page side, in points (200 in): the implementation limit of PDF
    /// (PDF 32000-1, Annex C.2) and the largest `/PageSize` PostScript is asked for. A larger
    /// page is an error, not a clipped or rescaled one.
    package static let maximumPageSide = 14_400.0
}
