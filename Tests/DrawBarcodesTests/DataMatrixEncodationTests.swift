// Data Matrix encodation (ISO/IEC 16022:2006 §5.2 and the look-ahead test of Annex P): X12
// and EDIFACT for the data they suit, switching mid-data, the end-of-data rules that save
// the unlatch, and symbol sizes no larger than a reference encoder's (zint, through PyPI
// zxing-cpp). That the symbols decode is BarcodeDecodingTests' job (ZXing-C++).

import Foundation
import Testing
@testable import DrawBarcodes
import DrawTestSupport

@Suite struct DataMatrixEncodationTests {
    func codewords(_ data: String, capacity: Int? = nil) -> [UInt8] {
        DataMatrix.encodation(Array(data.unicodeScalars), capacity: capacity)
    }

    func size(_ data: String, _ shape: DataMatrixShape = .square) throws -> String {
        guard case .matrix(let m) = try symbol(data, .datamatrix, configure: { $0.dataMatrixShape = shape }) else { return "" }
        return "\(m.height)x\(m.width)"
    }

    /// The codewords of the whole data in the modes the encoder had before X12 and EDIFACT.
    func singleModeLength(_ data: String) -> Int {
        let bytes = Array(data.utf8)
        return min(DataMatrix.ascii(bytes[...]).count, DataMatrix.c40(bytes, text: false).count, DataMatrix.c40(bytes, text: true).count)
    }

    @Test func x12TakesEDIData() throws {
        // ANSI X12 segments: capitals, digits, space, '*' and '>' (C40 needs a shift for each).
        let data = "ISA*00*SENDER*ZZ>PO4*12*EA*100"
        let c = codewords(data)
        #expect(c.first == 238, "latch to X12, got \(c.prefix(3))")
        // 30 characters, 10 triplets of two codewords, the latch and the unlatch.
        #expect(c.count == 22)
        #expect(c.count < singleModeLength(data))
        // X12 values: CR 0, '*' 1, '>' 2, space 3, digits 4-13, capitals 14-39.
        let abc = codewords("A*>A*>A*>")
        let value: Int = 1600 * 14 + 40 * 1 + 2 + 1
        let expected: [UInt8] = [238, UInt8(value / 256), UInt8(value % 256)]
        #expect(Array(abc.prefix(3)) == expected)
    }

    @Test func edifactTakesPunctuatedCapitals() throws {
        let data = "UNB+UNOA:1+SENDER+RECEIVER+261201:1200+1'"
        let c = codewords(data)
        #expect(c.first == 240, "latch to EDIFACT, got \(c.prefix(3))")
        // 41 characters: at most 10 groups of four in 3 codewords, the latch and the unlatch
        // (value 31, in a codeword of its own after whole groups), or fewer where the digits
        // go back to ASCII in pairs.
        #expect(c.count <= 33)
        #expect(c.count < singleModeLength(data))
        // Values are the low six bits of the bytes, four in three codewords: 'U' 21, 'N' 14,
        // 'B' 2, '+' 43.
        let u: UInt8 = 21, n: UInt8 = 14, b: UInt8 = 2, plus: UInt8 = 43
        let packed: [UInt8] = [u << 2 | n >> 4, (n & 15) << 4 | b >> 2, (b & 3) << 6 | plus]
        #expect(Array(c[1...3]) == packed)
        // The unlatch after whole groups: 31 in the high six bits of a codeword.
        #expect(c.contains(31 << 2))
    }

    @Test func modesSwitchMidData() throws {
        // Lower-case words, then an EDI segment, then digits.
        let data = "order confirmation: ISA*00*SENDER*ZZ>PO4*12*EA 12345678901234"
        let c = codewords(data)
        // Text for the words (latch 239, unlatch 254), EDIFACT for the segment (240), ASCII
        // digit pairs at the end.
        #expect(c.first == 239 && c.contains(254) && c.contains(240), "modes switched mid-data: \(c)")
        #expect(Array(c.suffix(3)) == [220, 142, 164])  // …90 12 34: digits in pairs
        #expect(c.count < singleModeLength(data))
        // Text for lower case, C40 for capitals: the look-ahead picks each.
        #expect(codewords("abcdefghijkl").first == 239)
        #expect(codewords("ABCDEFGHIJKL").first == 230)
        // Digits stay in ASCII, two to a codeword.
        #expect(codewords("12345678") == [142, 164, 186, 208])
    }

