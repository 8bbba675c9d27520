import DrawCatalogue
import DrawDiagnostics
import DrawFormat
import DrawOutput
import DrawSyntax

/// Drag-to-edit: moving a node by rewriting the numbers of its position in the source —
/// `at: (x, y)`, `from:`/`to:` and `points:` of number literals (with or without units) —
/// and nothing else. The parser finds the literals; the lossless token stream
/// (`tokenizeLossless`) is what is rewritten: the new file is its tokens with exactly those
/// number tokens (and their minus signs) replaced, so comments, spacing and every other byte
/// stay as written. A file already in canonical form (`drawc fmt`) is checked to stay so
/// through the canonical printer (docs/preview.md, "Drag").
package enum PositionRewrite {
    /// Why a statement cannot be dragged, as the page shows it.
    package struct Refusal: Error, Hashable, Sendable {
        package var message: String
        package init(_ message: String) { self.message = message }
    }

    /// A number literal of a position, as written.
    package struct Literal: Hashable, Sendable {
        /// The bytes replaced: the literal, with its minus sign when it has one.
        package var start: Int
        package var end: Int
        /// The value as written, in its own unit.
        package var value: Double
        package var unit: NumberUnit
        /// 0 for x, 1 for y.
        package var axis: Int
        /// -1 when the pair is subtracted (`a.left - (10, 0)`): a move adds the opposite.
        package var direction: Double = 1
    }

    /// Grid steps of snapping, per unit of the literal (a drag in mm snaps to 5 mm).
    package static func gridStep(_ unit: NumberUnit) -> Double {
        switch unit {
        case .mm: 5
        case .cm: 0.5
        case .inch: 0.125
        default: 10
        }
    }

    /// Points per unit of the literal.
    package static func points(per unit: NumberUnit) -> Double {
        switch unit {
        case .inch: 72
        case .mm: 72 / 25.4
        case .cm: 72 / 2.54
        case .px: 0.75
        default: 1
        }
    }

    /// The position literals of the statement at `statement` (its exact span), or why there
    /// are none to move.
    /// The properties whose numbers place a node: a point, a line's ends, the points.
    static let positionProperties: [Property] = [.at, .from, .to, .points]

    package static func targets(in file: File, source: [UInt8], statement: Span) -> Result<[Literal], Refusal> {
        guard let found = find(statement, in: file.statements, file: file) else {
            return .failure(Refusal("its statement was not found in the file"))
        }
        switch found.kind {
        case .connector:
            return .failure(Refusal("it is a connector: its ends follow the nodes it joins"))
        case .node(let node):
            var arguments = Array(file[node.arguments].filter(\.hasLabel))
            if let block = node.block {
                for child in block.statements {
                    if case .property(let argument) = child.kind { arguments.append(argument) }
                }
            }
            var literals: [Literal] = []
            var sawPosition = false
            for argument in arguments {
                // Only the properties that say where a node is hold numbers to move.
                guard let label = argument.label(in: file)?.name, let property = Property.named(label),
                      Self.positionProperties.contains(property) else { continue }
                if property != .points {
                    sawPosition = true
                    switch pair(argument.value, in: file, source: source) {
                    case .success(let pair): literals += pair
                    case .failure(let refusal):
                        if label != "at", case .name = file[argument.value].kind {
                            return .failure(Refusal("its '\(label):' is a node: its ends follow that node"))
                        }
                        return .failure(Refusal("its '\(label):' is \(refusal.message)"))
                    }
                } else {
                    sawPosition = true
                    guard case .list(let elements) = file[argument.value].kind else {
                        return .failure(Refusal("its 'points:' is an expression, not a list of numbers"))
                    }
                    for element in file[elements] {
                        switch pair(element, in: file, source: source) {
                        case .success(let pair): literals += pair
                        case .failure(let refusal): return .failure(Refusal("a point of its 'points:' is \(refusal.message)"))
                        }
                    }
                }
            }
            if !sawPosition {
                return .failure(Refusal("its position is not written in the source (no 'at:')"))
            }
            return literals.isEmpty ? .failure(Refusal("it has no numbers to move")) : .success(literals)
        default:
            return .failure(Refusal("it is not made by a node statement"))
        }
    }

    /// Moves the statement at `statement` by (dx, dy) points (in the coordinates its numbers
    /// are in); with `snap`, each number lands on its unit's grid step. Returns the new text.
    package static func move(source: [UInt8], path: String, statement: Span, dx: Double, dy: Double, snap: Bool) -> Result<[UInt8], Refusal> {
        guard dx.isFinite, dy.isFinite, abs(dx) < 1e7, abs(dy) < 1e7 else { return .failure(Refusal("the move is not a finite distance")) }
        let sourceFile = SourceFile(id: statement.file, path: path, bytes: source)
        let (file, diagnostics) = DrawSyntax.parse(sourceFile)
        if diagnostics.contains(where: { $0.severity == .error }) {
            return .failure(Refusal("the file has syntax errors: fix them first"))
        }
        let literals: [Literal]
        switch targets(in: file, source: source, statement: statement) {
        case .success(let found): literals = found
        case .failure(let refusal): return .failure(refusal)
        }
        let tokens = tokenizeLossless(sourceFile)
        // Token index of each literal's first significant token → (last token, new text).
        var replacements: [Int: (last: Int, text: [UInt8])] = [:]
        for literal in literals {
            let span = Span(file: statement.file, start: UInt32(literal.start), end: UInt32(literal.end))
            let significant = tokens.tokenRange(of: span).filter { !tokens.tokens[$0].kind.isTrivia }
            let kinds = significant.map { tokens.tokens[$0].kind }
            guard kinds == [.number] || kinds == [.minus, .number], let first = significant.first, let last = significant.last else {
                return .failure(Refusal("its numbers are not plain literals"))
            }
            let delta = (literal.axis == 0 ? dx : dy) * literal.direction
            var value = literal.value + delta / points(per: literal.unit)
            if snap {
                let step = gridStep(literal.unit)
                value = (value / step).rounded() * step
            }
            let suffix = unitSuffix(source, literal)
            replacements[first] = (last, Array(NumberFormat.string(value, precision: 2).utf8) + suffix)
        }
        var out: [UInt8] = []
        out.reserveCapacity(source.count + 16 * literals.count)
        var index = 0
        while index < tokens.tokens.count {
            if let replacement = replacements[index] {
                out += replacement.text
                index = replacement.last + 1
            } else {
                out += tokens.bytes(of: index)
                index += 1
            }
        }
        // A canonical file stays canonical (numbers are printed as written, so this holds
        // by construction; the printer confirms it rather than reflowing the user's file).
        return .success(SourceEdit.keepingCanonical(original: source, out, path: path))
    }

    /// The unit as written after the digits of the literal (`mm`, `in`, `pt`…; empty for none).
    static func unitSuffix(_ source: [UInt8], _ literal: Literal) -> [UInt8] {
        var index = literal.end
        while index > literal.start {
            let byte = source[index - 1]
            if (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte) || byte == 0x25 { index -= 1 } else { break }
        }
        return Array(source[index..<literal.end])
    }

    /// `(x, y)` of two number literals, or an anchor plus or minus such a pair
    /// (`a.right + (110pt, 0)`: the pair is the offset, and moving changes it).
    static func pair(_ id: ExprID, in file: File, source: [UInt8]) -> Result<[Literal], Refusal> {
        let expr = file[id]
        if case .binary(let left, let right, let op) = expr.kind, op == .add || op == .subtract {
            let leftIsPair: Bool
            if case .tuple = file[left].kind { leftIsPair = true } else { leftIsPair = false }
            let offset = leftIsPair ? left : right
            if case .tuple = file[offset].kind, !(leftIsPair && op == .subtract) {
                let other = leftIsPair ? right : left
                if case .tuple = file[other].kind {
                    return .failure(Refusal("an expression ('\(excerpt(expr.span, source))'), not a pair of numbers"))
                }
                return pair(offset, in: file, source: source).map { literals in
                    literals.map { var l = $0; l.direction = op == .subtract ? -1 : 1; return l }
                }
            }
        }
        guard case .tuple(let elements) = expr.kind else {
            return .failure(Refusal("an expression ('\(excerpt(expr.span, source))'), not a pair of numbers"))
        }
        let items = Array(file[elements])
        guard items.count == 2 else { return .failure(Refusal("not a pair (x, y)")) }
        var result: [Literal] = []
        for (axis, item) in items.enumerated() {
            guard let literal = literal(item, axis: axis, in: file) else {
                return .failure(Refusal("an expression ('\(excerpt(file[item].span, source))'), not a number"))
            }
            if literal.unit == .percent || literal.unit == .deg {
                return .failure(Refusal("a percentage or angle, not a length"))
            }
            result.append(literal)
        }
        return .success(result)
    }

    static func literal(_ id: ExprID, axis: Int, in file: File) -> Literal? {
        let expr = file[id]
        switch expr.kind {
        case .number(let value, let unit):
            return Literal(start: Int(expr.span.start), end: Int(expr.span.end), value: value, unit: unit, axis: axis)
        case .unary(.negate, let inner):
            guard case .number(let value, let unit) = file[inner].kind else { return nil }
            return Literal(start: Int(expr.span.start), end: Int(file[inner].span.end), value: -value, unit: unit, axis: axis)
        default:
            return nil
        }
    }

    /// Source text is not kept in the AST; the span is all we show.
    /// The text of `span` (at most 60 bytes, then `…`).
    static func excerpt(_ span: Span, _ source: [UInt8]) -> String {
        let start = min(Int(span.start), source.count), end = min(Int(span.end), source.count, start + 60)
        return String(decoding: source[start..<end], as: UTF8.self) + (Int(span.end) > end ? "…" : "")
    }

    /// The statement with exactly this span, searched through every block.
    static func find(_ span: Span, in statements: [Stmt], file: File) -> Stmt? {
        for statement in statements {
            if statement.span.start == span.start && statement.span.end == span.end { return statement }
            guard statement.span.start <= span.start && span.end <= statement.span.end else { continue }
            var blocks: [Block] = []
            switch statement.kind {
            case .node(let node): if let block = node.block { blocks.append(block) }
            case .def(_, _, let block), .forLoop(_, _, let block): blocks.append(block)
            case .page(_, let block): if let block { blocks.append(block) }
            case .ifElse(_, let then, let otherwise): blocks.append(then); if let otherwise { blocks.append(otherwise) }
            case .labels(let labels): blocks.append(labels.block)
            default: break
            }
            for block in blocks {
                if let found = find(span, in: block.statements, file: file) { return found }
            }
        }
        return nil
    }
}
