import DrawBase
import DrawDiagnostics
import DrawScene
@testable import DrawSemantics
import Testing

/// The text a drawing `text "\(expression)"` shows, after `prelude`; nil on diagnostics.
func shown(_ expression: String, prelude: String = "", sourceLocation: SourceLocation = #_sourceLocation) -> String? {
    let result = evaluate(prelude + "\ntext \"\\(" + expression + ")\"\n")
    #expect(result.diagnostics.isEmpty, "\(expression): \(result.diagnostics.map { "\($0.id): \($0.message)" })",
            sourceLocation: sourceLocation)
    return result.nodes.last?.content
}

/// Conditional expressions, `fn`, records, comprehensions and the library functions.
@Suite struct ComputingTests {
    @Test func conditionalEvaluatesOnlyTheBranchTaken() {
        #expect(shown("if 1 < 2 then \"yes\" else 1 / 0") == "yes")
        #expect(shown("if 1 > 2 then 1 / 0 else if 2 > 1 then \"second\" else \"third\"") == "second")
        // Lowest precedence: the else branch takes the whole sum.
        #expect(shown("if false then 1 else 2 + 3") == "5")
        let r = evaluate("let c = if 3 then red else blue")
        #expect(r.ids == ["sem.condition-not-bool"])
    }

    @Test func functionsRecurseAndCaptureWhereTheyAreDefined() {
        #expect(shown("fact(10)", prelude: "fn fact(n) = if n <= 1 then 1 else n * fact(n - 1)") == "3628800")
        #expect(shown("fib(15)", prelude: "fn fib(n) = if n < 2 then n else fib(n - 1) + fib(n - 2)") == "610")
        // The body sees `k` where the function was written, not the caller's `k`.
        let prelude = """
        let k = 10
        fn addK(x) = x + k
        """
        let r = evaluateClean(prelude + "\ngroup {\n  let k = 1000\n  text \"\\(addK(1))\"\n}")
        #expect(r.nodes[0].children[0].content == "11")
        #expect(shown("area(2)", prelude: "fn area(w, h = w * 3) = w * h") == "12")
        #expect(shown("area(h: 5, w: 2)", prelude: "fn area(w, h) = w * h") == "10")
    }

    @Test func recursionWithoutEndStopsAtTheLimit() {
        let r = evaluate("fn down(n) = down(n - 1)\nlet x = down(1)")
        #expect(r.ids == ["sem.recursion-limit"])
        // Exponential work is bounded by the call limit, not by patience.
        var limits = EvaluationLimits.standard
        limits.maxCalls = 10_000
        let slow = evaluate("fn fib(n) = if n < 2 then n else fib(n - 1) + fib(n - 2)\nlet x = fib(40)", limits: limits)
        #expect(slow.ids == ["sem.call-limit"])
    }

    @Test func deepExpressionsInEveryNestedCallDoNotExhaustTheStack() {
        // Each call opens an expression 90 levels deep: the depths add up to the limit.
        let deep = String(repeating: "- ", count: 90)
        let shallow = evaluate("fn f(n) = if n == 0 then 0 else \(deep)f(n - 1)\nlet x = f(3)")
        #expect(shallow.diagnostics.isEmpty, "\(shallow.diagnostics.map(\.message))")
        let over = evaluate("fn f(n) = if n == 0 then 0 else \(deep)f(n - 1)\nlet x = f(63)")
        #expect(over.ids == ["sem.expression-depth"])
        // The same through map, whose calls also count.
        let mapped = evaluate("fn f(n) = if n == 0 then 0 else \(deep)sum(map([n - 1], f))\nlet x = f(63)")
        #expect(mapped.ids == ["sem.expression-depth"])
        // Plain recursion goes as deep as the call limit.
        let plain = evaluate("fn f(n) = if n == 0 then 0 else 1 + f(n - 1)\nlet x = f(63)")
        #expect(plain.diagnostics.isEmpty, "\(plain.diagnostics.map(\.message))")
    }

