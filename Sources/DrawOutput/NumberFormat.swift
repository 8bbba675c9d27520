/// The one number formatter of all backends.
///
/// Rounds to `precision` fraction digits (half away from zero, on the decimal value),
/// trims trailing zeros and a trailing point, writes `-0` as `0`, and never uses an
/// exponent: 1e-7 at precision 4 is `0`, 1e16 is `10000000000000000`. Non-finite values
/// are written as `0` (layout never produces them; a backend must not emit `nan`).
package enum NumberFormat {
    /// Fraction digits used unless a caller asks otherwise: 1/10,000 pt is far below
    /// any device resolution, and keeps files small.
    package static let defaultPrecision = 4

    private static let powersOfTen: [Double] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000]

    package static func write(_ value: Double, precision: Int = defaultPrecision, into out: inout [UInt8]) {
        guard value.isFinite else { out.append(0x30); return }
        let digits = max(0, min(precision, powersOfTen.count - 1))
        let scale = powersOfTen[digits]
        let magnitude = abs(value)
        // Values too large for exact scaled integers: print the integer part only.
        if magnitude * scale >= 9.0e15 {
            if value < 0 { out.append(0x2D) }
            writeUnsignedDouble(magnitude.rounded(), into: &out)
            return
        }
        var scaled = UInt64((magnitude * scale).rounded(.toNearestOrAwayFromZero))
        if scaled == 0 { out.append(0x30); return }
        if value < 0 { out.append(0x2D) }
        var fractionDigits = digits
        while fractionDigits > 0 && scaled % 10 == 0 {
            scaled /= 10
            fractionDigits -= 1
        }
        // Render digits backwards into a small stack buffer.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            var index = 32
            var remaining = scaled
            var written = 0
            repeat {
                if written == fractionDigits && fractionDigits > 0 {
                    index -= 1; buffer[index] = 0x2E
                }
                index -= 1
                buffer[index] = 0x30 + UInt8(remaining % 10)
                remaining /= 10
                written += 1
            } while remaining > 0 || written <= fractionDigits
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[index..<32]))
        }
    }

    package static func write(integer value: Int, into out: inout [UInt8]) {
        if value < 0 { out.append(0x2D) }
        var remaining = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            var index = 24
            repeat {
                index -= 1
                buffer[index] = 0x30 + UInt8(remaining % 10)
                remaining /= 10
            } while remaining > 0
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[index..<24]))
        }
    }

    private static func writeUnsignedDouble(_ value: Double, into out: inout [UInt8]) {
        if value < 9.0e18 {
            write(integer: Int(value), into: &out)
            return
        }
        // Beyond Int64: digit by digit (only reachable with absurd inputs).
        var digits: [UInt8] = []
        var remaining = value
        while remaining >= 1 && digits.count < 400 {
            let digit = remaining.truncatingRemainder(dividingBy: 10)
            digits.append(0x30 + UInt8(max(0, min(9, digit))))
            remaining = (remaining / 10).rounded(.down)
        }
        out.append(contentsOf: digits.reversed())
    }

    /// The formatted number as a String (for tests and dumps).
    package static func string(_ value: Double, precision: Int = defaultPrecision) -> String {
        var out: [UInt8] = []
        write(value, precision: precision, into: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
