// Rich-text markup inside one text (`markup: true`): docs/language.md, *Rich text*.
//
//     markup = { plain | "*" markup "*" | "_" markup "_" | "[" settings "]" "{" markup "}" } ;
//     settings = setting { "," setting } ;
//     setting = name ":" value ;          value = word | number [ unit ] | "'" text "'" ;
//
// `*…*` is bold, `_…_` italic, `[color: red, fontSize: 14pt]{…}` sets text properties for
// its content; they nest. A doubled marker is the character itself: `**` is `*`, `__` is
// `_`, `[[` is `[`, `}}` is `}` (so every marker is escapable inside a string literal,
// whose own escapes stay as they are). `]` and `{` are plain outside a span's settings.
//
// Takes the decoded content of a text; hands back runs of plain text with the settings in
// force for each and the byte offset (in the content) of every scalar, so layout reports a
// missing glyph at its place, and errors at the exact bytes of the markup. It does not
// apply the settings: `MarkupStyle.apply` does, onto the node's resolved style.

import DrawBase
import DrawCatalogue
import DrawSyntax

/// Text properties a markup span may set; nil: the enclosing value.
package struct MarkupStyle: Hashable, Sendable {
    package var bold: Bool?
    package var italic: Bool?
    package var color: Color?
    package var fontSize: Double?
    /// `fontSize: 80%`: relative to the enclosing size.
    package var fontScale: Double?
    package var fonts: [String]?
    /// Where the `font:` value is in the content (the path or name itself, inside any
    /// quotes), so a font that cannot be had is reported there; -1: not set by markup. Not
    /// part of the settings: runs set alike from two places are one style.
    @Uncompared package var fontOffset: Int32 = -1
    @Uncompared package var fontLength: Int32 = 0
    package var underline: Bool?
    package var strikethrough: Bool?
    package var letterSpacing: Double?
    package var wordSpacing: Double?
    package var baselineShift: (points: Double, em: Double)? {
        get { shiftSet ? (shiftPoints, shiftEm) : nil }
        set { if let v = newValue { shiftSet = true; shiftPoints = v.points; shiftEm = v.em } else { shiftSet = false } }
    }
    private var shiftSet = false, shiftPoints = 0.0, shiftEm = 0.0
    package var smallCaps: Bool?
    package var textTransform: TextTransform?
    package init() {}

    /// The style of a run: `base` (the node's) with these settings on top.
    package func apply(to base: ResolvedStyle) -> ResolvedStyle {
        var style = base
        if let bold { style.bold = bold }
        if let italic { style.italic = italic }
        if let color { style.color = color }
        if let fontScale { style.fontSize *= fontScale }
        if let fontSize { style.fontSize = fontSize }
        if let fonts { style.fonts = fonts }
        var t = style.typography
        let before = t
        if let underline { t.underline = underline }
        if let strikethrough { t.strikethrough = strikethrough }
        if let letterSpacing { t.letterSpacing = letterSpacing }
        if let wordSpacing { t.wordSpacing = wordSpacing }
        if let shift = baselineShift { t.baselineShift = shift.points; t.baselineShiftEm = shift.em }
        if let smallCaps { t.smallCaps = smallCaps }
        if let textTransform { t.textTransform = textTransform }
        if t != before { style.typography = t }
        return style
    }

    /// `other` on top of these settings.
    func merged(with other: MarkupStyle) -> MarkupStyle {
        var m = self
        if let v = other.bold { m.bold = v }
        if let v = other.italic { m.italic = v }
        if let v = other.color { m.color = v }
        if let v = other.fontSize { m.fontSize = v; m.fontScale = nil }
        if let v = other.fontScale {
            if let size = m.fontSize { m.fontSize = size * v } else { m.fontScale = (m.fontScale ?? 1) * v }
        }
        if let v = other.fonts { m.fonts = v; m.fontOffset = other.fontOffset; m.fontLength = other.fontLength }
        if let v = other.underline { m.underline = v }
        if let v = other.strikethrough { m.strikethrough = v }
        if let v = other.letterSpacing { m.letterSpacing = v }
        if let v = other.wordSpacing { m.wordSpacing = v }
        if let v = other.baselineShift { m.baselineShift = v }
        if let v = other.smallCaps { m.smallCaps = v }
        if let v = other.textTransform { m.textTransform = v }
        return m
    }
}

/// Plain text with one set of markup settings.
package struct MarkupRun: Sendable {
    package var text: String.UnicodeScalarView
    /// Byte offset in the content of each scalar of `text`.
    package var offsets: [Int32]
    package var style: MarkupStyle
}

