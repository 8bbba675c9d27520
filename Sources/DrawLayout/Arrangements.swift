// How containers arrange their children: one `Arrangement` conformance per container kind
// (`group`, `vstack`, `hstack`, `zstack`, `grid`), named in `NodeKind.layoutClass`
// (KindClasses.swift). A new arrangement (the coming `graph`) is one conformance: measure
// the children and return the container's bounds; place them; say what room they get.

import DrawBase
import DrawCatalogue
import DrawScene
import DrawSemantics

/// A container's arrangement of its children.
protocol Arrangement {
    /// Measures every child (in order, through `forEachChild(…, measuring: true)`) and
    /// returns the container's bounds in its own coordinates.
    static func measure(_ engine: inout LayoutEngine, _ node: NodeRef, index: Int) -> Rect
    /// Places the children (through `placeChildren`), the container being placed at `offset`
    /// under `transform`.
    static func place(_ engine: inout LayoutEngine, _ node: NodeRef, index: Int, bounds: Rect, offset: Point, transform: Int32)
    /// The room the container gives its children, in its own coordinates (nil: they go
    /// anywhere, the container grows to hold them).
    static func contentArea(_ node: NodeRef, bounds: Rect) -> Rect?
    /// Whether a grid with `fill: true` stretches it to its cell.
    static var stretchesInGrid: Bool { get }
    /// What `drawc ir --sources` says of a child it places (nil: it places none).
    static var placement: String? { get }
}

extension Arrangement {
    static func contentArea(_ node: NodeRef, bounds: Rect) -> Rect? { inset(bounds, node.geometry.padding ?? .zero) }
}

/// `group`: children at their own coordinates; the group is the union of their frames.
enum GroupArrangement: Arrangement {
    static let stretchesInGrid = false
    static let placement: String? = nil

    static func measure(_ engine: inout LayoutEngine, _ node: NodeRef, index: Int) -> Rect {
        var union: Rect?
        engine.forEachChild(node, index: index, measuring: true) { engine, child, childIndex in
            guard !LayoutEngine.isConnector(child) else { return }
            var frame = engine.boxes[childIndex].bounds
            if let at = child.geometryAt {
                // Nodes attached to other nodes' anchors do not size their group.
                if at.anchor != nil { return }
                frame.origin = frame.origin + at.offset - anchorPoint(frame, child.geometry.anchor ?? .center, kind: child.kind)
            }
            union = union.map { $0.union(frame) } ?? frame
        }
        return union ?? .zero
    }

    static func place(_ engine: inout LayoutEngine, _ node: NodeRef, index: Int, bounds: Rect, offset: Point, transform: Int32) {
        engine.placeChildren(node, index: index, offset: offset, transform: transform) { _, _, _ in .zero }
    }

    static func contentArea(_ node: NodeRef, bounds: Rect) -> Rect? { nil }
}

/// `vstack`: children top to bottom.
enum VStackArrangement: Arrangement {
    static let stretchesInGrid = true
    static let placement: String? = "it sits in a vstack, which places it"
    static func measure(_ engine: inout LayoutEngine, _ node: NodeRef, index: Int) -> Rect {
        StackArrangement.measure(&engine, node, index: index, vertical: true)
    }
    static func place(_ engine: inout LayoutEngine, _ node: NodeRef, index: Int, bounds: Rect, offset: Point, transform: Int32) {
        StackArrangement.place(&engine, node, index: index, bounds: bounds, offset: offset, transform: transform, vertical: true)
    }
}

/// `hstack`: children left to right, aligned on a side, the centre or a baseline.
enum HStackArrangement: Arrangement {
    static let stretchesInGrid = true
    static let placement: String? = "it sits in an hstack, which places it"
    static func measure(_ engine: inout LayoutEngine, _ node: NodeRef, index: Int) -> Rect {
        StackArrangement.measure(&engine, node, index: index, vertical: false)
    }
    static func place(_ engine: inout LayoutEngine, _ node: NodeRef, index: Int, bounds: Rect, offset: Point, transform: Int32) {
        StackArrangement.place(&engine, node, index: index, bounds: bounds, offset: offset, transform: transform, vertical: false)
    }
}

/// What the two stacks share: one axis of flow, spacers taking the extra room.
enum StackArrangement {
    static func measure(_ engine: inout LayoutEngine, _ node: NodeRef, index: Int, vertical: Bool) -> Rect {
        let g = node.geometry
        var main = 0.0, cross = 0.0, count = 0
        let baseline = !vertical && (g.align == .firstBaseline || g.align == .lastBaseline)
        var ascent = 0.0, descent = 0.0
        engine.forEachChild(node, index: index, measuring: true) { engine, child, childIndex in
            guard LayoutEngine.isFlow(child) else { return }
            count += 1
            if child.kind == .spacer { main += child.geometry.minLength ?? 0; return }
            let b = engine.boxes[childIndex].bounds
            main += vertical ? b.height : b.width
            cross = max(cross, vertical ? b.width : b.height)
            if baseline {
                let offset = engine.baseline(of: child, index: childIndex, last: g.align == .lastBaseline)
                ascent = max(ascent, offset); descent = max(descent, b.height - offset)
            }
        }
        if baseline { cross = max(cross, ascent + descent) }
        main += (g.spacing ?? LayoutDefaults.spacing) * Double(max(0, count - 1))
        let pad = g.padding ?? .zero
        let width = g.width ?? (vertical ? cross : main) + pad.left + pad.right
        let height = g.height ?? (vertical ? main : cross) + pad.top + pad.bottom
        return Rect(x: 0, y: 0, width: width, height: height)
    }

