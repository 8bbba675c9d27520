/// The strings of a `name` table. Damaged records are skipped (a font with unreadable names
/// is still usable: its PostScript name is then made from family and subfamily).
struct NameTable {
    struct Entry {
        var nameID: Int
        /// Lower is preferred: Windows English, Unicode, Windows other languages, Mac Roman.
        var rank: Int
        var text: String
    }

    var entries: [Entry] = []

    init(reader r: ByteReader, table: TrueTypeFontRef.TableRecord?) throws(FontError) {
        guard let table, table.length >= 6 else { return }
        let base = table.offset
        let count = try r.u16(base + 2)
        let storage = base + (try r.u16(base + 4))
        for i in 0..<count {
            let at = base + 6 + 12 * i
            guard at + 12 <= base + table.length,
                  let platform = r.u16OrNil(at), let encoding = r.u16OrNil(at + 2), let language = r.u16OrNil(at + 4),
                  let nameID = r.u16OrNil(at + 6), let length = r.u16OrNil(at + 8), let offset = r.u16OrNil(at + 10)
            else { break }
            guard [1, 2, 4, 6, 16, 17].contains(nameID), let bytes = try? r.slice(storage + offset, length) else { continue }
            let rank: Int
            let text: String
            switch platform {
            case 3 where encoding == 1 || encoding == 10 || encoding == 0:
                rank = language == 0x409 ? 0 : 2
                text = Self.utf16BE(bytes)
            case 0:
                rank = 1
                text = Self.utf16BE(bytes)
            case 1 where encoding == 0:
                rank = language == 0 ? 3 : 4
                // Mac Roman: ASCII is the same; others become U+FFFD (names are nearly always ASCII).
                text = String(decoding: bytes.map { $0 < 0x80 ? $0 : 0x3F }, as: UTF8.self)
            default:
                continue
            }
            if !text.isEmpty { entries.append(Entry(nameID: nameID, rank: rank, text: text)) }
        }
    }

    static func utf16BE(_ bytes: ArraySlice<UInt8>) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var i = bytes.startIndex
        while i + 1 < bytes.endIndex {
            units.append(UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]))
            i += 2
        }
        return String(decoding: units, as: UTF16.self)
    }

    /// The preferred string for a name id.
    func best(_ nameID: Int) -> String? {
        var found: Entry?
        for e in entries where e.nameID == nameID && (found == nil || e.rank < found!.rank) { found = e }
        return found?.text
    }

    /// Every string for a name id, preferred first.
    func all(_ nameID: Int) -> [String] {
        entries.filter { $0.nameID == nameID }.sorted { $0.rank < $1.rank }.map(\.text)
    }
}
