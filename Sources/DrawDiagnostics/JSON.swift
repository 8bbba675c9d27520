// The one JSON of drawc (RFC 8259): a closed enum, the one reader (a parser over bytes) and
// the one writer (into a growing `[UInt8]`), used by the language server, the preview server,
// `--diagnostics json`, the document filters, the fuzz targets and the benchmarks. It lives
// here, the lowest target all of them import. Objects keep their keys in the order written,
// so the same value is always the same bytes. Parsing is iterative over nesting
// only through recursion bounded by `JSON.maximumDepth`, so a hostile message cannot
// exhaust the stack; a malformed message is an error value, never a crash.

/// A JSON value.
package enum JSON: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    /// Members in the order written (lookups are linear: protocol objects are small).
    case object([(String, JSON)])

    /// Deepest nesting accepted from a client.
    package static let maximumDepth = 256

    package static func == (a: JSON, b: JSON) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.number(let x), .number(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)): x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    package func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(b)
        case .number(let n): hasher.combine(n)
        case .string(let s): hasher.combine(s)
        case .array(let a): hasher.combine(a)
        case .object(let o): for (k, v) in o { hasher.combine(k); hasher.combine(v) }
        }
    }

    package subscript(key: String) -> JSON? {
        if case .object(let members) = self { return members.first { $0.0 == key }?.1 }
        return nil
    }

    package subscript(index: Int) -> JSON? {
        if case .array(let items) = self, index >= 0, index < items.count { return items[index] }
        return nil
    }

    package var string: String? { if case .string(let s) = self { s } else { nil } }
    package var number: Double? { if case .number(let n) = self { n } else { nil } }
    package var int: Int? {
        guard case .number(let n) = self, n.isFinite, n == n.rounded(), abs(n) < 9e15 else { return nil }
        return Int(n)
    }
    package var bool: Bool? { if case .bool(let b) = self { b } else { nil } }
    package var array: [JSON]? { if case .array(let a) = self { a } else { nil } }
    package var isNull: Bool { if case .null = self { true } else { false } }

    package init(_ int: Int) { self = .number(Double(int)) }

    // MARK: Writing

    /// The value as compact JSON text (UTF-8).
    package var bytes: [UInt8] {
        var out: [UInt8] = []
        write(into: &out)
        return out
    }

    package func write(into out: inout [UInt8]) {
        switch self {
        case .null: out += Array("null".utf8)
        case .bool(let b): out += Array((b ? "true" : "false").utf8)
        case .number(let n): JSON.writeNumber(n, into: &out)
        case .string(let s): JSON.writeString(s, into: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.write(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSON.writeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                value.write(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Whole numbers below 9e15 without a point; others below 9e9 with up to 6 decimals,
    /// trailing zeros trimmed; larger ones as Swift's shortest round-trip text (protocol
    /// numbers are positions, sizes and colour components: no exponent in practice).
    package static func writeNumber(_ value: Double, into out: inout [UInt8]) {
        guard value.isFinite else { out += Array("0".utf8); return }
        if value == value.rounded(), abs(value) < 9e15 {
            out += Array(String(Int(value)).utf8)
            return
        }
        // Beyond 9e15 the six decimals are gone anyway, and `Int` ends at 9.2e18: Swift's
        // shortest round-trip text (with an exponent past 2^53: still JSON) keeps the value.
        guard abs(value) < 9e9 else { out += Array(value.description.utf8); return }
        let negative = value < 0
        let scaled = (abs(value) * 1_000_000).rounded()
        let whole = Int(scaled) / 1_000_000
        var fraction = Int(scaled) % 1_000_000
        if negative && (whole != 0 || fraction != 0) { out.append(UInt8(ascii: "-")) }
        out += Array(String(whole).utf8)
        if fraction != 0 {
            var digits = 6
            while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
            let text = String(fraction)
            out.append(UInt8(ascii: "."))
            out += [UInt8](repeating: UInt8(ascii: "0"), count: digits - text.utf8.count)
            out += Array(text.utf8)
        }
    }

    /// A string literal: `"` and `\\` escaped, line feed, carriage return, tab, backspace and
    /// form feed as their short escapes, other control characters and DEL as `\\u00xx`.
    /// `htmlSafe` also escapes `<` (never `</script>` inside a page) and U+2028/U+2029 (line
    /// ends to JavaScript).
    package static func writeString(_ s: String, htmlSafe: Bool = false, into out: inout [UInt8]) {
        func escape(_ value: UInt32) {
            out += [0x5C, UInt8(ascii: "u")]
            for shift in stride(from: 12, through: 0, by: -4) { out.append(hexDigits[Int((value >> UInt32(shift)) & 15)]) }
        }
        out.append(UInt8(ascii: "\""))
        let utf8 = s.utf8
        var i = utf8.startIndex
        while i != utf8.endIndex {
            let byte = utf8[i]
            switch byte {
            case UInt8(ascii: "\""): out += [0x5C, 0x22]
            case UInt8(ascii: "\\"): out += [0x5C, 0x5C]
            case 0x0A: out += [0x5C, UInt8(ascii: "n")]
            case 0x0D: out += [0x5C, UInt8(ascii: "r")]
            case 0x09: out += [0x5C, UInt8(ascii: "t")]
            case 0x08: out += [0x5C, UInt8(ascii: "b")]
            case 0x0C: out += [0x5C, UInt8(ascii: "f")]
            case 0..<0x20, 0x7F: escape(UInt32(byte))
            case UInt8(ascii: "<") where htmlSafe: escape(0x3C)
            case 0xE2 where htmlSafe:
                // U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
                let next = utf8.index(after: i)
                if next != utf8.endIndex, utf8[next] == 0x80, utf8.index(after: next) != utf8.endIndex,
                   case let last = utf8[utf8.index(after: next)], last == 0xA8 || last == 0xA9 {
                    escape(last == 0xA8 ? 0x2028 : 0x2029)
                    i = utf8.index(after: utf8.index(after: next))
                    continue
                }
                out.append(byte)
            default: out.append(byte)
            }
            i = utf8.index(after: i)
        }
        out.append(UInt8(ascii: "\""))
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// `s` as a JSON string literal (`writeString`), for text built around it.
    package static func quoted(_ s: String, htmlSafe: Bool = false) -> String {
        var out: [UInt8] = []
        writeString(s, htmlSafe: htmlSafe, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: Parsing

    /// Parses one JSON text; nil when it is not valid JSON or nests deeper than `maximumDepth`.
    package static func parse(_ bytes: [UInt8]) -> JSON? {
        parseMessage(bytes)?.value
    }

    /// Parses one JSON text and keeps the text of its top-level `id` member when that is a
    /// number (the first `id`, the one `value["id"]` finds): a request's id is echoed as the
    /// client wrote it, not as a `Double` would print it (`1e19`, `9007199254740993`).
    package static func parseMessage(_ bytes: [UInt8]) -> (value: JSON, idText: [UInt8]?)? {
        var parser = JSONParser(bytes: bytes)
        guard let value = parser.value(depth: 0) else { return nil }
        parser.skipBlanks()
        guard parser.index == bytes.count else { return nil }
        return (value, parser.idText.map { Array(bytes[$0]) })
    }
}

private struct JSONParser {
    let bytes: [UInt8]
    var index = 0
    /// Where the top-level object's first `id` member's number is, if it is one.
    var idText: Range<Int>?
    var sawID = false

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func skipBlanks() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    mutating func literal(_ word: String, _ value: JSON) -> JSON? {
        let w = Array(word.utf8)
        guard index + w.count <= bytes.count, Array(bytes[index..<index + w.count]) == w else { return nil }
        index += w.count
        return value
    }

    mutating func value(depth: Int) -> JSON? {
        guard depth < JSON.maximumDepth else { return nil }
        skipBlanks()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "n"): return literal("null", .null)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "\""): return string().map(JSON.string)
        case UInt8(ascii: "["):
            index += 1
            var items: [JSON] = []
            skipBlanks()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            while true {
                guard let item = value(depth: depth + 1) else { return nil }
                items.append(item)
                skipBlanks()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
                return nil
            }
        case UInt8(ascii: "{"):
            index += 1
            var members: [(String, JSON)] = []
            skipBlanks()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            while true {
                skipBlanks()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
                skipBlanks()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                index += 1
                let isFirstID = depth == 0 && key == "id" && !sawID
                if isFirstID { sawID = true; skipBlanks() }
                let itemStart = index
                guard let item = value(depth: depth + 1) else { return nil }
                if isFirstID, case .number = item { idText = itemStart..<index }
                members.append((key, item))
                skipBlanks()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                return nil
            }
        default: return number()
        }
    }

    mutating func number() -> JSON? {
        let start = index
        while index < bytes.count {
            let b = bytes[index]
            if (b >= 0x30 && b <= 0x39) || b == UInt8(ascii: "-") || b == UInt8(ascii: "+") || b == UInt8(ascii: ".")
                || b == UInt8(ascii: "e") || b == UInt8(ascii: "E") {
                index += 1
            } else { break }
        }
        guard index > start, Self.isJSONNumber(bytes[start..<index]),
              let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else { return nil }
        return .number(value)
    }

    /// RFC 8259's `number`: `-? (0 | [1-9] digit*) (. digit+)? ([eE] [+-]? digit+)?` (no `+1`,
    /// `01` or `.5`, which `Double` would take, so that an echoed id is always JSON).
    static func isJSONNumber(_ text: ArraySlice<UInt8>) -> Bool {
        var i = text.startIndex
        func digits() -> Int {
            let from = i
            while i < text.endIndex, text[i] >= 0x30, text[i] <= 0x39 { i += 1 }
            return i - from
        }
        if i < text.endIndex, text[i] == UInt8(ascii: "-") { i += 1 }
        guard i < text.endIndex else { return false }
        if text[i] == UInt8(ascii: "0") { i += 1 } else if digits() == 0 { return false }
        if i < text.endIndex, text[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { return false }
        }
        if i < text.endIndex, text[i] == UInt8(ascii: "e") || text[i] == UInt8(ascii: "E") {
            i += 1
            if i < text.endIndex, text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { return false }
        }
        return i == text.endIndex
    }

    mutating func hex4() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[index]
            let d: UInt32
            switch b {
            case 0x30...0x39: d = UInt32(b - 0x30)
            case 0x41...0x46: d = UInt32(b - 0x41 + 10)
            case 0x61...0x66: d = UInt32(b - 0x61 + 10)
            default: return nil
            }
            v = v * 16 + d
            index += 1
        }
        return v
    }

    mutating func string() -> String? {
        index += 1  // the opening quote
        var out: [UInt8] = []
        while index < bytes.count {
            let b = bytes[index]
            index += 1
            if b == UInt8(ascii: "\"") { return String(decoding: out, as: UTF8.self) }
            if b != UInt8(ascii: "\\") { out.append(b); continue }
            guard index < bytes.count else { return nil }
            let e = bytes[index]
            index += 1
            switch e {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "u"):
                guard var scalar = hex4() else { return nil }
                if scalar >= 0xD800 && scalar < 0xDC00, index + 1 < bytes.count, bytes[index] == 0x5C, bytes[index + 1] == UInt8(ascii: "u") {
                    index += 2
                    guard let low = hex4(), low >= 0xDC00 && low < 0xE000 else { return nil }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                out += Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
            default: out.append(e)
            }
        }
        return nil
    }
}

extension JSON: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral, ExpressibleByArrayLiteral {
    package init(stringLiteral value: String) { self = .string(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(integerLiteral value: Int) { self = .number(Double(value)) }
    package init(arrayLiteral elements: JSON...) { self = .array(elements) }
}
