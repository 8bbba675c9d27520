// Geometry helpers of layout: anchors of frames, insets, alignment, bounds, rotations.

import DrawBase
import DrawCatalogue
import DrawOutput
import DrawScene
import DrawSemantics

/// A length in points for messages: at most one fraction digit.
func formatPoints(_ x: Double) -> String { NumberFormat.string(x, precision: 1) }

/// A named point of a frame. On ellipses and circles the diagonal anchors lie on the
/// outline (as in Pikchr), not at the frame's corners.
func anchorPoint(_ r: Rect, _ anchor: Anchor, kind: NodeKind = .rect) -> Point {
    let round = kind == .ellipse || kind == .circle
    let k = round ? 0.5 - 0.5 / 2.0.squareRoot() : 0  // 45° on the ellipse, as a fraction of the size
    switch anchor {
    case .center: return Point(r.midX, r.midY)
    case .top: return Point(r.midX, r.minY)
    case .bottom: return Point(r.midX, r.maxY)
    case .left: return Point(r.minX, r.midY)
    case .right: return Point(r.maxX, r.midY)
    case .topLeft: return Point(r.minX + k * r.width, r.minY + k * r.height)
    case .topRight: return Point(r.maxX - k * r.width, r.minY + k * r.height)
    case .bottomLeft: return Point(r.minX + k * r.width, r.maxY - k * r.height)
    case .bottomRight: return Point(r.maxX - k * r.width, r.maxY - k * r.height)
    }
}

func inset(_ r: Rect, _ e: EdgeInsets) -> Rect {
    Rect(x: r.minX + e.left, y: r.minY + e.top, width: r.width - e.left - e.right, height: r.height - e.top - e.bottom)
}

/// Horizontal part of an alignment: -1 leading, 0 center, 1 trailing.
func horizontalSide(_ a: Alignment) -> Int {
    switch a {
    case .leading, .topLeading, .bottomLeading: -1
    case .trailing, .topTrailing, .bottomTrailing: 1
    case .center, .top, .bottom, .firstBaseline, .lastBaseline: 0
    }
}

/// Vertical part of an alignment: -1 top, 0 center, 1 bottom.
func verticalSide(_ a: Alignment) -> Int {
    switch a {
    case .top, .topLeading, .topTrailing: -1
    case .bottom, .bottomLeading, .bottomTrailing: 1
    case .center, .leading, .trailing, .firstBaseline, .lastBaseline: 0
    }
}

func crossPosition(_ length: Double, _ start: Double, _ available: Double, _ side: Int) -> Double {
    switch side {
    case -1: start
    case 1: start + available - length
    default: start + (available - length) / 2
    }
}

/// The top-left corner of a box of `size` aligned inside `area`.
func aligned(_ size: Size, in area: Rect, _ align: Alignment) -> Point {
    Point(crossPosition(size.width, area.minX, area.width, horizontalSide(align)),
          crossPosition(size.height, area.minY, area.height, verticalSide(align)))
}

func pointBounds(_ points: [Point]) -> Rect? {
    guard let first = points.first else { return nil }
    var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
    for p in points {
        minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
    }
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
}

func transformedBounds(_ r: Rect, _ t: Transform) -> Rect {
    pointBounds([t.apply(r.origin), t.apply(Point(r.maxX, r.minY)), t.apply(Point(r.maxX, r.maxY)), t.apply(Point(r.minX, r.maxY))])!
}

/// A rotation, clockwise on the page; quarter turns are exact (no 6e-17 residues from
/// `cos(π/2)`), so rotated rectangles stay axis-aligned to the last bit.
func exactRotation(degrees: Double) -> Transform {
    let turns = degrees / 90
    if turns == turns.rounded(), abs(turns) < 1e15 {
        let quarter = ((Int(turns) % 4) + 4) % 4
        let (c, s): (Double, Double) = [(1, 0), (0, 1), (-1, 0), (0, -1)][quarter]
        return Transform(a: c, b: s, c: -s, d: c, e: 0, f: 0)
    }
    return .rotation(degrees: degrees)
}

extension Transform {
    /// The inverse transform, or nil when singular (a zero scale).
    var inverted: Transform? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return Transform(a: ia, b: ib, c: ic, d: id, e: -(ia * e + ic * f), f: -(ib * e + id * f))
    }
}
