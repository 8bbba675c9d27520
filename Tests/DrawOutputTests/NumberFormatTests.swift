import Testing
#if canImport(Foundation)
import Foundation
#endif
@testable import DrawOutput

@Suite struct NumberFormatTests {
    @Test(arguments: [
        (0.0, "0"), (-0.0, "0"), (1.0, "1"), (-1.5, "-1.5"), (0.1, "0.1"), (1e-5, "0"),
        (0.00005, "0.0001"), (-0.00004, "0"), (123.456789, "123.4568"), (1e16, "10000000000000000"),
        (100.0, "100"), (72.25, "72.25"), (Double.nan, "0"), (Double.infinity, "0"), (2.5e-4, "0.0003"),
    ])
    func formats(_ value: Double, _ expected: String) {
        #expect(NumberFormat.string(value) == expected)
    }

    @Test func precisionIsHonoured() {
        #expect(NumberFormat.string(1.23456, precision: 2) == "1.23")
        #expect(NumberFormat.string(1.995, precision: 0) == "2")
        #expect(NumberFormat.string(-0.5, precision: 0) == "-1")
    }

    /// The formatter against the rule written out the slow way (decimal strings of the
    /// scaled integer), over values of every magnitude, both signs and every precision.
    @Test func theFastPathWritesWhatTheRuleSays() {
        func reference(_ value: Double, _ precision: Int) -> String {
            guard value.isFinite else { return "0" }
            let digits = max(0, min(precision, 8))
            var scale = 1.0
            for _ in 0..<digits { scale *= 10 }
            let scaled = UInt64(value.magnitude * scale + 0.5)
            if scaled == 0 { return "0" }
            var text = String(scaled)
            if text.count <= digits { text = String(repeating: "0", count: digits - text.count + 1) + text }
            var whole = String(text.dropLast(digits)), fraction = String(text.suffix(digits))
            while fraction.last == "0" { fraction.removeLast() }
            if whole.isEmpty { whole = "0" }
            return (value < 0 ? "-" : "") + whole + (fraction.isEmpty ? "" : "." + fraction)
        }
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        var checked = 0
        for index in 0..<200_000 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            let magnitude = Double(state % 1_000_000_007) / 1_000_000_007 * pow(10, Double(Int(state >> 40) % 15) - 4)
            let value = index % 2 == 0 ? magnitude : -magnitude
            let precision = Int(state >> 20) % 9
            guard value.magnitude * pow(10, Double(precision)) < 9.0e15 else { continue }
            let ours = NumberFormat.string(value, precision: precision)
            if ours != reference(value, precision) {
                Issue.record("\(value) at \(precision): \(ours), expected \(reference(value, precision))")
                break
            }
            checked += 1
        }
        #expect(checked > 150_000)
        for (value, expected) in [(9.99995, "10"), (0.00995, "0.01"), (1234.57, "1234.57"), (-1234.57, "-1234.57"),
                                  (999_999_999.99994, "999999999.9999"), (100_000_000.0001, "100000000.0001"), (0.5, "0.5")] {
            #expect(NumberFormat.string(value) == expected, "\(value)")
        }
    }

    /// Whole numbers take their own path (`writeWhole`): the same bytes as the rule at every
    /// precision and through the cursor with and without the cache, up to its limit and past.
    @Test func wholeNumbersAreWrittenAsTheRuleSays() {
        var values: [Double] = [0, -0.0, 1, -1, 9, 10, 99, 100, 12345, -12345, 999_999_999, 1_000_000_000, 123_456_789_012]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<20_000 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            let digits = Int(state >> 58) % 10
            values.append(Double(Int(state % 1_000_000_000) % Int(pow(10, Double(digits)) + 1)) * (state & 1 == 0 ? 1 : -1))
        }
        let cache = NumberCache()
        for value in values {
            let expected = value == 0 ? "0" : (value < 0 ? "-" : "") + String(UInt64(value.magnitude))
            for precision in 0...8 {
                #expect(NumberFormat.string(value, precision: precision) == expected, "\(value) at \(precision)")
            }
            for numbers in [nil, cache, cache] {
                var buffer = ByteBuffer()
                buffer.withCursor(maximumLength: NumberFormat.maximumFastLength, numbers: numbers) { $0.number(value) }
                #expect(String(decoding: buffer.take(), as: UTF8.self) == expected, "\(value) through the cursor")
            }
        }
        #expect(NumberFormat.string(12345.5) == "12345.5")
        #expect(NumberFormat.string(-0.00001) == "0")
    }

    /// The number cache decides after `trialLookups` lookups whether it pays: numbers that
    /// never repeat turn it off, repeated coordinates keep it; the bytes are the rule's
    /// either way, before and after the decision.
    @Test func theNumberCacheTurnsItselfOffOnlyWhenItMisses() {
        func write(_ values: [Double], _ cache: NumberCache) -> Bool {
            for value in values {
                var buffer = ByteBuffer()
                buffer.withCursor(maximumLength: NumberFormat.maximumFastLength, numbers: cache) { $0.number(value) }
                guard String(decoding: buffer.take(), as: UTF8.self) == NumberFormat.string(value) else { return false }
            }
            return true
        }
        let trial = NumberCache.trialLookups
        let distinct = NumberCache()
        #expect(write((0..<(2 * trial)).map { Double($0) * 1.37 + 0.01 }, distinct))
        #expect(distinct.bypassed)
        #expect(write([1.37, 20, 1.37, -3.25], distinct))
        let repeating = NumberCache()
        #expect(write((0..<(2 * trial)).map { Double($0 % 40) * 12.5 + 0.25 }, repeating))
        #expect(!repeating.bypassed)
    }

    /// A rectangle's four small whole numbers go through a table (`ByteCursor.smallWholes`):
    /// the bytes `number` and a space write, and nothing at all for any other value.
    @Test func smallWholesAreWrittenAsNumberWritesThem() {
        let values: [Double] = [0, -0.0, 1, 9, 10, 99, 100, 999, 1000, -1, 0.5, 12.25, 998.9999, .nan, .infinity, -.infinity, 1e300]
        ByteCursor.smallWholes.withUnsafeBufferPointer { table in
            for a in values {
                for b in [0.0, 7, 58, 999] {
                    var viaTable = ByteBuffer(), viaNumber = ByteBuffer()
                    var taken = false
                    viaTable.withCursor(maximumLength: 64) { taken = $0.smallWholes(a, b, b, a, table: table.baseAddress!) }
                    viaNumber.withCursor(maximumLength: 128) { cursor in
                        for v in [a, b, b, a] { cursor.number(v); cursor.byte(0x20) }
                    }
                    let fits = a >= 0 && a < 1000 && a == a.rounded()
                    #expect(taken == fits, "\(a)")
                    let written = viaTable.take()
                    #expect(taken ? written == viaNumber.take() : written.isEmpty, "\(a) \(b)")
                }
            }
            for i in 0..<1000 {
                var out = ByteBuffer()
                out.withCursor(maximumLength: 16) { _ = $0.smallWholes(Double(i), 0, 0, Double(999 - i), table: table.baseAddress!) }
                #expect(String(decoding: out.take(), as: UTF8.self) == "\(i) 0 0 \(999 - i) ")
            }
        }
    }

    /// Colour components of 8 bits (k/255) go through a table (`ByteCursor.eightBitFractions`):
    /// every entry is the bytes `number` and a space write, and only exactly k/255 has one.
    @Test func eightBitFractionsAreWrittenAsNumberWritesThem() {
        ByteCursor.eightBitFractions.withUnsafeBufferPointer { table in
            for k in 0...255 {
                let value = Double(k) / 255
                #expect(ByteCursor.eightBitIndex(value) == k)
                var viaTable = ByteBuffer(), viaNumber = ByteBuffer()
                viaTable.withCursor(maximumLength: 16) { $0.eightBitFraction(k, table: table.baseAddress!) }
                viaNumber.withCursor(maximumLength: 32) { $0.number(value); $0.byte(0x20) }
                #expect(viaTable.take() == viaNumber.take(), "\(k)")
            }
        }
        #expect(ByteCursor.eightBitIndex(-0.0) == 0)
        for other in [0.5, 0.3, Double(7) / 255 + 1e-12, -1.0 / 255, 1.0000001, .nan, .infinity, -.infinity] {
            #expect(ByteCursor.eightBitIndex(other) == -1, "\(other)")
        }
    }

    /// Coordinates that are whole numbers below a million (ink, in hundredths of a point)
    /// go through two tables (`ByteCursor.wholeBelowMillion`): the bytes `number` and a space
    /// write, and nothing at all for any other value.
    @Test func wholesBelowAMillionAreWrittenAsNumberWritesThem() {
        var values: [Double] = [0, -0.0, 1, 9, 10, 99, 100, 999, 1000, 1001, 1009, 1010, 1099, 10_000, 10_007, 99_999,
                                100_000, 100_001, 999_000, 999_999, 999_999.5, 1_000_000, 1_000_001, -1, -1000, 0.5, 12.25,
                                1000.0001, 4503599627370496, .nan, .infinity, -.infinity, 1e300, .leastNonzeroMagnitude]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<20_000 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            values.append(Double(state % 1_000_000))
            values.append(Double(state % 100_000_000) / 100)
        }
        ByteCursor.smallWholes.withUnsafeBufferPointer { small in
            ByteCursor.paddedWholes.withUnsafeBufferPointer { padded in
                for value in values {
                    var viaTable = ByteBuffer(), viaNumber = ByteBuffer()
                    var taken = false
                    viaTable.withCursor(maximumLength: 32) {
                        taken = $0.wholeBelowMillion(value, small: small.baseAddress!, padded: padded.baseAddress!)
                    }
                    viaNumber.withCursor(maximumLength: 32) { $0.number(value); $0.byte(0x20) }
                    let expected = value >= 0 && value < 1_000_000 && value == value.rounded()
                    #expect(taken == expected, "\(value)")
                    let written = viaTable.take()
                    #expect(taken ? written == viaNumber.take() : written.isEmpty, "\(value)")
                }
            }
        }
    }

    @Test func integers() {
        var out: [UInt8] = []
        NumberFormat.write(integer: -9_223_372_036_854_775_807, into: &out)
        #expect(String(decoding: out, as: UTF8.self) == "-9223372036854775807")
    }

    @Test func deflateRoundTrips() {
        let input = Array(String(repeating: "0 0 m 10 10 l S\n", count: 100).utf8)
        let packed = Deflate.compress(input)
        #expect(packed.count < input.count / 4)
        #expect(Deflate.decompress(packed) == input)
        #expect(Deflate.decompress([1, 2, 3]) == nil)
    }
}

