// Data files: `csv("file.csv")` and `json("file.json")` read through the `Resources`
// boundary and become values — a CSV with a header row a list of records, JSON whatever it
// holds (objects are records, arrays lists, null is `none`).
//
// The file joins the compilation's sources, so every mistake in it is an ordinary
// diagnostic at its own line and column (the data file's line shown with a caret), with a
// note at the `.draw` call that read it. Parsing is over bytes: one pass, no recursion for
// CSV; JSON recurses only through nesting, capped at `DataLimits.maximumJSONDepth`.
//
// CSV follows RFC 4180: fields separated by the delimiter (`,` unless `delimiter:` says
// otherwise), records by CRLF or LF (a lone CR too), a field in double quotes may hold the
// delimiter, line breaks and `""` for a quote. Decisions beyond the RFC (docs/language.md):
// a UTF-8 byte order mark is skipped; a completely empty line is skipped; the first record
// names the fields (`header: false` gives lists of strings instead of records); with
// `numbers: true` (the default) an unquoted field spelled as a decimal number becomes a
// number when that number prints back as exactly the field, zeros ending a fraction aside
// (`12`, `-4.5`, `-4.0`; not `007`, `1e5`, `+1` or 16+ digit numbers, which stay strings);
// quoted fields stay strings.

import DrawDiagnostics
import DrawOutput
import DrawResources
import DrawSyntax

package enum DataLimits {
    /// Diagnostics reported for one data file before the rest is summed up in one.
    package static let maximumDiagnosticsPerFile = 20
    /// Nesting of JSON arrays and objects.
    package static let maximumJSONDepth = 256
}

extension Evaluation {
    /// `csv(path, …)` or `json(path)`; `pathSpan` is the path argument, `call` the call.
    func readDataFile(_ function: String, path: String, pathSpan: Span, call: Span, options: [NamedArgument]) -> Value? {
        var delimiter = UInt8(ascii: ",")
        var header = true
        var numbers = true
        for option in options {
            switch (option.label.name, option.value) {
            case ("delimiter", .string(let text)) where text.utf8.count == 1 && text != "\"" && text != "\n" && text != "\r":
                delimiter = text.utf8.first!
            case ("delimiter", _):
                report(EvalMessages.badDelimiter(at: option.span))
                return nil
            case ("header", .bool(let flag)): header = flag
            case ("numbers", .bool(let flag)): numbers = flag
            default:
                typeMismatch(.csvOption(option.label.name), option.value, option.span, option.expr)
                return nil
            }
        }
        let resolved = resolvePath(path, relativeTo: pathSpan)
        let key = "\(function) \(delimiter) \(header) \(numbers) \(resolved)"
        if let known = dataCache[key] {
            if case .poison = known { return nil }
            return known
        }
        let bytes: [UInt8]
        switch resources.read(resolved, maximumBytes: ResourceLimits.maximumDataBytes) {
        case .success(let read): bytes = read
        case .failure(let failure):
            report(EvalMessages.dataNotFound(path, resolved: resolved, reason: failure.diagnosticSuffix, at: pathSpan))
            dataCache[key] = .poison
            return nil
        }
        let file = sources.add(path: resolved, bytes: bytes)
        var parser = DataParser(bytes: bytes, file: file, function: function)
        let value: Value? = function == "csv"
            ? parser.parseCSV(delimiter: delimiter, header: header, numbers: numbers)
            : parser.parseJSON()
        for text in parser.texts where dataTexts[text.text] == nil {
            dataTexts[text.text] = Span(file: file, start: UInt32(text.start), end: UInt32(text.end))
        }
        let note = EvalMessages.readBy(function, at: call)
        for var diagnostic in parser.diagnostics + parser.warnings {
            diagnostic.notes.append(note)
            report(diagnostic)
        }
        if parser.suppressed > 0 {
            report(EvalMessages.moreDataErrors(parser.suppressed, in: path, at: call))
        }
        let result = parser.diagnostics.isEmpty ? value : nil
        if case .list(let rows) = result ?? .none, rows.count > limits.maxListLength {
            limit(EvalMessages.tooManyRows(path, limit: limits.maxListLength, at: call))
            return nil
        }
        dataCache[key] = result ?? .poison
        return result
    }
}

