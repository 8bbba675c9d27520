// Properties: from an evaluated `Value` to a typed field of the node being built, with the
// checks of the language (known, typed, used by this kind).

import DrawBarcodes
import DrawBase
import DrawCatalogue
import DrawDiagnostics
import DrawSyntax

extension Evaluation {
    /// The label of an argument of the current file (nil for a positional one). Through a
    /// local reference: passing `unit.ast` straight off `unit` copied the whole File.
    func labelOf(_ argument: Argument) -> Identifier? {
        let file = unit
        return argument.label(names: file.ast.names)
    }

    /// The property an argument names, or nil after reporting an unknown name (once per
    /// argument, however often a loop runs it).
    func property(of argument: Argument, component: Component? = nil) -> Property? {
        guard let label = labelOf(argument) else { return nil }
        return property(of: argument, label: label, component: component)
    }

    /// `property(of:)` with the argument's label already read (`Argument.label` is built on
    /// every read).
    func property(of argument: Argument, label: Identifier, component: Component? = nil) -> Property? {
        if let property = Property.named(label.name) { return property }
        // Only unknown names are remembered: a loop body reports (and searches for "did you
        // mean") once; known names cost less to look up again than to cache.
        let slot = Int(argument.value.index)
        if unit.unknownProperties[slot] { return nil }
        unit.unknownProperties[slot] = true
        var candidates = Property.names
        if let component { candidates.append(contentsOf: component.parameters.map(\.name.name)) }
        let (notes, fixIts) = Aliases.propertySuggestion(label.name, span: label.span, known: candidates)
            ?? didYouMean(label.name, among: candidates, span: label.span)
        report(EvalMessages.unknownProperty(label.name, ofComponent: component?.name, notes: notes, fixIts: fixIts, at: label.span))
        return nil
    }

    /// The property a label's name spells, or nil; matched once per distinct name a file.
    @inline(__always)
    func property(named id: NameID) -> Property? {
        if let matched = unit.propertyOfName[Int(id.index)] { return matched }
        return matchPropertyName(id)
    }

    func matchPropertyName(_ id: NameID) -> Property? {
        let property = Property.named(unit.ast.names[Int(id.index)])
        unit.propertyOfName[Int(id.index)] = .some(property)
        return property
    }

    /// Applies a labelled argument whose name was matched already (`property` nil: not a
    /// property name, reported here).
    func applyArgument(_ argument: Argument, labelID: NameID, property: Property?, to top: Int) {
        guard let property else {
            if let label = labelOf(argument) { _ = self.property(of: argument, label: label) }
            return
        }
        guard !isHyphenatedBarcodeType(property, argument.value),
              let value = property.isPoints ? evaluatePoints(argument.value) : evaluate(argument.value) else {
            givenWithoutValue(property, to: top)
            return
        }
        // The label's span as `Identifier.span` makes it (a label starts its argument and
        // covers its name), without building the Identifier.
        let start = argument.span.start
        let nameSpan = Span(file: argument.span.file, start: start,
                            end: start &+ UInt32(truncatingIfNeeded: unit.ast.names[Int(labelID.index)].utf8.count))
        applyProperty(property, value, valueSpan: exprSpan(argument.value), nameSpan: nameSpan,
                      expr: argument.value, to: top, fromStyle: false)
    }

    func applyArgument(_ argument: Argument, to top: Int) {
        guard let label = labelOf(argument) else { return }
        applyArgument(argument, label: label, to: top)
    }

    func applyArgument(_ argument: Argument, label: Identifier, to top: Int) {
        guard let property = property(of: argument, label: label) else { return }
        guard !isHyphenatedBarcodeType(property, argument.value),
              let value = property.isPoints ? evaluatePoints(argument.value) : evaluate(argument.value) else {
            givenWithoutValue(property, to: top)
            return
        }
        applyProperty(property, value, valueSpan: exprSpan(argument.value), nameSpan: label.span,
                      expr: argument.value, to: top, fromStyle: false)
    }