@Suite struct DeflateTests {
    /// Inputs larger than one piece take the parallel path: the result must be one valid
    /// zlib stream (inflate gives the input back, checksum included) and the same bytes on
    /// every run.
    @Test func largeInputsCompressInPiecesToOneValidStream() {
        var input: [UInt8] = []
        var state: UInt32 = 7
        while input.count < 3 * Deflate.chunkSize + 12345 {
            state = state &* 1_103_515_245 &+ 12345
            input.append(contentsOf: Array("\(state % 1000) \(state % 77) m\n".utf8))
        }
        let packed = Deflate.compress(input)
        #expect(packed.count < input.count / 2)
        #expect(Deflate.decompress(packed) == input)
        #expect(Deflate.compress(input) == packed)
        // Compressing while the input is written gives the same bytes, whenever it is fed.
        for size in [100, Deflate.wholeLimit, Deflate.wholeLimit + 1, Deflate.chunkSize, 2 * Deflate.chunkSize, 2 * Deflate.chunkSize + 1, input.count] {
            let prefix = Array(input[0..<size])
            let streaming = Deflate.Streaming()
            var buffer = ByteBuffer()
            var fed = 0
            while fed < size {
                let next = min(size, fed + 40_000)
                buffer.append(prefix[fed..<next])
                fed = next
                streaming.feed(&buffer)
                #expect(buffer.count <= Deflate.chunkSize + 40_000)
            }
            #expect(streaming.takenCount + buffer.count == size)
            #expect(streaming.finish(buffer.take()) == Deflate.compress(prefix), "size \(size)")
        }
        // Huffman codes only (PDF content of computed numbers): valid, deterministic, and
        // the same bytes whole, in pieces and while written.
        for size in [1000, Deflate.wholeLimit, 2 * Deflate.chunkSize + 1, input.count] {
            let prefix = Array(input[0..<size])
            let coded = Deflate.compress(prefix, level: 1, strategy: .huffman)
            #expect(Deflate.decompress(coded) == prefix, "size \(size)")
            #expect(Deflate.compress(prefix, level: 1, strategy: .huffman) == coded)
            let streaming = Deflate.Streaming(level: 1, strategy: .huffman)
            var buffer = ByteBuffer()
            buffer.append(prefix)
            streaming.feed(&buffer)
            let streamed = streaming.finish(buffer.take())
            #expect(Deflate.decompress(streamed) == prefix)
            if size > Deflate.wholeLimit { #expect(streamed == coded, "size \(size)") }
        }
        // Written by groups on any thread (the producer is asked for ranges in any order),
        // the stream compresses to the same bytes as fed whole, for either strategy.
        for size in [100, Deflate.wholeLimit + 1, 2 * Deflate.chunkSize + 1, 3 * Deflate.runPieceSize + 1, input.count, Deflate.piecesPerGroup * Deflate.chunkSize + 7] {
            let stream = (0..<size).map { input[$0 % input.count] }
            for strategy in [Deflate.Strategy.standard, .runs] {
                let asked = stream
                let produced = Deflate.compress(count: size, level: 6, strategy: strategy) { start, buffer in
                    for i in 0..<buffer.count { buffer[i] = asked[start + i] }
                }
                let streaming = Deflate.Streaming(level: 6, strategy: strategy)
                var buffer = ByteBuffer()
                buffer.append(stream[...])
                streaming.feed(&buffer)
                #expect(produced == streaming.finish(buffer.take()), "size \(size), \(strategy)")
                #expect(Deflate.decompress(produced) == stream)
            }
        }
        // The vector Adler-32 is RFC 1950's, at every length around its steps and blocks.
        func reference(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt {
            var a: UInt = 1, b: UInt = 0
            for byte in bytes { a = (a + UInt(byte)) % 65521; b = (b + a) % 65521 }
            return b << 16 | a
        }
        var bytes = input
        bytes.append(contentsOf: [UInt8](repeating: 255, count: 70_000))
        bytes.withUnsafeBufferPointer { all in
            for size in [0, 1, 15, 16, 17, 255, 367, 368, 369, 383, 384, 385, 735, 736, 737, 4095, 4096, 4097, 5552, 5553, 65_536, all.count] {
                let part = UnsafeBufferPointer(rebasing: all[(all.count - size)...])
                #expect(UInt(Deflate.adler32(part)) == reference(part), "size \(size)")
            }
        }
        // A damaged checksum is detected by inflate.
        var damaged = packed
        damaged[damaged.count - 1] ^= 0xFF
        #expect(Deflate.decompress(damaged) == nil)
    }
}
