// drawc's own deflate encoder (Sources/DrawOutput/DeflateEncoder.swift): every output is read
// back by the system zlib's inflate (`Deflate.decompress`, which checks the Adler-32 too) —
// an independent decoder — for the edge cases of RFC 1951: empty and tiny inputs, every byte
// value, runs, incompressible bytes (stored blocks), every length and distance code at its
// boundaries, skewed histograms that need the 15- and 7-bit length limits, inputs of many
// blocks and pieces; and the bytes are the same however the stream is cut or fed.

import DrawOutput
import Testing

@Suite struct DeflateEncoderTests {
    /// A deterministic generator (xorshift).
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return state
        }
        mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next() >> 24) }
        mutating func bytes(_ n: Int) -> [UInt8] { (0..<n).map { _ in byte() } }
    }

    /// `input` as one zlib stream of pieces of `pieceSize` coded in `mode`.
    static func stream(_ input: [UInt8], mode: DeflateEncoder.Mode, pieceSize: Int = 1 << 30) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        input.withUnsafeBufferPointer { all in
            var start = 0
            repeat {
                let end = min(all.count, start + pieceSize)
                out += DeflateEncoder.encode(UnsafeBufferPointer(rebasing: all[start..<end]), mode: mode, last: end == all.count)
                start = end
            } while start < all.count
            let adler = UInt32(Deflate.adler32(all))
            out += [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
        }
        return out
    }

    static let modes: [DeflateEncoder.Mode] = [.huffman, .greedy]

    static func text(_ n: Int) -> [UInt8] {
        let words = ["0.8784", "0.1961", "rg", "re", "f", "q", "Q", "cm", "BT", "/F1", "12", "Tf", "(Hello,", "world)", "Tj", "ET", "\n"]
        var random = Random(state: 99)
        var out: [UInt8] = []
        while out.count < n { out += Array(words[Int(random.next() % UInt64(words.count))].utf8); out.append(0x20) }
        return Array(out[0..<n])
    }

    @Test(arguments: [0, 1, 2, 3, 4, 5, 100, 1000])
    func smallInputsRoundTrip(_ size: Int) {
        let input = Self.text(size)
        for mode in Self.modes {
            let packed = Self.stream(input, mode: mode)
            #expect(Deflate.decompress(packed) == input, "\(mode), \(size) bytes")
            // Tiny inputs are not worth a code description: fixed codes or stored, a few bytes.
            if size <= 5 { #expect(packed.count <= 6 + size + 5, "\(mode), \(size) bytes: \(packed.count)") }
        }
    }

    @Test func everyByteValueRunsAndText() {
        let all = (0..<256).map { UInt8($0) }
        var random = Random(state: 5)
        let inputs: [(String, [UInt8])] = [
            ("all 256 values", all),
            ("all values 300 times", (0..<300).flatMap { _ in all }),
            ("one byte 1 MB", [UInt8](repeating: 0x41, count: 1 << 20)),
            ("two bytes alternating", (0..<200_000).map { UInt8($0 & 1) }),
            ("runs of random lengths", (0..<2000).flatMap { _ in [UInt8](repeating: random.byte(), count: Int(random.next() % 600)) }),
            ("text", Self.text(300_000)),
        ]
        for (name, input) in inputs {
            for mode in Self.modes {
                let packed = Self.stream(input, mode: mode)
                #expect(Deflate.decompress(packed) == input, "\(name), \(mode)")
            }
        }
        // Matching pays on runs: a megabyte of one byte is a few hundred bytes at distance 1.
        let run = [UInt8](repeating: 0x41, count: 1 << 20)
        #expect(Self.stream(run, mode: .greedy).count < 6000)
        #expect(Self.stream(Self.text(300_000), mode: .greedy).count * 10 < Self.stream(Self.text(300_000), mode: .huffman).count * 6)
    }

    @Test func incompressibleBytesAreStored() {
        var random = Random(state: 12345)
        for size in [17, 1000, DeflateEncoder.blockSize, DeflateEncoder.blockSize + 1, 300_000] {
            let input = random.bytes(size)
            for mode in Self.modes {
                let packed = Self.stream(input, mode: mode)
                #expect(Deflate.decompress(packed) == input, "\(size), \(mode)")
                // Stored blocks: 5 bytes a block (and a byte of padding) over the input.
                let blocks = (size + DeflateEncoder.blockSize - 1) / DeflateEncoder.blockSize
                #expect(packed.count <= size + 5 * blocks + 1 + 6, "\(size), \(mode): \(packed.count)")
            }
        }
    }

    /// Every length (3…258) and the distances at the code boundaries, as matcher symbols
    /// coded by the block coder: zlib's inflate must spell out exactly the bytes.
    @Test func everyLengthAndDistanceCode() {
        var random = Random(state: 777)
        let distances = [1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 13, 16, 17, 24, 25, 32, 33, 48, 49, 64, 65, 96, 97, 128, 129, 192, 193,
                         256, 257, 384, 385, 512, 513, 768, 769, 1024, 1025, 1536, 1537, 2048, 2049, 3072, 3073, 4096, 4097,
                         6144, 6145, 8192, 8193, 12288, 12289, 16384, 16385, 24576, 24577, 32767, 32768]
        // Lengths 3…258 each once and every distance at least once, within blocks of ≤ 65,535 bytes.
        var lengths = Array(3...258)
        lengths += [3, 4, 10, 11, 257, 258, 3, 4, 10, 11, 257, 258]
        var k = 0
        while k < lengths.count {
            // 32 KiB of random literals first, so every distance reaches into the block.
            var bytes = random.bytes(32768)
            var symbols = bytes.map { UInt32($0) }
            var n = 0
            while k < lengths.count && bytes.count + lengths[k] <= 65_000 {
                let length = lengths[k], distance = distances[(k + n) % distances.count]
                for _ in 0..<length { bytes.append(bytes[bytes.count - distance]) }
                symbols.append(DeflateEncoder.symbol(length: length, distance: distance))
                // A literal between matches.
                let literal = random.byte()
                bytes.append(literal); symbols.append(UInt32(literal))
                k += 1; n += 1
            }
            let raw = bytes.withUnsafeBufferPointer { DeflateEncoder.encode($0, symbols: symbols) }
            var stream: [UInt8] = [0x78, 0x01] + raw
            let adler = UInt32(bytes.withUnsafeBufferPointer { Deflate.adler32($0) })
            stream += [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
            #expect(Deflate.decompress(stream) == bytes, "block ending at length index \(k)")
            // Not stored: the matches are coded in a fraction of their bytes (the random
            // 32 KiB take about their own size).
            #expect(raw.count < 32768 + (bytes.count - 32768) / 4, "\(raw.count) bytes for \(bytes.count)")
        }
        // The matcher itself finds repeats at distance 32,768 (the window's edge) and 1.
        let repeated = random.bytes(40)
        let input = repeated + [UInt8](repeating: 0, count: 32768 - 40) + repeated
        for mode in Self.modes { #expect(Deflate.decompress(Self.stream(input, mode: mode)) == input) }
    }

    /// The matcher looks a position up with one 8-byte load while 8 bytes of the block follow
    /// it, and 4 bytes at a time in the block's last 7: matches of every length from 4 to 20
    /// and from 250 to 258 ending at and just before the end of a block and of a piece (so
    /// that each is cut by, or just fits, what is left), runs across block edges, and short
    /// repetitive inputs of every size up to 40 bytes (only the tail); each read back by zlib.
    @Test func matcherEightByteAndTailPaths() {
        var random = Random(state: 31)
        let block = DeflateEncoder.matchBlockSize
        for length in Array(4...20) + Array(250...258) {
            var input = random.bytes(2 * block + 300)
            // A repeat of `length` bytes from 300 back, ending `gap` bytes before the first
            // block's end, for each gap (one input per gap keeps the others random).
            for gap in 0..<12 {
                var copy = input
                let start = block - gap - length
                for k in 0..<length { copy[start + k] = copy[start + k - 300] }
                // The same at the end of the whole input (the end of the last piece).
                let last = copy.count - gap - length
                for k in 0..<length { copy[last + k] = copy[last + k - 300] }
                let packed = Self.stream(copy, mode: .greedy)
                #expect(Deflate.decompress(packed) == copy, "length \(length), \(gap) bytes before the end")
            }
            // Runs straddling the block's edge and the end, `length` long.
            for k in 0..<length {
                input[block - length / 2 + k] = 0x55
                input[input.count - length + k] = 0xAA
            }
            #expect(Deflate.decompress(Self.stream(input, mode: .greedy)) == input, "runs of \(length)")
            // The same bytes in pieces that end inside the repeats.
            #expect(Deflate.decompress(Self.stream(input, mode: .greedy, pieceSize: block - length / 2 + 3)) == input)
        }
        // Only the tail path: inputs of 0 to 40 bytes of a short repeating pattern (matches at
        // distances 1 to 5 from the 5th byte on), and of one byte repeated.
        for size in 0...40 {
            for period in 1...5 {
                let input = (0..<size).map { UInt8(0x61 + $0 % period) }
                #expect(Deflate.decompress(Self.stream(input, mode: .greedy)) == input, "\(size) bytes, period \(period)")
            }
        }
        // A matcher that found nothing would store these: 300 repeats of 20 bytes are far
        // smaller.
        let repeats = (0..<300).flatMap { _ in Array("0.2118 0.2353 0.6 rg".utf8) }
        #expect(Self.stream(repeats, mode: .greedy).count < 200)
    }

    /// Fibonacci counts make the unlimited Huffman code as deep as there are symbols.
    static func fibonacci(_ n: Int) -> [Int] {
        var f = [1, 1]
        while f.count < n { f.append(f[f.count - 1] + f[f.count - 2]) }
        return Array(f[0..<n])
    }

    /// The lengths `Huffman.lengths` gives `counts` within `limit`: checked complete (Kraft
    /// sum exactly 1), within the limit, and optimal (no other complete code within the
    /// limit costs less — compared with the unlimited optimum when the limit does not bind).
    static func checkedLengths(_ counts: [Int], limit: Int) -> [UInt8] {
        var lengths = [UInt8](repeating: 0, count: counts.count)
        counts.withUnsafeBufferPointer { Huffman.lengths($0, limit: limit, into: &lengths) }
        #expect(lengths.allSatisfy { $0 <= limit })
        let kraft = lengths.reduce(0) { $1 == 0 ? $0 : $0 + (1 << (limit - Int($1))) }
        #expect(kraft == 1 << limit, "incomplete or over-full code: \(lengths)")
        return lengths
    }

    @Test func lengthLimitOnSkewedHistograms() {
        for (symbols, limit) in [(30, 15), (40, 15), (19, 7), (286, 15), (9, 4)] {
            var counts = Self.fibonacci(min(symbols, 40))
            while counts.count < symbols { counts.append(1) }
            let lengths = Self.checkedLengths(counts, limit: limit)
            #expect(lengths.contains(UInt8(limit)), "the limit binds for \(symbols) symbols")
            // The lengths are package-merge's on the sorted counts.
            let cost = zip(counts, lengths).reduce(0) { $0 + $1.0 * Int($1.1) }
            let weights = counts.sorted()
            let merged = Huffman.packageMerge(weights, limit: limit)
            #expect(zip(weights, merged).reduce(0) { $0 + $1.0 * $1.1 } == cost)
        }
        // Optimal within the limit: no complete code of lengths ≤ limit costs less (every
        // assignment of lengths tried, for small alphabets).
        var search = Random(state: 17)
        for _ in 0..<40 {
            let n = 3 + Int(search.next() % 5), limit = 3
            var weights = (0..<n).map { _ in 1 + Int(search.next() % 50) }
            if search.next() % 2 == 0 { weights = Self.fibonacci(n) }
            let lengths = Self.checkedLengths(weights, limit: limit)
            let cost = zip(weights, lengths).reduce(0) { $0 + $1.0 * Int($1.1) }
            var best = Int.max
            var trial = [Int](repeating: 1, count: n)
            outer: while true {
                if trial.reduce(0, { $0 + (1 << (limit - $1)) }) == 1 << limit {
                    best = min(best, zip(weights, trial).reduce(0) { $0 + $1.0 * $1.1 })
                }
                var i = 0
                while i < n && trial[i] == limit { trial[i] = 1; i += 1 }
                if i == n { break outer }
                trial[i] += 1
            }
            #expect(cost == best, "\(weights): \(lengths)")
        }
        // Where the limit does not bind, package-merge and the unlimited method agree in cost.
        var random = Random(state: 3)
        for _ in 0..<200 {
            let n = 2 + Int(random.next() % 60)
            let weights = (0..<n).map { _ in 1 + Int(random.next() % 1000) }.sorted()
            let free = Huffman.minimumRedundancy(weights)
            let limited = Huffman.packageMerge(weights, limit: 15)
            #expect(zip(weights, free).reduce(0) { $0 + $1.0 * $1.1 } == zip(weights, limited).reduce(0) { $0 + $1.0 * $1.1 })
            _ = Self.checkedLengths(weights, limit: 15)
        }
        // One used symbol, or none, still gets a complete code of two.
        _ = Self.checkedLengths([0, 0, 5, 0], limit: 15)
        _ = Self.checkedLengths([0, 0, 0], limit: 7)

        // Bytes with Fibonacci counts in one block: a literal code deeper than 15 unlimited.
        let counts = Self.fibonacci(21)  // 28,656 bytes
        var input: [UInt8] = []
        for (value, count) in counts.enumerated() { input += [UInt8](repeating: UInt8(value * 11), count: count) }
        var random2 = Random(state: 8)
        for i in stride(from: input.count - 1, to: 0, by: -1) { input.swapAt(i, Int(random2.next() % UInt64(i + 1))) }
        #expect(Huffman.minimumRedundancy(counts.sorted()).max()! > 15)
        for mode in Self.modes { #expect(Deflate.decompress(Self.stream(input, mode: mode)) == input, "\(mode)") }
    }

    /// Huffman-only blocks are written two bytes a lookup when they hold at most 48 distinct
    /// bytes (1, 2 or 3 pairs between stores by the longest code), else one byte a lookup (3
    /// to 8 codes between stores): alphabets on both sides of 48, uniform, ink-like (a few
    /// common bytes and rare ones) and Fibonacci-skewed (codes up to 15 bits), blocks with an
    /// odd remainder; each read back by zlib, the same bytes however cut, and the 9-bit limit
    /// taken only where it costs at most 1/128 of the block's literal bits.
    @Test func huffmanOnlyEveryGrouping() {
        var random = Random(state: 2024)
        for alphabet in [2, 5, 23, 48, 49, 60, 130, 256] {
            let values = (0..<alphabet).map { UInt8(($0 * 97 + 13) & 0xFF) }
            let fib = Self.fibonacci(min(alphabet, 21)), fib14 = Self.fibonacci(min(alphabet, 14))
            let shapes: [(String, (inout Random) -> UInt8)] = [
                ("uniform", { r in values[Int(r.next() % UInt64(alphabet))] }),
                // 99 % of nine bytes, the rest of the whole alphabet.
                ("ink-like", { r in
                    let x = r.next() % 1000
                    return x < 990 || alphabet <= 9 ? values[Int(x % UInt64(min(alphabet, 9)))] : values[Int(r.next() % UInt64(alphabet))]
                }),
                ("fibonacci", { r in
                    var x = Int(r.next() % UInt64(fib.reduce(0, +)))
                    var k = 0
                    while x >= fib[k] { x -= fib[k]; k += 1 }
                    return values[k]
                }),
                // Codes of up to 13 bits that a 9-bit limit would cost more than 1/128: 2 pairs.
                ("fibonacci of 14", { r in
                    var x = Int(r.next() % UInt64(fib14.reduce(0, +)))
                    var k = 0
                    while x >= fib14[k] { x -= fib14[k]; k += 1 }
                    return values[k]
                }),
            ]
            for (name, draw) in shapes {
                let size = 2 * DeflateEncoder.blockSize + 13
                let input = (0..<size).map { _ in draw(&random) }
                let packed = Self.stream(input, mode: .huffman)
                #expect(Deflate.decompress(packed) == input, "\(alphabet) bytes, \(name)")
                let cut = Self.stream(input, mode: .huffman, pieceSize: 40_001)
                #expect(Deflate.decompress(cut) == input, "\(alphabet) bytes, \(name), in pieces")
                #expect(Self.stream(input, mode: .huffman, pieceSize: 40_001) == cut)
                // At most 1/128 over the 15-bit optimum of each block, with its code description.
                var optimum = 0
                var start = 0
                while start < size {
                    let block = input[start..<min(size, start + DeflateEncoder.blockSize)]
                    var counts = [Int](repeating: 0, count: 257)
                    for byte in block { counts[Int(byte)] += 1 }
                    counts[256] = 1
                    let lengths = Self.checkedLengths(counts, limit: 15)
                    optimum += zip(counts, lengths).reduce(0) { $0 + $1.0 * Int($1.1) }
                    start += DeflateEncoder.blockSize
                }
                let blocks = (size + DeflateEncoder.blockSize - 1) / DeflateEncoder.blockSize
                #expect(packed.count <= (optimum + optimum / 128) / 8 + 160 * blocks, "\(alphabet) bytes, \(name): \(packed.count) for \(optimum / 8)")
            }
        }
        // Every remainder after the last whole group of pairs or codes.
        for size in 1...14 {
            let input = Self.text(size * 7 + 3)
            #expect(Deflate.decompress(Self.stream(input, mode: .huffman)) == input)
        }
    }

    @Test func manyBlocksAndPiecesAreOneStreamAndDeterministic() {
        var input = Self.text(700_000)
        var random = Random(state: 42)
        input += random.bytes(100_000) + Self.text(300_000)
        for mode in Self.modes {
            let whole = Self.stream(input, mode: mode)
            #expect(Deflate.decompress(whole) == input, "\(mode)")
            for pieceSize in [Deflate.chunkSize, 64_000, 100_003] {
                let cut = Self.stream(input, mode: mode, pieceSize: pieceSize)
                #expect(Deflate.decompress(cut) == input, "\(mode), pieces of \(pieceSize)")
                #expect(Self.stream(input, mode: mode, pieceSize: pieceSize) == cut)
            }
        }
        // Through Deflate: whole, fed while written in any steps, or filled by groups on any
        // thread — the same bytes, for both of drawc's own strategies.
        for strategy in [Deflate.Strategy.huffman, .greedy] {
            let packed = Deflate.compress(input, level: 6, strategy: strategy)
            #expect(Deflate.decompress(packed) == input)
            #expect(Deflate.compress(input, level: 6, strategy: strategy) == packed)
            for step in [1000, 40_000, 300_000] {
                let streaming = Deflate.Streaming(level: 6, strategy: strategy)
                var buffer = ByteBuffer()
                var fed = 0
                while fed < input.count {
                    let next = min(input.count, fed + step)
                    buffer.append(input[fed..<next])
                    fed = next
                    streaming.feed(&buffer)
                }
                #expect(streaming.finish(buffer.take()) == packed, "\(strategy), fed \(step) at a time")
            }
            let asked = input
            let filled = Deflate.compress(count: input.count, level: 6, strategy: strategy) { start, buffer in
                for i in 0..<buffer.count { buffer[i] = asked[start + i] }
            }
            #expect(filled == packed, "\(strategy), by groups")
        }
    }
}