/// A mistake in the markup, at bytes of the content.
package struct MarkupError: Sendable, Equatable {
    package var id: MarkupID
    package var offset: Int
    package var length: Int
    package var message: String
    /// Where the unclosed marker was opened, for the note.
    package var openedAt: Int?
    package var openerText: String?
}

/// Limits against hostile markup (each breach is an error).
package enum MarkupLimits {
    /// Markers open at once.
    package static let maxDepth = 32
    /// Settings in one span header.
    package static let maxSettings = 32
}

/// The text properties a span may set, for messages.
package let markupPropertyNames = [
    "bold", "italic", "color", "fontSize", "font", "underline", "strikethrough", "letterSpacing", "wordSpacing",
    "baselineShift", "smallCaps", "textTransform",
]

/// Splits `content` into runs. Without errors, the runs' texts joined are the text drawn.
package func parseMarkup(_ content: String) -> (runs: [MarkupRun], errors: [MarkupError]) {
    let bytes = Array(content.utf8)
    var runs: [MarkupRun] = []
    var errors: [MarkupError] = []
    // The markers open: their byte (`*`, `_`, `[`), where, and the settings in force inside.
    var open: [(marker: UInt8, offset: Int, style: MarkupStyle)] = []
    var current = MarkupStyle()
    var pending = String.UnicodeScalarView()
    var pendingOffsets: [Int32] = []

    func flush() {
        if !pending.isEmpty {
            runs.append(MarkupRun(text: pending, offsets: pendingOffsets, style: current))
            pending = String.UnicodeScalarView(); pendingOffsets = []
        }
    }
    func literal(_ scalar: Unicode.Scalar, at offset: Int) {
        pending.append(scalar); pendingOffsets.append(Int32(offset))
    }
    func push(_ marker: UInt8, at offset: Int, _ change: MarkupStyle) -> Bool {
        guard open.count < MarkupLimits.maxDepth else {
            errors.append(MarkupError(id: .tooDeep, offset: offset, length: 1,
                                      message: MarkupMessages.tooDeep()))
            return false
        }
        flush()
        open.append((marker, offset, current))
        current = current.merged(with: change)
        return true
    }
    func pop() {
        flush()
        current = open.removeLast().style
    }

    var i = 0
    let n = bytes.count
    while i < n {
        let b = bytes[i]
        let doubled = i + 1 < n && bytes[i + 1] == b
        switch b {
        case UInt8(ascii: "*"), UInt8(ascii: "_"):
            if doubled { literal(Unicode.Scalar(b), at: i); i += 2; continue }
            if let top = open.last, top.marker == b {
                pop()
            } else if open.contains(where: { $0.marker == b }) {
                // Closing an outer marker across an inner one: `*a _b* c_`.
                let inner = open.last!
                let innerCloser = inner.marker == UInt8(ascii: "[") ? UInt8(ascii: "}") : inner.marker
                errors.append(MarkupError(id: .crossed, offset: i, length: 1,
                    message: MarkupMessages.crossed(String(Unicode.Scalar(b)), across: String(Unicode.Scalar(innerCloser))),
                    openedAt: inner.offset, openerText: String(Unicode.Scalar(inner.marker))))
                return (runs, errors)
            } else {
                var change = MarkupStyle()
                if b == UInt8(ascii: "*") { change.bold = true } else { change.italic = true }
                if !push(b, at: i, change) { return (runs, errors) }
            }
            i += 1
        case UInt8(ascii: "["):
            if doubled { literal("[", at: i); i += 2; continue }
            guard let (change, next) = parseSettings(bytes, from: i, errors: &errors) else { return (runs, errors) }
            if !push(b, at: i, change) { return (runs, errors) }
            i = next
        case UInt8(ascii: "}"):
            if doubled { literal("}", at: i); i += 2; continue }
            guard let top = open.last else {
                errors.append(MarkupError(id: .unmatched, offset: i, length: 1,
                    message: MarkupMessages.unmatchedBrace()))
                return (runs, errors)
            }
            guard top.marker == UInt8(ascii: "[") else {
                errors.append(MarkupError(id: .crossed, offset: i, length: 1,
                    message: MarkupMessages.braceCrossed(String(Unicode.Scalar(top.marker))),
                    openedAt: top.offset, openerText: String(Unicode.Scalar(top.marker))))
                return (runs, errors)
            }
            pop()
            i += 1
        default:
            // One UTF-8 scalar.
            let width = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
            let end = min(n, i + width)
            var decoder = UTF8()
            var iterator = bytes[i..<end].makeIterator()
            if case .scalarValue(let scalar) = decoder.decode(&iterator) { literal(scalar, at: i) }
            i = end
        }
    }
    if let top = open.last {
        errors.append(MarkupError(id: .unclosed, offset: n, length: 0,
            message: MarkupMessages.unclosed(opener: top.marker),
            openedAt: top.offset, openerText: String(Unicode.Scalar(top.marker))))
        return (runs, errors)
    }
    flush()
    return (runs, errors)
}

