// Ink outlines: a `stroke`'s points turned, once, into the closed outline of a variable-width
// stroke, following the perfect-freehand model (the algorithm behind Excalidraw and tldraw).
//
// Takes: `InkPoints` and `InkOptions` of a node. Hands on: the outline as points (for tests
// against the reference) and as one path of quadratic curves through the midpoints of
// consecutive outline points — drawn the way the reference's renderer draws it — raised to
// cubics, filled non-zero. Every backend therefore draws exactly the same shape.
//
// The steps and constants are those of the model (a recorded stroke is always finished:
// its `last` option is true):
// 1. Stroke points: each input point pulled toward the previous one by the streamline
//    factor t = 0.15 + 0.85·(1 − streamline) (the last point kept as recorded), repeated
//    points dropped, points closer than `width` to the start skipped, each with its
//    distance, running length and unit vector from the next to the previous point. Two
//    input points become five along their segment; one gains a second point 1 pt off.
// 2. Radius per point: width · easing(0.5 − thinning·(0.5 − pressure)), pressure either
//    given or simulated from the spacing (rate 0.275), scaled by the tapers.
// 3. Left and right points offset perpendicular to the motion; a point is kept only when
//    farther than (width · smoothing)² (squared) from the last kept one; a turn of more than
//    90° draws a half-turn of 14 points; round caps are 13 points at the start and a turn and
//    a half of 29 points at the end; a stroke that never moves is a 13-point dot.
// Angles of the caps use π + 0.0001, as the model does.

import DrawBase
import DrawScene
import DrawSemantics
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The model's shaping values resolved for one stroke.
struct InkShape {
    var size: Double
    var thinning: Double
    var smoothing: Double
    var streamline: Double
    var easing: InkEasing
    var taperStart: InkTaper
    var taperEnd: InkTaper
    var capStart: Bool
    var capEnd: Bool
    var simulatePressure: Bool

    init(width: Double, options: InkOptions, hasPressure: Bool) {
        size = width
        thinning = options.thinning
        smoothing = options.smoothing
        streamline = options.streamline
        easing = options.easing
        taperStart = options.taperStart
        taperEnd = options.taperEnd
        capStart = options.capStart
        capEnd = options.capEnd
        simulatePressure = options.simulatePressure ?? !hasPressure
    }
}

/// The nominal width of a stroke without `width:` (the model's default size).
let defaultInkWidth = 16.0

/// π with the model's small offset, used for the angles of caps and corners.
private let capPi = Double.pi + 0.0001
/// The model's rate of change of simulated pressure.
private let pressureRate = 0.275

extension InkEasing {
    func apply(_ t: Double) -> Double {
        switch self {
        case .linear: return t
        case .easeInQuad: return t * t
        case .easeOutQuad: return t * (2 - t)
        case .easeInOutQuad: return t < 0.5 ? 2 * t * t : -1 + (4 - 2 * t) * t
        case .easeInCubic: return t * t * t
        case .easeOutCubic: return (t - 1) * (t - 1) * (t - 1) + 1
        case .easeInOutCubic: return t < 0.5 ? 4 * t * t * t : (t - 1) * (2 * t - 2) * (2 * t - 2) + 1
        case .easeInSine: return 1 - cos(t * Double.pi / 2)
        case .easeOutSine: return sin(t * Double.pi / 2)
        case .easeInOutSine: return -(cos(Double.pi * t) - 1) / 2
        }
    }
}

/// A point of the stroke after streamlining, with what the outline needs.
struct InkSample {
    var point: Point
    var pressure: Double
    /// Unit vector from this point back to the previous one.
    var vector: Point
    var distance: Double
    var runningLength: Double
}

