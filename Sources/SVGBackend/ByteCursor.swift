// SVG's addition to the shared raw cursor (DrawOutput's `ByteCursor`).

import DrawOutput

extension ByteCursor {
    /// `prefix`, the six hex digits of `triple` (0xRRGGBB) and a closing quote.
    @inline(__always) mutating func hexColor(_ prefix: StaticString, _ triple: Int) {
        text(prefix)
        let hex = ("0123456789abcdef" as StaticString).utf8Start
        byte(hex[(triple >> 20) & 15]); byte(hex[(triple >> 16) & 15])
        byte(hex[(triple >> 12) & 15]); byte(hex[(triple >> 8) & 15])
        byte(hex[(triple >> 4) & 15]); byte(hex[triple & 15])
        byte(0x22)
    }
}