    /// A property whose value failed to evaluate (reported there) still counts as given, so
    /// that what needs it does not report it missing too: `type: gs1-128` (read as
    /// `gs1 - 128`) is one error, not also "'barcode' needs 'type:'".
    func givenWithoutValue(_ property: Property, to top: Int) {
        frames[top].explicit.insert(property)
    }

    /// `type: gs1-128`: the symbology's name with its hyphen reads as `gs1 - 128` (an
    /// undefined name); reported as one error with the word to write, `gs1`.
    @inline(__always) func isHyphenatedBarcodeType(_ property: Property, _ value: ExprID) -> Bool {
        guard case .type = property else { return false }
        return isHyphenatedBarcodeType(expr: value)
    }

    private func isHyphenatedBarcodeType(expr value: ExprID) -> Bool {
        guard case .binary(_, _, .subtract) = unit.ast.exprs[Int(value.index)].kind else { return false }
        let span = exprSpan(value)
        guard sources[span.file]?.text(of: span).lowercased() == "gs1-128" else { return false }
        report(PropertyMessages.gs1Subtraction(at: span))
        return true
    }

    func applyProperty(_ property: Property, _ value: consuming Value, argument: Argument, to top: Int) {
        applyProperty(property, value, valueSpan: exprSpan(argument.value), nameSpan: labelOf(argument)?.span ?? argument.span,
                      expr: argument.value, to: top, fromStyle: false)
    }

    /// The styles a `style:` value names (a style or a list of styles), in order.
    func styleIndices(_ value: Value, span: Span, expr: ExprID?) -> [Int] {
        switch value {
        case .style(let index): return [index]
        case .list(let items):
            var result: [Int] = []
            for item in items {
                if case .style(let index) = item { result.append(index) } else {
                    typeMismatch(.style, item, span, nil,
                                 names: visibleNames { if case .style = $0 { true } else { false } })
                }
            }
            return result
        default:
            typeMismatch(.style, value, span, expr,
                         names: visibleNames { if case .style = $0 { true } else { false } })
            return []
        }
    }

    /// The kind of frame `top`'s node, read in place (`frames[top].node.kind` copied the
    /// whole frame out first).
    @inline(__always) func nodeKind(ofFrame top: Int) -> NodeKind {
        precondition(top >= 0 && top < frames.count)
        return frames.withUnsafeBufferPointer { $0[top].node.kind }
    }

    /// The properties set explicitly on frame `top`, read in place (as `nodeKind(ofFrame:)`:
    /// `frames[top].explicit` copied the whole frame, node and all, once per property).
    @inline(__always) func explicitProperties(ofFrame top: Int) -> PropertySet {
        precondition(top >= 0 && top < frames.count)
        return frames.withUnsafeBufferPointer { $0[top].explicit }
    }

    /// Whether frame `top`'s node has children yet, read in place.
    @inline(__always) func hasChildren(frame top: Int) -> Bool {
        precondition(top >= 0 && top < frames.count)
        return frames.withUnsafeBufferPointer { !$0[top].node.children.isEmpty }
    }

    func applyPositional(_ argument: Argument, to top: Int) {
        let kind = nodeKind(ofFrame: top)
        guard kind.positionalMeaning != nil else {
            report(PropertyMessages.noPositional(kind, at: argument.span))
            return
        }
        guard let value = evaluate(argument.value) else { return }
        let file = unit  // see buildNode: a local reference spares a copy of the File
        let expr = file.ast.exprs[Int(argument.value.index)]
        var text: String
        switch value {
        case .string(let s): text = s
        case .number, .length, .percent, .angle:
            guard kind != .image && kind != .path else { fallthrough }
            text = interpolationText(value)
        default:
            typeMismatch(.positionalArgument(of: kind), value, expr.span, argument.value)
            return
        }
        var verbatim = false
        if case .string(let parts) = expr.kind, parts.count <= 1, Int(expr.span.length) == text.utf8.count + 2 { verbatim = true }
        if kind == .image { text = resolvePath(text, relativeTo: expr.span); verbatim = false }
        frames[top].node.content = text
        frames[top].node.contentSpan = expr.span
        frames[top].node.contentIsVerbatim = verbatim
    }

