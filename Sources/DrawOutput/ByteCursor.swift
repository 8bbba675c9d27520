// Writing a whole element's or operator's worth of bytes through a raw cursor, then
// appending them to the output in one piece. Appending each number and each separator to
// the `ByteBuffer` on its own costs a call and a generic array append apiece (about 100
// instructions), which was most of a backend's time for path data. Shared by the SVG, PDF
// and PostScript writers, and `@inlinable` so that each backend's loops inline it. Public
// rather than package: Swift 6.3 did not inline `@inlinable package` members across
// modules (each number became a call); DrawOutput is no product, so nothing outside the
// package sees it.

/// A write position in memory the caller has reserved enough room in.
public struct ByteCursor {
    public var position: UnsafeMutablePointer<UInt8>
    /// Numbers formatted before, or nil.
    @usableFromInline let numbers: NumberCache?

    @inlinable @inline(__always) public init(_ start: UnsafeMutablePointer<UInt8>, numbers: NumberCache? = nil) {
        position = start
        self.numbers = numbers
    }

    /// Numbers below this magnitude always take `NumberFormat.writeFast`'s path at the
    /// default precision (4 digits: 10^11 · 10^4 < 9 · 10^15), in at most
    /// `NumberFormat.maximumFastLength` bytes.
    @inlinable public static var fastLimit: Double { 1.0e11 }

    /// The most bytes `number` moves the cursor by for a value that `fits`: a sign, 11
    /// whole digits, a point and 4 fraction digits. It may store bytes as far as
    /// `NumberFormat.maximumFastLength` from where it starts (a cache entry is copied whole),
    /// so n numbers, each followed by a space, need `n * (longestNumber + 1) + numberSlack`
    /// bytes of room.
    @inlinable public static var longestNumber: Int { 17 }

    /// The room past the last number's bytes that `number` may store into (see `longestNumber`).
    @inlinable public static var numberSlack: Int { NumberFormat.maximumFastLength - longestNumber }

    /// Whether `value` can be written by `number` (NaN can: it is written as `0`).
    @inlinable @inline(__always) public static func fits(_ value: Double) -> Bool { !(value.magnitude >= fastLimit) }

    @inlinable @inline(__always) public mutating func byte(_ byte: UInt8) {
        position.initialize(to: byte)
        position += 1
    }

    @inlinable @inline(__always) public mutating func text(_ text: StaticString) {
        // (`withUTF8Buffer`, not `utf8Start`: a one-character literal may be stored as a
        // scalar rather than as a pointer.)
        text.withUTF8Buffer { bytes in
            guard let start = bytes.baseAddress else { return }
            position.initialize(from: start, count: bytes.count)
            position += bytes.count
        }
    }

