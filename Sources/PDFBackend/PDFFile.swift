// The file level of PDF (ISO 32000-1 §7.5): header, numbered indirect objects written in
// one growing buffer with their byte offsets recorded as they are written, and at the end
// the cross-reference table, the trailer and `startxref`.

import DrawOutput

struct PDFFile {
    var out = ByteBuffer(capacity: 64 * 1024)
    /// Byte offset of each object by number; index 0 is the free-list head, -1 = not yet written.
    private var offsets: [Int] = [0]
    var compress: Bool

    init(compress: Bool) {
        self.compress = compress
        // A comment with four bytes above 127 right after the header tells transfer tools
        // the file is binary (§7.5.2).
        out.append(static: "%PDF-1.7\n%")
        out.append([0xE2, 0xE3, 0xCF, 0xD3])
        out.append(0x0A)
    }

    /// Reserves the next object number (objects may be written in any order afterwards).
    mutating func allocate() -> Int {
        offsets.append(-1)
        return offsets.count - 1
    }

    /// Starts object `number`: `n 0 obj`.
    mutating func begin(_ number: Int) {
        precondition(offsets[number] == -1, "object \(number) written twice")
        offsets[number] = out.count
        out.append(integer: number)
        out.append(static: " 0 obj\n")
    }

    /// Ends the current object: `endobj`.
    mutating func end() {
        out.append(static: "\nendobj\n")
    }

    /// Writes object `number` as a dictionary; `body` writes the entries between `<<` and `>>`.
    mutating func dictionary(_ number: Int, _ body: (inout ByteBuffer) -> Void) {
        begin(number)
        out.append(static: "<<")
        body(&out)
        out.append(static: " >>")
        end()
    }

    /// Writes object `number` as a stream. `body` writes extra dictionary entries (each
    /// starting with a space); /Length and /Filter are added here. With `compressible`
    /// and the compress option on, the data is Flate-compressed unless that makes it larger.
    mutating func stream(_ number: Int, data: [UInt8], compressible: Bool = true, alreadyFiltered: StaticString? = nil,
                         _ body: (inout ByteBuffer) -> Void = { _ in }) {
        var payload = data
        var filter: StaticString? = alreadyFiltered
        if alreadyFiltered == nil && compressible && compress {
            (payload, filter) = PDFFile.packed(data)
        }
        begin(number)
        out.append(static: "<< /Length ")
        out.append(integer: payload.count)
        if let filter {
            out.append(static: " /Filter ")
            out.append(static: filter)
        }
        body(&out)
        out.append(static: " >>\nstream\n")
        out.append(payload)
        out.append(static: "\nendstream")
        end()
    }

    /// `data` Flate-compressed with its filter name, or `data` itself and nil when
    /// compressing does not make it smaller.
    static func packed(_ data: [UInt8]) -> (bytes: [UInt8], filter: StaticString?) {
        let packed = Deflate.compress(data)
        return packed.count < data.count ? (packed, "/FlateDecode") : (data, nil)
    }

    /// Makes room for `count` more bytes at once (instead of growing by doubling, which
    /// copies the file several times and may leave half of the last allocation unused).
    mutating func reserve(_ count: Int) {
        out.reserveCapacity(out.count + count)
    }

    /// Writes the cross-reference table and trailer; the file identifier is the MD5 of
    /// everything written so far, so equal documents get equal identifiers.
    mutating func finish(root: Int, info: Int) -> [UInt8] {
        for (number, offset) in offsets.enumerated() where number > 0 {
            precondition(offset >= 0, "object \(number) allocated but never written")
        }
        let identifier = md5(out.bytes)
        let xrefOffset = out.count
        out.append(static: "xref\n0 ")
        out.append(integer: offsets.count)
        // Each entry is exactly 20 bytes: 10-digit offset, 5-digit generation, type, EOL.
        out.append(static: "\n0000000000 65535 f \n")
        for offset in offsets.dropFirst() {
            padded(offset, width: 10)
            out.append(static: " 00000 n \n")
        }
        out.append(static: "trailer\n<< /Size ")
        out.append(integer: offsets.count)
        out.append(static: " /Root ")
        out.reference(root)
        out.append(static: " /Info ")
        out.reference(info)
        out.append(static: " /ID [")
        out.hexString(identifier)
        out.append(0x20)
        out.hexString(identifier)
        out.append(static: "] >>\nstartxref\n")
        out.append(integer: xrefOffset)
        out.append(static: "\n%%EOF\n")
        return out.take()
    }

    private mutating func padded(_ value: Int, width: Int) {
        var digits: [UInt8] = []
        var remaining = value
        repeat {
            digits.append(0x30 + UInt8(remaining % 10))
            remaining /= 10
        } while remaining > 0
        for _ in digits.count..<max(width, digits.count) { out.append(0x30) }
        out.append(digits.reversed())
    }
}
