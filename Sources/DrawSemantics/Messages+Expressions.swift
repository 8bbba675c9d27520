// The messages of expressions (Expressions.swift): numbers, strings, lists, names, members,
// indexing and function calls, in one place to review for tone: each function's doc comment
// shows source that triggers it. Ids are SemanticsID's (Messages+Eval.swift).

import DrawDiagnostics

enum ExpressionMessages {
    // MARK: Limits

    /// `((((…))))` nested past `EvaluationLimits.maxExpressionDepth`.
    static func nestedTooDeep(limit: Int, at span: Span) -> Diagnostic {
        .error(.expressionDepth, at: span, "expression nested deeper than \(limit) levels")
    }

    /// A string built past `EvaluationLimits.maxStringLength` (`"\(s)\(s)"` over and over, or `s + s`).
    static func stringTooLong(limit: Int, at span: Span) -> Diagnostic {
        .error(.stringLimit, at: span, "string longer than \(limit) bytes")
    }

    /// A list built past `EvaluationLimits.maxListLength` (`[…]` or `xs + xs`).
    static func listTooLong(limit: Int, at span: Span) -> Diagnostic {
        .error(.listLimit, at: span, "list longer than \(limit) elements")
    }

    // MARK: Values

    /// `let x = 1e999`.
    static func numberTooLarge(at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "the number is too large")
    }

    /// `"\(box)"` where `box` is a component (`type` says what it is).
    static func notWritable(_ type: String, at span: Span) -> Diagnostic {
        .error(.typeMismatch, at: span, "\(type) cannot be written into a string")
    }

    /// `xs[1.5]`: `what` says what had to be whole ("an index").
    static func notInteger(_ what: String, _ x: Double, at span: Span) -> Diagnostic {
        .error(.notInteger, at: span, "\(what) must be a whole number, found \(formatNumber(x))")
    }

    /// `1e300 * 1e300`.
    static func resultTooLarge(at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "the result is too large to be a number")
    }

    /// `fill: reddd` (a did-you-mean when one is close; `quoted` as `quotedSource` writes it).
    static func undefinedName(_ quoted: String, notes: [Diagnostic.Note], fixIts: [Diagnostic.FixIt], at span: Span) -> Diagnostic {
        .error(.undefinedName, at: span, "undefined name \(quoted)", notes: notes, fixIts: fixIts)
    }

    /// `1 / 0`, `5 % 0`.
    static func divisionByZero(at span: Span) -> Diagnostic {
        .error(.divisionByZero, at: span, "division by zero")
    }

    /// `a.center * 2`: arithmetic on an anchor other than adding a point.
    static func anchorArithmetic(at span: Span) -> Diagnostic {
        .error(.anchorArithmetic, at: span,
               "an anchor of a node can only be offset by adding or subtracting a point: node positions are known only after layout")
    }

    // MARK: Members and indexing

    /// `(1, 2).z` (a did-you-mean when one is close).
    static func unknownPointMember(_ name: String, notes: [Diagnostic.Note], fixIts: [Diagnostic.FixIt], at span: Span) -> Diagnostic {
        .error(.unknownMember, at: span, "a point has no member '\(name)' (it has x, y, width, height)", notes: notes, fixIts: fixIts)
    }

    /// `a.x` where `a` is a node: its position is not known yet.
    static func nodeMemberBeforeLayout(_ member: String, of node: String, at span: Span) -> Diagnostic {
        .error(.anchorArithmetic, at: span,
               "'.\(member)' of node '\(node)' is not known before layout: node positions are known only after layout; use an anchor such as '\(node).center'")
    }

    /// `a.middle` (a did-you-mean when one is close; `quoted` as `quotedSource` writes it).
    static func unknownAnchor(_ quoted: String, notes: [Diagnostic.Note], fixIts: [Diagnostic.FixIt], at span: Span) -> Diagnostic {
        .error(.unknownAnchor, at: span,
               "unknown anchor \(quoted) (center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight, n, s, e, w, ne, nw, se, sw)",
               notes: notes, fixIts: fixIts)
    }

    /// `a.center.x`.
    static func anchorMemberBeforeLayout(_ member: String, at span: Span) -> Diagnostic {
        .error(.anchorArithmetic, at: span, "'.\(member)' of an anchor is not known before layout: node positions are known only after layout")
    }

    /// `row.nmae` or `row["nmae"]` on a record with `fields` (a did-you-mean when one is close).
    static func unknownField(_ name: String, fields: [String], notes: [Diagnostic.Note], fixIts: [Diagnostic.FixIt],
                             at span: Span) -> Diagnostic {
        .error(.unknownMember, at: span, "the record has no field '\(name)' (its fields: \(fields.joined(separator: ", ")))",
               notes: notes, fixIts: fixIts)
    }

    /// `[1, 2][5]` or `"ab"[2]`: `isString` says which was indexed, `count` its length.
    static func indexOutOfRange(_ index: Int, count: Int, isString: Bool, at span: Span) -> Diagnostic {
        let what = isString ? "the string has \(count) character\(count == 1 ? "" : "s")"
            : "the list has \(count) element\(count == 1 ? "" : "s")"
        return .error(.indexOutOfRange, at: span, "index \(index) is out of range: \(what) (indices 0..<\(count))")
    }

    // MARK: Calls

    /// `let f = 3` then `f(1)`.
    static func notAFunction(_ name: String, is type: String, definedAt definition: Span, at span: Span) -> Diagnostic {
        .error(.notAFunction, at: span, "'\(name)' is \(type), not a function", notes: [.init("'\(name)' is defined here", at: definition)])
    }

    /// `sqrtt(2)` (a did-you-mean when one is close; `quoted` as `quotedSource` writes it).
    static func unknownFunction(_ quoted: String, notes: [Diagnostic.Note], fixIts: [Diagnostic.FixIt], at span: Span) -> Diagnostic {
        .error(.unknownFunction, at: span, "unknown function \(quoted)", notes: notes, fixIts: fixIts)
    }

    /// `sqrt(x: 2)`: a built-in function with a named argument.
    static func noNamedArguments(_ function: String, at span: Span) -> Diagnostic {
        .error(.functionArgument, at: span, "'\(function)' takes no named arguments")
    }

    /// `sqrt(1, 2)`.
    static func argumentCount(_ function: String, expected: Int, found: Int, at span: Span) -> Diagnostic {
        .error(.functionArgument, at: span, "'\(function)' takes \(expected) argument\(expected == 1 ? "" : "s"), found \(found)")
    }

    /// `rgb(300, 0, 0)`: argument `position` (from 1) outside `range`, as `written`.
    static func argumentOutOfRange(_ position: Int, of function: String, range: String, found written: String, at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "argument \(position) of '\(function)' must be from \(range), found \(written)")
    }

    /// `min()`.
    static func needsAValue(_ function: String, at span: Span) -> Diagnostic {
        .error(.functionArgument, at: span, "'\(function)' needs at least one value")
    }

    /// `sqrt(-1)`.
    static func sqrtOfNegative(_ x: Double, at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "'sqrt' of a negative number (\(formatNumber(x)))")
    }

    // MARK: Operators

    /// `-"a"`, `!3`: `symbol` is the operator as written.
    static func cannotApply(_ symbol: String, to type: String, at span: Span) -> Diagnostic {
        .error(.operatorTypes, at: span, "'\(symbol)' cannot be applied to \(type)")
    }

    /// `1 + "a"`, `true and 1`: `left` and `right` say what the operands are.
    static func cannotCombine(_ spelling: String, _ left: String, _ right: String, at span: Span) -> Diagnostic {
        .error(.operatorTypes, at: span, "'\(spelling)' cannot combine \(left) and \(right)")
    }

    /// `2pt * 3pt`.
    static func cannotMultiply(_ left: String, by right: String, at span: Span) -> Diagnostic {
        .error(.operatorTypes, at: span, "'*' cannot multiply \(left) by \(right)")
    }

    /// `2 / 3deg`.
    static func cannotDivide(_ left: String, by right: String, at span: Span) -> Diagnostic {
        .error(.operatorTypes, at: span, "'/' cannot divide \(left) by \(right)")
    }
}
