/// Numbers as people write them: the one conversion of a number of the language to text.
///
/// String interpolation, `format()`, the string functions, barcode data given as a number,
/// the check that keeps a CSV field a number only when it prints back as written, the
/// values the language server shows and diagnostics all write numbers through
/// `NumberFormat.writeText` (issue 33). The backends' fixed-precision coordinates
/// (`NumberFormat.write`, 4 decimals in the IR) are another matter: geometry, not values.
///
/// - An integer-valued number up to 2^53 in magnitude is its exact integer: `4006381333931`,
///   never `4006381333930.999808`, `.0` or an exponent.
/// - Any other number is the shortest decimal that reads back as the same Double
///   (`0.1`, `0.30000000000000004`, `12345678901234568`), as JavaScript's `String(x)`:
///   without an exponent from 1e-6 up to (not including) 1e21, with one outside
///   (`1e-7`, `1.5e+21`).
/// - `-0` is `0`; not-a-number and the infinities are `nan`, `inf`, `-inf` (evaluation
///   never makes them; a diagnostic may quote one).
/// - With `decimals`, the number is rounded half away from zero on that shortest decimal,
///   so what people see is what rounds: 1.005 → `1.01`, 2.675 → `2.68`, -0.125 → `-0.13`;
///   a result that rounds to zero has no sign.
/// - `grouping` goes between groups of three digits of the whole part, `decimalMark`
///   replaces the point (`29,756.33`, `29.756,33`). Never the locale.
extension NumberFormat {
    /// Integers up to this magnitude are exact in a Double, and every one of them is.
    package static let exactIntegerLimit: Double = 9_007_199_254_740_992

    /// How `writeText` lays a number out; the default is interpolation's.
    package struct TextStyle: Sendable, Equatable {
        /// Exactly this many fraction digits (rounded half away from zero), or nil for the
        /// shortest decimal.
        package var decimals: Int?
        /// Between groups of three digits of the whole part; empty for none.
        package var grouping: String
        /// In place of the point.
        package var decimalMark: String

        package init(decimals: Int? = nil, grouping: String = "", decimalMark: String = ".") {
            self.decimals = decimals; self.grouping = grouping; self.decimalMark = decimalMark
        }

        package static let plain = TextStyle()
    }

    /// The conversion (see the file's comment): `x` as text, appended to `out`.
    package static func writeText(_ x: Double, style: TextStyle = .plain, into out: inout [UInt8]) {
        guard x.isFinite else {
            out.append(contentsOf: (x.isNaN ? "nan" : x > 0 ? "inf" : "-inf").utf8)
            return
        }
        // The common case first: a whole number of the exact range, laid out plainly.
        if style.decimals == nil, style.grouping.isEmpty, x.magnitude <= exactIntegerLimit, x == x.rounded(.towardZero) {
            write(integer: Int(x), into: &out)
            return
        }
        let decimal = ShortestDecimal(x)
        if let decimals = style.decimals {
            writeRounded(decimal, decimals: decimals, style: style, into: &out)
            return
        }
        let point = decimal.pointPosition
        let digits = decimal.digits
        if digits.isEmpty { out.append(0x30); return }
        if decimal.negative { out.append(0x2D) }
        if point > 21 || point < -5 {
            // d[.ddd]e±n, as JavaScript writes numbers outside 1e-6 ..< 1e21.
            out.append(digits[0])
            if digits.count > 1 {
                out.append(contentsOf: style.decimalMark.utf8)
                out.append(contentsOf: digits[1...])
            }
            out.append(0x65)
            out.append(point - 1 < 0 ? 0x2D : 0x2B)
            write(integer: abs(point - 1), into: &out)
            return
        }
        var whole: [UInt8] = []
        var fraction: [UInt8] = []
        if point <= 0 {
            whole = [0x30]
            fraction = [UInt8](repeating: 0x30, count: -point) + digits
        } else if point >= digits.count {
            whole = digits + [UInt8](repeating: 0x30, count: point - digits.count)
        } else {
            whole = Array(digits[..<point])
            fraction = Array(digits[point...])
        }
        appendGrouped(whole, grouping: style.grouping, into: &out)
        if !fraction.isEmpty {
            out.append(contentsOf: style.decimalMark.utf8)
            out.append(contentsOf: fraction)
        }
    }

