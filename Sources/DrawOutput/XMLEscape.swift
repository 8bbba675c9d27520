// XML text escaping and Base64, for backends that write XML (SVG; later XMP metadata).
// Generic helpers only: no format-specific policy lives here.

extension ByteBuffer {
    /// Whether `scalar` may appear in an XML 1.0 document at all (production `Char`:
    /// #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]).
    package static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD: true
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// Whether `scalar` is a control character: C0, DEL or C1. XML 1.0 forbids most of C0
    /// and discourages DEL and C1; none of them has a visible glyph.
    package static func isControlCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Appends one scalar escaped for XML text or a quoted attribute value (either quote):
    /// `& < > " '` become entities; tab, line feed and carriage return become character
    /// references so that attribute normalisation and line-end handling cannot change them;
    /// scalars XML forbids are dropped. Returns false when the scalar was dropped.
    @discardableResult
    package mutating func appendXMLEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "&": append("&amp;")
        case "<": append("&lt;")
        case ">": append("&gt;")
        case "\"": append("&quot;")
        case "'": append("&apos;")
        case "\t": append("&#9;")
        case "\n": append("&#10;")
        case "\r": append("&#13;")
        default:
            guard Self.isXMLCharacter(scalar) else { return false }
            appendUTF8(scalar)
        }
        return true
    }

    /// Appends `text` escaped as by `appendXMLEscaped(_: Unicode.Scalar)`.
    package mutating func appendXMLEscaped(_ text: String) {
        for scalar in text.unicodeScalars { appendXMLEscaped(scalar) }
    }

    /// Appends the UTF-8 encoding of one scalar.
    package mutating func appendUTF8(_ scalar: Unicode.Scalar) {
        let v = scalar.value
        switch v {
        case 0..<0x80:
            append(UInt8(v))
        case 0x80..<0x800:
            append(UInt8(0xC0 | (v >> 6))); append(UInt8(0x80 | (v & 0x3F)))
        case 0x800..<0x10000:
            append(UInt8(0xE0 | (v >> 12))); append(UInt8(0x80 | ((v >> 6) & 0x3F)))
            append(UInt8(0x80 | (v & 0x3F)))
        default:
            append(UInt8(0xF0 | (v >> 18))); append(UInt8(0x80 | ((v >> 12) & 0x3F)))
            append(UInt8(0x80 | ((v >> 6) & 0x3F))); append(UInt8(0x80 | (v & 0x3F)))
        }
    }

    /// Appends `data` in Base64 (RFC 4648 §4, with `=` padding, no line breaks).
    package mutating func appendBase64(_ data: [UInt8]) {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var index = 0
        let count = data.count
        while index + 3 <= count {
            let n = UInt32(data[index]) << 16 | UInt32(data[index + 1]) << 8 | UInt32(data[index + 2])
            append(alphabet[Int(n >> 18)]); append(alphabet[Int((n >> 12) & 63)])
            append(alphabet[Int((n >> 6) & 63)]); append(alphabet[Int(n & 63)])
            index += 3
        }
        switch count - index {
        case 1:
            let n = UInt32(data[index]) << 16
            append(alphabet[Int(n >> 18)]); append(alphabet[Int((n >> 12) & 63)])
            append(0x3D); append(0x3D)
        case 2:
            let n = UInt32(data[index]) << 16 | UInt32(data[index + 1]) << 8
            append(alphabet[Int(n >> 18)]); append(alphabet[Int((n >> 12) & 63)])
            append(alphabet[Int((n >> 6) & 63)]); append(0x3D)
        default:
            break
        }
    }
}
