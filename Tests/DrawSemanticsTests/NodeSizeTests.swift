import DrawBase
import DrawScene
@testable import DrawSemantics
import Testing

/// The node tree holds every node of a drawing at once (a million for large drawings), and
/// evaluation and layout move nodes around: its size is a budget, not an accident.
@Suite struct NodeSizeTests {
    @Test func nodeStaysCompact() {
        #expect(MemoryLayout<Node>.stride <= 256)
        #expect(MemoryLayout<NodeGeometry>.stride <= 56)
        #expect(MemoryLayout<ResolvedStyle>.stride <= 128)
    }

    @Test func styleCopiesShareTheRarelySetPart() {
        var a = ResolvedStyle.initial
        a.fill = Color(red: 1, green: 0, blue: 0)
        #expect(a.fill == Color(red: 1, green: 0, blue: 0))
        #expect(a == a)
        var b = a
        b.dash = [2, 1]
        #expect(a.dash.isEmpty && b.dash == [2, 1])
        #expect(a != b)
        b.fill = nil
        #expect(b.fill == nil && a.fill != nil)
    }

    @Test func geometryOptionalsRoundTrip() {
        var g = NodeGeometry()
        #expect(g.width == nil && g.at == nil && g.radius == nil && g.via.isEmpty)
        g.width = 0
        g.at = PointValue(Point(1, 2))
        #expect(g.width == 0 && g.at == PointValue(Point(1, 2)))
        var h = g
        h.rotate = 5
        h.at = nil
        #expect(g.rotate == nil && h.rotate == 5 && h.at == nil && g.at != nil)
        #expect(g != h)
    }
}