/// One pass over a data file's bytes, collecting values and diagnostics.
struct DataParser {
    let bytes: [UInt8]
    let file: FileID
    let function: String
    var diagnostics: [Diagnostic] = []
    /// Diagnostics beyond `DataLimits.maximumDiagnosticsPerFile`, counted only.
    var suppressed = 0
    /// Warnings (`data.inexact-integer`): reported, but the file's value stands.
    var warnings: [Diagnostic] = []
    var position = 0
    /// Text fields beyond ASCII and where they are: a character no font has in text made
    /// from data is traced back to its record (`people.csv:3`). At most `maximumTexts`.
    var texts: [(text: String, start: Int, end: Int)] = []
    static let maximumTexts = 10_000

    mutating func noteText(_ value: Value, _ start: Int, _ end: Int) {
        guard texts.count < Self.maximumTexts, case .string(let text) = value, text.utf8.contains(where: { $0 >= 0x80 }) else { return }
        texts.append((text, start, end))
    }

    init(bytes: [UInt8], file: FileID, function: String) {
        self.bytes = bytes
        self.file = file
        self.function = function
    }

    /// Records a mistake (a DataMessages function), or counts it past the per-file cap.
    mutating func fail(_ diagnostic: Diagnostic) {
        if diagnostics.count >= DataLimits.maximumDiagnosticsPerFile { suppressed += 1; return }
        diagnostics.append(diagnostic)
    }

    /// The place of bytes `start..<end` of the file (at least the point `start`).
    func place(_ start: Int, _ end: Int) -> Span { Span(file: file, start: UInt32(start), end: UInt32(max(start, end))) }

    /// A JSON integer beyond 2^53 (`data.inexact-integer`): kept as the nearest number, with
    /// a warning at its line and column, at most `maximumDiagnosticsPerFile` of them a file.
    mutating func warnInexactInteger(_ start: Int, _ end: Int, _ value: Double) {
        guard warnings.count < DataLimits.maximumDiagnosticsPerFile else { return }
        warnings.append(EvalMessages.inexactInteger(text(start, end), reads: NumberFormat.text(value), at: span(start, end)))
    }

    func span(_ start: Int, _ end: Int) -> Span { Span(file: file, start: UInt32(start), end: UInt32(end)) }

    /// The whole file as UTF-8, or false after reporting its first invalid byte.
    mutating func checkUTF8() -> Bool {
        var j = 0
        while j < bytes.count {
            let b = bytes[j]
            if b < 0x80 { j += 1; continue }
            var length = 0
            var minimum: UInt32 = 0
            var value: UInt32 = 0
            switch b {
            case 0xC2...0xDF: length = 2; minimum = 0x80; value = UInt32(b & 0x1F)
            case 0xE0...0xEF: length = 3; minimum = 0x800; value = UInt32(b & 0x0F)
            case 0xF0...0xF4: length = 4; minimum = 0x10000; value = UInt32(b & 0x07)
            default: length = 0
            }
            var valid = length > 0 && j + length <= bytes.count
            if valid {
                for k in 1..<length {
                    let c = bytes[j + k]
                    if c & 0xC0 != 0x80 { valid = false; break }
                    value = value << 6 | UInt32(c & 0x3F)
                }
            }
            if valid && (value < minimum || value > 0x10FFFF || (0xD800...0xDFFF).contains(value)) { valid = false }
            if !valid {
                fail(DataMessages.invalidUTF8(b, at: place(j, j + 1)))
                return false
            }
            j += length
        }
        return true
    }

    func text(_ start: Int, _ end: Int) -> String {
        String(decoding: bytes[start..<end], as: UTF8.self)
    }

