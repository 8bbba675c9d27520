// Expressions: literals with units, names, points and lists, operators with unit rules,
// members and anchors, indexing, built-in functions, string interpolation.
//
// Unit rules: a plain number stands for points next to a length and for degrees next to an
// angle; length × number = length; length ÷ length = number; a percentage scales what it
// multiplies; anything else mixing kinds (length × length, colour + 1) is an error.

import DrawBase
import DrawCatalogue
import DrawDiagnostics
import DrawSyntax
#if canImport(Foundation)
import Foundation
#endif

extension Evaluation {
    func symbolOfName(_ expr: ExprID, _ name: String) -> Int32 {
        let slot = Int(expr.index)
        let cached = unit.nameSymbols[slot]
        if cached >= 0 { return cached }
        let symbol = intern(name)
        unit.nameSymbols[slot] = symbol
        return symbol
    }

    /// The span of an expression, read in place (subscripting the file would copy the
    /// whole `Expr`, payload references and all).
    @inline(__always)
    func exprSpan(_ id: ExprID) -> Span { unit.ast.exprs[Int(id.index)].span }

    /// The value of an expression, or nil after reporting why there is none.
    func evaluate(_ id: ExprID) -> Value? { evaluate(id, depth: 0) }

    /// The value of a finite number literal with its unit: the one reading of a number
    /// literal (`evaluate` and the point fast path in it).
    @inline(__always) static func numberValue(_ x: Double, _ numberUnit: NumberUnit) -> Value {
        switch numberUnit {
        case .none: .number(x)
        case .pt: .length(x)
        case .inch: .length(x * 72)
        case .mm: .length(x * 72 / 25.4)
        case .cm: .length(x * 720 / 25.4)
        case .px: .length(x * 0.75)
        case .percent: .percent(x / 100)
        case .deg: .angle(x)
        }
    }

    /// What `length(evaluate(expr))` is when `expr` is a finite number literal that
    /// evaluates to a number or a length; nil for anything else (which `evaluate` then reads,
    /// reporting what it must). Read in place.
    @inline(__always) func literalLength(_ expr: ExprID) -> Double? {
        guard case .number(let x, let numberUnit) = unit.ast.exprs[Int(expr.index)].kind, x.isFinite else { return nil }
        return length(Self.numberValue(x, numberUnit))
    }

