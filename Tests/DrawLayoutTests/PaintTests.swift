// Paint in layout (issue 24): gradients resolved against the node's box, stop lengths
// turned into offsets, repeating gradients cut to their stops, patterns as clipped
// geometry anchored at the page origin, shadows and blend modes carried by the node's group.

import DrawBase
import DrawCatalogue
import DrawKit
import DrawScene
import Testing
#if canImport(Foundation)
import Foundation
#endif

private func document(_ source: String) throws -> Scene.Document {
    let built = buildDocument(source: Array(source.utf8), path: "paint.draw", options: CompileOptions())
    #expect(!built.hasErrors, "\(built.diagnostics)")
    return try #require(built.document)
}

private func paintedPaths(_ items: [Scene.Item]) -> [(Scene.Path, Paint)] {
    var result: [(Scene.Path, Paint)] = []
    for item in items {
        switch item {
        case .path(let path, let paint): result.append((path, paint))
        case .group(let group): result += paintedPaths(group.items)
        default: break
        }
    }
    return result
}

@Suite("Paint in layout")
struct PaintLayoutTests {
    @Test("a box-unit radial gradient maps the unit square onto the node's box")
    func radialBox() throws {
        let doc = try document("page size: (200, 100), margin: 0\nrect at: (0, 0), anchor: topLeft, size: (80, 40), stroke: none, fill: radial(white, black)")
        let gradient = try #require(paintedPaths(doc.pages[0].items).first?.1.fill?.gradient)
        #expect(gradient.transform == Transform(a: 80, b: 0, c: 0, d: 40, e: 0, f: 0))
        #expect(gradient.geometry == .radial(center: Point(0.5, 0.5), radius: 0.5, focal: Point(0.5, 0.5)))
        #expect(gradient.stops.map(\.offset) == [0, 1])
    }

    @Test("an angle makes a CSS gradient line through the centre to the corners")
    func linearAngle() throws {
        let doc = try document("page size: (200, 100), margin: 0\nrect at: (0, 0), anchor: topLeft, size: (100, 50), stroke: none, fill: linear(90deg, red, (gold, 10pt), blue)")
        let gradient = try #require(paintedPaths(doc.pages[0].items).first?.1.fill?.gradient)
        guard case .linear(let start, let end) = gradient.geometry else { Issue.record("not linear"); return }
        #expect(abs(start.x - 50) < 1e-9 && abs(start.y) < 1e-9 && abs(end.x - 50) < 1e-9 && abs(end.y - 50) < 1e-9)
        // 10pt along a 50pt line.
        #expect(zip(gradient.stops.map(\.offset), [0, 0.2, 1]).allSatisfy { abs($0 - $1) < 1e-12 })
        #expect(gradient.transform.isIdentity)
    }

    @Test("repeating gradients repeat their stops, not the whole line")
    func repeatCut() throws {
        let doc = try document("page size: (200, 100), margin: 0\nrect at: (0, 0), anchor: topLeft, size: (100, 50), stroke: none, fill: linear(red, (blue, 20pt), spread: repeat)")
        let gradient = try #require(paintedPaths(doc.pages[0].items).first?.1.fill?.gradient)
        guard case .linear(let start, let end) = gradient.geometry else { Issue.record("not linear"); return }
        #expect(abs(end.x - start.x - 20) < 1e-9)
        #expect(gradient.spread == .repeat)
        #expect(gradient.color(atOffset: gradient.spreadOffset(1.5)) == gradient.color(atOffset: 0.5))
    }

    @Test("a hatch fill is lines in a group clipped to the shape, anchored at the page origin")
    func hatchGeometry() throws {
        let doc = try document("page size: (100, 100), margin: 0\nrect at: (10, 10), anchor: topLeft, size: (50, 30), fill: hatch(0deg, 5pt, red, 1pt), stroke: black")
        guard case .group(let group) = doc.pages[0].items[0] else { Issue.record("no pattern group"); return }
        #expect(group.clip != nil)
        guard case .path(let lines, let paint) = group.items[0] else { Issue.record("no lines"); return }
        #expect(paint.stroke?.color == Color(red: 1, green: 0, blue: 0))
        // Horizontal lines at multiples of 5pt of the page, covering 10…40 (± the width).
        let ys = Set(lines.points.map { ($0.y * 1000).rounded() / 1000 })
        #expect(ys.isSuperset(of: [10, 15, 20, 25, 30, 35, 40]))
        #expect(ys.allSatisfy { $0.truncatingRemainder(dividingBy: 5) == 0 })
        // The outline comes after the pattern, stroked and not filled.
        guard case .path(_, let outline) = doc.pages[0].items[1] else { Issue.record("no outline"); return }
        #expect(outline.fill == nil && outline.stroke != nil)
    }

