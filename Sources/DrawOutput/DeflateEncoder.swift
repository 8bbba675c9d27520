// drawc's own raw DEFLATE encoder (RFC 1951) for the pieces of large PDF content streams:
// Huffman codes only, or a greedy one-probe LZ77. System zlib stays for whole small streams
// (level 6), for `Z_RLE` (PNG) and for inflate. docs/pdf.md, "Compression of content streams".

/// Raw deflate of one piece, in blocks of `matchBlockSize` input bytes (Huffman only:
/// `huffmanBlockSize`; the last one shorter), so
/// the output depends only on the bytes: each block is coded with dynamic Huffman codes, the
/// fixed codes or stored, whichever is fewest bits. A piece that is not `last` ends with an
/// empty stored block (what zlib's `Z_SYNC_FLUSH` writes), byte-aligned, so pieces join into
/// one stream; the last ends with the final block, padded to a byte.
package enum DeflateEncoder {
    /// What is looked for in the bytes.
    package enum Mode: Sendable {
        /// Literals only.
        case huffman
        /// Greedy matching: a hash of 4 bytes, the one most recent position with that hash,
        /// lengths 4–258 at distances up to 32 KiB (within the piece).
        case greedy
    }

    /// Input bytes per stored block (LEN is 16 bits), and the unit of the block sizes below:
    /// large enough that a dynamic block's code description (~60–90 bytes) costs under 0.5 %,
    /// small enough to follow changes in the content.
    package static let blockSize = 1 << 15
    /// Greedy matching: input bytes per block, two of `blockSize` (stored as two if stored):
    /// building, choosing and describing a block's codes costs ≈ 60 k instructions, about 2 a
    /// byte in 32 KiB, as much as a tenth of matching and writing on `shapes` content, whose
    /// statistics change slowly (the bigger blocks came out 0.09 % smaller at 10k shapes and
    /// 0.03 % larger at 100k).
    package static let matchBlockSize = 1 << 16
    /// Huffman only: input bytes per block, four of `blockSize` (stored as four if stored):
    /// a block's code costs ≈ 100 k instructions to build, about 3 a byte in 32 KiB, and
    /// literal statistics of content change slowly (on ink, shapes and QR pages the bigger
    /// blocks are 0.05–0.1 % smaller).
    package static let huffmanBlockSize = 1 << 17

    /// Code lengths are at most this long (RFC 1951) …
    static let maximumCodeLength = 15
    /// … and those of the code-length code at most this.
    static let maximumCodeLengthCodeLength = 7

    /// The raw deflate of `input` (see the type).
    package static func encode(_ input: UnsafeBufferPointer<UInt8>, mode: Mode, last: Bool) -> [UInt8] {
        let blocks = max(1, (input.count + blockSize - 1) / blockSize)
        // Every block is at most its stored size (5 bytes a block more than the input), and
        // the bit writer stores 8 bytes at a time.
        let capacity = input.count + 5 * blocks + 32
        return [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            var writer = BitWriter(buffer.baseAddress!)
            var encoder = Encoder(input: input, mode: mode)
            defer { encoder.deallocate() }
            if input.isEmpty {
                // A final (or, for an empty piece, non-final) block of the fixed codes with
                // only the end of block.
                writer.put(last ? 0b011 : 0b010, 3)
                writer.put(0, 7)
            } else {
                var start = 0
                while start < input.count {
                    let end = min(input.count, start + (mode == .huffman ? huffmanBlockSize : matchBlockSize))
                    encoder.block(start..<end, final: last && end == input.count, into: &writer)
                    start = end
                }
            }
            if !last {
                // An empty stored block: a byte-aligned end of the piece.
                writer.put(0, 3)
                writer.alignToByte()
                writer.put(0xFFFF_0000, 32)
            }
            writer.alignToByte()
            writer.flush()
            count = writer.count
            precondition(count <= capacity, "deflate output overran its bound")
        }
    }

    /// A match as a block's symbol (`length` 3…258, `distance` 1…32768).
    package static func symbol(length: Int, distance: Int) -> UInt32 {
        precondition((3...258).contains(length) && (1...windowSize).contains(distance))
        return 1 << 31 | UInt32(length) << 16 | UInt32(distance - 1)
    }

    /// One final block of `input` (1…65,535 bytes) coded as exactly `symbols` (bytes, or
    /// matches from `symbol(length:distance:)`) — what the matcher hands the block coder, so
    /// that tests reach lengths and distances the matcher never makes.
    package static func encode(_ input: UnsafeBufferPointer<UInt8>, symbols: [UInt32]) -> [UInt8] {
        precondition((1...65_535).contains(input.count) && symbols.count <= input.count)
        return [UInt8](unsafeUninitializedCapacity: input.count + 64) { buffer, count in
            var writer = BitWriter(buffer.baseAddress!)
            var encoder = Encoder(input: input, mode: .greedy, symbolCapacity: symbols.count)
            defer { encoder.deallocate() }
            encoder.block(0..<input.count, symbols: symbols, final: true, into: &writer)
            writer.alignToByte()
            writer.flush()
            count = writer.count
        }
    }

    // MARK: the bit writer

    /// Bits least significant first (RFC 1951 3.1.1) into memory with room for 8 bytes more
    /// than is ever written: whole bytes are stored 8 at a time, unaligned.
    struct BitWriter {
        let base: UnsafeMutablePointer<UInt8>
        /// Where the next whole byte goes.
        var next: UnsafeMutablePointer<UInt8>
        var bits: UInt64 = 0
        var bitCount: UInt64 = 0

        init(_ base: UnsafeMutablePointer<UInt8>) { self.base = base; next = base }

        /// Adds `n` ≤ 32 bits (only after a `flush`, up to 56 bits in all).
        @inline(__always) mutating func add(_ value: UInt64, _ n: UInt64) {
            bits |= value &<< bitCount
            bitCount &+= n
        }

        /// Writes the whole bytes of the buffer; at most 7 bits stay.
        @inline(__always) mutating func flush() {
            UnsafeMutableRawPointer(next).storeBytes(of: bits.littleEndian, as: UInt64.self)
            let whole = bitCount & ~7
            next += Int(truncatingIfNeeded: whole &>> 3)
            bits = bits &>> whole  // bitCount < 64: never a shift by 64
            bitCount &= 7
        }

        /// `add` then `flush`.
        @inline(__always) mutating func put(_ value: UInt64, _ n: Int) {
            add(value, UInt64(truncatingIfNeeded: n))
            flush()
        }

        /// Adds a code of a table entry: code | length << 16.
        @inline(__always) mutating func add(code entry: UInt32) {
            add(UInt64(truncatingIfNeeded: entry & 0xFFFF), UInt64(truncatingIfNeeded: entry &>> 16))
        }

        mutating func alignToByte() {
            if bitCount > 0 { bitCount = 8; flush() }
        }

        /// Bytes complete so far (after `flush` and `alignToByte`, all of them).
        var count: Int { next - base }
        /// Bits written so far.
        var bitPosition: Int { count * 8 + Int(bitCount) }
    }

    // MARK: tables of RFC 1951 3.2.5

    /// Length symbols 257…285: the first length of each and its extra bits.
    static let lengthBase: [Int] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
                                    35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra: [Int] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
                                     3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    /// Distance codes 0…29: the first distance of each and its extra bits.
    static let distanceBase: [Int] = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
                                      257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    static let distanceExtra: [Int] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
                                       7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
    /// The order code-length code lengths are sent in.
    static let codeLengthOrder: [Int] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// Length − 3 (0…255) → length code (0…28): the last code whose first length is at most
    /// the length (258 has a code of its own, 28, not 27's last extra value).
    static let lengthCode: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256)
        var code = 0
        for length in 3...257 {
            while code + 1 < 28 && lengthBase[code + 1] <= length { code += 1 }
            table[length - 3] = UInt8(code)
        }
        table[255] = 28
        return table
    }()

    /// Distance − 1 → distance code: entries 0…255 for distances up to 256, then 256 + (d − 1) >> 7
    /// (from 257 on, distance codes change only at multiples of 128, so an entry's first
    /// distance gives its code; entries 256 and 257 are never used).
    static let distanceCode: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 512)
        var code = 0
        for index in 0..<512 {
            let d = index < 256 ? index + 1 : max(257, (index - 256) << 7 + 1)
            while code + 1 < 30 && distanceBase[code + 1] <= d { code += 1 }
            table[index] = UInt8(code)
        }
        return table
    }()

    @inline(__always) static func distanceCodeIndex(_ distanceMinusOne: Int) -> Int {
        distanceMinusOne < 256 ? distanceMinusOne : 256 &+ (distanceMinusOne &>> 7)
    }

    // MARK: the encoder of one piece

    /// Huffman only: literal codes are limited to this length when that costs little (see
    /// `write`), so that three pairs of codes fit between two stores of the bit buffer.
    static let pairCodeLength = 9
    /// Huffman only: blocks of at most this many distinct bytes are written two bytes a
    /// lookup (the table of their pairs has at most this squared entries).
    static let pairAlphabet = 48

    /// Hash table bits: 2^15 positions.
    static let hashBits = 15
    /// Distances reach back at most 32 KiB.
    static let windowSize = 32768
    /// The position of a hash not seen yet in the piece: more than the window before any.
    static let noPosition: Int32 = -(1 << 16)

    /// Reused from block to block of a piece.
    struct Encoder {
        let input: UnsafeBufferPointer<UInt8>
        let mode: Mode
        /// Symbols 0…285 of the literal/length alphabet and 0…29 of distances, counted per block.
        let literalCounts = UnsafeMutablePointer<Int>.allocate(capacity: 286)
        let distanceCounts = UnsafeMutablePointer<Int>.allocate(capacity: 30)
        /// Greedy: a block's symbols counted as the matcher sees them — bytes at 0…255, match
        /// lengths at `lengthTally` + length, distances at `distanceTally` + their
        /// `distanceCodeIndex` — and added up by code once a block (`write`), so that no code
        /// is looked up per match for counting.
        let tallies: UnsafeMutablePointer<Int>
        static let lengthTally = 512, distanceTally = 1024, tallyCount = 1536
        /// A block's symbols (greedy): a literal byte, or a match as length << 23 | distance
        /// code << 18 | the distance's extra bits value (`packedMatch`; never below 3 << 23).
        let symbols: UnsafeMutablePointer<UInt32>
        var symbolCount = 0
        /// The last position of each 4-byte hash over the whole piece (`noPosition`: none).
        let head: UnsafeMutablePointer<Int32>
        let lengthCodes: UnsafeMutablePointer<UInt8>
        let distanceCodes: UnsafeMutablePointer<UInt8>
        /// By `distanceCodeIndex`: the distance code << 18 minus its first distance − 1, so
        /// that adding a distance − 1 gives the code << 18 | the extra bits value.
        let distanceEntries: UnsafeMutablePointer<UInt32>
        /// A block's codes, unpacked so that writing a symbol loads each part once, in one
        /// allocation so that `writeSymbols` keeps one pointer for all (`CodeTable`).
        let codeTable = UnsafeMutableRawPointer.allocate(byteCount: CodeTable.byteCount, alignment: 8)
        /// Huffman only, a block of few distinct bytes: the codes of two bytes b₀ b₁ together
        /// at b₀ | b₁ << 8 (b₀'s code first), and their length (`writeLiterals`).
        let pairCodes: UnsafeMutablePointer<UInt32>
        let pairLengths: UnsafeMutablePointer<UInt8>

        init(input: UnsafeBufferPointer<UInt8>, mode: Mode, symbolCapacity: Int = matchBlockSize) {
            self.input = input
            self.mode = mode
            if mode == .greedy {
                symbols = .allocate(capacity: symbolCapacity)
                head = .allocate(capacity: 1 << hashBits)
                head.initialize(repeating: noPosition, count: 1 << hashBits)
                tallies = .allocate(capacity: Self.tallyCount)
            } else {
                symbols = .allocate(capacity: 1)
                head = .allocate(capacity: 1)
                tallies = .allocate(capacity: 1)
            }
            // Only the entries of pairs of a block's bytes are written and read.
            pairCodes = .allocate(capacity: mode == .huffman ? 1 << 16 : 1)
            pairLengths = .allocate(capacity: mode == .huffman ? 1 << 16 : 1)
            lengthCodes = .allocate(capacity: 256)
            lengthCodes.initialize(from: DeflateEncoder.lengthCode, count: 256)
            distanceCodes = .allocate(capacity: 512)
            distanceCodes.initialize(from: DeflateEncoder.distanceCode, count: 512)
            distanceEntries = .allocate(capacity: 512)
            for index in 0..<512 {
                let code = Int(distanceCodes[index])
                distanceEntries[index] = UInt32(code) << 18 &- UInt32(distanceBase[code] - 1)
            }
        }

        func deallocate() {
            literalCounts.deallocate(); distanceCounts.deallocate(); tallies.deallocate()
            symbols.deallocate(); head.deallocate()
            lengthCodes.deallocate(); distanceCodes.deallocate(); distanceEntries.deallocate()
            codeTable.deallocate()
            pairCodes.deallocate(); pairLengths.deallocate()
        }

        /// Codes and writes the block of `range`.
        mutating func block(_ range: Range<Int>, final: Bool, into writer: inout BitWriter) {
            switch mode {
            case .huffman:
                literalCounts.initialize(repeating: 0, count: 286)
                distanceCounts.initialize(repeating: 0, count: 30)
                countLiterals(range)
            case .greedy:
                tallies.initialize(repeating: 0, count: Self.tallyCount)
                match(range)
                addUpTallies()
            }
            write(range, final: final, into: &writer)
        }

        /// The block of `range` as the given symbols (`symbol(length:distance:)` or bytes),
        /// which must spell out exactly its bytes: for tests of every length and distance.
        mutating func block(_ range: Range<Int>, symbols given: [UInt32], final: Bool, into writer: inout BitWriter) {
            tallies.initialize(repeating: 0, count: Self.tallyCount)
            for (k, symbol) in given.enumerated() {
                if symbol < 256 { symbols[k] = symbol; tallies[Int(symbol)] += 1; continue }
                let length = Int((symbol >> 16) & 0x1FF), distanceMinusOne = Int(symbol & 0xFFFF)
                symbols[k] = packedMatch(length, distanceMinusOne)
            }
            symbolCount = given.count
            addUpTallies()
            write(range, final: final, into: &writer)
        }

        /// The block's counts by code from the matcher's `tallies`.
        private func addUpTallies() {
            literalCounts.initialize(repeating: 0, count: 286)
            distanceCounts.initialize(repeating: 0, count: 30)
            literalCounts.update(from: tallies, count: 256)
            for length in 3...258 { literalCounts[257 + Int(lengthCodes[length - 3])] += tallies[Self.lengthTally + length] }
            for index in 0..<512 { distanceCounts[Int(distanceCodes[index])] += tallies[Self.distanceTally + index] }
        }

        /// Codes the counted block of `range` the shortest way and writes it.
        private func write(_ range: Range<Int>, final: Bool, into writer: inout BitWriter) {
            literalCounts[256] = 1  // end of block

            var literalLengths = [UInt8](repeating: 0, count: 286)
            var distanceLengths = [UInt8](repeating: 0, count: 30)
            Huffman.lengths(UnsafeBufferPointer(start: literalCounts, count: 286), limit: maximumCodeLength, into: &literalLengths)
            if mode == .huffman && literalLengths.max()! > pairCodeLength {
                // Codes of at most 9 bits let `writeLiterals` write three pairs of bytes
                // between two stores; taken when they cost at most 1/128 more bits.
                var short = [UInt8](repeating: 0, count: 286)
                Huffman.lengths(UnsafeBufferPointer(start: literalCounts, count: 286), limit: pairCodeLength, into: &short)
                var longBits = 0, shortBits = 0
                for symbol in 0..<286 {
                    longBits += literalCounts[symbol] * Int(literalLengths[symbol])
                    shortBits += literalCounts[symbol] * Int(short[symbol])
                }
                if shortBits <= longBits + longBits / 128 { literalLengths = short }
            }
            Huffman.lengths(UnsafeBufferPointer(start: distanceCounts, count: 30), limit: maximumCodeLength, into: &distanceLengths)
            let header = TreeHeader(literalLengths: literalLengths, distanceLengths: distanceLengths)

            // The bits of each way of coding the block (after the 3 of the block header).
            var extraBits = 0
            for code in 0..<29 { extraBits += literalCounts[257 + code] * lengthExtra[code] }
            for code in 0..<30 { extraBits += distanceCounts[code] * distanceExtra[code] }
            var dynamicBits = header.bits + extraBits, fixedBits = extraBits
            for symbol in 0..<286 {
                dynamicBits += literalCounts[symbol] * Int(literalLengths[symbol])
                fixedBits += literalCounts[symbol] * Int(Huffman.fixedLiteralLength(symbol))
            }
            for code in 0..<30 {
                dynamicBits += distanceCounts[code] * Int(distanceLengths[code])
                fixedBits += distanceCounts[code] * 5
            }
            // Stored: the header, padding to a byte, LEN and NLEN, the bytes.
            let padding = (8 - (writer.bitPosition + 3) % 8) % 8
            // Stored as blocks of at most 32 KiB (LEN is 16 bits): each after the first adds
            // its header, 5 bits to the byte, LEN and NLEN.
            let storedBits = padding + 32 + 8 * range.count + 40 * ((range.count - 1) / blockSize)

            let finalBit: UInt64 = final ? 1 : 0
            if storedBits <= dynamicBits && storedBits <= fixedBits {
                var start = range.lowerBound
                while start < range.upperBound {
                    let end = min(range.upperBound, start + blockSize), n = end - start
                    writer.put(end == range.upperBound ? finalBit : 0, 3)  // BTYPE 00
                    writer.alignToByte()
                    writer.put(UInt64(n) | UInt64(~n & 0xFFFF) << 16, 32)
                    writer.next.update(from: input.baseAddress! + start, count: n)
                    writer.next += n
                    start = end
                }
                return
            }
            var literalCodes = [UInt32](repeating: 0, count: 286)
            var distanceCodes = [UInt32](repeating: 0, count: 30)
            if fixedBits < dynamicBits {
                writer.put(finalBit | 0b01 << 1, 3)
                var fixedLengths = [UInt8](repeating: 0, count: 288)
                for symbol in 0..<288 { fixedLengths[symbol] = Huffman.fixedLiteralLength(symbol) }
                Huffman.codes(fixedLengths, into: &literalCodes)
                Huffman.codes([UInt8](repeating: 5, count: 30), into: &distanceCodes)
            } else {
                writer.put(finalBit | 0b10 << 1, 3)
                header.write(into: &writer)
                Huffman.codes(literalLengths, into: &literalCodes)
                Huffman.codes(distanceLengths, into: &distanceCodes)
            }
            literalCodes.withUnsafeBufferPointer { literals in
                distanceCodes.withUnsafeBufferPointer { distances in
                    switch mode {
                    case .huffman: writeLiterals(range, literals.baseAddress!, into: &writer)
                    case .greedy: writeSymbols(literals.baseAddress!, distances.baseAddress!, into: &writer)
                    }
                }
            }
            let endOfBlock = literalCodes[256]
            writer.add(code: endOfBlock)
            writer.flush()
        }

        /// Counts the bytes of `range` (four tables, so that runs of one byte do not wait on
        /// their own stores; each byte loaded on its own: a load and an add a byte).
        private func countLiterals(_ range: Range<Int>) {
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 4 * 256) { tables in
                let t = tables.baseAddress!
                t.initialize(repeating: 0, count: 4 * 256)
                var p = input.baseAddress! + range.lowerBound
                let end = input.baseAddress! + range.upperBound
                let t1 = t + 256, t2 = t + 512, t3 = t + 768
                while end - p >= 16 {
                    for k in stride(from: 0, to: 16, by: 4) {
                        t[Int(p[k])] &+= 1
                        t1[Int(p[k + 1])] &+= 1
                        t2[Int(p[k + 2])] &+= 1
                        t3[Int(p[k + 3])] &+= 1
                    }
                    p += 16
                }
                while p < end { t[Int(p.pointee)] &+= 1; p += 1 }
                for b in 0..<256 { literalCounts[b] = Int(t[b] &+ t[256 + b] &+ t[512 + b] &+ t[768 + b]) }
            }
        }

        /// The bytes of `range` as literals; `codes[s]` is code | length << 16.
        private func writeLiterals(_ range: Range<Int>, _ codes: UnsafePointer<UInt32>, into writer: inout BitWriter) {
            // The codes and their lengths in two tables (a load each, no unpacking), and as
            // many codes between two stores of the bit buffer as always fit in its 64 bits
            // (at most 7 are left after a store): 8 when no code of the block is longer than
            // 7 bits, 6 up to 9, 5 up to 11, 4 up to 14, 3 for 15.
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 256) { codeTable in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256) { lengthTable in
                    let c = codeTable.baseAddress!, l = lengthTable.baseAddress!
                    var longest: UInt32 = 0
                    for b in 0..<256 {
                        c[b] = UInt64(codes[b] & 0xFFFF)
                        l[b] = UInt8(truncatingIfNeeded: codes[b] &>> 16)
                        longest = max(longest, codes[b] &>> 16)
                    }
                    let start = input.baseAddress! + range.lowerBound
                    let end = input.baseAddress! + range.upperBound
                    var w = writer
                    var p: UnsafePointer<UInt8>
                    var used: [Int] = []
                    for b in 0..<256 where l[b] > 0 { used.append(b) }
                    if used.count <= pairAlphabet {
                        for b0 in used {
                            for b1 in used {
                                let index = b0 | b1 << 8
                                pairCodes[index] = UInt32(truncatingIfNeeded: c[b0] | c[b1] << UInt64(l[b0]))
                                pairLengths[index] = l[b0] &+ l[b1]
                            }
                        }
                        switch longest {
                        case ...9: p = Self.pairs(3, start, end, pairCodes, pairLengths, &w)
                        case ...14: p = Self.pairs(2, start, end, pairCodes, pairLengths, &w)
                        default: p = Self.pairs(1, start, end, pairCodes, pairLengths, &w)
                        }
                    } else {
                    switch longest {
                    case ...7: p = Self.literals(8, start, end, c, l, &w)
                    case ...9: p = Self.literals(6, start, end, c, l, &w)
                    case ...11: p = Self.literals(5, start, end, c, l, &w)
                    case ...14: p = Self.literals(4, start, end, c, l, &w)
                    default: p = Self.literals(3, start, end, c, l, &w)
                    }
                    }
                    var q = p
                    while q < end {
                        w.add(c[Int(q.pointee)], UInt64(truncatingIfNeeded: l[Int(q.pointee)]))
                        w.flush()
                        q += 1
                    }
                    writer = w
                }
            }
        }

        /// Writes the bytes from `start` two at a time, `k` (1…3) pairs between stores, while
        /// 2k bytes remain; returns where it stopped.
        @inline(__always)
        private static func pairs(_ k: Int, _ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>,
                                  _ c: UnsafePointer<UInt32>, _ l: UnsafePointer<UInt8>,
                                  _ writer: inout BitWriter) -> UnsafePointer<UInt8> {
            var p = start
            var w = writer  // a local copy: its three fields stay in registers
            while end - p >= 2 * k {
                for j in 0..<k {
                    let pair = Int(UnsafeRawPointer(p + 2 * j).loadUnaligned(as: UInt16.self).littleEndian)
                    w.add(UInt64(c[pair]), UInt64(truncatingIfNeeded: l[pair]))
                }
                w.flush()
                p += 2 * k
            }
            writer = w
            return p
        }

        /// Writes the bytes from `start` in groups of `k` (3…8) codes between stores while a
        /// whole group remains; returns where it stopped.
        @inline(__always)
        private static func literals(_ k: Int, _ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>,
                                     _ c: UnsafePointer<UInt64>, _ l: UnsafePointer<UInt8>,
                                     _ writer: inout BitWriter) -> UnsafePointer<UInt8> {
            var p = start
            var w = writer  // a local copy: its three fields stay in registers
            while end - p >= k {
                // Unrolled by the constant k after inlining.
                for j in 0..<k {
                    let b = Int(p[j])
                    w.add(c[b], UInt64(truncatingIfNeeded: l[b]))
                }
                w.flush()
                p += k
            }
            writer = w
            return p
        }

        /// A match as a block symbol (see `symbols`), tallied.
        @inline(__always)
        private func packedMatch(_ length: Int, _ distanceMinusOne: Int) -> UInt32 {
            let index = distanceCodeIndex(distanceMinusOne)
            tallies[Self.lengthTally &+ length] &+= 1
            tallies[Self.distanceTally &+ index] &+= 1
            return UInt32(truncatingIfNeeded: length) &<< 23 | (distanceEntries[index] &+ UInt32(truncatingIfNeeded: distanceMinusOne))
        }

        /// The 15-bit hash of the 4 bytes in the low half of `word` (little-endian order).
        @inline(__always) private static func hash(_ word: UInt64) -> Int {
            Int(truncatingIfNeeded: (UInt32(truncatingIfNeeded: word) &* 0x9E37_79B1) &>> UInt32(32 - hashBits))
        }

        /// Greedy matching over `range` into `symbols`, tallying the symbols.
        ///
        /// While 8 bytes of the block follow a position, it is looked up with one 8-byte load:
        /// the word gives the hash of its first 4 bytes, the check of the candidate's first 4,
        /// a match's length when it is shorter than 8 (most are), and the hash of the position
        /// after it; and no match reaches past the block's end without a longer compare. The
        /// last positions of the block (`tail`) are looked up 4 bytes at a time, with the
        /// same results.
        private mutating func match(_ range: Range<Int>) {
            let base = input.baseAddress!
            let count = input.count
            var i = range.lowerBound
            let end = range.upperBound
            var n = 0
            let tallies = self.tallies, symbols = self.symbols, head = self.head
            let distanceEntries = self.distanceEntries
            while i &+ 8 <= end {
                let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self).littleEndian
                let hash = Self.hash(word)
                let candidate = Int(head[hash])
                head[hash] = Int32(truncatingIfNeeded: i)
                let distance = i &- candidate
                // `noPosition` is always more than the window away.
                if distance <= windowSize {
                    let x = word ^ UnsafeRawPointer(base + candidate).loadUnaligned(as: UInt64.self).littleEndian
                    if UInt32(truncatingIfNeeded: x) == 0 {
                        var length = x.trailingZeroBitCount &>> 3
                        if x == 0 {
                            let maximum = min(258, end &- i)
                            length = min(Self.extend(base, i, candidate, from: 8, maximum: maximum, count: count), maximum)
                        }
                        let distanceMinusOne = distance &- 1
                        let index = distanceCodeIndex(distanceMinusOne)
                        tallies[Self.lengthTally &+ length] &+= 1
                        tallies[Self.distanceTally &+ index] &+= 1
                        symbols[n] = UInt32(truncatingIfNeeded: length) &<< 23
                            | (distanceEntries[index] &+ UInt32(truncatingIfNeeded: distanceMinusOne))
                        n &+= 1
                        // The position after the match's first byte too, so a repeat starting
                        // one byte later is found.
                        head[Self.hash(word &>> 8)] = Int32(truncatingIfNeeded: i &+ 1)
                        i &+= length
                        continue
                    }
                }
                let byte = Int(truncatingIfNeeded: word & 0xFF)
                symbols[n] = UInt32(truncatingIfNeeded: byte)
                n &+= 1
                tallies[byte] &+= 1
                i &+= 1
            }
            // The tail: fewer than 8 bytes of the block follow.
            while i &+ 4 <= end {
                let word = UInt64(UnsafeRawPointer(base + i).loadUnaligned(as: UInt32.self).littleEndian)
                let hash = Self.hash(word)
                let candidate = Int(head[hash])
                head[hash] = Int32(truncatingIfNeeded: i)
                let distance = i &- candidate
                if distance <= windowSize
                    && UInt64(UnsafeRawPointer(base + candidate).loadUnaligned(as: UInt32.self).littleEndian) == word {
                    let maximum = end &- i
                    let length = min(Self.extend(base, i, candidate, from: 4, maximum: maximum, count: count), maximum)
                    symbols[n] = packedMatch(length, distance &- 1)
                    n &+= 1
                    if i &+ 5 <= end {
                        let next = UInt64(UnsafeRawPointer(base + (i &+ 1)).loadUnaligned(as: UInt32.self).littleEndian)
                        head[Self.hash(next)] = Int32(truncatingIfNeeded: i &+ 1)
                    }
                    i &+= length
                } else {
                    let byte = base[i]
                    symbols[n] = UInt32(byte)
                    n &+= 1
                    tallies[Int(byte)] &+= 1
                    i &+= 1
                }
            }
            while i < end {
                let byte = base[i]
                symbols[n] = UInt32(byte)
                n &+= 1
                tallies[Int(byte)] &+= 1
                i &+= 1
            }
            symbolCount = n
        }

        /// The length of the match at `i` against `candidate` (before it), whose first `known`
        /// bytes are equal: at least `maximum` or exactly the common length, compared 8 bytes
        /// at a time while 8 remain in the piece (the first differing byte from the XOR's
        /// trailing zeros), then byte by byte to `maximum`.
        @inline(__always)
        private static func extend(_ base: UnsafePointer<UInt8>, _ i: Int, _ candidate: Int, from known: Int,
                                   maximum: Int, count: Int) -> Int {
            var length = known
            while length < maximum {
                if i &+ length &+ 8 <= count {
                    let x = UnsafeRawPointer(base + (i &+ length)).loadUnaligned(as: UInt64.self)
                        ^ UnsafeRawPointer(base + (candidate &+ length)).loadUnaligned(as: UInt64.self)
                    if x == 0 { length &+= 8; continue }
                    return length &+ x.littleEndian.trailingZeroBitCount &>> 3
                }
                while length < maximum && base[i &+ length] == base[candidate &+ length] { length &+= 1 }
                break
            }
            return length
        }

        /// The layout of `codeTable`: 64-bit codes (least significant bit first) of each byte,
        /// of each match length with its extra bits after it, and of each distance code; then
        /// 8-bit lengths of these, and of each distance code with its extra bits.
        enum CodeTable {
            static let literal = 0, length = 256, distance = 520, counts = 560 * 8
            static let distanceWithExtra = 592
            static let byteCount = counts + 640

            @inline(__always) static func code(_ table: UnsafeRawPointer, _ index: Int) -> UInt64 {
                table.load(fromByteOffset: index &<< 3, as: UInt64.self)
            }
            @inline(__always) static func count(_ table: UnsafeRawPointer, _ index: Int) -> UInt64 {
                UInt64(table.load(fromByteOffset: counts &+ index, as: UInt8.self))
            }
        }

        /// The block's symbols; `literals` and `distances` are the block's codes (code |
        /// length << 16).
        private func writeSymbols(_ literals: UnsafePointer<UInt32>, _ distances: UnsafePointer<UInt32>, into writer: inout BitWriter) {
            let table = codeTable
            func set(_ index: Int, _ code: UInt64, _ count: Int) {
                table.storeBytes(of: code, toByteOffset: index * 8, as: UInt64.self)
                table.storeBytes(of: UInt8(count), toByteOffset: CodeTable.counts + index, as: UInt8.self)
            }
            for byte in 0..<256 {
                set(CodeTable.literal + byte, UInt64(literals[byte] & 0xFFFF), Int(literals[byte] >> 16))
            }
            for length in 3...258 {
                let code = Int(lengthCodes[length - 3])
                let c = literals[257 + code]
                let codeBits = Int(c >> 16)
                set(CodeTable.length + length, UInt64(c & 0xFFFF) | UInt64(length - lengthBase[code]) << codeBits, codeBits + lengthExtra[code])
            }
            for code in 0..<30 {
                let d = distances[code]
                set(CodeTable.distance + code, UInt64(d & 0xFFFF), Int(d >> 16))
                table.storeBytes(of: UInt8(Int(d >> 16) + distanceExtra[code]), toByteOffset: CodeTable.counts + CodeTable.distanceWithExtra + code, as: UInt8.self)
            }
            let t = UnsafeRawPointer(table)
            // One store of the bit buffer after each match (its codes and extra bits are at
            // most 48 bits) and after each two literals (at most 30), with the buffer in locals.
            var bits = writer.bits, bitCount = writer.bitCount, next = writer.next
            var k = 0
            let count = symbolCount
            while k < count {
                let symbol = symbols[k]
                k &+= 1
                if symbol < 256 {
                    bits |= CodeTable.code(t, Int(symbol)) &<< bitCount
                    bitCount &+= CodeTable.count(t, Int(symbol))
                    if k < count && symbols[k] < 256 {
                        let second = Int(symbols[k])
                        k &+= 1
                        bits |= CodeTable.code(t, second) &<< bitCount
                        bitCount &+= CodeTable.count(t, second)
                    }
                } else {
                    let length = CodeTable.length &+ Int(symbol &>> 23)
                    bits |= CodeTable.code(t, length) &<< bitCount
                    bitCount &+= CodeTable.count(t, length)
                    let code = Int((symbol &>> 18) & 0x1F)
                    let distance = CodeTable.code(t, CodeTable.distance &+ code)
                        | UInt64(symbol & 0x1FFF) &<< CodeTable.count(t, CodeTable.distance &+ code)
                    bits |= distance &<< bitCount
                    bitCount &+= CodeTable.count(t, CodeTable.distanceWithExtra &+ code)
                }
                UnsafeMutableRawPointer(next).storeBytes(of: bits.littleEndian, as: UInt64.self)
                let whole = bitCount & ~7
                next += Int(truncatingIfNeeded: whole &>> 3)
                bits = bits &>> whole
                bitCount &= 7
            }
            writer.bits = bits; writer.bitCount = bitCount; writer.next = next
        }
    }

    // MARK: the code description of a dynamic block (RFC 1951 3.2.7)

    struct TreeHeader {
        let literalCount: Int, distanceCount: Int
        /// The run-length coded lengths: symbol 0…18, extra bits value.
        var runs: [(symbol: UInt8, extra: UInt8)] = []
        var codeLengthLengths = [UInt8](repeating: 0, count: 19)
        var codeLengthCount = 19
        /// The bits of the description (HLIT, HDIST, HCLEN and all that follows).
        var bits = 0

        init(literalLengths: [UInt8], distanceLengths: [UInt8]) {
            var literals = 286
            while literals > 257 && literalLengths[literals - 1] == 0 { literals -= 1 }
            var distances = 30
            while distances > 1 && distanceLengths[distances - 1] == 0 { distances -= 1 }
            literalCount = literals
            distanceCount = distances
            // One sequence of both sets of lengths (repeats may run from one into the other).
            let lengths = Array(literalLengths[0..<literals]) + Array(distanceLengths[0..<distances])
            var i = 0
            while i < lengths.count {
                let value = lengths[i]
                var run = 1
                while i + run < lengths.count && lengths[i + run] == value { run += 1 }
                i += run
                if value == 0 {
                    while run >= 11 { let r = min(run, 138); runs.append((18, UInt8(r - 11))); run -= r }
                    if run >= 3 { runs.append((17, UInt8(run - 3))); run = 0 }
                } else {
                    runs.append((value, 0)); run -= 1
                    while run >= 3 { let r = min(run, 6); runs.append((16, UInt8(r - 3))); run -= r }
                }
                while run > 0 { runs.append((value, 0)); run -= 1 }
            }
            var counts = [Int](repeating: 0, count: 19)
            for run in runs { counts[Int(run.symbol)] += 1 }
            counts.withUnsafeBufferPointer { Huffman.lengths($0, limit: maximumCodeLengthCodeLength, into: &codeLengthLengths) }
            var sent = 19
            while sent > 4 && codeLengthLengths[codeLengthOrder[sent - 1]] == 0 { sent -= 1 }
            codeLengthCount = sent
            bits = 5 + 5 + 4 + 3 * sent
            for run in runs {
                bits += Int(codeLengthLengths[Int(run.symbol)])
                switch run.symbol { case 16: bits += 2; case 17: bits += 3; case 18: bits += 7; default: break }
            }
        }

        func write(into writer: inout BitWriter) {
            writer.put(UInt64(literalCount - 257), 5)
            writer.put(UInt64(distanceCount - 1), 5)
            writer.put(UInt64(codeLengthCount - 4), 4)
            for k in 0..<codeLengthCount { writer.put(UInt64(codeLengthLengths[codeLengthOrder[k]]), 3) }
            var codes = [UInt32](repeating: 0, count: 19)
            Huffman.codes(codeLengthLengths, into: &codes)
            for run in runs {
                let c = codes[Int(run.symbol)]
                writer.add(code: c)
                writer.flush()
                switch run.symbol {
                case 16: writer.put(UInt64(run.extra), 2)
                case 17: writer.put(UInt64(run.extra), 3)
                case 18: writer.put(UInt64(run.extra), 7)
                default: break
                }
            }
        }
    }
}

