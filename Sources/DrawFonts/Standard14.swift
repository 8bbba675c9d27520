// DrawFonts — what drawc knows about fonts.
//
// Takes: font names and files. Hands on: metrics (advances, kerning, line metrics) for
// measuring text, glyph lookup (cmap), and subset font programs for embedding. Parsing of
// font files is defensive: a damaged file yields an error value, never a crash.
// The standard 14 PDF fonts are built in (their metrics are generated from the Adobe AFM
// files into `Standard14+Generated.swift`).

/// The 14 fonts every PDF and PostScript reader has. Text in them is encoded in WinAnsi
/// (Windows-1252); the glyph id in a text run is the WinAnsi byte.
package enum Standard14Font: UInt8, CaseIterable, Hashable, Sendable {
    case helvetica, helveticaBold, helveticaOblique, helveticaBoldOblique
    case timesRoman, timesBold, timesItalic, timesBoldItalic
    case courier, courierBold, courierOblique, courierBoldOblique
    case symbol, zapfDingbats

    /// The PostScript name, as written in PDF `/BaseFont` and PostScript `findfont`.
    package var postScriptName: String {
        switch self {
        case .helvetica: "Helvetica"
        case .helveticaBold: "Helvetica-Bold"
        case .helveticaOblique: "Helvetica-Oblique"
        case .helveticaBoldOblique: "Helvetica-BoldOblique"
        case .timesRoman: "Times-Roman"
        case .timesBold: "Times-Bold"
        case .timesItalic: "Times-Italic"
        case .timesBoldItalic: "Times-BoldItalic"
        case .courier: "Courier"
        case .courierBold: "Courier-Bold"
        case .courierOblique: "Courier-Oblique"
        case .courierBoldOblique: "Courier-BoldOblique"
        case .symbol: "Symbol"
        case .zapfDingbats: "ZapfDingbats"
        }
    }

    package var isBold: Bool {
        switch self {
        case .helveticaBold, .helveticaBoldOblique, .timesBold, .timesBoldItalic, .courierBold, .courierBoldOblique: true
        default: false
        }
    }

    package var isItalic: Bool {
        switch self {
        case .helveticaOblique, .helveticaBoldOblique, .timesItalic, .timesBoldItalic, .courierOblique, .courierBoldOblique: true
        default: false
        }
    }

    /// Metrics from the Adobe AFM (widths, kerning, font-wide values for /FontDescriptor).
    package var metrics: Standard14Metrics { Standard14Metrics.all[Int(rawValue)] }

    /// Symbol and ZapfDingbats use their own built-in encoding instead of WinAnsi.
    package var isSymbolic: Bool { self == .symbol || self == .zapfDingbats }

    /// The face for a family name and style, or nil if the name is not a standard font.
    ///
    /// Families (case-insensitive; spaces, hyphens and underscores ignored): "Helvetica"
    /// (also "sans-serif"), "Times" / "Times-Roman" / "Times New Roman" (also "serif"),
    /// "Courier" (also "monospace"), "Symbol", "ZapfDingbats" / "Zapf Dingbats". Arial and
    /// Courier New are not aliases: they are real fonts a user may have installed.
    /// An exact PostScript name ("Helvetica-BoldOblique") names the face; `bold`/`italic` add to
    /// it ("Helvetica-Bold" + italic = Helvetica-BoldOblique). Symbol and ZapfDingbats have one
    /// face, so they ignore `bold`/`italic`.
    package init?(family: String, bold: Bool, italic: Bool) {
        var key = ""
        for scalar in family.unicodeScalars {
            switch scalar {
            case " ", "-", "_", "\t": continue
            case "A"..."Z": key.unicodeScalars.append(Unicode.Scalar(scalar.value + 32)!)
            default: key.unicodeScalars.append(scalar)
            }
        }
        var bold = bold, italic = italic
        let base: Standard14Font
        switch key {
        case "helvetica", "sansserif": base = .helvetica
        case "helveticabold": base = .helvetica; bold = true
        case "helveticaoblique", "helveticaitalic": base = .helvetica; italic = true
        case "helveticaboldoblique", "helveticabolditalic": base = .helvetica; bold = true; italic = true
        case "times", "timesroman", "timesnewroman", "serif": base = .timesRoman
        case "timesbold": base = .timesRoman; bold = true
        case "timesitalic": base = .timesRoman; italic = true
        case "timesbolditalic": base = .timesRoman; bold = true; italic = true
        case "courier", "monospace": base = .courier
        case "courierbold": base = .courier; bold = true
        case "courieroblique", "courieritalic": base = .courier; italic = true
        case "courierboldoblique", "courierbolditalic": base = .courier; bold = true; italic = true
        case "symbol": self = .symbol; return
        case "zapfdingbats", "dingbats": self = .zapfDingbats; return
        default: return nil
        }
        // The enum lists each family as regular, bold, italic, bold-italic.
        self.init(rawValue: base.rawValue + (bold ? 1 : 0) + (italic ? 2 : 0))
    }

    /// The code for a Unicode scalar in this font's encoding, or nil if the font cannot show it.
    ///
    /// Latin faces: WinAnsi (`WinAnsi.code(for:)`), and nil if the face has no glyph there.
    /// Symbol and ZapfDingbats (their built-in encodings; the code is the byte shown):
    /// 1. U+0020…U+00FF map to the code of the same value when the font has a glyph there, so
    ///    text written for these fonts the traditional way ("a" → α in Symbol) keeps working;
    /// 2. any other scalar maps through the glyph's Adobe Glyph List name (Symbol: "α" U+03B1 →
    ///    alpha → 0x61; ZapfDingbats: "✈" U+2708 → a118 → 0x28, by Adobe's ZapfDingbats list).
    package func code(for scalar: Unicode.Scalar) -> UInt8? {
        let m = metrics
        if !isSymbolic {
            guard let code = WinAnsi.code(for: scalar), m.glyphIndex(code: code) != nil else { return nil }
            return code
        }
        if scalar.value >= 0x20 && scalar.value <= 0xFF {
            let code = UInt8(scalar.value)
            return m.glyphIndex(code: code) != nil ? code : nil
        }
        guard let glyph = m.glyphIndex(unicode: scalar) else { return nil }
        return m.code(glyph: glyph)
    }

    /// The Unicode text a code of this font stands for (for PDF /ToUnicode and searchable
    /// PostScript): WinAnsi for the Latin faces, the glyph name's Adobe Glyph List scalar for
    /// Symbol and ZapfDingbats. Nil if the code has no glyph.
    package func unicode(code: UInt8) -> Unicode.Scalar? {
        if !isSymbolic { return WinAnsi.unicode(code: code) }
        let m = metrics
        guard let glyph = m.glyphIndex(code: code) else { return nil }
        return m.unicode(glyph: glyph)
    }
}

