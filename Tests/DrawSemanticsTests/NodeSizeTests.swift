import DrawBase
import DrawScene
@testable import DrawSemantics
import Testing

/// The node tree holds every node of a drawing at once (a million for large drawings), and
/// evaluation and layout move nodes around: its size is a budget, not an accident.
@Suite struct NodeSizeTests {
    @Test func nodeStaysCompact() {
        #expect(MemoryLayout<Node>.stride <= 168)
        #expect(MemoryLayout<NodeGeometry>.stride <= 56)
        #expect(MemoryLayout<ResolvedStyle>.stride <= 40)
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

    /// 8-bit colours are held inline, others in the box; either way a colour reads back
    /// exactly as set, and equal styles compare equal however they got their colours.
    @Test func colorsReadBackExactly() {
        let colors = [Color(r: 0x02, g: 0x5c, b: 0xc1), Color(r: 1, g: 2, b: 3, a: 128),
                      Color(red: 0.5, green: 0.25, blue: 1), Color(red: 0.2, green: 0, blue: 0, alpha: 0.5),
                      Color(red: -0.0, green: 0, blue: 0), Color(red: 1.5, green: 0, blue: 0)]
        for c in colors {
            var s = ResolvedStyle.initial
            s.fill = c; s.stroke = c; s.color = c
            for read in [s.fill!, s.stroke!, s.color, s.pathFill!.color, s.pathStroke!.color] {
                #expect(read.red.bitPattern == c.red.bitPattern && read.green.bitPattern == c.green.bitPattern)
                #expect(read.blue.bitPattern == c.blue.bitPattern && read.alpha.bitPattern == c.alpha.bitPattern)
            }
            #expect(s.hasTranslucentColor == (c.alpha < 1))
            // Back to an 8-bit colour: the same style as one that never had `c`.
            var t = s
            t.fill = .white; t.stroke = nil; t.color = .black
            var u = ResolvedStyle.initial
            u.fill = .white; u.stroke = nil
            #expect(t == u && t.hashValue == u.hashValue)
        }
        var a = ResolvedStyle.initial, b = ResolvedStyle.initial
        a.fill = Color(red: 0.5, green: 0.5, blue: 0.5); b.fill = Color(red: 0.5, green: 0.5, blue: 0.5)
        #expect(a == b)
        b.fill = Color(red: 0.5, green: 0.5, blue: 0.25)
        #expect(a != b)
    }

    /// `PackedColor.bits` keeps exactly the colours whose components are bytes over 255, bit
    /// for bit: every byte value of each component, and what falls between or outside.
    @Test func packedColorsAreExactlyTheByteColours() {
        for k in 0...255 {
            let byte = UInt8(k)
            for c in [Color(r: byte, g: 0, b: 0, a: 255), Color(r: 0, g: byte, b: 0, a: 255), Color(r: 0, g: 0, b: byte, a: 255),
                      Color(r: 255, g: 255, b: 255, a: byte), Color(r: byte, g: 255 &- byte, b: byte / 2, a: byte | 1)] {
                let bits = PackedColor.bits(c)
                #expect(bits != nil)
                if let bits {
                    let back = PackedColor.color(bits)
                    #expect(back.red.bitPattern == c.red.bitPattern && back.green.bitPattern == c.green.bitPattern
                        && back.blue.bitPattern == c.blue.bitPattern && back.alpha.bitPattern == c.alpha.bitPattern)
                }
            }
            // A hair off a byte, either way, is not one.
            let x = Double(k) / 255
            #expect(PackedColor.bits(Color(red: x.nextUp, green: 0, blue: 0, alpha: 1)) == nil)
            if k > 0 { #expect(PackedColor.bits(Color(red: 0, green: 0, blue: x.nextDown, alpha: 1)) == nil) }
        }
        #expect(PackedColor.bits(Color(r: 0x02, g: 0x5c, b: 0xc1)) == 0x025c_c1ff)
        for bad in [-0.0, -1 / 255, 256 / 255, 1.5, .nan, .infinity, -.infinity, 0.5, 1e300] {
            #expect(PackedColor.bits(Color(red: bad, green: 0, blue: 0, alpha: 1)) == nil, "\(bad)")
            #expect(PackedColor.bits(Color(red: 0, green: 0, blue: 0, alpha: bad)) == nil, "\(bad)")
        }
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