    // MARK: Checking and setting

    /// `value` is consumed: it moves into the `PropertyInput` instead of being copied there
    /// and destroyed twice (the copy and destruction of a `Value` cost ~115 instructions a
    /// property, issue 38).
    func applyProperty(_ property: Property, _ value: consuming Value, valueSpan: Span, nameSpan: Span, expr: ExprID?, to top: Int,
                       fromStyle: Bool) {
        // `if case`, not `==`: `Property` is DrawCatalogue's, and `==` across the module
        // boundary is a call through the generic Equatable witness, per property (issue 38).
        if case .style = property {
            guard !fromStyle else { return }
            for index in styleIndices(value, span: valueSpan, expr: expr) {
                for entry in styles[index].entries {
                    applyProperty(entry.property, entry.value, valueSpan: entry.valueSpan, nameSpan: entry.nameSpan,
                                  expr: nil, to: top, fromStyle: true)
                }
            }
            return
        }
        let kind = nodeKind(ofFrame: top)
        if Self.mayBeBeyondCoordinateRange(value, limit: coordinateLimit), let beyond = Self.beyondCoordinateRange(value) {
            if !fromStyle || !explicitProperties(ofFrame: top).contains(property) {
                report(PropertyMessages.beyondCoordinateRange(property, beyond, at: valueSpan))
            }
            return
        }
        if fromStyle {
            if explicitProperties(ofFrame: top).contains(property) { return }
        } else {
            if explicitProperties(ofFrame: top).contains(property) {
                report(PropertyMessages.givenTwice(property, at: nameSpan))
            }
            frames[top].explicit.insert(property)
        }
        if !tables.applies(property, to: kind) {
            if !fromStyle { report(EvalMessages.ignoredProperty(property, on: kind, at: nameSpan)) }
            return
        }
        let p = PropertyInput(evaluation: self, property: property, value: value, valueSpan: valueSpan, expr: expr, top: top, kind: kind)
        switch tables.role(property) {
        case .style: return
        case .geometry(let g): applyGeometry(g, p)
        case .paint(let g): applyPaint(g, p)
        case .text(let g): applyText(g, p)
        case .textFit(let g): applyTextFit(g, p)
        case .effect(let g): applyEffect(g, p)
        case .path(let g): applyPath(g, p)
        case .connector(let g): applyConnector(g, p)
        case .shape(let g): applyShape(g, p)
        case .ink(let g): applyInk(g, p)
        case .barcode(let g): applyBarcode(g, p)
        case .graph(let g): applyGraph(g, p)
        }
    }

    func updateInk(_ top: Int, _ change: (inout InkOptions) -> Void) {
        var options = frames[top].node.geometry.ink ?? InkOptions()
        change(&options)
        frames[top].node.geometry.ink = options
    }

