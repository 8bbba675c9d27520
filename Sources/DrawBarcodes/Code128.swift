// Code 128 (ISO/IEC 15417) and GS1-128 (GS1 General Specifications §5.4): the shortest
// sequence of code sets A, B and C by dynamic programming, FNC4 for Latin-1, FNC1 for GS1.

enum Code128 {
    /// Bar/space widths of the symbol characters 0–105 (ISO/IEC 15417 Table 1); each is 11
    /// modules. The stop character (106) with its termination bar is 13.
    static let patterns: [String] = [
        "212222", "222122", "222221", "121223", "121322", "131222", "122213", "122312", "132212", "221213",
        "221312", "231212", "112232", "122132", "122231", "113222", "123122", "123221", "223211", "221132",
        "221231", "213212", "223112", "312131", "311222", "321122", "321221", "312212", "322112", "322211",
        "212123", "212321", "232121", "111323", "131123", "131321", "112313", "132113", "132311", "211313",
        "231113", "231311", "112133", "112331", "132131", "113123", "113321", "133121", "313121", "211331",
        "231131", "213113", "213311", "213131", "311123", "311321", "331121", "312113", "312311", "332111",
        "314111", "221411", "431111", "111224", "111422", "121124", "121421", "141122", "141221", "112214",
        "112412", "122114", "122411", "142112", "142211", "241211", "221114", "413111", "241112", "134111",
        "111242", "121142", "121241", "114212", "124112", "124211", "411212", "421112", "421211", "212141",
        "214121", "412121", "111143", "111341", "131141", "114113", "114311", "411113", "411311", "113141",
        "114131", "311141", "411131", "211412", "211214", "211232", "2331112",
    ]

    static let shift = 98, codeC = 99, fnc1 = 102, stop = 106
    /// Start A, B, C.
    static let start = [103, 104, 105]
    /// The latch into set A, B, C (the same value in every set that has it).
    static let latch = [101, 100, 99]
    /// FNC4 in set A and B.
    static let fnc4 = [101, 100]

    /// One unit of data: a Latin-1 character or FNC1.
    enum Item: Equatable { case char(UInt8), fnc1 }

    static func encode(_ data: String, gs1: Bool) throws -> LinearSymbol {
        var items: [Item] = []
        var humanReadable: String
        if gs1 {
            let parsed = try GS1.parse(data)
            items = parsed.items
            humanReadable = parsed.humanReadable
        } else {
            guard !data.isEmpty else {
                throw BarcodeError("barcode.empty", "a code128 barcode needs at least one character", offset: 0, length: 0)
            }
            var offset = 0
            humanReadable = ""
            for scalar in data.unicodeScalars {
                guard scalar.value <= 0xFF else {
                    throw BarcodeError("barcode.invalid-character",
                                       "code128 encodes ASCII and Latin-1 characters only, found \(describe(scalar))",
                                       hint: "use a qr or datamatrix barcode for other characters",
                                       offset: offset, length: UTF8.width(scalar))
                }
                items.append(.char(UInt8(scalar.value)))
                humanReadable.unicodeScalars.append(scalar.value < 32 || scalar.value == 127 ? " " : scalar)
                offset += UTF8.width(scalar)
            }
        }
        guard items.count <= BarcodeLimits.maxLinearCharacters else {
            throw BarcodeError("barcode.too-long",
                               "a \(gs1 ? "gs1-128" : "code128") barcode holds at most \(BarcodeLimits.maxLinearCharacters) characters here, found \(items.count)",
                               hint: "use a qr or datamatrix barcode for long data",
                               offset: 0, length: data.utf8.count)
        }
        let values = symbolValues(items, gs1: gs1)
        var checksum = values[0]
        for i in 1..<values.count { checksum += i * values[i] }
        let codewords = values + [checksum % 103, stop]
        var elements: [UInt8] = []
        for value in codewords {
            for digit in patterns[value].utf8 { elements.append(digit - 48) }
        }
        let width = elements.reduce(0) { $0 + Int($1) }
        return LinearSymbol(elements: elements, guards: [Bool](repeating: false, count: elements.count),
                            quietLeft: 10, quietRight: 10,
                            text: [TextPiece(text: humanReadable, from: 0, to: Double(width), outside: false)],
                            guardLayout: false, codewords: codewords)
    }

