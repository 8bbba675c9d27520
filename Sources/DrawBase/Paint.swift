// Paint beyond flat colour (issue 24): gradients that fill or stroke a path, shadows and
// blend modes of groups. Layout resolves everything relative (box units, stop lengths) so
// that a backend only maps these values to its format's own gradient, filter and blend
// machinery; `Gradient.color(at:)` is the one evaluation of a gradient, shared by the
// rasterizer and by tests.

#if canImport(Foundation)
import Foundation
#endif

/// A linear or radial gradient. Colours are interpolated per component (straight alpha) in
/// sRGB between neighbouring stops, as SVG 1.1 `<linearGradient>` does.
package struct Gradient: Hashable, Sendable {
    package enum Geometry: Hashable, Sendable {
        /// Offset 0 at `start`, 1 at `end`, constant along lines perpendicular to the axis.
        case linear(start: Point, end: Point)
        /// Offset 0 at `focal`, 1 on the circle around `center` with `radius` (SVG `fx fy`,
        /// PDF shading type 3 from a circle of radius 0 at `focal`).
        case radial(center: Point, radius: Double, focal: Point)
    }

    /// What happens beyond offsets 0 and 1 (SVG `spreadMethod`).
    package enum Spread: UInt8, Hashable, Sendable {
        case pad, `repeat`, reflect
    }

    package struct Stop: Hashable, Sendable {
        /// 0…1, non-decreasing along `stops`.
        package var offset: Double
        package var color: Color
        package init(offset: Double, color: Color) { self.offset = offset; self.color = color }
    }

    package var geometry: Geometry
    /// At least one stop; offsets in 0…1, non-decreasing.
    package var stops: [Stop]
    package var spread: Spread
    /// From gradient space (where `geometry` lives) to the coordinates of the path it paints:
    /// for a gradient in box units, the unit square onto the node's box.
    package var transform: Transform

    package init(geometry: Geometry, stops: [Stop], spread: Spread = .pad, transform: Transform = .identity) {
        self.geometry = geometry; self.stops = stops; self.spread = spread; self.transform = transform
    }

    /// Whether any stop is less than opaque.
    package var hasTransparency: Bool { stops.contains { $0.color.alpha < 1 } }

    /// A colour standing for the whole gradient where a format has only one (the first
    /// stop's colour, with the largest alpha of any stop so that "drawn at all" agrees).
    package var representativeColor: Color {
        var color = stops.first?.color ?? .black
        color.alpha = stops.map(\.color.alpha).max() ?? 1
        return color
    }

    /// The offset `t` after the spread method: within 0…1.
    package func spreadOffset(_ t: Double) -> Double {
        guard t.isFinite else { return 0 }
        switch spread {
        case .pad: return min(1, max(0, t))
        case .repeat: return t - t.rounded(.down)
        case .reflect:
            let period = t - 2 * (t / 2).rounded(.down)  // 0…2
            return period <= 1 ? period : 2 - period
        }
    }

    /// The colour at offset `t` (after `spreadOffset`).
    package func color(atOffset t: Double) -> Color {
        guard let first = stops.first else { return .black }
        if t <= first.offset { return first.color }
        for index in 1..<max(1, stops.count) {
            let a = stops[index - 1], b = stops[index]
            if t <= b.offset {
                let span = b.offset - a.offset
                let k = span > 0 ? (t - a.offset) / span : 1
                return Color(red: a.color.red + (b.color.red - a.color.red) * k,
                             green: a.color.green + (b.color.green - a.color.green) * k,
                             blue: a.color.blue + (b.color.blue - a.color.blue) * k,
                             alpha: a.color.alpha + (b.color.alpha - a.color.alpha) * k)
            }
        }
        return stops[stops.count - 1].color
    }

    /// The unspread offset at a point of gradient space (nil where a radial gradient is
    /// undefined: outside the cone from a focal point outside its circle).
    package func offset(at p: Point) -> Double? {
        switch geometry {
        case .linear(let s, let e):
            let dx = e.x - s.x, dy = e.y - s.y
            let length2 = dx * dx + dy * dy
            guard length2 > 0 else { return 0 }
            return ((p.x - s.x) * dx + (p.y - s.y) * dy) / length2
        case .radial(let c, let r, let f):
            // Circles of radius t·r around f + t·(c − f): solve |p − f − t·(c − f)| = t·r
            // for the largest t ≥ 0 (PDF shading type 3 from a point, SVG's focal model).
            guard r > 0 else { return nil }
            let cdx = c.x - f.x, cdy = c.y - f.y
            let pdx = p.x - f.x, pdy = p.y - f.y
            let a = cdx * cdx + cdy * cdy - r * r
            let b = pdx * cdx + pdy * cdy
            let cc = pdx * pdx + pdy * pdy
            if abs(a) < 1e-12 {
                guard b != 0 else { return nil }
                let t = cc / (2 * b)
                return t >= 0 ? t : nil
            }
            let discriminant = b * b - a * cc
            guard discriminant >= 0 else { return nil }
            let root = discriminant.squareRoot()
            let t1 = (b + root) / a, t2 = (b - root) / a
            let t = max(t1, t2)
            return t >= 0 ? t : (min(t1, t2) >= 0 ? min(t1, t2) : nil)
        }
    }

    /// The colour at a point of the painted path's coordinates (transparent where the
    /// gradient is undefined).
    package func color(at point: Point, inverse: Transform) -> Color {
        guard let t = offset(at: inverse.apply(point)) else { return Color(red: 0, green: 0, blue: 0, alpha: 0) }
        return color(atOffset: spreadOffset(t))
    }
}

