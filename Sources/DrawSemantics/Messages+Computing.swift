// The messages of computing (Computing.swift): `fn` functions and their calls, record and
// list literals, comprehensions and the built-in functions on strings, lists and numbers, in
// one place to review for tone: each function's doc comment shows source that triggers it.
// Ids are SemanticsID's (Messages+Eval.swift).

import DrawDiagnostics

enum ComputingMessages {
    // MARK: Functions and calls

    /// `fn f(x) = x` then `f(y: 1)` (a did-you-mean when one is close).
    static func noSuchParameter(_ function: String, _ name: String, definedAt definition: Span, notes: [Diagnostic.Note],
                                fixIts: [Diagnostic.FixIt], at span: Span) -> Diagnostic {
        .error(.functionArgument, at: span, "'\(function)' has no parameter '\(name)'",
               notes: notes + [.init("'\(function)' is defined here", at: definition)], fixIts: fixIts)
    }

    /// `fn f(x) = x` then `f(1, 2)`.
    static func tooManyArguments(_ function: String, takes count: Int, definedAt definition: Span, at span: Span) -> Diagnostic {
        .error(.functionArgument, at: span, "'\(function)' takes \(count) argument\(count == 1 ? "" : "s"), found more",
               notes: [.init("'\(function)' is defined here", at: definition)])
    }

    /// Calls whose expressions nest past `EvaluationLimits.maxEvaluationDepth`.
    static func nestedTooDeep(limit: Int, at span: Span) -> Diagnostic {
        .error(.expressionDepth, at: span, "expressions nest deeper than \(limit) levels through the function calls open here")
    }

    /// `fn f(x) = f(x)` then `f(1)`: calls nested past `EvaluationLimits.maxCallDepth`.
    static func callsTooDeep(_ function: String, limit: Int, at span: Span) -> Diagnostic {
        .error(.recursionLimit, at: span,
               "function and component calls nest deeper than \(limit) (is '\(function)' recursive without an end?)")
    }

    /// More calls in all than `EvaluationLimits.maxCalls`.
    static func tooManyCalls(limit: Int, at span: Span) -> Diagnostic {
        .error(.callLimit, at: span, "more than \(limit) function and component calls in the drawing")
    }

    /// `map(xs, fn (a, b) = a)`: `caller` ("'map'") calls `function` with `count` arguments, it takes `takes`.
    static func invokedWithWrongCount(_ caller: String, _ function: String, count: Int, takes: Int, definedAt definition: Span,
                                      at span: Span) -> Diagnostic {
        .error(.functionArgument, at: span,
               "\(caller) calls '\(function)' with \(count) argument\(count == 1 ? "" : "s"), but it takes \(takes)",
               notes: [.init("'\(function)' is defined here", at: definition)])
    }

    /// `round(1, 2, 3)` → "'round' takes 1 to 2 positional arguments, found 3": `expected` is
    /// written "2", "at least 1" (no upper bound) or "1 to 3".
    static func positionalCount(_ function: String, expected: ClosedRange<Int>, found: Int, at span: Span) -> Diagnostic {
        let count = expected.lowerBound == expected.upperBound ? "\(expected.lowerBound)"
            : expected.upperBound == Int.max ? "at least \(expected.lowerBound)" : "\(expected.lowerBound) to \(expected.upperBound)"
        let plural = expected.upperBound != 1
        return .error(.functionArgument, at: span, "'\(function)' takes \(count) positional argument\(plural ? "s" : ""), found \(found)")
    }

    /// `format(x, decimal: 2)` (a did-you-mean when one is close): `allowed` are the names it takes.
    static func unknownNamedArgument(_ function: String, _ name: String, allowed: [String], notes: [Diagnostic.Note],
                                     fixIts: [Diagnostic.FixIt], at span: Span) -> Diagnostic {
        .error(.functionArgument, at: span,
               "'\(function)' has no argument '\(name)' (it takes \(allowed.map { "'\($0):'" }.joined(separator: ", ")))",
               notes: notes, fixIts: fixIts)
    }

    /// `format(x, decimals: 2, decimals: 3)`.
    static func namedArgumentTwice(_ name: String, at span: Span) -> Diagnostic {
        .error(.duplicateArgument, at: span, "'\(name):' is given twice")
    }

    // MARK: Literals and comprehensions

    /// `{a: 1, a: 2}`.
    static func duplicateField(_ name: String, first: Span?, at span: Span) -> Diagnostic {
        .error(.duplicateField, at: span, "the field '\(name)' is given twice", notes: first.map { [.init("first given here", at: $0)] } ?? [])
    }