    // MARK: CSV

    mutating func parseCSV(delimiter: UInt8, header: Bool, numbers: Bool) -> Value? {
        guard checkUTF8() else { return nil }
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        let quote = UInt8(ascii: "\"")
        let lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")
        var keys: RecordKeys?
        var headerStart = 0
        var headerCount = 0
        var rows: [Value] = []
        var fields: [Value] = []
        var recordStart = position
        var fieldStarts: [Int] = []
        let count = bytes.count

        /// Ends a record: the header becomes the field names, other records rows.
        func finishRecord(_ parser: inout DataParser, _ fields: inout [Value], _ fieldStarts: inout [Int], at end: Int) {
            defer { fields.removeAll(keepingCapacity: true); fieldStarts.removeAll(keepingCapacity: true) }
            if header && keys == nil {
                var names: [String] = []
                names.reserveCapacity(fields.count)
                // A set beside the list: a header of 100,000 columns took 18 s with a
                // search of the names so far for each column.
                var seen = Set<String>()
                for (index, field) in fields.enumerated() {
                    let name = if case .string(let s) = field { s } else { interpolationText(field) }
                    if name.isEmpty {
                        parser.fail(DataMessages.emptyHeaderName(column: index + 1, at: parser.place(fieldStarts[index], fieldStarts[index])))
                    } else if !seen.insert(name).inserted {
                        parser.fail(DataMessages.headerNameTwice(name, at: parser.place(fieldStarts[index], fieldStarts[index] + name.utf8.count)))
                    }
                    names.append(name)
                }
                keys = RecordKeys(names)
                headerStart = recordStart
                headerCount = names.count
                return
            }
            if let keys {
                if fields.count != headerCount {
                    parser.fail(DataMessages.fieldCount(fields.count, header: headerCount, headerRow: parser.span(headerStart, headerStart),
                                                        at: parser.place(recordStart, end)))
                    return
                }
                rows.append(.record(keys, fields))
            } else {
                rows.append(.list(fields))
            }
        }

        while position < count {
            // The start of a record: skip an empty line.
            if bytes[position] == lf || bytes[position] == cr {
                position += bytes[position] == cr && position + 1 < count && bytes[position + 1] == lf ? 2 : 1
                continue
            }
            recordStart = position
            var recordEnded = false
            while !recordEnded {
                let fieldStart = position
                fieldStarts.append(fieldStart)
                if position < count && bytes[position] == quote {
                    // A quoted field: up to the quote not followed by another.
                    var content: [UInt8] = []
                    var j = position + 1
                    var closed = false
                    while j < count {
                        if bytes[j] == quote {
                            if j + 1 < count && bytes[j + 1] == quote { content.append(quote); j += 2; continue }
                            closed = true
                            j += 1
                            break
                        }
                        content.append(bytes[j])
                        j += 1
                    }
                    if !closed {
                        fail(DataMessages.unclosedQuote(at: place(fieldStart, fieldStart + 1)))
                        return nil
                    }
                    position = j
                    fields.append(.string(String(decoding: content, as: UTF8.self)))
                    noteText(fields[fields.count - 1], fieldStart, j)
                    if position < count && bytes[position] != delimiter && bytes[position] != lf && bytes[position] != cr {
                        var end = position + 1
                        while end < count, bytes[end] & 0xC0 == 0x80 { end += 1 }
                        fail(DataMessages.textAfterQuote(text(position, end), at: place(position, end)))
                        // Skip to the end of the field and go on with the next.
                        while position < count && bytes[position] != delimiter && bytes[position] != lf && bytes[position] != cr { position += 1 }
                    }
                } else {
                    var j = position
                    while j < count && bytes[j] != delimiter && bytes[j] != lf && bytes[j] != cr {
                        if bytes[j] == quote {
                            fail(DataMessages.strayQuote(at: place(j, j + 1)))
                        }
                        j += 1
                    }
                    fields.append(numbers ? csvValue(position, j) : .string(text(position, j)))
                    noteText(fields[fields.count - 1], position, j)
                    position = j
                }
                // After a field: a delimiter (another field follows), a line end or the end.
                if position < count && bytes[position] == delimiter {
                    position += 1
                    continue
                }
                let end = position
                if position < count {
                    position += bytes[position] == cr && position + 1 < count && bytes[position + 1] == lf ? 2 : 1
                }
                finishRecord(&self, &fields, &fieldStarts, at: end)
                recordEnded = true
            }
        }
        return .list(rows)
    }

