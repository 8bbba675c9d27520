// Ink: the values of `stroke` nodes (points with pressure, the shaping options of the
// perfect-freehand model) and the compact points string that long strokes are written in.
//
// Takes: evaluated property values. Hands on: `InkPoints` and `InkOptions` on the node's
// geometry; layout turns them into one filled outline. The compact string is decoded here,
// once, over its UTF-8 bytes; every malformed character is reported at its own offset.

import DrawCatalogue
import DrawDiagnostics
import DrawSyntax

/// One recorded point of ink, in the node's coordinates; `pressure` 0…1.
package struct InkPoint: Hashable, Sendable {
    package var x: Double
    package var y: Double
    package var pressure: Double
    package init(_ x: Double, _ y: Double, _ pressure: Double) { self.x = x; self.y = y; self.pressure = pressure }
}

/// The points of a stroke. Without pressure, every `pressure` is 0.5 and layout uses the
/// model's defaults for missing pressure (0.25 for the first point, 0.5 for the others).
package struct InkPoints: Hashable, Sendable {
    package var points: [InkPoint]
    package var hasPressure: Bool
    /// Where the `points:` value is written, for what layout reports about the stroke
    /// (`layout.ink-limit`); `.unknown` when made elsewhere.
    package var span: Span
    package init(points: [InkPoint], hasPressure: Bool, span: Span = .unknown) {
        self.points = points; self.hasPressure = hasPressure; self.span = span
    }
}

/// The easing curves `easing:` names (applied to the pressure before it sets the radius).
/// The formulas are the usual Penner easings of t in 0…1.
package enum InkEasing: UInt8, CaseIterable, Hashable, Sendable {
    case linear, easeInQuad, easeOutQuad, easeInOutQuad, easeInCubic, easeOutCubic, easeInOutCubic
    case easeInSine, easeOutSine, easeInOutSine

    /// The word that names it: the one `inkEasingNames` (the catalogue's `EasingWord`, mapped
    /// in one exhaustive switch) reads as this curve.
    package var name: String { inkEasingNames.keys.sorted().first { inkEasingNames[$0] == self }! }
}

/// A stroke's taper at one end: none, a length along the stroke, or the whole stroke.
package enum InkTaper: Hashable, Sendable {
    case none
    case length(Double)
    /// The reference's `true`: the stroke's whole length (at least its width).
    case whole
}

/// The shaping options of a `stroke` (perfect-freehand's, with its defaults).
package struct InkOptions: Hashable, Sendable {
    /// Effect of pressure on the width, -1…1 (0: constant width).
    package var thinning = 0.5
    /// Softening of the outline's edges, 0…1.
    package var smoothing = 0.5
    /// How far each point is pulled toward the previous one, 0…1.
    package var streamline = 0.5
    package var easing = InkEasing.linear
    package var taperStart = InkTaper.none
    package var taperEnd = InkTaper.none
    package var capStart = true
    package var capEnd = true
    /// Pressure from point spacing; nil: when the points carry no pressure.
    package var simulatePressure: Bool?
    package init() {}
    package static let standard = InkOptions()
}

/// A malformed compact points string: what is wrong and where (byte offset and length in
/// the string's bytes).
package struct InkPointsError: Error, Hashable, Sendable {
    package var offset: Int
    package var length: Int
    package var message: String
}

