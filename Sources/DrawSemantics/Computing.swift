// Computing with values: `fn` functions, `if … then … else …`, records, list
// comprehensions, and the library functions on strings, lists and records (the second table
// of docs/language.md "Functions"). Data files (`csv`, `json`) are in DataFiles.swift.
//
// Everything here is a pure computation over `Value`s: no statement runs, no node is made,
// nothing is mutated. A function body is one expression, evaluated in the environment where
// the `fn` was written (like a component's body), so recursion is bounded by the call-depth
// limit shared with components and by the total-call limit; a comprehension counts its
// iterations against the loop limits, checked before it starts.

import DrawBase
import DrawCatalogue
import DrawDiagnostics
import DrawOutput
import DrawSyntax

/// `fn name(params) = body`.
struct ValueFunction {
    var name: String
    var nameSpan: Span
    var parameters: [Parameter]
    var body: ExprID
    var unit: FileUnit
    var captures: [Range<Int>]
}

/// A `label: value` argument of a library function, evaluated.
struct NamedArgument {
    var label: Identifier
    var value: Value
    var span: Span
    var expr: ExprID?
}

/// The evaluated arguments of a library function call. `exprs` are nil for a call made by
/// `map`/`filter`/`reduce` (there is no expression per argument then).
struct BuiltinArguments {
    var values: [Value]
    var spans: [Span]
    var exprs: [ExprID?]
    var named: [NamedArgument]
    /// Expression depth at the call (see `invokeFunction`).
    var depth = 0
}

extension Evaluation {
    // MARK: fn

    func defineFunction(_ name: Identifier, _ parameters: [Parameter], _ body: ExprID) {
        var seen: Set<String> = []
        for parameter in parameters where !seen.insert(parameter.name.name).inserted {
            report(EvalMessages.duplicateParameter(parameter.name.name, at: parameter.name.span))
        }
        functions.append(ValueFunction(name: name.name, nameSpan: name.span, parameters: parameters, body: body,
                                       unit: unit, captures: []))
        let index = functions.count - 1
        declare(name, .function(index))
        // The body sees everything visible here, itself included (recursion).
        var visible = [floor..<bindings.count]
        visible.append(contentsOf: captures)
        functions[index].captures = visible
    }

    /// `f(a, b: 2)`: positional arguments bind parameters in order, named ones by name.
    func callFunction(_ index: Int, _ arguments: AListView<Argument>, span: Span, depth: Int) -> Value? {
        let function = functions[index]
        var values = [Value?](repeating: nil, count: function.parameters.count)
        var position = 0
        for argument in arguments {
            if let label = labelOf(argument) {
                guard let slot = function.parameters.firstIndex(where: { $0.name.name == label.name }) else {
                    let (notes, fixIts) = didYouMean(label.name, among: function.parameters.map(\.name.name), span: label.span)
                    report(ComputingMessages.noSuchParameter(function.name, label.name, definedAt: function.nameSpan, notes: notes,
                                                             fixIts: fixIts, at: label.span))
                    return nil
                }
                if values[slot] != nil {
                    report(EvalMessages.duplicateArgument(label.name, at: label.span))
                    return nil
                }
                guard let value = evaluate(argument.value, depth: depth + 1) else { return nil }
                values[slot] = value
                continue
            }
            guard position < values.count else {
                report(ComputingMessages.tooManyArguments(function.name, takes: values.count, definedAt: function.nameSpan,
                                                          at: exprSpan(argument.value)))
                return nil
            }
            guard let value = evaluate(argument.value, depth: depth + 1) else { return nil }
            values[position] = value
            position += 1
        }
        return invokeFunction(index, values, span: span, depth: depth)
    }

