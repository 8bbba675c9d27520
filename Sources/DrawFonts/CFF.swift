// The Compact Font Format (Adobe Technical Note #5176) as found in an OpenType `CFF ` table:
// header, INDEXes, Top and Private DICTs, charsets, encodings, name-keyed and CID-keyed fonts
// (FDArray/FDSelect), local and global subroutines. Type 2 charstrings are interpreted in
// CFFCharstring.swift; subsets are written in CFFSubset.swift.
//
// Font files are untrusted: every offset and count is checked when the table is loaded, so the
// lookups afterwards (a charstring, a subroutine, a glyph's Font DICT) cannot read outside it.

/// Named limits of the CFF parser and the Type 2 interpreter (the spec's where it has them).
package enum CFFLimits {
    /// Type 2 argument stack depth (T2 spec, Appendix B).
    package static let argumentStack = 48
    /// DICT operand stack depth (CFF spec, Appendix B).
    package static let dictOperands = 48
    /// Subroutine nesting (T2 spec, Appendix B).
    package static let subroutineNesting = 10
    /// Stem hints per glyph (T2 spec, Appendix B).
    package static let stemHints = 96
    /// Transient array elements (T2 spec, Appendix B).
    package static let transientArray = 32
    /// Bytes of one charstring or subroutine (T2 spec, Appendix B).
    package static let charstringLength = 65_535
    /// Tokens executed for one glyph, counting every subroutine call: nested calls could
    /// otherwise take exponential time (10 levels of subroutines each calling the next many
    /// times) without ever breaking the nesting limit.
    package static let executedTokens = 200_000
    /// Font DICTs in an FDArray (FDSelect indexes are one byte).
    package static let fontDicts = 256
    /// Bytes of a real-number operand in a DICT.
    package static let realLength = 32
}

/// One INDEX: `count` items whose byte ranges (absolute offsets into the file) were checked to
/// be ascending and inside the table when it was read.
struct CFFIndex: Sendable {
    let count: Int
    let offSize: Int
    /// Where the offset array starts.
    let offsetsAt: Int
    /// Absolute offset of the byte before the data (offsets are 1-based from there).
    let dataBase: Int
    /// First byte after the INDEX.
    let end: Int

    static let empty = CFFIndex(count: 0, offSize: 1, offsetsAt: 0, dataBase: 0, end: 0)

    /// Reads and checks the INDEX at `at`, which must end by `limit`.
    init(_ r: ByteReader, at: Int, limit: Int, _ what: StaticString) throws(FontError) {
        guard at >= 0, at + 2 <= limit else { throw FontError(.damaged, "the CFF \(what) INDEX lies outside the table") }
        let count = try r.u16(at, what)
        guard count > 0 else {
            self.init(count: 0, offSize: 1, offsetsAt: at + 2, dataBase: at + 2, end: at + 2)
            return
        }
        let offSize = try r.u8(at + 2, what)
        guard (1...4).contains(offSize) else {
            throw FontError(.invalidValue, "the CFF \(what) INDEX has offset size \(offSize) (must be 1…4)")
        }
        let offsetsAt = at + 3
        let arrayLength = (count + 1) * offSize
        guard offsetsAt + arrayLength <= limit else { throw FontError(.damaged, "the CFF \(what) INDEX runs past the table") }
        try r.check(offsetsAt, arrayLength, what)
        let dataBase = offsetsAt + arrayLength - 1
        var previous = 0
        for i in 0...count {
            var o = 0
            for k in 0..<offSize { o = o << 8 | Int(r.bytes[offsetsAt + i * offSize + k]) }
            if i == 0 {
                guard o == 1 else { throw FontError(.damaged, "the CFF \(what) INDEX does not start at offset 1") }
            } else {
                guard o >= previous else { throw FontError(.damaged, "the CFF \(what) INDEX has descending offsets") }
            }
            previous = o
        }
        guard dataBase + previous <= limit else { throw FontError(.damaged, "the CFF \(what) INDEX data runs past the table") }
        self.init(count: count, offSize: offSize, offsetsAt: offsetsAt, dataBase: dataBase, end: dataBase + previous)
    }

    private init(count: Int, offSize: Int, offsetsAt: Int, dataBase: Int, end: Int) {
        self.count = count; self.offSize = offSize; self.offsetsAt = offsetsAt; self.dataBase = dataBase; self.end = end
    }

