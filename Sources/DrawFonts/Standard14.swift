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
}