    @Test("shadows and blend modes ride on the node's group")
    func shadowGroup() throws {
        let doc = try document("page size: (100, 100), margin: 0\nrect at: (50, 50), size: (20, 20), fill: red, shadow: [(1, 2, 3, blue), (0, 0, 8pt)], blend: multiply")
        guard case .group(let group) = doc.pages[0].items[0] else { Issue.record("no group"); return }
        #expect(group.blend == .multiply)
        #expect(group.shadows == [Shadow(offset: Point(1, 2), blur: 3, color: Color(red: 0, green: 0, blue: 1)),
                                  Shadow(offset: .zero, blur: 8, color: Color(red: 0, green: 0, blue: 0, alpha: 0.35))])
    }

    @Test("gradients inherit down the tree like colours")
    func inherited() throws {
        let doc = try document("page size: (100, 100), margin: 0\ngroup fill: linear(red, blue) {\n  rect at: (10, 10), size: (20, 20)\n  rect at: (50, 50), size: (20, 20), fill: green\n}")
        let fills = paintedPaths(doc.pages[0].items).map(\.1.fill)
        #expect(fills.count == 2)
        #expect(fills[0]?.gradient != nil)
        #expect(fills[1]?.gradient == nil && fills[1]?.color == Color(r: 0, g: 128, b: 0))
    }
}

@Suite("Gradient evaluation")
struct GradientEvaluationTests {
    @Test("stops interpolate, pad clamps, reflect mirrors")
    func colours() {
        let g = Gradient(geometry: .linear(start: .zero, end: Point(100, 0)),
                         stops: [.init(offset: 0, color: .black), .init(offset: 1, color: .white)], spread: .reflect)
        #expect(g.color(atOffset: 0.25).red == 0.25)
        #expect(g.spreadOffset(1.25) == 0.75)
        #expect(g.offset(at: Point(50, 30)) == 0.5)
        var pad = g
        pad.spread = .pad
        #expect(pad.spreadOffset(-3) == 0 && pad.spreadOffset(7) == 1)
    }

    @Test("a radial offset is 0 at the focal point and 1 on the circle")
    func radial() throws {
        let g = Gradient(geometry: .radial(center: Point(0, 0), radius: 10, focal: Point(3, 0)),
                         stops: [.init(offset: 0, color: .black), .init(offset: 1, color: .white)])
        #expect(abs(try #require(g.offset(at: Point(3, 0)))) < 1e-9)
        #expect(abs(try #require(g.offset(at: Point(-10, 0))) - 1) < 1e-9)
        #expect(abs(try #require(g.offset(at: Point(0, 10))) - 1) < 1e-9)
    }

    @Test("segments of a reflected gradient alternate direction")
    func segments() {
        let g = Gradient(geometry: .linear(start: .zero, end: Point(1, 0)),
                         stops: [.init(offset: 0, color: .black), .init(offset: 0.5, color: .white), .init(offset: 1, color: .black)],
                         spread: .reflect)
        let s = g.segments(from: 0, to: 2)
        #expect(s.count == 4)
        #expect(s.map(\.start) == [0, 0.5, 1, 1.5])
        #expect(s[2].startColor == .black && s[2].endColor == .white)
    }

    @Test("the catalogue's blend words are the IR's blend modes, in order")
    func blendNames() {
        #expect(BlendModeNames.all == BlendMode.allCases.map(\.name))
        #expect(Property.blend.spec.words == BlendMode.allCases.map(\.name))
    }

    @Test("blend formulas of ISO 32000-1 §11.3.5")
    func blend() {
        #expect(BlendMode.multiply.separable(0.5, 0.5) == 0.25)
        #expect(BlendMode.screen.separable(0.5, 0.5) == 0.75)
        #expect(BlendMode.darken.separable(0.2, 0.7) == 0.2)
        #expect(abs(BlendMode.difference.separable(0.2, 0.7)! - 0.5) < 1e-12)
        #expect(BlendMode.overlay.separable(0.25, 1) == 0.5)
        #expect(BlendMode.hue.separable(0.1, 0.2) == nil)
    }
}