/// A font bounding box in font units (1/1000 em for the standard 14, unitsPerEm for TrueType).
package struct FontBox: Hashable, Sendable {
    package var xMin: Int
    package var yMin: Int
    package var xMax: Int
    package var yMax: Int
    package init(xMin: Int, yMin: Int, xMax: Int, yMax: Int) {
        self.xMin = xMin; self.yMin = yMin; self.xMax = xMax; self.yMax = yMax
    }
}

/// Metrics of one standard-14 face, from its Adobe AFM file. All lengths are in 1/1000 em.
///
/// Glyphs are numbered by `glyphIndex`: the position of the glyph's name in `glyphNames`
/// (sorted). The 12 Latin faces share one glyph set of 315 names, so a Latin glyph index means
/// the same glyph in all of them. Codes are WinAnsi codes for the Latin faces and built-in
/// encoding codes for Symbol and ZapfDingbats. Tables are static arrays (see
/// `Standard14+Generated.swift`); lookups are array indexing and binary search.
package struct Standard14Metrics: Sendable {
    package let postScriptName: String
    package let familyName: String
    /// AFM Ascender (Symbol/ZapfDingbats: the bbox top).
    package let ascender: Int
    /// AFM Descender, negative (Symbol/ZapfDingbats: the bbox bottom).
    package let descender: Int
    /// AFM CapHeight (Symbol/ZapfDingbats: the bbox top).
    package let capHeight: Int
    /// AFM XHeight (Symbol/ZapfDingbats: 0, they have none).
    package let xHeight: Int
    package let fontBBox: FontBox
    /// Degrees, counter-clockwise from vertical (negative for the obliques).
    package let italicAngle: Double
    /// AFM StdVW, for /FontDescriptor /StemV.
    package let stemV: Int
    /// AFM StdHW, for /FontDescriptor /StemH.
    package let stemH: Int
    /// PDF /FontDescriptor /Flags: FixedPitch 1, Serif 2, Symbolic 4, Nonsymbolic 32, Italic 64.
    package let flags: Int
    package let underlinePosition: Int
    package let underlineThickness: Int
    /// Glyph names, sorted; the index of a name is its glyph index.
    package let glyphNames: [String]
    let widths: [UInt16]
    let boxes: [Int16]
    let codeToGlyph: [UInt16]
    let unicodeScalars: [UInt32]
    let unicodeGlyphs: [UInt16]
    let kernKeys: [UInt32]
    let kernValues: [Int16]

    init(postScriptName: String, familyName: String, ascender: Int, descender: Int,
         capHeight: Int, xHeight: Int, fontBBox: FontBox, italicAngle: Double, stemV: Int,
         stemH: Int, flags: Int, underlinePosition: Int, underlineThickness: Int,
         glyphNames: [String], widths: [UInt16], boxes: [Int16], codeToGlyph: [UInt16],
         unicodeScalars: [UInt32], unicodeGlyphs: [UInt16], kernKeys: [UInt32], kernValues: [Int16]) {
        self.postScriptName = postScriptName; self.familyName = familyName
        self.ascender = ascender; self.descender = descender
        self.capHeight = capHeight; self.xHeight = xHeight; self.fontBBox = fontBBox
        self.italicAngle = italicAngle; self.stemV = stemV; self.stemH = stemH; self.flags = flags
        self.underlinePosition = underlinePosition; self.underlineThickness = underlineThickness
        self.glyphNames = glyphNames; self.widths = widths; self.boxes = boxes; self.codeToGlyph = codeToGlyph
        self.unicodeScalars = unicodeScalars; self.unicodeGlyphs = unicodeGlyphs
        self.kernKeys = kernKeys; self.kernValues = kernValues
    }

    // MARK: By code (WinAnsi for Latin faces, built-in encoding for Symbol/ZapfDingbats)

    /// Advance width of the glyph at `code`, 1/1000 em; 0 if the code has no glyph.
    package func advance(code: UInt8) -> Int {
        let glyph = codeToGlyph[Int(code)]
        return glyph == 0xFFFF ? 0 : Int(widths[Int(glyph)])
    }

    /// Kerning between the glyphs at two codes, 1/1000 em (negative: closer); 0 if none.
    package func kerning(_ left: UInt8, _ right: UInt8) -> Int {
        let l = codeToGlyph[Int(left)], r = codeToGlyph[Int(right)]
        guard l != 0xFFFF, r != 0xFFFF else { return 0 }
        return kerning(glyph: Int(l), Int(r))
    }

    /// The ink box of the glyph at `code` (AFM `B llx lly urx ury`, 1/1000 em, relative to the
    /// glyph origin), nil when the code has no glyph or the glyph has no ink (space).
    package func glyphBox(code: UInt8) -> FontBox? {
        glyphIndex(code: code).flatMap { glyphBox(glyph: $0) }
    }

    /// The glyph index at `code`, or nil if the code has no glyph in this face.
    package func glyphIndex(code: UInt8) -> Int? {
        let glyph = codeToGlyph[Int(code)]
        return glyph == 0xFFFF ? nil : Int(glyph)
    }

    // MARK: By glyph index (for glyphs beyond WinAnsi, e.g. a PDF /Differences encoding)

    /// Number of glyphs in this face.
    package var glyphCount: Int { glyphNames.count }

    /// Advance width of a glyph, 1/1000 em; 0 for an index out of range.
    package func advance(glyph: Int) -> Int {
        widths.indices.contains(glyph) ? Int(widths[glyph]) : 0
    }

    /// The ink box of a glyph (AFM `B` field), nil for an index out of range or no ink.
    package func glyphBox(glyph: Int) -> FontBox? {
        guard glyph >= 0, 4 * glyph + 3 < boxes.count else { return nil }
        let b = FontBox(xMin: Int(boxes[4 * glyph]), yMin: Int(boxes[4 * glyph + 1]),
                        xMax: Int(boxes[4 * glyph + 2]), yMax: Int(boxes[4 * glyph + 3]))
        return b.xMin == b.xMax && b.yMin == b.yMax ? nil : b
    }

    /// Kerning between two glyphs, 1/1000 em; 0 if the AFM lists no pair.
    package func kerning(glyph left: Int, _ right: Int) -> Int {
        guard left >= 0, left < 0xFFFF, right >= 0, right < 0xFFFF else { return 0 }
        let key = UInt32(left) << 16 | UInt32(right)
        guard let i = Self.binarySearch(kernKeys, key) else { return 0 }
        return Int(kernValues[i])
    }

    /// The glyph with this name, or nil.
    package func glyphIndex(named name: String) -> Int? {
        var lo = 0, hi = glyphNames.count
        while lo < hi {
            let mid = (lo + hi) / 2
            let n = glyphNames[mid]
            if n == name { return mid }
            // Names were sorted by Python's code-point order, which is Swift's String `<` for ASCII.
            if n < name { lo = mid + 1 } else { hi = mid }
        }
        return nil
    }

    /// The glyph the Adobe Glyph List assigns to a Unicode scalar, or nil. Latin faces also map
    /// U+00A0 to space and U+00AD to hyphen, as PDF's WinAnsiEncoding does.
    package func glyphIndex(unicode scalar: Unicode.Scalar) -> Int? {
        guard let i = Self.binarySearch(unicodeScalars, scalar.value) else { return nil }
        return Int(unicodeGlyphs[i])
    }

    /// The Unicode scalar of a glyph (by its Adobe Glyph List name), or nil.
    package func unicode(glyph: Int) -> Unicode.Scalar? {
        // Reverse lookup over a few hundred entries: used when writing /ToUnicode, not per glyph drawn.
        for (i, g) in unicodeGlyphs.enumerated() where Int(g) == glyph {
            return Unicode.Scalar(unicodeScalars[i])
        }
        return nil
    }

    /// The code of a glyph in this face's encoding (WinAnsi or built-in), or nil if not encoded.
    package func code(glyph: Int) -> UInt8? {
        for code in 0..<256 where Int(codeToGlyph[code]) == glyph { return UInt8(code) }
        return nil
    }

    private static func binarySearch<T: Comparable>(_ keys: [T], _ key: T) -> Int? {
        var lo = 0, hi = keys.count
        while lo < hi {
            let mid = (lo + hi) / 2
            let k = keys[mid]
            if k == key { return mid }
            if k < key { lo = mid + 1 } else { hi = mid }
        }
        return nil
    }
}

