// CFF subsets: a CID-keyed CFF font program holding only the kept glyphs, for PDF
// `/FontFile3 /CIDFontType0C`, PostScript CIDFont resources (FontSet) and, wrapped in an
// OpenType `OTTO` sfnt, for validators.
//
// Layout of the written table (CFF spec §§6–19):
//   Header · Name INDEX (the PostScript name) · Top DICT INDEX · String INDEX ("Adobe",
//   "Identity") · Global Subr INDEX (empty) · charset (format 2: glyph i is CID i) ·
//   FDSelect (format 3) · CharStrings INDEX · FDArray INDEX · Private DICTs
// Charstrings are flattened (every subroutine call replaced by the subroutine's body), so no
// subroutines are needed; hints are kept. A name-keyed font becomes CID-keyed with one Font
// DICT holding its Private DICT; a CID-keyed font keeps the Font DICTs its kept glyphs use.
// Top DICT FontBBox and FontMatrix, and each Font DICT's FontMatrix, are copied as written.

extension CFFFont {
    /// The subset table for `kept` (original glyph ids, ascending, starting with 0): new glyph
    /// id i = kept[i] = CID i.
    func subsetTable(kept: [Int], name: String) throws(FontError) -> [UInt8] {
        let r = reader
        // Charstrings, flattened, and the Font DICT each one uses.
        var charstrings: [[UInt8]] = []
        charstrings.reserveCapacity(kept.count)
        var fdOf: [Int] = []
        var fdMap: [Int: Int] = [:]  // original Font DICT → new
        var usedFDs: [Int] = []
        for g in kept {
            let run = try self.run(glyph: g, flatten: true)
            var bytes = run.flattened
            // A charstring must end in endchar (a subroutine's endchar is kept by flattening);
            // one that ran off its end gets one.
            if !run.ended { bytes.append(14) }
            charstrings.append(bytes)
            let fd = fontDictIndex(g)
            if fdMap[fd] == nil { fdMap[fd] = usedFDs.count; usedFDs.append(fd) }
            fdOf.append(fdMap[fd]!)
        }

        // Private DICTs: every entry but Subrs, operands copied byte for byte.
        var privateDicts: [[UInt8]] = []
        for fd in usedFDs {
            var w = ByteWriter()
            for entry in privates[fd].dict.entries where entry.op != Op.subrs {
                w.append(r.bytes[entry.raw])
                Self.writeOperator(entry.op, into: &w)
            }
            privateDicts.append(w.bytes)
        }

        // Fixed-size parts first, then offsets (5-byte integers, so sizes do not depend on them).
        let header: [UInt8] = [1, 0, 4, 4]
        let nameIndex = Self.index([Array(name.utf8.prefix(127))])
        let stringIndex = Self.index([Array("Adobe".utf8), Array("Identity".utf8)])
        let globalSubrs = Self.index([])
        var charset = ByteWriter()
        charset.u8(2)
        if kept.count > 1 { charset.u16(1); charset.u16(kept.count - 2) }
        var fdSelect = ByteWriter()
        var runs: [(first: Int, fd: Int)] = []
        for (i, fd) in fdOf.enumerated() where runs.last?.fd != fd { runs.append((i, fd)) }
        fdSelect.u8(3); fdSelect.u16(runs.count)
        for run in runs { fdSelect.u16(run.first); fdSelect.u8(run.fd) }
        fdSelect.u16(kept.count)
        let charStringsIndex = Self.index(charstrings)

        func topDict(charset: Int, fdSelect: Int, charStrings: Int, fdArray: Int) -> [UInt8] {
            var w = ByteWriter()
            // ROS must come first: Adobe-Identity-0.
            Self.writeInt(391, into: &w); Self.writeInt(392, into: &w); Self.writeInt(0, into: &w)
            Self.writeOperator(Op.ros, into: &w)
            for entry in top.entries where entry.op == Op.fontBBox || entry.op == Op.fontMatrix {
                w.append(r.bytes[entry.raw]); Self.writeOperator(entry.op, into: &w)
            }
            Self.writeInt(kept.count, into: &w); Self.writeOperator(Op.cidCount, into: &w)
            Self.writeOffset(charset, into: &w); Self.writeOperator(Op.charset, into: &w)
            Self.writeOffset(fdSelect, into: &w); Self.writeOperator(Op.fdSelect, into: &w)
            Self.writeOffset(charStrings, into: &w); Self.writeOperator(Op.charStrings, into: &w)
            Self.writeOffset(fdArray, into: &w); Self.writeOperator(Op.fdArray, into: &w)
            return w.bytes
        }
        let topSize = Self.index([topDict(charset: 0, fdSelect: 0, charStrings: 0, fdArray: 0)]).count
        let charsetAt = header.count + nameIndex.count + topSize + stringIndex.count + globalSubrs.count
        let fdSelectAt = charsetAt + charset.bytes.count
        let charStringsAt = fdSelectAt + fdSelect.bytes.count
        let fdArrayAt = charStringsAt + charStringsIndex.count

        func fontDicts(privateAt: [Int]) -> [[UInt8]] {
            usedFDs.enumerated().map { (i, fd) in
                var w = ByteWriter()
                if let matrix = privates[fd].fontMatrix {
                    w.append(r.bytes[matrix.raw]); Self.writeOperator(Op.fontMatrix, into: &w)
                }
                Self.writeOffset(privateDicts[i].count, into: &w); Self.writeOffset(privateAt[i], into: &w)
                Self.writeOperator(Op.privateDict, into: &w)
                return w.bytes
            }
        }
        let fdArraySize = Self.index(fontDicts(privateAt: usedFDs.map { _ in 0 })).count
        var privateAt: [Int] = []
        var at = fdArrayAt + fdArraySize
        for p in privateDicts { privateAt.append(at); at += p.count }

        var out = ByteWriter()
        out.append(header)
        out.append(nameIndex)
        out.append(Self.index([topDict(charset: charsetAt, fdSelect: fdSelectAt, charStrings: charStringsAt, fdArray: fdArrayAt)]))
        out.append(stringIndex)
        out.append(globalSubrs)
        out.append(charset.bytes)
        out.append(fdSelect.bytes)
        out.append(charStringsIndex)
        out.append(Self.index(fontDicts(privateAt: privateAt)))
        for p in privateDicts { out.append(p) }
        return out.bytes
    }

