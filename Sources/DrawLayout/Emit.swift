// Pass 3, emit (in source order): scene items, shifted by the page origin.

import DrawBase
import DrawCatalogue
import DrawDiagnostics
import DrawResources
import DrawFonts
import DrawOutput
import DrawScene
import DrawSemantics

extension LayoutEngine {
    // MARK: Emit

    mutating func emit(_ node: NodeRef, index: Int, into items: inout [Scene.Item]) {
        let box = boxes[index]
        switch box.state {
        case .ignored, .unplaced: return
        case .connector, .placed: break
        }
        let own = box.state == .placed ? Self.ownTransform(node, bounds: box.bounds, offset: box.offset) : nil
        // The geometry is read once: every read of `node.geometry` copies the value out of
        // the node (issue 38); the style is read in place.
        let rare = node.hasRareGeometry
        let geometry = rare ? node.geometry : nil
        let opacity = geometry?.opacity ?? 1
        // (Shadows are asked of rare geometry only: an empty array made per node was released per node.)
        let hasShadows = geometry.map { !$0.shadows.isEmpty } ?? false
        let blend = geometry?.blend ?? .normal
        // A tag test: `blend != .normal` is a call through the generic Equatable witness.
        let blends = { if case .normal = blend { false } else { true } }()
        let style = node.styleInPlace
        if causes.translucent == nil, opacity < 1 || blends || style.pointee.hasTranslucentColor { causes.translucent = node.span }
        let outerFontCause = fontCause
        let fontsSpan = style.pointee.fontsSpan
        fontCause = fontsSpan.isUnknown ? node.span : fontsSpan
        defer { fontCause = outerFontCause }
        var source = Scene.SourceID.none
        let start = items.count
        if recordSources { source = recorder.enter(node, parentKind: emitParentKind) }
        if own != nil || opacity != 1 || hasShadows || blends {
            var inner: [Scene.Item] = []
            let parentList = recordSources ? recorder.beginGroup() : 0
            groupDepth += 1
            emitContent(node, index: index, box: box, style: style, into: &inner)
            groupDepth -= 1
            if recordSources { recorder.endGroup(parent: parentList, index: items.count) }
            // The transform was built in content coordinates; conjugate by the page origin.
            let transform = own.map { Transform.translation(-origin.x, -origin.y).then($0).then(.translation(origin.x, origin.y)) } ?? .identity
            var group = Scene.Group(transform: transform, opacity: max(0, min(1, opacity)), items: inner, fonts: documentFonts)
            group.shadows = geometry?.shadows ?? []
            group.blend = blend
            items.append(.group(group))
        } else {
            emitContent(node, index: index, box: box, style: style, into: &items)
        }
        if recordSources { recorder.leave(source, start: start, end: items.count) }
    }

    /// Containers recurse through here (emit → emitContent → emitChildren → emit), so this
    /// frame stays small: the leaves, with their many locals, are drawn in a function of their
    /// own (`emitLeaf`). With them inline, a frame took about 30 KB in a debug build and 255
    /// nested groups (within the parser's nesting limit) overflowed the main thread's stack.
    /// `style` is the node's, in place.
    mutating func emitContent(_ node: NodeRef, index: Int, box: Box, style: StyleRef, into items: inout [Scene.Item]) {
        switch node.kind.layoutClass {
        case .container:
            var clip: Scene.Path?
            if node.geometry.clip {
                let o = box.offset + origin
                var sink = PathSink()
                sink.addRoundedRect(Rect(origin: box.bounds.origin + o, size: box.bounds.size), radius: 0)
                clip = sink.path
            }
            emitChildren(node, index: index, clip: clip, into: &items)
        case .box, .shape, .line, .path, .stroke, .text, .image, .barcode, .spacer, .connector:
            emitLeaf(node, index: index, box: box, style: style, into: &items)
        }
    }

