// EAN-13, EAN-8, UPC-A, UPC-E (ISO/IEC 15420) and ITF-14 (GS1 General Specifications §5.3,
// Interleaved 2 of 5 of ISO/IEC 16390).

enum EANUPC {
    /// Number set A ("odd", L) of ISO/IEC 15420 Table 1; set C (R) is its complement and
    /// set B (even, G) the reverse of set C.
    static let setA: [String] = [
        "0001101", "0011001", "0010011", "0111101", "0100011", "0110001", "0101111", "0111011", "0110111", "0001011",
    ]
    /// EAN-13: the sets (A or B) of the six left digits, by the leading digit.
    static let leadingParity: [String] = [
        "AAAAAA", "AABABB", "AABBAB", "AABBBA", "ABAABB", "ABBAAB", "ABBBAA", "ABABAB", "ABABBA", "ABBABA",
    ]
    /// UPC-E with number system 0: the sets of the six digits, by the check digit (number
    /// system 1 swaps A and B).
    static let upcEParity: [String] = [
        "BBBAAA", "BBABAA", "BBAABA", "BBAAAB", "BABBAA", "BAABBA", "BAAABB", "BABABA", "BABAAB", "BAABAB",
    ]

    static func pattern(_ digit: UInt8, set: Character) -> String {
        let a = setA[Int(digit)]
        switch set {
        case "A": return a
        case "C": return String(a.map { $0 == "0" ? "1" : "0" })
        default: return String(a.map { $0 == "0" ? "1" : "0" }.reversed())  // B
        }
    }

    static func encode(_ data: String, _ symbology: Symbology) throws -> LinearSymbol {
        let name = symbology.name
        let given = try digits(of: data, symbology: name)
        // Data digits without the check digit; UPC-E counts its number system digit.
        let dataCount: Int
        switch symbology {
        case .ean13: dataCount = 12
        case .ean8: dataCount = 7
        case .upca: dataCount = 11
        default: dataCount = 7
        }
        var body = given
        if symbology == .upce && given.count == 6 { body = [0] + given }  // number system 0 implied
        let allowed = symbology == .upce ? "6, 7 or 8" : "\(dataCount) or \(dataCount + 1)"
        guard body.count == dataCount || body.count == dataCount + 1 else {
            throw BarcodeError("barcode.length", "\(name) takes \(allowed) digits, found \(given.count)",
                               hint: given.count > dataCount + 1 ? "remove \(given.count - dataCount - 1) digit\(given.count - dataCount - 1 == 1 ? "" : "s")"
                                   : "\(name) has \(dataCount) data digits and a check digit, which is computed when left out",
                               offset: given.count > dataCount + 1 ? dataCount + 1 - (body.count - given.count) : 0,
                               length: given.count > dataCount + 1 ? given.count - dataCount - 1 : given.count)
        }
        if symbology == .upce && body[0] > 1 {
            throw BarcodeError("barcode.upce-number-system", "upce has number system 0 or 1, found \(body[0])",
                               hint: "begin with 0 or 1, or give 6 digits for number system 0", offset: 0, length: 1)
        }
        let checkSource = symbology == .upce ? upcEExpanded(Array(body.prefix(7))) : Array(body.prefix(dataCount))
        let check = gs1CheckDigit(checkSource)
        if body.count == dataCount + 1, body[dataCount] != check {
            throw BarcodeError("barcode.check-digit", "wrong check digit \(body[dataCount]) for \(name) \(digitString(Array(body.prefix(dataCount))))",
                               hint: "the check digit is \(check)", offset: given.count - 1, length: 1)
        }
        let all = Array(body.prefix(dataCount)) + [check]

        var bits = ""
        var guardBits: [Bool] = []
        func add(_ pattern: String, guardBar: Bool) {
            bits += pattern
            guardBits += [Bool](repeating: guardBar, count: pattern.count)
        }
        var text: [TextPiece] = []
        let s = all.map { String($0) }
        switch symbology {
        case .ean13, .upca:
            let upc = symbology == .upca
            let digits = upc ? [0] + all : all
            let parity = Array(leadingParity[Int(digits[0])])
            add("101", guardBar: true)
            for i in 1...6 { add(pattern(digits[i], set: parity[i - 1]), guardBar: upc && i == 1) }
            add("01010", guardBar: true)
            for i in 7...12 { add(pattern(digits[i], set: "C"), guardBar: upc && i == 12) }
            add("101", guardBar: true)
            if upc {
                text = [TextPiece(text: s[0], from: -8, to: -1, outside: true),
                        TextPiece(text: s[1...5].joined(), from: 10, to: 45, outside: false),
                        TextPiece(text: s[6...10].joined(), from: 50, to: 85, outside: false),
                        TextPiece(text: s[11], from: 96, to: 103, outside: true)]
            } else {
                text = [TextPiece(text: s[0], from: -8, to: -1, outside: true),
                        TextPiece(text: s[1...6].joined(), from: 3, to: 45, outside: false),
                        TextPiece(text: s[7...12].joined(), from: 50, to: 92, outside: false)]
            }
        case .ean8:
            add("101", guardBar: true)
            for i in 0..<4 { add(pattern(all[i], set: "A"), guardBar: false) }
            add("01010", guardBar: true)
            for i in 4..<8 { add(pattern(all[i], set: "C"), guardBar: false) }
            add("101", guardBar: true)
            text = [TextPiece(text: s[0...3].joined(), from: 3, to: 31, outside: false),
                    TextPiece(text: s[4...7].joined(), from: 36, to: 64, outside: false)]
        default:  // UPC-E
            var parity = Array(upcEParity[Int(check)])
            if all[0] == 1 { parity = parity.map { $0 == "A" ? "B" : "A" } }
            add("101", guardBar: true)
            for i in 1...6 { add(pattern(all[i], set: parity[i - 1]), guardBar: false) }
            add("010101", guardBar: true)
            text = [TextPiece(text: s[0], from: -8, to: -1, outside: true),
                    TextPiece(text: s[1...6].joined(), from: 3, to: 45, outside: false),
                    TextPiece(text: s[7], from: 52, to: 59, outside: true)]
        }
        let quiet: (Int, Int)
        switch symbology {
        case .ean13: quiet = (11, 7)
        case .ean8: quiet = (7, 7)
        case .upca: quiet = (9, 9)
        default: quiet = (9, 7)
        }
        let (elements, guards) = runs(bits, guardBits)
        return LinearSymbol(elements: elements, guards: guards, quietLeft: quiet.0, quietRight: quiet.1,
                            text: text, guardLayout: true, codewords: all.map(Int.init))
    }

