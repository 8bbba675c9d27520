import Testing
@testable import DrawOutput

/// The one conversion of a number of the language to text (issue 33): exact integers up to
/// 2^53, otherwise the shortest decimal that reads back, no exponent from 1e-6 to 1e21.
@Suite struct NumberTextTests {
    @Test(arguments: [
        (4006381333931.0, "4006381333931"), (590123412345.0, "590123412345"), (12345678901234.0, "12345678901234"),
        (9007199254740992.0, "9007199254740992"), (-9007199254740992.0, "-9007199254740992"),
        (12345678901234567.0, "12345678901234568"), (1e20, "100000000000000000000"), (1e21, "1e+21"),
        (1.5e22, "1.5e+22"), (0.0, "0"), (-0.0, "0"), (0.1, "0.1"), (0.1 + 0.2, "0.30000000000000004"),
        (2.0 / 3.0, "0.6666666666666666"), (-4.5, "-4.5"), (1e-6, "0.000001"), (1.5e-6, "0.0000015"),
        (1e-7, "1e-7"), (-2.5e-9, "-2.5e-9"), (123.456, "123.456"), (5e-324, "5e-324"),
        (Double.nan, "nan"), (Double.infinity, "inf"), (-Double.infinity, "-inf"),
    ])
    func writesAsPeopleRead(_ value: Double, _ expected: String) {
        #expect(NumberFormat.text(value) == expected)
    }

    @Test func everyTextReadsBackAsTheSameNumber() {
        var x: UInt64 = 0x9E3779B97F4A7C15
        for _ in 0..<20_000 {
            x = x &* 6364136223846793005 &+ 1442695040888963407
            let value = Double(bitPattern: x >> 1)
            guard value.isFinite else { continue }
            let text = NumberFormat.text(value)
            #expect(Double(text) == value, "\(value) written as \(text)")
        }
    }

    @Test(arguments: [
        (1.005, 2, "1.01"), (2.675, 2, "2.68"), (-0.125, 2, "-0.13"), (0.125, 2, "0.13"), (2.5, 0, "3"),
        (-2.5, 0, "-3"), (-0.001, 2, "0.00"), (0.0, 3, "0.000"), (5.0, 3, "5.000"), (9.995, 2, "10.00"),
        (999.5, 0, "1000"), (0.05, 1, "0.1"), (1e-7, 3, "0.000"), (5e-7, 6, "0.000001"), (1e21, 1, "1000000000000000000000.0"),
        (1234567.891, 1, "1234567.9"),
    ])
    func roundsHalfAwayFromZeroOnTheShortestDecimal(_ value: Double, _ decimals: Int, _ expected: String) {
        #expect(NumberFormat.text(value, style: .init(decimals: decimals)) == expected)
    }

    @Test func groupsDigitsAndWritesTheDecimalMark() {
        #expect(NumberFormat.text(29756.33, style: .init(decimals: 2, grouping: ",")) == "29,756.33")
        #expect(NumberFormat.text(29756.33, style: .init(decimals: 2, grouping: ".", decimalMark: ",")) == "29.756,33")
        #expect(NumberFormat.text(-1234567, style: .init(grouping: " ")) == "-1 234 567")
        #expect(NumberFormat.text(999, style: .init(grouping: ",")) == "999")
        #expect(NumberFormat.text(0.5, style: .init(decimalMark: ",")) == "0,5")
        #expect(NumberFormat.text(100000.25, style: .init(grouping: "\u{202F}")) == "100\u{202F}000.25")
    }
}