private func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point {
    Point(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
}

private func unit(_ a: Point) -> Point {
    let length = hypot(a.x, a.y)
    return Point(a.x / length, a.y / length)
}

/// The vector turned a quarter: (y, −x).
private func perpendicular(_ a: Point) -> Point { Point(a.y, -a.x) }

private func dot(_ a: Point, _ b: Point) -> Double { a.x * b.x + a.y * b.y }

private func rotate(_ a: Point, around c: Point, by r: Double) -> Point {
    let s = sin(r), k = cos(r)
    let px = a.x - c.x, py = a.y - c.y
    return Point(px * k - py * s + c.x, px * s + py * k + c.y)
}

/// Step 1: the streamlined stroke points.
func inkSamples(_ input: [InkPoint], hasPressure: Bool, size: Double, streamline: Double) -> [InkSample] {
    guard let first = input.first else { return [] }
    let t = 0.15 + (1.0 - streamline) * 0.85
    // Points made up here (between two points, or next to a single one) carry no pressure,
    // as in the model: they take the default of 0.5.
    var extra: [Point] = []
    if input.count == 2 {
        let a = Point(first.x, first.y), b = Point(input[1].x, input[1].y)
        for i in 1...4 { extra.append(lerp(a, b, Double(i) / 4.0)) }
    } else if input.count == 1 {
        extra.append(Point(first.x + 1.0, first.y + 1.0))
    }
    let count = extra.isEmpty ? input.count : 1 + extra.count
    func position(_ i: Int) -> Point { extra.isEmpty ? Point(input[i].x, input[i].y) : i == 0 ? Point(first.x, first.y) : extra[i - 1] }
    func pressure(_ i: Int, missing: Double) -> Double { hasPressure && (extra.isEmpty || i == 0) ? input[i].pressure : missing }

    var samples: [InkSample] = []
    samples.reserveCapacity(count)
    samples.append(InkSample(point: Point(first.x, first.y), pressure: pressure(0, missing: 0.25),
                             vector: Point(1, 1), distance: 0, runningLength: 0))
    var reachedMinimumLength = false
    var runningLength = 0.0
    var previous = samples[0].point
    let last = count - 1
    if count > 1 {
        for i in 1..<count {
            // A finished stroke ends at its last recorded point.
            let point = i == last ? position(i) : lerp(previous, position(i), t)
            if point == previous { continue }
            let distance = hypot(point.y - previous.y, point.x - previous.x)
            runningLength += distance
            // Near the start, wait until the line is `size` long: the first points are noise.
            if i < last && !reachedMinimumLength {
                if runningLength < size { continue }
                reachedMinimumLength = true
            }
            samples.append(InkSample(point: point, pressure: pressure(i, missing: 0.5),
                                     vector: unit(previous - point), distance: distance, runningLength: runningLength))
            previous = point
        }
    }
    samples[0].vector = samples.count > 1 ? samples[1].vector : .zero
    return samples
}

/// Outline points one stroke may have. Recorded strokes have about two per input point,
/// but every sharp turn adds 28, so a hostile zigzag of a million points would make 28
/// million; beyond this the stroke is an error (`layout.ink-limit`) and is not drawn.
let maxInkOutlinePoints = 4_000_000

/// Steps 2 and 3: the outline of a finished stroke, as a closed polygon of points; nil when
/// it would have more than `limit` points.
func inkOutline(_ points: [InkSample], shape: InkShape, limit: Int = maxInkOutlinePoints) -> [Point]? {
    let size = shape.size
    guard let firstSample = points.first, let lastSample = points.last, size > 0 else { return [] }
    guard points.count <= limit / 2 else { return nil }
    let totalLength = lastSample.runningLength
    func taperLength(_ taper: InkTaper) -> Double {
        switch taper {
        case .none: 0
        case .length(let x): x
        case .whole: max(size, totalLength)
        }
    }
    let taperStart = taperLength(shape.taperStart), taperEnd = taperLength(shape.taperEnd)
    let minDistance = (size * shape.smoothing) * (size * shape.smoothing)
    func radius(_ pressure: Double) -> Double {
        size * shape.easing.apply(0.5 - shape.thinning * (0.5 - pressure))
    }
    func simulated(_ previous: Double, distance: Double) -> Double {
        let sp = min(1.0, distance / size)
        let rp = min(1.0, 1.0 - sp)
        return min(1.0, previous + (rp - previous) * (sp * pressureRate))
    }

    // Start from the average of the first pressures: drawn lines almost always start slow.
    var previousPressure = firstSample.pressure
    for sample in points.prefix(10) {
        var pressure = sample.pressure
        if shape.simulatePressure { pressure = simulated(previousPressure, distance: sample.distance) }
        previousPressure = (previousPressure + pressure) / 2
    }

    var currentRadius = radius(lastSample.pressure)
    var firstRadius: Double?
    var previousVector = firstSample.vector
    var pl = firstSample.point, pr = pl
    var tl = pl, tr = pr
    var previousWasSharp = false
    var left: [Point] = [], right: [Point] = []
    left.reserveCapacity(points.count + 32)
    right.reserveCapacity(points.count + 32)
    let n = points.count

    for i in 0..<n {
        let sample = points[i]
        var pressure = sample.pressure
        let point = sample.point, vector = sample.vector, runningLength = sample.runningLength
        // Noise at the very end of the line.
        if i < n - 1 && totalLength - runningLength < 3 { continue }
        if shape.thinning != 0 {
            if shape.simulatePressure { pressure = simulated(previousPressure, distance: sample.distance) }
            currentRadius = radius(pressure)
        } else {
            currentRadius = size / 2.0
        }
        if firstRadius == nil { firstRadius = currentRadius }
        let ts = runningLength < taperStart ? ease(start: runningLength / taperStart) : 1.0
        let te = totalLength - runningLength < taperEnd ? ease(end: (totalLength - runningLength) / taperEnd) : 1.0
        currentRadius = max(0.01, currentRadius * min(ts, te))

        let nextVector = i < n - 1 ? points[i + 1].vector : vector
        let nextDot = i < n - 1 ? dot(vector, nextVector) : 1.0
        let previousDot = dot(vector, previousVector)
        let isSharp = previousDot < 0 && !previousWasSharp
        let nextIsSharp = nextDot < 0
        if isSharp || nextIsSharp {
            // A turn of more than 90°: a rounded half-turn around the point.
            let offset = perpendicular(previousVector) * currentRadius
            for k in 0..<14 {
                let t = Double(k) / 13.0
                tl = rotate(point - offset, around: point, by: capPi * t)
                left.append(tl)
                tr = rotate(point + offset, around: point, by: capPi * -t)
                right.append(tr)
            }
            pl = tl; pr = tr
            if nextIsSharp { previousWasSharp = true }
            if left.count + right.count > limit { return nil }
            continue
        }
        previousWasSharp = false
        if i == n - 1 {
            let offset = perpendicular(vector) * currentRadius
            left.append(point - offset)
            right.append(point + offset)
            continue
        }
        let offset = perpendicular(lerp(nextVector, vector, nextDot)) * currentRadius
        tl = point - offset
        if i <= 1 || distanceSquared(pl, tl) > minDistance { left.append(tl); pl = tl }
        tr = point + offset
        if i <= 1 || distanceSquared(pr, tr) > minDistance { right.append(tr); pr = tr }
        previousPressure = pressure
        previousVector = vector
    }

    let firstPoint = firstSample.point
    let lastPoint = n > 1 ? lastSample.point : firstPoint + Point(1.0, 1.0)
    if n == 1 {
        // A stroke that never moved: a dot.
        let r = firstRadius ?? currentRadius
        let start = firstPoint + unit(perpendicular(firstPoint - lastPoint)) * -r
        return (1..<14).map { rotate(start, around: firstPoint, by: capPi * 2 * (Double($0) / 13.0)) }
    }
    var startCap: [Point] = []
    if taperStart != 0 {
        // Tapered: no cap.
    } else if shape.capStart {
        for k in 1..<14 { startCap.append(rotate(right[0], around: firstPoint, by: capPi * (Double(k) / 13.0))) }
    } else {
        let corners = left[0] - right[0]
        let a = corners * 0.5, b = corners * 0.51
        startCap = [firstPoint - a, firstPoint - b, firstPoint + b, firstPoint + a]
    }
    var endCap: [Point] = []
    let direction = perpendicular(Point(-lastSample.vector.x, -lastSample.vector.y))
    if taperEnd != 0 {
        endCap.append(lastPoint)
    } else if shape.capEnd {
        let start = lastPoint + direction * currentRadius
        for k in 1..<30 { endCap.append(rotate(start, around: lastPoint, by: capPi * 3 * (Double(k) / 29.0))) }
    } else {
        endCap = [lastPoint + direction * currentRadius, lastPoint + direction * (currentRadius * 0.99),
                  lastPoint - direction * (currentRadius * 0.99), lastPoint - direction * currentRadius]
    }
    // Winding: down the left side, round the end, back along the right side, round the start.
    var outline = left
    outline.reserveCapacity(left.count + endCap.count + right.count + startCap.count)
    outline.append(contentsOf: endCap)
    outline.append(contentsOf: right.reversed())
    outline.append(contentsOf: startCap)
    return outline
}

/// The start taper's easing (the model's t·(2 − t)).
private func ease(start t: Double) -> Double { t * (2 - t) }
/// The end taper's easing: the model's cubic ease-out, (t − 1)³ + 1.
private func ease(end t: Double) -> Double { (t - 1) * (t - 1) * (t - 1) + 1 }

private func distanceSquared(_ a: Point, _ b: Point) -> Double {
    let dx = a.x - b.x, dy = a.y - b.y
    return dx * dx + dy * dy
}

/// The outline of a stroke node's points, in its own coordinates; nil beyond `limit` points.
func inkOutline(of points: InkPoints, width: Double?, options: InkOptions?, limit: Int = maxInkOutlinePoints) -> [Point]? {
    let shape = InkShape(width: width ?? defaultInkWidth, options: options ?? .standard, hasPressure: points.hasPressure)
    let samples = inkSamples(points.points, hasPressure: points.hasPressure, size: shape.size, streamline: shape.streamline)
    return inkOutline(samples, shape: shape, limit: limit)
}

/// How far the drawn outline may stray from the reference renderer's curve where
/// `inkPath` writes a straight line for a run of nearly straight quadratics: 1/100 pt
/// (1/7200 in, a sixth of a device pixel at 1200 dpi; the tolerance the reference tests
/// allow per outline point). Emission then rounds every coordinate to `inkGrid`, adding at
/// most 0.0071 pt: the filled shape is within 0.02 pt of the reference's drawing.
let inkFlatness = 0.01
/// The grid, in points, ink outlines are written on (docs/language.md, "Ink precision"):
/// `inkItem` writes whole numbers of it inside a group scaled by it.
let inkGrid = 0.01
/// Quadratics one straight line may replace at most (bounds the work of checking a run).
private let maximumFlatRun = 32

/// The outline filled as the model's renderer draws it: from the first point, a quadratic
/// curve with each point as control point to the midpoint between it and the next
/// (wrapping round), then closed. A quadratic is raised exactly to a cubic, except where a
/// run of consecutive quadratics lies within `tolerance` of the straight line from the
/// run's start to its end: the run becomes that line (a drawn stroke is mostly gentle
/// curves, and a line is a third of a cubic's numbers). In the outline's own coordinates.
func inkPath(_ outline: [Point], tolerance: Double = inkFlatness) -> Scene.Path {
    inkPath(outline, tolerance: tolerance, place: InkPlacement(offset: nil))
}

/// A stroke's outline drawn at `offset` (the node's place on the page), as the page gets it:
/// the path of `inkPath` with every point on the ink grid, written in **whole hundredths of
/// a point** from the grid point at the outline's top-left corner, inside a group that
/// scales by 1/100 from there. The same grid points as coordinates in points with two
/// decimals — the same picture — in fewer digits in every format (`12345` for `123.45`
/// from the corner: no point, and two or three digits fewer). Nil for an empty outline.
func inkItem(_ outline: [Point], at offset: Point, paint: Paint) -> Scene.Item? {
    guard let first = outline.first else { return nil }
    var minX = first.x, minY = first.y, maxX = first.x, maxY = first.y
    for p in outline {
        minX = min(minX, p.x); maxX = max(maxX, p.x)
        minY = min(minY, p.y); maxY = max(maxY, p.y)
    }
    // The path's other points (midpoints, the cubics' control points) are convex
    // combinations of the outline's, so all lie in its bounds, and rounding keeps that
    // order: every coordinate written is a whole number ≥ 0.
    let bounds = [minX + offset.x, maxX + offset.x, minY + offset.y, maxY + offset.y]
    guard bounds.allSatisfy({ ($0 * 100).magnitude < 9.0e15 }) else {
        // Beyond what whole hundredths hold exactly (not on any page): in points, unrounded.
        return .path(inkPath(outline, tolerance: inkFlatness, place: InkPlacement(offset: offset)), paint)
    }
    let cornerX = hundredths(bounds[0]), cornerY = hundredths(bounds[2])
    let path = inkPath(outline, tolerance: inkFlatness, place: InkPlacement(offset: offset, corner: Point(cornerX, cornerY)))
    let transform = Transform(a: inkGrid, b: 0, c: 0, d: inkGrid, e: cornerX / 100, f: cornerY / 100)
    return .group(Scene.Group(transform: transform, items: [.path(path, paint)]))
}

/// `v` in whole hundredths, rounded half away from zero by truncation (no call into libm's
/// round); `|v|` · 100 must be below 9·10^15, where doubles still hold every whole number.
@inline(__always) private func hundredths(_ v: Double) -> Double {
    let scaled = v * 100
    return Double(Int64(scaled + (scaled < 0 ? -0.5 : 0.5)))
}

/// Where `inkPath` writes an outline point: as it is (no offset), moved by `offset`, and
/// with a `corner`, put on the ink grid in whole hundredths from that corner (`inkItem`).
private struct InkPlacement {
    var offset: Point?
    var corner: Point? = nil

    @inline(__always) func callAsFunction(_ p: Point) -> Point {
        guard let offset else { return p }
        guard let corner else { return Point(p.x + offset.x, p.y + offset.y) }
        return Point(hundredths(p.x + offset.x) - corner.x, hundredths(p.y + offset.y) - corner.y)
    }
}

/// `inkPath` with every point it writes passed through `place` (the outline's points and
/// the tolerance stay in the outline's coordinates: placing changes only how it is written).
@inline(__always) private func inkPath(_ outline: [Point], tolerance: Double, place: InkPlacement) -> Scene.Path {
    guard !outline.isEmpty else { return Scene.Path() }
    let n = outline.count
    // Written straight into the path's storage: a move, at most one cubic (three points)
    // or line per quadratic, and the close (appending point by point, through `PathSink`,
    // was a fifth of the stroke's layout).
    var verbs = [Scene.PathVerb](repeating: .close, count: n + 2)
    var verbCount = 0
    let points = [Point](unsafeUninitializedCapacity: 3 * n + 1) { pointStorage, pointCount in
        verbs.withUnsafeMutableBufferPointer { verbStorage in
            outline.withUnsafeBufferPointer { outline in
                let firstPoint = pointStorage.baseAddress!, firstVerb = verbStorage.baseAddress!
                var nextPoint = firstPoint, nextVerb = firstVerb
                let first = outline[0]
                nextVerb.initialize(to: .move); nextVerb += 1
                nextPoint.initialize(to: place(first)); nextPoint += 1
                @inline(__always) func midpoint(_ k: Int) -> Point {
                    let p = outline[k], q = outline[k + 1 == n ? 0 : k + 1]
                    return Point((p.x + q.x) * 0.5, (p.y + q.y) * 0.5)
                }
                // Quadratic k runs from `start(k)` (the first point, then the previous midpoint)
                // with control point outline[k] to midpoint(k). Its largest distance from its
                // chord is half the distance from the control point to the chord's middle (at
                // t = 1/2).
                @inline(__always) func bulge(_ start: Point, _ control: Point, _ end: Point) -> Double {
                    let dx = control.x - (start.x + end.x) * 0.5, dy = control.y - (start.y + end.y) * 0.5
                    return 0.5 * (dx * dx + dy * dy).squareRoot()
                }
                /// `bulge(…) <= tolerance`, without the square root (both sides are ≥ 0).
                let squaredLimit = 4 * tolerance * tolerance
                @inline(__always) func isFlat(_ start: Point, _ control: Point, _ end: Point) -> Bool {
                    let dx = control.x - (start.x + end.x) * 0.5, dy = control.y - (start.y + end.y) * 0.5
                    return tolerance >= 0 && dx * dx + dy * dy <= squaredLimit
                }
                var start = first
                var k = 0
                while k < n {
                    let end = midpoint(k)
                    let control = outline[k]
                    guard isFlat(start, control, end) else {
                        // Raised exactly to a cubic.
                        nextVerb.initialize(to: .cubic); nextVerb += 1
                        let c1 = Point(start.x + (control.x - start.x) * (2.0 / 3.0), start.y + (control.y - start.y) * (2.0 / 3.0))
                        let c2 = Point(end.x + (control.x - end.x) * (2.0 / 3.0), end.y + (control.y - end.y) * (2.0 / 3.0))
                        nextPoint.initialize(to: place(c1))
                        (nextPoint + 1).initialize(to: place(c2))
                        (nextPoint + 2).initialize(to: place(end))
                        nextPoint += 3
                        start = end
                        k += 1
                        continue
                    }
                    // A run of flat quadratics k..<last: each lies within its bulge of its
                    // chord, and each chord within the larger distance of its two ends from the
                    // run's line, so the run is drawn as one line while bulge + those distances
                    // stay within tolerance.
                    var last = k + 1
                    var runEnd = end
                    while last < n && last - k < maximumFlatRun {
                        let candidateEnd = midpoint(last)
                        let candidateStart = runEnd
                        guard bulge(candidateStart, outline[last], candidateEnd) <= tolerance else { break }
                        var fits = true
                        var chordStart = start
                        for j in k...last {
                            let chordEnd = j == last ? candidateEnd : midpoint(j)
                            let control = outline[j]
                            let allowance = tolerance - bulge(chordStart, control, chordEnd)
                            if distance(chordEnd, toSegment: start, candidateEnd) > allowance
                                || distance(chordStart, toSegment: start, candidateEnd) > allowance {
                                fits = false
                                break
                            }
                            chordStart = chordEnd
                        }
                        guard fits else { break }
                        runEnd = candidateEnd
                        last += 1
                    }
                    nextVerb.initialize(to: .line); nextVerb += 1
                    nextPoint.initialize(to: place(runEnd)); nextPoint += 1
                    start = runEnd
                    k = last
                }
                nextVerb.initialize(to: .close); nextVerb += 1
                verbCount = nextVerb - firstVerb
                pointCount = nextPoint - firstPoint
            }
        }
    }
    verbs.removeLast(n + 2 - verbCount)
    return Scene.Path(verbs: verbs, points: points)
}

/// The distance from `p` to the segment from `a` to `b`.
func distance(_ p: Point, toSegment a: Point, _ b: Point) -> Double {
    let dx = b.x - a.x, dy = b.y - a.y
    let lengthSquared = dx * dx + dy * dy
    var t = lengthSquared > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared : 0
    t = min(1, max(0, t))
    let ex = p.x - (a.x + dx * t), ey = p.y - (a.y + dy * t)
    return (ex * ex + ey * ey).squareRoot()
}
