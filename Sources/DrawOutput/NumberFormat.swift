/// The one number formatter of all backends.
///
/// Rounds to `precision` fraction digits (half away from zero, on the decimal value),
/// trims trailing zeros and a trailing point, writes `-0` as `0`, and never uses an
/// exponent: 1e-7 at precision 4 is `0`, 1e16 is `10000000000000000`. Non-finite values
/// are written as `0` (layout never produces them; a backend must not emit `nan`).
@usableFromInline package enum NumberFormat {
    /// Fraction digits used unless a caller asks otherwise: 1/10,000 pt is far below
    /// any device resolution, and keeps files small.
    @inlinable package static var defaultPrecision: Int { 4 }

    /// 10^n for n in 0…8, without a global array (no lazy-initialisation check per call).
    @inlinable @inline(__always)
    static func powerOfTen(_ n: Int) -> UInt64 {
        switch n {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        default: 100_000_000
        }
    }

    /// The most bytes `writeFast` writes: 16 digits, a point and a sign, rounded up.
    @inlinable package static var maximumFastLength: Int { 24 }

    /// Formats `value` into `destination` (room for `maximumFastLength` bytes) and returns
    /// the number of bytes written, or -1 when the value is too large for the fast path
    /// (|value| · 10^precision ≥ 9e15); the caller then uses `write(_:precision:into:)`.
    @inlinable @inline(__always)
    package static func writeFast(_ value: Double, precision: Int, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        guard value.isFinite else { destination[0] = 0x30; return 1 }
        let digits = max(0, min(precision, 8))
        let scaledValue = value.magnitude * Double(powerOfTen(digits))
        guard scaledValue < 9.0e15 else { return -1 }
        // Adding one half and truncating rounds half away from zero (the value is positive).
        var scaled = UInt64(scaledValue + 0.5)
        if scaled == 0 { destination[0] = 0x30; return 1 }
        var fractionDigits = digits
        while fractionDigits > 0 && scaled % 10 == 0 {
            scaled /= 10
            fractionDigits -= 1
        }
        // Count the integer digits, then write everything backwards in place.
        var integerPart = scaled
        for _ in 0..<fractionDigits { integerPart /= 10 }
        var integerDigits = 1
        while integerPart >= 10 {
            integerPart /= 10
            integerDigits += 1
        }
        let negative = value < 0
        let length = (negative ? 1 : 0) + integerDigits + (fractionDigits > 0 ? fractionDigits + 1 : 0)
        var index = length
        var remaining = scaled
        if fractionDigits > 0 {
            for _ in 0..<fractionDigits {
                index -= 1
                destination[index] = 0x30 &+ UInt8(truncatingIfNeeded: remaining % 10)
                remaining /= 10
            }
            index -= 1
            destination[index] = 0x2E
        }
        repeat {
            index -= 1
            destination[index] = 0x30 &+ UInt8(truncatingIfNeeded: remaining % 10)
            remaining /= 10
        } while remaining > 0
        if negative { destination[0] = 0x2D }
        return length
    }

    package static func write(_ value: Double, precision: Int = defaultPrecision, into out: inout [UInt8]) {
        var storage: (UInt64, UInt64, UInt64) = (0, 0, 0)
        let written = withUnsafeMutableBytes(of: &storage) { raw -> Int in
            let pointer = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
            let n = writeFast(value, precision: precision, to: pointer)
            if n > 0 { out.append(contentsOf: UnsafeBufferPointer(start: pointer, count: n)) }
            return n
        }
        guard written < 0 else { return }
        // Values too large for exact scaled integers: print the integer part only.
        if value < 0 { out.append(0x2D) }
        writeUnsignedDouble(value.magnitude.rounded(), into: &out)
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
