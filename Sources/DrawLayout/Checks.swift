// The checks of a laid-out page: content areas and what overflows them, the coordinate
// range, the page's size and edges, label sheets' cells.

import DrawBase
import DrawCatalogue
import DrawDiagnostics
import DrawResources
import DrawFonts
import DrawOutput
import DrawScene
import DrawSemantics

extension LayoutEngine {
    /// The room a node gives its children, in its own coordinates: a shape's label area
    /// inside its padding, a stack's or grid's frame inside its padding, as they are placed.
    /// Nil for groups, which grow to hold their children wherever they are.
    func contentArea(_ node: NodeRef, index: Int) -> Rect? {
        let box = boxes[index]
        guard box.state == .placed else { return nil }
        switch node.kind.layoutClass {
        case .box, .shape:
            return shapeChildArea(node, index: index, bounds: box.bounds)
        case .container(let arrangement):
            return arrangement.contentArea(node, bounds: box.bounds)
        case .line, .path, .stroke, .text, .image, .barcode, .spacer, .connector:
            return nil
        }
    }

    /// A placed box's frame in content coordinates; a box turned by a transform of its own
    /// (not its container's) by its turned bounds, in the container's frame.
    func turnedFrame(_ box: Box, in container: Box) -> Rect {
        var frame = Rect(origin: box.bounds.origin + box.offset, size: box.bounds.size)
        if box.transform >= 0, box.transform != container.transform {
            frame = transformedBounds(frame, transforms[Int(box.transform)])
            if container.transform >= 0, let inverse = transforms[Int(container.transform)].inverted {
                frame = transformedBounds(frame, inverse)
            }
        }
        return frame
    }

    /// How far `frame` reaches past `area`, side by side (top, right, bottom, left), where it
    /// is more than the overflow tolerance: "3pt at the top"; empty when it fits.
    func overflowSides(_ frame: Rect, beyond area: Rect) -> [String] {
        let tolerance = LayoutDefaults.overflowTolerance
        let amounts = [(area.minY - frame.minY, "top"), (frame.maxX - area.maxX, "right"),
                       (frame.maxY - area.maxY, "bottom"), (area.minX - frame.minX, "left")]
        return amounts.compactMap { amount, side in amount > tolerance ? LayoutMessages.overflowSide(amount, side) : nil }
    }

    /// Warns when a text placed in a shape, stack or grid reaches past the room its parent
    /// has (`contentArea`), with the amount on each side. The text's own box (`width:`,
    /// `height:`) is its frame here; a text that overflows that is `checkTextFits`' warning.
    mutating func checkTextInside(_ text: NodeRef, index: Int, parent: NodeRef, parentIndex: Int, area local: Rect) {
        let box = boxes[index], parentBox = boxes[parentIndex]
        guard box.state == .placed else { return }
        let area = Rect(origin: local.origin + parentBox.offset, size: local.size)
        // A text turned by its own `rotate:` is compared by its turned bounds, in the parent's frame.
        let frame = turnedFrame(box, in: parentBox)
        let sides = overflowSides(frame, beyond: area)
        guard !sides.isEmpty else { return }
        report(LayoutMessages.textOutsideParent(parent.kind, sides: sides, area: area.size, frame: frame.size, at: text.span,
                                                parentSpan: parent.span))
    }

    /// The frame of a placed node (or connector) in content coordinates, its rotation and
    /// scale applied; nil for what has no extent (spacers, empty groups, unplaced nodes).
    /// `mutating` only so that the engine is passed by reference: its callers are mutating,
    /// and a call of a non-mutating method from one copies the whole engine (~1 KB) for it
    /// (per node of `checkCoordinateRange`, issue 38).
    mutating func contentFrame(index: Int) -> Rect? {
        let box = boxes[index]
        switch box.state {
        case .placed:
            if box.kind == .spacer || (box.kind == .group && box.bounds.width == 0 && box.bounds.height == 0) { return nil }
            let r = Rect(origin: box.bounds.origin + box.offset, size: box.bounds.size)
            return box.transform >= 0 ? transformedBounds(r, transforms[Int(box.transform)]) : r
        case .connector:
            guard box.side >= 0, let b = connectors[Int(box.side)].bounds else { return nil }
            return box.transform >= 0 ? transformedBounds(b, transforms[Int(box.transform)]) : b
        case .unplaced, .ignored:
            return nil
        }
    }

    /// Reports the innermost node whose frame reaches beyond
    /// `Scene.maximumCoordinate` (or is not finite), so the error points at what made it:
    /// `scale: 1e6` on a group of wide shapes, a path whose relative moves run away.
    /// Returns whether anything in this subtree was reported.
    mutating func checkCoordinateRange(_ node: NodeRef, index: Int) -> Bool {
        guard let frame = contentFrame(index: index) else { return false }
        let limit = Scene.maximumCoordinate
        func inRange(_ v: Double) -> Bool { abs(v) <= limit }
        // In the drawing's own coordinates (a page sized to its content shifts them; the page
        // size is checked on its own).
        let f = frame
        guard !(inRange(f.minX) && inRange(f.minY) && inRange(f.maxX) && inRange(f.maxY)) else { return false }
        var childIndex = index + 1
        var reportedChild = false
        node.children.withUnsafeBufferPointer { children in
            for i in children.indices {
                if checkCoordinateRange(children.baseAddress! + i, index: childIndex) { reportedChild = true }
                childIndex = Int(boxes[childIndex].next)
            }
        }
        if reportedChild { return true }
        func text(_ v: Double) -> String {
            if inRange(v) { return formatPoints(v) }
            if !v.isFinite { return v.isNaN ? "undefined" : v > 0 ? "infinity" : "-infinity" }
            return abs(v) < 1e15 ? String(Int64(v.rounded())) : "\(v)"
        }
        report(LayoutMessages.outOfRange(node.kind, x: (text(f.minX), text(f.maxX)), y: (text(f.minY), text(f.maxY)), at: node.span))
        return true
    }