    /// An INDEX of `items` with the smallest offset size that fits.
    static func index(_ items: [[UInt8]]) -> [UInt8] {
        var w = ByteWriter()
        w.u16(items.count)
        guard !items.isEmpty else { return w.bytes }
        let total = items.reduce(0) { $0 + $1.count } + 1
        let offSize = total < 1 << 8 ? 1 : total < 1 << 16 ? 2 : total < 1 << 24 ? 3 : 4
        w.u8(offSize)
        var offset = 1
        func put(_ v: Int) { for k in (0..<offSize).reversed() { w.u8(v >> (8 * k)) } }
        put(offset)
        for item in items { offset += item.count; put(offset) }
        for item in items { w.append(item) }
        return w.bytes
    }

    static func writeOperator(_ op: Int, into w: inout ByteWriter) {
        if op >= 1200 { w.u8(12); w.u8(op - 1200) } else { w.u8(op) }
    }

    /// A DICT integer in its shortest form.
    static func writeInt(_ v: Int, into w: inout ByteWriter) {
        switch v {
        case -107...107: w.u8(v + 139)
        case 108...1131: let u = v - 108; w.u8(247 + (u >> 8)); w.u8(u & 0xFF)
        case -1131...(-108): let u = -v - 108; w.u8(251 + (u >> 8)); w.u8(u & 0xFF)
        case -32768...32767: w.u8(28); w.u16(v)
        default: writeOffset(v, into: &w)
        }
    }

    /// A DICT integer in the fixed 5-byte form.
    static func writeOffset(_ v: Int, into w: inout ByteWriter) { w.u8(29); w.u32(v) }
}
