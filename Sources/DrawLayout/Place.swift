// Pass 2, place (top-down, in source order): every node's translation into content
// coordinates and its transform; `at:` anchors of earlier nodes are resolved here.

import DrawBase
import DrawCatalogue
import DrawDiagnostics
import DrawResources
import DrawFonts
import DrawOutput
import DrawScene
import DrawSemantics

extension LayoutEngine {
    // MARK: Place

    /// Where an out-of-flow node goes: `at:` places its anchor at that point of the parent.
    /// Returns the offset for `at:` nodes and connectors (which stay in the parent's
    /// coordinates), nil for nodes in the flow.
    mutating func outOfFlowOffset(_ node: NodeRef, index: Int, parentOffset: Point, parentTransform: Int32) -> Point? {
        if boxes[index].state == .connector { return parentOffset }
        guard let at = node.geometryAt else { return nil }
        let target = resolve(at, parentOffset: parentOffset, parentTransform: parentTransform)
        return parentOffset + target - Self.atAnchor(node, bounds: boxes[index].bounds)
    }

    /// The point of a node that `at:` puts where it says: its `anchor:` (default its centre).
    func atAnchor(_ node: NodeRef, index: Int) -> Point {
        Self.atAnchor(node, bounds: boxes[index].bounds)
    }

    /// `atAnchor` of a node with these bounds. Static: a method called from a mutating one
    /// (`outOfFlowOffset`, per node) gets a copy of the whole engine (~1 KB, issue 38).
    static func atAnchor(_ node: NodeRef, bounds: Rect) -> Point {
        node.kind.shapeGeometry.map { shapeAnchor($0, node.geometry.shape, bounds: bounds, node.geometry.anchor ?? .center) }
            ?? anchorPoint(bounds, node.geometry.anchor ?? .center, kind: node.kind)
    }

    /// A point written in a parent whose own coordinates map to content coordinates by
    /// `parentOffset` then `parentTransform`; returns it in the parent's coordinates.
    mutating func resolve(_ value: PointValue, parentOffset: Point, parentTransform: Int32) -> Point {
        guard let ref = value.anchor else { return value.offset }
        guard let page = anchorOnPage(ref) else { return value.offset }
        var p = page + value.offset
        if parentTransform >= 0, let inverse = transforms[Int(parentTransform)].inverted { p = inverse.apply(p) }
        return p - parentOffset
    }

    /// The content-coordinate position of a named node's anchor, with a diagnostic when the
    /// node is unknown or not placed yet.
    mutating func anchorOnPage(_ ref: PointValue.AnchorRef) -> Point? {
        guard let target = ids[ref.nodeID] else {
            report(LayoutMessages.unknownNode(ref.nodeID, at: ref.span))
            return nil
        }
        switch boxes[target].state {
        case .placed:
            return pagePoint(of: target, localAnchor(target, ref.anchor))
        case .unplaced:
            report(LayoutMessages.anchorNotPlacedYet(ref.nodeID, at: ref.span))
        case .connector:
            report(LayoutMessages.anchorOnConnector(ref.nodeID, at: ref.span))
        case .ignored:
            report(LayoutMessages.anchorNeverPlaced(ref.nodeID, at: ref.span))
        }
        return nil
    }

    /// A point in a node's own coordinates, in content coordinates.
    mutating func pagePoint(of index: Int, _ p: Point) -> Point {
        let box = boxes[index]
        let q = p + box.offset
        return box.transform >= 0 ? transforms[Int(box.transform)].apply(q) : q
    }

    /// The rotation/scale of a node about its center, in content coordinates, or nil.
    /// Inlined where it is asked (placing and emitting every node): the common answer, no
    /// rare geometry and so none, costs a flag test instead of a call into the whole function.
    @inline(__always)
    static func ownTransform(_ node: NodeRef, bounds: Rect, offset: Point) -> Transform? {
        // rotate and scale live in the geometry's side box: most nodes have none.
        node.hasRareGeometry ? rareOwnTransform(node, bounds: bounds, offset: offset) : nil
    }

    /// `ownTransform` of a node with rare geometry.
    @inline(never)
    static func rareOwnTransform(_ node: NodeRef, bounds: Rect, offset: Point) -> Transform? {
        let g = node.geometry
        let rotation = g.rotate ?? 0
        let scale = g.scale ?? Point(1, 1)
        if rotation == 0 && scale == Point(1, 1) { return nil }
        let c = Point(bounds.midX, bounds.midY) + offset
        var t = Transform.translation(-c.x, -c.y)
        if scale != Point(1, 1) { t = t.then(.scale(scale.x, scale.y)) }
        if rotation != 0 { t = t.then(exactRotation(degrees: rotation)) }
        return t.then(.translation(c.x, c.y))
    }

    /// Places `node` (already measured at `index`) with its own coordinates shifted by `offset`.
    mutating func place(_ node: NodeRef, index: Int, offset: Point, transform parentTransform: Int32) {
        boxes[index].offset = offset
        var transform = parentTransform
        if boxes[index].state != .connector, let own = Self.ownTransform(node, bounds: boxes[index].bounds, offset: offset) {
            transforms.append(parentTransform >= 0 ? own.then(transforms[Int(parentTransform)]) : own)
            transform = Int32(transforms.count - 1)
        }
        boxes[index].transform = transform
        switch boxes[index].state {
        case .connector:
            pendingConnectors.append((index, node.pointee))
            return
        case .ignored:
            return
        case .unplaced, .placed:
            boxes[index].state = .placed
        }
        guard node.kind.takesChildren, !node.children.isEmpty else { return }

        let bounds = boxes[index].bounds
        switch node.kind.layoutClass {
        case .container(let arrangement):
            arrangement.place(&self, node, index: index, bounds: bounds, offset: offset, transform: transform)
        case .box, .shape:
            placeAligned(node, index: index, in: shapeChildArea(node, index: index, bounds: bounds), offset: offset, transform: transform)
        case .line, .path, .stroke, .text, .image, .barcode, .spacer, .connector:
            break
        }
    }

    /// Places the flow children aligned by `align:` (default centre) in `content`, the
    /// container's own coordinates: shapes' labels areas and zstacks.
    mutating func placeAligned(_ node: NodeRef, index: Int, in content: Rect, offset: Point, transform: Int32) {
        let align = node.geometry.align ?? .center
        placeChildren(node, index: index, offset: offset, transform: transform) { engine, _, childIndex in
            let b = engine.boxes[childIndex].bounds
            return aligned(b.size, in: content, align) - b.origin
        }
    }

    /// Places each child: out-of-flow children by `at:` (or as connectors), flow children at
    /// `parentOffset + flowOffset(child)` — the closure runs for flow children only, in order.
    mutating func placeChildren(_ node: NodeRef, index: Int, offset: Point, transform: Int32,
                                        flowOffset: (inout LayoutEngine, NodeRef, Int) -> Point) {
        var childIndex = index + 1
        node.children.withUnsafeBufferPointer { children in
            for i in children.indices {
                let childOffset: Point
                if let fixed = outOfFlowOffset(children.baseAddress! + i, index: childIndex, parentOffset: offset, parentTransform: transform) {
                    childOffset = fixed
                } else {
                    childOffset = offset + flowOffset(&self, children.baseAddress! + i, childIndex)
                }
                place(children.baseAddress! + i, index: childIndex, offset: childOffset, transform: transform)
                childIndex = Int(boxes[childIndex].next)
            }
        }
    }
}