/// How a group is composited onto what is below it (the separable and non-separable
/// blend modes of PDF, ISO 32000-1 §11.3.5, which SVG's `mix-blend-mode` shares).
package enum BlendMode: UInt8, Hashable, Sendable, CaseIterable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, hardLight, softLight
    case difference, exclusion, hue, saturation, color, luminosity

    /// The PDF name (`/BM`), without the slash.
    package var pdfName: String {
        switch self {
        case .normal: "Normal"
        case .multiply: "Multiply"
        case .screen: "Screen"
        case .overlay: "Overlay"
        case .darken: "Darken"
        case .lighten: "Lighten"
        case .colorDodge: "ColorDodge"
        case .colorBurn: "ColorBurn"
        case .hardLight: "HardLight"
        case .softLight: "SoftLight"
        case .difference: "Difference"
        case .exclusion: "Exclusion"
        case .hue: "Hue"
        case .saturation: "Saturation"
        case .color: "Color"
        case .luminosity: "Luminosity"
        }
    }

    /// The CSS name (`mix-blend-mode`).
    package var cssName: String {
        switch self {
        case .normal: "normal"
        case .multiply: "multiply"
        case .screen: "screen"
        case .overlay: "overlay"
        case .darken: "darken"
        case .lighten: "lighten"
        case .colorDodge: "color-dodge"
        case .colorBurn: "color-burn"
        case .hardLight: "hard-light"
        case .softLight: "soft-light"
        case .difference: "difference"
        case .exclusion: "exclusion"
        case .hue: "hue"
        case .saturation: "saturation"
        case .color: "color"
        case .luminosity: "luminosity"
        }
    }

    /// The name in .draw (`blend:`).
    package var name: String {
        switch self {
        case .colorDodge: "colorDodge"
        case .colorBurn: "colorBurn"
        case .hardLight: "hardLight"
        case .softLight: "softLight"
        default: cssName
        }
    }

    /// B(backdrop, source) of one channel for the separable modes (ISO 32000-1 §11.3.5.2);
    /// nil for the non-separable ones.
    package func separable(_ b: Double, _ s: Double) -> Double? {
        switch self {
        case .normal: return s
        case .multiply: return b * s
        case .screen: return b + s - b * s
        case .overlay: return BlendMode.hardLight.separable(s, b)
        case .darken: return min(b, s)
        case .lighten: return max(b, s)
        case .colorDodge: return b == 0 ? 0 : (s >= 1 ? 1 : min(1, b / (1 - s)))
        case .colorBurn: return b >= 1 ? 1 : (s <= 0 ? 0 : 1 - min(1, (1 - b) / s))
        case .hardLight: return s <= 0.5 ? b * 2 * s : BlendMode.screen.separable(b, 2 * s - 1)
        case .softLight:
            if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
            let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
            return b + (2 * s - 1) * (d - b)
        case .difference: return abs(b - s)
        case .exclusion: return b + s - 2 * b * s
        case .hue, .saturation, .color, .luminosity: return nil
        }
    }
}