    /// `writeText` as a String.
    package static func text(_ x: Double, style: TextStyle = .plain) -> String {
        var out: [UInt8] = []
        writeText(x, style: style, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The shortest decimal that reads back as a finite Double: `0.d₁d₂…dₙ × 10^pointPosition`.
    package struct ShortestDecimal: Equatable {
        package var negative: Bool
        /// ASCII digits, the first and the last not `0`; empty for zero.
        package var digits: [UInt8]
        /// Where the point goes: the number of digits before it (negative: zeros after it).
        package var pointPosition: Int

        /// The digits of `x.description`, which the standard library writes as the shortest
        /// decimal that parses back to `x` (SwiftDtoa), in one of the forms `123.45`,
        /// `1e-05`, `1.2345678901234568e+16`.
        package init(_ x: Double) {
            negative = x < 0
            digits = []
            pointPosition = 0
            var seenPoint = false
            var exponent = 0
            var exponentNegative = false
            var inExponent = false
            var beforePoint = 0
            for byte in x.magnitude.description.utf8 {
                switch byte {
                case 0x30...0x39 where inExponent:
                    exponent = exponent * 10 + Int(byte - 0x30)
                case 0x30...0x39:
                    if digits.isEmpty && byte == 0x30 {
                        // A leading zero: only moves the point when after it.
                        if seenPoint { beforePoint -= 1 }
                        continue
                    }
                    digits.append(byte)
                    if !seenPoint { beforePoint += 1 }
                case 0x2E: seenPoint = true
                case 0x65, 0x45: inExponent = true
                case 0x2D: exponentNegative = true
                default: break  // `+` of the exponent
                }
            }
            while digits.last == 0x30 { digits.removeLast() }
            pointPosition = digits.isEmpty ? 0 : beforePoint + (exponentNegative ? -exponent : exponent)
            if digits.isEmpty { negative = false }
        }
    }

    /// `decimal` rounded half away from zero to `decimals` fraction digits, all written.
    private static func writeRounded(_ decimal: ShortestDecimal, decimals: Int, style: TextStyle, into out: inout [UInt8]) {
        // The digits of round(|x| × 10^decimals): those with a place of at least 10^-decimals.
        let kept = decimal.pointPosition + decimals
        var scaled: [UInt8]
        if kept < 0 || decimal.digits.isEmpty {
            scaled = [0x30]
        } else {
            scaled = kept <= decimal.digits.count
                ? Array(decimal.digits[..<kept])
                : decimal.digits + [UInt8](repeating: 0x30, count: kept - decimal.digits.count)
            if kept < decimal.digits.count && decimal.digits[kept] >= 0x35 {
                var index = scaled.count - 1
                while index >= 0 && scaled[index] == 0x39 { scaled[index] = 0x30; index -= 1 }
                if index >= 0 { scaled[index] += 1 } else { scaled.insert(0x31, at: 0) }
            }
            if scaled.isEmpty { scaled = [0x30] }
        }
        if scaled.count <= decimals { scaled = [UInt8](repeating: 0x30, count: decimals + 1 - scaled.count) + scaled }
        if decimal.negative && scaled.contains(where: { $0 != 0x30 }) { out.append(0x2D) }
        appendGrouped(Array(scaled[..<(scaled.count - decimals)]), grouping: style.grouping, into: &out)
        if decimals > 0 {
            out.append(contentsOf: style.decimalMark.utf8)
            out.append(contentsOf: scaled[(scaled.count - decimals)...])
        }
    }

    /// The digits of a whole part with `grouping` between groups of three from the right.
    private static func appendGrouped(_ whole: [UInt8], grouping: String, into out: inout [UInt8]) {
        guard !grouping.isEmpty else { out.append(contentsOf: whole); return }
        for (index, digit) in whole.enumerated() {
            if index > 0 && (whole.count - index) % 3 == 0 { out.append(contentsOf: grouping.utf8) }
            out.append(digit)
        }
    }
}
