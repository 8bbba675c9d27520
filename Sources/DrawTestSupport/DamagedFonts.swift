// Copies of the fonts of Tests/Fonts with one glyph's data damaged, for the tests of issue 34,
// point 11 (damaged glyph data is an error at the text in every format). The damage is
// deterministic, so a test knows which glyph breaks and why.

import DrawFonts

package enum DamagedFonts {
    package struct NoSuchGlyph: Error, CustomStringConvertible {
        package var description: String
    }

    /// `bytes` (a TrueType font) with every byte of the `loca` entry that ends `scalar`'s
    /// glyph flipped: the glyph then ends far past the `glyf` table (and the next one starts
    /// there), as a corrupted `loca` does.
    package static func flippingLocaEntry(_ bytes: [UInt8], after scalar: Unicode.Scalar) throws -> [UInt8] {
        let face = try TrueTypeFontRef.load(bytes: bytes)
        guard let glyph = face.glyph(for: scalar) else { throw NoSuchGlyph(description: "no glyph for \(scalar)") }
        guard let loca = table("loca", in: bytes), let head = table("head", in: bytes) else {
            throw NoSuchGlyph(description: "no loca or head table")
        }
        let isLong = bytes[head + 50] != 0 || bytes[head + 51] != 0
        let width = isLong ? 4 : 2
        let entry = loca + width * (Int(glyph) + 1)
        var damaged = bytes
        for i in entry..<(entry + width) { damaged[i] ^= 0xFF }
        return damaged
    }

    /// `bytes` (an OpenType font with CFF outlines) with `scalar`'s charstring overwritten by
    /// `rmoveto` operators (byte 21) without their arguments: the charstring cannot be run.
    package static func overwritingCharstring(_ bytes: [UInt8], of scalar: Unicode.Scalar) throws -> [UInt8] {
        let face = try TrueTypeFontRef.load(bytes: bytes)
        guard let glyph = face.glyph(for: scalar), let range = face.glyphDataRange(glyph), !range.isEmpty else {
            throw NoSuchGlyph(description: "no charstring for \(scalar)")
        }
        var damaged = bytes
        for i in range { damaged[i] = 21 }
        return damaged
    }

    /// Where the table `tag` starts in a single font's file.
    private static func table(_ tag: String, in bytes: [UInt8]) -> Int? {
        func u16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
        let wanted = Array(tag.utf8)
        for i in 0..<u16(4) {
            let record = 12 + 16 * i
            if Array(bytes[record..<(record + 4)]) == wanted { return u32(record + 8) }
        }
        return nil
    }
}
