import DrawDiagnostics
@testable import DrawSemantics
import Testing

/// Data files whose shape, not their byte count, made evaluation slow (issue 34).
@Suite struct DataFileSizeTests {
    /// A header of 300,000 columns: each name was looked up among the names before it, about
    /// 4.5 × 10^10 string comparisons — hours, where a set makes it a fraction of a second.
    /// The size, not a timer, is the test: quadratic work cannot finish under any time limit.
    @Test func aWideHeaderIsReadInLinearTime() throws {
        let columns = 300_000
        var header = (0..<columns).map { "c\($0)" }
        header[columns - 1] = "c7"  // one duplicate, at the end: still reported
        let csv = Array((header.joined(separator: ",") + "\n").utf8)
        let (result, _, bindings) = evaluateWithBindings("let rows = csv(\"wide.csv\")", ["/data/wide.csv": csv])
        #expect(result.diagnostics.map(\.id) == ["data.duplicate-field-name"], "\(result.diagnostics.map(\.message))")
        #expect(result.diagnostics.first?.message.contains("'c7'") == true)
        #expect(bindings["rows"] != nil)
    }
}