    func evaluate(_ id: ExprID, depth: Int) -> Value? {
        if depth > limits.maxExpressionDepth {
            limit(ExpressionMessages.nestedTooDeep(limit: limits.maxExpressionDepth, at: exprSpan(id)))
            return nil
        }
        // Switched on in place: copying the `Expr` out would retain its payload.
        switch unit.ast.exprs[Int(id.index)].kind {
        case .number(let x, let numberUnit):
            guard x.isFinite else {
                report(ExpressionMessages.numberTooLarge(at: exprSpan(id)))
                return nil
            }
            return Self.numberValue(x, numberUnit)
        case .string(let partList):
            // The common literal is read straight from the arena: making the list view
            // copies the whole File (the subscript is a call across modules).
            if partList.count == 0 { return .string("") }
            if partList.count == 1, case .text(let text) = unit.ast.stringParts[Int(partList.start)] { return .string(text) }
            // The pieces read in place too, and written as UTF-8 into the evaluator's scratch
            // bytes (strings and numbers straight in, no String per piece), made a String once.
            // The scratch is taken for the duration: an interpolation nested inside this one
            // finds it empty and uses its own.
            let file = unit
            let first = Int(partList.start), end = first + Int(partList.count)
            var text = interpolationScratch
            interpolationScratch = []
            defer { text.removeAll(keepingCapacity: true); interpolationScratch = text }
            for index in first..<end {
                switch file.ast.stringParts[index] {
                case .text(let piece): text.append(contentsOf: piece.utf8)
                case .interpolation(let inner):
                    // `\(r.name)` of a bound record read straight away (when `evaluate` would
                    // take it the same way, within the depth limit).
                    let value: Value
                    if depth + 1 < limits.maxExpressionDepth, case .member(let base, let name) = file.ast.exprs[Int(inner.index)].kind,
                       let field = boundRecordField(base, name) {
                        value = field
                    } else {
                        guard let evaluated = evaluate(inner, depth: depth + 1) else { return nil }
                        value = evaluated
                    }
                    switch value {
                    case .string(let piece): text.append(contentsOf: piece.utf8)
                    case .number(let x): appendNumberText(x, to: &text)
                    case .style, .component, .range, .function:
                        report(ExpressionMessages.notWritable(value.typeName, at: exprSpan(inner)))
                        return nil
                    case .word(let word) where !isNodeID(word) && NamedColors.color(named: word) == nil:
                        typeMismatch(.interpolation, value, exprSpan(inner), inner)
                        return nil
                    default: text.append(contentsOf: interpolationText(value).utf8)
                    }
                }
                if text.count > limits.maxStringLength {
                    limit(ExpressionMessages.stringTooLong(limit: limits.maxStringLength, at: exprSpan(id)))
                    return nil
                }
            }
            return .string(String(decoding: text, as: UTF8.self))
        case .color(let r, let g, let b, let a):
            return .color(Color(r: r, g: g, b: b, a: a))
        case .bool(let flag):
            return .bool(flag)
        case .none:
            return Value.none
        case .name(let nameID):
            let name = unit.ast.names[Int(nameID.index)]  // in place: file.ast[id] would copy the File
            if let index = lookup(symbolOfName(id, name)) {
                // Read in place through a pointer: subscripting copied the whole binding first.
                return bindings.withUnsafeBufferPointer { buffer -> Value? in
                    let binding = buffer.baseAddress! + index
                    if case .poison = binding.pointee.value { return nil }
                    return binding.pointee.value
                }
            }
            return .word(name)
        case .tuple(let itemList):
            // Points are the common case: no array for them, and no list view (making one
            // copies the whole File, the subscript being a call across modules).
            if itemList.count == 2 {
                let start = Int(itemList.start)
                // `(x, y)` of two finite number literals, the common point, read from the
                // literals as their own evaluation would read them (`numberValue`), without
                // two calls; anything else (a name, `1/0`, the depth limit) takes the calls.
                if depth < limits.maxExpressionDepth,
                   let x = literalLength(unit.ast.exprLists[start]), let y = literalLength(unit.ast.exprLists[start + 1]) {
                    return .point(x, y)
                }
                guard let first = evaluate(unit.ast.exprLists[start], depth: depth + 1) else { return nil }
                guard let second = evaluate(unit.ast.exprLists[start + 1], depth: depth + 1) else { return nil }
                if let x = length(first), let y = length(second) { return .point(x, y) }
            }
            let file = unit
            let items = file.ast[itemList]
            var values: [Value] = []
            values.reserveCapacity(items.count)
            for item in items {
                guard let value = evaluate(item, depth: depth + 1) else { return nil }
                values.append(value)
            }
            if values.count == 2, let x = length(values[0]), let y = length(values[1]) { return .point(x, y) }
            if values.count == 2, !pairIsValid(values, first: items[0], second: items[1]) { return nil }
            return .tuple(values)
        case .list(let itemList):
            let file = unit
            let items = file.ast[itemList]
            if items.count > limits.maxListLength {
                limit(ExpressionMessages.listTooLong(limit: limits.maxListLength, at: exprSpan(id)))
                return nil
            }
            var values: [Value] = []
            values.reserveCapacity(items.count)
            for item in items {
                guard let value = evaluate(item, depth: depth + 1) else { return nil }
                values.append(value)
            }
            return .list(values)
        case .unary(let op, let operand):
            guard let value = evaluate(operand, depth: depth + 1) else { return nil }
            return unary(op, value, span: exprSpan(id), operandExpr: operand)
        case .binary(let left, let right, let op):
            if case .binary = unit.ast.exprs[Int(left.index)].kind { return binaryChain(id, depth: depth) }
            guard let lhs = evaluate(left, depth: depth + 1) else { return nil }
            if let shortCut = shortCircuit(op, lhs) { return shortCut }
            guard let rhs = evaluate(right, depth: depth + 1) else { return nil }
            if let result = numberArithmetic(op, lhs, rhs) { return result }
            return finite(binary(op, lhs, rhs, span: exprSpan(id), leftExpr: left, rightExpr: right), exprSpan(id))
        case .range(let lowerExpr, let upperExpr, let inclusive):
            guard let lower = evaluate(lowerExpr, depth: depth + 1), let upper = evaluate(upperExpr, depth: depth + 1) else { return nil }
            guard let a = integer(lower, lowerExpr, .rangeBound), let b = integer(upper, upperExpr, .rangeBound) else { return nil }
            return .range(a, inclusive ? (b == Int.max ? b : b + 1) : b)
        case .member(let base, let name):
            // `r.name` on a bound record (a data file's row in a loop): the field read from the
            // binding in place, without a copy of the whole record on the way.
            if depth < limits.maxExpressionDepth, let field = boundRecordField(base, name) { return field }
            guard let value = evaluate(base, depth: depth + 1) else { return nil }
            if case .record(let keys, let fields) = value, let position = recordField(name, in: keys) { return fields[position] }
            let file = unit
            return member(value, file.ast.identifiers[Int(name.index)], baseSpan: exprSpan(base), baseExpr: base)
        case .index(let base, let index):
            guard let container = evaluate(base, depth: depth + 1), let position = evaluate(index, depth: depth + 1) else { return nil }
            return subscriptValue(container, position, span: exprSpan(id), baseExpr: base, indexExpr: index)
        case .call(let callID):
            let file = unit
            let call = file.ast.calls[Int(callID.index)]
            // The callee read from the array in place: `file.ast[call.callee]`, a subscript
            // across modules, copied the whole File (every arena's reference count) per call.
            return self.call(file.ast.identifiers[Int(call.callee.index)], file.ast[call.arguments], span: exprSpan(id), depth: depth,
                             symbol: calleeSymbol(call.callee))
        case .error:
            errorExpressionsSeen += 1
            return nil
        case .conditional(let condition, let then, let otherwise):
            return conditional(condition, then, otherwise, depth: depth)
        case .record(let fields):
            return record(id, fields, depth: depth)
        case .comprehension(let comprehensionID):
            return comprehension(id, comprehensionID, depth: depth)
        }
    }

