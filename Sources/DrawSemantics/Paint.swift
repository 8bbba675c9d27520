// Paint values (issue 24): `linear(…)`, `radial(…)`, `hatch(…)` and `dots(…)` as values of
// `fill:` and `stroke:`, and the `shadow:` and `blend:` properties. Evaluation checks every
// argument here; layout turns a `PaintSpec` into the IR's `Gradient` (or pattern geometry)
// once it knows the node's box.

import DrawBase
import DrawDiagnostics
import DrawSyntax

/// A gradient or pattern as written, before layout knows the box it paints.
package struct PaintSpec: Hashable, Sendable {
    package enum Kind: Hashable, Sendable {
        /// `angle` in degrees, clockwise on the page, 0 = left to right (used when `from`/`to`
        /// are not given: the gradient line then runs through the box's centre and reaches
        /// its corners, as in CSS).
        case linear(angle: Double, from: Point?, to: Point?)
        /// In box units: fractions of the box; in page units: points.
        case radial(center: Point, radius: Double, focal: Point?)
        /// Parallel lines `spacing` apart, `width` wide, at `angle` (degrees, clockwise).
        case hatch(angle: Double, spacing: Double, color: Color, width: Double)
        /// Dots of `radius` on a square grid of `spacing`.
        case dots(spacing: Double, radius: Double, color: Color)
        /// A tile of nodes repeated across the plane (`pattern NAME, size: … { … }`).
        case tile(PatternTile)
    }

    /// Where a colour stop sits on the gradient line.
    package enum StopPosition: Hashable, Sendable {
        /// Spread evenly between its positioned neighbours (CSS rule).
        case auto
        /// 0…1 of the gradient line (from a percentage).
        case fraction(Double)
        /// Points from the start of the gradient line (a length).
        case length(Double)
    }

    package struct Stop: Hashable, Sendable {
        package var color: Color
        package var position: StopPosition
    }

    package var kind: Kind
    package var stops: [Stop]
    package var spread: Gradient.Spread
    /// `units: page`: coordinates and radius in points of the page (the parent's coordinates)
    /// instead of fractions of the node's box.
    package var pageUnits: Bool

    /// Whether this is a pattern (hatch, dots) rather than a gradient.
    package var isPattern: Bool {
        switch kind {
        case .hatch, .dots, .tile: true
        case .linear, .radial: false
        }
    }

    /// A colour standing for the paint where one colour is tested ("painted at all").
    package var representativeColor: Color {
        switch kind {
        case .hatch(_, _, let color, _), .dots(_, _, let color): return color
        case .tile: return .black
        case .linear, .radial:
            var color = stops.first?.color ?? .black
            color.alpha = stops.map(\.color.alpha).max() ?? 1
            return color
        }
    }

    /// Stop offsets 0…1 for a gradient line `length` points long: lengths divided by it,
    /// `auto` stops spread evenly between positioned ones (the first defaults to 0, the last
    /// to 1), each clamped to be at least the one before (CSS Images 3 §3.5.1).
    package func stopOffsets(lineLength length: Double) -> [Double] {
        var offsets: [Double?] = stops.map {
            switch $0.position {
            case .auto: nil
            case .fraction(let f): f
            case .length(let l): length > 0 ? l / length : 0
            }
        }
        if offsets.isEmpty { return [] }
        if offsets[0] == nil { offsets[0] = 0 }
        if offsets[offsets.count - 1] == nil { offsets[offsets.count - 1] = 1 }
        var result: [Double] = []
        var index = 0
        while index < offsets.count {
            if let known = offsets[index] {
                result.append(max(known, result.last ?? known))
                index += 1
                continue
            }
            // A run of auto stops between result.last and the next positioned one.
            var next = index
            while offsets[next] == nil { next += 1 }
            let from = result.last ?? 0, to = max(offsets[next]!, from)
            let count = next - index + 1
            for k in 1...(next - index) { result.append(from + (to - from) * Double(k) / Double(count)) }
            index = next
        }
        return result.map { min(1, max(0, $0)) }
    }
}

/// Names of `spread:`, `units:` and `blend:`.
let spreadNames: [String: Gradient.Spread] = ["pad": .pad, "repeat": .repeat, "reflect": .reflect]
let blendNames: [String: BlendMode] = Dictionary(uniqueKeysWithValues: BlendMode.allCases.map { ($0.name, $0) })

/// Limits of paint values (a breach is a diagnostic).
package enum PaintLimits {
    /// Colour stops of one gradient.
    package static let maxStops = 256
    /// Shadows of one node.
    package static let maxShadows = 16
    /// Blur radius of a shadow, in points.
    package static let maxBlur = 500.0
    /// Patterns filling shapes inside a pattern's tile, inside another's …: a tile may use
    /// patterns nested this deep (every level is drawn once per tile of the level above).
    package static let maxPatternDepth = 8
    /// The smallest side of a pattern tile, in points: a finer tiling asks a viewer to draw
    /// millions of tiles for one shape.
    package static let minPatternSide = 1.0
}