    @Test func comprehensionsBuildLists() {
        #expect(shown("[for i in 0..<4: (i * 10pt, i * i)]") == "[(0, 0), (10, 1), (20, 4), (30, 9)]")
        #expect(shown("[for x in [3, 8, 1, 9] if x > 2: x * 2]") == "[6, 16, 18]")
        #expect(shown("[for i in 0..<2: [for j in 0..<2: i * 2 + j]]") == "[[0, 1], [2, 3]]")
        // The variable is gone after the comprehension.
        let r = evaluate("let xs = [for i in 0..<3: i]\nlet y = i + 1")
        #expect(r.ids == ["sem.undefined-name"])
        var limits = EvaluationLimits.standard
        limits.maxLoopIterations = 100
        #expect(evaluate("let xs = [for i in 0..<1000: i]", limits: limits).ids == ["sem.loop-limit"])
    }

    @Test func polylinePointsFromAComprehension() {
        let r = evaluateClean("fn f(i) = i * i\npolyline points: [for i in 0..<5: (i * 10pt, f(i) * 1pt)]")
        #expect(r.nodes[0].geometry.points?.count == 5)
        #expect(r.nodes[0].geometry.points?[4] == PointValue(Point(40, 16)))
    }

    @Test func records() {
        let prelude = "let r = {name: \"bolts\", qty: 3, size: 4mm}"
        #expect(shown("r.name", prelude: prelude) == "bolts")
        #expect(shown("r[\"qty\"] * 2", prelude: prelude) == "6")
        #expect(shown("keys(r)", prelude: prelude) == "[name, qty, size]")
        #expect(shown("count(r)", prelude: prelude) == "3")
        #expect(shown("r == {name: \"bolts\", qty: 3, size: 4mm}", prelude: prelude) == "true")
        #expect(shown("r", prelude: prelude) == "{name: \"bolts\", qty: 3, size: 11.338582677165356pt}")
        #expect(evaluate(prelude + "\nlet x = r.nmae").ids == ["sem.unknown-member"])
        #expect(evaluate("let r = {a: 1, a: 2}").ids == ["sem.duplicate-field"])
    }

    /// Issue 33: `let ean = 4006381333931` then `"\(ean)"` printed `4006381333930.999808`.
    @Test func numbersPrintAsPeopleWroteThem() {
        #expect(shown("ean", prelude: "let ean = 4006381333931") == "4006381333931")
        #expect(shown("590123412345") == "590123412345")
        #expect(shown("12345678901234") == "12345678901234")
        #expect(shown("9007199254740992") == "9007199254740992")
        #expect(shown("0.1 + 0.2") == "0.30000000000000004")
        #expect(shown("1 / 3") == "0.3333333333333333")
        #expect(shown("0.000001") == "0.000001")
        #expect(shown("join([590123412345, 1.5], \"/\")") == "590123412345/1.5")
        #expect(shown("pad(12345678901234, 16, with: \"0\")") == "0012345678901234")
    }

    @Test func anIntegerLiteralBeyondTwoToThe53IsAWarningToWriteAString() throws {
        let r = evaluate("let id = 12345678901234567\nlet fine = 9007199254740992\nlet big = 1e20\nlet len = 12345678901234567.5", allowParseErrors: true)
        #expect(r.ids == ["lex.inexact-integer"])
        let warning = try #require(r.diagnostics.first)
        #expect(warning.severity == .warning)
        #expect(r.text(of: warning) == "12345678901234567")
        #expect(warning.fixIts.first?.replacement == "\"12345678901234567\"")
    }

