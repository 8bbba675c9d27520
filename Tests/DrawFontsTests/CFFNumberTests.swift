import Testing
@testable import DrawFonts

/// Issue 34: a charstring's arithmetic reaching NaN (∞ × 0) and then `index` is a damaged
/// glyph, not a trap in `Int(Double)`.
@Suite struct CFFNumberTests {
    @Test func indexOfNotANumberIsDamage() throws {
        typealias H = HostileCFFTests
        let mul: [UInt8] = [12, 24], index: [UInt8] = [12, 29]
        var program = H.n(30000)
        for _ in 0..<80 { program += H.n(30000) + mul }  // 30000^81: +∞
        program += H.n(0) + mul + index + H.endchar      // ∞ × 0 = NaN, then index
        let f = try H.font(H.table(charstrings: [H.endchar, program]))
        #expect(throws: FontError.self) { try f.run(glyph: 1) }
    }
}