    /// `points:` of a `stroke`: a compact points string, or a list of `(x, y)` or
    /// `(x, y, pressure)` (all points alike).
    func applyInkPoints(_ value: Value, valueSpan: Span, expr: ExprID?, to top: Int) {
        var points: [InkPoint] = []
        var hasPressure = false
        func unpack(_ packed: PackedPoints) -> Bool {
            let step = packed.dimensions
            hasPressure = step == 3
            points.reserveCapacity(packed.values.count / step)
            var k = 0
            return packed.values.withUnsafeBufferPointer { v in
                while k + step <= v.count {
                    let pressure = step == 3 ? v[k + 2] : 0.5
                    guard pressure >= 0, pressure <= 1 else {
                        // (A points string checked its pressures while decoding.)
                        report(PropertyMessages.pressureOutOfRange(point: k / step + 1, pressure, at: valueSpan))
                        return false
                    }
                    points.append(InkPoint(v[k], v[k + 1], pressure))
                    k += step
                }
                return true
            }
        }
        switch value {
        case .string(let text):
            guard let decoded = compactPoints(text, valueSpan: valueSpan, expr: expr, pressure: true), unpack(decoded) else { return }
        case .packedPoints(let packed):
            guard unpack(packed) else { return }
        case .list(let items):
            points.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                var point: InkPoint
                var withPressure = false
                switch item {
                case .point(let x, let y): point = InkPoint(x, y, 0.5)
                case .tuple(let parts) where parts.count == 3:
                    guard let x = length(parts[0]), let y = length(parts[1]) else {
                        typeMismatch(.pointsElement, item, valueSpan, nil)
                        return
                    }
                    let p: Double
                    switch parts[2] {
                    case .number(let v), .percent(let v): p = v
                    default:
                        typeMismatch(.pressure, parts[2], valueSpan, nil)
                        return
                    }
                    guard p >= 0, p <= 1 else {
                        report(PropertyMessages.pressureOutOfRange(point: index + 1, p, at: valueSpan))
                        return
                    }
                    point = InkPoint(x, y, p); withPressure = true
                default:
                    typeMismatch(.pointsElement, item, valueSpan, nil)
                    return
                }
                if index == 0 { hasPressure = withPressure } else if withPressure != hasPressure {
                    report(PropertyMessages.pressureMixed(point: index + 1, hasPressure: withPressure, firstHas: hasPressure, at: valueSpan))
                    return
                }
                points.append(point)
            }
        default:
            typeMismatch(.points, value, valueSpan, expr)
            return
        }
        frames[top].node.geometry.inkPoints = InkPoints(points: points, hasPressure: hasPressure, span: valueSpan)
    }

    /// Decodes a compact points string, reporting a malformed point at its exact
    /// character when the string is written as one literal without escapes.
    func compactPoints(_ text: String, valueSpan: Span, expr: ExprID?, pressure: Bool) -> PackedPoints? {
        var text = text
        let result = text.withUTF8 { CompactPoints.decode($0, maxPoints: limits.maxListLength) }
        switch result {
        case .success(let decoded):
            if decoded.dimensions == 3 && !pressure {
                report(PropertyMessages.pressureNotTaken(at: valueSpan))
                return nil
            }
            return PackedPoints(values: decoded.values, dimensions: decoded.dimensions)
        case .failure(let failure):
            var verbatim = false
            if let expr, case .string(let parts) = unit.ast.exprs[Int(expr.index)].kind, parts.count <= 1,
               Int(valueSpan.length) == text.utf8.count + 2 {
                verbatim = true
            }
            if verbatim {
                let start = valueSpan.start + 1 + UInt32(failure.offset)
                let span = Span(file: valueSpan.file, start: start, end: start + UInt32(failure.length))
                report(PropertyMessages.malformedPoints(failure.message, atByte: nil, at: span))
            } else {
                report(PropertyMessages.malformedPoints(failure.message, atByte: failure.offset, at: valueSpan))
            }
            return nil
        }
    }

    /// The points of a polyline, polygon or line from packed (x, y) numbers.
    func pointValues(_ packed: PackedPoints) -> [PointValue] {
        var list: [PointValue] = []
        list.reserveCapacity(packed.values.count / 2)
        packed.values.withUnsafeBufferPointer { v in
            var k = 0
            while k + 1 < v.count {
                list.append(PointValue(Point(v[k], v[k + 1])))
                k += 2
            }
        }
        return list
    }

    /// A count of sides or points: a whole number from 3 to `ShapeLimits.maxSides`.
    func wholeCount(_ value: Value, as expectation: TypeExpectation, span: Span, expr: ExprID?) -> Int? {
        guard case .number(let x) = value else {
            typeMismatch(expectation, value, span, expr)
            return nil
        }
        guard x >= 3, x <= Double(ShapeLimits.maxSides), x == x.rounded() else {
            report(PropertyMessages.sidesOutOfRange(expectation.what, x, at: span))
            return nil
        }
        return Int(x)
    }

    /// Sets an inherited property on the node and pushes it to the descendants that do not
    /// set it themselves (only needed when the property comes after children, or from a
    /// component call onto the node its body produced).
    func setInherited(_ property: Property, _ top: Int, _ set: (inout ResolvedStyle) -> Void) {
        set(&frames[top].node.style)
        frames[top].node.explicitStyle.insert(property, tables: tables)
        if hasChildren(frame: top) {
            let style = frames[top].node.style
            Self.propagate(property, from: style, into: &frames[top].node.children)
        }
    }

    static func propagate(_ property: Property, from style: ResolvedStyle, into children: inout [Node]) {
        for index in children.indices where !children[index].explicitStyle.contains(property) {
            copy(property, from: style, to: &children[index].style)
            if !children[index].children.isEmpty { propagate(property, from: style, into: &children[index].children) }
        }
    }

    /// Sets `property` of `target` to its value in `source`: the inherited ones are the paint
    /// and text roles; the others are the node's own and never pushed down.
    static func copy(_ property: Property, from source: ResolvedStyle, to target: inout ResolvedStyle) {
        switch property.role {
        case .paint(let g): copyPaint(g, from: source, to: &target)
        case .text(let g): copyText(g, from: source, to: &target)
        case .style, .geometry, .textFit, .effect, .path, .connector, .shape, .ink, .barcode, .graph: return
        }
    }

    // MARK: Conversions

    /// The first number of a property value (inside points, tuples and lists too) whose
    /// magnitude is beyond `Scene.maximumCoordinate` or not finite, as written in a message;
    /// nil when every number is in range. Counts and angles are held to the same range:
    /// `rotate: 1e308` or `scale: 1e308` would leave no usable geometry either.
    /// False when `value` is surely within the coordinate range `limit`
    /// (`Scene.maximumCoordinate`): a number or a point in range, inline; anything else goes
    /// to `beyondCoordinateRange`, a call that cost ~40 instructions a property (issue 38).
    @inline(__always) static func mayBeBeyondCoordinateRange(_ value: borrowing Value, limit: Double) -> Bool {
        switch value {
        case .number(let x), .length(let x), .angle(let x), .percent(let x): !(abs(x) <= limit)
        case .point(let x, let y): !(abs(x) <= limit && abs(y) <= limit)
        // No numbers to check (`beyondCoordinateRange` finds none): colours, on half the
        // properties of a drawing, went to that call too.
        case .color, .bool, .none, .string, .word: false
        default: true
        }
    }

    static func beyondCoordinateRange(_ value: Value) -> String? {
        func beyond(_ x: Double) -> Bool { !(abs(x) <= Scene.maximumCoordinate) }
        switch value {
        case .number(let x), .length(let x), .angle(let x):
            return beyond(x) ? interpolationText(value) : nil
        case .percent(let x):
            return beyond(x) ? interpolationText(value) : nil
        case .point(let x, let y):
            return beyond(x) || beyond(y) ? interpolationText(value) : nil
        case .anchor(let p):
            return beyond(p.offset.x) || beyond(p.offset.y) ? PropertyMessages.anchorOffset(p.offset) : nil
        case .tuple(let items), .list(let items):
            for item in items { if let text = beyondCoordinateRange(item) { return text } }
            return nil
        case .packedPoints(let packed):
            // As the list would say it: a point whole, a number of a 3-tuple alone.
            guard let k = packed.values.firstIndex(where: beyond) else { return nil }
            return packed.dimensions == 2 ? beyondCoordinateRange(packed.element(k / 2)) : interpolationText(.number(packed.values[k]))
        default:
            return nil
        }
    }

    func length(_ value: Value) -> Double? {
        switch value {
        case .number(let x), .length(let x): x
        default: nil
        }
    }

    /// `.some(nil)` for `none`, nil when the value is not a colour.
    func colorOrNone(_ value: Value) -> Color?? {
        switch value {
        case .color(let color): return .some(color)
        case .none: return .some(nil)
        case .word(let name): return NamedColors.color(named: name).map { .some($0) }
        default: return nil
        }
    }

    func pointValue(_ value: Value) -> PointValue? {
        switch value {
        case .point(let x, let y): PointValue(Point(x, y))
        case .anchor(let point): point
        default: nil
        }
    }

    func edgeInsets(_ value: Value) -> EdgeInsets? {
        switch value {
        case .number(let x), .length(let x): return x >= 0 ? EdgeInsets(all: x) : nil
        case .point(let v, let h): return v >= 0 && h >= 0 ? EdgeInsets(top: v, left: h, bottom: v, right: h) : nil
        case .tuple(let items) where items.count == 4:
            let sides = items.compactMap(length)
            guard sides.count == 4, sides.allSatisfy({ $0 >= 0 }) else { return nil }
            return EdgeInsets(top: sides[0], left: sides[3], bottom: sides[2], right: sides[1])
        default: return nil
        }
    }

    /// A connector end or `from:`/`to:`: a node name (or a string id), a point, or an anchor.
    /// `expectation` words the type error (built only then).
    func endpoint(_ value: Value, span: Span, expr: ExprID?, as expectation: @autoclosure () -> TypeExpectation) -> Endpoint? {
        switch value {
        case .word(let name), .string(let name):
            pendingReferences.append(PendingReference(id: name, span: span, page: pageIndex, mustPrecede: false))
            return .node(id: name, span: span)
        case .point(let x, let y):
            return .point(PointValue(Point(x, y)))
        case .anchor(let point):
            noteAnchorReference(point, mustPrecede: false)
            return .point(point)
        default:
            typeMismatch(expectation(), value, span, expr)
            return nil
        }
    }

    /// A font given by file path (it has a `/` or a font file extension) is made absolute
    /// relative to the file it is written in; a family name stays as written.
    func fontReference(_ name: String, _ span: Span) -> String {
        DrawSemantics.fontReference(name, importer: sources[span.file]?.path ?? unit.path)
    }

    // MARK: Messages

    /// What a bare word means when it is not a binding: "the color 'red'", "the node 'a'".
    func describeWord(_ word: String) -> String? {
        if NamedColors.color(named: word) != nil { return EvalMessages.theColor(word) }
        if isNodeID(word) { return EvalMessages.theNode(word) }
        return nil
    }

    /// "expects X, found Y", with a note at the `let` that made the value when the
    /// expression is a bound name. A bare word is reported as an undefined name, or as a
    /// value outside `names` when the property takes names.
    /// Whether a string's text is a number as the language writes it: digits, an optional
    /// fraction, an optional unit glued on (`100pt`, `2.5mm`, `50%`).
    static func isQuotedNumber(_ text: String) -> Bool {
        var body = Substring(text)
        for unit in NumberUnit.written where body.hasSuffix(unit.spelling) {
            body = body.dropLast(unit.spelling.utf8.count)
            break
        }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        return !body.isEmpty && parts.count <= 2 && parts[0].count > 0
            && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }

    /// Reports that `value` is not what `expectation` says (`names`: the words it takes, for a
    /// did-you-mean), unless the value is poison or its place has a type or name error already.
    func typeMismatch(_ expectation: TypeExpectation, _ value: Value, _ span: Span, _ expr: ExprID?, names: [String]? = nil) {
        if case .poison = value { return }
        let what = expectation.what, expected = expectation.expected
        if isReported(.typeMismatch, span) || isReported(.invalidName, span) || isReported(.undefinedName, span) {
            return
        }
        if case .word(let word) = value {
            if let names {
                var (notes, fixIts) = didYouMean(word, among: names + visibleNames(), span: span)
                if notes.isEmpty { (notes, fixIts) = EvalMessages.closeNames(to: word, in: names, span: span) }
                report(PropertyMessages.nameWhereValueExpected(what, expected: expected, word, notes: notes, fixIts: fixIts, at: span))
            } else if let known = describeWord(word) {
                report(PropertyMessages.typeMismatch(what, expected: expected, found: known, at: span))
            } else {
                let (notes, fixIts) = didYouMean(word, among: visibleNames(), span: span)
                report(PropertyMessages.undefinedNameForProperty(what, expected: expected, quoted: quotedSource(word), notes: notes,
                                                                 fixIts: fixIts, at: span))
            }
            return
        }
        if case .string(let text) = value, let expr, case .string = unit.ast[expr].kind, Self.isQuotedNumber(text) {
            // `width: "100pt"`: a number written as a string.
            report(PropertyMessages.quotedNumber(what, expected: expected, text, at: span))
            return
        }
        var notes: [Diagnostic.Note] = []
        if let expr, case .name(let nameID) = unit.ast[expr].kind, case let name = unit.ast[nameID],
           let index = lookup(symbolOfName(expr, name)) {
            notes.append(PropertyMessages.definedHere(name, at: bindings[index].span))
        }
        report(PropertyMessages.typeMismatch(what, expected: expected, found: value.typeName, notes: notes, at: span))
    }
}

