// Statements: declarations, control flow, imports, pages, nodes and component calls.

import DrawBase
import DrawCatalogue
import DrawDiagnostics
import DrawResources
import DrawSyntax

extension Evaluation {
    /// Runs a statement list in the current scope (the caller opens a block scope if needed).
    func execute(_ statements: [Stmt]) {
        // By index, each statement borrowed in place: `for statement in statements` copied
        // every statement (a retain of each of its references, and their releases), ~200
        // instructions a statement (issue 38).
        for index in statements.indices {
            if aborted { return }
            execute(statements[index])
        }
    }

    /// Runs a `{ … }` block in its own scope.
    func executeBlock(_ block: Block) {
        nesting += 1
        defer { nesting -= 1 }
        if nesting > limits.maxBlockDepth {
            limit(EvalMessages.nestedTooDeep(limits.maxBlockDepth, at: block.span))
            return
        }
        let start = bindings.count
        let savedBlockStart = blockStart
        let savedTop = atFileTop
        blockStart = start
        atFileTop = false
        execute(block.statements)
        atFileTop = savedTop
        blockStart = savedBlockStart
        truncateBindings(to: start)
    }

    func execute(_ statement: Stmt) {
        if importing {
            switch statement.kind {
            case .letBinding, .style, .def, .importFile, .error, .function: break
            default:
                if !unit.reportedIgnored {
                    unit.reportedIgnored = true
                    report(EvalMessages.importIgnored(at: statement.span))
                }
                return
            }
        }
        switch statement.kind {
        case .letBinding(let name, let expr):
            let value = evaluate(expr) ?? .poison
            declare(name, value)
        case .style(let name, let arguments):
            defineStyle(name, unit.ast[arguments])
        case .def(let name, let parameters, let body):
            defineComponent(name, parameters, body)
        case .importFile(let path, let span):
            importFile(path, span: span, statement: statement.span)
        case .page(let arguments, let block):
            page(unit.ast[arguments], block, span: statement.span)
        case .forLoop(let variable, let sequence, let body):
            forLoop(variable, sequence, body, span: statement.span)
        case .ifElse(let condition, let then, let otherwise):
            guard let value = evaluate(condition) else { return }
            guard case .bool(let flag) = value else {
                report(EvalMessages.conditionNotBool(value.typeName, at: exprSpan(condition)))
                return
            }
            if flag { executeBlock(then) } else if let otherwise { executeBlock(otherwise) }
        case .connector(let connector):
            buildConnectors(connector, span: statement.span)
        case .node(let node):
            buildNode(node, span: statement.span)
        case .property(let argument):
            let top = frames.count - 1
            guard frames[top].role == .node else {
                let name = labelOf(argument)?.name ?? "?"
                report(EvalMessages.propertyOutsideNode(name, at: labelOf(argument)?.span ?? argument.span))
                return
            }
            applyArgument(argument, to: top)
        case .error:
            break
        case .function(let name, let parameters, let body):
            defineFunction(name, parameters, body)
        case .labels(let sheet):
            labelSheet(sheet, span: statement.span)
        }
    }

    // MARK: Declarations

    func defineStyle(_ name: Identifier, _ arguments: AListView<Argument>) {
        var entries: [StyleEntry] = []
        for argument in arguments {
            guard let label = labelOf(argument) else {
                report(EvalMessages.stylePositional(at: argument.span))
                continue
            }
            guard let property = property(of: argument) else { continue }
            guard let value = evaluate(argument.value) else { continue }
            let valueSpan = exprSpan(argument.value)
            if property == .style {
                for index in styleIndices(value, span: valueSpan, expr: argument.value) {
                    entries.append(contentsOf: styles[index].entries)
                }
                continue
            }
            if property == .id || property == .at {
                report(EvalMessages.styleProperty(label.name, at: label.span))
                continue
            }
            entries.append(StyleEntry(property: property, value: value, valueSpan: valueSpan, nameSpan: label.span))
        }
        styles.append(StyleDefinition(name: name.name, entries: entries))
        declare(name, .style(styles.count - 1))
    }