    /// An unquoted field with `numbers: true`: a number when it is spelled as one and that
    /// number prints back (`NumberFormat.writeText`) as exactly the field, zeros ending a
    /// fraction aside; otherwise the field's text, so data keeps its digits (`007`, `1e5`,
    /// `+1`, 22-digit tracking numbers stay strings).
    func csvValue(_ start: Int, _ end: Int) -> Value {
        if start < end, let number = decimalNumber(start, end), printsBack(number, start, end) { return .number(number) }
        return .string(text(start, end))
    }

    /// Whether `number`, written as interpolation writes it, is `bytes[start..<end]`.
    func printsBack(_ number: Double, _ start: Int, _ end: Int) -> Bool {
        // The common case without writing: `-?[1-9][0-9]*` of at most 15 digits (below 2^53,
        // exact) or `0` prints back as itself.
        let digitsStart = bytes[start] == UInt8(ascii: "-") ? start + 1 : start
        if end - digitsStart <= Self.exactDecimalDigits, digitsStart < end,
           bytes[digitsStart] != UInt8(ascii: "0") || end - start == 1 {
            var allDigits = true
            for j in digitsStart..<end where bytes[j] &- UInt8(ascii: "0") >= 10 { allDigits = false; break }
            if allDigits { return true }
        }
        // Zeros at the end of a fraction carry no digit of the value (`-4.0`, `1.50`): the
        // field is compared without them, so a column of measurements stays numbers.
        var significantEnd = end
        if bytes[start..<end].contains(UInt8(ascii: ".")) && !bytes[start..<end].contains(where: { $0 | 0x20 == UInt8(ascii: "e") }) {
            while bytes[significantEnd - 1] == UInt8(ascii: "0") { significantEnd -= 1 }
            if significantEnd < end && bytes[significantEnd - 1] == UInt8(ascii: ".") { significantEnd -= 1 }
        }
        var written: [UInt8] = []
        NumberFormat.writeText(number, into: &written)
        return written.elementsEqual(bytes[start..<significantEnd])
    }

    /// `-?digits[.digits][e[+-]digits]`, no leading zero before another digit, or nil.
    func decimalNumber(_ start: Int, _ end: Int) -> Double? {
        var j = start
        if bytes[j] == UInt8(ascii: "-") || bytes[j] == UInt8(ascii: "+") { j += 1 }
        let digitsStart = j
        while j < end, bytes[j] &- UInt8(ascii: "0") < 10 { j += 1 }
        let integerDigits = j - digitsStart
        if integerDigits > 1 && bytes[digitsStart] == UInt8(ascii: "0") { return nil }
        var fractionDigits = 0
        if j < end, bytes[j] == UInt8(ascii: ".") {
            j += 1
            let fractionStart = j
            while j < end, bytes[j] &- UInt8(ascii: "0") < 10 { j += 1 }
            fractionDigits = j - fractionStart
        }
        if integerDigits == 0 && fractionDigits == 0 { return nil }
        var hasExponent = false
        if j < end, bytes[j] | 0x20 == UInt8(ascii: "e") {
            hasExponent = true
            j += 1
            if j < end, bytes[j] == UInt8(ascii: "-") || bytes[j] == UInt8(ascii: "+") { j += 1 }
            let exponentStart = j
            while j < end, bytes[j] &- UInt8(ascii: "0") < 10 { j += 1 }
            if j == exponentStart { return nil }
        }
        guard j == end else { return nil }
        if !hasExponent, integerDigits + fractionDigits <= Self.exactDecimalDigits {
            return exactDecimal(digitsStart, integerDigits: integerDigits, fractionDigits: fractionDigits,
                                negative: bytes[start] == UInt8(ascii: "-"))
        }
        guard let value = Double(text(start, end)), value.isFinite else { return nil }
        return value
    }