    /// Runs a function's body with its parameters bound (nil: take the default). `depth` is
    /// the expression depth of the call: a body starts at depth 0, but the depths of all the
    /// calls open at once add up against `maxEvaluationDepth`, so expressions nested through
    /// recursion cannot exhaust the machine stack.
    func invokeFunction(_ index: Int, _ arguments: [Value?], span: Span, depth: Int) -> Value? {
        let function = functions[index]
        if evaluationDepth + depth + 1 > limits.maxEvaluationDepth {
            limit(ComputingMessages.nestedTooDeep(limit: limits.maxEvaluationDepth, at: span))
            return nil
        }
        if callDepth >= limits.maxCallDepth {
            limit(ComputingMessages.callsTooDeep(function.name, limit: limits.maxCallDepth, at: span))
            return nil
        }
        totalCalls += 1
        if totalCalls > limits.maxCalls {
            limit(ComputingMessages.tooManyCalls(limit: limits.maxCalls, at: span))
            return nil
        }
        let saved = (unit, floor, captures, blockStart)
        unit = function.unit
        floor = bindings.count
        captures = function.captures
        blockStart = floor
        defer {
            truncateBindings(to: floor)
            (unit, floor, captures, blockStart) = saved
        }
        for (position, parameter) in function.parameters.enumerated() {
            var value = position < arguments.count ? arguments[position] : nil
            if value == nil {
                guard let defaultValue = parameter.defaultValue else {
                    // Reported at the call, which is in the caller's file.
                    report(EvalMessages.missingArgument(parameter.name.name, of: function.name, definedAt: function.nameSpan, at: span))
                    return nil
                }
                guard let computed = evaluate(defaultValue) else { return nil }
                value = computed
            }
            bind(symbol(of: parameter.name), value!, span: parameter.name.span)
        }
        callDepth += 1
        evaluationDepth += depth + 1
        defer {
            callDepth -= 1
            evaluationDepth -= depth + 1
        }
        return evaluate(function.body, depth: 0)
    }

    /// Calls a function value (an `fn`, or a built-in function's name) with `arguments`,
    /// for `map`, `filter` and `reduce`. `span` is the call that asked for it; `expectation`
    /// words a mistake (built only then: `map` invokes once per element).
    func invoke(_ callee: Value, _ arguments: [Value], calleeSpan: Span, span: Span, as expectation: @autoclosure () -> TypeExpectation,
                depth: Int) -> Value? {
        switch callee {
        case .function(let index):
            let function = functions[index]
            let required = function.parameters.prefix { $0.defaultValue == nil }.count
            guard arguments.count >= required, arguments.count <= function.parameters.count else {
                report(ComputingMessages.invokedWithWrongCount(expectation().what, function.name, count: arguments.count,
                                                               takes: function.parameters.count, definedAt: function.nameSpan,
                                                               at: calleeSpan))
                return nil
            }
            return invokeFunction(index, arguments, span: span, depth: depth)
        case .word(let name) where Self.functionNames.contains(name) || Self.libraryFunctionNames.contains(name):
            let identifier = Identifier(name, span: Span(file: calleeSpan.file, start: calleeSpan.start,
                                                          end: calleeSpan.start + UInt32(name.utf8.count)))
            let spans = [Span](repeating: calleeSpan, count: arguments.count)
            let exprs = [ExprID?](repeating: nil, count: arguments.count)
            if Self.functionNames.contains(name) {
                return callBuiltin(identifier, values: arguments, spans: spans, exprs: exprs, span: span)
            }
            return callLibrary(identifier, BuiltinArguments(values: arguments, spans: spans, exprs: exprs, named: [], depth: depth + 1),
                               span: span)
        default:
            typeMismatch(expectation(), callee, calleeSpan, nil)
            return nil
        }
    }

    // MARK: Conditional, record, comprehension

    /// `if c then a else b`: only the branch taken is evaluated.
    func conditional(_ condition: ExprID, _ then: ExprID, _ otherwise: ExprID, depth: Int) -> Value? {
        guard let value = evaluate(condition, depth: depth + 1) else { return nil }
        guard case .bool(let flag) = value else {
            report(EvalMessages.conditionNotBool(value.typeName, at: exprSpan(condition)))
            return nil
        }
        return evaluate(flag ? then : otherwise, depth: depth + 1)
    }

    func record(_ id: ExprID, _ fields: ArgumentList, depth: Int) -> Value? {
        let file = unit
        var names: [String] = []
        var values: [Value] = []
        for field in file.ast[fields] {
            guard let label = field.label(names: file.ast.names) else { continue }
            if let first = names.firstIndex(of: label.name) {
                let firstSpan = file.ast[fields][first].label(names: file.ast.names)?.span
                report(ComputingMessages.duplicateField(label.name, first: firstSpan, at: label.span))
                return nil
            }
            guard let value = evaluate(field.value, depth: depth + 1) else { return nil }
            names.append(label.name)
            values.append(value)
        }
        return .record(RecordKeys(names), values)
    }