/// `[name: value, …]{`: the settings, and the offset after the `{`. Nil after an error.
private func parseSettings(_ bytes: [UInt8], from start: Int, errors: inout [MarkupError]) -> (MarkupStyle, Int)? {
    var i = start + 1
    let n = bytes.count
    var style = MarkupStyle()
    var count = 0
    func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
    func skipSpaces() { while i < n, isSpace(bytes[i]) { i += 1 } }
    func fail(_ id: MarkupID, _ at: Int, _ length: Int, _ message: String) -> (MarkupStyle, Int)? {
        let opener: String? = at == start ? nil : "["
        errors.append(MarkupError(id: id, offset: at, length: max(0, length), message: message,
                                  openedAt: at == start ? nil : start, openerText: opener))
        return nil
    }
    func text(_ a: Int, _ b: Int) -> String { String(decoding: bytes[a..<b], as: UTF8.self) }
    /// The character at `i` as a message quotes it, or the end of the text.
    func found(_ i: Int) -> String { MarkupMessages.found(i < n ? text(i, i + 1) : nil) }
    func isWordByte(_ b: UInt8) -> Bool {
        (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
            || b == UInt8(ascii: "_") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || b == UInt8(ascii: "#")
            || b == UInt8(ascii: "%")
    }
    while true {
        skipSpaces()
        let nameStart = i
        while i < n, isWordByte(bytes[i]) { i += 1 }
        let name = text(nameStart, i)
        if name.isEmpty {
            return fail(.settings, i, i < n ? 1 : 0, MarkupMessages.expectedName(found: found(i)))
        }
        guard markupPropertyNames.contains(name) else {
            return fail(.unknownProperty, nameStart, i - nameStart, MarkupMessages.notSettable(name, names: markupPropertyNames))
        }
        skipSpaces()
        guard i < n, bytes[i] == UInt8(ascii: ":") else {
            return fail(.settings, i, i < n ? 1 : 0, MarkupMessages.expectedColon(after: name, found: found(i)))
        }
        i += 1
        skipSpaces()
        let valueStart = i
        var quoted: String?
        if i < n, bytes[i] == UInt8(ascii: "'") {
            i += 1
            let textStart = i
            while i < n, bytes[i] != UInt8(ascii: "'") { i += 1 }
            guard i < n else { return fail(.settings, valueStart, n - valueStart, MarkupMessages.unendedQuote()) }
            quoted = text(textStart, i)
            i += 1
        } else {
            // `/` for a font file path (`font: fonts/Inter.ttf`); `]`, `,` and spaces end a value.
            while i < n, isWordByte(bytes[i]) || bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "/") { i += 1 }
        }
        let valueText = text(valueStart, i)
        if valueText.isEmpty {
            return fail(.settings, i, i < n ? 1 : 0, MarkupMessages.expectedValue(for: name, found: found(i)))
        }
        if let message = setMarkup(name, valueText, quoted: quoted, on: &style) {
            return fail(.value, valueStart, i - valueStart, message)
        }
        if name == "font" {
            // The name or path itself: inside the quotes when quoted.
            let inner = quoted != nil ? valueStart + 1 : valueStart
            style.fontOffset = Int32(inner)
            style.fontLength = Int32(quoted != nil ? i - valueStart - 2 : i - valueStart)
        }
        count += 1
        if count > MarkupLimits.maxSettings {
            return fail(.settings, nameStart, i - nameStart, MarkupMessages.tooManySettings())
        }
        skipSpaces()
        guard i < n else { return fail(.settings, n, 0, MarkupMessages.unendedSettings()) }
        if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
        if bytes[i] == UInt8(ascii: "]") { i += 1; break }
        return fail(.settings, i, 1, MarkupMessages.expectedCommaOrBracket(found: text(i, i + 1)))
    }
    guard i < n, bytes[i] == UInt8(ascii: "{") else {
        return fail(.settings, i, i < n ? 1 : 0, MarkupMessages.expectedBrace(found: found(i)))
    }
    return (style, i + 1)
}

