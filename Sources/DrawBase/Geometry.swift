// DrawBase — the values both the node tree (DrawSemantics) and the scene IR (DrawScene) are
// made of, below both: geometry in page points (`Point`, `Size`, `Rect`, `Transform`), colour
// and paint (`Color`, `Fill`, `Stroke`, `Paint`, gradients, shadows, blend modes, Paint.swift),
// and the coordinate limits of a drawing (`Scene`, Limits.swift). Plain values with no
// behaviour beyond arithmetic: what a value means is decided by the stage that reads it.
// Hot types stay `public` with `@inlinable` members: Swift 6.3.1 inlines no `package`
// member across modules (docs/architecture.md).

#if canImport(Foundation)
import Foundation
#endif

/// A point or vector in page points.
// Public rather than package, with its initializers and operators inlinable: layout builds
// millions of points (an ink outline, its cubics' control points) in other modules, and
// Swift 6.3 did not inline `@inlinable package` members across modules (each `Point(x, y)`
// was a call). DrawBase is no product, so nothing outside the package sees it.
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double
    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }
    @inlinable public static var zero: Point { Point(0, 0) }
    @inlinable public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    @inlinable public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    @inlinable public static func * (a: Point, k: Double) -> Point { Point(a.x * k, a.y * k) }
}

// Size and Rect are public with inlinable members for the reason Point is: every stage reads
// frames (`minX`, `maxY`, `width` …) of every node and item, and each read was a call into
// DrawBase (a rect's four edges, ~20 instructions for what is four loads and two adds).
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double
    @inlinable public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }
    @inlinable public init(width: Double, height: Double) { self.width = width; self.height = height }
    @inlinable public static var zero: Size { Size(0, 0) }
}

/// An axis-aligned rectangle; `origin` is its top-left corner.
public struct Rect: Hashable, Sendable {
    public var origin: Point
    public var size: Size
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x, y)
        size = Size(width, height)
    }
    @inlinable public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    @inlinable public static var zero: Rect { Rect(x: 0, y: 0, width: 0, height: 0) }
    @inlinable public var minX: Double { origin.x }
    @inlinable public var minY: Double { origin.y }
    @inlinable public var maxX: Double { origin.x + size.width }
    @inlinable public var maxY: Double { origin.y + size.height }
    @inlinable public var width: Double { size.width }
    @inlinable public var height: Double { size.height }
    @inlinable public var midX: Double { origin.x + size.width / 2 }
    @inlinable public var midY: Double { origin.y + size.height / 2 }

    @inlinable public func union(_ other: Rect) -> Rect {
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