    /// The elements of a list or a range, for comprehensions and list functions.
    func sequenceItems(_ value: Value) -> [Value]? {
        switch value {
        case .list(let items): return items
        case .range(let a, let b): return b > a ? (a..<b).map { .number(Double($0)) } : []
        default: return nil
        }
    }

    /// `[for x in sequence if condition: element]`.
    func comprehension(_ id: ExprID, _ comprehensionID: ComprehensionID, depth: Int) -> Value? {
        let file = unit
        let comprehension = file.ast[comprehensionID]
        guard let sequence = evaluate(comprehension.sequence, depth: depth + 1) else { return nil }
        let sequenceSpan = exprSpan(comprehension.sequence)
        guard let walk = iterationSequence(sequence, span: sequenceSpan, keyword: "[for") else { return nil }
        let count = walk.count
        if count > limits.maxLoopIterations || count > limits.maxListLength {
            limit(ComputingMessages.comprehensionTooLong(count, limit: min(limits.maxLoopIterations, limits.maxListLength), at: sequenceSpan))
            return nil
        }
        if totalIterations + count > limits.maxTotalIterations {
            limit(EvalMessages.loopsTooLong(limit: limits.maxTotalIterations, at: sequenceSpan))
            return nil
        }
        totalIterations += count
        let symbol = symbol(of: comprehension.variable)
        let start = bindings.count
        defer { truncateBindings(to: start) }
        var result: [Value] = []
        if comprehension.filter == nil { result.reserveCapacity(count) }
        for iteration in 0..<count {
            if aborted { return nil }
            bind(symbol, walk.element(iteration), span: comprehension.variable.span)
            if let filter = comprehension.filter {
                guard let keep = evaluate(filter, depth: depth + 1) else { return nil }
                guard case .bool(let flag) = keep else {
                    report(ComputingMessages.filterNotBool(keep.typeName, at: exprSpan(filter)))
                    return nil
                }
                if !flag {
                    truncateBindings(to: start)
                    continue
                }
            }
            guard let element = evaluate(comprehension.element, depth: depth + 1) else { return nil }
            result.append(element)
            truncateBindings(to: start)
        }
        return .list(result)
    }

    // MARK: Library functions

    /// The library's functions (named arguments allowed), from the catalogue.
    static let libraryFunctionNames = FunctionSpec.names { !$0.isArithmetic }

    /// Named arguments each library function takes.
    static func namedArguments(of function: String) -> [String] { FunctionSpec.byName[function]?.namedParameters ?? [] }

