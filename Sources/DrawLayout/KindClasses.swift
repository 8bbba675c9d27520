// What layout needs of each node kind, declared once: one exhaustive mapping from `NodeKind`
// to its layout class, on the model of pikchr's `PClass` ("the behavior of an object class
// is defined by an instance of this structure").
//
// The passes (Measure.swift, Place.swift, Emit.swift, Links.swift) switch over the class,
// never over the kinds, and never with `default:`: a kind's behaviour is its class's arm of
// each pass. A diagram shape is one geometry entry (a `DiagramShape` conformance in
// Shapes.swift, named in `layoutClass` below); adding a shape is its catalogue entry
// (DrawCatalogue's NodeKinds.swift) and that entry, both checked by the compiler.

import DrawCatalogue

/// How a node of a kind is measured, placed, connected and drawn.
enum LayoutClass {
    /// `rect`, `ellipse`, `circle`: a frame sized by `width`/`height` (or `r:`), or by its
    /// label and children plus padding; outline a (rounded) rectangle or an ellipse.
    case box(BoxForm)
    /// A diagram shape: outline, label area, frame for a content size and default size from
    /// its geometry entry.
    case shape(any DiagramShape.Type)
    /// `line`, `arrow`, `polyline`, `polygon`: segments through points, or a connector when
    /// an end names a node.
    case line
    /// SVG path data.
    case path
    /// Freehand ink: one variable-width outline.
    case stroke
    case text
    case image
    case barcode
    /// Flexible space in a stack.
    case spacer
    /// `a -> b`: computed after the page is placed.
    case connector
    /// `group`, `vstack`, `hstack`, `zstack`, `grid`: children arranged by the conformance
    /// (Arrangements.swift).
    case container(any Arrangement.Type)
}

/// The three box kinds' outlines.
enum BoxForm {
    case rect, ellipse, circle
}

extension NodeKind {
    /// The kind's layout class: the one switch over kinds that layout has.
    var layoutClass: LayoutClass {
        switch self {
        case .rect: .box(.rect)
        case .ellipse: .box(.ellipse)
        case .circle: .box(.circle)
        case .line, .arrow, .polyline, .polygon: .line
        case .path: .path
        case .stroke: .stroke
        case .text: .text
        case .image: .image
        case .barcode: .barcode
        case .spacer: .spacer
        case .connector: .connector
        case .group: .container(GroupArrangement.self)
        case .vstack: .container(VStackArrangement.self)
        case .hstack: .container(HStackArrangement.self)
        case .zstack: .container(ZStackArrangement.self)
        case .grid: .container(GridArrangement.self)
        case .graph: .container(GraphArrangement.self)
        // The diagram shapes: one geometry entry each (Shapes.swift).
        case .diamond: .shape(DiamondShape.self)
        case .triangle: .shape(TriangleShape.self)
        case .hexagon: .shape(HexagonShape.self)
        case .octagon: .shape(OctagonShape.self)
        case .parallelogram: .shape(ParallelogramShape.self)
        case .trapezoid: .shape(TrapezoidShape.self)
        case .star: .shape(StarShape.self)
        case .regularPolygon: .shape(RegularPolygonShape.self)
        case .pentagon: .shape(PentagonShape.self)
        case .cylinder: .shape(CylinderShape.self)
        case .document: .shape(DocumentShape.self)
        case .note: .shape(NoteShape.self)
        case .cloud: .shape(CloudShape.self)
        case .capsule: .shape(CapsuleShape.self)
        case .person: .shape(PersonShape.self)
        }
    }

    /// The geometry of a diagram shape; nil for every other kind.
    var shapeGeometry: (any DiagramShape.Type)? {
        if case .shape(let geometry) = layoutClass { return geometry }
        return nil
    }
}