    /// UPC-E's number system and six digits as the UPC-A data they stand for (without the
    /// check digit), for the check digit.
    static func upcEExpanded(_ d: [UInt8]) -> [UInt8] {
        let ns = d[0]
        let x = Array(d[1...6])
        switch x[5] {
        case 0, 1, 2: return [ns, x[0], x[1], x[5], 0, 0, 0, 0, x[2], x[3], x[4]]
        case 3: return [ns, x[0], x[1], x[2], 0, 0, 0, 0, 0, x[3], x[4]]
        case 4: return [ns, x[0], x[1], x[2], x[3], 0, 0, 0, 0, 0, x[4]]
        default: return [ns, x[0], x[1], x[2], x[3], x[4], 0, 0, 0, 0, x[5]]
        }
    }

    static func digitString(_ d: [UInt8]) -> String { d.map(String.init).joined() }

    /// Module bits ("1" dark) to alternating run lengths starting with a bar; a run is a
    /// guard when its first module is.
    static func runs(_ bits: String, _ guardBits: [Bool]) -> ([UInt8], [Bool]) {
        var elements: [UInt8] = [], guards: [Bool] = []
        var current: Character = "1"
        var count: UInt8 = 0
        var index = 0
        var runGuard = false
        for b in bits {
            if b == current { if count == 0 { runGuard = guardBits[index] }; count += 1 } else {
                elements.append(count); guards.append(runGuard && current == "1")
                current = b; count = 1; runGuard = guardBits[index]
            }
            index += 1
        }
        elements.append(count); guards.append(runGuard && current == "1")
        return (elements, guards)
    }
}

enum ITF14 {
    /// Interleaved 2 of 5: wide (1) and narrow (0) elements of each digit.
    static let patterns: [String] = ["00110", "10001", "01001", "11000", "00101", "10100", "01100", "00011", "10010", "01010"]
    /// Wide elements are 3 modules: the top of the 2.25–3 ratio ITF-14 allows, so every
    /// edge stays on the module grid.
    static let wide: UInt8 = 3

    static func encode(_ data: String) throws -> LinearSymbol {
        let given = try digits(of: data, symbology: "itf14")
        guard given.count == 13 || given.count == 14 else {
            throw BarcodeError("barcode.length", "itf14 takes 13 or 14 digits, found \(given.count)",
                               hint: given.count > 14 ? "remove \(given.count - 14) digit\(given.count == 15 ? "" : "s")" : "itf14 holds a GTIN-14: 13 data digits and a check digit, which is computed when left out",
                               offset: given.count > 14 ? 14 : 0, length: given.count > 14 ? given.count - 14 : given.count)
        }
        let check = gs1CheckDigit(Array(given.prefix(13)))
        if given.count == 14, given[13] != check {
            throw BarcodeError("barcode.check-digit", "wrong check digit \(given[13]) for itf14 \(EANUPC.digitString(Array(given.prefix(13))))",
                               hint: "the check digit is \(check)", offset: 13, length: 1)
        }
        let all = Array(given.prefix(13)) + [check]
        var elements: [UInt8] = [1, 1, 1, 1]
        for pair in stride(from: 0, to: 14, by: 2) {
            let bars = Array(patterns[Int(all[pair])].utf8), spaces = Array(patterns[Int(all[pair + 1])].utf8)
            for k in 0..<5 {
                elements.append(bars[k] == 49 ? wide : 1)
                elements.append(spaces[k] == 49 ? wide : 1)
            }
        }
        elements += [wide, 1, 1]
        let width = elements.reduce(0) { $0 + Int($1) }
        return LinearSymbol(elements: elements, guards: [Bool](repeating: false, count: elements.count),
                            quietLeft: 10, quietRight: 10,
                            text: [TextPiece(text: EANUPC.digitString(all), from: 0, to: Double(width), outside: false)],
                            guardLayout: false, codewords: all.map(Int.init))
    }
}