    /// Bytes from memory the caller owns.
    @inlinable @inline(__always) public mutating func bytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress else { return }
        position.initialize(from: start, count: bytes.count)
        position += bytes.count
    }

    /// A number at the default precision, exactly as `ByteBuffer.append(number:)` writes
    /// it; the caller has checked `fits(value)` and reserved `maximumFastLength` bytes.
    @inlinable @inline(__always) public mutating func number(_ value: Double) {
        // The cache first, whole numbers too: drawings repeat their coordinates, and a hit
        // (a hash, a compare, three 8-byte copies) is cheaper than counting and writing the
        // digits of a whole number (whole first cost the SVG of `shapes` 72 instructions a
        // number against 46, issue 38). Numbers that do not repeat (ink outlines) only pay
        // for a cache, so it turns itself off when its first lookups mostly miss.
        let trial = numbers?.trial ?? -1
        guard let numbers, trial >= 0 else {
            let whole = NumberFormat.writeWhole(value, to: position)
            position += whole > 0 ? whole : NumberFormat.writeFast(value, precision: NumberFormat.defaultPrecision, to: position)
            return
        }
        // Every number has `maximumFastLength` bytes reserved, so a whole cache entry can be
        // copied in fixed 8-byte words; only its length counts.
        let bits = value.bitPattern
        let slot = Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> (64 - NumberCache.slotBits))
        let entry = numbers.entries + slot &* NumberCache.entrySize
        let target = UnsafeMutableRawPointer(position)
        if numbers.keys[slot] == bits && entry[0] != 0 {
            let source = UnsafeRawPointer(entry + 1)
            target.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
            target.storeBytes(of: source.loadUnaligned(fromByteOffset: 8, as: UInt64.self), toByteOffset: 8, as: UInt64.self)
            target.storeBytes(of: source.loadUnaligned(fromByteOffset: 16, as: UInt64.self), toByteOffset: 16, as: UInt64.self)
            position += Int(entry[0])
            if trial > 0 { numbers.noteLookup(hit: true) }
            return
        }
        if trial > 0 { numbers.noteLookup(hit: false) }
        let whole = NumberFormat.writeWhole(value, to: position)
        let length = whole > 0 ? whole : NumberFormat.writeFast(value, precision: NumberFormat.defaultPrecision, to: position)
        numbers.keys[slot] = bits
        entry[0] = UInt8(truncatingIfNeeded: length)
        let destination = UnsafeMutableRawPointer(entry + 1)
        let written = UnsafeRawPointer(position)
        destination.storeBytes(of: written.loadUnaligned(as: UInt64.self), as: UInt64.self)
        destination.storeBytes(of: written.loadUnaligned(fromByteOffset: 8, as: UInt64.self), toByteOffset: 8, as: UInt64.self)
        destination.storeBytes(of: written.loadUnaligned(fromByteOffset: 16, as: UInt64.self), toByteOffset: 16, as: UInt64.self)
        position += length
    }
}

/// Numbers already formatted at the default precision, by their exact value (bit pattern),
/// in a small direct-mapped table: drawings repeat coordinates (grids, shared edges, the
/// same corner radii), and copying 24 bytes is several times cheaper than formatting.
/// Output is byte for byte what formatting gives: a hit needs the identical bit pattern.
public final class NumberCache {
    @inlinable public static var slotBits: Int { 12 }
    @inlinable public static var slotCount: Int { 1 << slotBits }
    /// Per slot: a length byte (0 = empty), then up to `maximumFastLength` bytes.
    @inlinable public static var entrySize: Int { 32 }
    @usableFromInline let keys: UnsafeMutablePointer<UInt64>
    @usableFromInline let entries: UnsafeMutablePointer<UInt8>
    /// The first this many lookups decide whether the cache pays: with fewer than a quarter
    /// of them hits, it is bypassed from then on (the bytes written are the same either way).
    @inlinable public static var trialLookups: Int { 4096 }
    /// Lookups left in the trial; 0 once the cache is kept, -1 once it is bypassed: one
    /// load and test a number after the trial. (Unchecked: one writer owns a cache, and a
    /// checked access per number would cost more than a hit.)
    @exclusivity(unchecked) @usableFromInline var trial = trialLookups
    @exclusivity(unchecked) @usableFromInline var trialHits = 0
    /// Whether the trial found the cache not worth its misses.
    var bypassed: Bool { trial < 0 }

    /// Counts one lookup of the trial and, at its end, decides.
    @usableFromInline func noteLookup(hit: Bool) {
        if hit { trialHits &+= 1 }
        trial &-= 1
        if trial == 0 { trial = trialHits &* 4 < Self.trialLookups ? -1 : 0 }
    }

    public init() {
        keys = .allocate(capacity: Self.slotCount)
        keys.initialize(repeating: 0, count: Self.slotCount)
        entries = .allocate(capacity: Self.slotCount * Self.entrySize)
        entries.initialize(repeating: 0, count: Self.slotCount * Self.entrySize)
    }

    deinit {
        keys.deallocate()
        entries.deallocate()
    }
}

extension ByteBuffer {
    /// Reserves `maximumLength` bytes of scratch space, lets `body` write into it, and
    /// appends what it wrote.
    @inlinable @inline(__always)
    public mutating func withCursor(maximumLength: Int, numbers: NumberCache? = nil, _ body: (inout ByteCursor) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumLength) { buffer in
            let start = buffer.baseAddress!
            var cursor = ByteCursor(start, numbers: numbers)
            body(&cursor)
            append(UnsafeBufferPointer(start: start, count: cursor.position - start))
        }
    }
}

