// A page of 100,000 texts holds 100,000 scene items and a few million positioned glyphs at
// once: their sizes are a budget (the csv speed line of issue 20), not an accident.

import DrawBase
import DrawScene
import Testing

@Suite struct SceneSizeTests {
    @Test func glyphsAndItemsStayCompact() {
        #expect(MemoryLayout<Scene.PositionedGlyph>.stride == 16)
        #expect(MemoryLayout<Fill>.size <= 64)
        #expect(MemoryLayout<Stroke>.size <= 88)
        #expect(MemoryLayout<Scene.Item>.stride <= 168)
    }

    @Test func gradientsOutOfLineKeepTheirValue() {
        let gradient = Gradient(geometry: .linear(start: Point(0, 0), end: Point(1, 0)),
                                stops: [.init(offset: 0, color: .black), .init(offset: 1, color: .white)])
        var fill = Fill(gradient: gradient)
        #expect(fill.gradient == gradient)
        var copy = fill
        copy.gradient?.spread = .reflect
        #expect(copy.gradient?.spread == .reflect && fill.gradient?.spread == .pad)
        #expect(copy != fill)
        copy.gradient?.spread = .pad
        #expect(copy == fill && copy.hashValue == fill.hashValue)
        fill.gradient = nil
        #expect(fill.gradient == nil && fill != copy)
        var stroke = Stroke(color: .black)
        #expect(stroke.gradient == nil)
        stroke.gradient = gradient
        #expect(stroke.gradient == gradient && Set([stroke, stroke]).count == 1)
    }
}