    /// `[for i in 0..<10_000_000 i]`: past the loop or list limit (`limit`, the smaller).
    static func comprehensionTooLong(_ count: Int, limit: Int, at span: Span) -> Diagnostic {
        .error(.loopLimit, at: span, "this list would have \(count) elements; the limit is \(limit)")
    }

    /// `[for x in xs if x.name x]` where the filter is not a bool.
    static func filterNotBool(_ type: String, at span: Span) -> Diagnostic {
        .error(.conditionNotBool, at: span, "the condition of '[for … if' must be a bool, found \(type)")
    }

    // MARK: Built-in functions

    /// `codepoint("ab")`.
    static func codepointLength(_ count: Int, at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "'codepoint' needs a string of exactly one character, found \(count)")
    }

    /// `split("a,b", "")`.
    static func emptySeparator(at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "'split' needs a separator that is not empty (use 'chars' for characters)")
    }

    /// `join([box], ",")` where `box` is a component.
    static func joinNotWritable(_ type: String, at span: Span) -> Diagnostic {
        .error(.typeMismatch, at: span, "'join' cannot write \(type) into a string")
    }

    /// `replace("abc", "", "x")`.
    static func emptyReplacement(at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "'replace' needs a text to replace that is not empty")
    }

    /// `color("#12")`.
    static func notAColor(_ text: String, at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "'\(text)' is not a color: expected #rgb, #rgba, #rrggbb, #rrggbbaa or a CSS color name")
    }

    /// `range(0, 10pt)`.
    static func rangeKinds(at span: Span) -> Diagnostic {
        .error(.operatorTypes, at: span, "the arguments of 'range' must be of one kind (numbers, lengths or angles)")
    }

    /// `range(0, 10, 0)`.
    static func rangeStepZero(at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "'range' needs a step that is not zero")
    }

    /// `sum([1, "a"])`.
    static func sumItem(_ type: String, at span: Span) -> Diagnostic {
        .error(.typeMismatch, at: span, "'sum' adds numbers, lengths or points, found \(type) in the list")
    }

    /// `filter(xs, fn (x) = x * 2)`.
    static func filterResultNotBool(_ type: String, at span: Span) -> Diagnostic {
        .error(.conditionNotBool, at: span, "the function given to 'filter' must give a bool, found \(type)")
    }

    /// `format(12pt)`: a length, angle or percentage; the hint divides by one of its unit
    /// ("1pt", "1deg", "1%").
    static func formatNeedsPlainNumber(_ value: Value, at span: Span) -> Diagnostic {
        let unit = if case .length = value { "1pt" } else if case .angle = value { "1deg" } else { "1%" }
        return .error(.typeMismatch, at: span, "argument 1 of 'format' expects a plain number, found \(value.typeName)",
               notes: [.init("divide by a unit to say which number to write: 'format(x / \(unit), decimals: 2)'")])
    }

    /// `format(x, decimals: 20)`: `written` is the value as given.
    static func decimalsOutOfRange(_ written: String, at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "'decimals:' must be a whole number from 0 to 12, found \(written)")
    }

    /// `format(x, grouping: "1")`, `format(x, decimalMark: "")`: `label` is `grouping` or
    /// `decimalMark`, `quoted` the mark as `quotedSource` writes it.
    static func badMark(_ label: String, found quoted: String, at span: Span) -> Diagnostic {
        let place = label == "grouping" ? "between groups of three digits" : "in place of the point"
        return .error(.invalidValue, at: span, "'\(label):' must be one character (not a digit or '-') written \(place), found \(quoted)")
    }

    /// `format(x, grouping: ".", decimalMark: ".")`.
    static func marksEqual(at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "'grouping:' and 'decimalMark:' must differ, or the number cannot be read back")
    }
}

extension TypeExpectation {
    /// `map(xs, 5)`: argument `number` of `function`, which it calls.
    static func function(argument number: Int, of function: String) -> TypeExpectation {
        .argument(number, of: function, expected: "a function (the name of an 'fn' or of a built-in function)")
    }

    /// `pad(red, 5)`.
    static var padValue: TypeExpectation { .argument(1, of: "pad", expected: "a string or a plain number") }

    /// `pad(5, 3, with: "ab")`.
    static var padWith: TypeExpectation { .namedArgument("with", of: "pad", expected: "a string of one character") }

    /// `pad(5, 3, side: left)`.
    static var padSide: TypeExpectation { .namedArgument("side", of: "pad", expected: "start or end") }

    /// The words `side:` of `pad` takes.
    static var padSides: [String] { ["start", "end"] }

    /// `format("a")`.
    static var formatValue: TypeExpectation { .argument(1, of: "format", expected: "a number") }

    /// `format(1234, grouping: 5)`: the named argument `label`.
    static func formatOption(_ label: String) -> TypeExpectation { .namedArgument(label, of: "format", expected: "a string") }
}