    func callLibrary(_ name: Identifier, _ arguments: BuiltinArguments, span: Span) -> Value? {
        let function = name.name
        let values = arguments.values
        let allowed = Self.namedArguments(of: function)
        guard namedArgumentsAreKnown(arguments, of: function, allowed: allowed) else { return nil }
        func option(_ label: String) -> NamedArgument? { arguments.named.first { $0.label.name == label } }
        func arity(_ counts: ClosedRange<Int>) -> Bool {
            if counts.contains(values.count) { return true }
            report(ComputingMessages.positionalCount(function, expected: counts, found: values.count, at: span))
            return false
        }
        func bad(_ index: Int, _ expected: ArgumentType) -> Value? {
            typeMismatch(.argument(index + 1, of: function, expected: expected.rawValue), values[index], arguments.spans[index],
                         arguments.exprs[index])
            return nil
        }
        func string(_ index: Int) -> String? {
            if case .string(let text) = values[index] { return text }
            return nil
        }
        func list(_ index: Int) -> [Value]? { sequenceItems(values[index]) }
        func checkLength(_ count: Int) -> Bool {
            if count <= limits.maxListLength { return true }
            limit(ExpressionMessages.listTooLong(limit: limits.maxListLength, at: span))
            return false
        }
        func checkString(_ text: String) -> Value? {
            if text.utf8.count <= limits.maxStringLength { return .string(text) }
            limit(ExpressionMessages.stringTooLong(limit: limits.maxStringLength, at: span))
            return nil
        }

        if Self.paintFunctionNames.contains(function) { return callPaint(function, arguments, span: span) }
        switch function {
        case "upper", "lower", "trim", "chars", "codepoint":
            guard arity(1...1) else { return nil }
            guard let text = string(0) else { return bad(0, .string) }
            switch function {
            case "upper": return .string(text.uppercased())
            case "lower": return .string(text.lowercased())
            case "trim": return .string(trimmed(text))
            case "chars": return .list(text.unicodeScalars.map { .string(String($0)) })
            default:
                let scalars = Array(text.unicodeScalars)
                guard scalars.count == 1 else {
                    report(ComputingMessages.codepointLength(scalars.count, at: arguments.spans[0]))
                    return nil
                }
                return .number(Double(scalars[0].value))
            }
        case "split":
            guard arity(1...2) else { return nil }
            guard let text = string(0) else { return bad(0, .string) }
            if values.count == 1 {
                // No separator: words separated by runs of white space.
                return .list(text.split(whereSeparator: { $0.isWhitespace }).map { .string(String($0)) })
            }
            guard let separator = string(1) else { return bad(1, .string) }
            guard !separator.isEmpty else {
                report(ComputingMessages.emptySeparator(at: arguments.spans[1]))
                return nil
            }
            return .list(split(text, separator).map { .string($0) })
        case "join":
            guard arity(1...2) else { return nil }
            guard let items = list(0) else { return bad(0, .list) }
            var separator = ""
            if values.count == 2 {
                guard let given = string(1) else { return bad(1, .string) }
                separator = given
            }
            var text = ""
            for (index, item) in items.enumerated() {
                if index > 0 { text += separator }
                switch item {
                case .style, .component, .function, .poison, .anchor:
                    report(ComputingMessages.joinNotWritable(item.typeName, at: arguments.spans[0]))
                    return nil
                default: text += interpolationText(item)
                }
                if text.utf8.count > limits.maxStringLength { return checkString(text) }
            }
            return .string(text)
        case "replace":
            guard arity(3...3) else { return nil }
            guard let text = string(0) else { return bad(0, .string) }
            guard let old = string(1) else { return bad(1, .string) }
            guard let new = string(2) else { return bad(2, .string) }
            guard !old.isEmpty else {
                report(ComputingMessages.emptyReplacement(at: arguments.spans[1]))
                return nil
            }
            return checkString(split(text, old).joined(separator: new))
        case "pad":
            guard arity(2...2) else { return nil }
            let text: String
            switch values[0] {
            case .string(let s): text = s
            case .number, .percent: text = interpolationText(values[0])
            case .length, .angle:
                typeMismatch(.padValue, values[0], arguments.spans[0], arguments.exprs[0])
                return nil
            default: return bad(0, .stringOrNumber)
            }
            guard case .number(let w) = values[1], w == w.rounded(), w >= 0 else { return bad(1, .width) }
            var fill: Unicode.Scalar = " "
            if let with = option("with") {
                guard case .string(let s) = with.value, s.unicodeScalars.count == 1 else {
                    typeMismatch(.padWith, with.value, with.span, with.expr)
                    return nil
                }
                fill = s.unicodeScalars.first!
            }
            var atEnd = false
            if let side = option("side") {
                switch side.value {
                case .word("start"): atEnd = false
                case .word("end"): atEnd = true
                default:
                    typeMismatch(.padSide, side.value, side.span, side.expr, names: TypeExpectation.padSides)
                    return nil
                }
            }
            let missing = Int(min(w, Double(limits.maxStringLength))) - text.unicodeScalars.count
            if missing <= 0 { return .string(text) }
            let padding = String(String.UnicodeScalarView(repeatElement(fill, count: missing)))
            return checkString(atEnd ? text + padding : padding + text)
        case "format":
            guard arity(1...1) else { return nil }
            return formatCall(arguments)
        case "color":
            guard arity(1...1) else { return nil }
            guard let text = string(0) else { return bad(0, .colorName) }
            if let color = colorFromText(text) { return .color(color) }
            report(ComputingMessages.notAColor(text, at: arguments.spans[0]))
            return nil
        case "keys", "values":
            guard arity(1...1) else { return nil }
            guard case .record(let keys, let fields) = values[0] else { return bad(0, .record) }
            return function == "keys" ? .list(keys.names.map { .string($0) }) : .list(fields)
        case "range":
            guard arity(1...3) else { return nil }
            var numbers: [(Double, Dimension)] = []
            for index in values.indices {
                guard let n = numeric(values[index]) else { return bad(index, .numberOrLength) }
                numbers.append(n)
            }
            let start = values.count == 1 ? 0.0 : numbers[0].0
            var dimension = values.count == 1 ? Dimension.number : numbers[0].1
            let end = values.count == 1 ? numbers[0].0 : numbers[1].0
            if values.count == 1 { dimension = numbers[0].1 }
            let step = values.count == 3 ? numbers[2].0 : 1
            for n in numbers {
                guard let merged = sumDimension(dimension, n.1) else {
                    report(ComputingMessages.rangeKinds(at: span))
                    return nil
                }
                dimension = merged
            }
            guard step != 0, step.isFinite else {
                report(ComputingMessages.rangeStepZero(at: values.count == 3 ? arguments.spans[2] : span))
                return nil
            }
            let steps = ((end - start) / step).rounded(.up)
            let count = steps > 0 ? steps : 0
            guard count <= Double(limits.maxListLength) else { _ = checkLength(Int.max); return nil }
            var items: [Value] = []
            items.reserveCapacity(Int(count))
            for k in 0..<Int(count) { items.append(make(start + Double(k) * step, dimension)) }
            return .list(items)
        case "zip":
            guard arity(2...Int.max) else { return nil }
            var lists: [[Value]] = []
            for index in values.indices {
                guard let items = list(index) else { return bad(index, .list) }
                lists.append(items)
            }
            let count = lists.map(\.count).min() ?? 0
            return .list((0..<count).map { k in .list(lists.map { $0[k] }) })
        case "enumerate":
            guard arity(1...1) else { return nil }
            guard let items = list(0) else { return bad(0, .list) }
            let keys = RecordKeys(["index", "value"])
            return .list(items.enumerated().map { .record(keys, [.number(Double($0.offset)), $0.element]) })
        case "sum":
            guard arity(1...1) else { return nil }
            guard let items = list(0) else { return bad(0, .list) }
            for item in items where numeric(item) == nil {
                if case .point = item { continue }
                report(ComputingMessages.sumItem(item.typeName, at: arguments.spans[0]))
                return nil
            }
            guard let first = items.first else { return .number(0) }
            var total = first
            for item in items.dropFirst() {
                guard let next = binary(.add, total, item, span: span, leftExpr: ExprID(0), rightExpr: ExprID(0)) else { return nil }
                total = next
            }
            return finite(total, span)
        case "map", "filter":
            guard arity(2...2) else { return nil }
            guard let items = list(0) else { return bad(0, .list) }
            var result: [Value] = []
            result.reserveCapacity(items.count)
            for item in items {
                if aborted { return nil }
                guard let value = invoke(values[1], [item], calleeSpan: arguments.spans[1], span: span,
                                         as: .function(argument: 2, of: function), depth: arguments.depth) else { return nil }
                if function == "map" {
                    result.append(value)
                    continue
                }
                guard case .bool(let keep) = value else {
                    report(ComputingMessages.filterResultNotBool(value.typeName, at: arguments.spans[1]))
                    return nil
                }
                if keep { result.append(item) }
            }
            return .list(result)
        case "reduce":
            guard arity(3...3) else { return nil }
            guard let items = list(0) else { return bad(0, .list) }
            var accumulator = values[1]
            for item in items {
                if aborted { return nil }
                guard let value = invoke(values[2], [accumulator, item], calleeSpan: arguments.spans[2], span: span,
                                         as: .function(argument: 3, of: "reduce"), depth: arguments.depth) else { return nil }
                accumulator = value
            }
            return accumulator
        case "csv", "json":
            guard arity(1...1) else { return nil }
            guard let path = string(0) else { return bad(0, .filePath) }
            return readDataFile(function, path: path, pathSpan: arguments.spans[0], call: span, options: arguments.named)
        case "envelope":
            guard arity(1...1) else { return nil }
            return envelopeRecord(values[0], span: arguments.spans[0])
        default:
            return nil
        }
    }