    @inline(never)
    mutating func emitLeaf(_ node: NodeRef, index: Int, box: Box, style: StyleRef, into items: inout [Scene.Item]) {
        let o = box.offset + origin
        switch node.kind.layoutClass {
        case .box(let form):
            let frame = Rect(origin: box.bounds.origin + o, size: box.bounds.size)
            // `corner` and `clip` read in place (`node.geometry` copies the geometry out).
            let outline = PathSink.shapeOutline(ellipse: form != .rect, in: frame,
                                                radius: form == .rect ? node.geometryCorner ?? 0 : 0)
            // The clip taken first: the outline then moves into its item.
            let clip = node.pointee.geometry.clip ? outline : nil
            appendPainted(outline, style, frame: frame, into: &items)
            if box.side >= 0 {
                let block = texts[Int(box.side)]
                let content = inset(box.bounds, Self.shapePadding(node, index: index))
                let at = labelOrigin(node, index: index, block: block, in: content) + o
                appendText(side: Int(box.side), at: at, width: block.size.width, into: &items)
            }
            emitChildren(node, index: index, clip: clip, into: &items)
        case .shape(let shape):
            let frame = Rect(origin: box.bounds.origin + o, size: box.bounds.size)
            let g = node.geometry
            let outline = Shapes.outline(shape, g.shape, in: frame)
            appendPainted(outline, style, frame: frame, into: &items)
            if box.side >= 0 {
                let block = texts[Int(box.side)]
                let content = inset(shape.labelArea(g.shape, in: box.bounds), Self.shapePadding(node, index: index))
                let at = labelOrigin(node, index: index, block: block, in: content) + o
                appendText(side: Int(box.side), at: at, width: block.size.width, into: &items)
            }
            emitChildren(node, index: index, clip: g.clip ? Shapes.boundary(shape, g.shape, in: frame) : nil, into: &items)
        case .text:
            appendText(side: Int(box.side), at: o, width: box.bounds.width, into: &items)
        case .line:
            if box.state == .connector {
                emitConnector(node, box: box, into: &items)
            } else {
                let path = paths[Int(box.side)]
                let points = path.points.map { $0 + o }
                let closed = node.kind == .polygon
                let ends = node.geometry.arrow ?? (node.kind == .arrow ? .end : .none)
                let stroke = style.pointee.pathStroke
                var line: Scene.Path?, heads: Scene.Path?, strokedMarks: Scene.Path?, hollowMarks: Scene.Path?
                if node.hasRareGeometry && node.geometry.smooth {
                    (line, heads) = strokedSmoothLine(points, closed: closed, ends: stroke == nil ? .none : ends, lineWidth: style.pointee.lineWidth,
                                                      tension: node.geometry.tension ?? 0)
                } else if closed || points.count < 2 {
                    (line, heads) = strokedPolyline(points, closed: closed, ends: .none, lineWidth: style.pointee.lineWidth)
                } else {
                    let link = node.hasRareGeometry ? node.geometry.link : LinkOptions()
                    let (head, tail) = Self.marks(ends, link)
                    let (path, marks) = drawLink(LinkPath(polyline: points), head: stroke == nil ? .none : head, tail: stroke == nil ? .none : tail,
                                                 size: link.arrowSize, lineWidth: style.pointee.lineWidth, cap: style.pointee.lineCap)
                    line = path
                    if !marks.filled.verbs.isEmpty { heads = marks.filled.path }
                    if !marks.stroked.verbs.isEmpty { strokedMarks = marks.stroked.path }
                    if !marks.hollow.verbs.isEmpty { hollowMarks = marks.hollow.path }
                }
                let fill = node.kind == .polyline || node.kind == .polygon ? style.pointee.fill.map { Fill(color: $0, rule: style.pointee.fillRule) } : nil
                let frame = Rect(origin: box.bounds.origin + o, size: box.bounds.size)
                if let line, fill != nil || stroke != nil {
                    // A filled polyline closes implicitly (as in SVG); the outline follows the
                    // shortened line only when heads were drawn.
                    appendPainted(line, style, fill: fill, stroke: stroke, frame: frame, into: &items)
                }
                if let heads, let stroke {
                    var headFill = Fill(color: stroke.color)
                    if let spec = style.pointee.strokePaint { headFill.gradient = gradient(spec, frame: frame) }
                    items.append(.path(heads, Paint(fill: headFill)))
                }
                if let stroke {
                    var solid = stroke
                    solid.dash = []; solid.dashOffset = 0; solid.join = .miter; solid.miterLimit = max(solid.miterLimit, 10)
                    if let strokedMarks { items.append(.path(strokedMarks, Paint(stroke: solid))) }
                    if let hollowMarks { items.append(.path(hollowMarks, Paint(fill: Fill(color: pageBackground ?? .white), stroke: solid))) }
                }
                if node.hasRareGeometry, let text = node.geometry.label, !closed, points.count >= 2 {
                    emitFreeLineLabel(text, node, points: points, into: &items)
                }
            }
        case .connector:
            emitConnector(node, box: box, into: &items)
        case .stroke:
            // Drawn on the ink grid, in whole hundredths of a point (docs/language.md,
            // "Ink precision"): an outline's computed coordinates need no more digits.
            if let item = inkItem(inkOutlines[Int(box.side)], at: o, paint: Paint(fill: Fill(color: style.pointee.color, rule: .nonZero))) {
                items.append(item)
            }
        case .path:
            let path = paths[Int(box.side)]
            if !path.isEmpty {
                let frame = Rect(origin: box.bounds.origin + o, size: box.bounds.size)
                appendPainted(Scene.Path(verbs: path.verbs, points: path.points.map { $0 + o }), style, frame: frame, into: &items)
            }
        case .image:
            if box.side >= 0 {
                var item = imageItems[Int(box.side)]
                item.rect.origin = item.rect.origin + o
                if node.geometry.fit == .cover {
                    var clip = PathSink()
                    clip.addRoundedRect(Rect(origin: box.bounds.origin + o, size: box.bounds.size), radius: 0)
                    items.append(.group(Scene.Group(clip: clip.path, items: [.image(item)], fonts: documentFonts)))
                } else {
                    items.append(.image(item))
                }
            }
        case .container:
            break  // emitContent
        case .spacer:
            break
        case .barcode:
            emitBarcode(node, box: box, origin: o, into: &items)
        }
    }

