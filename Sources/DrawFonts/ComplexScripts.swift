/// The name of the script of `scalar` when drawing it correctly needs shaping drawc does not
/// do yet (contextual forms, reordering), nil when drawc draws it right: glyph by glyph, or
/// shaped (Shaping.swift: Latin, Greek, Cyrillic, Hebrew, Arabic, Thai, Devanagari, Bengali,
/// Tamil — docs/fonts.md).
/// Layout rejects such text with a diagnostic naming the script instead of drawing it wrongly.
///
/// Covered: Syriac, Thaana, N'Ko, Samaritan, Mandaic, the other Indic scripts (Gurmukhi,
/// Gujarati, Oriya, Telugu, Kannada, Malayalam, Sinhala), Lao, Tibetan, Myanmar, Khmer, Mongolian, Balinese, Javanese, and conjoining
/// Hangul jamo (precomposed Hangul syllables need no shaping and are fine).
package func complexScriptName(for scalar: Unicode.Scalar) -> String? {
    let v = scalar.value
    guard v >= 0x0590 else { return nil }  // fast path: Latin, Greek, Cyrillic, Armenian
    for (range, name) in complexScriptRanges where range.contains(v) { return name }
    return nil
}

private let complexScriptRanges: [(ClosedRange<UInt32>, String)] = [
    (0x0700...0x074F, "Syriac"),
    (0x0780...0x07BF, "Thaana"),
    (0x07C0...0x07FF, "N'Ko"),
    (0x0800...0x083F, "Samaritan"),
    (0x0840...0x085F, "Mandaic"),
    (0x0860...0x086F, "Syriac"),
    (0x0A00...0x0A7F, "Gurmukhi"),
    (0x0A80...0x0AFF, "Gujarati"),
    (0x0B00...0x0B7F, "Oriya"),
    (0x0C00...0x0C7F, "Telugu"),
    (0x0C80...0x0CFF, "Kannada"),
    (0x0D00...0x0D7F, "Malayalam"),
    (0x0D80...0x0DFF, "Sinhala"),
    (0x0E80...0x0EFF, "Lao"),
    (0x0F00...0x0FFF, "Tibetan"),
    (0x1000...0x109F, "Myanmar"),
    (0x1100...0x11FF, "Hangul Jamo"),
    (0x1780...0x17FF, "Khmer"),
    (0x1800...0x18AF, "Mongolian"),
    (0x19E0...0x19FF, "Khmer"),
    (0x1B00...0x1B7F, "Balinese"),
    (0xA960...0xA97F, "Hangul Jamo"),
    (0xA980...0xA9DF, "Javanese"),
    (0xA9E0...0xA9FF, "Myanmar"),
    (0xAA60...0xAA7F, "Myanmar"),
    (0xD7B0...0xD7FF, "Hangul Jamo"),
]
