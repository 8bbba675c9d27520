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
        // Straight-alpha rows.
        var raw = [UInt8](repeating: 0, count: stride * h)
        image.pixels.withUnsafeBufferPointer { px in
            raw.withUnsafeMutableBufferPointer { out in
                for p in 0..<(w * h) {
                    let a = Int(px[4 * p + 3])
                    let o = p * channels
                    if opaque {
                        out[o] = px[4 * p]; out[o + 1] = px[4 * p + 1]; out[o + 2] = px[4 * p + 2]
                    } else if a == 0 {
                        continue
                    } else {
                        for c in 0..<3 { out[o + c] = UInt8(min(255, (Int(px[4 * p + c]) * 255 + a / 2) / a)) }
                        out[o + 3] = UInt8(a)
                    }
                }
            }
        }
        let filtered = PNGFile.filterRows(raw, stride: stride, height: h, unit: channels)
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