    /// The symbol characters from the start character to the last data character: the
    /// fewest the three code sets allow. `cost[i][s]` is the fewest characters that encode
    /// items `i...` when the symbol is in set `s` before item `i`.
    static func symbolValues(_ items: [Item], gs1: Bool) -> [Int] {
        let n = items.count
        let infinity = Int.max / 4
        var cost = [[Int]](repeating: [0, 0, 0], count: n + 1)
        func isDigit(_ i: Int) -> Bool {
            if i < n, case .char(let c) = items[i], c >= 48 && c <= 57 { return true }
            return false
        }
        /// The cost of encoding item `i` without a latch while in set `s`, and how many items it takes.
        func stay(_ i: Int, _ s: Int) -> (cost: Int, consumed: Int) {
            switch items[i] {
            case .fnc1:
                return (1 + cost[i + 1][s], 1)
            case .char(let c):
                if s == 2 {
                    return isDigit(i) && isDigit(i + 1) ? (1 + cost[i + 2][2], 2) : (infinity, 1)
                }
                let base = c & 0x7F, extended = c >= 0x80 ? 1 : 0
                let inSet = s == 0 ? base < 96 : base >= 32
                if inSet { return (1 + extended + cost[i + 1][s], 1) }
                // A shift for one character of the other set (not combined with FNC4).
                return extended == 0 ? (2 + cost[i + 1][s], 1) : (infinity, 1)
            }
        }
        if n > 0 {
            for i in stride(from: n - 1, through: 0, by: -1) {
                let direct = (0..<3).map { stay(i, $0).cost }
                for s in 0..<3 {
                    var best = direct[s]
                    for t in 0..<3 where t != s { best = min(best, 1 + direct[t]) }
                    cost[i][s] = best
                }
            }
        }
        // Start in the set that is cheapest at item 0; prefer B, then C, then A on ties.
        var set = 1
        if n > 0 {
            let direct = (0..<3).map { stay(0, $0).cost }
            for s in [2, 0] where direct[s] < direct[set] { set = s }
        }
        var values = [start[set]]
        if gs1 { values.append(fnc1) }
        var i = 0
        while i < n {
            var (c, consumed) = stay(i, set)
            if c != cost[i][set] {
                // A latch is cheaper: take the first set that reaches the optimum.
                for t in [1, 2, 0] where t != set && 1 + stay(i, t).cost == cost[i][set] {
                    values.append(latch[t]); set = t; break
                }
                (c, consumed) = stay(i, set)
            }
            switch items[i] {
            case .fnc1:
                values.append(fnc1)
            case .char(let ch):
                if set == 2 {
                    let high = ch - 48
                    guard case .char(let low) = items[i + 1] else { break }
                    values.append(Int(high) * 10 + Int(low - 48))
                } else {
                    let base = ch & 0x7F
                    if ch >= 0x80 { values.append(fnc4[set]) }
                    let inSet = set == 0 ? base < 96 : base >= 32
                    if !inSet { values.append(shift) }
                    // Set A holds controls at 64–95; B and A share 0–63 for ' '…'_'.
                    let useA = inSet ? set == 0 : set == 1
                    values.append(useA ? (base >= 32 ? Int(base) - 32 : Int(base) + 64) : Int(base) - 32)
                }
            }
            i += consumed
        }
        return values
    }
}

/// GS1 element strings written `(AI)data(AI)data`, checked against the application
/// identifiers of the GS1 General Specifications (§3): formats, lengths, check digits, dates.
enum GS1 {
    /// The data of one application identifier: `numeric` digits only; `maxLength` the most
    /// characters, `fixed` when that is also the fewest; `check` a GS1 mod 10 check digit
    /// last; `date` YYMMDD.
    struct Format {
        var numeric: Bool
        var maxLength: Int
        var fixed: Bool
        var check = false
        var date = false
    }

