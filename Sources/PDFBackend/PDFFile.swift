// The file level of PDF (ISO 32000-1 §7.5): header, numbered indirect objects written in
// one growing buffer with their byte offsets recorded as they are written, and at the end
// the cross-reference table, the trailer and `startxref`.

import DrawOutput

struct PDFFile {
    var out = ByteBuffer(capacity: 64 * 1024)
    /// Byte offset of each object by number; index 0 is the free-list head, -1 = not yet written.
    private var offsets: [Int] = [0]
    var compress: Bool
    /// Stream payloads that the file identifier sees only as their length and checksum
    /// (`finish`): where each lies in `out`, and its checksum.
    private var summarizedPayloads: [(range: Range<Int>, checksum: UInt32)] = []

    /// Payloads from this size on are summarized for `/ID` rather than hashed.
    static let summarizedPayloadMinimum = 4096

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
        if payload.count >= Self.summarizedPayloadMinimum {
            summarizedPayloads.append((out.count..<out.count + payload.count, Self.checksum(payload, flate: filter?.description == "/FlateDecode")))
        }
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

    /// A large payload's checksum for the file identifier: a zlib stream (RFC 1950) ends
    /// with the Adler-32 of what it decodes to, which the encoder already computed; any
    /// other payload gets the Adler-32 of its own bytes (several times cheaper than MD5).
    private static func checksum(_ payload: [UInt8], flate: Bool) -> UInt32 {
        if flate {
            let n = payload.count
            return UInt32(payload[n - 4]) << 24 | UInt32(payload[n - 3]) << 16 | UInt32(payload[n - 2]) << 8 | UInt32(payload[n - 1])
        }
        return payload.withUnsafeBufferPointer { UInt32(truncatingIfNeeded: Deflate.adler32($0)) }
    }

    /// What the file identifier hashes: every byte written so far, except that each large
    /// stream payload stands as its length (8 bytes, little-endian) and checksum (4 bytes,
    /// big-endian). Equal documents get equal identifiers, a change anywhere changes it, and
    /// the megabytes of a sketch's or a barcode sheet's content are not hashed twice.
    func identifierInput() -> [UInt8] {
        let bytes = out.bytes
        var input: [UInt8] = []
        input.reserveCapacity(bytes.count - summarizedPayloads.reduce(0) { $0 + $1.range.count } + 12 * summarizedPayloads.count)
        var start = 0
        for (range, checksum) in summarizedPayloads {
            input.append(contentsOf: bytes[start..<range.lowerBound])
            withUnsafeBytes(of: UInt64(range.count).littleEndian) { input.append(contentsOf: $0) }
            withUnsafeBytes(of: checksum.bigEndian) { input.append(contentsOf: $0) }
            start = range.upperBound
        }
        input.append(contentsOf: bytes[start...])
        return input
    }

    /// Writes the cross-reference table and trailer; the file identifier is the MD5 of
    /// `identifierInput()`.
    mutating func finish(root: Int, info: Int) -> [UInt8] {
        for (number, offset) in offsets.enumerated() where number > 0 {
            precondition(offset >= 0, "object \(number) allocated but never written")
        }
        let identifier = md5(identifierInput())
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