    /// `format(x, decimals:, grouping:, decimalMark:)`: a number as text (its one positional
    /// argument counted already).
    func formatCall(_ arguments: BuiltinArguments) -> Value? {
        let values = arguments.values
        func option(_ label: String) -> NamedArgument? { arguments.named.first { $0.label.name == label } }
        let x: Double
        switch values[0] {
        case .number(let n): x = n
        case .length, .angle, .percent:
            report(ComputingMessages.formatNeedsPlainNumber(values[0], at: arguments.spans[0]))
            return nil
        default:
            typeMismatch(.formatValue, values[0], arguments.spans[0], arguments.exprs[0])
            return nil
        }
        var style = NumberFormat.TextStyle()
        if let given = option("decimals") {
            guard case .number(let d) = given.value, d == d.rounded(), d >= 0, d <= 12 else {
                report(ComputingMessages.decimalsOutOfRange(interpolationText(given.value), at: given.span))
                return nil
            }
            style.decimals = Int(d)
        }
        for label in ["grouping", "decimalMark"] {
            guard let given = option(label) else { continue }
            guard case .string(let mark) = given.value else {
                typeMismatch(.formatOption(label), given.value, given.span, given.expr)
                return nil
            }
            let scalars = mark.unicodeScalars
            guard scalars.count == 1 || (scalars.isEmpty && label == "grouping"),
                  !scalars.contains(where: { ("0"..."9").contains($0) || $0 == "-" }) else {
                report(ComputingMessages.badMark(label, found: quotedSource(mark), at: given.span))
                return nil
            }
            if label == "grouping" { style.grouping = mark } else { style.decimalMark = mark }
        }
        if !style.grouping.isEmpty && style.grouping == style.decimalMark, let given = option("grouping") {
            report(ComputingMessages.marksEqual(at: given.span))
            return nil
        }
        let text = NumberFormat.text(x, style: style)
        return .string(text)
    }