    @Test(arguments: [
        ("upper(\"straße\")", "STRASSE"), ("lower(\"ÉTÉ\")", "été"), ("trim(\" \\t x y \\n\")", "x y"),
        ("\"héllo\"[1]", "é"), ("count(\"héllo\")", "5"), ("chars(\"abc\")", "[a, b, c]"),
        ("codepoint(\"€\")", "8364"), ("split(\"a,b,,c\", \",\")", "[a, b, , c]"), ("split(\" a  b \")", "[a, b]"),
        ("join([1, \"b\", 2.5pt], \", \")", "1, b, 2.5pt"), ("replace(\"aXbXc\", \"X\", \"--\")", "a--b--c"),
        ("pad(42, 5, with: \"0\")", "00042"), ("pad(\"ab\", 4, side: end) + \"|\"", "ab  |"), ("pad(\"long\", 2)", "long"),
        ("format(3.14159, decimals: 2)", "3.14"), ("format(2.5, decimals: 0)", "3"), ("format(-2.5, decimals: 0)", "-3"),
        ("format(0.125, decimals: 2)", "0.13"), ("format(-0.001, decimals: 2)", "0.00"), ("format(1234567.891, decimals: 1)", "1234567.9"),
        ("format(5, decimals: 3)", "5.000"), ("format(0.05, decimals: 1)", "0.1"), ("format(2 / 3)", "0.6666666666666666"),
        ("format(1.005, decimals: 2)", "1.01"), ("format(2.675, decimals: 2)", "2.68"), ("format(-0.125, decimals: 2)", "-0.13"),
        ("format(29756.33, decimals: 2, grouping: \",\")", "29,756.33"),
        ("format(29756.33, decimals: 2, grouping: \".\", decimalMark: \",\")", "29.756,33"),
        ("format(1234567, grouping: \" \")", "1 234 567"), ("format(0.5, decimalMark: \",\")", "0,5"),
        ("color(\"#0a0\") == #00aa00", "true"), ("color(\"Teal\") == teal", "true"),
    ])
    func stringFunction(_ expression: String, _ expected: String) {
        #expect(shown(expression) == expected)
    }

    @Test(arguments: [
        ("range(4)", "[0, 1, 2, 3]"), ("range(2, 5)", "[2, 3, 4]"), ("range(10, 0, -4)", "[10, 6, 2]"),
        ("range(0pt, 1in, 0.25in)", "[0pt, 18pt, 36pt, 54pt]"), ("zip([1, 2, 3], [\"a\", \"b\"])", "[[1, a], [2, b]]"),
        ("enumerate([\"x\", \"y\"])", "[{index: 0, value: \"x\"}, {index: 1, value: \"y\"}]"),
        ("sum([1, 2, 3.5])", "6.5"), ("sum([])", "0"), ("sum([1pt, 1in])", "73pt"), ("sum([(1, 2), (3, 4)])", "(4, 6)"),
        ("map(range(4), sq)", "[0, 1, 4, 9]"), ("filter(0...9, odd)", "[1, 3, 5, 7, 9]"), ("reduce([1, 2, 3, 4], 0, add)", "10"),
        ("map([\"a\", \"b\"], upper)", "[A, B]"), ("max([for x in [3, 9, 2]: x * 2])", "18"),
    ])
    func listFunction(_ expression: String, _ expected: String) {
        let prelude = "fn sq(x) = x * x\nfn odd(x) = x % 2 == 1\nfn add(a, b) = a + b"
        #expect(shown(expression, prelude: prelude) == expected)
    }

    @Test func colourFunctionsRejectOutOfRangeInsteadOfClamping() {
        #expect(evaluate("rect fill: rgb(255, 0, 100%)").diagnostics.isEmpty)
        #expect(evaluate("rect fill: rgba(0, 0, 0, 0)").diagnostics.isEmpty)
        for bad in ["rgb(256, 0, 0)", "rgb(0, -1, 0)", "rgb(0, 0, 101%)", "rgba(0, 0, 0, 1.01)", "hsl(0, 120%, 50%)",
                    "hsl(0, 50%, -1%)", "gray(1.5)", "mix(red, blue, 2)"] {
            let r = evaluate("rect fill: \(bad)")
            #expect(r.ids == ["sem.invalid-value"], "\(bad): \(r.ids)")
        }
    }

    @Test func pagesComeFromLoopsAndConditions() {
        let r = evaluateClean("""
        page size: a6
        for name in ["Ada", "Grace", "Katherine"] {
          page { text "Dear \\(name)" }
        }
        if true { page { text "summary" } }
        if false { page { text "never" } }
        """)
        #expect(r.drawing.pages.count == 4)
        #expect(r.drawing.pages[2].nodes[0].content == "Dear Katherine")
        #expect(evaluate("def p() {\n  page { text \"x\" }\n}\np").ids == ["sem.page-not-top-level"])
    }
}
