// Label sheets: `labels row in DATA, template: "avery-5160" { … }` and `labels copies: N, …`.
// Each label is the block once, placed in the next cell of a die-cut sheet template; a new
// page starts when a sheet is full.

import DrawBase
import DrawCatalogue
import DrawDiagnostics
import DrawSyntax

/// A die-cut sheet: page size, label size, grid and positions, all in points.
struct LabelTemplate: Hashable, Sendable {
    var page: Size
    var label: Size
    var columns: Int
    var rows: Int
    /// Top-left corner of the first label from the page's top-left corner.
    var origin: Point
    /// Distance from one label's left (top) edge to the next one's.
    var pitch: Point
    var corner: Double
    var cellsPerSheet: Int { columns * rows }
    /// Top-left corner of cell `index` (0-based, across then down).
    func cellOrigin(_ index: Int) -> Point {
        Point(x: origin.x + Double(index % columns) * pitch.x, y: origin.y + Double(index / columns) * pitch.y)
    }
}

/// The built-in sheets. Letter is 612 × 792 pt, A4 210 × 297 mm. The source of each
/// dimension is written beside it, and docs/language.md ("Label sheets") lists the sources;
/// every template's margins, pitches and label size add up to its page (checked by
/// LabelTemplateTests against a table of the published numbers). Corner radii only shape
/// the `outline: true` test print.
let labelTemplates: [String: LabelTemplate] = {
    func inch(_ x: Double) -> Double { x * 72 }
    func mm(_ x: Double) -> Double { x * 72 / 25.4 }
    let letter = Size(612, 792), a4 = Size(mm(210), mm(297))
    func us(_ w: Double, _ h: Double, _ columns: Int, _ rows: Int, left: Double, top: Double, pitchX: Double, pitchY: Double, corner: Double = 0) -> LabelTemplate {
        LabelTemplate(page: letter, label: Size(inch(w), inch(h)), columns: columns, rows: rows,
                      origin: Point(x: inch(left), y: inch(top)), pitch: Point(x: inch(pitchX), y: inch(pitchY)), corner: inch(corner))
    }
    func iso(_ w: Double, _ h: Double, _ columns: Int, _ rows: Int, left: Double, top: Double, pitchX: Double, pitchY: Double, corner: Double = 0) -> LabelTemplate {
        LabelTemplate(page: a4, label: Size(mm(w), mm(h)), columns: columns, rows: rows,
                      origin: Point(x: mm(left), y: mm(top)), pitch: Point(x: mm(pitchX), y: mm(pitchY)), corner: mm(corner))
    }
    // Avery 5160 address labels, 30 per sheet — Avery's template specification (also in
    // /work/shared/design/facts.md): 2⅝ × 1 in, top margin ½ in, side margin 3⁄16 in,
    // column pitch 2¾ in (⅛ in gap), row pitch 1 in.
    let avery5160 = us(2.625, 1, 3, 10, left: 0.1875, top: 0.5, pitchX: 2.75, pitchY: 1, corner: 0.0625)
    // Avery 5161, 20 per sheet — Avery specification: 4 × 1 in, top ½ in, side 5⁄32 in,
    // column pitch 4 3⁄16 in, row pitch 1 in.
    let avery5161 = us(4, 1, 2, 10, left: 0.15625, top: 0.5, pitchX: 4.1875, pitchY: 1, corner: 0.0625)
    // Avery 5163 shipping, 10 per sheet — Avery specification: 4 × 2 in, top ½ in,
    // side 5⁄32 in, column pitch 4 3⁄16 in, row pitch 2 in.
    let avery5163 = us(4, 2, 2, 5, left: 0.15625, top: 0.5, pitchX: 4.1875, pitchY: 2, corner: 0.125)
    // Avery 5164 shipping, 6 per sheet — Avery specification: 4 × 3⅓ in, top ½ in,
    // side 5⁄32 in, column pitch 4 3⁄16 in, row pitch 3⅓ in.
    let avery5164 = us(4, 10.0 / 3, 2, 3, left: 0.15625, top: 0.5, pitchX: 4.1875, pitchY: 10.0 / 3, corner: 0.125)
    // Avery 5167 return address, 80 per sheet — Avery specification: 1¾ × ½ in, top ½ in,
    // side 9⁄32 in, column pitch 2 1⁄16 in, row pitch ½ in.
    let avery5167 = us(1.75, 0.5, 4, 20, left: 0.28125, top: 0.5, pitchX: 2.0625, pitchY: 0.5, corner: 0.0625)
    // Avery 5195 return address, 60 per sheet — Avery specification: 1¾ × ⅔ in, top ½ in,
    // side 9⁄32 in, column pitch 2 1⁄16 in, row pitch ⅔ in.
    let avery5195 = us(1.75, 2.0 / 3, 4, 15, left: 0.28125, top: 0.5, pitchX: 2.0625, pitchY: 2.0 / 3, corner: 0.0625)
    // Avery L7160 (A4), 21 per sheet — Avery UK specification: 63.5 × 38.1 mm, top margin
    // 15.15 mm, side 7.25 mm, column pitch 66.0 mm (2.5 mm gap), row pitch 38.1 mm.
    let l7160 = iso(63.5, 38.1, 3, 7, left: 7.25, top: 15.15, pitchX: 66, pitchY: 38.1, corner: 1.5)
    // Avery L7163, 14 per sheet — Avery UK specification: 99.1 × 38.1 mm, top 15.15 mm,
    // side 4.65 mm, column pitch 101.6 mm (2.5 mm gap), row pitch 38.1 mm.
    let l7163 = iso(99.1, 38.1, 2, 7, left: 4.65, top: 15.15, pitchX: 101.6, pitchY: 38.1, corner: 1.5)
    // Avery L7651 mini, 65 per sheet — Avery UK specification: 38.1 × 21.2 mm, top 10.7 mm,
    // side 4.75 mm, column pitch 40.6 mm, row pitch 21.2 mm.
    let l7651 = iso(38.1, 21.2, 5, 13, left: 4.75, top: 10.7, pitchX: 40.6, pitchY: 21.2, corner: 1)
    // Avery L7173, 10 per sheet — Avery UK specification: 99.1 × 57 mm, top 6 mm, side
    // 4.65 mm, column pitch 101.6 mm, row pitch 57 mm.
    let l7173 = iso(99.1, 57, 2, 5, left: 4.65, top: 6, pitchX: 101.6, pitchY: 57, corner: 1.5)
    // Avery 22805 square labels, 24 per sheet (4 × 6) — 1½ × 1½ in, top margin ½ in, side
    // margin 25⁄32 in, column pitch 1 13⁄16 in, row pitch 1.7 in. Avery publishes no numbers
    // for this sheet (only artwork templates); these are a die measured on a real sheet and
    // confirmed by a test print, published in an open-source project's notes, and two other
    // label tools' tables agree within 0.3 mm (0.78 in side, 1.81 in and 1.70 in pitch).
    // They add up: 0.78125 + 3 × 1.8125 + 1.5 + 0.78125 = 8.5 in, 0.5 + 5 × 1.7 + 1.5 + 0.5 = 11 in.
    // The corner radius (1⁄16 in) is assumed.
    let avery22805 = us(1.5, 1.5, 4, 6, left: 0.78125, top: 0.5, pitchX: 1.8125, pitchY: 1.7, corner: 0.0625)
    // A4 3 × 8, 70 × 37 mm edge to edge: HERMA 4464 and Avery Zweckform 3474, both sold as
    // 70 × 37 mm, 24 per sheet (gLabels' vendor tables: Zweckform 3474 70 × 37 mm at the top
    // edge; HERMA 4464 "70 x 37.125 mm", i.e. 297 / 8). 3 × 70 = 210 mm wide; 8 × 37 = 296 mm,
    // centred: 0.5 mm top and bottom, within 0.5 mm of either table.
    let a4x24 = iso(70, 37, 3, 8, left: 0, top: 0.5, pitchX: 70, pitchY: 37)
    return [
        "avery-5160": avery5160, "avery-8160": avery5160, // 8160 is the inkjet twin of 5160 (same die)
        "avery-5161": avery5161, "avery-5163": avery5163, "avery-5164": avery5164,
        "avery-5167": avery5167, "avery-5195": avery5195,
        "avery-l7160": l7160, "avery-l7163": l7163, "avery-l7651": l7651, "avery-l7173": l7173,
        "a4-3x8": a4x24,
        "avery-22805": avery22805,
        "herma-4464": a4x24, "zweckform-3474": a4x24,
    ]
}()

