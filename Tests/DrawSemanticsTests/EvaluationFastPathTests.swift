// The evaluator's short ways for the everyday cases of a loop body give what its general
// ways give: plain-number arithmetic (`numberArithmetic`) what `binary` and `finite` give,
// the rounding built-ins without their argument arrays what `callBuiltin` gives, numbers
// written into an interpolated string's bytes the text `formatNumber` makes, and the
// interpolated string itself the concatenation of its pieces' texts.

import DrawDiagnostics
import DrawScene
@testable import DrawSemantics
import DrawSyntax
import Testing

@Suite struct EvaluationFastPathTests {
    /// An evaluation of an empty file, to call its operators on values directly.
    static func evaluation() -> (Evaluation, FileID) {
        var sources = SourceManager()
        let id = sources.add(path: "/test/main.draw", bytes: [])
        let (file, _) = DrawSyntax.parse(sources[id]!)
        let evaluator = Evaluator(loadFile: { _ in nil })
        let evaluation = Evaluation(sources: sources, resources: evaluator.resources, parse: { DrawSyntax.parse($0) },
                                    main: file, limits: .standard)
        return (evaluation, id)
    }

    /// A value as text that tells every case and number apart (bit patterns of doubles).
    static func describe(_ value: Value?) -> String {
        guard let value else { return "nil" }
        switch value {
        case .number(let x): return "number \(x.bitPattern)"
        case .length(let x): return "length \(x.bitPattern)"
        case .angle(let x): return "angle \(x.bitPattern)"
        case .percent(let x): return "percent \(x.bitPattern)"
        default: return interpolationText(value)
        }
    }

