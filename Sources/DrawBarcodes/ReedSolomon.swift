// Reed-Solomon error correction over GF(2^8), as QR Code (polynomial 0x11D, generator
// roots α^0…α^(n-1)) and Data Matrix ECC 200 (polynomial 0x12D, roots α^1…α^n) use it.

struct GaloisField: Sendable {
    let exp: [UInt8]
    let log: [Int]

    init(polynomial: Int) {
        var exp = [UInt8](repeating: 0, count: 512)
        var log = [Int](repeating: 0, count: 256)
        var x = 1
        for i in 0..<255 {
            exp[i] = UInt8(x)
            log[x] = i
            x <<= 1
            if x & 0x100 != 0 { x ^= polynomial }
        }
        for i in 255..<512 { exp[i] = exp[i - 255] }
        self.exp = exp; self.log = log
    }

    func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        a == 0 || b == 0 ? 0 : exp[log[Int(a)] + log[Int(b)]]
    }

    /// The generator polynomial of `degree` with roots α^first … α^(first+degree-1),
    /// highest coefficient (1) omitted, highest power first.
    func generator(degree: Int, firstRoot: Int) -> [UInt8] {
        var poly: [UInt8] = [1]
        for i in 0..<degree {
            let root = exp[(first(i, firstRoot)) % 255]
            var next = [UInt8](repeating: 0, count: poly.count + 1)
            for (j, c) in poly.enumerated() {
                next[j] ^= c
                next[j + 1] ^= multiply(c, root)
            }
            poly = next
        }
        return Array(poly.dropFirst())
    }

    private func first(_ i: Int, _ firstRoot: Int) -> Int { i + firstRoot }

    /// The `generator.count` check codewords of `data` (the remainder of data·x^n): the
    /// division register shifted in place, each product one lookup of the generator
    /// coefficient's logarithm plus the factor's.
    func remainder(_ data: [UInt8], generator: [UInt8]) -> [UInt8] {
        let n = generator.count
        var result = [UInt8](repeating: 0, count: n)
        guard n > 0 else { return result }
        let logGenerator = generator.map { $0 == 0 ? -1 : log[Int($0)] }
        result.withUnsafeMutableBufferPointer { r in
            exp.withUnsafeBufferPointer { exp in
                for d in data {
                    let factor = d ^ r[0]
                    for i in 0..<(n - 1) { r[i] = r[i + 1] }
                    r[n - 1] = 0
                    guard factor != 0 else { continue }
                    let logFactor = log[Int(factor)]
                    for i in 0..<n where logGenerator[i] >= 0 { r[i] ^= exp[logGenerator[i] + logFactor] }
                }
            }
        }
        return result
    }

    /// The most check codewords `remainder(_:rows:degree:)` takes: its register is 32 bytes.
    static let wordRegisterBytes = 32

    /// Every multiple of a generator of degree n ≤ 32, as four 64-bit words a multiple:
    /// word k of row f holds f · `generator[i]` for i = 8k…8k+7 at bits 8(i - 8k) (the
    /// register of `remainder(_:rows:degree:)`, byte i at bits 8i), zero past n.
    func wordProducts(of generator: [UInt8]) -> [UInt64] {
        precondition(generator.count <= Self.wordRegisterBytes)
        var table = [UInt64](repeating: 0, count: 256 * 4)
        for f in 1..<256 {
            for (i, g) in generator.enumerated() {
                table[f * 4 + i >> 3] |= UInt64(multiply(UInt8(f), g)) << UInt64(8 * (i & 7))
            }
        }
        return table
    }

    /// `remainder(data, generator:)` from the generator's multiples (`wordProducts(of:)`,
    /// `degree` = the generator's length ≤ 32): the register is four words, so shifting it
    /// by a codeword and adding the factor's multiple is a dozen word operations instead of
    /// two per check codeword.
    func remainder(_ data: ArraySlice<UInt8>, rows table: UnsafePointer<UInt64>, degree n: Int) -> [UInt8] {
        precondition(n <= Self.wordRegisterBytes)
        var (w0, w1, w2, w3): (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        for d in data {
            let row = table + Int(d ^ UInt8(truncatingIfNeeded: w0)) &* 4
            w0 = (w0 >> 8 | w1 << 56) ^ row[0]
            w1 = (w1 >> 8 | w2 << 56) ^ row[1]
            w2 = (w2 >> 8 | w3 << 56) ^ row[2]
            w3 = w3 >> 8 ^ row[3]
        }
        let words = [w0, w1, w2, w3]
        return (0..<n).map { i in UInt8(truncatingIfNeeded: words[i >> 3] >> UInt64(8 * (i & 7))) }
    }

    static let qr = GaloisField(polynomial: 0x11D)
    static let dataMatrix = GaloisField(polynomial: 0x12D)
}
