import DrawDiagnostics
import DrawScene
@testable import DrawSemantics
import Testing
#if canImport(Foundation)
import Foundation
#endif

@Suite struct CheckingTests {
    @Test func unknownKind() {
        let r = evaluate("rectt width: 3")
        #expect(r.ids == ["sem.unknown-kind"])
        #expect(r.text(of: r.diagnostics[0]) == "rectt")
        #expect(r.diagnostics[0].hints == ["did you mean 'rect'?"])
        #expect(r.diagnostics[0].fixIts.first?.replacement == "rect")
    }

    @Test func unknownProperty() {
        let r = evaluate("rect fil: red")
        #expect(r.ids == ["sem.unknown-property"])
        #expect(r.text(of: r.diagnostics[0]) == "fil")
        #expect(r.diagnostics[0].hints == ["did you mean 'fill'?"])
    }

    @Test func wrongTypeNamesTheLet() {
        let r = evaluate("let accent = #d7263d\nrect lineWidth: accent")
        #expect(r.ids == ["sem.type-mismatch"])
        #expect(r.diagnostics[0].message == "'lineWidth' expects a length, found a color")
        #expect(r.text(of: r.diagnostics[0]) == "accent")
        #expect(r.diagnostics[0].notes.map(\.message) == ["'accent' is defined here"])
    }

    @Test func ignoredPropertyIsAWarning() {
        let r = evaluate("rect r: 5")
        #expect(r.ids == ["sem.ignored-property"])
        #expect(r.diagnostics[0].severity == .warning)
    }

    @Test func badColorName() {
        let r = evaluate("rect fill: redd")
        #expect(r.ids == ["sem.invalid-name"])
        #expect(r.diagnostics[0].hints == ["did you mean 'red'?"])
    }

    @Test func bareWordOnlyWhereNamesAreTaken() {
        let r = evaluate("rect width: wide")
        #expect(r.ids == ["sem.undefined-name"])
    }

    @Test func propertyOutsideNode() {
        let r = evaluate("for i in 0..<2 { fill: red }")
        #expect(r.ids == ["sem.property-outside-node"])
    }

    @Test func nodeLimit() {
        var limits = EvaluationLimits.standard
        limits.maxNodes = 100
        let r = evaluate("for i in 0..<1000 { rect }", limits: limits)
        #expect(r.ids == ["sem.node-limit"])
    }

    @Test func positionalNotTaken() {
        let r = evaluate("group \"x\"")
        #expect(r.ids == ["sem.unexpected-positional"])
    }

    @Test func invalidValues() {
        let r = evaluate("rect opacity: 2, width: -1, columns: 2")
        #expect(r.ids == ["sem.invalid-value", "sem.invalid-value", "sem.ignored-property"])
    }

    @Test func hugeLoopStopsAtOnce() {
        let start = Date()
        let r = evaluate("for i in 0..<1000000000 { }")
        #expect(r.ids == ["sem.loop-limit"])
        #expect(Date().timeIntervalSince(start) < 2)
    }

    @Test func totalIterationLimit() {
        var limits = EvaluationLimits.standard
        limits.maxTotalIterations = 5000
        let r = evaluate("for i in 0..<1000 { for j in 0..<1000 { for k in 0..<100 { } } }", limits: limits)
        #expect(r.ids == ["sem.loop-limit"])
    }

    @Test func errorsInLoopsAreReportedOnce() {
        let r = evaluate("for i in 0..<100 { rect fill: 3 }")
        #expect(r.ids == ["sem.type-mismatch"])
    }

    @Test func deepExpressionNestingIsALimit() {
        let source = "rect width: " + String(repeating: "-", count: 1000) + "1"
        let r = evaluate(source, allowParseErrors: true)
        #expect(!r.errors.isEmpty || approx(r.nodes.first?.geometry.width, 1))
    }
}

@Suite struct LimitTests {
    static func limits(_ change: (inout EvaluationLimits) -> Void) -> EvaluationLimits {
        var limits = EvaluationLimits.standard
        change(&limits)
        return limits
    }

    @Test func tooManyErrors() {
        let source = (0..<20).map { "rect fill: \($0)" }.joined(separator: "\n")
        let r = evaluate(source, limits: Self.limits { $0.maxDiagnostics = 5 })
        #expect(r.errors.count == 6)
        #expect(r.ids.last == "sem.too-many-errors")
    }

    @Test func stringLimit() {
        let r = evaluate("""
        let a = "0123456789"
        let b = a + a
        let c = b + b
        let d = c + c
        """, limits: Self.limits { $0.maxStringLength = 50 })
        #expect(r.ids == ["sem.string-limit"])
    }

    @Test func listLimit() {
        let r = evaluate("let a = [1, 2, 3]\nlet b = a + a + a", limits: Self.limits { $0.maxListLength = 8 })
        #expect(r.ids == ["sem.list-limit"])
    }

    @Test func nestingLimit() {
        let r = evaluate("group { group { group { group { rect } } } }", limits: Self.limits { $0.maxBlockDepth = 3 })
        #expect(r.ids == ["sem.nesting-limit"])
    }

    @Test func duplicateIDInALoopExplainsItself() {
        let r = evaluate("for i in 0..<3 { rect id: box }")
        #expect(r.ids == ["sem.duplicate-id"])
        #expect(r.diagnostics[0].notes.first?.span == nil)
    }

    @Test func defsAreNotHoisted() {
        let r = evaluate("box\ndef box() { rect }")
        #expect(r.ids == ["sem.unknown-kind"])
    }
}