extension ByteCursor {
    /// The whole numbers 0…999, each followed by a space, as `number` and a space byte write
    /// them: entry i holds the bytes in memory order, padded to four.
    public static let smallWholes: [UInt32] = (0..<1000).map { i in
        var text = Array(String(i).utf8)
        text.append(0x20)
        while text.count < 4 { text.append(0x20) }
        return text.withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
    }

    /// The bytes of a `smallWholes` entry that count: digits and the space.
    @inlinable @inline(__always) static func smallWholeLength(_ i: Int) -> Int { i < 10 ? 2 : i < 100 ? 3 : 4 }

    /// Writes `a b c d ` — each number exactly as `number` writes it, then a space — when all
    /// four are whole numbers in 0…999 (a rectangle on a module grid, in modules), one
    /// four-byte store a number from `table` (`smallWholes`' memory), and returns true; else
    /// writes nothing and returns false. Needs 16 bytes reserved.
    @inlinable @inline(__always)
    public mutating func smallWholes(_ a: Double, _ b: Double, _ c: Double, _ d: Double, table: UnsafePointer<UInt32>) -> Bool {
        // NaN fails the range test; -0 passes and is written `0`, as `number` writes it.
        guard a >= 0, b >= 0, c >= 0, d >= 0, a < 1000, b < 1000, c < 1000, d < 1000 else { return false }
        let ia = Int(a), ib = Int(b), ic = Int(c), id = Int(d)
        guard Double(ia) == a, Double(ib) == b, Double(ic) == c, Double(id) == d else { return false }
        let raw = UnsafeMutableRawPointer(position)
        var offset = 0
        raw.storeBytes(of: table[ia], toByteOffset: offset, as: UInt32.self); offset += Self.smallWholeLength(ia)
        raw.storeBytes(of: table[ib], toByteOffset: offset, as: UInt32.self); offset += Self.smallWholeLength(ib)
        raw.storeBytes(of: table[ic], toByteOffset: offset, as: UInt32.self); offset += Self.smallWholeLength(ic)
        raw.storeBytes(of: table[id], toByteOffset: offset, as: UInt32.self); offset += Self.smallWholeLength(id)
        position += offset
        return true
    }
}

extension ByteCursor {
    /// The whole numbers 0…999 with leading zeros to three digits, each followed by a space
    /// (`007 `), in memory order: the last three digits of a larger whole number.
    public static let paddedWholes: [UInt32] = (0..<1000).map { i in
        let text: [UInt8] = [0x30 + UInt8(i / 100), 0x30 + UInt8(i / 10 % 10), 0x30 + UInt8(i % 10), 0x20]
        return text.withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
    }

    /// Writes `value` and a space — exactly as `number` and a space byte write them — when
    /// it is a whole number in 0 ..< 1,000,000 (an ink outline's hundredths of a point from
    /// its corner), at most two four-byte stores from the tables (`smallWholes'` and
    /// `paddedWholes'` memory) instead of counting and dividing digit by digit, and returns
    /// true; else writes nothing and returns false. Needs 8 bytes reserved.
    @inlinable @inline(__always)
    public mutating func wholeBelowMillion(_ value: Double, small: UnsafePointer<UInt32>, padded: UnsafePointer<UInt32>) -> Bool {
        // NaN fails the range test; -0 passes and is written `0`, as `number` writes it.
        guard value >= 0, value < 1_000_000 else { return false }
        // Added to 1.5 · 2^52 (where doubles are the whole numbers), a whole number is exact
        // and is the low bits; anything else is rounded, and is then not `value` again.
        let shifted = value + 6_755_399_441_055_744.0
        guard shifted - 6_755_399_441_055_744.0 == value else { return false }
        let integer = UInt32(truncatingIfNeeded: shifted.bitPattern)
        let raw = UnsafeMutableRawPointer(position)
        if integer < 1000 {
            raw.storeBytes(of: small[Int(integer)], as: UInt32.self)
            position += Self.smallWholeLength(Int(integer))
            return true
        }
        // The leading digits as `smallWholes` has them (their space overwritten), then the
        // last three with leading zeros.
        let high = integer / 1000, low = integer &- high &* 1000
        raw.storeBytes(of: small[Int(high)], as: UInt32.self)
        let digits = Self.smallWholeLength(Int(high)) &- 1
        raw.storeBytes(of: padded[Int(low)], toByteOffset: digits, as: UInt32.self)
        position += digits &+ 4
        return true
    }
}