    static func place(_ engine: inout LayoutEngine, _ node: NodeRef, index: Int, bounds: Rect, offset: Point, transform: Int32,
                      vertical: Bool) {
        let g = node.geometry
        let pad = g.padding ?? .zero
        let spacing = g.spacing ?? LayoutDefaults.spacing
        let content = inset(bounds, pad)
        var natural = 0.0, count = 0, spacers = 0
        engine.forEachChild(node, index: index, measuring: false) { engine, child, childIndex in
            guard LayoutEngine.isFlow(child) else { return }
            count += 1
            if child.kind == .spacer { spacers += 1; natural += child.geometry.minLength ?? 0; return }
            let b = engine.boxes[childIndex].bounds
            natural += vertical ? b.height : b.width
        }
        natural += spacing * Double(max(0, count - 1))
        let available = vertical ? content.height : content.width
        let extra = available - natural
        let spacerExtra = spacers > 0 && extra > 0 ? extra / Double(spacers) : 0
        // Without spacers, content is centred along the main axis of a larger stack.
        var position = (vertical ? content.minY : content.minX) + (spacerExtra > 0 ? 0 : extra / 2)
        let align = g.align ?? .center
        let baseline = !vertical && (align == .firstBaseline || align == .lastBaseline)
        var ascent = 0.0
        if baseline {
            engine.forEachChild(node, index: index, measuring: false) { engine, child, childIndex in
                guard LayoutEngine.isFlow(child), child.kind != .spacer else { return }
                ascent = max(ascent, engine.baseline(of: child, index: childIndex, last: align == .lastBaseline))
            }
        }
        engine.placeChildren(node, index: index, offset: offset, transform: transform) { engine, child, childIndex in
            var b = engine.boxes[childIndex].bounds
            if child.kind == .spacer {
                let length = (child.geometry.minLength ?? 0) + spacerExtra
                b = vertical ? Rect(x: 0, y: 0, width: content.width, height: length)
                             : Rect(x: 0, y: 0, width: length, height: content.height)
                engine.boxes[childIndex].bounds = b
            }
            let slot: Point
            if vertical {
                slot = Point(crossPosition(b.width, content.minX, content.width, horizontalSide(align)), position)
                position += b.height + spacing
            } else if baseline && child.kind != .spacer {
                slot = Point(position, content.minY + ascent - engine.baseline(of: child, index: childIndex, last: align == .lastBaseline))
                position += b.width + spacing
            } else {
                slot = Point(position, crossPosition(b.height, content.minY, content.height, verticalSide(align)))
                position += b.width + spacing
            }
            return slot - b.origin
        }
    }
}

/// `zstack`: children on top of each other, aligned in the padded frame.
enum ZStackArrangement: Arrangement {
    static let stretchesInGrid = true
    static let placement: String? = "it sits in a zstack, which places it"

    static func measure(_ engine: inout LayoutEngine, _ node: NodeRef, index: Int) -> Rect {
        let g = node.geometry
        var w = 0.0, h = 0.0
        engine.forEachChild(node, index: index, measuring: true) { engine, child, childIndex in
            guard LayoutEngine.isFlow(child) else { return }
            let b = engine.boxes[childIndex].bounds
            w = max(w, b.width); h = max(h, b.height)
        }
        let pad = g.padding ?? .zero
        return Rect(x: 0, y: 0, width: g.width ?? w + pad.left + pad.right, height: g.height ?? h + pad.top + pad.bottom)
    }

    static func place(_ engine: inout LayoutEngine, _ node: NodeRef, index: Int, bounds: Rect, offset: Point, transform: Int32) {
        engine.placeAligned(node, index: index, in: inset(bounds, node.geometry.padding ?? .zero), offset: offset, transform: transform)
    }
}

/// `grid`: children in rows of `columns` cells, each column as wide as its widest cell.
enum GridArrangement: Arrangement {
    static let stretchesInGrid = false
    static let placement: String? = "it sits in a grid, which places it"

    static func measure(_ engine: inout LayoutEngine, _ node: NodeRef, index: Int) -> Rect {
        let g = node.geometry
        engine.forEachChild(node, index: index, measuring: true) { _, _, _ in }
        let metrics = engine.gridMetrics(node, index: index)
        let pad = g.padding ?? .zero
        return Rect(x: 0, y: 0, width: g.width ?? metrics.width + pad.left + pad.right,
                    height: g.height ?? metrics.height + pad.top + pad.bottom)
    }

    static func place(_ engine: inout LayoutEngine, _ node: NodeRef, index: Int, bounds: Rect, offset: Point, transform: Int32) {
        let g = node.geometry
        let metrics = engine.gridMetrics(node, index: index)
        let pad = g.padding ?? .zero
        let content = inset(bounds, pad)
        let columnCount = metrics.columns.count
        var columnStarts: [Double] = [], rowStarts: [Double] = []
        var x = content.minX
        for w in metrics.columns { columnStarts.append(x); x += w + metrics.columnSpacing }
        var y = content.minY
        for h in metrics.rows { rowStarts.append(y); y += h + metrics.rowSpacing }
        var cell = 0
        let align = g.align ?? .center
        let stretch = g.stretchCells
        engine.placeChildren(node, index: index, offset: offset, transform: transform) { engine, child, childIndex in
            let (row, column) = (cell / columnCount, cell % columnCount)
            cell += 1
            let b = engine.boxes[childIndex].bounds
            let slot = Rect(x: columnStarts[column], y: rowStarts[row], width: metrics.columns[column], height: metrics.rows[row])
            if stretch && LayoutEngine.stretches(child.kind) {
                // `fill: true`: the cell takes its whole slot, so neighbouring borders meet.
                engine.boxes[childIndex].bounds = Rect(x: 0, y: 0, width: slot.width, height: slot.height)
                return slot.origin
            }
            return aligned(b.size, in: slot, align) - b.origin
        }
    }
}