    func defineComponent(_ name: Identifier, _ parameters: [Parameter], _ body: Block) {
        var seen: Set<String> = []
        for parameter in parameters where !seen.insert(parameter.name.name).inserted {
            report(EvalMessages.duplicateParameter(parameter.name.name, at: parameter.name.span))
        }
        if NodeKind.byName[name.name] != nil {
            report(EvalMessages.shadowedKind(name.name, at: name.span))
        }
        components.append(Component(name: name.name, nameSpan: name.span, parameters: parameters, body: body,
                                    unit: unit, captures: []))
        let index = components.count - 1
        declare(name, .component(index))
        // The body sees everything visible here, itself included (recursion).
        var visible = [floor..<bindings.count]
        visible.append(contentsOf: captures)
        components[index].captures = visible
    }

    // MARK: Imports

    func importFile(_ path: String, span: Span, statement: Span) {
        guard atFileTop else {
            report(EvalMessages.importNotTopLevel(at: statement))
            return
        }
        let resolved = resolvePath(path, relativeTo: span)
        if let position = importStack.firstIndex(of: resolved) {
            report(EvalMessages.importCycle((importStack[position...] + [resolved]).map(displayName), at: span))
            return
        }
        if let exports = modules[resolved] {
            for binding in exports { bind(binding.symbol, binding.value, span: binding.span) }
            return
        }
        let bytes: [UInt8]
        switch resources.read(resolved, maximumBytes: ResourceLimits.maximumImportBytes) {
        case .success(let read): bytes = read
        case .failure(let failure):
            report(EvalMessages.importNotFound(path, resolved: resolved, reason: failure.diagnosticSuffix, at: span))
            return
        }
        let id = sources.add(path: resolved, bytes: bytes)
        guard let source = sources[id] else { return }
        let parsed = parseFile(source)
        for diagnostic in parsed.diagnostics { report(diagnostic) }
        let imported = FileUnit(ast: parsed.file, path: resolved)

        let saved = (unit, floor, captures, blockStart, importing)
        unit = imported
        floor = bindings.count
        captures = []
        blockStart = floor
        importing = true
        importStack.append(resolved)
        execute(imported.ast.statements)
        importStack.removeLast()
        let exports = Array(bindings[floor...])
        (unit, floor, captures, blockStart, importing) = saved
        modules[resolved] = exports
    }

