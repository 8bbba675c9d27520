// MD5 (RFC 1321), used only to derive the PDF file identifier `/ID` from the file's own
// bytes, so the same drawing always gives the same identifier. Not for security: the
// identifier only has to be stable and, in practice, distinct between different files.
//
// It runs over the whole file, so it is written for speed: whole blocks are read in place
// (no copy of the file for the padding), words are loaded directly, and the 64 steps are
// written out with their constants.

/// The MD5 digest of `bytes` (16 bytes).
package func md5(_ bytes: [UInt8]) -> [UInt8] {
    var state: (UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476)
    bytes.withUnsafeBytes { raw in
        let whole = raw.count / 64 * 64
        var offset = 0
        while offset < whole {
            md5Block(raw.baseAddress! + offset, &state)
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
                md5Block(tailRaw.baseAddress! + offset, &state)
                offset += 64
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

/// One 64-byte block at `block` into `state`, the 64 steps written out (generated from the
/// RFC 1321 tables: T[i] = floor(|sin(i + 1)| · 2^32), the shifts, and the word order of
/// each round) so that constants and rotations are immediates. Each step is
/// a = b + ((a + F(b, c, d) + X[k] + T[i]) <<< s), with the roles of a…d rotating.
@inline(__always)
private func md5Block(_ block: UnsafeRawPointer, _ state: inout (UInt32, UInt32, UInt32, UInt32)) {
    @inline(__always) func word(_ g: Int) -> UInt32 {
        UInt32(littleEndian: block.loadUnaligned(fromByteOffset: 4 &* g, as: UInt32.self))
    }
    @inline(__always) func step(_ a: UInt32, _ b: UInt32, _ mixed: UInt32, _ x: UInt32, _ t: UInt32, _ n: UInt32) -> UInt32 {
        let sum = a &+ mixed &+ x &+ t
        return b &+ ((sum &<< n) | (sum &>> (32 &- n)))
    }
    @inline(__always) func f(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ x: UInt32, _ t: UInt32, _ n: UInt32) -> UInt32 {
        step(a, b, (b & c) | (~b & d), x, t, n)
    }
    @inline(__always) func g(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ x: UInt32, _ t: UInt32, _ n: UInt32) -> UInt32 {
        step(a, b, (d & b) | (~d & c), x, t, n)
    }
    @inline(__always) func h(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ x: UInt32, _ t: UInt32, _ n: UInt32) -> UInt32 {
        step(a, b, b ^ c ^ d, x, t, n)
    }
    @inline(__always) func i(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ x: UInt32, _ t: UInt32, _ n: UInt32) -> UInt32 {
        step(a, b, c ^ (b | ~d), x, t, n)
    }
    let w0 = word(0)
    let w1 = word(1)
    let w2 = word(2)
    let w3 = word(3)
    let w4 = word(4)
    let w5 = word(5)
    let w6 = word(6)
    let w7 = word(7)
    let w8 = word(8)
    let w9 = word(9)
    let w10 = word(10)
    let w11 = word(11)
    let w12 = word(12)
    let w13 = word(13)
    let w14 = word(14)
    let w15 = word(15)
    var a = state.0, b = state.1, c = state.2, d = state.3
    a = f(a, b, c, d, w0, 0xd76aa478, 7)
    d = f(d, a, b, c, w1, 0xe8c7b756, 12)
    c = f(c, d, a, b, w2, 0x242070db, 17)
    b = f(b, c, d, a, w3, 0xc1bdceee, 22)
    a = f(a, b, c, d, w4, 0xf57c0faf, 7)
    d = f(d, a, b, c, w5, 0x4787c62a, 12)
    c = f(c, d, a, b, w6, 0xa8304613, 17)
    b = f(b, c, d, a, w7, 0xfd469501, 22)
    a = f(a, b, c, d, w8, 0x698098d8, 7)
    d = f(d, a, b, c, w9, 0x8b44f7af, 12)
    c = f(c, d, a, b, w10, 0xffff5bb1, 17)
    b = f(b, c, d, a, w11, 0x895cd7be, 22)
    a = f(a, b, c, d, w12, 0x6b901122, 7)
    d = f(d, a, b, c, w13, 0xfd987193, 12)
    c = f(c, d, a, b, w14, 0xa679438e, 17)
    b = f(b, c, d, a, w15, 0x49b40821, 22)
    a = g(a, b, c, d, w1, 0xf61e2562, 5)
    d = g(d, a, b, c, w6, 0xc040b340, 9)
    c = g(c, d, a, b, w11, 0x265e5a51, 14)
    b = g(b, c, d, a, w0, 0xe9b6c7aa, 20)
    a = g(a, b, c, d, w5, 0xd62f105d, 5)
    d = g(d, a, b, c, w10, 0x02441453, 9)
    c = g(c, d, a, b, w15, 0xd8a1e681, 14)
    b = g(b, c, d, a, w4, 0xe7d3fbc8, 20)
    a = g(a, b, c, d, w9, 0x21e1cde6, 5)
    d = g(d, a, b, c, w14, 0xc33707d6, 9)
    c = g(c, d, a, b, w3, 0xf4d50d87, 14)
    b = g(b, c, d, a, w8, 0x455a14ed, 20)
    a = g(a, b, c, d, w13, 0xa9e3e905, 5)
    d = g(d, a, b, c, w2, 0xfcefa3f8, 9)
    c = g(c, d, a, b, w7, 0x676f02d9, 14)
    b = g(b, c, d, a, w12, 0x8d2a4c8a, 20)
    a = h(a, b, c, d, w5, 0xfffa3942, 4)
    d = h(d, a, b, c, w8, 0x8771f681, 11)
    c = h(c, d, a, b, w11, 0x6d9d6122, 16)
    b = h(b, c, d, a, w14, 0xfde5380c, 23)
    a = h(a, b, c, d, w1, 0xa4beea44, 4)
    d = h(d, a, b, c, w4, 0x4bdecfa9, 11)
    c = h(c, d, a, b, w7, 0xf6bb4b60, 16)
    b = h(b, c, d, a, w10, 0xbebfbc70, 23)
    a = h(a, b, c, d, w13, 0x289b7ec6, 4)
    d = h(d, a, b, c, w0, 0xeaa127fa, 11)
    c = h(c, d, a, b, w3, 0xd4ef3085, 16)
    b = h(b, c, d, a, w6, 0x04881d05, 23)
    a = h(a, b, c, d, w9, 0xd9d4d039, 4)
    d = h(d, a, b, c, w12, 0xe6db99e5, 11)
    c = h(c, d, a, b, w15, 0x1fa27cf8, 16)
    b = h(b, c, d, a, w2, 0xc4ac5665, 23)
    a = i(a, b, c, d, w0, 0xf4292244, 6)
    d = i(d, a, b, c, w7, 0x432aff97, 10)
    c = i(c, d, a, b, w14, 0xab9423a7, 15)
    b = i(b, c, d, a, w5, 0xfc93a039, 21)
    a = i(a, b, c, d, w12, 0x655b59c3, 6)
    d = i(d, a, b, c, w3, 0x8f0ccc92, 10)
    c = i(c, d, a, b, w10, 0xffeff47d, 15)
    b = i(b, c, d, a, w1, 0x85845dd1, 21)
    a = i(a, b, c, d, w8, 0x6fa87e4f, 6)
    d = i(d, a, b, c, w15, 0xfe2ce6e0, 10)
    c = i(c, d, a, b, w6, 0xa3014314, 15)
    b = i(b, c, d, a, w13, 0x4e0811a1, 21)
    a = i(a, b, c, d, w4, 0xf7537e82, 6)
    d = i(d, a, b, c, w11, 0xbd3af235, 10)
    c = i(c, d, a, b, w2, 0x2ad7d2bb, 15)
    b = i(b, c, d, a, w9, 0xeb86d391, 21)
    state.0 = state.0 &+ a; state.1 = state.1 &+ b; state.2 = state.2 &+ c; state.3 = state.3 &+ d
}
