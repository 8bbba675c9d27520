// The PNG encoder: signature, IHDR, pHYs, one IDAT of zlib data from the system zlib
// (DrawOutput's Deflate, written and compressed in groups of rows on all cores), IEND. No time, text or gamma chunks, so the bytes
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
        let lineBytes = stride + 1
        // The filtered rows (a filter byte, then the row) as one zlib stream, written and
        // compressed group by group on all cores (`Deflate.compress(count:…)`, the same
        // bytes as compressing the whole stream): each group's rows are converted to
        // straight alpha, filtered and compressed by one thread, so the page is never held
        // a second time. Runs only (`Z_RLE`): filtered drawings are runs of zeros.
        let compressed = image.pixels.withUnsafeBufferPointer { pixels -> [UInt8] in
            nonisolated(unsafe) let px = pixels.baseAddress!
            return Deflate.compress(count: h * lineBytes, level: 6, strategy: .runs) { start, buffer in
                let end = start + buffer.count
                // Two straight-alpha rows (this one and the one above), one byte longer than a
                // row for the conversion's four-byte stores, and a line for a row that
                // straddles the group's ends.
                var rows = [UInt8](repeating: 0, count: 2 * stride + 4)
                var straddling = [UInt8](repeating: 0, count: lineBytes)
                rows.withUnsafeMutableBufferPointer { r in
                    straddling.withUnsafeMutableBufferPointer { line in
                        let rowPointers = [r.baseAddress!, r.baseAddress! + stride + 2]
                        let first = start / lineBytes, last = (end - 1) / lineBytes
                        if first > 0 { straightRow(px + (first - 1) * w * 4, w, opaque, into: rowPointers[(first - 1) & 1]) }
                        for y in first...last {
                            let row = rowPointers[y & 1]
                            straightRow(px + y * w * 4, w, opaque, into: row)
                            let lineStart = y * lineBytes
                            let whole = lineStart >= start && lineStart + lineBytes <= end
                            let target = whole ? buffer.baseAddress! + (lineStart - start) : line.baseAddress!
                            PNGFile.filterRow(
                                UnsafeBufferPointer(start: row, count: stride),
                                previous: y > 0 ? UnsafeBufferPointer(start: rowPointers[(y - 1) & 1], count: stride) : nil,
                                unit: channels, into: target)
                            if !whole {
                                let from = max(start, lineStart), to = min(end, lineStart + lineBytes)
                                (buffer.baseAddress! + (from - start)).update(from: target + (from - lineStart), count: to - from)
                            }
                        }
                    }
                }
            }
        }

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

    /// Row `line` of premultiplied RGBA pixels as PNG samples: RGB when the page is opaque
    /// (each pixel's four bytes stored as one word, 3 bytes apart, so `out` holds one byte
    /// more than the row), otherwise straight-alpha RGBA.
    @inline(__always)
    static func straightRow(_ line: UnsafePointer<UInt8>, _ w: Int, _ opaque: Bool, into out: UnsafeMutablePointer<UInt8>) {
        if opaque {
            let source = UnsafeRawPointer(line), target = UnsafeMutableRawPointer(out)
            for x in 0..<w {
                target.storeBytes(of: source.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self), toByteOffset: 3 * x, as: UInt32.self)
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
}