    /// Known AIs by their digits; `n` stands for the decimal-point digit of 4-digit AIs.
    static func format(of ai: String) -> Format? {
        func n(_ length: Int, check: Bool = false, date: Bool = false) -> Format { Format(numeric: true, maxLength: length, fixed: true, check: check, date: date) }
        func nv(_ length: Int) -> Format { Format(numeric: true, maxLength: length, fixed: false) }
        func x(_ length: Int) -> Format { Format(numeric: false, maxLength: length, fixed: false) }
        switch ai {
        case "00": return n(18, check: true)
        case "01", "02": return n(14, check: true)
        case "10", "21", "22": return x(20)
        case "11", "12", "13", "15", "16", "17": return n(6, date: true)
        case "20": return n(2)
        case "240", "241", "250", "251", "400", "401", "403", "8004": return x(30)
        case "242": return nv(6)
        case "243", "254", "420", "8002": return x(20)
        case "30", "37": return nv(8)
        case "402": return n(17, check: true)
        case "410", "411", "412", "413", "414", "415", "416", "417": return n(13, check: true)
        case "422", "424", "426": return n(3)
        case "7001": return n(13)
        case "7003": return n(10)
        case "8005": return n(6)
        case "8017", "8018": return n(18, check: true)
        case "8020": return x(25)
        case "90": return x(30)
        default: break
        }
        let bytes = Array(ai.utf8)
        if bytes.count == 2, bytes[0] == 57, bytes[1] >= 49 { return x(90) }  // 91–99
        if bytes.count == 4, let value = Int(ai) {
            let head = value / 10
            // 310n–369n: measures of trade and logistics, six digits with n decimals.
            if (310...316).contains(head) || (320...369).contains(head) { return n(6) }
            if (390...393).contains(head) { return nv(15) }
        }
        return nil
    }

    /// AIs whose length is predefined by their first two digits (GS1 Figure 7.8.5-2): no
    /// FNC1 separator follows them.
    static func isPredefinedLength(_ ai: String) -> Bool {
        guard let prefix = Int(ai.prefix(2)) else { return false }
        return (0...4).contains(prefix) || (11...20).contains(prefix) || (31...36).contains(prefix) || prefix == 41
    }

    /// GS1 AI encodable character set 82 (GS1 General Specifications Figure 7.11-1).
    static func isSet82(_ c: UInt8) -> Bool {
        switch c {
        case 33, 34, 37...63, 65...90, 95, 97...122: return true
        default: return false
        }
    }

