/// Bounds-checked big-endian reads over font bytes.
///
/// Every read checks its range and throws `FontError.damaged` instead of trapping, so a
/// hostile offset or count can never read outside the buffer. Offsets are `Int`; arithmetic
/// on values read from the file is done in `Int` (64-bit), where sums of a few 32-bit fields
/// cannot overflow.
struct ByteReader {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var count: Int { bytes.count }

    @inline(__always)
    func check(_ offset: Int, _ length: Int, _ what: StaticString) throws(FontError) {
        guard offset >= 0, length >= 0, offset <= bytes.count, length <= bytes.count - offset else {
            throw FontError(.damaged, "\(what) lies outside the file (offset \(offset), length \(length), file size \(bytes.count))")
        }
    }

    func u8(_ offset: Int, _ what: StaticString = "data") throws(FontError) -> Int {
        try check(offset, 1, what)
        return Int(bytes[offset])
    }

    func u16(_ offset: Int, _ what: StaticString = "data") throws(FontError) -> Int {
        try check(offset, 2, what)
        return Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }

    func i16(_ offset: Int, _ what: StaticString = "data") throws(FontError) -> Int {
        Int(Int16(truncatingIfNeeded: try u16(offset, what)))
    }

    func u32(_ offset: Int, _ what: StaticString = "data") throws(FontError) -> Int {
        try check(offset, 4, what)
        return Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
    }

    func i32(_ offset: Int, _ what: StaticString = "data") throws(FontError) -> Int {
        Int(Int32(truncatingIfNeeded: try u32(offset, what)))
    }

    func tag(_ offset: Int) throws(FontError) -> String {
        try check(offset, 4, "table tag")
        return String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
    }

    func slice(_ offset: Int, _ length: Int, _ what: StaticString = "data") throws(FontError) -> ArraySlice<UInt8> {
        try check(offset, length, what)
        return bytes[offset..<offset + length]
    }

    /// Non-throwing variants for lookups at drawing time (cmap, kerning), where a damaged
    /// structure means "no mapping" rather than an error.
    @inline(__always)
    func u16OrNil(_ offset: Int) -> Int? {
        guard offset >= 0, offset <= bytes.count - 2 else { return nil }
        return Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }

    @inline(__always)
    func u32OrNil(_ offset: Int) -> Int? {
        guard offset >= 0, offset <= bytes.count - 4 else { return nil }
        return Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
    }
}

/// Big-endian writes into a growing buffer (for subsets).
struct ByteWriter {
    var bytes: [UInt8] = []

    mutating func u8(_ v: Int) { bytes.append(UInt8(truncatingIfNeeded: v)) }
    mutating func u16(_ v: Int) {
        bytes.append(UInt8(truncatingIfNeeded: v >> 8)); bytes.append(UInt8(truncatingIfNeeded: v))
    }
    mutating func u32(_ v: Int) {
        bytes.append(UInt8(truncatingIfNeeded: v >> 24)); bytes.append(UInt8(truncatingIfNeeded: v >> 16))
        bytes.append(UInt8(truncatingIfNeeded: v >> 8)); bytes.append(UInt8(truncatingIfNeeded: v))
    }
    mutating func tag(_ t: String) {
        var utf8 = Array(t.utf8.prefix(4))
        while utf8.count < 4 { utf8.append(0x20) }
        bytes.append(contentsOf: utf8)
    }
    mutating func append<C: Collection>(_ data: C) where C.Element == UInt8 { bytes.append(contentsOf: data) }
    mutating func pad(to alignment: Int) {
        while bytes.count % alignment != 0 { bytes.append(0) }
    }
    /// Overwrite a 16/32-bit value already written.
    mutating func set16(_ offset: Int, _ v: Int) {
        bytes[offset] = UInt8(truncatingIfNeeded: v >> 8); bytes[offset + 1] = UInt8(truncatingIfNeeded: v)
    }
    mutating func set32(_ offset: Int, _ v: Int) {
        bytes[offset] = UInt8(truncatingIfNeeded: v >> 24); bytes[offset + 1] = UInt8(truncatingIfNeeded: v >> 16)
        bytes[offset + 2] = UInt8(truncatingIfNeeded: v >> 8); bytes[offset + 3] = UInt8(truncatingIfNeeded: v)
    }
}

/// The sfnt table checksum: the sum of big-endian UInt32 words, the last padded with zeros.
func sfntChecksum<C: Collection>(_ data: C) -> UInt32 where C.Element == UInt8, C.Index == Int {
    var sum: UInt32 = 0
    var i = data.startIndex
    let end = data.endIndex
    while i + 4 <= end {
        sum &+= UInt32(data[i]) << 24 | UInt32(data[i + 1]) << 16 | UInt32(data[i + 2]) << 8 | UInt32(data[i + 3])
        i += 4
    }
    if i < end {
        var word: UInt32 = 0
        for k in 0..<4 { word = word << 8 | UInt32(i + k < end ? data[i + k] : 0) }
        sum &+= word
    }
    return sum
}
