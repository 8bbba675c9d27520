// OpenType layout tables: GDEF, and the common structure of GSUB and GPOS (script list,
// feature list, lookup list). Only offsets are found at load time; the arrays are read with
// checked reads when text is shaped, a damaged structure meaning "does not apply" — as for
// kerning (Kerning.swift), a broken layout table must not stop a font from being used.
//
// The spec: OpenType 1.9, "OpenType Layout Common Table Formats", "GDEF", "GSUB", "GPOS".

/// A four-byte OpenType tag as a number ('liga' is 0x6C696761).
package struct OpenTypeTag: Hashable, Sendable, CustomStringConvertible {
    package let raw: UInt32
    package init(raw: UInt32) { self.raw = raw }
    /// From up to four ASCII characters (padded with spaces); nil for anything else.
    package init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard (1...4).contains(bytes.count), bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        var v: UInt32 = 0
        for k in 0..<4 { v = v << 8 | UInt32(k < bytes.count ? bytes[k] : 0x20) }
        raw = v
    }
    package var description: String {
        String(decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: raw >> UInt32($0)) }, as: UTF8.self)
    }
}

/// GDEF glyph classes (the GlyphClassDef values).
enum GlyphClass: UInt8 {
    case unclassified = 0, base = 1, ligature = 2, mark = 3, component = 4
}

/// Lookup flags (OpenType "Lookup table").
struct LookupFlags {
    static let rightToLeft = 0x0001
    static let ignoreBaseGlyphs = 0x0002
    static let ignoreLigatures = 0x0004
    static let ignoreMarks = 0x0008
    static let useMarkFilteringSet = 0x0010
}

/// One lookup: its type (extension subtables resolved to the type they extend), flags, mark
/// filtering set, and the absolute offsets of its subtables.
struct OpenTypeLookup {
    var type: Int
    var flags: Int
    var markFilteringSet: Int?
    var subtables: [Int]
}

/// The GDEF table's class definitions and mark glyph sets.
struct GlyphDefinitions {
    var glyphClassDef: Int?
    var markAttachClassDef: Int?
    var markGlyphSets: [Int] = []

    init() {}

    init(_ r: ByteReader, _ table: TrueTypeFontRef.TableRecord) {
        let base = table.offset
        guard let major = r.u16OrNil(base), major == 1, let minor = r.u16OrNil(base + 2) else { return }
        if let o = r.u16OrNil(base + 4), o != 0 { glyphClassDef = base + o }
        if let o = r.u16OrNil(base + 10), o != 0 { markAttachClassDef = base + o }
        if minor >= 2, let o = r.u16OrNil(base + 12), o != 0 {
            let sets = base + o
            if r.u16OrNil(sets) == 1, let count = r.u16OrNil(sets + 2) {
                for k in 0..<min(count, 4096) {
                    guard let offset = r.u32OrNil(sets + 4 + 4 * k) else { break }
                    markGlyphSets.append(sets + offset)
                }
            }
        }
    }

    var hasGlyphClasses: Bool { glyphClassDef != nil }

    func glyphClass(_ r: ByteReader, _ glyph: UInt16) -> GlyphClass {
        guard let def = glyphClassDef else { return .unclassified }
        return GlyphClass(rawValue: UInt8(truncatingIfNeeded: KerningTables.glyphClass(r, def, Int(glyph)))) ?? .unclassified
    }

    func markAttachClass(_ r: ByteReader, _ glyph: UInt16) -> Int {
        guard let def = markAttachClassDef else { return 0 }
        return KerningTables.glyphClass(r, def, Int(glyph))
    }

    func markSetContains(_ r: ByteReader, _ set: Int, _ glyph: UInt16) -> Bool {
        guard set < markGlyphSets.count else { return false }
        return KerningTables.coverage(r, markGlyphSets[set], Int(glyph)) != nil
    }
}

/// GSUB or GPOS: where its lists are, and its lookups.
struct LayoutTable {
    let scriptList: Int
    let featureList: Int
    let lookups: [OpenTypeLookup]
    /// The lookup type whose subtables extend others (GSUB 7, GPOS 9).
    static func extensionType(gsub: Bool) -> Int { gsub ? 7 : 9 }

    static let maxLookups = 8192
    static let maxSubtables = 4096