/// A drop shadow of a group: the group's own shape (its alpha) offset by `offset`,
/// blurred by a Gaussian of standard deviation `blur / 2` and painted in `color`, under
/// the group. `blur` is the CSS/SVG "blur radius" convention: σ = blur / 2.
package struct Shadow: Hashable, Sendable {
    package var offset: Point
    /// Blur radius in points (≥ 0).
    package var blur: Double
    package var color: Color
    package init(offset: Point, blur: Double, color: Color) { self.offset = offset; self.blur = blur; self.color = color }
    /// The standard deviation of the Gaussian.
    package var sigma: Double { blur / 2 }
}

/// Limits of gradients in formats without repeating gradients (PDF, PostScript).
package enum ShadingLimits {
    /// Periods of a repeating or reflecting gradient unrolled into one shading function;
    /// beyond them the gradient pads with the colours at the ends.
    package static let maxPeriods = 512
    /// Interpolation functions (periods × stops) of one unrolled shading: bounds the output
    /// a gradient with many stops and a short period can ask for.
    package static let maxSegments = 4096
}

/// A piece of a gradient's colour ramp between two offsets (a type 2 function in PDF and
/// PostScript shadings).
package struct GradientSegment: Hashable, Sendable {
    package var start: Double
    package var end: Double
    package var startColor: Color
    package var endColor: Color
}

extension Gradient {
    /// The range of unspread offsets over `bounds` (in the painted path's coordinates),
    /// rounded out to whole periods; 0…1 for `pad`.
    package func offsetRange(over bounds: Rect?) -> (Double, Double) {
        guard spread != .pad, let bounds else { return (0, 1) }
        let determinant = transform.a * transform.d - transform.b * transform.c
        guard determinant.isFinite, abs(determinant) > 1e-12 else { return (0, 1) }
        let inverse = Transform(
            a: transform.d / determinant, b: -transform.b / determinant, c: -transform.c / determinant, d: transform.a / determinant,
            e: (transform.c * transform.f - transform.d * transform.e) / determinant,
            f: (transform.b * transform.e - transform.a * transform.f) / determinant)
        let corners = [Point(bounds.minX, bounds.minY), Point(bounds.maxX, bounds.minY),
                       Point(bounds.maxX, bounds.maxY), Point(bounds.minX, bounds.maxY)].map { inverse.apply($0) }
        var low = 0.0, high = 1.0
        switch geometry {
        case .linear:
            let ts = corners.compactMap { offset(at: $0) }
            low = ts.min() ?? 0; high = ts.max() ?? 1
        case .radial(let center, let radius, let focal):
            // Over a box, the offset is largest at a corner; the focal point's distance
            // from the centre bounds the error of taking distances from the centre.
            let far = corners.map { (($0.x - center.x) * ($0.x - center.x) + ($0.y - center.y) * ($0.y - center.y)).squareRoot() }.max() ?? radius
            low = 0
            high = radius > 0 ? (far + ((focal.x - center.x) * (focal.x - center.x) + (focal.y - center.y) * (focal.y - center.y)).squareRoot()) / radius : 1
        }
        low = low.rounded(.down); high = max(low + 1, high.rounded(.up))
        if high - low > Double(ShadingLimits.maxPeriods) { return (0, 1) }
        if (high - low) * Double(max(1, stops.count)) > Double(ShadingLimits.maxSegments) { return (0, 1) }
        return (low, high)
    }