    func isNodeID(_ word: String) -> Bool { ids[word] != nil }

    /// `base.name` when `base` is a name bound to a record that has the field: the field,
    /// read from the binding in place (no copy of the record, nor of the binding, on the
    /// way); nil for anything else, which `evaluate` then takes the general way.
    func boundRecordField(_ base: ExprID, _ name: IdentifierID) -> Value? {
        guard case .name(let nameID) = unit.ast.exprs[Int(base.index)].kind,
              let index = lookup(symbolOfName(base, unit.ast.names[Int(nameID.index)])) else { return nil }
        return bindings.withUnsafeBufferPointer { buffer -> Value? in
            let binding = buffer.baseAddress! + index
            guard case .record(let keys, let fields) = binding.pointee.value,
                  let position = recordField(name, in: keys) else { return nil }
            return fields[position]
        }
    }

    /// The symbol of a callee, interned once per call site.
    func calleeSymbol(_ id: IdentifierID) -> Int32 {
        let slot = Int(id.index)
        let cached = unit.calleeSymbols[slot]
        if cached >= 0 { return cached }
        let symbol = intern(unit.ast.identifiers[slot].name)
        unit.calleeSymbols[slot] = symbol
        return symbol
    }

    /// The position of member `id`'s field in records with the header `keys`, or nil when
    /// they have no such field (`member` reports it). Remembered per member expression for
    /// the header it last met, so the rows of one file find it by name once.
    func recordField(_ id: IdentifierID, in keys: RecordKeys) -> Int? {
        let slot = Int(id.index)
        if unit.memberKeys[slot] === keys { return Int(unit.memberPositions[slot]) }
        guard let position = keys.index[unit.ast.identifiers[slot].name] else { return nil }
        unit.memberKeys[slot] = keys
        unit.memberPositions[slot] = Int32(position)
        return position
    }

    /// An integer from a plain whole number, or nil after an error.
    func integer(_ value: Value, _ expr: ExprID, _ expectation: TypeExpectation) -> Int? {
        guard case .number(let x) = value else {
            typeMismatch(expectation, value, exprSpan(expr), expr)
            return nil
        }
        guard x == x.rounded(), abs(x) < 1e15 else {
            report(ExpressionMessages.notInteger(expectation.what, x, at: exprSpan(expr)))
            return nil
        }
        return Int(x)
    }

    // MARK: Operators

    /// `a + b + c + …` leans left: evaluate the spine iteratively so a long chain does not
    /// recurse once per operator.
    func binaryChain(_ id: ExprID, depth: Int) -> Value? {
        // The spine's length first, then the spine in a temporary buffer (on the stack for
        // the short chains of everyday arithmetic: an array cost a malloc per evaluation).
        var length = 0
        var current = id
        while case .binary(let left, _, _) = unit.ast.exprs[Int(current.index)].kind {
            length += 1
            current = left
        }
        return withUnsafeTemporaryAllocation(of: ExprID.self, capacity: length) { spine in
            var node = id
            for position in 0..<length {
                spine.initializeElement(at: position, to: node)
                if case .binary(let left, _, _) = unit.ast.exprs[Int(node.index)].kind { node = left }
            }
            return binaryChain(spine: UnsafeBufferPointer(spine), leaf: current, depth: depth)
        }
    }

    /// `binaryChain` over its spine (the chain's binary expressions, outermost first) and the
    /// leftmost operand.
    func binaryChain(spine: UnsafeBufferPointer<ExprID>, leaf current: ExprID, depth: Int) -> Value? {
        guard var accumulator = evaluate(current, depth: depth + 1) else { return nil }
        for node in spine.reversed() {
            guard case .binary(let left, let right, let op) = unit.ast.exprs[Int(node.index)].kind else { continue }
            if let shortCut = shortCircuit(op, accumulator) { accumulator = shortCut; continue }
            guard let rhs = evaluate(right, depth: depth + 1) else { return nil }
            if let result = numberArithmetic(op, accumulator, rhs) { accumulator = result; continue }
            guard let result = finite(binary(op, accumulator, rhs, span: exprSpan(node), leftExpr: left, rightExpr: right),
                                      exprSpan(node)) else { return nil }
            accumulator = result
        }
        return accumulator
    }

    /// Arithmetic that overflows to infinity (or NaN) is an error here rather than garbage
    /// coordinates in every output format later.
    func finite(_ value: Value?, _ span: Span) -> Value? {
        switch value {
        case .number(let x), .length(let x), .percent(let x), .angle(let x):
            if x.isFinite { return value }
        case .point(let x, let y):
            if x.isFinite && y.isFinite { return value }
        default:
            return value
        }
        report(ExpressionMessages.resultTooLarge(at: span))
        return nil
    }

    func shortCircuit(_ op: BinaryOperator, _ lhs: Value) -> Value? {
        // Matched, not compared: `==` on the other module's enum was a call through its
        // Equatable witness, twice per operator.
        guard case .bool(let flag) = lhs else { return nil }
        switch op {
        case .and where !flag: return .bool(false)
        case .or where flag: return .bool(true)
        default: return nil
        }
    }

