// Pass 1, measure (bottom-up): every node's bounds in its own coordinates, by its layout
// class (KindClasses.swift); containers measure through their arrangement
// (Arrangements.swift), boxes and shapes here. Text is shaped and path data parsed here, once.

import DrawBase
import DrawCatalogue
import DrawDiagnostics
import DrawResources
import DrawFonts
import DrawOutput
import DrawScene
import DrawSemantics

extension LayoutEngine {
    // MARK: Classification

    /// Lines between nodes, anchored lines and `a -> b` connectors: computed in page
    /// coordinates after placing, never part of the flow nor of their parent's size.
    static func isConnector(_ node: NodeRef) -> Bool {
        switch node.kind.layoutClass {
        case .connector:
            return true
        case .line:
            let g = node.geometry
            if isAttached(g.from) || isAttached(g.to) { return true }
            if let points = g.points, points.contains(where: { $0.anchor != nil }) { return true }
            return g.via.contains { $0.anchor != nil }
        case .box, .shape, .path, .stroke, .text, .image, .barcode, .spacer, .container:
            return false
        }
    }

    static func isAttached(_ end: Endpoint?) -> Bool {
        switch end {
        case .node?: true
        case .point(let p)?: p.anchor != nil
        case nil: false
        }
    }

    static func isConnector(_ node: Node) -> Bool { withUnsafePointer(to: node) { isConnector($0) } }
    static func isFlow(_ node: Node) -> Bool { withUnsafePointer(to: node) { isFlow($0) } }

    static func isFlow(_ node: NodeRef) -> Bool {
        node.geometryAt == nil && !isConnector(node)
    }

    /// Cells a grid with `fill: true` stretches to their slot: shapes and stacks (whose own
    /// size is their frame), not text, images or lines.
    static func stretches(_ kind: NodeKind) -> Bool {
        switch kind.layoutClass {
        case .box(let form): form != .circle
        case .shape: true
        case .container(let arrangement): arrangement.stretchesInGrid
        case .line, .path, .stroke, .text, .image, .barcode, .spacer, .connector: false
        }
    }

    // MARK: Measure