extension Evaluation {
    func labelSheet(_ statement: LabelsStmt, span: Span) {
        guard frames.count == 1, callDepth == 0, !importing, unit === mainUnit else {
            report(LabelsMessages.notTopLevel(at: span))
            return
        }
        var template: LabelTemplate?
        var copies: Int?
        var start = 1
        var outline = false
        var offset = Point(x: 0, y: 0)
        var scale = 1.0
        var templateSpan = span
        var templateName = "custom"
        var startSpan: Span?
        for argument in unit.ast[statement.arguments] {
            guard let label = labelOf(argument) else {
                report(LabelsMessages.positional(settings: Self.labelsSettingNames, at: argument.span))
                continue
            }
            guard let value = evaluate(argument.value) else { continue }
            let valueSpan = exprSpan(argument.value)
            guard let setting = LabelsSetting.named(label.name) else {
                let (notes, fixIts) = didYouMean(label.name, among: Self.labelsSettingNames, span: label.span)
                report(LabelsMessages.unknownSetting(label.name, settings: Self.labelsSettingNames, notes: notes, fixIts: fixIts,
                                                     at: label.span))
                return
            }
            switch setting {
            case .template:
                templateSpan = valueSpan
                template = labelTemplate(value, span: valueSpan)
                if case .string(let name) = value { templateName = name } else if case .word(let name) = value { templateName = name }
                if template == nil { return }
            case .copies:
                guard case .number(let n) = value, n >= 0, n == n.rounded(), n <= Double(limits.maxLoopIterations) else {
                    report(LabelsMessages.copiesNotWhole(limit: limits.maxLoopIterations, found: value.typeName, at: valueSpan))
                    return
                }
                copies = Int(n)
            case .start:
                guard case .number(let n) = value, n >= 1, n == n.rounded(), n <= 1e9 else {
                    report(LabelsMessages.startNotWhole(at: valueSpan))
                    return
                }
                start = Int(n)
                startSpan = valueSpan
            case .outline:
                guard case .bool(let flag) = value else {
                    report(LabelsMessages.outlineNotBool(found: value.typeName, at: valueSpan))
                    return
                }
                outline = flag
            case .offset:
                guard case .point(let x, let y) = value else {
                    report(LabelsMessages.offsetNotPoint(found: value.typeName, at: valueSpan))
                    return
                }
                offset = Point(x: x, y: y)
            case .scale:
                switch value {
                case .number(let s) where s > 0, .percent(let s) where s > 0: scale = s
                default:
                    report(LabelsMessages.scaleNotNumber(found: value.typeName, at: valueSpan))
                    return
                }
            }
        }
        guard let template else {
            report(LabelsMessages.noTemplate(at: span))
            return
        }
        if let startSpan, start > template.cellsPerSheet {
            report(LabelsMessages.startPastSheet(start, cells: template.cellsPerSheet, columns: template.columns, rows: template.rows,
                                                 at: startSpan))
            return
        }
        _ = templateSpan
        // What to repeat: the records of the sequence, or `copies` times.
        var items: [Value] = []
        var count = 0
        if let sequenceExpr = statement.sequence {
            guard let sequence = evaluate(sequenceExpr) else { return }
            switch sequence {
            case .list(let list): items = list; count = list.count
            case .range(let a, let b): count = max(0, b - a); items = (a..<max(a, b)).map { .number(Double($0)) }
            default:
                report(LabelsMessages.notIterable(found: sequence.typeName, at: exprSpan(sequenceExpr)))
                return
            }
            if copies != nil {
                report(LabelsMessages.copiesAndData(at: span))
                return
            }
        } else {
            guard let copies else {
                report(LabelsMessages.nothingToMake(at: span))
                return
            }
            count = copies
        }
        if count > limits.maxLoopIterations || totalIterations + count > limits.maxTotalIterations {
            limit(LabelsMessages.tooManyLabels(count, limit: limits.maxLoopIterations, at: span))
            return
        }
        if labelsMade + count > limits.maxLabels {
            limit(LabelsMessages.tooManyLabelsInAll(count, before: labelsMade, limit: limits.maxLabels, at: span))
            return
        }
        labelsMade += count
        totalIterations += count
        let variable = statement.variable.map { symbol(of: $0) }
        let indexSymbol = intern("index")
        if firstPageBlock == nil { firstPageBlock = span }
        printsLabelSheets = true
        let settings = PageSettings(size: template.page, margin: .zero, background: nil, span: span)
        nesting += 1
        defer { nesting -= 1 }
        let bindingStart = bindings.count
        let savedBlockStart = blockStart
        let savedTop = atFileTop
        atFileTop = false
        var cell = start - 1
        var root: Node?
        func flush() {
            guard let page = root else { return }
            pages.append(PageNode(settings: settings, nodes: page.children))
            pageIndex += 1
            root = nil
        }
        for iteration in 0..<count {
            if aborted { break }
            if cell == template.cellsPerSheet { flush(); cell = 0 }
            if root == nil {
                var node = Node(kind: .group, span: span, style: .initial)
                node.explicitStyle = .empty
                root = node
            }
            // The cell: a group whose first child is the (invisible unless `outline`) die-cut
            // rectangle, so the group's frame is the cell; placed by its centre, so that
            // `scale` (about the centre) and the placement together map the whole sheet by
            // x → offset + scale · x.
            let origin = template.cellOrigin(cell)
            var cellNode = Node(kind: .group, span: span, style: .initial)
            let center = Point(x: origin.x + template.label.width / 2, y: origin.y + template.label.height / 2)
            cellNode.geometry.at = PointValue(Point(x: offset.x + scale * center.x, y: offset.y + scale * center.y))
            cellNode.geometry.anchor = .center
            if scale != 1 { cellNode.geometry.scale = Point(x: scale, y: scale) }
            cellNode.geometry.labelCell = LabelCell(template: templateName, index: iteration + 1)
            var die = Node(kind: .rect, span: span, style: .initial)
            die.style.fill = nil
            die.style.stroke = outline ? Color(red: 0.6, green: 0.6, blue: 0.6) : nil
            die.style.lineWidth = 0.5
            die.geometry.width = template.label.width
            die.geometry.height = template.label.height
            if template.corner > 0 { die.geometry.corner = template.corner }
            cellNode.children.append(die)
            frames.append(Frame(node: cellNode, role: .root))
            if let variable { bind(variable, items[iteration], span: statement.variable!.span) }
            bind(indexSymbol, .number(Double(iteration + 1)), span: span)
            blockStart = bindings.count
            execute(statement.block.statements)
            truncateBindings(to: bindingStart)
            let finished = frames.removeLast().node
            root!.children.append(finished)
            cell += 1
        }
        flush()
        atFileTop = savedTop
        blockStart = savedBlockStart
    }