    func displayName(_ path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.utf8.index(after: slash)...])
    }

    // MARK: Control flow

    /// What `for` and `[for` walk: a range (its lower bound and count, no array made) or a list.
    struct IterationSequence {
        var lower = 0
        var list: [Value] = []
        var count: Int

        func element(_ iteration: Int) -> Value {
            list.isEmpty ? .number(Double(lower + iteration)) : list[iteration]
        }
    }

    /// The sequence a loop walks, or nil after reporting a value that is neither a range nor a list.
    func iterationSequence(_ sequence: Value, span: Span, keyword: String) -> IterationSequence? {
        switch sequence {
        case .range(let a, let b):
            return IterationSequence(lower: a, count: b > a ? b - a : 0)
        case .list(let items):
            return IterationSequence(list: items, count: items.count)
        default:
            report(EvalMessages.notIterable(keyword, found: sequence.typeName, at: span))
            return nil
        }
    }

    func forLoop(_ variable: Identifier, _ sequenceExpr: ExprID, _ body: Block, span: Span) {
        guard let sequence = evaluate(sequenceExpr) else { return }
        let sequenceSpan = exprSpan(sequenceExpr)
        guard let walk = iterationSequence(sequence, span: sequenceSpan, keyword: "for") else { return }
        let count = walk.count
        if count > limits.maxLoopIterations {
            limit(EvalMessages.loopTooLong(count, limit: limits.maxLoopIterations, at: sequenceSpan))
            return
        }
        if totalIterations + count > limits.maxTotalIterations {
            limit(EvalMessages.loopsTooLong(limit: limits.maxTotalIterations, at: sequenceSpan))
            return
        }
        totalIterations += count
        let symbol = symbol(of: variable)
        nesting += 1
        defer { nesting -= 1 }
        if nesting > limits.maxBlockDepth {
            limit(EvalMessages.nestedTooDeep(limits.maxBlockDepth, at: body.span))
            return
        }
        let start = bindings.count
        let savedBlockStart = blockStart
        let savedTop = atFileTop
        atFileTop = false
        for iteration in 0..<count {
            if aborted { break }
            bind(symbol, walk.element(iteration), span: variable.span)
            blockStart = bindings.count
            execute(body.statements)
            truncateBindings(to: start)
        }
        atFileTop = savedTop
        blockStart = savedBlockStart
    }

    // MARK: Pages

    func page(_ arguments: AListView<Argument>, _ block: Block?, span: Span) {
        // A page block may also come from a `for` or an `if` at the top level (pages that
        // follow the data): no node, page or component is open around it then.
        let pageLevel = block == nil ? atFileTop : frames.count == 1 && callDepth == 0
        guard pageLevel, !importing, unit === mainUnit else {
            report(block == nil ? EvalMessages.pageSettingsNotTopLevel(at: span) : EvalMessages.pageNotTopLevel(at: span))
            return
        }
        guard let block else {
            if let previous = pageSettingsSpan {
                report(EvalMessages.duplicatePage(first: previous, at: span))
                return
            }
            if let first = firstPageBlock {
                report(EvalMessages.pageSettingsAfterBlocks(firstBlock: first, at: span))
                return
            }
            pageSettingsSpan = span
            let (settings, marginGiven, landscape) = pageSettings(arguments, base: nil, span: span)
            pageSettings = settings
            pageMarginGiven = marginGiven
            pageLandscapeDefault = landscape
            return
        }
        if firstPageBlock == nil { firstPageBlock = span }
        let (settings, _, _) = pageSettings(arguments, base: pageSettings, span: span)
        var root = Node(kind: .group, span: span, style: .initial)
        root.explicitStyle = .empty
        frames.append(Frame(node: root, role: .root))
        executeBlock(block)
        let frame = frames.removeLast()
        pages.append(PageNode(settings: settings, nodes: frame.node.children))
        pageIndex += 1
    }

    /// The largest `bleed:` (1in; print shops ask for 2–5 mm).
    static let maximumBleed = 72.0

    static let pagePropertyNames = PageSetting.names

    /// Settings from `page` arguments over `base` (the block-less `page` statement's), whether
    /// the margin was given, and the orientation that was applied (nil: none).
    func pageSettings(_ arguments: AListView<Argument>, base: PageSettings?, span: Span) -> (PageSettings, Bool, Bool?) {
        var size = base?.size
        var marginGiven = base != nil && pageMarginGiven
        // A margin the defaults only inherited (10pt or 0.5in) is decided again for this page.
        var margin = marginGiven ? base?.margin : nil
        var background = base?.background
        var bleed = base?.bleed ?? 0
        var cropMarks = base?.cropMarks ?? false
        var landscape: Bool?
        var sizeGiven = false
        for argument in arguments {
            guard let label = labelOf(argument) else {
                report(EvalMessages.pagePositional(settings: Self.pagePropertyNames, at: argument.span))
                continue
            }
            guard let value = evaluate(argument.value) else { continue }
            let valueSpan = exprSpan(argument.value)
            guard let setting = PageSetting.named(label.name) else {
                let (notes, fixIts) = didYouMean(label.name, among: Self.pagePropertyNames, span: label.span)
                report(EvalMessages.unknownPageSetting(label.name, settings: Self.pagePropertyNames, notes: notes, fixIts: fixIts,
                                                       at: label.span))
                continue
            }
            switch setting {
            case .size:
                sizeGiven = true
                switch value {
                case .word(let name):
                    if let named = pageSizeNames[name.lowercased()] { size = named } else {
                        let (notes, fixIts) = didYouMean(name, among: pageSizeNames.keys.sorted(), span: valueSpan)
                        report(EvalMessages.unknownPageSize(name, notes: notes, fixIts: fixIts, at: valueSpan))
                    }
                case .point(let w, let h) where w > 0 && h > 0 && w <= Scene.maximumPageSide && h <= Scene.maximumPageSide:
                    size = Size(w, h)
                case .point(let w, let h) where w > 0 && h > 0:
                    report(EvalMessages.pageTooLarge(width: w, height: h, at: valueSpan))
                default: typeMismatch(.pageSize, value, valueSpan, argument.value)
                }
            case .orientation:
                if case .word(let name) = value, name == "portrait" || name == "landscape" {
                    landscape = name == "landscape"
                } else {
                    typeMismatch(.orientation, value, valueSpan, argument.value)
                }
            case .margin:
                if let insets = edgeInsets(value) { margin = insets; marginGiven = true } else {
                    typeMismatch(.margin, value, valueSpan, argument.value)
                }
            case .background:
                switch colorOrNone(value) {
                case .some(let color): background = color
                case .none: typeMismatch(.pageBackground, value, valueSpan, argument.value)
                }
            case .bleed:
                if let b = length(value), b >= 0, b <= Self.maximumBleed {
                    bleed = b
                } else {
                    typeMismatch(.bleed, value, valueSpan, argument.value)
                }
            case .marks:
                if case .word(let name) = value, name == "crop" || name == "none" {
                    cropMarks = name == "crop"
                } else if case .none = value {
                    cropMarks = false
                } else {
                    typeMismatch(.marks, value, valueSpan, argument.value)
                }
            }
        }
        // A page block that names its own size keeps the default orientation (an inherited
        // size is oriented already).
        if landscape == nil, base != nil, sizeGiven { landscape = pageLandscapeDefault }
        if let landscape {
            if var s = size {
                if landscape == (s.height > s.width) { swap(&s.width, &s.height) }
                size = s
            } else {
                report(EvalMessages.orientationWithoutSize(at: span))
            }
        }
        let insets = margin ?? EdgeInsets(all: size == nil ? Self.fittedPageMargin : Self.sizedPageMargin)
        var settings = PageSettings(size: size, margin: insets, background: background, span: span)
        settings.bleed = bleed
        settings.cropMarks = cropMarks
        return (settings, marginGiven, landscape)
    }

    // MARK: Nodes

    func countNode(_ span: Span) -> Bool {
        nodeCount += 1
        if nodeCount > limits.maxNodes {
            limit(EvalMessages.tooManyNodes(limit: limits.maxNodes, at: span))
            return false
        }
        return true
    }

    func builtinKind(_ symbol: Int32) -> NodeKind? { symbolKinds[Int(symbol)] }

    func buildNode(_ statement: NodeStmt, span: Span) {
        let symbol = symbol(of: statement.kind)
        if let index = lookup(symbol) {
            if case .component(let component) = bindings[index].value {
                callComponent(component, statement, span: span)
                return
            }
            if builtinKind(symbol) == nil {
                report(EvalMessages.notAKind(statement.kind.name, is: bindings[index].value.typeName, definedAt: bindings[index].span,
                                             at: statement.kind.span))
                return
            }
        }
        guard let kind = builtinKind(symbol) else {
            if symbol == patternSymbol {
                buildPattern(statement, span: span)
                return
            }
            if isReported(.unknownKind, statement.kind.span) { return }
            var candidates = NodeKind.writtenNames
            candidates.append(contentsOf: visibleNames { if case .component = $0 { true } else { false } })
            let (notes, fixIts) = Aliases.kindSuggestion(statement.kind.name, span: statement.kind.span)
                ?? didYouMean(statement.kind.name, among: candidates, span: statement.kind.span)
            report(EvalMessages.unknownKind(quotedSource(statement.kind.name), notes: notes, fixIts: fixIts, at: statement.kind.span))
            return
        }
        guard countNode(span) else { return }
        // The parent's style straight into the new node: through a local it was copied twice.
        frames.append(Frame(node: Node(kind: kind, span: span, style: frames[frames.count - 1].node.style), role: .node))
        let top = frames.count - 1
        // Through a local reference: reading `unit.ast[…]` straight off the evaluator's
        // `unit` variable copied the whole File (every arena's reference count) per node.
        let file = unit
        let errorExpressionsBefore = errorExpressionsSeen
        applyArguments(file.ast[statement.arguments], to: top, allowPositional: true)
        if let block = statement.block { executeBlock(block) }
        // Made once: `Identifier.span` is a call into DrawSyntax.
        let kindSpan = statement.kind.span
        if errorExpressionsSeen == errorExpressionsBefore { checkRequired(top, nameSpan: kindSpan) }
        checkRequirements(top, at: kindSpan)
        finishTopFrame()
    }

    /// A property written on the node whose `requires` is not (`labelAt` without `label`):
    /// it draws nothing. Not checked when a style applies (it may give the other).
    func checkRequirements(_ top: Int, at span: Span) {
        let explicit = frames[top].explicit
        guard !explicit.contains(.style) else { return }
        // Most nodes set none of the properties that need another: one test of the bits
        // instead of a walk of `Property.requiring` per node (issue 38).
        let requiring = Self.requiringProperties
        if explicit.low & requiring.low != 0 || explicit.high & requiring.high != 0 {
            checkRequiredCompanions(top, explicit: explicit, at: span)
        }
        checkIneffectiveLineProperties(top, at: span)
        checkStackAlignment(top, at: span)
    }

    /// `Property.requiring` as a set.
    private static let requiringProperties: PropertySet = Property.requiring.reduce(into: PropertySet()) { $0.insert($1) }

    /// Warns of each property written without the one it needs (`labelAt` without `label`).
    private func checkRequiredCompanions(_ top: Int, explicit: PropertySet, at span: Span) {
        for property in Property.requiring where explicit.contains(property) && property.applies(to: frames[top].node.kind) {
            let needed = property.spec.requires!
            if !explicit.contains(needed) && !isReported(.ignoredProperty, span) {
                report(EvalMessages.requiresProperty(property, needed, at: span))
            }
        }
    }

    /// A stack aligns its children across its flow only (issue 33): an hstack on the vertical
    /// (top, center, bottom, a baseline), a vstack on the horizontal (leading, center,
    /// trailing). An alignment with nothing on that axis (`hstack align: trailing`, `vstack
    /// align: top`, `vstack align: baseline`) would centre them without a word.
    func checkStackAlignment(_ top: Int, at span: Span) {
        // Read field by field: copying the whole node here cost ~500 instructions per node.
        guard frames[top].explicit.contains(.align) else { return }
        let kind = frames[top].node.kind
        guard kind == .hstack || kind == .vstack, let align = frames[top].node.geometry.align,
              !isReported(.ignoredProperty, span) else { return }
        // What the alignment says on each axis (centre is a place on both).
        let saysVertical: Bool, saysHorizontal: Bool
        switch align {
        case .center, .topLeading, .topTrailing, .bottomLeading, .bottomTrailing: (saysVertical, saysHorizontal) = (true, true)
        case .leading, .trailing: (saysVertical, saysHorizontal) = (false, true)
        case .top, .bottom, .firstBaseline, .lastBaseline: (saysVertical, saysHorizontal) = (true, false)
        }
        let reason: EvalMessages.IneffectiveReason
        if kind == .hstack && !saysVertical {
            reason = .hstackAlignsVertically
        } else if kind == .vstack && !saysHorizontal {
            reason = .vstackAlignsHorizontally
        } else {
            return
        }
        report(EvalMessages.ineffectiveProperty(.align, reason, at: span))
    }

    /// Properties that act on what the node turns out not to have (issue 33): `side:` or
    /// `toSide:` on an end that is a point, not a node; `route:` on a line through `points:`;
    /// `arrowSize:` on a line without heads; `dashOffset:` with no dash, written or inherited.
    func checkIneffectiveLineProperties(_ top: Int, at span: Span) {
        let explicit = frames[top].explicit
        // Each warning below is about a property written on the node: with none of them
        // (nearly every node) there is nothing to check, and no geometry or style to copy.
        guard explicit.contains(.side) || explicit.contains(.toSide) || explicit.contains(.route)
                || explicit.contains(.arrowSize) || explicit.contains(.dashOffset) else { return }
        let kind = frames[top].node.kind
        func warn(_ property: Property, _ reason: EvalMessages.IneffectiveReason) {
            guard explicit.contains(property), property.applies(to: kind), !isReported(.ignoredProperty, span) else { return }
            report(EvalMessages.ineffectiveProperty(property, reason, at: span))
        }
        func atNode(_ end: Endpoint?) -> Bool {
            switch end {
            case .node?: true
            case .point(let p)?: p.anchor != nil
            case nil: false
            }
        }
        let g = frames[top].node.geometry
        let linked = g.from != nil || g.to != nil
        if linked && !atNode(g.from) { warn(.side, .startIsNoNode) }
        if linked && !atNode(g.to) { warn(.toSide, .endIsNoNode) }
        if !linked && g.points != nil { warn(.route, .routeThroughPoints) }
        if explicit.contains(.arrowSize) {
            let ends = g.arrow ?? (kind == .connector || kind == .arrow ? .end : ArrowEnds.none)
            let link = g.link
            let head = link.head ?? (ends == .end || ends == .both ? .triangle : .none)
            let tail = link.tail ?? (ends == .start || ends == .both ? (link.head ?? .triangle) : .none)
            if head == .none && tail == .none { warn(.arrowSize, .noHeads) }
        }
        if frames[top].node.style.dash.isEmpty { warn(.dashOffset, .noDash) }
    }

    /// What a kind cannot be drawn without: a path's data, an image's file, a line's ends.
    /// Reads the frame's node in place (passing the node would copy it).
    func checkRequired(_ top: Int, nameSpan: Span) {
        let kind = frames[top].node.kind
        switch kind.family {
        case .path, .image:
            if frames[top].node.content == nil {
                report(EvalMessages.missingPositional(kind, kind.positionalMeaning!, at: nameSpan))
            }
        case .barcode:
            if frames[top].node.content == nil {
                report(EvalMessages.barcodeWithoutData(at: nameSpan))
            } else if frames[top].node.geometry.barcode?.hasType != true && !frames[top].explicit.contains(.type) {
                report(EvalMessages.barcodeWithoutType(at: nameSpan))
            }
        case .line where kind == .line || kind == .arrow:
            let geometry = frames[top].node.geometry
            if geometry.points == nil && (geometry.from == nil || geometry.to == nil) {
                report(EvalMessages.lineWithoutCourse(kind, at: nameSpan))
            } else if geometry.points != nil && (geometry.from != nil || geometry.to != nil) {
                report(EvalMessages.pointsBesideEnds(kind, at: nameSpan))
            }
        case .line:
            // polyline, polygon
            if frames[top].node.geometry.points == nil && !frames[top].explicit.contains(.points) {
                report(EvalMessages.missingPoints(kind, at: nameSpan))
            }
        case .stroke:
            // Points given but wrong were reported where they are written.
            if frames[top].node.geometry.inkPoints == nil && !frames[top].explicit.contains(.points) {
                report(EvalMessages.missingPoints(.stroke, at: nameSpan))
            }
        case .box, .diagramShape, .text, .spacer, .container, .connector:
            break
        }
    }

    /// Applies a node's argument list: `style:` first (explicit properties win over it
    /// wherever they are written), then the positional argument and the others in order.
    func applyArguments(_ arguments: AListView<Argument>, to top: Int, allowPositional: Bool) {
        // Labels are matched by their NameID (once per distinct name a file): no Identifier
        // is built and no name compared on the way.
        var hasStyle = false
        for argument in arguments {
            // `case .style?`, a tag test: `==` on `Property?` went through Optional's generic
            // `==` (issue 38).
            guard let id = argument.labelID, case .style? = property(named: id) else { continue }
            hasStyle = true
            applyArgument(argument, labelID: id, property: .style, to: top)
        }
        for argument in arguments {
            guard let id = argument.labelID else {
                if allowPositional { applyPositional(argument, to: top) } else {
                    report(EvalMessages.connectorPositional(at: argument.span))
                }
                continue
            }
            let property = property(named: id)
            if hasStyle, case .style? = property { continue }
            applyArgument(argument, labelID: id, property: property, to: top)
        }
    }
    /// Pops the top frame, registers its id and appends the node to the frame below.
    func finishTopFrame() {
        // Checked in place, then popped straight into the parent: copying the frame's node
        // out first cost a whole-node copy per node.
        let top = frames.count - 1
        if hasChildren(frame: top) && !nodeKind(ofFrame: top).takesChildren {
            report(EvalMessages.childrenIgnored(frames[top].node.kind, at: frames[top].node.children[0].span))
            frames[top].node.children = []
        }
        if insidePattern > 0, let idSpan = frames[top].idSpan {
            report(EvalMessages.idInPattern(at: idSpan))
        } else if let idSpan = frames[top].idSpan, let id = frames[top].node.id {
            // One hash for the common case (a new id); a repeated id keeps its first entry.
            if let previous = ids.updateValue(IDInfo(span: idSpan, page: pageIndex), forKey: id) {
                ids[id] = previous
                report(EvalMessages.duplicateId(id, repeated: previous.span == idSpan, first: previous.span, at: idSpan))
            }
        }
        while let last = graphNames.last, last.frame >= top {
            let names = graphNames.removeLast().names
            if last.frame == top { frames[top].node.geometry.graph.implicitNames = names }
        }
        let node = frames.removeLast().node
        frames[top - 1].node.children.append(node)
    }

    // MARK: Connectors

    func buildConnectors(_ connector: ConnectorStmt, span: Span) {
        var ends: [Endpoint?] = []
        let file = unit  // see buildNode: a local reference spares a copy of the File
        for expr in file.ast[connector.endpoints] { ends.append(connectorEnd(expr)) }
        let parentStyle = frames[frames.count - 1].node.style
        for (index, arrow) in file.ast[connector.arrows].enumerated() where index + 1 < ends.count {
            guard let from = ends[index], let to = ends[index + 1] else { continue }
            guard countNode(span) else { return }
            noteGraphConnectorEnds(from, to)
            var node = Node(kind: .connector, span: span, style: parentStyle)
            node.geometry.from = from
            node.geometry.to = to
            switch arrow.op {
            case .forward: node.geometry.arrow = .end
            case .backward: node.geometry.arrow = .start
            case .both: node.geometry.arrow = .both
            case .plain: node.geometry.arrow = ArrowEnds.none
            }
            frames.append(Frame(node: node, role: .node))
            applyArguments(file.ast[connector.arguments], to: frames.count - 1, allowPositional: false)
            checkRequirements(frames.count - 1, at: span)
            finishTopFrame()
        }
    }

    /// One end of a connector statement (`a -> b`).
    func connectorEnd(_ expr: ExprID) -> Endpoint? {
        guard let value = evaluate(expr) else { return nil }
        return endpoint(value, span: exprSpan(expr), expr: expr, as: .connectorEnd)
    }

    func noteAnchorReference(_ point: PointValue, mustPrecede: Bool) {
        guard let anchor = point.anchor else { return }
        if insidePattern > 0 {
            report(PatternMessages.referenceInTile(at: anchor.span))
            return
        }
        if mustPrecede, let info = ids[anchor.nodeID], info.page == pageIndex { return }
        pendingReferences.append(PendingReference(id: anchor.nodeID, span: anchor.span, page: pageIndex, mustPrecede: mustPrecede))
    }

    // MARK: Components

    func callComponent(_ index: Int, _ statement: NodeStmt, span: Span) {
        let component = components[index]
        if callDepth >= limits.maxCallDepth {
            limit(EvalMessages.callsTooDeep(component.name, limit: limits.maxCallDepth, at: statement.kind.span))
            return
        }
        totalCalls += 1
        if totalCalls > limits.maxCalls {
            limit(EvalMessages.tooManyCalls(limit: limits.maxCalls, at: statement.kind.span))
            return
        }
        // Arguments are evaluated in the caller's scope.
        var parameterValues = [Value?](repeating: nil, count: component.parameters.count)
        var extras: [(Argument, Property, Value)] = []
        let file = unit  // see buildNode: a local reference spares a copy of the File
        for argument in file.ast[statement.arguments] {
            guard let label = labelOf(argument) else {
                guard !component.parameters.isEmpty else {
                    report(EvalMessages.componentTakesNoPositional(component.name, definedAt: component.nameSpan, at: argument.span))
                    continue
                }
                parameterValues[0] = evaluate(argument.value) ?? .poison
                continue
            }
            if let position = component.parameters.firstIndex(where: { $0.name.name == label.name }) {
                if parameterValues[position] != nil {
                    report(EvalMessages.duplicateArgument(label.name, at: label.span))
                }
                parameterValues[position] = evaluate(argument.value) ?? .poison
                continue
            }
            guard let property = property(of: argument, component: component) else { continue }
            guard let value = evaluate(argument.value) else { continue }
            extras.append((argument, property, value))
        }

        // The body runs in the component's own environment.
        let saved = (unit, floor, captures, blockStart, atFileTop)
        unit = component.unit
        floor = bindings.count
        captures = component.captures
        blockStart = floor
        atFileTop = false
        for (position, parameter) in component.parameters.enumerated() {
            var value = parameterValues[position]
            if value == nil {
                if let defaultValue = parameter.defaultValue {
                    value = evaluate(defaultValue) ?? .poison
                } else {
                    report(EvalMessages.missingArgument(parameter.name.name, of: component.name, definedAt: component.nameSpan,
                                                        at: statement.kind.span))
                    value = .poison
                }
            }
            bind(symbol(of: parameter.name), value!, span: parameter.name.span)
        }
        let parentStyle = frames[frames.count - 1].node.style
        var body = Node(kind: .group, span: span, style: parentStyle)
        body.explicitStyle = .empty
        frames.append(Frame(node: body, role: .body))
        callDepth += 1
        nesting += 1
        if nesting > limits.maxBlockDepth {
            limit(EvalMessages.nestedTooDeep(limits.maxBlockDepth, at: statement.kind.span))
        } else {
            execute(component.body.statements)
        }
        nesting -= 1
        callDepth -= 1
        let produced = frames.removeLast().node.children
        truncateBindings(to: floor)
        (unit, floor, captures, blockStart, atFileTop) = saved

        var node: Node
        switch produced.count {
        case 0:
            if !extras.isEmpty || statement.block != nil {
                report(EvalMessages.emptyComponent(component.name, at: statement.kind.span))
            }
            return
        case 1:
            node = produced[0]
        default:
            guard countNode(span) else { return }
            node = Node(kind: .group, span: span, style: parentStyle)
            node.children = produced
        }
        if produced.count == 1 && recordDefinitions {
            // The call site replaces the body statement's span; the chain keeps it.
            definitionLinks.append(DefinitionLink(span: node.span, next: node.geometry.definitions))
            node.geometry.definitions = Int32(definitionLinks.count - 1)
        }
        node.span = span
        frames.append(Frame(node: node, role: .node))
        let top = frames.count - 1
        for (argument, property, value) in extras where property == .style {
            applyProperty(property, value, argument: argument, to: top)
        }
        for (argument, property, value) in extras where property != .style {
            applyProperty(property, value, argument: argument, to: top)
        }
        if let block = statement.block { executeBlock(block) }
        finishTopFrame()
    }
}
