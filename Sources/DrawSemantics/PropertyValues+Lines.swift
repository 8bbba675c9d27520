// Property semantics of lines, connectors, diagram shapes and ink: one function per role of
// DrawCatalogue's `PropertyRole`, each `switch` exhaustive over its role.

import DrawBarcodes
import DrawCatalogue
import DrawDiagnostics
import DrawSyntax

extension Evaluation {
    /// The ends and points of lines, paths and connectors.
    func applyPath(_ g: PathProperty, _ p: PropertyInput) {
        let top = p.top
        switch g {
        case .from, .to:
            guard let end = endpoint(p.value, span: p.valueSpan, expr: p.expr, as: .property(p.property)) else { return }
            if g == .from { frames[top].node.geometry.from = end } else { frames[top].node.geometry.to = end }
        case .points where p.kind == .stroke:
            applyInkPoints(p.value, valueSpan: p.valueSpan, expr: p.expr, to: top)
        case .points where p.kind == .star:
            guard let count = wholeCount(p.value, as: .starPoints, span: p.valueSpan, expr: p.expr) else { return }
            frames[top].node.geometry.shape.starPoints = count
        case .points, .via:
            if g == .points {
                switch p.value {
                case .packedPoints(let packed):
                    guard packed.dimensions == 2 else {
                        typeMismatch(.pointElement(of: p.property), packed.element(0), p.valueSpan, nil)
                        return
                    }
                    frames[top].node.geometry.points = pointValues(packed)
                    return
                case .string(let text):
                    guard let packed = compactPoints(text, valueSpan: p.valueSpan, expr: p.expr, pressure: false) else { return }
                    frames[top].node.geometry.points = pointValues(packed)
                    return
                default:
                    break
                }
            }
            guard case .list(let items) = p.value else { p.mismatch(); return }
            var points: [PointValue] = []
            points.reserveCapacity(items.count)
            for item in items {
                guard let point = pointValue(item) else {
                    typeMismatch(.pointElement(of: p.property), item, p.valueSpan, nil)
                    return
                }
                noteAnchorReference(point, mustPrecede: false)
                points.append(point)
            }
            if g == .points { frames[top].node.geometry.points = points } else { frames[top].node.geometry.via = points }
        case .arrow:
            switch p.value {
            case .none: frames[top].node.geometry.arrow = ArrowEnds.none
            case .bool(let flag): frames[top].node.geometry.arrow = flag ? .end : ArrowEnds.none
            default:
                guard let ends = p.word(arrowNames) else { return }
                frames[top].node.geometry.arrow = ends
            }
        case .smooth:
            guard case .bool(let flag) = p.value else { p.mismatch(); return }
            frames[top].node.geometry.smooth = flag
        case .tension:
            guard let x = p.fraction(from: 0) else { return }
            frames[top].node.geometry.tension = x
        }
    }

    /// Connector routing, arrowheads and labels.
    func applyConnector(_ g: ConnectorProperty, _ p: PropertyInput) {
        let top = p.top
        switch g {
        case .label:
            switch p.value {
            case .string(let text): frames[top].node.geometry.label = text
            case .number, .length, .percent, .angle: frames[top].node.geometry.label = interpolationText(p.value)
            default: p.mismatch()
            }
        case .route:
            guard let route = p.word(routeNames) else { return }
            frames[top].node.geometry.link.route = route
        case .side, .toSide:
            guard let side = p.word(sideNames) else { return }
            if g == .side { frames[top].node.geometry.link.fromSide = side } else { frames[top].node.geometry.link.toSide = side }
        case .arrowhead, .arrowtail:
            let style: ArrowheadStyle
            if case .none = p.value { style = .none } else {
                guard let named = p.word(arrowheadNames) else { return }
                style = named
            }
            if g == .arrowhead { frames[top].node.geometry.link.head = style } else { frames[top].node.geometry.link.tail = style }
        case .arrowSize:
            guard let x = p.nonNegativeLength() else { return }
            guard x <= 1000 else {
                report(PropertyMessages.arrowSizeTooLarge(x, at: p.valueSpan))
                return
            }
            frames[top].node.geometry.link.arrowSize = x
        case .labelPosition:
            guard let position = p.word(labelPositionNames) else { return }
            frames[top].node.geometry.link.labelPosition = position
        case .merge:
            guard case .bool(let flag) = p.value else { p.mismatch(); return }
            frames[top].node.geometry.link.merge = flag
        case .jumps:
            if case .none = p.value { frames[top].node.geometry.link.jumps = LineJumps.none; return }
            guard let jumps = p.word(lineJumpNames) else { return }
            frames[top].node.geometry.link.jumps = jumps
        case .labelAt:
            let x: Double
            switch p.value {
            case .number(let v), .percent(let v): x = v
            default: p.mismatch(); return
            }
            guard x >= 0, x <= 1 else {
                report(PropertyMessages.labelAtOutOfRange(x, at: p.valueSpan))
                return
            }
            frames[top].node.geometry.link.labelAt = x
        case .labelBackground:
            guard let color = colorOrNone(p.value) else { p.mismatch(names: NamedColors.names + ["none"]); return }
            frames[top].node.geometry.link.labelBackground = .some(color)
        }
    }