/// WinAnsiEncoding (Windows-1252 as PDF defines it, ISO 32000-1 Annex D): the encoding of text
/// in the 12 Latin standard fonts, and the 256-name vector PostScript re-encodes them with.
package enum WinAnsi {
    /// The WinAnsi code of a Unicode scalar, or nil if WinAnsi lacks it. C0 controls and DEL
    /// give nil (nothing to draw). U+00A0 and U+00AD keep their codes (drawn as space, hyphen).
    package static func code(for scalar: Unicode.Scalar) -> UInt8? {
        let v = scalar.value
        if (v >= 0x20 && v < 0x7F) || (v >= 0xA0 && v <= 0xFF) { return UInt8(v) }
        if v < 0x152 { return nil }
        // The 27 assignments in 0x80…0x9F: a short linear scan.
        for code in 0x80...0x9F where UInt32(Standard14Metrics.winAnsiToUnicode[code]) == v {
            return UInt8(code)
        }
        return nil
    }

    /// The Unicode scalar of a WinAnsi code, or nil for unassigned codes and controls.
    package static func unicode(code: UInt8) -> Unicode.Scalar? {
        let v = Standard14Metrics.winAnsiToUnicode[Int(code)]
        return v == 0 ? nil : Unicode.Scalar(UInt32(v))
    }

    /// The glyph name of each code (`.notdef` where unassigned; 0xA0 is `space`, 0xAD `hyphen`),
    /// 256 entries: the PostScript re-encoding vector, and the names for PDF /Differences.
    package static var glyphNames: [String] { Standard14Metrics.winAnsiGlyphNames }

    /// The glyph name of one code.
    package static func glyphName(code: UInt8) -> String { Standard14Metrics.winAnsiGlyphNames[Int(code)] }
}