    /// `+ - * / %` of two plain numbers, what `binary` and `finite` give them, without the
    /// unit rules on the way; nil for anything else (other operands or operators, a zero
    /// divisor, a result that is not finite), which `binary` then takes with its diagnostics.
    @inline(__always)
    func numberArithmetic(_ op: BinaryOperator, _ lhs: Value, _ rhs: Value) -> Value? {
        guard case .number(let a) = lhs, case .number(let b) = rhs else { return nil }
        let r: Double
        switch op {
        case .add: r = a + b
        case .subtract: r = a - b
        case .multiply: r = a * b
        case .divide where b != 0: r = a / b
        case .remainder where b != 0: r = a.truncatingRemainder(dividingBy: b)
        default: return nil
        }
        return r.isFinite ? .number(r) : nil
    }

    enum Dimension { case number, length, percent, angle }

    func numeric(_ value: Value) -> (Double, Dimension)? {
        switch value {
        case .number(let x): (x, .number)
        case .length(let x): (x, .length)
        case .percent(let x): (x, .percent)
        case .angle(let x): (x, .angle)
        default: nil
        }
    }

    func make(_ x: Double, _ dimension: Dimension) -> Value {
        switch dimension {
        case .number: .number(x)
        case .length: .length(x)
        case .percent: .percent(x)
        case .angle: .angle(x)
        }
    }

    func unary(_ op: UnaryOperator, _ value: Value, span: Span, operandExpr: ExprID) -> Value? {
        switch (op, value) {
        case (.plus, _) where numeric(value) != nil: return value
        case (.plus, .point): return value
        case (.negate, .point(let x, let y)): return .point(-x, -y)
        case (.negate, _):
            if let (x, dimension) = numeric(value) { return make(-x, dimension) }
        case (.not, .bool(let flag)): return .bool(!flag)
        default: break
        }
        let symbol = op == .not ? "!" : (op == .negate ? "-" : "+")
        operandError(ExpressionMessages.cannotApply(symbol, to: value.typeName, at: span), value, expr: operandExpr)
        return nil
    }

    /// An operator error; an undefined bare word gets the clearer "undefined name".
    func operandError(_ diagnostic: @autoclosure () -> Diagnostic, _ value: Value, expr: ExprID?) {
        if case .word(let word) = value, let expr, describeWord(word) == nil {
            if isReported(.undefinedName, exprSpan(expr)) { return }
            let (notes, fixIts) = didYouMean(word, among: visibleNames(), span: exprSpan(expr))
            report(ExpressionMessages.undefinedName(quotedSource(word), notes: notes, fixIts: fixIts, at: exprSpan(expr)))
            return
        }
        report(diagnostic())
    }

    func binary(_ op: BinaryOperator, _ lhs: Value, _ rhs: Value, span: Span, leftExpr: ExprID, rightExpr: ExprID) -> Value? {
        func fail(_ diagnostic: Diagnostic? = nil) -> Value? {
            func name(_ value: Value) -> String {
                if case .word(let word) = value, let known = describeWord(word) { return known }
                return value.typeName
            }
            let problem = diagnostic ?? ExpressionMessages.cannotCombine(op.spelling, name(lhs), name(rhs), at: span)
            if case .word(let word) = lhs, describeWord(word) == nil { operandError(problem, lhs, expr: leftExpr); return nil }
            if case .word(let word) = rhs, describeWord(word) == nil { operandError(problem, rhs, expr: rightExpr); return nil }
            report(problem)
            return nil
        }
        switch op {
        case .and, .or:
            guard case .bool(let a) = lhs, case .bool(let b) = rhs else { return fail() }
            return .bool(op == .and ? a && b : a || b)
        case .equal, .notEqual:
            guard let same = equal(lhs, rhs) else { return fail() }
            return .bool(op == .equal ? same : !same)
        case .less, .lessEqual, .greater, .greaterEqual:
            if let (a, da) = numeric(lhs), let (b, db) = numeric(rhs), compatible(da, db) {
                switch op {
                case .less: return .bool(a < b)
                case .lessEqual: return .bool(a <= b)
                case .greater: return .bool(a > b)
                default: return .bool(a >= b)
                }
            }
            if case .string(let a) = lhs, case .string(let b) = rhs {
                let (x, y) = (Array(a.utf8), Array(b.utf8))
                switch op {
                case .less: return .bool(x.lexicographicallyPrecedes(y))
                case .lessEqual: return .bool(!y.lexicographicallyPrecedes(x))
                case .greater: return .bool(y.lexicographicallyPrecedes(x))
                default: return .bool(!x.lexicographicallyPrecedes(y))
                }
            }
            return fail()
        case .add, .subtract:
            if let (a, da) = numeric(lhs), let (b, db) = numeric(rhs) {
                guard let dimension = sumDimension(da, db) else { return fail() }
                return make(op == .add ? a + b : a - b, dimension)
            }
            switch (lhs, rhs) {
            case (.point(let ax, let ay), .point(let bx, let by)):
                return op == .add ? .point(ax + bx, ay + by) : .point(ax - bx, ay - by)
            case (.anchor(var p), .point(let x, let y)):
                p.offset = op == .add ? Point(p.offset.x + x, p.offset.y + y) : Point(p.offset.x - x, p.offset.y - y)
                return .anchor(p)
            case (.point(let x, let y), .anchor(var p)) where op == .add:
                p.offset = Point(p.offset.x + x, p.offset.y + y)
                return .anchor(p)
            case (.anchor, _), (_, .anchor):
                return anchorError(span)
            case (.string(let a), .string(let b)) where op == .add:
                if a.utf8.count + b.utf8.count > limits.maxStringLength {
                    limit(ExpressionMessages.stringTooLong(limit: limits.maxStringLength, at: span))
                    return nil
                }
                return .string(a + b)
            case (.list(let a), .list(let b)) where op == .add:
                if a.count + b.count > limits.maxListLength {
                    limit(ExpressionMessages.listTooLong(limit: limits.maxListLength, at: span))
                    return nil
                }
                return .list(a + b)
            default:
                return fail()
            }
        case .multiply, .divide, .remainder:
            if case .anchor = lhs { return anchorError(span) }
            if case .anchor = rhs { return anchorError(span) }
            // Points scale by a number or a percentage.
            if case .point(let x, let y) = lhs, let (k, dk) = numeric(rhs), dk == .number || dk == .percent, op != .remainder {
                if op == .divide {
                    guard k != 0 else { return divisionByZero(span) }
                    return .point(x / k, y / k)
                }
                return .point(x * k, y * k)
            }
            if case .point(let x, let y) = rhs, let (k, dk) = numeric(lhs), dk == .number || dk == .percent, op == .multiply {
                return .point(x * k, y * k)
            }
            guard let (a, da) = numeric(lhs), let (b, db) = numeric(rhs) else { return fail() }
            switch op {
            case .multiply:
                if da == .number || da == .percent && db != .number { return make(a * b, db) }
                if db == .number || db == .percent { return make(a * b, da) }
                return fail(ExpressionMessages.cannotMultiply(lhs.typeName, by: rhs.typeName, at: span))
            case .divide:
                guard b != 0 else { return divisionByZero(span) }
                if db == .number || db == .percent { return make(a / b, da) }
                if da == db { return .number(a / b) }
                if da == .number && db == .length { return .number(a / b) }
                return fail(ExpressionMessages.cannotDivide(lhs.typeName, by: rhs.typeName, at: span))
            default:
                guard b != 0 else { return divisionByZero(span) }
                let r = a.truncatingRemainder(dividingBy: b)
                if db == .number { return make(r, da) }
                if da == db || da == .number { return make(r, db) }
                return fail()
            }
        }
    }