    /// Whether every named argument of a library call is one `function` takes, given once
    /// (false after reporting the first that is not).
    func namedArgumentsAreKnown(_ arguments: BuiltinArguments, of function: String, allowed: [String]) -> Bool {
        var seen: Set<String> = []
        for named in arguments.named {
            guard allowed.contains(named.label.name) else {
                if allowed.isEmpty {
                    report(ExpressionMessages.noNamedArguments(function, at: named.label.span))
                } else {
                    let (notes, fixIts) = didYouMean(named.label.name, among: allowed, span: named.label.span)
                    report(ComputingMessages.unknownNamedArgument(function, named.label.name, allowed: allowed, notes: notes, fixIts: fixIts,
                                                                  at: named.label.span))
                }
                return false
            }
            if !seen.insert(named.label.name).inserted {
                report(ComputingMessages.namedArgumentTwice(named.label.name, at: named.label.span))
                return false
            }
        }
        return true
    }

    /// A colour written in a string (from a data file): `#rgb #rgba #rrggbb #rrggbbaa` as in
    /// source, or a CSS name.
    func colorFromText(_ text: String) -> Color? {
        let bytes = Array(text.utf8)
        guard bytes.first == UInt8(ascii: "#") else { return NamedColors.color(named: text) }
        var digits: [UInt8] = []
        for b in bytes.dropFirst() {
            let lower = b | 0x20
            if b &- UInt8(ascii: "0") < 10 { digits.append(b - UInt8(ascii: "0")) }
            else if lower &- UInt8(ascii: "a") < 6 { digits.append(lower - UInt8(ascii: "a") + 10) }
            else { return nil }
        }
        func component(_ k: Int) -> UInt8 {
            digits.count <= 4 ? digits[k] << 4 | digits[k] : digits[2 * k] << 4 | digits[2 * k + 1]
        }
        guard [3, 4, 6, 8].contains(digits.count) else { return nil }
        let alpha: UInt8 = digits.count == 4 || digits.count == 8 ? component(3) : 255
        return Color(r: component(0), g: component(1), b: component(2), a: alpha)
    }

    /// `text` without white space at either end.
    func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[first...last])
    }

    /// `text` cut at every occurrence of `separator` (not empty), byte-wise on UTF-8 (which
    /// cannot split a character: a valid separator only matches at character boundaries).
    func split(_ text: String, _ separator: String) -> [String] {
        let bytes = Array(text.utf8)
        let sep = Array(separator.utf8)
        var pieces: [String] = []
        var start = 0
        var j = 0
        while j + sep.count <= bytes.count {
            if bytes[j] == sep[0] && Array(bytes[j..<j + sep.count]) == sep {
                pieces.append(String(decoding: bytes[start..<j], as: UTF8.self))
                j += sep.count
                start = j
            } else {
                j += 1
            }
        }
        pieces.append(String(decoding: bytes[start...], as: UTF8.self))
        return pieces
    }
}