extension Standard14Font {
    /// Whether the face's metric twin (Nimbus Sans, Nimbus Roman: what fontconfig gives a
    /// renderer for Helvetica and Times) kerns the pair of WinAnsi codes where the AFM, and so
    /// the layout, does not. A renderer that places text itself would move the right glyph;
    /// the SVG backend positions it instead (tables: TwinKerning+Generated.swift).
    package func twinOnlyKerning(_ left: UInt8, _ right: UInt8) -> Bool {
        let table = Self.twinOnlyKerningTables[Int(rawValue)]
        let key = UInt16(left) << 8 | UInt16(right)
        var lo = 0, hi = table.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if table[mid] < key { lo = mid + 1 } else { hi = mid }
        }
        return lo < table.count && table[lo] == key
    }
}

extension Standard14Font {
    /// Whether text in this face is moved after the pair of WinAnsi codes: the AFM kerns it
    /// (`Standard14Metrics.kerning` is not 0) or only the metric twin does
    /// (`twinOnlyKerning`). The SVG writer asks it of every pair of glyphs it writes: one
    /// bit of a 256 × 256 table per face, made on the face's first use, instead of two
    /// binary searches per pair (issue 38).
    package func kernsPair(_ left: UInt8, _ right: UInt8) -> Bool {
        let index = Int(left) << 8 | Int(right)
        return kernedPairs[index >> 6] & (1 &<< UInt64(index & 63)) != 0
    }