extension ByteCursor {
    /// The numbers k/255 (k = 0…255: an 8-bit colour component as `Color` holds it, from
    /// `#rrggbb`), each as `number` writes it followed by a space, in memory order in the
    /// first seven bytes of an entry, with their count in the eighth. Made by the one
    /// formatter, so a colour written from the table is byte for byte the same.
    public static let eightBitFractions: [UInt64] = (0...255).map { k in
        var text = [UInt8](repeating: 0, count: NumberFormat.maximumFastLength)
        let count = text.withUnsafeMutableBufferPointer {
            NumberFormat.writeFast(Double(k) / 255, precision: NumberFormat.defaultPrecision, to: $0.baseAddress!)
        }
        // At most "0.0039 ": four fraction digits, a point, a zero and a space.
        precondition(count > 0 && count + 1 <= 7)
        var entry = [UInt8](text[0..<count]) + [0x20]
        while entry.count < 7 { entry.append(0x20) }
        entry.append(UInt8(count + 1))
        return entry.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
    }

    /// k when `value` is exactly k/255 (as `Double(k) / 255` makes it), else -1. (-0 is 0,
    /// written `0` as `number` writes it; NaN fails the range test.)
    @inlinable @inline(__always)
    public static func eightBitIndex(_ value: Double) -> Int {
        guard value >= 0, value <= 1 else { return -1 }
        let k = Int(value * 255 + 0.5)
        return Double(k) / 255 == value ? k : -1
    }

    /// Writes entry `index` of `eightBitFractions` (`table` is its memory): the number and a
    /// space. Needs 8 bytes reserved.
    @inlinable @inline(__always)
    public mutating func eightBitFraction(_ index: Int, table: UnsafePointer<UInt64>) {
        let entry = UnsafeRawPointer(table + index)
        UnsafeMutableRawPointer(position).storeBytes(of: table[index], as: UInt64.self)
        position += Int(entry.load(fromByteOffset: 7, as: UInt8.self))
    }
}

extension ByteCursor {
    /// `smallWholes`, `paddedWholes` and `eightBitFractions` in memory of their own, made
    /// once and never freed, so that a writer can keep pointers to them for as long as it
    /// writes (reaching an array through `withUnsafeBufferPointer` per path or colour
    /// retained and released it every time).
    public struct Tables: @unchecked Sendable {
        public let smallWholes: UnsafePointer<UInt32>
        public let paddedWholes: UnsafePointer<UInt32>
        public let eightBitFractions: UnsafePointer<UInt64>

        public static let shared = Tables()

        private init() {
            smallWholes = Self.keep(ByteCursor.smallWholes)
            paddedWholes = Self.keep(ByteCursor.paddedWholes)
            eightBitFractions = Self.keep(ByteCursor.eightBitFractions)
        }

        private static func keep<T>(_ table: [T]) -> UnsafePointer<T> {
            let memory = UnsafeMutablePointer<T>.allocate(capacity: table.count)
            memory.initialize(from: table, count: table.count)
            return UnsafePointer(memory)
        }
    }
}

/// `x` rounded half away from zero, as `x.rounded()` gives it, without that call into libm
/// (the writers round colour bytes and alphas per path). For `x` in 0…2^52, where its whole
/// part and the fraction left after subtracting it are both exact.
@inlinable @inline(__always)
public func roundedNonNegative(_ x: Double) -> Int {
    let whole = Int(x)
    return x - Double(whole) >= 0.5 ? whole + 1 : whole
}