    /// Measures `node` and its subtree; returns its bounds in its own coordinates.
    @discardableResult
    mutating func measure(_ node: NodeRef) -> Rect {
        let index = boxes.count
        boxes.append(Box())
        boxes[index].kind = node.kind
        if let id = node.id {
            // One hash for the common case (ids are unique: evaluation rejects duplicates);
            // a repeated id keeps its first node.
            if let first = ids.updateValue(index, forKey: id) {
                ids[id] = first
            } else {
                // What clipping connectors to this node needs besides its frame.
                if node.kind == .rect, let corner = node.geometryCorner, corner > 0 { cornerRadii[index] = corner }
                if node.kind.isDiagramShape, node.hasRareGeometry { shapeOptions[index] = node.geometry.shape }
                if Self.drawsOutline(node.kind), node.style.stroke != nil, node.style.lineWidth > 0 {
                    strokeHalfWidths[index] = node.style.lineWidth / 2
                }
            }
        }
        var bounds = Rect.zero

        // The geometry is copied out of the node only by the kinds that read it here: boxes
        // and diagram shapes read theirs in `measureShape` (issue 38).
        switch node.kind.layoutClass {
        case .connector:
            boxes[index].state = .connector
        case .line:
            let g = node.geometry
            if Self.isConnector(node) {
                boxes[index].state = .connector
            } else {
                let points = Self.plainPoints(node)
                var sink = PathSink()
                sink.verbs.reserveCapacity(points.count + 1)
                sink.points.reserveCapacity(points.count)
                if let first = points.first {
                    sink.move(to: first)
                    for p in points.dropFirst() { sink.line(to: p) }
                    if node.kind == .polygon { sink.close() }
                }
                boxes[index].side = Int32(paths.count)
                paths.append(sink.path)
                bounds = (g.smooth ? smoothBounds(points, closed: node.kind == .polygon, tension: g.tension ?? 0) : pointBounds(points)) ?? .zero
            }
        case .stroke:
            // The outline is computed once, here; emitting only moves it into place.
            var outline: [Point] = []
            let g = node.geometry
            if let points = g.inkPoints {
                if let made = inkOutline(of: points, width: g.width, options: g.ink) {
                    outline = made
                } else {
                    report(LayoutMessages.inkOutlineTooLarge(at: points.span == .unknown ? node.span : points.span))
                }
            }
            bounds = pointBounds(outline) ?? .zero
            boxes[index].side = Int32(inkOutlines.count)
            inkOutlines.append(outline)
        case .path:
            let path = parsePath(node)
            boxes[index].side = Int32(paths.count)
            paths.append(path ?? Scene.Path())
            bounds = path.flatMap(tightBounds) ?? .zero
        case .text:
            let g = node.geometry
            let fit = node.hasRareGeometry ? g.textFit : TextFit()
            let box: Size? = g.width != nil || g.height != nil ? Size(g.width ?? .infinity, g.height ?? .infinity) : nil
            // The style copied out of the node once (passing `node.style`, or the style in place,
            // to the mutating layoutText and reading its alignment copied it twice).
            let style = node.style
            let block = layoutText(node.content ?? "", style: style, wrapWidth: g.width,
                                   align: style.textAlign, span: node.span, literal: Self.literalSpan(node),
                                   fit: fit, box: box, contentFile: node.contentSpan?.file)
            bounds = Rect(x: 0, y: 0, width: g.width ?? block.size.width, height: g.height ?? block.size.height)
            if let box { checkTextFits(node, block: block, box: box) }
            // Appended last, so the block moves into the array instead of being copied.
            boxes[index].side = Int32(texts.count)
            texts.append(block)
        case .image:
            bounds = measureImage(node, index: index)
        case .spacer:
            bounds = .zero
        case .box(let form):
            bounds = measureShape(node, index: index, form: .box(form))
        case .shape(let shape):
            bounds = measureShape(node, index: index, form: .shape(shape))
        case .barcode:
            bounds = measureBarcode(node, index: index)
        case .container(let arrangement):
            bounds = arrangement.measure(&self, node, index: index)
        }
        if !node.kind.takesChildren && !node.children.isEmpty {
            // Children of kinds that take none (semantics warns): measured so that every
            // node has a box, but never placed nor drawn.
            node.children.withUnsafeBufferPointer { children in
                for i in children.indices { measure(children.baseAddress! + i) }
            }
            for i in (index + 1)..<boxes.count { boxes[i].state = .ignored }
        }
        boxes[index].bounds = bounds
        boxes[index].next = Int32(boxes.count)
        return bounds
    }

    /// Calls `body` for each child with its box index; when `measuring`, measures it first.
    mutating func forEachChild(_ node: NodeRef, index: Int, measuring: Bool, _ body: (inout LayoutEngine, NodeRef, Int) -> Void) {
        var childIndex = index + 1
        node.children.withUnsafeBufferPointer { children in
            for i in children.indices {
                if measuring { measure(children.baseAddress! + i) }
                body(&self, children.baseAddress! + i, childIndex)
                childIndex = Int(boxes[childIndex].next)
            }
        }
    }

    /// A box or a diagram shape, for `measureShape`.
    enum ShapeForm {
        case box(BoxForm)
        case shape(any DiagramShape.Type)
    }