/// The tile of a `pattern` statement: its nodes, laid out in the tile's own coordinates
/// (origin at the tile's top-left corner), and how the tiles repeat. A class so that every
/// shape filled with the pattern shares one tile (layout lays it out once); never changed
/// after evaluation.
package final class PatternTile: Hashable, Sendable {
    /// The pattern's name, for messages.
    package let name: String
    package let nodes: [Node]
    /// The tile's box is (0, 0, size); what its nodes draw outside it is clipped.
    package let size: Size
    /// Distance between neighbouring tiles' origins (at least `size`).
    package let step: Size
    /// From tile coordinates to the drawing's content coordinates (`rotate:`, `scale:`,
    /// `origin:`), before layout adds the page origin.
    package let transform: Transform
    /// The `pattern` statement.
    package let span: Span
    /// 1 for a tile without patterns inside, else one more than the deepest one inside.
    package let depth: Int

    package init(name: String, nodes: [Node], size: Size, step: Size, transform: Transform, span: Span, depth: Int) {
        self.name = name; self.nodes = nodes; self.size = size; self.step = step; self.transform = transform
        self.span = span; self.depth = depth
    }
    package static func == (a: PatternTile, b: PatternTile) -> Bool { a === b }
    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension Evaluation {
    static let paintFunctionNames = ["linear", "radial", "hatch", "dots"]

    /// Named arguments of the paint functions.
    static func paintNamedArguments(of function: String) -> [String] {
        switch function {
        case "linear": ["from", "to", "spread", "units"]
        case "radial": ["center", "radius", "focal", "spread", "units"]
        default: []
        }
    }

    /// `linear(…)`, `radial(…)`, `hatch(…)`, `dots(…)` on evaluated arguments (named
    /// arguments already checked against `paintNamedArguments`).
    func callPaint(_ function: String, _ arguments: BuiltinArguments, span: Span) -> Value? {
        let values = arguments.values
        func option(_ label: String) -> NamedArgument? { arguments.named.first { $0.label.name == label } }
        func bad(_ index: Int, _ expected: ArgumentType) -> Value? {
            typeMismatch(.argument(index + 1, of: function, expected: expected.rawValue), values[index], arguments.spans[index],
                         arguments.exprs[index])
            return nil
        }
        func badOption(_ named: NamedArgument, _ expected: ArgumentType) -> Value? {
            typeMismatch(.namedArgument(named.label.name, of: function, expected: expected.rawValue), named.value, named.span, named.expr,
                         names: expected.words)
            return nil
        }
        func colorValue(_ value: Value) -> Color? {
            if case .some(.some(let color)) = colorOrNone(value) { return color }
            return nil
        }
        func positiveLength(_ index: Int, _ what: PaintMessages.PaintLength, allowZero: Bool = false) -> Double?? {
            guard let x = length(values[index]) else { _ = bad(index, .length); return .some(nil) }
            guard x.isFinite, allowZero ? x >= 0 : x > 0 else {
                report(PaintMessages.lengthNotPositive(what, of: function, allowZero: allowZero, found: x, at: arguments.spans[index]))
                return .some(nil)
            }
            return .some(x)
        }

        switch function {
        case "hatch":
            guard values.count <= 4 else {
                report(PaintMessages.hatchArguments(values.count, at: span))
                return nil
            }
            var angle = 45.0, spacing = 6.0, color = Color.black, width = 0.75
            if values.count > 0 {
                switch values[0] {
                case .angle(let a), .number(let a): angle = a
                default: return bad(0, .angle)
                }
            }
            if values.count > 1 { guard case .some(.some(let x)) = positiveLength(1, .spacing) else { return nil }; spacing = x }
            if values.count > 2 { guard let c = colorValue(values[2]) else { return bad(2, .color) }; color = c }
            if values.count > 3 { guard case .some(.some(let x)) = positiveLength(3, .lineWidth) else { return nil }; width = x }
            return .paint(PaintSpec(kind: .hatch(angle: angle, spacing: spacing, color: color, width: width), stops: [],
                                    spread: .pad, pageUnits: true))
        case "dots":
            guard values.count <= 3 else {
                report(PaintMessages.dotsArguments(values.count, at: span))
                return nil
            }
            var spacing = 6.0, radius = 1.0, color = Color.black
            if values.count > 0 { guard case .some(.some(let x)) = positiveLength(0, .spacing) else { return nil }; spacing = x }
            if values.count > 1 { guard case .some(.some(let x)) = positiveLength(1, .radius) else { return nil }; radius = x }
            if values.count > 2 { guard let c = colorValue(values[2]) else { return bad(2, .color) }; color = c }
            if radius * 2 > spacing {
                report(PaintMessages.dotsOverlap(radius: radius, spacing: spacing, at: arguments.spans[1]))
                return nil
            }
            return .paint(PaintSpec(kind: .dots(spacing: spacing, radius: radius, color: color), stops: [], spread: .pad, pageUnits: true))
        default:
            break
        }

        // Gradients: options first, then an optional leading angle (linear), then stops.
        var spread = Gradient.Spread.pad
        if let named = option("spread") {
            guard case .word(let word) = named.value, let found = spreadNames[word] else {
                return badOption(named, .spread)
            }
            spread = found
        }
        var pageUnits = false
        if let named = option("units") {
            // `page` is a keyword, so page units are spelled `absolute` (or the string "page").
            switch named.value {
            case .word("box"), .string("box"): pageUnits = false
            case .word("absolute"), .string("page"), .string("absolute"): pageUnits = true
            default: return badOption(named, .units)
            }
        }
        /// A point of the gradient: fractions of the box (numbers or percentages) or, in
        /// page units, lengths.
        func point(_ named: NamedArgument) -> Point? {
            switch named.value {
            case .point(let x, let y): return Point(x, y)
            case .tuple(let items) where items.count == 2 && !pageUnits:
                var coordinates: [Double] = []
                for item in items {
                    switch item {
                    case .percent(let x), .number(let x): coordinates.append(x)
                    default: return nil
                    }
                }
                return Point(coordinates[0], coordinates[1])
            default: return nil
            }
        }
        let pointExpectation: ArgumentType = pageUnits ? .pagePoint : .boxPoint
        var first = 0
        let kind: PaintSpec.Kind
        if function == "linear" {
            var angle = 0.0
            if let value = values.first {
                switch value {
                case .angle(let a): angle = a; first = 1
                case .number(let a): angle = a; first = 1
                default: break
                }
            }
            let from = option("from"), to = option("to")
            if (from == nil) != (to == nil) {
                let given = from ?? to!
                report(PaintMessages.linearNeedsBothEnds(at: given.label.span))
                return nil
            }
            var start: Point?, end: Point?
            if let from, let to {
                if first == 1 {
                    report(PaintMessages.linearAngleAndEnds(at: arguments.spans[0]))
                    return nil
                }
                guard let a = point(from) else { return badOption(from, pointExpectation) }
                guard let b = point(to) else { return badOption(to, pointExpectation) }
                guard a != b else {
                    report(PaintMessages.linearSameEnds(at: to.span))
                    return nil
                }
                start = a; end = b
            }
            kind = .linear(angle: angle, from: start, to: end)
        } else {
            var center = pageUnits ? Point(0, 0) : Point(0.5, 0.5)
            var radius = 0.5
            var focal: Point?
            if let named = option("center") {
                guard let p = point(named) else { return badOption(named, pointExpectation) }
                center = p
            }
            if let named = option("radius") {
                var given: Double?
                switch named.value {
                case .number(let x): given = x
                case .percent(let x) where !pageUnits: given = x
                case .length(let x) where pageUnits: given = x
                default: given = nil
                }
                guard let r = given else { return badOption(named, pageUnits ? .length : .boxFraction) }
                guard r > 0, r.isFinite else {
                    report(PaintMessages.radialRadiusNotPositive(r, at: named.span))
                    return nil
                }
                radius = r
            } else if pageUnits {
                report(PaintMessages.radialNeedsRadius(at: span))
                return nil
            }
            if let named = option("focal") {
                guard let p = point(named) else { return badOption(named, pointExpectation) }
                focal = p
            }
            kind = .radial(center: center, radius: radius, focal: focal)
        }

        var stops: [PaintSpec.Stop] = []
        func addStop(_ value: Value, _ index: Int) -> Bool {
            if let color = colorValue(value) {
                stops.append(PaintSpec.Stop(color: color, position: .auto))
                return true
            }
            let items: [Value]
            switch value {
            case .tuple(let t): items = t
            default:
                _ = bad(index, .colorStop)
                return false
            }
            guard items.count == 2, let color = colorValue(items[0]) else {
                _ = bad(index, .colorStop)
                return false
            }
            let positionSpan = arguments.exprs[index].flatMap { tupleItemSpan($0, 1) } ?? arguments.spans[index]
            switch items[1] {
            case .percent(let f):
                guard f >= 0, f <= 1 else {
                    report(PaintMessages.stopFractionOutOfRange(function, percent: f * 100, at: positionSpan))
                    return false
                }
                stops.append(PaintSpec.Stop(color: color, position: .fraction(f)))
            case .length(let l), .number(let l):
                guard l >= 0, l.isFinite else {
                    report(PaintMessages.stopLengthNegative(function, l, at: positionSpan))
                    return false
                }
                stops.append(PaintSpec.Stop(color: color, position: .length(l)))
            default:
                typeMismatch(.gradientStopPosition(of: function), items[1], positionSpan, nil)
                return false
            }
            return true
        }
        for index in first..<values.count {
            if case .list(let items) = values[index] {
                for item in items { guard addStop(item, index) else { return nil } }
            } else {
                guard addStop(values[index], index) else { return nil }
            }
        }
        guard stops.count >= 2 else {
            report(PaintMessages.tooFewStops(function, stops.count, at: span))
            return nil
        }
        guard stops.count <= PaintLimits.maxStops else {
            limit(PaintMessages.tooManyStops(function, at: span))
            return nil
        }
        // Positions given as one kind must not go backwards (mixing % and lengths is
        // checked in layout, where the line length is known: there they are clamped).
        var last: Double?
        var lastKind = 0
        for (index, stop) in stops.enumerated() {
            let (value, kind): (Double?, Int) = switch stop.position {
            case .auto: (nil, 0)
            case .fraction(let f): (f, 1)
            case .length(let l): (l, 2)
            }
            guard let value else { continue }
            if let last, kind == lastKind, value < last {
                let stopSpan = arguments.spans[min(first + index, arguments.spans.count - 1)]
                report(PaintMessages.stopsDecrease(function, last: last, value: value, percent: kind == 1,
                                                   at: values.count - first == 1 ? arguments.spans[first] : stopSpan))
                return nil
            }
            last = value; lastKind = kind
        }
        return .paint(PaintSpec(kind: kind, stops: stops, spread: spread, pageUnits: pageUnits))
    }

    /// `shadow:` — `(dx, dy, blur, color)`, a list of them, or `none`.
    func shadowsValue(_ value: Value, span: Span, expr: ExprID?) -> [Shadow]? {
        func one(_ value: Value, _ expr: ExprID?) -> Shadow? {
            let span = expr.map { exprSpan($0) } ?? span
            func item(_ index: Int) -> Span { expr.flatMap { tupleItemSpan($0, index) } ?? span }
            guard case .tuple(let items) = value, items.count == 3 || items.count == 4 else {
                typeMismatch(.shadow, value, span, expr)
                return nil
            }
            guard let dx = length(items[0]), let dy = length(items[1]), let blur = length(items[2]) else {
                typeMismatch(.shadowLengths, value, span, expr)
                return nil
            }
            guard blur >= 0, blur <= PaintLimits.maxBlur, dx.isFinite, dy.isFinite else {
                report(PaintMessages.shadowBlurOutOfRange(blur, at: item(2)))
                return nil
            }
            var color = Color(red: 0, green: 0, blue: 0, alpha: 0.35)
            if items.count == 4 {
                guard case .some(.some(let c)) = colorOrNone(items[3]) else {
                    typeMismatch(.shadowColor, items[3], item(3), nil, names: NamedColors.names)
                    return nil
                }
                color = c
            }
            return Shadow(offset: Point(dx, dy), blur: blur, color: color)
        }
        switch value {
        case .none: return []
        case .list(let items):
            guard items.count <= PaintLimits.maxShadows else {
                limit(PaintMessages.tooManyShadows(at: span))
                return nil
            }
            var shadows: [Shadow] = []
            let literal = expr.flatMap { listItemExprs($0) }
            for (index, item) in items.enumerated() {
                let itemExpr = literal.flatMap { index < $0.count ? $0[index] : nil }
                guard let shadow = one(item, itemExpr) else { return nil }
                shadows.append(shadow)
            }
            return shadows
        default:
            return one(value, expr).map { [$0] }
        }
    }

    /// The span of item `index` of a tuple literal `expr` (nil when `expr` is not one).
    func tupleItemSpan(_ expr: ExprID, _ index: Int) -> Span? {
        let file = unit
        guard case .tuple(let list) = file.ast.exprs[Int(expr.index)].kind, index < list.count else { return nil }
        return exprSpan(file.ast.exprLists[Int(list.start) + index])
    }

    /// The item expressions of a list literal `expr` (nil when `expr` is not one).
    func listItemExprs(_ expr: ExprID) -> [ExprID]? {
        let file = unit
        guard case .list(let list) = file.ast.exprs[Int(expr.index)].kind else { return nil }
        return (0..<Int(list.count)).map { file.ast.exprLists[Int(list.start) + $0] }
    }
}