    init?(_ r: ByteReader, _ table: TrueTypeFontRef.TableRecord, gsub: Bool) {
        let base = table.offset
        guard table.length >= 10, r.u16OrNil(base) == 1, let s = r.u16OrNil(base + 4), let f = r.u16OrNil(base + 6),
              let l = r.u16OrNil(base + 8) else { return nil }
        scriptList = base + s
        featureList = base + f
        let lookupList = base + l
        var lookups: [OpenTypeLookup] = []
        let count = min(r.u16OrNil(lookupList) ?? 0, Self.maxLookups)
        let extensionType = Self.extensionType(gsub: gsub)
        for i in 0..<count {
            guard let o = r.u16OrNil(lookupList + 2 + 2 * i), let type = r.u16OrNil(lookupList + o),
                  let flags = r.u16OrNil(lookupList + o + 2), let n = r.u16OrNil(lookupList + o + 4) else {
                lookups.append(OpenTypeLookup(type: 0, flags: 0, markFilteringSet: nil, subtables: []))
                continue
            }
            let lookup = lookupList + o
            var resolvedType = type
            var subtables: [Int] = []
            for k in 0..<min(n, Self.maxSubtables) {
                guard let so = r.u16OrNil(lookup + 6 + 2 * k) else { break }
                var sub = lookup + so
                if type == extensionType {
                    guard r.u16OrNil(sub) == 1, let extType = r.u16OrNil(sub + 2), extType != extensionType,
                          let ext = r.u32OrNil(sub + 4) else { continue }
                    resolvedType = extType
                    sub += ext
                }
                subtables.append(sub)
            }
            var filteringSet: Int? = nil
            if flags & LookupFlags.useMarkFilteringSet != 0 { filteringSet = r.u16OrNil(lookup + 6 + 2 * n) }
            lookups.append(OpenTypeLookup(type: resolvedType, flags: flags, markFilteringSet: filteringSet, subtables: subtables))
        }
        self.lookups = lookups
    }

    /// The language system to use: the first of `scripts` the table has (else DFLT, dflt,
    /// latn, as HarfBuzz falls back), in `language` when the script has it, else its default.
    /// Returns the LangSys table's offset, nil when the table has none of them.
    func languageSystem(_ r: ByteReader, scripts: [OpenTypeTag], language: OpenTypeTag?) -> Int? {
        guard let count = r.u16OrNil(scriptList) else { return nil }
        func find(_ tag: OpenTypeTag) -> Int? {
            for i in 0..<count {
                let record = scriptList + 2 + 6 * i
                guard let t = r.u32OrNil(record) else { return nil }
                if UInt32(t) == tag.raw, let o = r.u16OrNil(record + 4) { return scriptList + o }
            }
            return nil
        }
        let fallbacks = [OpenTypeTag(raw: 0x4446_4C54), OpenTypeTag(raw: 0x6466_6C74), OpenTypeTag(raw: 0x6C61_746E)]  // DFLT dflt latn
        guard let script = (scripts + fallbacks).lazy.compactMap(find).first else { return nil }
        if let language, let n = r.u16OrNil(script + 2) {
            for i in 0..<n {
                let record = script + 4 + 6 * i
                if let t = r.u32OrNil(record), UInt32(t) == language.raw, let o = r.u16OrNil(record + 4) { return script + o }
            }
        }
        guard let d = r.u16OrNil(script), d != 0 else {
            // No default language system: HarfBuzz then uses none (no features).
            return nil
        }
        return script + d
    }

    /// The lookup indices of feature `tag` in a language system (its required feature
    /// counts when it has that tag); nil when the language system lacks the feature.
    func lookupIndices(_ r: ByteReader, languageSystem langSys: Int, feature tag: OpenTypeTag) -> [Int]? {
        guard let required = r.u16OrNil(langSys + 2), let count = r.u16OrNil(langSys + 4),
              let featureCount = r.u16OrNil(featureList) else { return nil }
        func lookups(ofFeature index: Int) -> [Int]? {
            guard index < featureCount else { return nil }
            let record = featureList + 2 + 6 * index
            guard let t = r.u32OrNil(record), UInt32(t) == tag.raw, let o = r.u16OrNil(record + 4) else { return nil }
            let feature = featureList + o
            guard let n = r.u16OrNil(feature + 2) else { return nil }
            var out: [Int] = []
            for k in 0..<min(n, Self.maxLookups) {
                if let i = r.u16OrNil(feature + 4 + 2 * k), i < self.lookups.count { out.append(i) }
            }
            return out
        }
        if required != 0xFFFF, let found = lookups(ofFeature: required) { return found }
        for k in 0..<count {
            guard let index = r.u16OrNil(langSys + 6 + 2 * k) else { break }
            if let found = lookups(ofFeature: index) { return found }
        }
        return nil
    }
}

/// The layout tables of a face, located once when it is loaded.
struct OpenTypeLayoutTables {
    var gdef = GlyphDefinitions()
    var gsub: LayoutTable?
    var gpos: LayoutTable?

    init(reader r: ByteReader, gdef: TrueTypeFontRef.TableRecord?, gsub: TrueTypeFontRef.TableRecord?,
         gpos: TrueTypeFontRef.TableRecord?) {
        if let gdef { self.gdef = GlyphDefinitions(r, gdef) }
        if let gsub { self.gsub = LayoutTable(r, gsub, gsub: true) }
        if let gpos { self.gpos = LayoutTable(r, gpos, gsub: false) }
    }
}