    /// Reports a page larger than `Scene.maximumPageSide`: at its `page size:` when it has one,
    /// else at the first top-level node that reaches past the limit (a page sized to its
    /// content), else at the page.
    mutating func reportPageTooLarge(_ page: PageNode, size: Size) {
        let limit = Scene.maximumPageSide
        var span = page.settings.span
        if page.settings.size == nil {
            var index = 0
            page.nodes.withUnsafeBufferPointer { nodes in
                for i in nodes.indices {
                    if let f = contentFrame(index: index), f.maxX + origin.x > limit || f.maxY + origin.y > limit {
                        span = nodes[i].span
                        break
                    }
                    index = Int(boxes[index].next)
                }
            }
        }
        report(LayoutMessages.pageTooLarge(size, sizedByContent: page.settings.size == nil, at: span))
    }

    /// Warns when a top-level node (or connector) reaches outside a page of fixed size.
    mutating func checkInsidePage(_ node: NodeRef, index: Int, size: Size) {
        let box = boxes[index]
        guard let f = contentFrame(index: index) else { return }
        let page = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let onPage = Rect(origin: f.origin + origin - trimOrigin, size: f.size)
        // Bleeding past an edge is often meant; a node mostly (or wholly) off the page is not.
        let inside = Rect(x: max(page.minX, onPage.minX), y: max(page.minY, onPage.minY), width: 0, height: 0)
        let insideWidth = max(0, min(page.maxX, onPage.maxX) - inside.minX)
        let insideHeight = max(0, min(page.maxY, onPage.maxY) - inside.minY)
        let fully = onPage.maxX < page.minX || onPage.maxY < page.minY || onPage.minX > page.maxX || onPage.minY > page.maxY
        if !fully {
            // The share of the frame on the page; a side thinner than a point counts whole.
            let shareX = onPage.width < 1 ? 1 : insideWidth / onPage.width
            let shareY = onPage.height < 1 ? 1 : insideHeight / onPage.height
            guard shareX * shareY < 0.5 else {
                // Text cut by the page edge is never meant: say by how much.
                let over = max(page.minX - onPage.minX, onPage.maxX - page.maxX, page.minY - onPage.minY, onPage.maxY - page.maxY)
                if box.kind == .text, over > LayoutDefaults.overflowTolerance {
                    report(LayoutMessages.textOffPage(by: over, page: size, at: node.span))
                }
                return
            }
        }
        report(LayoutMessages.outsidePage(node.kind, fully: fully, page: size, frame: onPage, at: node.span))
    }

    /// A label of a `labels` sheet whose body reaches past its die-cut cell would print onto
    /// the neighbouring label: a warning at the body's node, once per place in the source
    /// (every label comes from the same block; the sink keeps one per id and place). Frames are compared in content coordinates,
    /// before the sheet's `scale:` (which maps cell and body alike).
    mutating func checkLabelCell(_ node: NodeRef, index: Int) {
        guard let cell = node.geometry.labelCell, node.kind == .group else { return }
        let end = Int(boxes[index].next)
        let die = index + 1
        guard die < end else { return }
        let dieBox = boxes[die]
        let cellFrame = Rect(origin: dieBox.bounds.origin + dieBox.offset, size: dieBox.bounds.size)
        let children = node.children
        var child = Int(dieBox.next)
        var position = 1
        while child < end, position < children.count {
            defer { child = Int(boxes[child].next); position += 1 }
            let box = boxes[child]
            guard box.state == .placed, box.kind != .spacer else { continue }
            // A body turned by its own `rotate:` is compared by its turned bounds.
            let frame = turnedFrame(box, in: boxes[index])
            let sides = overflowSides(frame, beyond: cellFrame)
            guard !sides.isEmpty else { continue }
            report(LayoutMessages.labelLargerThanCell(children[position].kind, frame: frame.size, cell: cellFrame.size,
                                                      template: cell.template, label: cell.index, sides: sides,
                                                      at: children[position].span))
        }
    }


    /// The parent-room check of `emitChildren` for a layout that emits no items (the language
    /// server's): the same walk over the children, so both report the same warnings.
    mutating func checkTextsInsideParents(_ node: NodeRef, index: Int) {
        guard !node.children.isEmpty else { return }
        var childIndex = index + 1
        let area = contentArea(node, index: index)
        node.children.withUnsafeBufferPointer { children in
            for i in children.indices {
                if let area, children[i].kind == .text {
                    checkTextInside(children.baseAddress! + i, index: childIndex, parent: node, parentIndex: index, area: area)
                }
                checkTextsInsideParents(children.baseAddress! + i, index: childIndex)
                childIndex = Int(boxes[childIndex].next)
            }
        }
    }
}