    mutating func emitChildren(_ node: NodeRef, index: Int, clip: Scene.Path?, into items: inout [Scene.Item]) {
        guard !node.children.isEmpty else { return }
        if let clip {
            var inner: [Scene.Item] = []
            let parentList = recordSources ? recorder.beginGroup() : 0
            groupDepth += 1
            emitChildren(node, index: index, clip: nil, into: &inner)
            groupDepth -= 1
            if recordSources { recorder.endGroup(parent: parentList, index: items.count) }
            items.append(.group(Scene.Group(clip: clip, items: inner, fonts: documentFonts)))
            return
        }
        var childIndex = index + 1
        let savedParentKind = emitParentKind
        emitParentKind = node.kind
        let area = checksPlacement ? contentArea(node, index: index) : nil
        node.children.withUnsafeBufferPointer { children in
            for i in children.indices {
                if let area, children[i].kind == .text {
                    checkTextInside(children.baseAddress! + i, index: childIndex, parent: node, parentIndex: index, area: area)
                }
                emit(children.baseAddress! + i, index: childIndex, into: &items)
                childIndex = Int(boxes[childIndex].next)
            }
        }
        emitParentKind = savedParentKind
    }

    mutating func emitConnector(_ node: NodeRef, box: Box, into items: inout [Scene.Item]) {
        guard box.side >= 0 else { return }
        let geometry = connectors[Int(box.side)]
        // Connector geometry is in content coordinates; inside rotated ancestors, undo their
        // transform so that the enclosing groups put it back where it belongs.
        let inverse = box.transform >= 0 ? transforms[Int(box.transform)].inverted : nil
        let origin = self.origin
        func map(_ path: Scene.Path) -> Scene.Path {
            Scene.Path(verbs: path.verbs, points: path.points.map { (inverse?.apply($0) ?? $0) + origin })
        }
        let stroke = Self.strokePaint(node.style)
        if let line = geometry.line, let stroke {
            let fill = node.kind == .polygon || node.kind == .polyline ? node.style.fill.map { Fill(color: $0, rule: node.style.fillRule) } : nil
            items.append(.path(map(line), Paint(fill: fill, stroke: stroke)))
        }
        if let heads = geometry.heads, let stroke {
            items.append(.path(map(heads), Paint(fill: Fill(color: stroke.color))))
        }
        if let stroke {
            var solid = stroke
            solid.dash = []; solid.dashOffset = 0; solid.join = .miter; solid.miterLimit = max(solid.miterLimit, 10)
            if let marks = geometry.strokedHeads { items.append(.path(map(marks), Paint(stroke: solid))) }
            if let marks = geometry.hollowHeads {
                items.append(.path(map(marks), Paint(fill: Fill(color: pageBackground ?? .white), stroke: solid)))
            }
        }
        if geometry.label != nil && groupDepth == 0 {
            // Painted after every connector of the page (Layout.swift).
            deferredLabels.append((geometry, recordSources ? recorder.context.last?.source ?? .none : .none))
            return
        }
        appendLineLabel(geometry, map: map, place: { (inverse?.apply($0) ?? $0) + origin }, into: &items)
    }

