import CZlib

/// Flate (zlib format, RFC 1950) compression through the system zlib, as PDF's
/// `/FlateDecode` and PNG expect.
package enum Deflate {
    /// Compresses `input` at `level` (0…9). Deterministic for the same zlib and input.
    package static func compress(_ input: [UInt8], level: Int32 = 6) -> [UInt8] {
        var destinationLength = compressBound(uLong(input.count))
        var output = [UInt8](repeating: 0, count: Int(destinationLength))
        let status = output.withUnsafeMutableBufferPointer { destination in
            input.withUnsafeBufferPointer { source in
                compress2(destination.baseAddress, &destinationLength, source.baseAddress, uLong(source.count), level)
            }
        }
        precondition(status == Z_OK, "compress2 failed with a bound-sized buffer")
        output.removeSubrange(Int(destinationLength)...)
        return output
    }

    /// Decompresses a zlib stream; nil when the data is damaged or larger than `limit`.
    package static func decompress(_ input: [UInt8], limit: Int = 1 << 30) -> [UInt8]? {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        return input.withUnsafeBufferPointer { source -> [UInt8]? in
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = uInt(source.count)
            while true {
                let status = chunk.withUnsafeMutableBufferPointer { buffer -> Int32 in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(buffer.count)
                    return inflate(&stream, Z_NO_FLUSH)
                }
                let produced = chunk.count - Int(stream.avail_out)
                output.append(contentsOf: chunk[0..<produced])
                if output.count > limit { return nil }
                if status == Z_STREAM_END { return output }
                if status != Z_OK { return nil }
                if produced == 0 && stream.avail_in == 0 { return nil }
            }
        }
    }
}