    static let labelsSettingNames = LabelsSetting.names

    /// A built-in sheet by name, or a custom one from a record
    /// `{page: letter, size: (w, h), columns: 3, rows: 10, margin: (left, top), pitch: (x, y), corner: r}`.
    func labelTemplate(_ value: Value, span: Span) -> LabelTemplate? {
        switch value {
        case .string(let name), .word(let name):
            if let template = labelTemplates[name.lowercased()] { return template }
            let (notes, fixIts) = didYouMean(name, among: labelTemplates.keys.sorted(), span: span)
            report(LabelsMessages.unknownTemplate(name, templates: labelTemplates.keys.sorted(), notes: notes, fixIts: fixIts, at: span))
            return nil
        case .record(let keys, let values):
            func field(_ name: String) -> Value? { keys.index[name].map { values[$0] } }
            func size(_ name: String) -> Size? {
                guard let value = field(name) else { return nil }
                if case .point(let w, let h) = value, w > 0, h > 0 { return Size(w, h) }
                if name == "page", case .word(let word) = value, let named = pageSizeNames[word.lowercased()] { return named }
                return nil
            }
            func whole(_ name: String) -> Int? {
                if case .number(let n)? = field(name), n >= 1, n <= 1000, n == n.rounded() { return Int(n) }
                return nil
            }
            for name in keys.names where !["page", "size", "columns", "rows", "margin", "pitch", "corner"].contains(name) {
                report(LabelsMessages.unknownTemplateField(name, at: span))
                return nil
            }
            guard let page = size("page"), let label = size("size"), let columns = whole("columns"), let rows = whole("rows") else {
                report(LabelsMessages.templateIncomplete(at: span))
                return nil
            }
            var origin = Point(x: 0, y: 0)
            if let margin = field("margin") {
                guard case .point(let x, let y) = margin else {
                    report(LabelsMessages.templateMargin(at: span)); return nil
                }
                origin = Point(x: x, y: y)
            }
            var pitch = Point(x: label.width, y: label.height)
            if let value = field("pitch") {
                guard case .point(let x, let y) = value, x >= label.width, y >= label.height else {
                    report(LabelsMessages.templatePitch(at: span)); return nil
                }
                pitch = Point(x: x, y: y)
            }
            var corner = 0.0
            if let value = field("corner") {
                guard let r = length(value), r >= 0 else { report(LabelsMessages.templateCorner(at: span)); return nil }
                corner = r
            }
            return LabelTemplate(page: page, label: label, columns: columns, rows: rows, origin: origin, pitch: pitch, corner: corner)
        default:
            report(LabelsMessages.templateNotNameOrRecord(found: value.typeName, at: span))
            return nil
        }
    }
}
