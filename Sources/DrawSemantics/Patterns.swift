// `pattern NAME, size: (w, h) { … }` (issue 24): a tile of nodes that `fill:` repeats across
// a shape. The statement is written like a node (so the grammar, the formatter and the
// editors know it already) but draws nothing where it stands: like `let`, it binds NAME,
// to a paint value, visible from the next statement on. Layout lays the tile out once, in
// its own coordinates; backends write it as their format's tiling pattern.

import DrawBase
import DrawCatalogue
import DrawDiagnostics
import DrawSyntax
#if canImport(Foundation)
import Foundation
#endif

extension Evaluation {
    /// The settings a `pattern` statement takes (the catalogue's `PatternSetting`).
    static let patternSettingNames = PatternSetting.names

    // pattern = "pattern" identifier { "," labelled-argument } block ;   (a node statement)
    func buildPattern(_ statement: NodeStmt, span: Span) {
        let file = unit
        var name: Identifier?
        var size: Size?
        var step: Size?
        var stepSpan = span
        var rotate = 0.0, scale = Point(1, 1), offset = Point.zero
        var failed = false

        /// A size from a point `(w, h)` or one length for both sides.
        func sizeValue(_ value: Value, _ what: PatternSetting, _ valueSpan: Span, _ expr: ExprID) -> Size? {
            let w: Double, h: Double
            switch value {
            case .point(let x, let y): w = x; h = y
            case .number(let x), .length(let x): w = x; h = x
            default:
                typeMismatch(.patternSize(what), value, valueSpan, expr)
                return nil
            }
            guard w.isFinite, h.isFinite, w > 0, h > 0 else {
                report(PatternMessages.sideNotPositive(what, Size(w, h), at: valueSpan))
                return nil
            }
            guard min(w, h) >= PaintLimits.minPatternSide, max(w, h) <= Scene.maximumPageSide else {
                report(PatternMessages.sideOutOfRange(what, Size(w, h), at: valueSpan))
                return nil
            }
            return Size(w, h)
        }

        for argument in file.ast[statement.arguments] {
            guard let label = labelOf(argument) else {
                if case .name(let nameID) = file.ast.exprs[Int(argument.value.index)].kind {
                    name = Identifier(file.ast.names[Int(nameID.index)], span: exprSpan(argument.value))
                } else {
                    report(PatternMessages.nameNotFirst(at: exprSpan(argument.value)))
                    failed = true
                }
                continue
            }
            guard let setting = PatternSetting.named(label.name) else {
                let (notes, fixIts) = didYouMean(label.name, among: Self.patternSettingNames, span: label.span)
                report(PatternMessages.unknownSetting(label.name, notes: notes, fixIts: fixIts, at: label.span))
                failed = true
                continue
            }
            guard let value = evaluate(argument.value) else { failed = true; continue }
            let valueSpan = exprSpan(argument.value)
            switch setting {
            case .size:
                size = sizeValue(value, .size, valueSpan, argument.value)
                if size == nil { failed = true }
            case .spacing:
                step = sizeValue(value, .spacing, valueSpan, argument.value)
                stepSpan = valueSpan
                if step == nil { failed = true }
            case .rotate:
                switch value {
                case .angle(let a) where a.isFinite, .number(let a) where a.isFinite: rotate = a
                default:
                    typeMismatch(.patternRotate, value, valueSpan, argument.value)
                    failed = true
                }
            case .scale:
                switch value {
                case .number(let k), .percent(let k): scale = Point(k, k)
                case .point(let x, let y): scale = Point(x, y)
                default:
                    typeMismatch(.patternScale, value, valueSpan, argument.value)
                    failed = true
                    continue
                }
                guard scale.x.isFinite, scale.y.isFinite, scale.x > 0, scale.y > 0 else {
                    report(PatternMessages.scaleNotPositive(at: valueSpan))
                    failed = true
                    continue
                }
            case .origin:
                guard case .point(let x, let y) = value else {
                    typeMismatch(.patternOrigin, value, valueSpan, argument.value)
                    failed = true
                    continue
                }
                offset = Point(x, y)
            }
        }
        if name == nil && !failed {
            report(PatternMessages.missingName(at: statement.kind.span))
            failed = true
        }
        if size == nil && !failed {
            report(PatternMessages.missingSize(at: statement.kind.span))
            failed = true
        }
        if let size, let given = step, given.width < size.width || given.height < size.height {
            report(PatternMessages.spacingBelowSize(size, at: stepSpan))
            failed = true
        }
        guard let block = statement.block else {
            if !failed { report(PatternMessages.missingBlock(at: statement.kind.span)) }
            if let name { declare(name, .poison) }
            return
        }

        // The tile's nodes: a block of its own, collected under a group frame that is never
        // added to the tree.
        let parentStyle = frames[frames.count - 1].node.style
        frames.append(Frame(node: Node(kind: .group, span: span, style: parentStyle), role: .node))
        let referencesBefore = pendingReferences.count
        insidePattern += 1
        executeBlock(block)
        insidePattern -= 1
        let tileNode = frames.removeLast().node
        if pendingReferences.count > referencesBefore {
            for reference in pendingReferences[referencesBefore...] {
                report(PatternMessages.referenceInTile(at: reference.span))
            }
            pendingReferences.removeSubrange(referencesBefore...)
            failed = true
        }
        if tileNode.children.isEmpty && !failed {
            report(PatternMessages.emptyTile(at: block.span))
            failed = true
        }
        let depth = 1 + Self.patternDepth(tileNode.children)
        if depth > PaintLimits.maxPatternDepth && !failed {
            limit(PatternMessages.nestedTooDeep(at: name?.span ?? statement.kind.span))
            failed = true
        }
        guard let name else { return }
        guard !failed, let size else {
            declare(name, .poison)
            return
        }
        var transform = Transform.scale(scale.x, scale.y)
        if rotate != 0 { transform = transform.then(.rotation(degrees: rotate)) }
        transform = transform.then(.translation(offset.x, offset.y))
        let tile = PatternTile(name: name.name, nodes: tileNode.children, size: size, step: step ?? size, transform: transform,
                               span: span, depth: depth)
        declare(name, .paint(PaintSpec(kind: .tile(tile), stops: [], spread: .pad, pageUnits: true)))
    }

    /// The deepest pattern nesting among `nodes`' fills (0: none).
    static func patternDepth(_ nodes: [Node]) -> Int {
        var deepest = 0
        for node in nodes {
            if case .tile(let tile)? = node.style.fillPaint?.kind { deepest = max(deepest, tile.depth) }
            if !node.children.isEmpty { deepest = max(deepest, patternDepth(node.children)) }
        }
        return deepest
    }
}