/// Sets one markup property from its written value; the message when the value is wrong.
private func setMarkup(_ name: String, _ value: String, quoted: String?, on style: inout MarkupStyle) -> String? {
    func bool() -> Bool? { value == "true" ? true : value == "false" ? false : nil }
    /// A number with an optional unit, in points (`%`: nil points, a fraction).
    func measure() -> (points: Double?, fraction: Double?)? {
        var digits = Substring(value)
        var factor = 1.0
        var percent = false
        for unit in NumberUnit.written where digits.hasSuffix(unit.spelling) {
            switch unit {
            case .pt: factor = 1
            case .mm: factor = 72 / 25.4
            case .cm: factor = 72 / 2.54
            case .inch: factor = 72
            case .px: factor = 0.75
            case .percent: factor = 0.01; percent = true
            case .deg, .none: return nil  // a markup length takes no angle
            }
            digits = digits.dropLast(unit.spelling.utf8.count)
            break
        }
        guard let x = Double(digits), x.isFinite else { return nil }
        return percent ? (nil, x * factor) : (x * factor, nil)
    }
    /// Sets a true/false setting; the message when the value is neither.
    func setFlag(_ field: WritableKeyPath<MarkupStyle, Bool?>) -> String? {
        guard let flag = bool() else { return MarkupMessages.notAFlag(name, value) }
        style[keyPath: field] = flag
        return nil
    }
    // A span sets text properties only, by the catalogue's names; the switch is exhaustive
    // over the text role, so a new text property is a decision here too.
    guard let property = Property.named(name), case .text(let setting) = property.role else {
        return MarkupMessages.notInMarkup(name)
    }
    switch setting {
    case .bold: return setFlag(\.bold)
    case .italic: return setFlag(\.italic)
    case .underline: return setFlag(\.underline)
    case .strikethrough: return setFlag(\.strikethrough)
    case .smallCaps: return setFlag(\.smallCaps)
    case .color:
        if let color = NamedColors.color(named: value) { style.color = color; return nil }
        if let color = parseHexColor(value) { style.color = color; return nil }
        return MarkupMessages.notAColor(value)
    case .fontSize:
        guard let m = measure() else { return MarkupMessages.fontSizeNotMeasure(value) }
        if let p = m.points {
            guard p > 0, p <= 10_000 else { return MarkupMessages.fontSizeOutOfRange(value) }
            style.fontSize = p
        } else if let f = m.fraction {
            guard f > 0, f <= 100 else { return MarkupMessages.fontScaleNotPositive(value) }
            style.fontScale = f
        }
    case .font:
        // A family name, or a font file path as `font:` takes it (relative to the drawing).
        let family = quoted ?? value
        guard !family.isEmpty else { return MarkupMessages.fontEmpty() }
        style.fonts = [family]
    case .letterSpacing, .wordSpacing:
        guard let m = measure(), let p = m.points, abs(p) <= TextLimits.maxSpacing else {
            return MarkupMessages.spacingOutOfRange(name, value)
        }
        if setting == .letterSpacing { style.letterSpacing = p } else { style.wordSpacing = p }
    case .baselineShift:
        switch BaselineShiftWord(rawValue: value) {
        case .super?: style.baselineShift = (0, Typography.superscriptShift)
        case .sub?: style.baselineShift = (0, Typography.subscriptShift)
        case .baseline?: style.baselineShift = (0, 0)
        case nil:
            guard let m = measure() else { return MarkupMessages.baselineShiftNotMeasure(value) }
            if let p = m.points {
                guard abs(p) <= TextLimits.maxSpacing else { return MarkupMessages.baselineShiftOutOfRange() }
                style.baselineShift = (p, 0)
            } else { style.baselineShift = (0, m.fraction ?? 0) }
        }
    case .textTransform:
        guard let t = textTransformNames[value] else { return MarkupMessages.notATextTransform(value) }
        style.textTransform = t
    case .align, .lineHeight, .hyphenate, .markup, .tabStops, .textDirection, .features:
        return MarkupMessages.notInMarkup(name)
    }
    return nil
}

/// `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`.
private func parseHexColor(_ text: String) -> Color? {
    guard text.hasPrefix("#") else { return nil }
    let digits = Array(text.utf8.dropFirst())
    guard [3, 4, 6, 8].contains(digits.count) else { return nil }
    var values: [UInt8] = []
    for d in digits {
        switch d {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(d - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): values.append(d - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): values.append(d - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
    var c: [Double] = []
    if values.count <= 4 {
        c = values.map { Double($0 << 4 | $0) / 255 }
    } else {
        for k in stride(from: 0, to: values.count, by: 2) { c.append(Double(values[k] << 4 | values[k + 1]) / 255) }
    }
    return Color(red: c[0], green: c[1], blue: c[2], alpha: c.count == 4 ? c[3] : 1)
}