    /// The colour ramp over unspread offsets `t0…t1` (whole periods for `repeat` and
    /// `reflect`, 0…1 for `pad`) as segments without zero widths, in order.
    package func segments(from t0: Double, to t1: Double) -> [GradientSegment] {
        guard let firstStop = stops.first, let lastStop = stops.last else { return [] }
        var pieces: [GradientSegment] = []
        var previous = (0.0, firstStop.color)
        for stop in stops + [Stop(offset: 1, color: lastStop.color)] {
            if stop.offset > previous.0 {
                pieces.append(GradientSegment(start: previous.0, end: stop.offset, startColor: previous.1, endColor: stop.color))
            }
            previous = (stop.offset, stop.color)
        }
        if pieces.isEmpty { pieces = [GradientSegment(start: 0, end: 1, startColor: firstStop.color, endColor: lastStop.color)] }
        let mirrored = pieces.reversed().map {
            GradientSegment(start: 1 - $0.end, end: 1 - $0.start, startColor: $0.endColor, endColor: $0.startColor)
        }
        var segments: [GradientSegment] = []
        var period = t0
        while period < t1 {
            let odd = !Int(period.rounded(.down)).isMultiple(of: 2)
            for piece in spread == .reflect && odd ? mirrored : pieces {
                segments.append(GradientSegment(start: period + piece.start, end: period + piece.end,
                                                startColor: piece.startColor, endColor: piece.endColor))
            }
            period += 1
        }
        return segments
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

/// `Fill`, `Stroke` and `Paint` declare their optional parts as `Optional<…>` without an
/// initial value, and every initializer sets each stored property once (issue 38): a stored
/// `x: T? = nil` (or a `T?` var, which is `nil` implicitly) made each initializer inlined in
/// another module call the property's initializer function first and then overwrite it,
/// destroying the `nil` through `Optional`'s generic value witness — ~900 instructions per
/// painted path in layout's emit pass. Written this way, building a paint is plain stores.
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
    @usableFromInline var gradientStorage: Optional<GradientStorage>
    /// Whether a gradient paints the fill: a test of the box, without copying the gradient
    /// out as `gradient == nil` does (the SVG writer asks it of every path, issue 38).
    @inlinable package var hasGradient: Bool { gradientStorage != nil }
    /// A tiling pattern painting the fill instead of `color` (an entry of `Document.patterns`;
    /// `color` then stands for it where one colour is needed).
    package var pattern: Scene.PatternID? {
        get { patternIndex >= 0 ? Scene.PatternID(patternIndex) : nil }
        set { patternIndex = newValue?.index ?? -1 }
    }
    /// `pattern`'s index, -1 for none: a plain integer the inlinable initializer can set
    /// (`Scene.PatternID` is a package type).
    @usableFromInline var patternIndex: Int
    /// `@inlinable` (as `Stroke`'s and `Paint`'s): layout makes one per painted node in
    /// another module, where a call copied each optional part by witness (issue 38).
    @inlinable package init(color: Color, rule: FillRule = .nonZero) {
        self.color = color; self.rule = rule; gradientStorage = nil; patternIndex = -1
    }
    package init(gradient: Gradient, rule: FillRule = .nonZero) {
        self.color = gradient.representativeColor; self.rule = rule; gradientStorage = GradientStorage(gradient); patternIndex = -1
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
    @usableFromInline var gradientStorage: Optional<GradientStorage>
    /// Whether a gradient paints the stroke (as `Fill.hasGradient`).
    @inlinable package var hasGradient: Bool { gradientStorage != nil }
    @inlinable package init(
        color: Color, width: Double = 1, cap: LineCap = .butt, join: LineJoin = .miter,
        miterLimit: Double = 4, dash: [Double] = [], dashOffset: Double = 0
    ) {
        self.color = color; self.width = width; self.cap = cap; self.join = join
        self.miterLimit = miterLimit; self.dash = dash; self.dashOffset = dashOffset; gradientStorage = nil
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
    // `Optional<…>`, not `…?`: see `Fill`.
    public var fill: Optional<Fill>
    public var stroke: Optional<Stroke>
    @inlinable @inline(__always) package init(fill: Fill? = nil, stroke: Stroke? = nil) { self.fill = fill; self.stroke = stroke }
}

extension Paint {
    // Not inlinable, on purpose, and in the module that defines `Paint`: tested from another
    // module, each `fill?.x` copied the whole `Fill?`/`Stroke?` through their value witnesses
    // (five copies and a destruction per path in the SVG writer, issue 38); here they are
    // plain loads.

    /// No fill and no stroke: nothing to draw. (Tested through a trivial field: `fill == nil`
    /// copied both optionals through their value witnesses, ~330 instructions a path.)
    package var paintsNothing: Bool { fill?.rule == nil && stroke?.cap == nil }

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
