// What the evaluator remembers between iterations of a loop body (a record field's position
// per member expression, a callee's symbol per call site, the names' cache in front of the
// symbol table) gives what looking everything up again gives; and the number text of string
// interpolation is the one it always was.

import DrawDiagnostics
import DrawOutput
import DrawScene
@testable import DrawSemantics
import DrawSyntax
import Testing

@Suite struct EvaluationCacheTests {
    /// The text of each top-level text node.
    static func texts(_ result: Evaluated) -> [String] { result.nodes.map { $0.content ?? "" } }

    @Test func memberOfRecordsWithDifferentHeadersAtOneExpression() {
        // One `r.a` meets three headers: the field is at 0, then at 1, then at 0 again.
        let result = evaluateClean("""
            let rows = [{a: 1, b: 2}, {b: 3, a: 4}, {a: 5, c: 6}, {b: 7, a: 8}]
            for r in rows {
              text "\\(r.a)"
            }
            """)
        #expect(Self.texts(result) == ["1", "4", "5", "8"])
    }

    @Test func memberMissingAfterAFoundOneIsReported() {
        let result = evaluate("""
            let rows = [{a: 1, b: 2}, {b: 3}]
            for r in rows {
              text "\\(r.a)"
            }
            """)
        // (The second text is made without its content, as for any failed value.)
        #expect(Self.texts(result) == ["1", ""])
        #expect(result.ids == ["sem.unknown-member"])
        #expect(result.diagnostics.first?.message == "the record has no field 'a' (its fields: b)")
    }

    @Test func dataFileRowsShareTheirFieldPositions() {
        let result = evaluateClean("""
            for r in csv("/test/rows.csv") {
              text "\\(r.city): \\(r.qty)"
            }
            """, files: ["/test/rows.csv": "name,qty,city\nA,1,Oslo\nB,2,\"Paris, FR\"\n"])
        #expect(Self.texts(result) == ["Oslo: 1", "Paris, FR: 2"])
    }

    @Test func aFunctionDefinedAfterABuiltinCallStillWinsAtItsOwnCalls() {
        let result = evaluateClean("""
            for i in 0..<2 {
              text "\\(floor(2.5 + i))"
            }
            fn floor(x) = x * 10
            for i in 0..<2 {
              text "\\(floor(2.5 + i))"
            }
            """)
        #expect(Self.texts(result) == ["2", "3", "25", "35"])
    }

    @Test func namesThatOnceSharedACacheSlotResolveApart() {
        // `r` and `floor` took one slot of the old 8-slot cache; many short names share slots still.
        let result = evaluateClean("""
            let a = 1
            let b = 2
            let ab = 3
            let ba = 4
            for i in 0..<3 {
              let r = i + a + b * 10 + ab * 100 + ba * 1000
              text "\\(floor(r / 2))"
            }
            text "\\(ab)"
            """)
        #expect(Self.texts(result) == ["2160", "2161", "2161", "3"])
    }

    /// Interpolation's number text is the one conversion (NumberFormat.writeText, issue 33),
    /// and it reads back as the number it writes.
    @Test func numberTextIsTheOneConversion() {
        var values: [Double] = [0, -0.0, 1, -1, 0.5, 0.05, 0.000001, 0.0000004, 0.0000005, -0.0000005, 123.45, 1e12, 8.99e12,
                                9e12, 1e13, -9.2e12, 1.0 / 3, -2.0 / 3, 99.9999995, 0.1 + 0.2, .infinity, -.infinity, .nan,
                                Double(Int32.max), 1e300, -1e300]
        var state: UInt64 = 12345
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let mantissa = Double(state >> 11) / Double(1 << 53)
            let magnitude = Double(Int(state % 16)) - 7
            values.append((mantissa - 0.5) * 2 * Self.pow10(magnitude))
        }
        for value in values {
            #expect(formatNumber(value) == NumberFormat.text(value), "\(value)")
            if value.isFinite { #expect(Double(formatNumber(value)) == value + 0, "\(value)") }
        }
    }

    /// A CSV field's number through the exact fast path is the number `Double(text)` (strtod)
    /// reads, bit for bit, and a text that is no number stays one.
    @Test func csvNumbersAreWhatStrtodReads() {
        var fields = ["0", "-0", "+0", "1", "1.", ".5", "-.5", "+5", "0.05", "123.45", "999999999999999", "9999999999999999",
                      "0.1", "0.2", "0.3", "2.675", "1.005", "4.35", "8.589973e9", "1e3", "-2.5E-3", "007", "0.", "-", ".",
                      "1.2.3", "12a", "0.000000000000001", "123456789012.345", "1234567890123456", "0.1234567890123456"]
        var state: UInt64 = 77
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let digits = String(state >> 20)
            let cut = Int(state % UInt64(digits.count + 1))
            let whole = String(digits.prefix(cut)), fraction = String(digits.dropFirst(cut).prefix(Int(state >> 7) % 12))
            let sign = state % 3 == 0 ? "-" : ""
            fields.append(sign + (whole.isEmpty ? "0" : whole) + (fraction.isEmpty ? "" : "." + fraction))
        }
        for field in fields {
            let bytes = Array(field.utf8)
            let parser = DataParser(bytes: bytes, file: FileID(0), function: "csv")
            let value = parser.decimalNumber(0, bytes.count)
            // What the parser accepted before it had a fast path: the same spelling check, then strtod.
            let reference = Self.spelledAsNumber(field) ? Double(field).flatMap { $0.isFinite ? $0 : nil } : nil
            #expect(value?.bitPattern == reference?.bitPattern, "\(field): \(String(describing: value)) against \(String(describing: reference))")
        }
    }

    /// `-?digits[.digits][e[+-]digits]` without a leading zero before another digit.
    static func spelledAsNumber(_ text: String) -> Bool {
        var s = Substring(text)
        if s.first == "-" || s.first == "+" { s = s.dropFirst() }
        let whole = s.prefix { $0.isASCII && $0.isNumber }
        s = s.dropFirst(whole.count)
        if whole.count > 1 && whole.first == "0" { return false }
        var fraction = Substring("")
        if s.first == "." { s = s.dropFirst(); fraction = s.prefix { $0.isASCII && $0.isNumber }; s = s.dropFirst(fraction.count) }
        if whole.isEmpty && fraction.isEmpty { return false }
        if s.first == "e" || s.first == "E" {
            s = s.dropFirst()
            if s.first == "-" || s.first == "+" { s = s.dropFirst() }
            let exponent = s.prefix { $0.isASCII && $0.isNumber }
            if exponent.isEmpty { return false }
            s = s.dropFirst(exponent.count)
        }
        return s.isEmpty
    }

    static func pow10(_ e: Double) -> Double {
        var result = 1.0
        if e >= 0 { for _ in 0..<Int(e) { result *= 10 } } else { for _ in 0..<Int(-e) { result /= 10 } }
        return result
    }
}
