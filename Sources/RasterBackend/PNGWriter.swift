// The PNG encoder: signature, IHDR, pHYs, one IDAT of zlib data from the system zlib
// (DrawOutput's Deflate), IEND. No time, text or gamma chunks, so the bytes depend only on
// the pixels and the resolution. Rows are filtered by DrawImages' `PNGFile.filterRows`.

import DrawImages
import DrawOutput

enum PNGWriter {
    static func encode(_ image: RasterImage, dpi: Double) -> [UInt8] {
        let w = image.width, h = image.height
        let opaque = image.pixels.withUnsafeBufferPointer { px in
            var i = 3
            while i < px.count { if px[i] != 255 { return false }; i += 4 }
            return true
        }
        let channels = opaque ? 3 : 4
        let stride = w * channels
        // Straight-alpha rows, one at a time (two rows held), filtered straight into the
        // buffer zlib takes: the page is never copied whole a second time.
        var filtered = [UInt8](repeating: 0, count: (stride + 1) * h)
        var rows = [UInt8](repeating: 0, count: 2 * stride)
        var scratch = [UInt8](repeating: 0, count: 2 * stride)
        image.pixels.withUnsafeBufferPointer { px in
            for y in 0..<h {
                let current = (y & 1) * stride
                rows.withUnsafeMutableBufferPointer { out in
                    for x in 0..<w {
                        let p = y * w + x
                        let o = current + x * channels
                        if opaque {
                            out[o] = px[4 * p]; out[o + 1] = px[4 * p + 1]; out[o + 2] = px[4 * p + 2]
                            continue
                        }
                        let a = Int(px[4 * p + 3])
                        if a == 0 {
                            out[o] = 0; out[o + 1] = 0; out[o + 2] = 0; out[o + 3] = 0
                        } else {
                            for c in 0..<3 { out[o + c] = UInt8(min(255, (Int(px[4 * p + c]) * 255 + a / 2) / a)) }
                            out[o + 3] = UInt8(a)
                        }
                    }
                }
                rows.withUnsafeBufferPointer { r in
                    let row = UnsafeBufferPointer(rebasing: r[current..<(current + stride)])
                    let previousStart = stride - current
                    let previous = y > 0 ? UnsafeBufferPointer(rebasing: r[previousStart..<(previousStart + stride)]) : nil
                    PNGFile.filterRow(row, previous: previous, unit: channels, into: &filtered, at: y * (stride + 1), scratch: &scratch)
                }
            }
        }
        let compressed = Deflate.compress(filtered, level: 6)

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