    /// Rect, ellipse, circle and the diagram shapes: their label and children as a zstack,
    /// plus padding, unless sized.
    mutating func measureShape(_ node: NodeRef, index: Int, form: ShapeForm) -> Rect {
        let g = node.geometry
        var contentWidth = 0.0, contentHeight = 0.0
        var hasContent = false
        let explicitPadding = g.padding
        if let label = node.content {
            // A label wraps inside a shape of fixed width.
            var wrap: Double?
            if let width = g.width {
                let pad = explicitPadding ?? EdgeInsets(all: LayoutDefaults.shapePadding)
                switch form {
                case .shape(let shape):
                    let area = shape.labelArea(g.shape, in: Rect(x: 0, y: 0, width: width, height: g.height ?? width))
                    wrap = max(0, area.width - pad.left - pad.right)
                case .box(.rect), .box(.ellipse):
                    wrap = max(0, width - pad.left - pad.right)
                case .box(.circle):
                    // The square inscribed in the circle, as `overflow: shrink` and the
                    // overflow warning measure it.
                    wrap = max(0, (g.radius.map { 2 * $0 } ?? width) / 2.0.squareRoot() - pad.left - pad.right)
                }
            } else if node.kind == .circle, let r = g.radius {
                let pad = explicitPadding ?? EdgeInsets(all: LayoutDefaults.shapePadding)
                wrap = max(0, 2 * r / 2.0.squareRoot() - pad.left - pad.right)
            }
            // Labels are centred unless the shape itself says `align:` (bit 14 of the mask).
            let align: TextAlign = node.explicitStyle.contains(.align) ? node.style.textAlign : .center
            // The room for the label when the shape's size is fixed (for `overflow: shrink`).
            var box: Size?
            let fit = node.hasRareGeometry ? g.textFit : TextFit()
            if fit.overflow == .shrink, let width = g.width, let height = g.height ?? (node.kind == .circle ? width : nil) {
                let pad = explicitPadding ?? EdgeInsets(all: LayoutDefaults.shapePadding)
                let frame = Rect(x: 0, y: 0, width: width, height: height)
                let area: Rect
                switch form {
                case .shape(let shape):
                    area = shape.labelArea(g.shape, in: frame)
                case .box(.rect):
                    area = frame
                case .box(.ellipse), .box(.circle):
                    area = Rect(x: 0, y: 0, width: width / 2.0.squareRoot(), height: height / 2.0.squareRoot())
                }
                box = Size(max(0, area.width - pad.left - pad.right), max(0, area.height - pad.top - pad.bottom))
            }
            let block = layoutText(label, style: node.style, wrapWidth: wrap, align: align, span: node.span, literal: Self.literalSpan(node),
                                   fit: fit, box: box, contentFile: node.contentSpan?.file)
            contentWidth = block.size.width; contentHeight = block.size.height
            hasContent = true
            // Appended last, so the block moves into the array instead of being copied.
            boxes[index].side = Int32(texts.count)
            texts.append(block)
        }
        var childrenWidth = 0.0, childrenHeight = 0.0
        forEachChild(node, index: index, measuring: true) { engine, child, childIndex in
            guard Self.isFlow(child) else { return }
            let b = engine.boxes[childIndex].bounds
            childrenWidth = max(childrenWidth, b.width); childrenHeight = max(childrenHeight, b.height)
            hasContent = true
        }
        contentWidth = max(contentWidth, childrenWidth)
        // A cluster's title sits above its children; otherwise label and children share the middle.
        let title = Self.titleRoom(node, label: boxes[index].side, texts: texts)
        contentHeight = title > 0 ? title + childrenHeight : max(contentHeight, childrenHeight)
        let pad = explicitPadding ?? (hasContent ? EdgeInsets(all: LayoutDefaults.shapePadding) : .zero)
        let paddedWidth = contentWidth + pad.left + pad.right
        let paddedHeight = contentHeight + pad.top + pad.bottom
        let boxForm: BoxForm
        switch form {
        case .shape(let shape):
            var w = g.width, h = g.height
            if w == nil || h == nil {
                let natural = hasContent ? Shapes.frameSize(shape, g.shape, content: Size(paddedWidth, paddedHeight))
                                         : shape.defaultSize
                w = w ?? natural.width; h = h ?? natural.height
            }
            let frame = Rect(x: 0, y: 0, width: w!, height: h!)
            if boxes[index].side >= 0 {
                checkLabelFits(node, block: texts[Int(boxes[index].side)], area: shape.labelArea(g.shape, in: frame))
            }
            return frame
        case .box(let form):
            boxForm = form
        }
        let frame: Rect
        switch boxForm {
        case .circle:
            let radius: Double
            if let r = g.radius { radius = r }
            else if let w = g.width ?? g.height { radius = w / 2 }
            else if hasContent { radius = (paddedWidth * paddedWidth + paddedHeight * paddedHeight).squareRoot() / 2 }
            else { radius = LayoutDefaults.circleRadius }
            frame = Rect(x: 0, y: 0, width: 2 * radius, height: 2 * radius)
        case .ellipse:
            // The ellipse through the corners of the padded content, same aspect ratio: √2 × box.
            let w = g.width ?? (hasContent ? paddedWidth * 2.0.squareRoot() : LayoutDefaults.shapeSize.width)
            let h = g.height ?? (hasContent ? paddedHeight * 2.0.squareRoot() : LayoutDefaults.shapeSize.height)
            frame = Rect(x: 0, y: 0, width: w, height: h)
        case .rect:
            let w = g.width ?? (hasContent ? paddedWidth : LayoutDefaults.shapeSize.width)
            let h = g.height ?? (hasContent ? paddedHeight : LayoutDefaults.shapeSize.height)
            frame = Rect(x: 0, y: 0, width: w, height: h)
        }
        if boxes[index].side >= 0 && (g.width != nil || g.height != nil || (node.kind == .circle && g.radius != nil)) {
            // Ellipses and circles: the rectangle inscribed in them.
            let round = node.kind != .rect
            let k = round ? 1 / 2.0.squareRoot() : 1
            let area = Rect(x: frame.midX - frame.width * k / 2, y: frame.midY - frame.height * k / 2,
                            width: frame.width * k, height: frame.height * k)
            checkLabelFits(node, block: texts[Int(boxes[index].side)], area: area)
        }
        return frame
    }