    /// At most this many digits make an integer below 2^53, which a Double holds exactly.
    static let exactDecimalDigits = 15
    /// 10^0 … 10^22, each exact in a Double.
    static let exactPowersOfTen: [Double] = (0...22).map { k in (0..<k).reduce(1.0) { value, _ in value * 10 } }

    /// The value of `digits[.digits]` (at most `exactDecimalDigits` digits, no exponent) from
    /// its digits as an integer divided by a power of ten: both are exact in a Double and
    /// IEEE division rounds correctly, so this is the correctly rounded value `Double(text)`
    /// (strtod) gives too (Clinger's fast path), without making a String per field.
    func exactDecimal(_ digitsStart: Int, integerDigits: Int, fractionDigits: Int, negative: Bool) -> Double {
        var mantissa: UInt64 = 0
        var j = digitsStart
        for _ in 0..<integerDigits { mantissa = mantissa &* 10 &+ UInt64(bytes[j] &- UInt8(ascii: "0")); j += 1 }
        if fractionDigits > 0 { j += 1 }  // the point
        for _ in 0..<fractionDigits { mantissa = mantissa &* 10 &+ UInt64(bytes[j] &- UInt8(ascii: "0")); j += 1 }
        let magnitude = Double(mantissa) / Self.exactPowersOfTen[fractionDigits]
        return negative ? -magnitude : magnitude
    }

    // MARK: JSON (RFC 8259)

    mutating func parseJSON() -> Value? {
        guard checkUTF8() else { return nil }
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        skipWhitespace()
        guard position < bytes.count else {
            fail(DataMessages.noValue(at: place(position, position)))
            return nil
        }
        guard let value = jsonValue(depth: 0) else { return nil }
        skipWhitespace()
        if position < bytes.count {
            fail(DataMessages.textAfterValue(describeByte(), at: place(position, position + 1)))
            return nil
        }
        return value
    }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    func describeByte() -> String {
        guard position < bytes.count else { return DataMessages.endOfFile }
        var end = position + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return "'" + text(position, end) + "'"
    }

