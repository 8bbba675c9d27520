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

    /// Every multiple of a generator: `products[f * n + i]` is f · `generator[i]` (256 rows
    /// of n bytes), so that `remainder(_:products:)` takes one lookup a coefficient.
    func products(of generator: [UInt8]) -> [UInt8] {
        let n = generator.count
        var table = [UInt8](repeating: 0, count: 256 * n)
        for f in 1..<256 { for i in 0..<n { table[f * n + i] = multiply(UInt8(f), generator[i]) } }
        return table
    }

    /// `remainder(data, generator:)` from the generator's multiples (`products(of:)`, `degree`
    /// = the generator's length): the register shifted and the factor's row added in one pass.
    func remainder(_ data: [UInt8], products: [UInt8], degree n: Int) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: n)
        guard n > 0, products.count == 256 * n else { return result }
        result.withUnsafeMutableBufferPointer { r in
            products.withUnsafeBufferPointer { table in
                for d in data {
                    let row = table.baseAddress! + Int(d ^ r[0]) * n
                    for i in 0..<(n - 1) { r[i] = r[i + 1] ^ row[i] }
                    r[n - 1] = row[n - 1]
                }
            }
        }
        return result
    }

    static let qr = GaloisField(polynomial: 0x11D)
    static let dataMatrix = GaloisField(polynomial: 0x12D)
}
