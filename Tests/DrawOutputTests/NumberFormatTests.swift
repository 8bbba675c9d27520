import Testing
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
        // A damaged checksum is detected by inflate.
        var damaged = packed
        damaged[damaged.count - 1] ^= 0xFF
        #expect(Deflate.decompress(damaged) == nil)
    }
}