/// One property value being applied to the node of frame `top`: what the role functions
/// (PropertyValues+*.swift) check and report it with.
struct PropertyInput {
    /// Unretained: an input lives only within `applyProperty`, while its evaluation runs;
    /// retaining and releasing it cost two atomic operations per property (issue 38).
    unowned(unsafe) let evaluation: Evaluation
    let property: Property
    let value: Value
    let valueSpan: Span
    let expr: ExprID?
    let top: Int
    let kind: NodeKind

    /// The property as messages quote it. Built only when a message needs it: a property is
    /// applied once per node.
    var what: String { "'\(property.name)'" }

    /// Reports that the value is not what the property takes (`names`: the words it does).
    func mismatch(names: [String]? = nil) {
        evaluation.typeMismatch(.property(property), value, valueSpan, expr, names: names)
    }

    /// The value as a length or number; nil after reporting. (This and `nonNegativeLength`
    /// are inlined: as calls they cost ~40 instructions a size or line width, issue 38.)
    @inline(__always) func length() -> Double? {
        guard let x = evaluation.length(value) else { mismatch(); return nil }
        return x
    }

    /// The value as a length or number that is not negative; nil after reporting.
    @inline(__always) func nonNegativeLength() -> Double? {
        guard let x = evaluation.length(value) else { mismatch(); return nil }
        if x < 0 || !x.isFinite {
            evaluation.report(PropertyMessages.negative(what, x, at: valueSpan))
            return nil
        }
        return x
    }

    /// The value as a bool; nil after reporting.
    func bool() -> Bool? {
        guard case .bool(let flag) = value else { mismatch(); return nil }
        return flag
    }

    /// A number or percentage from `low` to 1; nil after reporting.
    func fraction(from low: Double) -> Double? {
        let x: Double
        switch value {
        case .number(let v), .percent(let v): x = v
        default: mismatch(); return nil
        }
        guard x >= low, x <= 1 else {
            evaluation.report(PropertyMessages.fractionOutOfRange(what, low: low, x, at: valueSpan))
            return nil
        }
        return x
    }

    /// The value of a word the property takes, from its table; nil after reporting.
    func word<T>(_ table: [String: T]) -> T? {
        if case .word(let name) = value, let result = table[name] { return result }
        mismatch(names: table.keys.sorted())
        return nil
    }
}

private extension Property {
    /// `self == .points` as a tag test (see `applyProperty`).
    var isPoints: Bool { if case .points = self { true } else { false } }
}