    func compatible(_ a: Dimension, _ b: Dimension) -> Bool {
        a == b || a == .number && (b == .length || b == .angle) || b == .number && (a == .length || a == .angle)
    }

    func sumDimension(_ a: Dimension, _ b: Dimension) -> Dimension? {
        if a == b { return a }
        if a == .number && (b == .length || b == .angle) { return b }
        if b == .number && (a == .length || a == .angle) { return a }
        return nil
    }

    func divisionByZero(_ span: Span) -> Value? {
        report(ExpressionMessages.divisionByZero(at: span))
        return nil
    }

    func anchorError(_ span: Span) -> Value? {
        report(ExpressionMessages.anchorArithmetic(at: span))
        return nil
    }

    /// Equality of two values of comparable types, or nil when they cannot be compared.
    func equal(_ lhs: Value, _ rhs: Value) -> Bool? {
        if let (a, da) = numeric(lhs), let (b, db) = numeric(rhs) { return compatible(da, db) ? a == b : nil }
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): return a == b
        case (.bool(let a), .bool(let b)): return a == b
        case (.none, .none): return true
        case (.none, _), (_, .none): return false
        case (.color(let a), .color(let b)): return a == b
        case (.word(let a), .word(let b)): return a == b
        case (.color(let a), .word(let b)), (.word(let b), .color(let a)):
            guard let named = NamedColors.color(named: b) else { return nil }
            return a == named
        case (.point(let ax, let ay), .point(let bx, let by)): return ax == bx && ay == by
        case (.list(let a), .list(let b)):
            guard a.count == b.count else { return false }
            for (x, y) in zip(a, b) {
                guard let same = equal(x, y) else { return nil }
                if !same { return false }
            }
            return true
        case (.record(let ka, let a), .record(let kb, let b)):
            guard ka.names == kb.names else { return false }
            for (x, y) in zip(a, b) {
                guard let same = equal(x, y) else { return nil }
                if !same { return false }
            }
            return true
        default: return nil
        }
    }

    // MARK: Members and indexing

    static let pointMembers = ["x", "y", "width", "height"]

    func member(_ value: Value, _ name: Identifier, baseSpan: Span, baseExpr: ExprID) -> Value? {
        switch value {
        case .point(let x, let y):
            switch name.name {
            case "x", "width": return .length(x)
            case "y", "height": return .length(y)
            default: break
            }
            let (notes, fixIts) = didYouMean(name.name, among: Self.pointMembers, span: name.span)
            report(ExpressionMessages.unknownPointMember(name.name, notes: notes, fixIts: fixIts, at: name.span))
            return nil
        case .word(let node), .string(let node):
            if let anchor = anchorNames[name.name] {
                return .anchor(PointValue(anchor: .init(nodeID: node, anchor: anchor, span: baseSpan), offset: .zero))
            }
            if Self.pointMembers.contains(name.name) {
                report(ExpressionMessages.nodeMemberBeforeLayout(name.name, of: node, at: name.span))
                return nil
            }
            let (notes, fixIts) = didYouMean(name.name, among: anchorNames.keys.sorted(), span: name.span)
            report(ExpressionMessages.unknownAnchor(quotedSource(name.name), notes: notes, fixIts: fixIts, at: name.span))
            return nil
        case .anchor:
            report(ExpressionMessages.anchorMemberBeforeLayout(name.name, at: name.span))
            return nil
        case .record(let keys, let fields):
            if let position = keys.index[name.name] { return fields[position] }
            let (notes, fixIts) = didYouMean(name.name, among: keys.names, span: name.span)
            report(ExpressionMessages.unknownField(name.name, fields: keys.names, notes: notes, fixIts: fixIts, at: name.span))
            return nil
        default:
            typeMismatch(.member(name.name), value, baseSpan, baseExpr)
            return nil
        }
    }

    func subscriptValue(_ container: Value, _ position: Value, span: Span, baseExpr: ExprID, indexExpr: ExprID) -> Value? {
        let count: Int
        var scalars: [Unicode.Scalar] = []
        switch container {
        case .list(let items): count = items.count
        case .range(let a, let b): count = max(0, b - a)
        case .string(let text):
            scalars = Array(text.unicodeScalars)
            count = scalars.count
        case .record(let keys, let fields):
            guard case .string(let key) = position else {
                typeMismatch(.recordField, position, exprSpan(indexExpr), indexExpr)
                return nil
            }
            if let found = keys.index[key] { return fields[found] }
            let (notes, fixIts) = didYouMean(key, among: keys.names, span: exprSpan(indexExpr))
            report(ExpressionMessages.unknownField(key, fields: keys.names, notes: notes, fixIts: fixIts, at: exprSpan(indexExpr)))
            return nil
        default:
            typeMismatch(.indexing, container, exprSpan(baseExpr), baseExpr)
            return nil
        }
        guard let index = integer(position, indexExpr, .index) else { return nil }
        guard index >= 0, index < count else {
            let isString = if case .string = container { true } else { false }
            report(ExpressionMessages.indexOutOfRange(index, count: count, isString: isString, at: exprSpan(indexExpr)))
            return nil
        }
        switch container {
        case .list(let items): return items[index]
        case .range(let a, _): return .number(Double(a + index))
        case .string: return .string(String(scalars[index]))
        default: return nil
        }
    }

    /// Whether a 2-tuple that is not a point is valid: a colour stop `(color, position)` of a
    /// gradient (issue 24), whose position carries its unit (`(gold, 40%)`, `(gold, 12pt)`), so
    /// `(red, 2)` stays a point with a wrong coordinate; or percentages. Reports it otherwise.
    /// Kept out of `evaluate`, whose stack frame bounds how deep expressions may nest.
    @inline(never)
    func pairIsValid(_ values: [Value], first: ExprID, second: ExprID) -> Bool {
        let isColor: Bool
        switch colorOrNone(values[0]) {
        case .some(.some): isColor = true
        default: isColor = false
        }
        if isColor {
            switch values[1] {
            case .percent, .length: return true
            default: break
            }
            if length(values[1]) == nil {
                typeMismatch(.stopPosition, values[1], exprSpan(second), second)
                return false
            }
        }
        for (item, value) in [(first, values[0]), (second, values[1])] where length(value) == nil {
            if case .percent = value { continue }
            typeMismatch(.pointCoordinate, value, exprSpan(item), item)
            return false
        }
        return true
    }

    // MARK: Functions

    /// The built-in functions evaluated with the arithmetic (positional arguments only), from the catalogue.
    static let functionNames = FunctionSpec.names(\.isArithmetic)
    /// The same names as a set: `call` asks on every call (a scan of the sorted list, string
    /// by string, was a third of what calling `floor` cost).
    static let functionNameSet = Set(functionNames)
    static let libraryFunctionNameSet = Set(libraryFunctionNames)

    /// Whether a symbol names a function of `functionNames`, by symbol (asked on every call;
    /// hashing the name each time cost more than the arithmetic).
    func isArithmeticFunction(_ symbol: Int32) -> Bool {
        let index = Int(symbol)
        while arithmeticSymbols.count <= index { arithmeticSymbols.append(0) }
        if arithmeticSymbols[index] == 0 {
            arithmeticSymbols[index] = Self.functionNameSet.contains(symbolNames[index]) ? 1 : 2
        }
        return arithmeticSymbols[index] == 1
    }

    /// `abs`, `floor`, `ceil` and `round`, as `callBuiltin` computes them.
    enum Rounding {
        case abs, floor, ceil, round
        func apply(_ x: Double) -> Double {
            switch self {
            case .abs: Swift.abs(x)
            case .floor: x.rounded(.down)
            case .ceil: x.rounded(.up)
            case .round: x.rounded(.toNearestOrAwayFromZero)
            }
        }
    }

    /// Which of `abs`, `floor`, `ceil`, `round` a built-in function's symbol names, if one.
    func roundingFunction(_ symbol: Int32) -> Rounding? {
        let symbols = roundingSymbols
        if symbol == symbols.floor { return .floor }
        if symbol == symbols.ceil { return .ceil }
        if symbol == symbols.round { return .round }
        if symbol == symbols.abs { return .abs }
        return nil
    }

    func call(_ name: Identifier, _ arguments: AListView<Argument>, span: Span, depth: Int, symbol: Int32) -> Value? {
        // A function defined with `fn` wins over a built-in of the same name.
        if let index = lookup(symbol), case .function(let function) = bindings[index].value {
            return callFunction(function, arguments, span: span, depth: depth)
        }
        let builtin = isArithmeticFunction(symbol)
        // `floor(i / 100)` in a loop body: one plain argument, no argument arrays and no
        // matching of the name; what is not a number or a length goes on to `callBuiltin`.
        if builtin, arguments.count == 1, arguments[0].labelID == nil, let rounding = roundingFunction(symbol) {
            let argument = arguments[0].value
            guard let value = evaluate(argument, depth: depth + 1) else { return nil }
            if let (x, dimension) = numeric(value) { return make(rounding.apply(x), dimension) }
            return callBuiltin(name, values: [value], spans: [exprSpan(argument)], exprs: [argument], span: span)
        }
        guard builtin || Self.libraryFunctionNameSet.contains(name.name) else {
            if let index = lookup(symbol) {
                report(ExpressionMessages.notAFunction(name.name, is: bindings[index].value.typeName, definedAt: bindings[index].span,
                                                       at: name.span))
                return nil
            }
            let candidates = Self.functionNames + Self.libraryFunctionNames
                + visibleNames { if case .function = $0 { true } else { false } }
            let (notes, fixIts) = didYouMean(name.name, among: candidates, span: name.span)
            report(ExpressionMessages.unknownFunction(quotedSource(name.name), notes: notes, fixIts: fixIts, at: name.span))
            return nil
        }
        // The argument arrays come from pools and go back emptied (with their room): a call
        // in a loop body made and freed three arrays per call otherwise. Calls nest while
        // arguments are evaluated, so the pools are stacks.
        var values = callValuePool.popLast() ?? []
        var spans = callSpanPool.popLast() ?? []
        var exprs = callExprPool.popLast() ?? []
        defer {
            values.removeAll(keepingCapacity: true); callValuePool.append(values)
            spans.removeAll(keepingCapacity: true); callSpanPool.append(spans)
            exprs.removeAll(keepingCapacity: true); callExprPool.append(exprs)
        }
        var named: [NamedArgument] = []
        for argument in arguments {
            if let label = labelOf(argument) {
                if builtin {
                    report(ExpressionMessages.noNamedArguments(name.name, at: label.span))
                    return nil
                }
                guard let value = evaluate(argument.value, depth: depth + 1) else { return nil }
                named.append(NamedArgument(label: label, value: value, span: exprSpan(argument.value), expr: argument.value))
                continue
            }
            guard let value = evaluate(argument.value, depth: depth + 1) else { return nil }
            values.append(value)
            spans.append(exprSpan(argument.value))
            exprs.append(argument.value)
        }
        if !builtin {
            return callLibrary(name, BuiltinArguments(values: values, spans: spans, exprs: exprs, named: named, depth: depth), span: span)
        }
        return callBuiltin(name, values: values, spans: spans, exprs: exprs, span: span)
    }

    /// The functions of the table in docs/language.md "Functions", on evaluated arguments.
    func callBuiltin(_ name: Identifier, values: [Value], spans: [Span], exprs: [ExprID?], span: Span) -> Value? {
        func arity(_ expected: Int) -> Bool {
            if values.count == expected { return true }
            report(ExpressionMessages.argumentCount(name.name, expected: expected, found: values.count, at: span))
            return false
        }
        func bad(_ index: Int, _ expected: ArgumentType) -> Value? {
            typeMismatch(.argument(index + 1, of: name.name, expected: expected.rawValue), values[index], spans[index], exprs[index])
            return nil
        }
        /// A fraction 0…1 from a number or a percentage.
        func fraction(_ index: Int) -> Double? {
            switch values[index] {
            case .number(let x), .percent(let x): return x
            default: return nil
            }
        }
        func channel(_ index: Int) -> Double? {
            switch values[index] {
            case .number(let x): return x / 255
            case .percent(let x): return x
            default: return nil
            }
        }
        /// Whether `x` (a fraction 0…1 after `channel`/`fraction`) lies in 0…1; reports it
        /// otherwise, as written (0 to 255 for a plain channel number) — no silent clamping.
        func checkUnit(_ x: Double, _ index: Int, channel: Bool = false) -> Bool {
            if x >= 0 && x <= 1 { return true }
            let written: String
            switch values[index] {
            case .percent(let p): written = formatNumber(p * 100) + "%"
            case .number(let n): written = formatNumber(n)
            default: written = interpolationText(values[index])
            }
            report(ExpressionMessages.argumentOutOfRange(index + 1, of: name.name, value: values[index], channel: channel,
                                                         found: written, at: spans[index]))
            return false
        }
        func degrees(_ index: Int) -> Double? {
            switch values[index] {
            case .number(let x), .angle(let x): return x
            default: return nil
            }
        }

        switch name.name {
        case "min", "max":
            var items = values
            if values.count == 1, case .list(let list) = values[0] { items = list }
            guard !items.isEmpty else {
                report(ExpressionMessages.needsAValue(name.name, at: span))
                return nil
            }
            guard var (best, dimension) = numeric(items[0]) else { return bad(0, .numberOrLength) }
            for (index, item) in items.enumerated().dropFirst() {
                guard let (x, d) = numeric(item), let merged = sumDimension(dimension, d) else {
                    return bad(min(index, values.count - 1), .valuesOfOneKind)
                }
                dimension = merged
                best = name.name == "min" ? Swift.min(best, x) : Swift.max(best, x)
            }
            return make(best, dimension)
        case "abs", "floor", "ceil", "round":
            guard arity(1) else { return nil }
            guard let (x, dimension) = numeric(values[0]) else { return bad(0, .numberOrLength) }
            let result: Double
            switch name.name {
            case "abs": result = Swift.abs(x)
            case "floor": result = x.rounded(.down)
            case "ceil": result = x.rounded(.up)
            default: result = x.rounded(.toNearestOrAwayFromZero)
            }
            return make(result, dimension)
        case "sqrt":
            guard arity(1) else { return nil }
            guard case .number(let x) = values[0] else { return bad(0, .number) }
            guard x >= 0 else {
                report(ExpressionMessages.sqrtOfNegative(x, at: spans[0]))
                return nil
            }
            return .number(x.squareRoot())
        case "sin", "cos", "tan":
            guard arity(1) else { return nil }
            guard let angle = degrees(0) else { return bad(0, .angleInDegrees) }
            let radians = angle * Double.pi / 180
            switch name.name {
            case "sin": return .number(sin(radians))
            case "cos": return .number(cos(radians))
            default: return .number(tan(radians))
            }
        case "atan2":
            guard arity(2) else { return nil }
            guard let (y, dy) = numeric(values[0]), dy == .number || dy == .length else { return bad(0, .numberOrLength) }
            guard let (x, dx) = numeric(values[1]), dx == .number || dx == .length else { return bad(1, .numberOrLength) }
            return .angle(atan2(y, x) * 180 / Double.pi)
        case "rgb", "rgba":
            guard arity(name.name == "rgb" ? 3 : 4) else { return nil }
            var channels: [Double] = []
            for index in 0..<3 {
                guard let c = channel(index) else { return bad(index, .channel) }
                guard checkUnit(c, index, channel: true) else { return nil }
                channels.append(c)
            }
            var alpha = 1.0
            if values.count == 4 {
                guard let a = fraction(3) else { return bad(3, .fraction) }
                guard checkUnit(a, 3) else { return nil }
                alpha = a
            }
            return .color(Color(red: channels[0], green: channels[1], blue: channels[2], alpha: alpha))
        case "hsl":
            guard arity(3) else { return nil }
            guard let h = degrees(0) else { return bad(0, .hue) }
            guard let s = fraction(1) else { return bad(1, .percentageOrFraction) }
            guard let l = fraction(2) else { return bad(2, .percentageOrFraction) }
            guard checkUnit(s, 1), checkUnit(l, 2) else { return nil }
            return .color(hslColor(h, s, l))
        case "gray":
            guard arity(1) else { return nil }
            guard let level = fraction(0) else { return bad(0, .fraction) }
            guard checkUnit(level, 0) else { return nil }
            let v = level
            return .color(Color(red: v, green: v, blue: v))
        case "mix":
            guard arity(3) else { return nil }
            guard case .some(.some(let a)) = colorOrNone(values[0]) else { return bad(0, .color) }
            guard case .some(.some(let b)) = colorOrNone(values[1]) else { return bad(1, .color) }
            guard let t = fraction(2) else { return bad(2, .fraction) }
            guard checkUnit(t, 2) else { return nil }
            func lerp(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
            return .color(Color(red: lerp(a.red, b.red), green: lerp(a.green, b.green), blue: lerp(a.blue, b.blue),
                                alpha: lerp(a.alpha, b.alpha)))
        case "count":
            guard arity(1) else { return nil }
            switch values[0] {
            case .list(let items): return .number(Double(items.count))
            case .range(let a, let b): return .number(Double(max(0, b - a)))
            case .string(let text): return .number(Double(text.unicodeScalars.count))
            case .record(_, let fields): return .number(Double(fields.count))
            default: return bad(0, .countable)
            }
        default:
            return nil
        }
    }

    /// CSS `hsl()` (CSS Color 4 §7): hue in degrees, saturation and lightness 0…1.
    func hslColor(_ hue: Double, _ s: Double, _ l: Double) -> Color {
        var h = hue.truncatingRemainder(dividingBy: 360)
        if h < 0 { h += 360 }
        func f(_ n: Double) -> Double {
            let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
            let a = s * Swift.min(l, 1 - l)
            return l - a * Swift.max(-1, Swift.min(k - 3, 9 - k, 1))
        }
        return Color(red: f(0), green: f(8), blue: f(4))
    }
}