/// Length-limited canonical Huffman codes.
package enum Huffman {
    /// The fixed literal/length code of RFC 1951 3.2.6.
    @inline(__always) static func fixedLiteralLength(_ symbol: Int) -> UInt8 {
        symbol < 144 ? 8 : symbol < 256 ? 9 : symbol < 280 ? 7 : 8
    }

    /// Code lengths for `counts` of at most `limit` bits, of least total `count × length`
    /// among such codes. Symbols of count 0 get length 0, except that at least two symbols
    /// always get a code (the lowest unused ones made up to two), so that every code is
    /// complete, as zlib's inflate requires of the code-length code and old decoders of all.
    package static func lengths(_ counts: UnsafeBufferPointer<Int>, limit: Int, into lengths: inout [UInt8]) {
        for s in 0..<counts.count { lengths[s] = 0 }
        // The used symbols as count << 16 | symbol, sorted by count then symbol.
        var used: [UInt64] = []
        used.reserveCapacity(counts.count)
        for s in 0..<counts.count where counts[s] > 0 { used.append(UInt64(counts[s]) << 16 | UInt64(s)) }
        var filler = 0
        while used.count < 2 {
            while counts[filler] > 0 { filler += 1 }
            used.append(UInt64(filler)); filler += 1
        }
        used.sort()
        let weights = used.map { Int($0 >> 16) }
        var depths = minimumRedundancy(weights)
        if depths[0] > limit { depths = packageMerge(weights, limit: limit) }
        for (k, entry) in used.enumerated() { lengths[Int(entry & 0xFFFF)] = UInt8(depths[k]) }
    }

    /// Optimal code lengths of ascending `weights` (n ≥ 2), without a limit: Moffat and
    /// Katajainen's in-place method (three passes over the array). Non-increasing.
    package static func minimumRedundancy(_ weights: [Int]) -> [Int] {
        var a = weights
        let n = a.count
        // First pass: combine, leaving parent pointers in the internal nodes.
        a[0] += a[1]
        var root = 0, leaf = 2
        for next in 1..<(n - 1) {
            if leaf >= n || a[root] < a[leaf] { a[next] = a[root]; a[root] = next; root += 1 } else { a[next] = a[leaf]; leaf += 1 }
            if leaf >= n || (root < next && a[root] < a[leaf]) { a[next] += a[root]; a[root] = next; root += 1 } else { a[next] += a[leaf]; leaf += 1 }
        }
        // Second pass: the depth of each internal node.
        a[n - 2] = 0
        if n >= 3 { for next in stride(from: n - 3, through: 0, by: -1) { a[next] = a[a[next]] + 1 } }
        // Third pass: the depth of each leaf.
        var available = 1, usedNodes = 0, depth = 0
        var rootIndex = n - 2, next = n - 1
        while available > 0 {
            while rootIndex >= 0 && a[rootIndex] == depth { usedNodes += 1; rootIndex -= 1 }
            while available > usedNodes { a[next] = depth; next -= 1; available -= 1 }
            available = 2 * usedNodes; depth += 1; usedNodes = 0
        }
        return a
    }

    /// Optimal code lengths of at most `limit` bits for ascending `weights` (2 ≤ n ≤ 2^limit):
    /// package-merge. Level `limit` holds the leaves; each level above merges the leaves with
    /// the pairs of the level below. A leaf's length is the number of levels whose first
    /// selected items include it; the leaves among a level's first k items are always the
    /// lightest, so counting them per level is enough.
    package static func packageMerge(_ weights: [Int], limit: Int) -> [Int] {
        let n = weights.count
        precondition(n >= 2 && n <= 1 << limit, "no code of that many symbols within the limit")
        // Level k (0: the leaves) in row k of two flat tables: its items' weights in order
        // and whether each is a leaf; a level has at most n leaves and n − 1 packages.
        let width = 2 * n
        var depths = [Int](repeating: 0, count: n)
        withUnsafeTemporaryAllocation(of: Int.self, capacity: limit * width + limit) { storage in
            withUnsafeTemporaryAllocation(of: Bool.self, capacity: limit * width) { leafStorage in
                let weight = storage.baseAddress!, leaf = leafStorage.baseAddress!
                let itemCount = weight + limit * width
                for k in 0..<n { weight[k] = weights[k]; leaf[k] = true }
                itemCount[0] = n
                for level in 1..<limit {
                    let below = weight + (level - 1) * width
                    let here = weight + level * width, hereLeaf = leaf + level * width
                    let packages = itemCount[level - 1] / 2
                    var i = 0, j = 0, m = 0
                    while i < n || j < packages {
                        let package = j < packages ? below[2 * j] + below[2 * j + 1] : Int.max
                        if j >= packages || (i < n && weights[i] <= package) {
                            here[m] = weights[i]; hereLeaf[m] = true; i += 1
                        } else {
                            here[m] = package; hereLeaf[m] = false; j += 1
                        }
                        m += 1
                    }
                    itemCount[level] = m
                }
                // From the top level (length 1) down: 2n − 2 items are taken at the top, and the
                // packages among a level's taken items take twice as many items of the level below.
                var taken = 2 * n - 2
                for level in stride(from: limit - 1, through: 0, by: -1) {
                    let levelLeaf = leaf + level * width
                    var leaves = 0
                    for k in 0..<taken where levelLeaf[k] { leaves += 1 }
                    for k in 0..<leaves { depths[k] += 1 }
                    taken = 2 * (taken - leaves)
                    if taken == 0 { break }
                }
            }
        }
        return depths
    }

    /// Canonical codes (RFC 1951 3.2.2) of `lengths`, bit-reversed for writing least
    /// significant bit first: `codes[s]` is the code | its length << 16.
    static func codes(_ lengths: [UInt8], into codes: inout [UInt32]) {
        var lengthCounts = [Int](repeating: 0, count: 16)
        for l in lengths where l > 0 { lengthCounts[Int(l)] += 1 }
        var next = [Int](repeating: 0, count: 16)
        var code = 0
        for bits in 1...15 { code = (code + lengthCounts[bits - 1]) << 1; next[bits] = code }
        for s in 0..<min(lengths.count, codes.count) {
            let l = Int(lengths[s])
            guard l > 0 else { codes[s] = 0; continue }
            // The code's l bits reversed: all 16 bits reversed (halves, bytes, nibbles, pairs,
            // bits swapped), shifted down.
            var v = UInt32(next[l])
            next[l] += 1
            v = (v & 0x00FF) << 8 | (v >> 8) & 0x00FF
            v = (v & 0x0F0F) << 4 | (v >> 4) & 0x0F0F
            v = (v & 0x3333) << 2 | (v >> 2) & 0x3333
            v = (v & 0x5555) << 1 | (v >> 1) & 0x5555
            codes[s] = v >> (16 - l) | UInt32(l) << 16
        }
    }
}