    /// Warns when a shape's label is larger than the area inside its outline.
    mutating func checkLabelFits(_ node: NodeRef, block: TextBlock, area: Rect) {
        let tolerance = LayoutDefaults.overflowTolerance
        guard block.size.width > area.width + tolerance || block.size.height > area.height + tolerance else { return }
        report(LayoutMessages.labelOverflow(node.kind, needs: block.size, room: area.size, at: node.span))
    }

    /// Warns when a text of fixed width or height needs more room than its box.
    mutating func checkTextFits(_ node: NodeRef, block: TextBlock, box: Size) {
        let tolerance = LayoutDefaults.overflowTolerance
        let over = max(block.size.width - box.width, block.size.height - box.height)
        guard over > tolerance else { return }
        let atBottom = block.size.height - box.height >= block.size.width - box.width
        report(LayoutMessages.textOverflow(by: over, atBottom: atBottom, needs: block.size, box: box, at: node.span))
    }


    /// The distance from the top of a child's frame to its first (or last) text baseline;
    /// the frame's height for children without text.
    mutating func baseline(of child: NodeRef, index: Int, last: Bool) -> Double {
        let box = boxes[index]
        func offset(_ block: TextBlock) -> Double {
            last ? block.lastBaselineOffset : block.baselineOffset
        }
        switch child.kind.layoutClass {
        case .text:
            guard box.side >= 0 else { return box.bounds.height }
            return offset(texts[Int(box.side)])
        case .box, .shape:
            guard box.side >= 0 else { return box.bounds.height }
            let block = texts[Int(box.side)]
            let area = inset(Self.labelArea(child, bounds: box.bounds), Self.shapePadding(child, index: index))
            let top = labelOrigin(child, index: index, block: block, in: area).y - box.bounds.minY
            return top + offset(block)
        case .line, .path, .stroke, .image, .barcode, .spacer, .connector, .container:
            return box.bounds.height
        }
    }

    /// Whether a shape's label is a title: the shape holds a `graph` as well as a label (a
    /// cluster), so the label goes across the top of its content and the children below it,
    /// where they cannot hide it. Any other shape centres label and children on each other.
    static func hasTitle(_ node: NodeRef) -> Bool {
        node.content != nil && node.children.contains { isFlow($0) && $0.kind == .graph }
    }

    /// The room a shape's title takes at the top of its content (0 without one); `label` is
    /// its box's `side`, the index of its label in `texts`. Static: a method called from a
    /// mutating one (`measureShape`, per shape) gets a copy of the whole engine (issue 38).
    static func titleRoom(_ node: NodeRef, label: Int32, texts: [TextBlock]) -> Double {
        guard label >= 0, hasTitle(node) else { return 0 }
        return texts[Int(label)].size.height + LayoutDefaults.titleGap
    }

    /// Where a shape's children go, in its own coordinates: its label area inside its
    /// padding, below the title if it has one.
    func shapeChildArea(_ node: NodeRef, index: Int, bounds: Rect) -> Rect {
        let content = inset(Self.labelArea(node, bounds: bounds), Self.shapePadding(node, index: index))
        let title = Self.titleRoom(node, label: boxes[index].side, texts: texts)
        guard title > 0 else { return content }
        return Rect(x: content.minX, y: content.minY + title, width: content.width, height: max(0, content.height - title))
    }

    /// The top-left corner of a shape's label in `content` (the area inside its padding):
    /// centred, or along the top as a title, aligned by the text's own alignment.
    func labelOrigin(_ node: NodeRef, index: Int, block: TextBlock, in content: Rect) -> Point {
        let title = Self.hasTitle(node)
        let side: Alignment
        switch block.align {
        case .left: side = title ? .topLeading : .leading
        case .right: side = title ? .topTrailing : .trailing
        case .center, .justify, .start, .end: side = title ? .top : .center
        }
        return aligned(block.size, in: content, side)
    }

