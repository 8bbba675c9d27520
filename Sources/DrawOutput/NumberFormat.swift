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

    /// "00", "01", … "99": two digits a lookup (a literal, so no global to initialise).
    @inlinable static var digitPairs: StaticString {
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
    }

    /// Writes the `count` lowest decimal digits of `value` (with leading zeros) ending just
    /// before `end`, two at a time.
    @inlinable @inline(__always)
    static func writeDigits<Digits: FixedWidthInteger & UnsignedInteger>(_ value: Digits, count: Int, endingAt end: UnsafeMutablePointer<UInt8>) {
        let pairs = digitPairs.utf8Start
        var remaining = value
        var index = 0
        while index + 2 <= count {
            let pair = Int(truncatingIfNeeded: remaining % 100)
            remaining /= 100
            index += 2
            (end - index).initialize(to: pairs[2 * pair])
            (end - index + 1).initialize(to: pairs[2 * pair + 1])
        }
        if index < count {
            (end - count).initialize(to: 0x30 &+ UInt8(truncatingIfNeeded: remaining % 10))
        }
    }

    /// The number of decimal digits of `value` (1 for 0).
    @inlinable @inline(__always)
    static func digitCount(_ value: UInt64) -> Int {
        var count = 1
        var bound: UInt64 = 10
        // 10^19 is the largest power of ten a UInt64 holds.
        while count < 20 && value >= bound {
            count += 1
            guard count < 20 else { break }
            bound &*= 10
        }
        return count
    }

    /// Formats `value` into `destination` (room for `maximumFastLength` bytes) and returns
    /// the number of bytes written, or -1 when the value is too large for the fast path
    /// (|value| · 10^precision ≥ 9e15); the caller then uses `write(_:precision:into:)`.
    ///
    /// One division splits the scaled integer into its whole and fraction parts, and digits
    /// are written two at a time from a table: a third of the divisions of writing them one
    /// by one (the output is the same bytes).
    @inlinable @inline(__always)
    package static func writeFast(_ value: Double, precision: Int, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        guard value.isFinite else { destination[0] = 0x30; return 1 }
        let whole = writeWhole(value, to: destination)
        if whole > 0 { return whole }
        let digits = max(0, min(precision, 8))
        let scale = powerOfTen(digits)
        let scaledValue = value.magnitude * Double(scale)
        guard scaledValue < 9.0e15 else { return -1 }
        // Adding one half and truncating rounds half away from zero (the value is positive
        // and below 9e15, so the signed conversion, one instruction, is exact).
        let scaled = UInt64(Int64(scaledValue + 0.5))
        if scaled == 0 { destination[0] = 0x30; return 1 }
        // The default precision divides by a constant (a multiplication), others by `scale`.
        let integerPart = digits == 4 ? scaled / 10_000 : scaled / scale
        var fraction = scaled &- integerPart &* scale
        var fractionDigits = fraction == 0 ? 0 : digits
        if fraction != 0 {
            // Trailing zeros: two at a time, then one at a time.
            while fraction % 100 == 0 {
                fraction /= 100
                fractionDigits -= 2
            }
            if fraction % 10 == 0 {
                fraction /= 10
                fractionDigits -= 1
            }
        }
        let negative = value < 0
        let sign = negative ? 1 : 0
        let integerDigits = digitCount(integerPart)
        if negative { destination[0] = 0x2D }
        writeDigits(integerPart, count: integerDigits, endingAt: destination + sign + integerDigits)
        guard fractionDigits > 0 else { return sign + integerDigits }
        destination[sign + integerDigits] = 0x2E
        let length = sign + integerDigits + 1 + fractionDigits
        writeDigits(fraction, count: fractionDigits, endingAt: destination + length)
        return length
    }

    /// Below this magnitude a whole number is written by `writeWhole`.
    @inlinable package static var wholeLimit: Double { 1.0e9 }

    /// Writes `value` when it is a whole number below `wholeLimit` in magnitude (every
    /// coordinate of ink, of matrix symbols in modules, of most rectangles) and returns the
    /// bytes written, else 0 (not written). At any precision these are the bytes of
    /// `writeFast`'s general path — a whole number has no fraction digits to round or trim,
    /// and `-0` is `0` — without scaling, rounding and trimming.
    @inlinable @inline(__always)
    package static func writeWhole(_ value: Double, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        let magnitude = value.magnitude
        guard magnitude < wholeLimit else { return 0 }
        // Below 10^9: 32-bit arithmetic, and the digits counted by comparison.
        let integer = UInt32(truncatingIfNeeded: Int64(magnitude))
        guard Double(integer) == magnitude else { return 0 }
        if integer == 0 { destination[0] = 0x30; return 1 }
        let sign = value < 0 ? 1 : 0
        if sign == 1 { destination[0] = 0x2D }
        let count = integer < 10_000
            ? (integer < 100 ? (integer < 10 ? 1 : 2) : (integer < 1_000 ? 3 : 4))
            : integer < 1_000_000 ? (integer < 100_000 ? 5 : 6)
            : integer < 10_000_000 ? 7 : integer < 100_000_000 ? 8 : 9
        // `writeDigits` specialised for UInt32: the 32-bit division is the point.
        writeDigits(integer, count: count, endingAt: destination + sign + count)
        return sign + count
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
