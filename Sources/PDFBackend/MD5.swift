// MD5 (RFC 1321), used only to derive the PDF file identifier `/ID` from the file's own
// bytes, so the same drawing always gives the same identifier. Not for security: the
// identifier only has to be stable and, in practice, distinct between different files.
//
// It runs over the whole file, so it is written for speed: whole blocks are read in place
// (no copy of the file for the padding), words are loaded directly, and the four rounds
// are separate loops over constant tables without bounds checks.

/// Per-round additive constants: floor(|sin(i + 1)| * 2^32), RFC 1321 §3.4.
private let md5Constants: [UInt32] = [
    0xd76a_a478, 0xe8c7_b756, 0x2420_70db, 0xc1bd_ceee, 0xf57c_0faf, 0x4787_c62a, 0xa830_4613, 0xfd46_9501,
    0x6980_98d8, 0x8b44_f7af, 0xffff_5bb1, 0x895c_d7be, 0x6b90_1122, 0xfd98_7193, 0xa679_438e, 0x49b4_0821,
    0xf61e_2562, 0xc040_b340, 0x265e_5a51, 0xe9b6_c7aa, 0xd62f_105d, 0x0244_1453, 0xd8a1_e681, 0xe7d3_fbc8,
    0x21e1_cde6, 0xc337_07d6, 0xf4d5_0d87, 0x455a_14ed, 0xa9e3_e905, 0xfcef_a3f8, 0x676f_02d9, 0x8d2a_4c8a,
    0xfffa_3942, 0x8771_f681, 0x6d9d_6122, 0xfde5_380c, 0xa4be_ea44, 0x4bde_cfa9, 0xf6bb_4b60, 0xbebf_bc70,
    0x289b_7ec6, 0xeaa1_27fa, 0xd4ef_3085, 0x0488_1d05, 0xd9d4_d039, 0xe6db_99e5, 0x1fa2_7cf8, 0xc4ac_5665,
    0xf429_2244, 0x432a_ff97, 0xab94_23a7, 0xfc93_a039, 0x655b_59c3, 0x8f0c_cc92, 0xffef_f47d, 0x8584_5dd1,
    0x6fa8_7e4f, 0xfe2c_e6e0, 0xa301_4314, 0x4e08_11a1, 0xf753_7e82, 0xbd3a_f235, 0x2ad7_d2bb, 0xeb86_d391,
]

/// Left-rotation amounts, four per round.
private let md5Shifts: [UInt32] = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21]

/// The MD5 digest of `bytes` (16 bytes).
package func md5(_ bytes: [UInt8]) -> [UInt8] {
    var state: (UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476)
    md5Constants.withUnsafeBufferPointer { constants in
        md5Shifts.withUnsafeBufferPointer { shifts in
            let k = constants.baseAddress!, s = shifts.baseAddress!
            bytes.withUnsafeBytes { raw in
                let whole = raw.count / 64 * 64
                var offset = 0
                while offset < whole {
                    md5Block(raw.baseAddress! + offset, &state, k, s)
                    offset += 64
                }
                // Padding: a 1 bit, zeros up to 56 mod 64, then the bit length, little-endian.
                var tail = Array(raw[whole...])
                tail.append(0x80)
                while tail.count % 64 != 56 { tail.append(0) }
                let bitLength = UInt64(bytes.count) &* 8
                for i in 0..<8 { tail.append(UInt8(truncatingIfNeeded: bitLength >> (8 * UInt64(i)))) }
                tail.withUnsafeBytes { tailRaw in
                    var offset = 0
                    while offset < tailRaw.count {
                        md5Block(tailRaw.baseAddress! + offset, &state, k, s)
                        offset += 64
                    }
                }
            }
        }
    }
    var digest: [UInt8] = []
    digest.reserveCapacity(16)
    for word in [state.0, state.1, state.2, state.3] {
        for i in 0..<4 { digest.append(UInt8(truncatingIfNeeded: word >> (8 * UInt32(i)))) }
    }
    return digest
}

/// One 64-byte block at `block` into `state`; `k` and `s` are the constant tables.
@inline(__always)
private func md5Block(_ block: UnsafeRawPointer, _ state: inout (UInt32, UInt32, UInt32, UInt32),
                      _ k: UnsafePointer<UInt32>, _ s: UnsafePointer<UInt32>) {
    @inline(__always) func word(_ g: Int) -> UInt32 {
        UInt32(littleEndian: block.loadUnaligned(fromByteOffset: 4 &* g, as: UInt32.self))
    }
    // Masking shifts: n is 4…23, so no over-shift handling is needed (one rotate instruction).
    @inline(__always) func rotate(_ x: UInt32, _ n: UInt32) -> UInt32 { (x &<< n) | (x &>> (32 &- n)) }
    var a = state.0, b = state.1, c = state.2, d = state.3
    for i in 0..<16 {
        let f = ((b & c) | (~b & d)) &+ a &+ k[i] &+ word(i)
        a = d; d = c; c = b
        b = b &+ rotate(f, s[i & 3])
    }
    for i in 16..<32 {
        let f = ((d & b) | (~d & c)) &+ a &+ k[i] &+ word((5 &* i &+ 1) & 15)
        a = d; d = c; c = b
        b = b &+ rotate(f, s[4 &+ (i & 3)])
    }
    for i in 32..<48 {
        let f = (b ^ c ^ d) &+ a &+ k[i] &+ word((3 &* i &+ 5) & 15)
        a = d; d = c; c = b
        b = b &+ rotate(f, s[8 &+ (i & 3)])
    }
    for i in 48..<64 {
        let f = (c ^ (b | ~d)) &+ a &+ k[i] &+ word((7 &* i) & 15)
        a = d; d = c; c = b
        b = b &+ rotate(f, s[12 &+ (i & 3)])
    }
    state.0 = state.0 &+ a; state.1 = state.1 &+ b; state.2 = state.2 &+ c; state.3 = state.3 &+ d
}