    /// The face's `kernsPair` bits: one lazily made table each (a drawing pays only for the
    /// faces it uses; a static `let` is made once, safely across threads).
    private var kernedPairs: [UInt64] {
        switch self {
        case .helvetica: KernedPairs.helvetica
        case .helveticaBold: KernedPairs.helveticaBold
        case .helveticaOblique: KernedPairs.helveticaOblique
        case .helveticaBoldOblique: KernedPairs.helveticaBoldOblique
        case .timesRoman: KernedPairs.timesRoman
        case .timesBold: KernedPairs.timesBold
        case .timesItalic: KernedPairs.timesItalic
        case .timesBoldItalic: KernedPairs.timesBoldItalic
        case .courier: KernedPairs.courier
        case .courierBold: KernedPairs.courierBold
        case .courierOblique: KernedPairs.courierOblique
        case .courierBoldOblique: KernedPairs.courierBoldOblique
        case .symbol: KernedPairs.symbol
        case .zapfDingbats: KernedPairs.zapfDingbats
        }
    }

    private enum KernedPairs {
        static let helvetica = table(.helvetica)
        static let helveticaBold = table(.helveticaBold)
        static let helveticaOblique = table(.helveticaOblique)
        static let helveticaBoldOblique = table(.helveticaBoldOblique)
        static let timesRoman = table(.timesRoman)
        static let timesBold = table(.timesBold)
        static let timesItalic = table(.timesItalic)
        static let timesBoldItalic = table(.timesBoldItalic)
        static let courier = table(.courier)
        static let courierBold = table(.courierBold)
        static let courierOblique = table(.courierOblique)
        static let courierBoldOblique = table(.courierBoldOblique)
        static let symbol = table(.symbol)
        static let zapfDingbats = table(.zapfDingbats)

        /// Bit `left << 8 | right` set when `face` kerns the pair, from its kerning table
        /// (glyph pairs, each glyph reached from every code that shows it) and its twin's.
        static func table(_ face: Standard14Font) -> [UInt64] {
            var bits = [UInt64](repeating: 0, count: 1024)
            func set(_ left: Int, _ right: Int) {
                let index = left << 8 | right
                bits[index >> 6] |= 1 &<< UInt64(index & 63)
            }
            let metrics = face.metrics
            // The codes of each glyph as linked lists: `firstCode[glyph]`, then `nextCode[code]`
            // (-1 ends; a glyph may have two codes, as space and no-break space).
            let glyphs = Int(metrics.codeToGlyph.lazy.filter { $0 != 0xFFFF }.max() ?? 0) + 1
            var firstCode = [Int](repeating: -1, count: glyphs)
            var nextCode = [Int](repeating: -1, count: 256)
            for code in (0..<256).reversed() {
                let glyph = Int(metrics.codeToGlyph[code])
                guard glyph != 0xFFFF else { continue }
                nextCode[code] = firstCode[glyph]
                firstCode[glyph] = code
            }
            // (Pairs of glyphs no code shows are never asked for.)
            for (i, key) in metrics.kernKeys.enumerated()
            where metrics.kernValues[i] != 0 && Int(key >> 16) < glyphs && Int(key & 0xFFFF) < glyphs {
                var left = firstCode[Int(key >> 16)]
                while left >= 0 {
                    var right = firstCode[Int(key & 0xFFFF)]
                    while right >= 0 {
                        set(left, right)
                        right = nextCode[right]
                    }
                    left = nextCode[left]
                }
            }
            for key in Standard14Font.twinOnlyKerningTables[Int(face.rawValue)] { set(Int(key >> 8), Int(key & 0xFF)) }
            return bits
        }
    }
}
