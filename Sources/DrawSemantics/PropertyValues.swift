// Properties: from an evaluated `Value` to a typed field of the node being built, with the
// checks of the language (known, typed, used by this kind).

import DrawBarcodes
import DrawCatalogue
import DrawDiagnostics
import DrawScene
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
        let message = component.map { "unknown property or parameter \(quotedSource(label.name)) of '\($0.name)'" } ?? "unknown property \(quotedSource(label.name))"
        report(.error(.unknownProperty, at: label.span, message, notes: notes, fixIts: fixIts))
        return nil
    }

    /// The property a label's name spells, or nil; matched once per distinct name a file.
    @inline(__always)
    func property(named id: NameID) -> Property? {
        let code = unit.propertyOfName[Int(id.index)]
        if code == 0 { return matchPropertyName(id) }
        return code == 255 ? nil : Property(rawValue: code &- 1)
    }

    func matchPropertyName(_ id: NameID) -> Property? {
        let property = Property.named(unit.ast.names[Int(id.index)])
        unit.propertyOfName[Int(id.index)] = property.map { $0.rawValue + 1 } ?? 255
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
              let value = property == .points ? evaluatePoints(argument.value) : evaluate(argument.value) else {
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
              let value = property == .points ? evaluatePoints(argument.value) : evaluate(argument.value) else {
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
    func isHyphenatedBarcodeType(_ property: Property, _ value: ExprID) -> Bool {
        guard property == .type, case .binary(_, _, .subtract) = unit.ast.exprs[Int(value.index)].kind else { return false }
        let span = exprSpan(value)
        guard sources[span.file]?.text(of: span).lowercased() == "gs1-128" else { return false }
        report(.error(.invalidValue, at: span, "'gs1-128' reads as 'gs1 - 128'; the barcode type is written 'gs1'",
                      fixIts: [.init(replacing: span, with: "gs1")]))
        return true
    }

    func applyProperty(_ property: Property, _ value: Value, argument: Argument, to top: Int) {
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
                    typeMismatch("'style'", expected: "a style or a list of styles", item, span, nil,
                                 names: visibleNames { if case .style = $0 { true } else { false } })
                }
            }
            return result
        default:
            typeMismatch("'style'", expected: "a style or a list of styles", value, span, expr,
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
            error(.unexpectedPositional, argument.span, "'\(kind.name)' takes no positional argument")
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
            typeMismatch("the \(kind.positionalMeaning!) of '\(kind.name)'", expected: "a string", value, expr.span, argument.value)
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

    func applyProperty(_ property: Property, _ value: Value, valueSpan: Span, nameSpan: Span, expr: ExprID?, to top: Int, fromStyle: Bool) {
        if property == .style {
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
        if let beyond = Self.beyondCoordinateRange(value) {
            if !fromStyle || !explicitProperties(ofFrame: top).contains(property) {
                report(.error(.outOfRange, at: valueSpan,
                              "'\(property.name)' is \(beyond), beyond the coordinate range of ±\(formatNumber(Scene.maximumCoordinate))pt (about 3.5 km)"))
            }
            return
        }
        if fromStyle {
            if explicitProperties(ofFrame: top).contains(property) { return }
        } else {
            if explicitProperties(ofFrame: top).contains(property) {
                report(.warning(.duplicateProperty, at: nameSpan, "'\(property.name)' is given more than once; the last one wins"))
            }
            frames[top].explicit.insert(property)
        }
        if kind == .stroke && !fromStyle && Self.strokeIgnores(property) {
            // Ink is filled in 'color'; the paint of lines does not reach it.
            report(.warning(.ignoredProperty, at: nameSpan,
                            "'\(property.name)' has no effect on 'stroke'; ink is painted with 'color' and sized by 'width'"))
        }
        if !property.applies(to: kind) {
            if !fromStyle {
                report(.warning(.ignoredProperty, at: nameSpan, "'\(property.name)' has no effect on '\(kind.name)'"))
            }
            return
        }
        // Built only when a message needs it: this function runs once per property per node.
        var what: String { "'\(property.name)'" }
        func mismatch(names: [String]? = nil) {
            typeMismatch(what, expected: property.spec.expects, value, valueSpan, expr, names: names)
        }
        func nonNegativeLength() -> Double? {
            guard let x = length(value) else { mismatch(); return nil }
            if x < 0 || !x.isFinite {
                error(.invalidValue, valueSpan, "\(what) must not be negative, found \(formatNumber(x))")
                return nil
            }
            return x
        }
        func word<T>(_ table: [String: T]) -> T? {
            if case .word(let name) = value, let result = table[name] { return result }
            mismatch(names: table.keys.sorted())
            return nil
        }

        switch property {
        case .style:
            return
        case .id:
            let id: String
            switch value {
            case .word(let name): id = name
            case .string(let text) where !text.isEmpty: id = text
            default: mismatch(); return
            }
            if let old = frames[top].node.id, frames[top].idSpan == nil, ids[old] != nil {
                // A component's node renamed by the call: the call's id replaces the body's.
                ids[old] = nil
            }
            frames[top].node.id = id
            frames[top].idSpan = valueSpan
        case .at:
            guard let point = pointValue(value) else { mismatch(); return }
            noteAnchorReference(point, mustPrecede: true)
            frames[top].node.geometry.at = point
        case .anchor:
            guard let anchor = word(anchorNames) else { return }
            frames[top].node.geometry.anchor = anchor
        case .width:
            guard let x = nonNegativeLength() else { return }
            frames[top].node.geometry.width = x
        case .height:
            guard let x = nonNegativeLength() else { return }
            frames[top].node.geometry.height = x
        case .size:
            switch value {
            case .point(let w, let h) where w >= 0 && h >= 0:
                frames[top].node.geometry.width = w
                frames[top].node.geometry.height = h
            default:
                guard let x = nonNegativeLength() else { return }
                frames[top].node.geometry.width = x
                frames[top].node.geometry.height = x
            }
        case .padding:
            guard let insets = edgeInsets(value) else { mismatch(); return }
            frames[top].node.geometry.padding = insets
        case .rotate:
            switch value {
            case .angle(let x), .number(let x): frames[top].node.geometry.rotate = x
            default: mismatch()
            }
        case .scale:
            switch value {
            case .number(let k): frames[top].node.geometry.scale = Point(k, k)
            case .percent(let k): frames[top].node.geometry.scale = Point(k, k)
            case .point(let x, let y): frames[top].node.geometry.scale = Point(x, y)
            default: mismatch()
            }
        case .opacity:
            let x: Double
            switch value {
            case .number(let v), .percent(let v): x = v
            default: mismatch(); return
            }
            guard x >= 0, x <= 1 else {
                error(.invalidValue, valueSpan, "'opacity' must be between 0 and 1 (or 0% and 100%), found \(formatNumber(x))")
                return
            }
            frames[top].node.geometry.opacity = x
        case .clip:
            guard case .bool(let flag) = value else { mismatch(); return }
            frames[top].node.geometry.clip = flag
        case .fill where kind == .grid:
            if case .bool(let flag) = value { frames[top].node.geometry.stretchCells = flag; return }
            fallthrough
        case .fill, .stroke:
            if case .paint(let spec) = value {
                if property == .stroke && spec.isPattern {
                    error(.invalidValue, valueSpan,
                          "a pattern ('hatch', 'dots', a 'pattern' block) fills shapes; 'stroke' takes a color or a gradient ('linear', 'radial')")
                    return
                }
                setInherited(property, top) {
                    if property == .fill { $0.fill = spec.representativeColor; $0.fillPaint = spec }
                    else { $0.stroke = spec.representativeColor; $0.strokePaint = spec }
                }
                return
            }
            guard let color = colorOrNone(value) else { mismatch(names: NamedColors.names + ["none"]); return }
            setInherited(property, top) {
                if property == .fill { $0.fill = color; $0.fillPaint = nil } else { $0.stroke = color; $0.strokePaint = nil }
            }
        case .color:
            guard case .some(.some(let color)) = colorOrNone(value) else { mismatch(names: NamedColors.names); return }
            setInherited(property, top) { $0.color = color }
        case .lineWidth:
            guard let x = nonNegativeLength() else { return }
            setInherited(property, top) { $0.lineWidth = x }
        case .lineCap:
            guard let cap = word(lineCapNames) else { return }
            setInherited(property, top) { $0.lineCap = cap }
        case .lineJoin:
            guard let join = word(lineJoinNames) else { return }
            setInherited(property, top) { $0.lineJoin = join }
        case .miterLimit:
            guard case .number(let x) = value else { mismatch(); return }
            guard x >= 1 else {
                error(.invalidValue, valueSpan, "'miterLimit' must be at least 1, found \(formatNumber(x))")
                return
            }
            setInherited(property, top) { $0.miterLimit = x }
        case .dash:
            var dashes: [Double] = []
            switch value {
            case .none: break
            case .list(let items):
                for item in items {
                    guard let x = length(item), x >= 0 else { mismatch(); return }
                    dashes.append(x)
                }
            default:
                guard let x = length(value), x >= 0 else { mismatch(); return }
                dashes = [x]
            }
            if !dashes.isEmpty && dashes.allSatisfy({ $0 == 0 }) {
                error(.invalidValue, valueSpan, "'dash' lengths must not all be zero (use 'none' for a solid line)")
                return
            }
            setInherited(property, top) { $0.dash = dashes }
        case .dashOffset:
            guard let x = length(value) else { mismatch(); return }
            setInherited(property, top) { $0.dashOffset = x }
        case .fillRule:
            guard let rule = word(fillRuleNames) else { return }
            setInherited(property, top) { $0.fillRule = rule }
        case .font:
            var fonts: [String] = []
            switch value {
            case .string(let name): fonts = [fontReference(name, valueSpan)]
            case .list(let items):
                for item in items {
                    guard case .string(let name) = item else { mismatch(); return }
                    fonts.append(fontReference(name, valueSpan))
                }
                if fonts.isEmpty { mismatch(); return }
            default: mismatch(); return
            }
            setInherited(property, top) {
                $0.fonts = fonts
                $0.fontsSpan = valueSpan
            }
        case .fontSize:
            guard let x = nonNegativeLength() else { return }
            guard x > 0 else {
                error(.invalidValue, valueSpan, "'fontSize' must be greater than zero")
                return
            }
            setInherited(property, top) { $0.fontSize = x }
        case .bold, .italic:
            guard case .bool(let flag) = value else { mismatch(); return }
            setInherited(property, top) { property == .bold ? ($0.bold = flag) : ($0.italic = flag) }
        case .align:
            if kind.alignsChildren {
                guard let alignment = word(alignmentNames) else { return }
                frames[top].node.geometry.align = alignment
            } else {
                guard let align = word(textAlignNames) else { return }
                setInherited(property, top) { $0.textAlign = align }
            }
        case .lineHeight:
            let height: LineHeight
            switch value {
            case .number(let x), .percent(let x): height = .multiple(x)
            case .length(let x): height = .absolute(x)
            default: mismatch(); return
            }
            setInherited(property, top) { $0.lineHeight = height }
        case .corner:
            guard let x = nonNegativeLength() else { return }
            frames[top].node.geometry.corner = x
        case .r:
            guard let x = nonNegativeLength() else { return }
            frames[top].node.geometry.radius = x
        case .from, .to:
            guard let end = endpoint(value, span: valueSpan, expr: expr, what: "'\(property.name)'", expected: property.spec.expects) else { return }
            if property == .from { frames[top].node.geometry.from = end } else { frames[top].node.geometry.to = end }
        case .points where kind == .stroke:
            applyInkPoints(value, valueSpan: valueSpan, expr: expr, to: top)
        case .points where kind == .star:
            guard let count = wholeCount(value, what: "'points' of a star", span: valueSpan, expr: expr) else { return }
            frames[top].node.geometry.shape.starPoints = count
        case .points, .via:
            if property == .points {
                switch value {
                case .packedPoints(let packed):
                    guard packed.dimensions == 2 else {
                        typeMismatch("an element of \(what)", expected: "a point", packed.element(0), valueSpan, nil)
                        return
                    }
                    frames[top].node.geometry.points = pointValues(packed)
                    return
                case .string(let text):
                    guard let packed = compactPoints(text, valueSpan: valueSpan, expr: expr, pressure: false) else { return }
                    frames[top].node.geometry.points = pointValues(packed)
                    return
                default:
                    break
                }
            }
            guard case .list(let items) = value else { mismatch(); return }
            var points: [PointValue] = []
            points.reserveCapacity(items.count)
            for item in items {
                guard let point = pointValue(item) else {
                    typeMismatch("an element of \(what)", expected: "a point", item, valueSpan, nil)
                    return
                }
                noteAnchorReference(point, mustPrecede: false)
                points.append(point)
            }
            if property == .points { frames[top].node.geometry.points = points } else { frames[top].node.geometry.via = points }
        case .arrow:
            switch value {
            case .none: frames[top].node.geometry.arrow = ArrowEnds.none
            case .bool(let flag): frames[top].node.geometry.arrow = flag ? .end : ArrowEnds.none
            default:
                guard let ends = word(arrowNames) else { return }
                frames[top].node.geometry.arrow = ends
            }
        case .label:
            switch value {
            case .string(let text): frames[top].node.geometry.label = text
            case .number, .length, .percent, .angle: frames[top].node.geometry.label = interpolationText(value)
            default: mismatch()
            }
        case .spacing, .rowSpacing, .columnSpacing:
            guard let x = length(value) else { mismatch(); return }
            switch property {
            case .spacing: frames[top].node.geometry.spacing = x
            case .rowSpacing: frames[top].node.geometry.rowSpacing = x
            default: frames[top].node.geometry.columnSpacing = x
            }
        case .columns:
            guard case .number(let x) = value, x >= 1, x <= 100_000, x == x.rounded() else {
                if case .number(let x) = value {
                    error(.invalidValue, valueSpan, "'columns' must be a whole number from 1 to 100000, found \(formatNumber(x))")
                } else { mismatch() }
                return
            }
            frames[top].node.geometry.columns = Int(x)
        case .minLength:
            guard let x = nonNegativeLength() else { return }
            frames[top].node.geometry.minLength = x
        case .fit:
            guard let fit = word(fitNames) else { return }
            frames[top].node.geometry.fit = fit
        case .direction:
            guard let direction = word(directionNames) else { return }
            frames[top].node.geometry.shape.direction = direction
        case .skew:
            switch value {
            case .angle(let x):
                guard x > -90, x < 90 else {
                    error(.invalidValue, valueSpan, "'skew' must be an angle between -90deg and 90deg, found \(formatNumber(x))deg")
                    return
                }
                frames[top].node.geometry.shape.skewAngle = x
            default:
                guard let x = length(value), x.isFinite else { mismatch(); return }
                frames[top].node.geometry.shape.skewLength = x
            }
        case .sides:
            guard let count = wholeCount(value, what: "'sides'", span: valueSpan, expr: expr) else { return }
            frames[top].node.geometry.shape.sides = count
        case .inner:
            let x: Double
            switch value {
            case .number(let v), .percent(let v): x = v
            default: mismatch(); return
            }
            guard x > 0, x < 1 else {
                error(.invalidValue, valueSpan, "'inner' must be between 0 and 1 (or 0% and 100%), found \(formatNumber(x))")
                return
            }
            frames[top].node.geometry.shape.inner = x
        case .route:
            guard let route = word(routeNames) else { return }
            frames[top].node.geometry.link.route = route
        case .side, .toSide:
            guard let side = word(sideNames) else { return }
            if property == .side { frames[top].node.geometry.link.fromSide = side } else { frames[top].node.geometry.link.toSide = side }
        case .arrowhead, .arrowtail:
            let style: ArrowheadStyle
            if case .none = value { style = .none } else {
                guard let named = word(arrowheadNames) else { return }
                style = named
            }
            if property == .arrowhead { frames[top].node.geometry.link.head = style } else { frames[top].node.geometry.link.tail = style }
        case .arrowSize:
            guard let x = nonNegativeLength() else { return }
            guard x <= 1000 else {
                error(.invalidValue, valueSpan, "'arrowSize' must be at most 1000pt, found \(formatNumber(x))")
                return
            }
            frames[top].node.geometry.link.arrowSize = x
        case .labelPosition:
            guard let position = word(labelPositionNames) else { return }
            frames[top].node.geometry.link.labelPosition = position
        case .merge:
            guard case .bool(let flag) = value else { mismatch(); return }
            frames[top].node.geometry.link.merge = flag
        case .jumps:
            if case .none = value { frames[top].node.geometry.link.jumps = LineJumps.none; return }
            guard let jumps = word(lineJumpNames) else { return }
            frames[top].node.geometry.link.jumps = jumps
        case .labelAt:
            let x: Double
            switch value {
            case .number(let v), .percent(let v): x = v
            default: mismatch(); return
            }
            guard x >= 0, x <= 1 else {
                error(.invalidValue, valueSpan, "'labelAt' must be between 0 and 1 (or 0% and 100%), found \(formatNumber(x))")
                return
            }
            frames[top].node.geometry.link.labelAt = x
        case .labelBackground:
            guard let color = colorOrNone(value) else { mismatch(names: NamedColors.names + ["none"]); return }
            frames[top].node.geometry.link.labelBackground = .some(color)
        case .shadow:
            guard let shadows = shadowsValue(value, span: valueSpan, expr: expr) else { return }
            frames[top].node.geometry.shadows = shadows
        case .blend:
            guard let mode = word(blendNames) else { return }
            frames[top].node.geometry.blend = mode
        case .type, .module, .quietZone, .text, .errorCorrection, .version, .mask, .printerDPI, .background, .shape:
            applyBarcodeProperty(property, value, valueSpan: valueSpan, expr: expr, to: top)
        case .bearer, .bearerWidth:
            applyBarcodeProperty(property, value, valueSpan: valueSpan, expr: expr, to: top)
        case .smooth:
            guard case .bool(let flag) = value else { mismatch(); return }
            frames[top].node.geometry.smooth = flag
        case .tension, .smoothing, .streamline, .thinning:
            let x: Double
            switch value {
            case .number(let v), .percent(let v): x = v
            default: mismatch(); return
            }
            let low = property == .thinning ? -1.0 : 0.0
            guard x >= low, x <= 1 else {
                error(.invalidValue, valueSpan, "\(what) must be between \(formatNumber(low)) and 1, found \(formatNumber(x))")
                return
            }
            if property == .tension { frames[top].node.geometry.tension = x; return }
            updateInk(top) {
                switch property {
                case .smoothing: $0.smoothing = x
                case .streamline: $0.streamline = x
                default: $0.thinning = x
                }
            }
        case .easing:
            guard let easing = word(inkEasingNames) else { return }
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
            switch value {
            case .point(let a, let b):
                guard let start = taper(.length(a)), let end = taper(.length(b)) else { mismatch(); return }
                ends = (start, end)
            case .list(let items) where items.count == 2:
                guard let start = taper(items[0]), let end = taper(items[1]) else { mismatch(); return }
                ends = (start, end)
            default:
                guard let both = taper(value) else { mismatch(); return }
                ends = (both, both)
            }
            updateInk(top) { $0.taperStart = ends.0; $0.taperEnd = ends.1 }
        case .cap:
            var ends: (Bool, Bool)
            switch value {
            case .bool(let flag): ends = (flag, flag)
            case .list(let items) where items.count == 2:
                guard case .bool(let start) = items[0], case .bool(let end) = items[1] else { mismatch(); return }
                ends = (start, end)
            default: mismatch(); return
            }
            updateInk(top) { $0.capStart = ends.0; $0.capEnd = ends.1 }
        case .simulatePressure:
            guard case .bool(let flag) = value else { mismatch(); return }
            updateInk(top) { $0.simulatePressure = flag }
        case .underline, .strikethrough, .smallCaps, .hyphenate, .markup:
            guard case .bool(let flag) = value else { mismatch(); return }
            setInherited(property, top) {
                switch property {
                case .underline: $0.typography.underline = flag
                case .strikethrough: $0.typography.strikethrough = flag
                case .smallCaps: $0.typography.smallCaps = flag
                case .hyphenate: $0.typography.hyphenate = flag
                default: $0.typography.markup = flag
                }
            }
        case .letterSpacing, .wordSpacing:
            guard let x = length(value), x.isFinite else { mismatch(); return }
            guard abs(x) <= TextLimits.maxSpacing else {
                error(.invalidValue, valueSpan, "\(what) must be between -\(formatNumber(TextLimits.maxSpacing)) and \(formatNumber(TextLimits.maxSpacing))pt, found \(formatNumber(x))")
                return
            }
            setInherited(property, top) {
                if property == .letterSpacing { $0.typography.letterSpacing = x } else { $0.typography.wordSpacing = x }
            }
        case .textDirection:
            guard let direction = word(textDirectionNames) else { return }
            setInherited(property, top) { $0.typography.textDirection = direction }
        case .textTransform:
            guard let transform = word(textTransformNames) else { return }
            setInherited(property, top) { $0.typography.textTransform = transform }
        case .baselineShift:
            var points = 0.0, em = 0.0
            switch value {
            case .number(let x), .length(let x): points = x
            case .percent(let x): em = x
            case .word("super"): em = Typography.superscriptShift
            case .word("sub"): em = Typography.subscriptShift
            case .word("baseline"): break
            default: mismatch(names: ["baseline", "sub", "super"]); return
            }
            guard points.isFinite, em.isFinite, abs(points) <= TextLimits.maxSpacing, abs(em) <= 10 else {
                error(.invalidValue, valueSpan, "\(what) is out of range")
                return
            }
            setInherited(property, top) { $0.typography.baselineShift = points; $0.typography.baselineShiftEm = em }
        case .tabStops:
            var stops: [Double] = []
            switch value {
            case .number(let x), .length(let x): stops = [x]
            case .list(let items):
                for item in items {
                    guard let x = length(item) else { mismatch(); return }
                    stops.append(x)
                }
            default: mismatch(); return
            }
            guard !stops.isEmpty, stops.count <= TextLimits.maxTabStops else {
                error(.invalidValue, valueSpan, "\(what) takes 1 to \(TextLimits.maxTabStops) positions, found \(stops.count)")
                return
            }
            for (i, x) in stops.enumerated() where !(x > 0 && x.isFinite) || (i > 0 && x <= stops[i - 1]) {
                error(.invalidValue, valueSpan, "\(what) must be positive and increasing, found \(formatNumber(x)) after \(i > 0 ? formatNumber(stops[i - 1]) : "the left edge")")
                return
            }
            setInherited(property, top) { $0.typography.tabStops = stops }
        case .maxLines:
            guard case .number(let x) = value else { mismatch(); return }
            guard x >= 1, x == x.rounded(), x <= Double(TextLimits.maxLines) else {
                error(.invalidValue, valueSpan, "\(what) must be a whole number from 1 to \(TextLimits.maxLines), found \(formatNumber(x))")
                return
            }
            frames[top].node.geometry.textFit.maxLines = Int(x)
        case .overflow:
            guard let overflow = word(textOverflowNames) else { return }
            frames[top].node.geometry.textFit.overflow = overflow
        }
    }

    /// Paint properties of lines and shapes that a `stroke` (filled ink) does not use.
    static func strokeIgnores(_ property: Property) -> Bool {
        switch property {
        case .fill, .stroke, .lineWidth, .lineCap, .lineJoin, .miterLimit, .dash, .dashOffset, .fillRule: true
        default: false
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
                        error(.invalidValue, valueSpan, "the pressure of point \(k / step + 1) must be between 0 and 1, found \(formatNumber(pressure))")
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
                        typeMismatch("an element of 'points'", expected: "a point (x, y) or (x, y, pressure)", item, valueSpan, nil)
                        return
                    }
                    let p: Double
                    switch parts[2] {
                    case .number(let v), .percent(let v): p = v
                    default:
                        typeMismatch("the pressure of a point", expected: "a number from 0 to 1", parts[2], valueSpan, nil)
                        return
                    }
                    guard p >= 0, p <= 1 else {
                        error(.invalidValue, valueSpan, "the pressure of point \(index + 1) must be between 0 and 1, found \(formatNumber(p))")
                        return
                    }
                    point = InkPoint(x, y, p); withPressure = true
                default:
                    typeMismatch("an element of 'points'", expected: "a point (x, y) or (x, y, pressure)", item, valueSpan, nil)
                    return
                }
                if index == 0 { hasPressure = withPressure } else if withPressure != hasPressure {
                    error(.invalidValue, valueSpan,
                          "point \(index + 1) of the stroke \(withPressure ? "has" : "has no") pressure but the first \(hasPressure ? "has" : "has not"); give every point a pressure or none")
                    return
                }
                points.append(point)
            }
        default:
            typeMismatch("'points'", expected: "a list of points or a points string", value, valueSpan, expr)
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
                error(.invalidValue, valueSpan, "only a 'stroke' takes a pressure with its points; give (x, y) points here")
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
                error(.malformedPoints, span, failure.message)
            } else {
                error(.malformedPoints, valueSpan, failure.message + " (at byte \(failure.offset + 1) of the points)")
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

    /// The properties only `barcode` has, collected in its `BarcodeSettings`.
    func applyBarcodeProperty(_ property: Property, _ value: Value, valueSpan: Span, expr: ExprID?, to top: Int) {
        var settings = frames[top].node.geometry.barcode ?? BarcodeSettings(request: BarcodeRequest(symbology: .code128))
        func mismatch(names: [String]? = nil) {
            typeMismatch("'\(property.name)'", expected: property.spec.expects, value, valueSpan, expr, names: names)
        }
        func name() -> String? {
            switch value {
            case .word(let w), .string(let w): return w
            default: return nil
            }
        }
        func wholeNumber(_ range: ClosedRange<Int>) -> Int? {
            guard case .number(let x) = value else { mismatch(); return nil }
            guard x == x.rounded(), x >= Double(range.lowerBound), x <= Double(range.upperBound) else {
                error(.invalidValue, valueSpan, "'\(property.name)' must be a whole number from \(range.lowerBound) to \(range.upperBound), found \(formatNumber(x))")
                return nil
            }
            return Int(x)
        }
        switch property {
        case .type:
            let names = Symbology.allCases.map(\.name).filter { !$0.contains("-") } + ["gs1", "gs1_128"]
            guard let n = name() else { mismatch(names: names); return }
            let symbology = n == "gs1" || n == "gs1_128" ? Symbology.gs1_128 : Symbology.named(n)
            guard let symbology else {
                if case .word = value { mismatch(names: names) } else {
                    error(.invalidValue, valueSpan, "unknown barcode type '\(n)'",
                          notes: [.init("the types are code128, gs1, ean13, ean8, upca, upce, itf14, qr, datamatrix")])
                }
                return
            }
            settings.request.symbology = symbology
            settings.hasType = true
        case .module:
            guard let x = length(value) else { mismatch(); return }
            guard x > 0, x.isFinite else {
                error(.invalidValue, valueSpan, "'module' must be greater than zero, found \(formatNumber(x))")
                return
            }
            settings.module = x
        case .quietZone:
            switch value {
            case .number(let x) where x >= 0 && x.isFinite: settings.quietZone = .modules(x)
            case .length(let x) where x >= 0 && x.isFinite: settings.quietZone = .length(x)
            case .number, .length:
                error(.invalidValue, valueSpan, "'quietZone' must not be negative")
                return
            default: mismatch(); return
            }
        case .text:
            switch value {
            case .bool(let flag): settings.text = flag ? .automatic : .hidden
            case .string(let s): settings.text = .custom(s)
            case .none: settings.text = .hidden
            default: mismatch(); return
            }
        case .errorCorrection:
            guard let n = name(), let level = QRErrorCorrection.named(n) else { mismatch(names: ["L", "M", "Q", "H"]); return }
            settings.request.errorCorrection = level
        case .version:
            switch value {
            case .number:
                guard let v = wholeNumber(1...40) else { return }
                settings.request.version = v
            case .string(let s):
                let parts = s.split(separator: "x", omittingEmptySubsequences: false)
                guard parts.count == 2, let rows = Int(parts[0]), let columns = Int(parts[1]) else {
                    error(.invalidValue, valueSpan, "a Data Matrix size is written rows x columns, such as \"16x48\", found \"\(s)\"")
                    return
                }
                settings.request.dataMatrixSize = MatrixSize(rows: rows, columns: columns)
            default: mismatch(); return
            }
        case .mask:
            guard let m = wholeNumber(0...7) else { return }
            settings.request.mask = m
        case .printerDPI:
            guard case .number(let x) = value else { mismatch(); return }
            guard x >= 50, x <= 10_000 else {
                error(.invalidValue, valueSpan, "'printerDPI' must be from 50 to 10000 dots per inch, found \(formatNumber(x))")
                return
            }
            settings.printerDPI = x
        case .background:
            guard let color = colorOrNone(value) else { mismatch(names: NamedColors.names + ["none"]); return }
            settings.background = color
        case .shape:
            let shapes: [String: DataMatrixShape] = ["square": .square, "rectangle": .rectangle, "any": .any]
            guard case .word(let w) = value, let shape = shapes[w] else { mismatch(names: shapes.keys.sorted()); return }
            settings.request.dataMatrixShape = shape
        case .bearer:
            let bearers: [String: BarcodeBearer] = ["frame": .frame, "bars": .bars, "none": .none]
            switch value {
            case .word(let w) where bearers[w] != nil: settings.bearer = bearers[w]!
            case .none: settings.bearer = .none
            default: mismatch(names: ["bars", "frame", "none"]); return
            }
        case .bearerWidth:
            switch value {
            case .number(let x) where x >= 2 && x.isFinite: settings.bearerWidth = .modules(x)
            case .length(let x) where x > 0 && x.isFinite: settings.bearerWidth = .length(x)
            case .number(let x):
                error(.invalidValue, valueSpan, "'bearerWidth' must be at least 2 modules (GS1's smallest bearer bar), found \(formatNumber(x))")
                return
            case .length:
                error(.invalidValue, valueSpan, "'bearerWidth' must be greater than zero")
                return
            default: mismatch(); return
            }
        default:
            return
        }
        frames[top].node.geometry.barcode = settings
    }

    /// A count of sides or points: a whole number from 3 to `ShapeLimits.maxSides`.
    func wholeCount(_ value: Value, what: String, span: Span, expr: ExprID?) -> Int? {
        guard case .number(let x) = value else {
            typeMismatch(what, expected: "a whole number from 3 to \(ShapeLimits.maxSides)", value, span, expr)
            return nil
        }
        guard x >= 3, x <= Double(ShapeLimits.maxSides), x == x.rounded() else {
            error(.invalidValue, span, "\(what) must be a whole number from 3 to \(ShapeLimits.maxSides), found \(formatNumber(x))")
            return nil
        }
        return Int(x)
    }

    /// Sets an inherited property on the node and pushes it to the descendants that do not
    /// set it themselves (only needed when the property comes after children, or from a
    /// component call onto the node its body produced).
    func setInherited(_ property: Property, _ top: Int, _ set: (inout ResolvedStyle) -> Void) {
        set(&frames[top].node.style)
        frames[top].node.explicitStyle.insert(property)
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

    static func copy(_ property: Property, from source: ResolvedStyle, to target: inout ResolvedStyle) {
        switch property {
        case .fill:
            target.fill = source.fill
            target.fillPaint = source.fillPaint
        case .stroke:
            target.stroke = source.stroke
            target.strokePaint = source.strokePaint
        case .lineWidth: target.lineWidth = source.lineWidth
        case .lineCap: target.lineCap = source.lineCap
        case .lineJoin: target.lineJoin = source.lineJoin
        case .miterLimit: target.miterLimit = source.miterLimit
        case .dash: target.dash = source.dash
        case .dashOffset: target.dashOffset = source.dashOffset
        case .fillRule: target.fillRule = source.fillRule
        case .font:
            target.fonts = source.fonts
            target.fontsSpan = source.fontsSpan
        case .fontSize: target.fontSize = source.fontSize
        case .bold: target.bold = source.bold
        case .italic: target.italic = source.italic
        case .color: target.color = source.color
        case .align: target.textAlign = source.textAlign
        case .lineHeight: target.lineHeight = source.lineHeight
        case .underline: target.typography.underline = source.typography.underline
        case .strikethrough: target.typography.strikethrough = source.typography.strikethrough
        case .letterSpacing: target.typography.letterSpacing = source.typography.letterSpacing
        case .wordSpacing: target.typography.wordSpacing = source.typography.wordSpacing
        case .textTransform: target.typography.textTransform = source.typography.textTransform
        case .smallCaps: target.typography.smallCaps = source.typography.smallCaps
        case .baselineShift:
            target.typography.baselineShift = source.typography.baselineShift
            target.typography.baselineShiftEm = source.typography.baselineShiftEm
        case .hyphenate: target.typography.hyphenate = source.typography.hyphenate
        case .markup: target.typography.markup = source.typography.markup
        case .textDirection: target.typography.textDirection = source.typography.textDirection
        case .tabStops: target.typography.tabStops = source.typography.tabStops
        default: break
        }
    }

    // MARK: Conversions

    /// The first number of a property value (inside points, tuples and lists too) whose
    /// magnitude is beyond `Scene.maximumCoordinate` or not finite, as written in a message;
    /// nil when every number is in range. Counts and angles are held to the same range:
    /// `rotate: 1e308` or `scale: 1e308` would leave no usable geometry either.
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
            return beyond(p.offset.x) || beyond(p.offset.y) ? "an anchor offset by (\(formatNumber(p.offset.x)), \(formatNumber(p.offset.y)))" : nil
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
    /// `what` and `expected` word the type error.
    func endpoint(_ value: Value, span: Span, expr: ExprID?, what: String, expected: String) -> Endpoint? {
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
            typeMismatch(what, expected: expected, value, span, expr)
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
        if NamedColors.color(named: word) != nil { return "the color '\(word)'" }
        if isNodeID(word) { return "the node '\(word)'" }
        return nil
    }

    /// "expects X, found Y", with a note at the `let` that made the value when the
    /// expression is a bound name. A bare word is reported as an undefined name, or as a
    /// value outside `names` when the property takes names.
    /// Whether a string's text is a number as the language writes it: digits, an optional
    /// fraction, an optional unit glued on (`100pt`, `2.5mm`, `50%`).
    static func isQuotedNumber(_ text: String) -> Bool {
        var body = Substring(text)
        for unit in ["pt", "in", "mm", "cm", "px", "deg", "%"] where body.hasSuffix(unit) {
            body = body.dropLast(unit.count)
            break
        }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        return !body.isEmpty && parts.count <= 2 && parts[0].count > 0
            && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }

    func typeMismatch(_ what: String, expected: String, _ value: Value, _ span: Span, _ expr: ExprID?, names: [String]? = nil) {
        if case .poison = value { return }
        if isReported(.typeMismatch, span) || isReported(.invalidName, span) || isReported(.undefinedName, span) {
            return
        }
        if case .word(let word) = value {
            if let names {
                let (notes, fixIts) = didYouMean(word, among: names + visibleNames(), span: span)
                report(.error(.invalidName, at: span, "\(what) expects \(expected), found the name '\(word)'",
                              notes: notes, fixIts: fixIts))
            } else if let known = describeWord(word) {
                report(.error(.typeMismatch, at: span, "\(what) expects \(expected), found \(known)"))
            } else {
                var (notes, fixIts) = didYouMean(word, among: visibleNames(), span: span)
                notes.insert(.init("\(what) expects \(expected)"), at: 0)
                report(.error(.undefinedName, at: span, "undefined name \(quotedSource(word))", notes: notes, fixIts: fixIts))
            }
            return
        }
        if case .string(let text) = value, let expr, case .string = unit.ast[expr].kind, Self.isQuotedNumber(text) {
            // `width: "100pt"`: a number written as a string.
            report(.error(.typeMismatch, at: span, "\(what) expects \(expected), found a string",
                          hints: ["drop the quotes: \(text)"], fixIts: [.init(replacing: span, with: text)]))
            return
        }
        var notes: [Diagnostic.Note] = []
        if let expr, case .name(let nameID) = unit.ast[expr].kind, case let name = unit.ast[nameID],
           let index = lookup(symbolOfName(expr, name)) {
            notes.append(.init("'\(name)' is defined here", at: bindings[index].span))
        }
        report(.error(.typeMismatch, at: span, "\(what) expects \(expected), found \(value.typeName)", notes: notes))
    }
}