    /// Absolute byte range of item `i` (checked at load; nil when `i` is out of range).
    func range(_ i: Int, _ r: ByteReader) -> Range<Int>? {
        guard i >= 0, i < count else { return nil }
        func offset(_ k: Int) -> Int {
            var o = 0
            let at = offsetsAt + k * offSize
            for j in 0..<offSize { o = o << 8 | Int(r.bytes[at + j]) }
            return o
        }
        return (dataBase + offset(i))..<(dataBase + offset(i + 1))
    }
}

/// A DICT's entries in file order: operator (escaped ones as 1200 + second byte), operand
/// values, and the operands' bytes (so a subset can copy an entry exactly).
struct CFFDict: Sendable {
    struct Entry: Sendable {
        var op: Int
        var values: [Double]
        var raw: Range<Int>
    }
    var entries: [Entry] = []

    init() {}

    init(_ r: ByteReader, _ range: Range<Int>, _ what: StaticString) throws(FontError) {
        var at = range.lowerBound
        var values: [Double] = []
        var operandsStart = at
        while at < range.upperBound {
            let b0 = try r.u8(at, what)
            switch b0 {
            case 0...21:
                var op = b0
                at += 1
                if b0 == 12 {
                    guard at < range.upperBound else { throw FontError(.damaged, "a CFF \(what) DICT ends inside an operator") }
                    op = 1200 + (try r.u8(at, what))
                    at += 1
                }
                entries.append(Entry(op: op, values: values, raw: operandsStart..<(op >= 1200 ? at - 2 : at - 1)))
                values.removeAll(keepingCapacity: true)
                operandsStart = at
                continue
            case 28:
                guard at + 3 <= range.upperBound else { throw FontError(.damaged, "a CFF \(what) DICT ends inside a number") }
                values.append(Double(try r.i16(at + 1, what))); at += 3
            case 29:
                guard at + 5 <= range.upperBound else { throw FontError(.damaged, "a CFF \(what) DICT ends inside a number") }
                values.append(Double(try r.i32(at + 1, what))); at += 5
            case 30:
                at += 1
                var text = ""
                var done = false
                let start = at
                while !done {
                    guard at < range.upperBound, at - start < CFFLimits.realLength else {
                        throw FontError(.damaged, "a real number in a CFF \(what) DICT does not end")
                    }
                    let byte = try r.u8(at, what)
                    at += 1
                    for nibble in [byte >> 4, byte & 0xF] where !done {
                        switch nibble {
                        case 0...9: text.unicodeScalars.append(Unicode.Scalar(UInt8(0x30 + nibble)))
                        case 0xA: text += "."
                        case 0xB: text += "E"
                        case 0xC: text += "E-"
                        case 0xE: text += "-"
                        case 0xF: done = true
                        default: throw FontError(.damaged, "a real number in a CFF \(what) DICT has a reserved nibble")
                        }
                    }
                }
                values.append(Double(text) ?? 0)
            case 32...246:
                values.append(Double(b0 - 139)); at += 1
            case 247...250:
                guard at + 2 <= range.upperBound else { throw FontError(.damaged, "a CFF \(what) DICT ends inside a number") }
                values.append(Double((b0 - 247) * 256 + (try r.u8(at + 1, what)) + 108)); at += 2
            case 251...254:
                guard at + 2 <= range.upperBound else { throw FontError(.damaged, "a CFF \(what) DICT ends inside a number") }
                values.append(Double(-(b0 - 251) * 256 - (try r.u8(at + 1, what)) - 108)); at += 2
            default:
                throw FontError(.damaged, "a CFF \(what) DICT has the reserved byte \(b0)")
            }
            guard values.count <= CFFLimits.dictOperands else {
                throw FontError(.limitExceeded, "a CFF \(what) DICT entry has more than \(CFFLimits.dictOperands) operands")
            }
        }
    }

    func values(_ op: Int) -> [Double]? { entries.last { $0.op == op }?.values }

    /// An integer operand that must lie in `valid` (an offset, a count, a string id).
    func int(_ op: Int, _ valid: ClosedRange<Int>, _ what: StaticString) throws(FontError) -> Int? {
        guard let v = values(op) else { return nil }
        guard let first = v.last, first.rounded() == first, first >= Double(valid.lowerBound), first <= Double(valid.upperBound) else {
            throw FontError(.invalidValue, "the CFF \(what) is out of range")
        }
        return Int(first)
    }
}