    @Test func endOfDataRulesSaveTheUnlatch() throws {
        // C40 filling 12x12 (5 data codewords) exactly: latch + two triplets, no unlatch.
        #expect(codewords("ABCDEF", capacity: 5).count == 5)
        #expect(codewords("ABCDEF").count == 6)
        #expect(try size("ABCDEF") == "12x12")
        // Two C40 values and two codewords left: a Shift 1 pads the triplet.
        let padded = codewords("ABCDEFGH", capacity: 7)
        #expect(padded.count == 7 && padded.last != 254)
        // EDIFACT with two codewords left and the rest fitting them in ASCII: no unlatch.
        let edifact = codewords("A.B.C.D.E.", capacity: 9)
        #expect(edifact.count <= 9)
    }

    @Test func sizesAreNoLargerThanTheReferenceEncoders() throws {
        guard ExternalTool.requirePython(modules: ["zxingcpp"]) else { return }
        let payloads = DataMatrixEncodationTests.referencePayloads
        var jobs = ""
        for p in payloads { jobs += String(decoding: try JSONSerialization.data(withJSONObject: ["data": p]), as: UTF8.self) + "\n" }
        let script = packageRoot() + "/Tests/DrawBarcodesTests/datamatrix_reference.py"
        let run = try ExternalTool.run("python3", [script], stdin: Array(jobs.utf8))
        #expect(run.succeeded, "\(run.stderrText)")
        let lines = run.stdoutText.split(separator: "\n").map(String.init)
        #expect(lines.count == payloads.count)
        // zint minimises the codewords over all mode sequences; the look-ahead test of Annex P
        // is a heuristic, so it may miss by a codeword now and then: at most one size larger,
        // rarely, and never larger for data in a single mode.
        var larger: [String] = []
        let squares = DataMatrix.sizes.filter { $0.rows == $0.columns }.map { "\($0.rows)x\($0.columns)" }
        for (p, reference) in zip(payloads, lines) {
            let ours = try size(p)
            let (a, b) = (squares.firstIndex(of: ours) ?? 99, squares.firstIndex(of: reference) ?? -1)
            #expect(a <= b + 1, "\(p.prefix(40)): ours \(ours), zint \(reference)")
            if a > b { larger.append("\(p.prefix(40)): ours \(ours), zint \(reference)") }
        }
        #expect(larger.count <= payloads.count / 20, "larger than zint's: \(larger)")
        print("datamatrix: \(payloads.count - larger.count) of \(payloads.count) sizes no larger than zint's; larger: \(larger)")
    }

    /// Data suited to X12, EDIFACT, C40, Text and ASCII, and mixtures, of many lengths (so
    /// that the data ends at every point of a triplet or group).
    static var referencePayloads: [String] {
        var result = [
            "ISA*00*SENDER*ZZ>PO4*12*EA*100", "ABC*123>DEF*456>XYZ", "N1*ST*ACME>N3*12 MAIN ST", "PO*1*12*EA\r",
            "UNB+UNOA:1+SENDER+RECEIVER+261201:1200+1'", "UNH+1+ORDERS:D:96A:UN'", "A.B/C:D-E?F", "BGM+220+PO-4711+9'",
            "HELLO WORLD", "DATA MATRIX 2026", "hello world", "lower case text only", "12345678901234567890",
            "Mixed Case 123", "order confirmation: ISA*00*SENDER*ZZ>PO4*12*EA 12345678901234", "ABCDEF", "ABCDEFGH",
            "https://example.com/p?id=42", "SN:1234-5678-ABCD", "LOT 42 / 7 EXP 2027-01", "(01)09501101530003",
        ]
        for n in 1...18 {
            result.append(String(String("ISA*00*SENDER*ZZ>PO4*12*EA*100*X".prefix(n))))
            result.append(String(String("UNB+UNOA:1+SENDER+RECEIVER+2612".prefix(n + 3))))
        }
        return result
    }
}
