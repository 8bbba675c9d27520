// The Strings of the names a parse has met, found by their bytes in the source.
//
// The same few names (node kinds, property labels, colour words) recur on every line of a
// drawing; decoding and validating each occurrence into a fresh String cost more than all
// the rest of reading the name. Here a name's first 16 bytes are read as two words, which
// are both its hash and (with its length) its key, so finding a known name is a few word
// operations; its String is then copied (inline for names up to 15 bytes, else shared).

struct NameTable: ~Copyable {
    private struct Slot {
        /// The first 16 bytes of the name, little-endian, zero-padded.
        var low: UInt64 = 0
        var high: UInt64 = 0
        /// Where the name was first met (to compare names longer than 16 bytes).
        var start: UInt32 = 0
        /// 0 marks an empty slot (names are never empty).
        var length: UInt32 = 0
        /// Index in `strings` (kept apart so that probing reads plain words only).
        var string: Int = 0
    }

    /// Names kept at most. Past that a name is decoded afresh each time: the names that
    /// recur (kinds, labels, colour words) are met early, and a table grown over every node
    /// id of a large diagram missed the cache on each probe (a third of its parse time).
    private static let capacity = 1024

    /// Open addressing, `slotCount` (a power of two) slots. Owned here alone: probing reads
    /// it in place, without an array's retain and uniqueness check on every name.
    private var slots: UnsafeMutablePointer<Slot>
    private var slotCount = 256
    private var strings: [String] = []
    private var used = 0

    init() {
        slots = .allocate(capacity: slotCount)
        slots.initialize(repeating: Slot(), count: slotCount)
    }

    deinit { slots.deallocate() }

    /// Whether the table holds no more names: a new name is then given a fresh index on
    /// every call.
    var isFull: Bool { used >= NameTable.capacity }

    /// The String of `bytes[start..<end]`, which must be ASCII (identifiers are).
    @inline(__always)
    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        strings[index(bytes, start, end)]
    }

    /// Where the String of `bytes[start..<end]` is in `strings` (added if new; past the
    /// capacity each call adds one, which the name then owns alone).
    @inline(__always)
    mutating func index(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        let length = end - start
        let low = word(bytes, start, min(length, 8))
        let high = length > 8 ? word(bytes, start + 8, min(length - 8, 8)) : 0
        var hash = (low ^ UInt64(length)) &* 0x9E37_79B9_7F4A_7C15
        hash = (hash ^ high) &* 0xC2B2_AE3D_27D4_EB4F
        let mask = slotCount - 1
        var i = Int(truncatingIfNeeded: hash >> 32) & mask
        while true {
            let slot = slots[i]
            if slot.length == 0 { break }
            if slot.low == low, slot.high == high, slot.length == UInt32(length),
               length <= 16 || same(bytes, Int(slot.start) + 16, start + 16, length - 16) {
                return slot.string
            }
            i = (i &+ 1) & mask
        }
        let string = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        strings.append(string)
        if used >= NameTable.capacity { return strings.count - 1 }
        slots[i] = Slot(low: low, high: high, start: UInt32(start), length: UInt32(length), string: strings.count - 1)
        used += 1
        if used * 2 > slotCount { grow() }
        return strings.count - 1
    }

    /// Every String handed out by index, for `File.names`; the table is done with.
    mutating func takeStrings() -> [String] {
        defer { strings = [] }
        return strings
    }

    /// `count` (0…8) bytes from `offset`, little-endian, zero-padded.
    @inline(__always)
    private func word(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int, _ count: Int) -> UInt64 {
        if count <= 0 { return 0 }
        if offset + 8 <= bytes.count {
            // One unaligned load, then keep the name's bytes only.
            let raw = UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt64.self)
            let value = UInt64(littleEndian: raw)
            return count == 8 ? value : value & ((1 << UInt64(count * 8)) - 1)
        }
        var value: UInt64 = 0
        for k in 0..<count { value |= UInt64(bytes[offset + k]) << UInt64(k * 8) }
        return value
    }

    @inline(__always)
    private func same(_ bytes: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int, _ length: Int) -> Bool {
        for k in 0..<length where bytes[a &+ k] != bytes[b &+ k] { return false }
        return true
    }

    private mutating func grow() {
        let old = slots, oldCount = slotCount
        slotCount = oldCount * 2
        slots = .allocate(capacity: slotCount)
        slots.initialize(repeating: Slot(), count: slotCount)
        let mask = slotCount - 1
        for k in 0..<oldCount where old[k].length != 0 {
            let slot = old[k]
            var hash = (slot.low ^ UInt64(slot.length)) &* 0x9E37_79B9_7F4A_7C15
            hash = (hash ^ slot.high) &* 0xC2B2_AE3D_27D4_EB4F
            var i = Int(truncatingIfNeeded: hash >> 32) & mask
            while slots[i].length != 0 { i = (i &+ 1) & mask }
            slots[i] = slot
        }
        old.deallocate()
    }
}