/// One Private DICT with its local subroutines.
struct CFFPrivate: Sendable {
    var dict: CFFDict
    var defaultWidthX: Double
    var nominalWidthX: Double
    var subrs: CFFIndex
    /// The Font DICT's own FontMatrix entry (CID-keyed fonts), to be kept by subsets.
    var fontMatrix: CFFDict.Entry?

    static let empty = CFFPrivate(dict: CFFDict(), defaultWidthX: 0, nominalWidthX: 0, subrs: .empty, fontMatrix: nil)
}

/// A parsed `CFF ` table (one font: OpenType allows exactly one in the Name INDEX).
package struct CFFFont: Sendable {
    let reader: ByteReader
    /// The table's byte range in the file; every structure was checked to lie inside it.
    let table: Range<Int>
    /// The font's name (Name INDEX).
    package let name: String
    let top: CFFDict
    let strings: CFFIndex
    let globalSubrs: CFFIndex
    let charStrings: CFFIndex
    /// Whether the font is CID-keyed (its Top DICT begins with ROS).
    package let isCIDKeyed: Bool
    /// Private DICTs: one for a name-keyed font, one per Font DICT of the FDArray otherwise.
    let privates: [CFFPrivate]
    /// FDSelect format and where its data starts (CID-keyed only).
    let fdSelectFormat: Int
    let fdSelectAt: Int
    /// Number of glyphs (the CharStrings INDEX count).
    package var glyphCount: Int { charStrings.count }

    /// Operators of the DICTs used here.
    enum Op {
        static let fontBBox = 5, charset = 15, encoding = 16, charStrings = 17, privateDict = 18
        static let subrs = 19, defaultWidthX = 20, nominalWidthX = 21
        static let charstringType = 1206, fontMatrix = 1207, ros = 1230, cidCount = 1234
        static let fdArray = 1236, fdSelect = 1237, fontName = 1238
    }

    /// Parses the `CFF ` table at `table` in `r`.
    init(reader r: ByteReader, table: Range<Int>) throws(FontError) {
        self.reader = r
        self.table = table
        let base = table.lowerBound, limit = table.upperBound
        guard table.count >= 4 else { throw FontError(.damaged, "the 'CFF ' table is too short") }
        let major = try r.u8(base), headerSize = try r.u8(base + 2)
        guard major == 1 else {
            throw FontError(.invalidValue, "the 'CFF ' table has major version \(major) (drawc reads version 1)")
        }
        guard headerSize >= 4, headerSize < table.count else { throw FontError(.damaged, "the CFF header size is \(headerSize)") }

        let names = try CFFIndex(r, at: base + headerSize, limit: limit, "Name")
        guard names.count >= 1, let nameRange = names.range(0, r) else { throw FontError(.damaged, "the CFF Name INDEX is empty") }
        name = String(decoding: r.bytes[nameRange].prefix(127), as: UTF8.self)
        let tops = try CFFIndex(r, at: names.end, limit: limit, "Top DICT")
        guard tops.count >= 1, let topRange = tops.range(0, r) else { throw FontError(.damaged, "the CFF Top DICT INDEX is empty") }
        strings = try CFFIndex(r, at: tops.end, limit: limit, "String")
        globalSubrs = try CFFIndex(r, at: strings.end, limit: limit, "Global Subr")
        let top = try CFFDict(r, topRange, "Top")
        self.top = top

        if let type = top.values(Op.charstringType)?.last, type != 2 {
            throw FontError(.invalidValue, "the CFF font uses charstring type \(Int(type)) (drawc reads Type 2)")
        }
        let span = 0...(table.count - 1)
        guard let charStringsOffset = try top.int(Op.charStrings, span, "CharStrings offset") else {
            throw FontError(.missingTable, "the CFF font has no CharStrings")
        }
        charStrings = try CFFIndex(r, at: base + charStringsOffset, limit: limit, "CharStrings")
        guard charStrings.count >= 1 else { throw FontError(.invalidValue, "the CFF font has no glyphs") }

        func privateDict(_ dict: CFFDict, fontMatrix: CFFDict.Entry?) throws(FontError) -> CFFPrivate {
            guard let p = dict.values(Op.privateDict) else { return .empty }
            guard p.count >= 2, p[0] >= 0, p[1] >= 0, p[0] == p[0].rounded(), p[1] == p[1].rounded(),
                  p[0] <= Double(table.count), p[1] <= Double(table.count), Int(p[0]) + Int(p[1]) <= table.count else {
                throw FontError(.damaged, "a CFF Private DICT lies outside the table")
            }
            let start = base + Int(p[1])
            let privateRange = start..<(start + Int(p[0]))
            let dict = try CFFDict(r, privateRange, "Private")
            var subrs = CFFIndex.empty
            if let offset = dict.values(Op.subrs)?.last {
                guard offset == offset.rounded(), offset >= 0, offset < Double(limit - start) else {
                    throw FontError(.damaged, "the CFF local subroutines lie outside the table")
                }
                subrs = try CFFIndex(r, at: start + Int(offset), limit: limit, "Subrs")
            }
            return CFFPrivate(dict: dict, defaultWidthX: dict.values(Op.defaultWidthX)?.last ?? 0,
                              nominalWidthX: dict.values(Op.nominalWidthX)?.last ?? 0, subrs: subrs, fontMatrix: fontMatrix)
        }

        isCIDKeyed = top.entries.first?.op == Op.ros
        if isCIDKeyed {
            guard let fdArrayOffset = try top.int(Op.fdArray, span, "FDArray offset"),
                  let fdSelectOffset = try top.int(Op.fdSelect, span, "FDSelect offset") else {
                throw FontError(.missingTable, "the CID-keyed CFF font has no FDArray or FDSelect")
            }
            let fdArray = try CFFIndex(r, at: base + fdArrayOffset, limit: limit, "FDArray")
            guard fdArray.count >= 1 else { throw FontError(.invalidValue, "the CFF FDArray is empty") }
            guard fdArray.count <= CFFLimits.fontDicts else {
                throw FontError(.limitExceeded, "the CFF FDArray has \(fdArray.count) Font DICTs (limit \(CFFLimits.fontDicts))")
            }
            var privates: [CFFPrivate] = []
            for i in 0..<fdArray.count {
                let fd = try CFFDict(r, fdArray.range(i, r)!, "Font")
                privates.append(try privateDict(fd, fontMatrix: fd.entries.last { $0.op == Op.fontMatrix }))
            }
            self.privates = privates
            // FDSelect: checked whole here so that lookups need no checks.
            let at = base + fdSelectOffset
            fdSelectFormat = try r.u8(at, "FDSelect")
            fdSelectAt = at + 1
            let n = charStrings.count
            switch fdSelectFormat {
            case 0:
                guard fdSelectAt + n <= limit else { throw FontError(.damaged, "the CFF FDSelect runs past the table") }
                for g in 0..<n where Int(r.bytes[fdSelectAt + g]) >= fdArray.count {
                    throw FontError(.invalidValue, "the CFF FDSelect names Font DICT \(r.bytes[fdSelectAt + g]) of \(fdArray.count)")
                }
            case 3:
                let ranges = try r.u16(fdSelectAt, "FDSelect")
                guard ranges >= 1, fdSelectAt + 2 + 3 * ranges + 2 <= limit else {
                    throw FontError(.damaged, "the CFF FDSelect runs past the table")
                }
                guard try r.u16(fdSelectAt + 2) == 0 else { throw FontError(.invalidValue, "the CFF FDSelect does not start at glyph 0") }
                var previous = -1
                for i in 0...ranges {
                    let first = try r.u16(fdSelectAt + 2 + 3 * i)
                    guard first > previous else { throw FontError(.invalidValue, "the CFF FDSelect ranges are not ascending") }
                    previous = first
                    if i < ranges, try r.u8(fdSelectAt + 4 + 3 * i) >= fdArray.count {
                        throw FontError(.invalidValue, "the CFF FDSelect names a Font DICT beyond the FDArray")
                    }
                }
                guard previous >= n else { throw FontError(.invalidValue, "the CFF FDSelect does not cover every glyph") }
            default:
                throw FontError(.invalidValue, "the CFF FDSelect has format \(fdSelectFormat) (must be 0 or 3)")
            }
        } else {
            privates = [try privateDict(top, fontMatrix: nil)]
            fdSelectFormat = -1
            fdSelectAt = 0
            // Encoding: standard (0), expert (1), or a custom one, checked here (OpenType
            // fonts map characters through cmap, so drawc has no other use for it).
            if let encoding = try top.int(Op.encoding, span, "Encoding offset"), encoding > 1 {
                try Self.checkEncoding(r, at: base + encoding, limit: limit)
            }
        }
        if let charset = try top.int(Op.charset, span, "charset offset"), charset > 2 {
            try Self.checkCharset(r, at: base + charset, limit: limit, glyphs: charStrings.count)
        }
    }

    /// Index of the Private DICT (Font DICT) a glyph uses.
    func fontDictIndex(_ glyph: Int) -> Int {
        guard isCIDKeyed else { return 0 }
        let r = reader
        switch fdSelectFormat {
        case 0:
            return glyph >= 0 && glyph < glyphCount ? Int(r.bytes[fdSelectAt + glyph]) : 0
        default:
            // Format 3, checked at load: ranges ascending from 0, sentinel past the last glyph.
            let ranges = r.u16OrNil(fdSelectAt) ?? 0
            var lo = 0, hi = ranges - 1
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if (r.u16OrNil(fdSelectAt + 2 + 3 * mid) ?? 0) <= glyph { lo = mid } else { hi = mid - 1 }
            }
            return Int(r.bytes[fdSelectAt + 4 + 3 * lo])
        }
    }

    /// The CID (CID-keyed) or string id (name-keyed) the charset gives a glyph; nil for a
    /// predefined charset or a glyph it does not cover.
    func charsetValue(_ glyph: Int) -> Int? {
        guard glyph > 0, glyph < glyphCount, let offset = top.values(Op.charset)?.last, offset > 2 else { return glyph == 0 ? 0 : nil }
        let r = reader
        let at = table.lowerBound + Int(offset)
        guard let format = try? r.u8(at) else { return nil }
        switch format {
        case 0:
            return r.u16OrNil(at + 1 + 2 * (glyph - 1))
        default:
            var g = 1, p = at + 1
            while g < glyphCount {
                guard let first = r.u16OrNil(p) else { return nil }
                let left = format == 1 ? (try? r.u8(p + 2)) ?? 0 : (r.u16OrNil(p + 2) ?? 0)
                if glyph <= g + left { return first + (glyph - g) }
                g += left + 1
                p += format == 1 ? 3 : 4
            }
            return nil
        }
    }

    static func checkCharset(_ r: ByteReader, at: Int, limit: Int, glyphs: Int) throws(FontError) {
        let format = try r.u8(at, "charset")
        switch format {
        case 0:
            guard at + 1 + 2 * (glyphs - 1) <= limit else { throw FontError(.damaged, "the CFF charset runs past the table") }
        case 1, 2:
            var covered = 1, p = at + 1
            let step = format == 1 ? 3 : 4
            while covered < glyphs {
                guard p + step <= limit else { throw FontError(.damaged, "the CFF charset runs past the table") }
                covered += 1 + (format == 1 ? try r.u8(p + 2) : try r.u16(p + 2))
                p += step
            }
        default:
            throw FontError(.invalidValue, "the CFF charset has format \(format) (must be 0, 1 or 2)")
        }
    }

    static func checkEncoding(_ r: ByteReader, at: Int, limit: Int) throws(FontError) {
        let format = try r.u8(at, "Encoding")
        var p = at + 1
        switch format & 0x7F {
        case 0: p += 1 + (try r.u8(p, "Encoding"))
        case 1: p += 1 + 2 * (try r.u8(p, "Encoding"))
        default: throw FontError(.invalidValue, "the CFF Encoding has format \(format & 0x7F) (must be 0 or 1)")
        }
        if format & 0x80 != 0 { p += 1 + 3 * (try r.u8(p, "Encoding")) }
        guard p <= limit else { throw FontError(.damaged, "the CFF Encoding runs past the table") }
    }

    /// A string by id: the standard strings are not needed by drawc and read as nil.
    func string(_ sid: Int) -> String? {
        guard sid >= 391, let range = strings.range(sid - 391, reader) else { return nil }
        return String(decoding: reader.bytes[range], as: UTF8.self)
    }
}