    static func parse(_ data: String) throws -> (items: [Code128.Item], humanReadable: String) {
        let bytes = Array(data.utf8)
        let offsets = scalarOffsets(data)
        _ = offsets
        var items: [Code128.Item] = []
        var humanReadable = ""
        var i = 0
        guard !bytes.isEmpty else {
            throw BarcodeError("barcode.gs1-malformed", "gs1-128 data must start with an application identifier in parentheses, such as '(01)'",
                               offset: 0, length: 0)
        }
        var previousNeedsSeparator = false
        while i < bytes.count {
            guard bytes[i] == 40 else {  // '('
                throw BarcodeError("barcode.gs1-malformed", "expected '(' and an application identifier, found \(describeByte(bytes, i, data))",
                                   hint: "write each element as (AI)data, for example (01)09501101530003", offset: i, length: byteLength(bytes, i))
            }
            var close = i + 1
            while close < bytes.count && bytes[close] >= 48 && bytes[close] <= 57 { close += 1 }
            guard close < bytes.count, bytes[close] == 41 else {  // ')'
                let at = min(close, bytes.count)
                throw BarcodeError("barcode.gs1-malformed",
                                   at < bytes.count ? "an application identifier has digits only, found \(describeByte(bytes, at, data))" : "unclosed '(' of an application identifier",
                                   hint: "close the application identifier with ')'", offset: at, length: at < bytes.count ? byteLength(bytes, at) : 0)
            }
            let ai = String(decoding: bytes[(i + 1)..<close], as: UTF8.self)
            guard ai.count >= 2 && ai.count <= 4, let format = format(of: ai) else {
                throw BarcodeError("barcode.gs1-unknown-ai", ai.isEmpty ? "empty application identifier" : "unknown application identifier '(\(ai))'",
                                   hint: "application identifiers have 2 to 4 digits, such as (00), (01), (10), (17), (21), (3103)",
                                   offset: i + 1, length: max(close - i - 1, 0) == 0 ? 1 : close - i - 1)
            }
            let start = close + 1
            var end = start
            while end < bytes.count && bytes[end] != 40 { end += 1 }
            let value = Array(bytes[start..<end])
            let length = value.count
            if length == 0 {
                throw BarcodeError("barcode.gs1-malformed", "application identifier (\(ai)) has no data",
                                   hint: format.fixed ? "(\(ai)) takes \(format.maxLength) digits" : "(\(ai)) takes up to \(format.maxLength) characters",
                                   offset: start, length: 0)
            }
            for (k, c) in value.enumerated() {
                if format.numeric ? !(c >= 48 && c <= 57) : !isSet82(c) {
                    throw BarcodeError("barcode.gs1-invalid-character",
                                       "(\(ai)) \(format.numeric ? "takes digits only" : "takes characters of the GS1 set 82 only"), found \(describeByte(bytes, start + k, data))",
                                       hint: format.numeric ? "remove the character" : "letters, digits and !\"%&'()*+,-./:;<=>?_ are allowed",
                                       offset: start + k, length: byteLength(bytes, start + k))
                }
            }
            if format.fixed && length != format.maxLength {
                var hint = "(\(ai)) takes exactly \(format.maxLength) digits"
                if format.check && length == format.maxLength - 1 {
                    let check = gs1CheckDigit(value.map { $0 - 48 })
                    hint += "; with its check digit the data is \(String(decoding: value, as: UTF8.self))\(check)"
                }
                throw BarcodeError("barcode.gs1-length",
                                   "(\(ai)) takes \(format.maxLength) digits, found \(length)",
                                   hint: hint,
                                   offset: length > format.maxLength ? start + format.maxLength : start,
                                   length: length > format.maxLength ? length - format.maxLength : length)
            }
            if !format.fixed && length > format.maxLength {
                throw BarcodeError("barcode.gs1-length", "(\(ai)) takes at most \(format.maxLength) characters, found \(length)",
                                   hint: "shorten the data of (\(ai))", offset: start + format.maxLength, length: length - format.maxLength)
            }
            if format.check {
                let digitsOnly = value.map { $0 - 48 }
                let expected = gs1CheckDigit(Array(digitsOnly.dropLast()))
                if digitsOnly.last != expected {
                    throw BarcodeError("barcode.check-digit", "wrong check digit \(digitsOnly.last!) in (\(ai))",
                                       hint: "the check digit is \(expected)", offset: start + length - 1, length: 1)
                }
            }
            if format.date {
                let month = Int(value[2] - 48) * 10 + Int(value[3] - 48)
                let day = Int(value[4] - 48) * 10 + Int(value[5] - 48)
                if !(1...12).contains(month) {
                    throw BarcodeError("barcode.gs1-date", "(\(ai)) is a date YYMMDD; month \(value[2] - 48)\(value[3] - 48) does not exist",
                                       hint: "months are 01 to 12", offset: start + 2, length: 2)
                }
                let days = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
                if day > days {
                    throw BarcodeError("barcode.gs1-date", "(\(ai)) is a date YYMMDD; day \(value[4] - 48)\(value[5] - 48) does not exist in month \(month)",
                                       hint: "days are 01 to \(days) (00: the end of the month)", offset: start + 4, length: 2)
                }
            }
            if previousNeedsSeparator { items.append(.fnc1) }
            for c in ai.utf8 { items.append(.char(c)) }
            for c in value { items.append(.char(c)) }
            humanReadable += "(\(ai))" + String(decoding: value, as: UTF8.self)
            previousNeedsSeparator = !isPredefinedLength(ai)
            i = end
        }
        return (items, humanReadable)
    }

    static func byteLength(_ bytes: [UInt8], _ i: Int) -> Int {
        let b = bytes[i]
        return b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2
    }

    static func describeByte(_ bytes: [UInt8], _ i: Int, _ data: String) -> String {
        let length = byteLength(bytes, i)
        let text = String(decoding: bytes[i..<min(bytes.count, i + length)], as: UTF8.self)
        if let scalar = text.unicodeScalars.first { return describe(scalar) }
        return "'\(text)'"
    }
}