    static func values() -> [Double] {
        var values: [Double] = [0, -0.0, 1, -1, 2, 0.5, -2.5, 3, 7, 100, 1e308, -1e308, .greatestFiniteMagnitude,
                                .leastNonzeroMagnitude, 1e-300, 12345.678, -0.1]
        var state: UInt64 = 777
        for _ in 0..<300 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let mantissa = Double(state >> 11) / Double(1 << 53)
            let exponent = Double(Int(state % 24)) - 12
            var x = (mantissa - 0.5) * 2
            for _ in 0..<Int(abs(exponent)) { x = exponent < 0 ? x / 10 : x * 10 }
            values.append(state % 5 == 0 ? x.rounded() : x)
        }
        return values
    }

    @Test func plainNumberArithmeticIsWhatTheUnitRulesGive() {
        let (evaluation, _) = Self.evaluation()
        let values = Self.values()
        var compared = 0, shortCut = 0
        for op in [BinaryOperator.add, .subtract, .multiply, .divide, .remainder, .less, .equal, .and] {
            for (i, a) in values.enumerated() {
                // Every left operand with a spread of right ones (and zero, and itself).
                for b in [values[(i * 7 + 3) % values.count], values[(i * 13 + 1) % values.count], 0, -0.0, a] {
                    let fast = evaluation.numberArithmetic(op, .number(a), .number(b))
                    let general = evaluation.finite(evaluation.binary(op, .number(a), .number(b), span: .unknown,
                                                                      leftExpr: ExprID(0), rightExpr: ExprID(0)), .unknown)
                    if let fast {
                        #expect(Self.describe(fast) == Self.describe(general), "\(a) \(op.spelling) \(b)")
                        shortCut += 1
                    } else if op.rawValue <= BinaryOperator.remainder.rawValue {
                        // What the short way leaves (a zero divisor, a result beyond Double) is an error.
                        #expect(general == nil, "\(a) \(op.spelling) \(b)")
                    }
                    compared += 1
                }
            }
        }
        #expect(shortCut > 5 * values.count * 3)
        #expect(compared == 8 * values.count * 5)
        // Other operands never take the short way.
        #expect(evaluation.numberArithmetic(.add, .length(1), .number(2)) == nil)
        #expect(evaluation.numberArithmetic(.multiply, .number(2), .percent(0.5)) == nil)
        #expect(evaluation.numberArithmetic(.add, .string("a"), .string("b")) == nil)
    }

    /// A point of two number literals, read from the literals inside `evaluate` (issue 38),
    /// is the point its items' own evaluations make, whatever their units; other pairs
    /// (a percentage, an angle, a name, a number too large) take the general way.
    @Test func pointLiteralsAreWhatTheirItemsEvaluateTo() {
        let pairs = ["1, 2", "-3, 4.5", "1mm, 2in", "3cm, 4px", "5pt, 6", "0, -0", "1e300, 2", "50%, 1", "1, 30deg",
                     "x, 1", "2 + 1, 3", "\"a\", 1", "0.1, 0.2", "12345.678mm, -0.5cm", "100, 100%"]
        let text = "let x = 4\n" + pairs.enumerated().map { "let p\($0.offset) = (\($0.element))" }.joined(separator: "\n")
        var sources = SourceManager()
        let id = sources.add(path: "/test/points.draw", bytes: Array(text.utf8))
        let (file, diagnostics) = DrawSyntax.parse(sources[id]!)
        #expect(diagnostics.isEmpty)
        let evaluator = Evaluator(loadFile: { _ in nil })
        let evaluation = Evaluation(sources: sources, resources: evaluator.resources, parse: { DrawSyntax.parse($0) },
                                    main: file, limits: .standard)
        evaluation.declare(Identifier("x", span: Span(file: id, start: 4, end: 5)), .number(4))
        var points = 0, literal = 0
        for (index, expr) in file.exprs.enumerated() {
            guard case .tuple(let items) = expr.kind, items.count == 2 else { continue }
            points += 1
            let first = file.exprLists[Int(items.start)], second = file.exprLists[Int(items.start) + 1]
            if evaluation.literalLength(first) != nil && evaluation.literalLength(second) != nil { literal += 1 }
            // The general way: each item evaluated, a point when both are lengths.
            let a = evaluation.evaluate(first, depth: 1), b = evaluation.evaluate(second, depth: 1)
            let general: Value? = if let a, let b, let x = evaluation.length(a), let y = evaluation.length(b) { .point(x, y) } else { nil }
            let value = evaluation.evaluate(ExprID(UInt32(index)))
            if let general {
                #expect(Self.describe(value) == Self.describe(general) && interpolationText(value!) == interpolationText(general))
                if case .point(let x, let y)? = value, case .point(let gx, let gy) = general {
                    #expect(x.bitPattern == gx.bitPattern && y.bitPattern == gy.bitPattern, "\(pairs[points - 1])")
                } else {
                    Issue.record("not a point: \(pairs[points - 1])")
                }
            } else if case .point? = value {
                Issue.record("a point where the items make none: \(pairs[points - 1])")
            }
        }
        #expect(points == pairs.count)
        #expect(literal >= 6)
    }

    @Test func roundingBuiltinsAreWhatCallBuiltinGives() {
        let (evaluation, file) = Self.evaluation()
        var arguments: [Value] = [.length(3.5), .length(-2.5), .angle(44.5), .percent(0.125), .string("x"), .bool(true),
                                  .point(1, 2), .none]
        arguments += Self.values().map { .number($0) }
        for name in ["floor", "ceil", "round", "abs"] {
            let identifier = Identifier(name, span: Span(file: file, start: 0, end: UInt32(name.utf8.count)))
            let symbol = evaluation.intern(name)
            let rounding = evaluation.roundingFunction(symbol)
            #expect(rounding != nil, "\(name)")
            for value in arguments {
                let general = evaluation.callBuiltin(identifier, values: [value], spans: [.unknown], exprs: [nil], span: .unknown)
                let fast = evaluation.numeric(value).map { evaluation.make(rounding!.apply($0.0), $0.1) }
                if let fast {
                    #expect(Self.describe(fast) == Self.describe(general), "\(name)(\(Self.describe(value)))")
                } else {
                    // Not a number or a length: the call goes on to `callBuiltin`, which reports it.
                    #expect(general == nil)
                }
            }
        }
        #expect(evaluation.roundingFunction(evaluation.intern("sqrt")) == nil)
        #expect(evaluation.roundingFunction(evaluation.intern("r")) == nil)
    }

    @Test func roundingCallsInALoop() {
        let result = evaluateClean("""
            let xs = [2.5, -2.5, 0.5, -0.49]
            for x in xs {
              text "\\(floor(x)) \\(ceil(x)) \\(round(x)) \\(abs(x)) \\(floor(x * 1mm) / 1pt)"
            }
            fn abs(x) = 42
            text "\\(abs(-1)) \\(round(2.5deg))"
            """)
        #expect(EvaluationCacheTests.texts(result) == [
            "2 3 3 2.5 7", "-3 -2 -3 2.5 -8", "0 1 1 0.5 1", "-1 0 0 0.49 -2", "42 3deg",
        ])
        let bad = evaluate("text \"\\(floor(\"a\"))\"")
        #expect(bad.ids == ["sem.type-mismatch"])
        #expect(bad.diagnostics.first?.message.contains("argument 1 of 'floor'") == true)
    }

    @Test func numberBytesAreTheNumberText() {
        var values = Self.values()
        values += [.infinity, -.infinity, .nan, 9.2e12, -9.3e12, 1e19, 0.0000005, -0.0000004, 99.9999995]
        for value in values {
            var bytes: [UInt8] = [0x41]
            appendNumberText(value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == "A" + formatNumber(value), "\(value)")
        }
    }

    @Test func interpolatedStringsAreTheirPiecesTexts() {
        let result = evaluateClean("""
            let r = {name: "Zoë ✓", qty: 3, w: 2.5mm, p: 50%, c: #ff8000, ok: true, xs: [1, "a"]}
            fn label(x) = "<\\(x)>"
            text "\\(r.name): \\(r.qty) × \\(r.w) \\(r.p) \\(r.c) \\(r.ok) \\(r.xs) \\(none)"
            text "a\\("b\\("c\\(1 + 1)d")e")f \\(label(label(r.qty))) \\(r)"
            text "\\(r.qty)\\(r.qty)"
            text "only \\(r.name)"
            """)
        #expect(EvaluationCacheTests.texts(result) == [
            "Zoë ✓: 3 × 7.086614173228347pt 50% #ff8000 true [1, a] none",
            "abc2def <<3>> {name: \"Zoë ✓\", qty: 3, w: 7.086614173228347pt, p: 50%, c: #ff8000, ok: true, xs: [1, a]}",
            "33",
            "only Zoë ✓",
        ])
    }

    @Test func interpolationStillStopsAtTheStringLimit() {
        var limits = EvaluationLimits.standard
        limits.maxStringLength = 20
        let result = evaluate("""
            let s = "0123456789"
            text "\\(s)\\(s)\\(s)"
            """, limits: limits)
        #expect(result.ids.contains("sem.string-limit"))
    }
}
