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

    /// `rgb(300, 0, 0)`, `rgb(0, 0, 0, 2)`, `rgb(120%, 0, 0)`: argument `position` (from 1),
    /// as `written`, outside its range: 0% to 100% for a percentage `value`, 0 to 255 for a
    /// colour `channel` as a number, else 0 to 1.
    static func argumentOutOfRange(_ position: Int, of function: String, value: Value, channel: Bool, found written: String,
                                   at span: Span) -> Diagnostic {
        let range = if case .percent = value { "0% to 100%" } else if channel { "0 to 255" } else { "0 to 1" }
        return .error(.invalidValue, at: span, "argument \(position) of '\(function)' must be from \(range), found \(written)")
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

extension TypeExpectation {
    /// `round("a")`, `linear(5, red)`: positional argument `number` (from 1) of `function`.
    static func argument(_ number: Int, of function: String, expected: String) -> TypeExpectation {
        TypeExpectation(what: "argument \(number) of '\(function)'", expected: expected)
    }

    /// `linear(red, blue, spread: 5)`: the named argument `label` of `function`.
    static func namedArgument(_ label: String, of function: String, expected: String) -> TypeExpectation {
        TypeExpectation(what: "'\(label):' of '\(function)'", expected: expected)
    }

    /// `"a \(f)"` where `f` is a function.
    static var interpolation: TypeExpectation { TypeExpectation(what: "string interpolation", expected: "a value") }

    /// `for i in 1.."5" { … }`: a bound of a range.
    static var rangeBound: TypeExpectation { TypeExpectation(what: "a range bound", expected: "a whole number") }

    /// `xs["a"]` on a list.
    static var index: TypeExpectation { TypeExpectation(what: "an index", expected: "a whole number") }

    /// `5.x`: member access `.name` on what is no point or node.
    static func member(_ name: String) -> TypeExpectation {
        TypeExpectation(what: "member access '.\(name)'", expected: "a point or a node name")
    }

    /// `let r = {name: "bolts"}` then `r[0]`.
    static var recordField: TypeExpectation { TypeExpectation(what: "indexing a record", expected: "a field name as a string") }

    /// `5[0]`.
    static var indexing: TypeExpectation { TypeExpectation(what: "indexing", expected: "a list, a string or a record") }

    /// `linear(red, (blue, "half"))`: a colour stop's position.
    static var stopPosition: TypeExpectation {
        TypeExpectation(what: "the position of a color stop", expected: "a percentage or a length with its unit (40%, 12pt)")
    }

    /// `(1, "a")`.
    static var pointCoordinate: TypeExpectation { TypeExpectation(what: "a point coordinate", expected: "a number or a length") }
}

/// What an argument of a built-in or paint function takes, as its type mismatch words it
/// ("argument 1 of 'upper' expects a string, found a number": `TypeExpectation.argument`).
enum ArgumentType: String {
    /// `upper(5)`, `split("a b", 1)`, `join(xs, 5)`, `replace("a", 1, "b")`.
    case string = "a string"
    /// `join(5, ",")`, `zip(xs, 5)`, `enumerate(5)`, `sum(5)`, `map(5, f)`, `reduce(5, 0, f)`.
    case list = "a list"
    /// `round(red)`, `min("a", 2)`, `range(red)`, `atan2("a", 1)`.
    case numberOrLength = "a number or a length"
    /// `sqrt(5pt)`.
    case number = "a number"
    /// `hatch(45deg, 2, 5)`, `mix(5, red, 50%)`.
    case color = "a color"
    /// `rgba(255, 0, 0, 2)`, `gray(red)`, `mix(red, blue, "half")`.
    case fraction = "a number from 0 to 1 or a percentage"
    /// `hsl(120, red, 50%)`.
    case percentageOrFraction = "a percentage or a number from 0 to 1"
    /// `rgb(red, 0, 0)`.
    case channel = "a number from 0 to 255 or a percentage"
    /// `hsl(red, 50%, 50%)`.
    case hue = "a hue in degrees"
    /// `sin(red)`.
    case angleInDegrees = "an angle (degrees)"
    /// `hatch(red)`.
    case angle = "an angle"
    /// `hatch(45deg, red)` (its spacing), `radial(red, blue, radius: "a", units: absolute)`.
    case length = "a length"
    /// `radial(red, blue, radius: "a")`.
    case boxFraction = "a fraction or percentage of the box"
    /// `linear(red, blue, from: 5, units: absolute)`.
    case pagePoint = "a point (x, y) in page units"
    /// `linear(red, blue, from: 5)`.
    case boxPoint = "a point (x, y) of fractions or percentages of the box"
    /// `linear(red, blue, spread: 5)`.
    case spread = "pad, repeat or reflect"
    /// `linear(red, blue, units: 5)`.
    case units = "box or absolute"
    /// `linear(red, [blue])`.
    case colorStop = "a color stop: a color or (color, position)"
    /// `min(1, 2pt)`: every value of `min`, `max` or `sum`.
    case valuesOfOneKind = "values of one kind (numbers, lengths, angles or percentages)"
    /// `pad(red, 5)`.
    case stringOrNumber = "a string or a number"
    /// `pad("a", 2.5)`.
    case width = "a whole number (the width in characters)"
    /// `color(5)`.
    case colorName = "a string such as \"#2563eb\" or \"teal\""
    /// `keys(5)`.
    case record = "a record"
    /// `count(5)`.
    case countable = "a list, a range, a string or a record"
    /// `csv(5)`.
    case filePath = "a file path as a string"

    /// The words a named argument of this type takes, for a did-you-mean.
    var words: [String]? {
        switch self {
        case .spread: ["pad", "reflect", "repeat"]
        case .units: ["absolute", "box"]
        case .string, .list, .numberOrLength, .number, .color, .fraction, .percentageOrFraction, .channel, .hue, .angleInDegrees,
             .angle, .length, .boxFraction, .pagePoint, .boxPoint, .colorStop, .valuesOfOneKind, .stringOrNumber, .width,
             .colorName, .record, .countable, .filePath:
            nil
        }
    }
}