    /// The area a shape's label and children go in (before padding).
    static func labelArea(_ node: NodeRef, bounds: Rect) -> Rect {
        node.kind.shapeGeometry?.labelArea(node.geometry.shape, in: bounds) ?? bounds
    }

    /// The padding a shape uses to place its content.
    static func shapePadding(_ node: NodeRef, index: Int) -> EdgeInsets {
        if let p = node.geometry.padding { return p }
        let hasContent = node.content != nil || node.children.contains(where: Self.isFlow)
        return hasContent ? EdgeInsets(all: LayoutDefaults.shapePadding) : .zero
    }

    struct GridMetrics {
        var columns: [Double]
        var rows: [Double]
        var columnSpacing: Double
        var rowSpacing: Double
        var width: Double {
            columns.reduce(0, +) + columnSpacing * Double(max(0, columns.count - 1))
        }
        var height: Double {
            rows.reduce(0, +) + rowSpacing * Double(max(0, rows.count - 1))
        }
    }

    /// Column widths and row heights of a grid: children fill rows left to right.
    mutating func gridMetrics(_ node: NodeRef, index: Int) -> GridMetrics {
        let g = node.geometry
        var flowCount = 0
        let children = node.children
        for i in children.indices where Self.isFlow(children[i]) { flowCount += 1 }
        let columnCount = max(1, g.columns ?? max(1, flowCount))
        let rowCount = (flowCount + columnCount - 1) / columnCount
        var metrics = GridMetrics(
            columns: Array(repeating: 0, count: min(columnCount, max(flowCount, 1))),
            rows: Array(repeating: 0, count: rowCount),
            columnSpacing: g.columnSpacing ?? g.spacing ?? LayoutDefaults.spacing,
            rowSpacing: g.rowSpacing ?? g.spacing ?? LayoutDefaults.spacing)
        var cell = 0
        var childIndex = index + 1
        for i in children.indices {
            let child = children[i]
            if Self.isFlow(child) {
                let b = boxes[childIndex].bounds
                let (row, column) = (cell / columnCount, cell % columnCount)
                if child.kind != .spacer || child.geometry.minLength != nil {
                    let w = child.kind == .spacer ? child.geometry.minLength! : b.width
                    let h = child.kind == .spacer ? child.geometry.minLength! : b.height
                    metrics.columns[column] = max(metrics.columns[column], w)
                    metrics.rows[row] = max(metrics.rows[row], h)
                }
                cell += 1
            }
            childIndex = Int(boxes[childIndex].next)
        }
        return metrics
    }

    /// Points of a line, arrow, polyline or polygon whose points are all plain.
    static func plainPoints(_ node: NodeRef) -> [Point] {
        let g = node.geometry
        if let points = g.points, g.from == nil && g.to == nil {
            return points.map(\.offset)
        }
        var result: [Point] = []
        if case .point(let p)? = g.from { result.append(p.offset) } else { result.append(.zero) }
        for v in g.via { result.append(v.offset) }
        if case .point(let p)? = g.to { result.append(p.offset) }
        else if let points = g.points { result.append(contentsOf: points.map(\.offset)) }
        return result
    }

    /// The span of the string literal whose bytes are exactly the node's content, if any.
    static func literalSpan(_ node: NodeRef) -> Span? {
        node.contentIsVerbatim ? node.contentSpan : nil
    }

    /// Parses a `path` node's data, reporting the first error inside the string.
    mutating func parsePath(_ node: NodeRef) -> Scene.Path? {
        guard let data = node.content else { return nil }
        let (path, error) = parsePathData(data)
        if let error {
            var span = node.contentSpan ?? node.span
            var message = error.message
            if node.contentIsVerbatim, let literal = node.contentSpan {
                // Inside the literal: skip the opening quote.
                let start = literal.start + 1 + UInt32(error.offset)
                span = Span(file: literal.file, start: start, end: start + UInt32(max(1, error.length)))
            } else {
                message = LayoutMessages.pathDataAtByte(message, offset: error.offset)
            }
            report(.error(error.id, at: span, message))
        }
        return path
    }
}