/// The compact points syntax (docs/language.md, grammar/draw.ebnf `points-string`):
/// points separated by spaces, each 2 (x, y) or 3 (x, y, pressure) numbers joined by
/// commas; the first point absolute, every later one the difference from the one before.
/// Numbers have at most `maxFractionDigits` decimals and are summed exactly in units of
/// 1/10000, so a long stroke does not drift.
package enum CompactPoints {
    /// Decimals a number may have: fixed precision, 1/10000 pt.
    package static let maxFractionDigits = 4
    /// Digits before the decimal point (keeps the exact sums far from overflow).
    package static let maxIntegerDigits = 9
    /// Magnitude a coordinate may reach after summing the differences, in points.
    package static let maxCoordinate = 1_000_000_000.0

    /// Decodes `bytes`. `dimensions` is 2 or 3, taken from the first point (every point
    /// must have as many numbers); `maxPoints` bounds the result.
    package static func decode(_ bytes: UnsafeBufferPointer<UInt8>, maxPoints: Int) -> Result<(values: [Double], dimensions: Int), InkPointsError> {
        var values: [Double] = []
        var sums: (Int64, Int64, Int64) = (0, 0, 0)
        var dimensions = 0
        var count = 0
        var i = 0
        let n = bytes.count
        let scale = 10_000.0
        let limit = Int64(maxCoordinate * scale)
        func fail(_ at: Int, _ length: Int, _ message: String) -> Result<(values: [Double], dimensions: Int), InkPointsError> {
            .failure(InkPointsError(offset: at, length: max(1, length), message: message))
        }
        func describe(_ at: Int) -> String { PointsMessages.found(at < n ? bytes[at] : nil) }
        values.reserveCapacity(n / 6 + 4)
        while true {
            while i < n && bytes[i] == 0x20 { i += 1 }
            if i >= n { break }
            let pointStart = i
            var component = 0
            while true {
                // number = [ "-" | "+" ] digits [ "." digits ]  (at most 4 decimals)
                let numberStart = i
                var negative = false
                if i < n && (bytes[i] == 0x2D || bytes[i] == 0x2B) { negative = bytes[i] == 0x2D; i += 1 }
                var whole: Int64 = 0
                var digits = 0
                while i < n, case let d = bytes[i] &- 0x30, d < 10 {
                    whole = whole &* 10 &+ Int64(d); digits += 1; i += 1
                }
                if digits > maxIntegerDigits {
                    return fail(numberStart, i - numberStart, PointsMessages.numberTooLarge())
                }
                var fraction: Int64 = 0
                var fractionDigits = 0
                if i < n && bytes[i] == 0x2E {
                    i += 1
                    let fractionStart = i
                    while i < n, case let d = bytes[i] &- 0x30, d < 10 {
                        if fractionDigits == maxFractionDigits {
                            return fail(i, 1, PointsMessages.tooManyDecimals())
                        }
                        fraction = fraction &* 10 &+ Int64(d); fractionDigits += 1; i += 1
                    }
                    if i == fractionStart { return fail(i, 1, PointsMessages.digitAfterPoint(found: describe(i))) }
                } else if digits == 0 {
                    return fail(i, 1, PointsMessages.expectedNumber(found: describe(i)))
                }
                // Scale the fraction to 1/10000: ×1000, ×100, ×10 or ×1 for 1…4 decimals.
                let scaleUp: Int64 = fractionDigits == 0 ? 0 : fractionDigits == 1 ? 1000 : fractionDigits == 2 ? 100 : fractionDigits == 3 ? 10 : 1
                var units = whole &* 10_000 &+ fraction &* scaleUp
                if negative { units = -units }
                if component == 2 && i < n && bytes[i] == 0x2C {
                    return fail(i, 1, PointsMessages.tooManyNumbers())
                }
                switch component {
                case 0:
                    sums.0 = count == 0 ? units : sums.0 &+ units
                    if sums.0 > limit || sums.0 < -limit { return fail(numberStart, i - numberStart, PointsMessages.coordinateOutOfRange()) }
                case 1:
                    sums.1 = count == 0 ? units : sums.1 &+ units
                    if sums.1 > limit || sums.1 < -limit { return fail(numberStart, i - numberStart, PointsMessages.coordinateOutOfRange()) }
                default:
                    sums.2 = count == 0 ? units : sums.2 &+ units
                    if sums.2 < 0 || sums.2 > 10_000 {
                        return fail(numberStart, i - numberStart, PointsMessages.pressureOutOfRange(formatUnits(sums.2)))
                    }
                }
                component += 1
                if i < n && bytes[i] == 0x2C {
                    i += 1
                    continue
                }
                if i < n && bytes[i] != 0x20 {
                    return fail(i, 1, PointsMessages.expectedSeparator(found: describe(i)))
                }
                break
            }
            if component == 1 { return fail(i, 1, PointsMessages.expectedY(found: describe(i))) }
            if dimensions == 0 {
                dimensions = component
            } else if component != dimensions {
                return fail(pointStart, i - pointStart, PointsMessages.mixedDimensions(component, first: dimensions))
            }
            count += 1
            if count > maxPoints { return fail(pointStart, i - pointStart, PointsMessages.tooManyPoints(maxPoints)) }
            values.append(Double(sums.0) / scale)
            values.append(Double(sums.1) / scale)
            if dimensions == 3 { values.append(Double(sums.2) / scale) }
        }
        return .success((values, max(dimensions, 2)))
    }

    /// Fixed-point units written as a decimal for messages.
    static func formatUnits(_ units: Int64) -> String {
        let sign = units < 0 ? "-" : ""
        let magnitude = units.magnitude
        var text = sign + String(magnitude / 10_000)
        var fraction = magnitude % 10_000
        if fraction != 0 {
            var digits = String(fraction)
            while digits.count < 4 { digits = "0" + digits }
            while digits.hasSuffix("0") { digits.removeLast() }
            fraction = 0
            text += "." + digits
        }
        return text
    }

    /// Encodes points (x, y[, pressure]) in the compact syntax, rounding each to 1/10000:
    /// the writer of recorded strokes (samples, tools, tests). Values are rounded first and
    /// differences taken of the rounded values, so decoding gives the rounded points back.
    package static func encode(_ points: [(Double, Double, Double?)], decimals: Int = 2, pressureDecimals: Int = 3) -> String {
        var out = ""
        var previous: [Int64] = [0, 0, 0]
        func unitsOf(_ x: Double, _ places: Int) -> Int64 {
            var p = 1.0
            for _ in 0..<places { p *= 10 }
            let rounded = (x * p).rounded()
            return Int64(rounded) * Int64(10_000 / Int(p))
        }
        for (index, point) in points.enumerated() {
            let units = [unitsOf(point.0, decimals), unitsOf(point.1, decimals), point.2.map { unitsOf($0, pressureDecimals) }]
            if index > 0 { out += " " }
            for k in 0..<3 {
                guard let u = units[k] else { continue }
                if k > 0 { out += "," }
                out += formatUnits(index == 0 ? u : u - previous[k])
                previous[k] = u
            }
        }
        return out
    }
}