    /// `appendText` of the block `texts[side]`, read in place. A block of one line of one
    /// run without styles of its own (nearly every text and label) becomes its one text item
    /// straight away: no copy of the block, no closures, no decorations to collect.
    mutating func appendText(side: Int, at origin: Point, width: Double, into items: inout [Scene.Item]) {
        guard texts[side].lines.count == 1, texts[side].styles.isEmpty, texts[side].lines[0].runs.count == 1,
              !texts[side].lines[0].runs[0].glyphs.isEmpty else {
            appendText(texts[side], at: origin, width: width, into: &items)
            return
        }
        let font = fontID(texts[side].lines[0].runs[0].face)
        let shift = texts[side].shift(ofLine: 0, width: width)
        let baseline = origin.y + texts[side].lines[0].baseline
        items.append(.text(Scene.TextRun(
            font: font, size: texts[side].lines[0].runs[0].size, color: texts[side].color,
            origin: Point(origin.x + shift + texts[side].lines[0].runs[0].x, baseline - texts[side].lines[0].runs[0].shift),
            glyphs: texts[side].lines[0].runs[0].glyphs, advance: texts[side].lines[0].runs[0].advance,
            actualText: texts[side].lines[0].runs[0].actualText, glyphY: texts[side].lines[0].runs[0].glyphY,
            glyphText: texts[side].lines[0].runs[0].glyphText)))
    }

    mutating func appendText(_ block: TextBlock, at origin: Point, width: Double, into items: inout [Scene.Item]) {
        var decorations: [Scene.Item] = []
        block.forEachRun(at: origin, width: width, faces: faces, { face, run in
            var run = run
            run.font = fontID(face)
            items.append(.text(run))
        }, decoration: { rect, color in
            var sink = PathSink()
            sink.addRoundedRect(rect, radius: 0)
            decorations.append(.path(sink.path, Paint(fill: Fill(color: color))))
        })
        items.append(contentsOf: decorations)
    }

    /// The document font for a face, registered on first use.
    mutating func fontID(_ face: Int) -> Scene.FontID {
        while fontIDs.count <= face { fontIDs.append(-1) }
        if fontIDs[face] < 0 {
            fontIDs[face] = documentFonts.count
            documentFonts.append(faces[face].resource)
            causes.fonts.append(fontCause)
        }
        return Scene.FontID(fontIDs[face])
    }

    static func strokePaint(_ style: ResolvedStyle) -> Stroke? {
        style.pathStroke
    }
}
