// The PNG encoder: signature, IHDR, pHYs, one IDAT of zlib data from the system zlib
// (DrawOutput's Deflate, fed row by row), IEND. No time, text or gamma chunks, so the bytes
// depend only on the pixels and the resolution. Rows are filtered by DrawImages'
// `PNGFile.filterRow`.

import DrawImages
import DrawOutput

enum PNGWriter {
    static func encode(_ image: RasterImage, dpi: Double) -> [UInt8] {
        let w = image.width, h = image.height
        let opaque = image.knownOpaque || image.pixels.withUnsafeBufferPointer { px in
            var i = 3
            while i < px.count { if px[i] != 255 { return false }; i += 4 }
            return true
        }
        let channels = opaque ? 3 : 4
        let stride = w * channels
        // Straight-alpha rows, one at a time (two rows held), filtered and handed to zlib in
        // pieces as they fill (`Deflate.Streaming`, the same bytes as compressing the whole
        // stream): the page is never held a second time, filtered.
        // Runs only (`Z_RLE`): filtered drawings are runs of zeros.
        let deflate = Deflate.Streaming(level: 6, strategy: .runs)
        var filtered = ByteBuffer(capacity: Deflate.chunkSize + 2 * (stride + 1))
        var line = [UInt8](repeating: 0, count: stride + 1)
        var rows = [UInt8](repeating: 0, count: 2 * stride)
        image.pixels.withUnsafeBufferPointer { pixels in
            let px = pixels.baseAddress!
            for y in 0..<h {
                let current = (y & 1) * stride
                rows.withUnsafeMutableBufferPointer { buffer in
                    let out = buffer.baseAddress! + current
                    let line = px + y * w * 4
                    if opaque {
                        for x in 0..<w {
                            out[3 * x] = line[4 * x]; out[3 * x + 1] = line[4 * x + 1]; out[3 * x + 2] = line[4 * x + 2]
                        }
                        return
                    }
                    for x in 0..<w {
                        let p = line + 4 * x, o = out + 4 * x
                        let a = Int(p[3])
                        if a == 0 {
                            o[0] = 0; o[1] = 0; o[2] = 0; o[3] = 0
                        } else if a == 255 {
                            o[0] = p[0]; o[1] = p[1]; o[2] = p[2]; o[3] = 255
                        } else {
                            for c in 0..<3 { o[c] = UInt8(min(255, (Int(p[c]) * 255 + a / 2) / a)) }
                            o[3] = UInt8(a)
                        }
                    }
                }
                rows.withUnsafeBufferPointer { r in
                    let row = UnsafeBufferPointer(rebasing: r[current..<(current + stride)])
                    let previousStart = stride - current
                    let previous = y > 0 ? UnsafeBufferPointer(rebasing: r[previousStart..<(previousStart + stride)]) : nil
                    PNGFile.filterRow(row, previous: previous, unit: channels, into: &line, at: 0)
                }
                filtered.append(line)
                if filtered.count > deflate.nextBoundary { deflate.feed(&filtered) }
            }
        }
        let compressed = deflate.finish(filtered.bytes)

        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        func be32(_ v: Int, _ into: inout [UInt8]) {
            into += [UInt8(truncatingIfNeeded: v >> 24), UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)]
        }
        func chunk(_ type: String, _ data: [UInt8]) {
            be32(data.count, &out)
            let typed = Array(type.utf8) + data
            out += typed
            be32(Int(CRC32.checksum(typed)), &out)
        }
        var header: [UInt8] = []
        be32(w, &header); be32(h, &header)
        header += [8, opaque ? 2 : 6, 0, 0, 0]
        chunk("IHDR", header)
        // pHYs: pixels per metre in x and y, unit 1 (metre).
        let perMetre = Int((dpi / 0.0254).rounded())
        var physical: [UInt8] = []
        be32(perMetre, &physical); be32(perMetre, &physical)
        physical.append(1)
        chunk("pHYs", physical)
        chunk("IDAT", compressed)
        chunk("IEND", [])
        return out
    }
}