    mutating func jsonValue(depth: Int) -> Value? {
        guard position < bytes.count else {
            fail(DataMessages.valueMissingAtEnd(at: place(position, position)))
            return nil
        }
        switch bytes[position] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            if depth >= DataLimits.maximumJSONDepth {
                fail(DataMessages.tooDeep(at: place(position, position + 1)))
                return nil
            }
            return bytes[position] == UInt8(ascii: "{") ? jsonObject(depth: depth + 1) : jsonArray(depth: depth + 1)
        case UInt8(ascii: "\""):
            let start = position
            guard let text = jsonString() else { return nil }
            noteText(.string(text), start, position)
            return .string(text)
        case UInt8(ascii: "t"): return jsonWord("true", .bool(true))
        case UInt8(ascii: "f"): return jsonWord("false", .bool(false))
        case UInt8(ascii: "n"): return jsonWord("null", Value.none)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return jsonNumber()
        default:
            let singleQuote = bytes[position] == UInt8(ascii: "'")
            fail(DataMessages.expectedValue(found: describeByte(), singleQuote: singleQuote, at: place(position, position + 1)))
            return nil
        }
    }

    mutating func jsonWord(_ word: StaticString, _ value: Value) -> Value? {
        let length = word.utf8CodeUnitCount
        if position + length <= bytes.count {
            var same = true
            for k in 0..<length where bytes[position + k] != word.utf8Start[k] { same = false; break }
            if same {
                position += length
                return value
            }
        }
        var end = position
        while end < bytes.count, (bytes[end] | 0x20) &- UInt8(ascii: "a") < 26 { end += 1 }
        fail(DataMessages.unknownWord(text(position, max(end, position + 1)), at: place(position, max(end, position + 1))))
        return nil
    }

    mutating func jsonNumber() -> Value? {
        let start = position
        var j = position
        func digits(_ j: inout Int) -> Int {
            let from = j
            while j < bytes.count, bytes[j] &- UInt8(ascii: "0") < 10 { j += 1 }
            return j - from
        }
        if bytes[j] == UInt8(ascii: "-") { j += 1 }
        let integerStart = j
        let integerDigits = digits(&j)
        var valid = integerDigits > 0 && !(integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0"))
        if valid, j < bytes.count, bytes[j] == UInt8(ascii: ".") {
            j += 1
            valid = digits(&j) > 0
        }
        if valid, j < bytes.count, bytes[j] | 0x20 == UInt8(ascii: "e") {
            j += 1
            if j < bytes.count, bytes[j] == UInt8(ascii: "+") || bytes[j] == UInt8(ascii: "-") { j += 1 }
            valid = digits(&j) > 0
        }
        while j < bytes.count, (bytes[j] | 0x20) &- UInt8(ascii: "a") < 26 || bytes[j] &- UInt8(ascii: "0") < 10 || bytes[j] == UInt8(ascii: ".") {
            valid = false
            j += 1
        }
        guard valid, let value = Double(text(start, j)), value.isFinite else {
            fail(DataMessages.malformedNumber(text(start, max(j, start + 1)), at: place(start, max(j, start + 1))))
            return nil
        }
        if value.magnitude > NumberFormat.exactIntegerLimit, j - integerStart == integerDigits {
            warnInexactInteger(start, j, value)
        }
        position = j
        return .number(value)
    }

    mutating func jsonString() -> String? {
        let start = position
        position += 1
        var out: [UInt8] = []
        while position < bytes.count {
            let b = bytes[position]
            switch b {
            case UInt8(ascii: "\""):
                position += 1
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard position + 1 < bytes.count else { break }
                let e = bytes[position + 1]
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e); position += 2
                case UInt8(ascii: "b"): out.append(0x08); position += 2
                case UInt8(ascii: "f"): out.append(0x0C); position += 2
                case UInt8(ascii: "n"): out.append(0x0A); position += 2
                case UInt8(ascii: "r"): out.append(0x0D); position += 2
                case UInt8(ascii: "t"): out.append(0x09); position += 2
                case UInt8(ascii: "u"):
                    let escapeStart = position
                    guard var unit = hex4(position + 2) else {
                        fail(DataMessages.shortUnicodeEscape(at: place(escapeStart, min(bytes.count, escapeStart + 6))))
                        return nil
                    }
                    position += 6
                    if (0xD800...0xDBFF).contains(unit) {
                        // A high surrogate needs its low half, written as a second escape.
                        guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u"),
                              let low = hex4(position + 2), (0xDC00...0xDFFF).contains(low) else {
                            fail(DataMessages.loneHighSurrogate(at: place(escapeStart, escapeStart + 6)))
                            return nil
                        }
                        position += 6
                        unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(unit) {
                        fail(DataMessages.loneLowSurrogate(at: place(escapeStart, escapeStart + 6)))
                        return nil
                    }
                    out.append(contentsOf: Array(String(Unicode.Scalar(unit)!).utf8))
                default:
                    var end = position + 2
                    while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
                    fail(DataMessages.invalidEscape(text(position, end), at: place(position, end)))
                    return nil
                }
            case 0x00..<0x20:
                fail(DataMessages.controlInString(b, stringStart: span(start, start + 1), at: place(position, position + 1)))
                return nil
            default:
                out.append(b)
                position += 1
            }
        }
        fail(DataMessages.unclosedString(at: place(start, start + 1)))
        return nil
    }

    func hex4(_ at: Int) -> UInt32? {
        guard at + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for k in 0..<4 {
            let c = bytes[at + k] | 0x20
            if c &- UInt8(ascii: "0") < 10 && bytes[at + k] &- UInt8(ascii: "0") < 10 { value = value << 4 | UInt32(bytes[at + k] - UInt8(ascii: "0")) }
            else if c &- UInt8(ascii: "a") < 6 { value = value << 4 | UInt32(c - UInt8(ascii: "a") + 10) }
            else { return nil }
        }
        return value
    }

    mutating func jsonArray(depth: Int) -> Value? {
        let open = position
        position += 1
        var items: [Value] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") { position += 1; return .list([]) }
        while true {
            skipWhitespace()
            guard let item = jsonValue(depth: depth) else { return nil }
            items.append(item)
            switch separator(close: UInt8(ascii: "]"), open: open) {
            case .next: continue
            case .closed: return .list(items)
            case .failed: return nil
            }
        }
    }

    /// What follows an element of a JSON array or a member of an object.
    enum Separator { case next, closed, failed }

    /// Reads what follows an element of the array or object opened at `open` (closed by
    /// `close`): a ',' before the next one, or the closing bracket; a trailing ',', the end
    /// of the file or any other byte is a `data.json-syntax` error (the one copy of this
    /// rule for arrays and objects).
    mutating func separator(close: UInt8, open: Int) -> Separator {
        let closer = String(UnicodeScalar(close))
        let opener = String(UnicodeScalar(bytes[open]))
        skipWhitespace()
        guard position < bytes.count else {
            fail(DataMessages.unclosedAtEnd(closer, opener: opener, opened: span(open, open + 1), at: place(position, position)))
            return .failed
        }
        if bytes[position] == UInt8(ascii: ",") {
            let comma = position
            position += 1
            skipWhitespace()
            if position < bytes.count, bytes[position] == close {
                fail(DataMessages.trailingComma(before: closer, at: place(comma, comma + 1)))
                return .failed
            }
            return .next
        }
        if bytes[position] == close { position += 1; return .closed }
        fail(DataMessages.expectedCommaOrClose(closer, found: describeByte(), opener: opener, opened: span(open, open + 1),
                                               at: place(position, position + 1)))
        return .failed
    }

    /// The keys of the previous object, reused when the next has the same ones (rows of a
    /// table share one `RecordKeys`).
    static func sharedKeys(_ names: [String], _ last: inout RecordKeys?) -> RecordKeys {
        if let last, last.names == names { return last }
        let keys = RecordKeys(names)
        last = keys
        return keys
    }

    mutating func jsonObject(depth: Int) -> Value? {
        let open = position
        position += 1
        var names: [String] = []
        var values: [Value] = []
        var seen: [String: Int] = [:]
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") { position += 1; return .record(RecordKeys([]), []) }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                fail(DataMessages.expectedFieldName(found: describeByte(), opened: span(open, open + 1),
                                                    at: place(position, min(position + 1, bytes.count))))
                return nil
            }
            let keyStart = position
            guard let name = jsonString() else { return nil }
            if let first = seen[name] {
                fail(DataMessages.fieldTwice(name, first: span(first, first + 1), at: place(keyStart, position)))
                return nil
            }
            seen[name] = keyStart
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                fail(DataMessages.expectedColon(found: describeByte(), at: place(position, min(position + 1, bytes.count))))
                return nil
            }
            position += 1
            skipWhitespace()
            guard let value = jsonValue(depth: depth) else { return nil }
            names.append(name)
            values.append(value)
            switch separator(close: UInt8(ascii: "}"), open: open) {
            case .next: continue
            case .closed: return .record(Self.sharedKeys(names, &lastKeys), values)
            case .failed: return nil
            }
        }
    }

    var lastKeys: RecordKeys?
}