    /// Options of the diagram shapes.
    func applyShape(_ g: ShapeProperty, _ p: PropertyInput) {
        let top = p.top
        switch g {
        case .direction:
            guard let direction = p.word(directionNames) else { return }
            frames[top].node.geometry.shape.direction = direction
        case .skew:
            switch p.value {
            case .angle(let x):
                guard x > -90, x < 90 else {
                    report(PropertyMessages.skewOutOfRange(x, at: p.valueSpan))
                    return
                }
                frames[top].node.geometry.shape.skewAngle = x
            default:
                guard let x = length(p.value), x.isFinite else { p.mismatch(); return }
                frames[top].node.geometry.shape.skewLength = x
            }
        case .sides:
            guard let count = wholeCount(p.value, as: .sides, span: p.valueSpan, expr: p.expr) else { return }
            frames[top].node.geometry.shape.sides = count
        case .inner:
            let x: Double
            switch p.value {
            case .number(let v), .percent(let v): x = v
            default: p.mismatch(); return
            }
            guard x > 0, x < 1 else {
                report(PropertyMessages.innerOutOfRange(x, at: p.valueSpan))
                return
            }
            frames[top].node.geometry.shape.inner = x
        }
    }

    /// Options of filled ink (`stroke`).
    func applyInk(_ g: InkProperty, _ p: PropertyInput) {
        let top = p.top
        switch g {
        case .smoothing:
            guard let x = p.fraction(from: 0) else { return }
            updateInk(top) { $0.smoothing = x }
        case .streamline:
            guard let x = p.fraction(from: 0) else { return }
            updateInk(top) { $0.streamline = x }
        case .thinning:
            guard let x = p.fraction(from: -1) else { return }
            updateInk(top) { $0.thinning = x }
        case .easing:
            guard let easing = p.word(inkEasingNames) else { return }
            updateInk(top) { $0.easing = easing }
        case .taper:
            func taper(_ item: Value) -> InkTaper? {
                switch item {
                case .none, .bool(false): return InkTaper.none
                case .bool(true): return .whole
                case .number(let x), .length(let x): return x >= 0 && x.isFinite ? (x == 0 ? InkTaper.none : .length(x)) : nil
                default: return nil
                }
            }
            var ends: (InkTaper, InkTaper)
            switch p.value {
            case .point(let a, let b):
                guard let start = taper(.length(a)), let end = taper(.length(b)) else { p.mismatch(); return }
                ends = (start, end)
            case .list(let items) where items.count == 2:
                guard let start = taper(items[0]), let end = taper(items[1]) else { p.mismatch(); return }
                ends = (start, end)
            default:
                guard let both = taper(p.value) else { p.mismatch(); return }
                ends = (both, both)
            }
            updateInk(top) { $0.taperStart = ends.0; $0.taperEnd = ends.1 }
        case .cap:
            var ends: (Bool, Bool)
            switch p.value {
            case .bool(let flag): ends = (flag, flag)
            case .list(let items) where items.count == 2:
                guard case .bool(let start) = items[0], case .bool(let end) = items[1] else { p.mismatch(); return }
                ends = (start, end)
            default: p.mismatch(); return
            }
            updateInk(top) { $0.capStart = ends.0; $0.capEnd = ends.1 }
        case .simulatePressure:
            guard case .bool(let flag) = p.value else { p.mismatch(); return }
            updateInk(top) { $0.simulatePressure = flag }
        }
    }
}
