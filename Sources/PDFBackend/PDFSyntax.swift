// The PDF object syntax (ISO 32000-1 §7.3) that the writer needs: literal and hex strings,
// text strings for the document information dictionary, and dates. Numbers always go through
// the shared `NumberFormat` (never exponent notation, which PDF forbids).

import DrawOutput

extension ByteBuffer {
    /// Appends ASCII text as is (operators, names and keys written by the backend itself).
    @inline(__always)
    mutating func ascii(_ text: StaticString) {
        append(static: text)
    }

    /// A literal string `( … )` holding `bytes`: `(`, `)` and `\` are escaped, and every
    /// byte outside printable ASCII is written as a three-digit octal escape, so the file
    /// stays 7-bit in its text parts and no line ending inside a string can be normalised
    /// away by a transfer.
    mutating func literalString(_ string: some Sequence<UInt8>) {
        append(0x28)
        for byte in string { literalStringByte(byte) }
        append(0x29)
    }

    /// One byte inside a literal string, escaped as `literalString` does.
    @inline(__always)
    mutating func literalStringByte(_ byte: UInt8) {
        switch byte {
        case 0x28, 0x29, 0x5C:
            append(0x5C); append(byte)
        case 0x20...0x7E:
            append(byte)
        default:
            append(0x5C)
            append(0x30 + (byte >> 6))
            append(0x30 + ((byte >> 3) & 7))
            append(0x30 + (byte & 7))
        }
    }

    /// A hex string `< … >` of `bytes` in upper-case hex.
    mutating func hexString(_ string: some Sequence<UInt8>) {
        append(0x3C)
        for byte in string { hexByte(byte) }
        append(0x3E)
    }

    mutating func hexByte(_ byte: UInt8) {
        let digits: StaticString = "0123456789ABCDEF"
        digits.withUTF8Buffer { table in
            append(table[Int(byte >> 4)])
            append(table[Int(byte & 15)])
        }
    }

    /// A text string (§7.9.2.2) for the information dictionary: plain ASCII as a literal
    /// string; anything else as UTF-16BE with a byte order mark, which every reader
    /// decodes the same (PDFDocEncoding differs from Latin-1 in 0x80…0x9F, so we avoid it).
    mutating func textString(_ text: String) {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            literalString(text.utf8)
            return
        }
        var units: [UInt8] = [0xFE, 0xFF]
        for unit in text.utf16 {
            units.append(UInt8(unit >> 8))
            units.append(UInt8(unit & 0xFF))
        }
        hexString(units)
    }

    /// A name object `/Name`; bytes outside the regular characters are written `#xx`
    /// (§7.3.5). Our own names never need it; font names from files might.
    mutating func name(_ text: String) {
        append(0x2F)
        for byte in text.utf8 {
            switch byte {
            case 0x21...0x7E where !"#%()/<>[]{}".utf8.contains(byte):
                append(byte)
            default:
                append(0x23); hexByte(byte)
            }
        }
    }

    /// An indirect reference `n 0 R`.
    mutating func reference(_ object: Int) {
        append(integer: object)
        ascii(" 0 R")
    }
}

/// A PDF date `D:YYYYMMDDHHmmSSZ` (§7.9.4) for `seconds` since 1970-01-01 UTC, computed
/// with integer calendar arithmetic (proleptic Gregorian), so no clock, time zone or
/// locale is involved.
package func pdfDate(secondsSinceEpoch seconds: Int) -> String {
    // PDF dates have four-digit years: clamp to 0000-01-01 … 9999-12-31 (and keep the
    // arithmetic below far from overflow for any Int).
    let seconds = min(max(seconds, -62_167_219_200), 253_402_300_799)
    let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
    let secondOfDay = seconds - days * 86_400
    // Civil date from a day count: shift the epoch to 0000-03-01 so leap days fall at
    // the end of a year, then split into 400-year eras of 146,097 days.
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153  // 0 = March
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)

    func digits(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return "D:" + digits(year, 4) + digits(month, 2) + digits(day, 2)
        + digits(secondOfDay / 3600, 2) + digits(secondOfDay / 60 % 60, 2) + digits(secondOfDay % 60, 2) + "Z"
}