extension Evaluation {
    /// The value of a `points:` argument: a list literal of tuples of 2 or 3 plain numbers
    /// (all alike, `-` allowed) read packed, straight from the tree, without a `Value` per
    /// number or an array per point; anything else (names, units, mixed tuples, a number
    /// too large, a list past the limit) evaluates as usual, so its messages are unchanged.
    func evaluatePoints(_ id: ExprID) -> Value? {
        if let packed = packedPointsLiteral(id) { return .packedPoints(packed) }
        return evaluate(id)
    }

    func packedPointsLiteral(_ id: ExprID) -> PackedPoints? {
        let file = unit
        guard case .list(let itemList) = file.ast.exprs[Int(id.index)].kind,
              itemList.count > 0, itemList.count <= limits.maxListLength else { return nil }
        return file.ast.exprs.withUnsafeBufferPointer { exprs -> PackedPoints? in
            file.ast.exprLists.withUnsafeBufferPointer { lists -> PackedPoints? in
                @inline(__always) func number(_ e: ExprID) -> Double? {
                    switch exprs[Int(e.index)].kind {
                    case .number(let x, .none) where x.isFinite: return x
                    case .unary(.negate, let inner):
                        if case .number(let x, .none) = exprs[Int(inner.index)].kind, x.isFinite { return -x }
                        return nil
                    default: return nil
                    }
                }
                let first = Int(itemList.start), end = first + Int(itemList.count)
                guard case .tuple(let head) = exprs[Int(lists[first].index)].kind, head.count == 2 || head.count == 3 else { return nil }
                let dimensions = Int(head.count)
                var values: [Double] = []
                values.reserveCapacity(Int(itemList.count) * dimensions)
                for k in first..<end {
                    guard case .tuple(let parts) = exprs[Int(lists[k].index)].kind, Int(parts.count) == dimensions else { return nil }
                    let p = Int(parts.start)
                    guard let x = number(lists[p]), let y = number(lists[p + 1]) else { return nil }
                    values.append(x)
                    values.append(y)
                    if dimensions == 3 {
                        guard let pressure = number(lists[p + 2]) else { return nil }
                        values.append(pressure)
                    }
                }
                return PackedPoints(values: values, dimensions: dimensions)
            }
        }
    }
}
