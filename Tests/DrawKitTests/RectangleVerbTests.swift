// `Scene.PathVerb.rect` (issue 21's speed line): a rectangle kept as two corners is a storage
// form of move, three lines and close. Every consumer must treat the two alike: the same PDF,
// SVG, PostScript, EPS and PNG bytes, the same IR dump, the same ink bounds (fill and stroke,
// under any transform), the same outlines and bounds in layout — and barcode modules, which
// layout now writes as `.rect`, must still draw exactly what their four-line form drew.

import DrawBarcodes
import DrawBase
import DrawDiagnostics
@testable import DrawKit
@testable import DrawLayout
import DrawScene
import DrawTestSupport
import Foundation
import Testing

@Suite struct RectangleVerbTests {
    /// Rectangles (x, y, width, height): ordinary ones, whole numbers as barcode modules are,
    /// one of width 0 and one of height 0 (which PDF cannot write as `re`), one starting from
    /// its bottom-right corner (negative size), one with a fraction past the fast digits.
    static let rectangles: [(Double, Double, Double, Double)] = [
        (10, 20, 30, 40), (0, 0, 1, 1), (3, 7, 2, 5), (50.25, 60.5, 0.125, 12.75), (70, 80, 0, 10),
        (90, 15, 5, 0), (120, 140, -20, -30), (33.333333, 44.44444, 55.55555, 1e-5),
    ]

    /// The rectangles as one path in either form, after `prefix` (a triangle) when given: so
    /// a `.rect` after other subpaths and a subpath after a `.rect` are both covered.
    static func path(compact: Bool, _ rects: [(Double, Double, Double, Double)] = rectangles, triangleAfter: Bool = true) -> Scene.Path {
        var b = Scene.PathBuilder()
        for (x, y, w, h) in rects {
            if compact { b.rect(from: Point(x, y), to: Point(x + w, y + h)) }
            else { b.addRect(Rect(x: x, y: y, width: w, height: h)) }
        }
        if triangleAfter {
            b.move(to: Point(200, 200)); b.line(to: Point(260, 210)); b.line(to: Point(230, 250)); b.close()
        }
        return b.finish()!
    }

    /// A page drawing the path filled, stroked (dashed, round joins), both, inside a rotated
    /// and a scaled group (as barcodes are), and as a clip.
    static func document(compact: Bool) -> Scene.Document {
        let p = path(compact: compact)
        let stroke = Stroke(color: color(0x1060C0), width: 2.5, join: .round, dash: [6, 3])
        let items: [Scene.Item] = [
            .path(p, Paint(fill: Fill(color: color(0x202020)))),
            .path(p, Paint(stroke: stroke)),
            .path(p, Paint(fill: Fill(color: color(0xC04020), rule: .evenOdd), stroke: Stroke(color: .black, width: 1))),
            .group(Scene.Group(transform: Transform.rotation(degrees: 30).then(.translation(150, 40)), items: [
                .path(p, Paint(fill: Fill(color: color(0x40A040)))),
            ])),
            .group(Scene.Group(transform: Transform(a: 1.4, b: 0, c: 0, d: 1.4, e: 20, f: 300), items: [
                .path(path(compact: compact, [(0, 0, 7, 1), (0, 1, 1, 6), (6, 1, 1, 6), (0, 6, 7, 1), (2, 2, 3, 3)], triangleAfter: false),
                      Paint(fill: Fill(color: .black))),
            ])),
            .group(Scene.Group(clip: path(compact: compact, [(300, 300, 100, 80)], triangleAfter: false), items: [
                .path(circle(340, 330, 60), Paint(fill: Fill(color: color(0x8040C0)))),
            ])),
        ]
        return Scene.Document(pages: [Scene.Page(size: Size(width: 420, height: 420), items: items)])
    }

    static func render(_ document: Scene.Document, _ format: OutputFormat) -> [[UInt8]] {
        var diagnostics: [Diagnostic] = []
        let files = DrawKit.render(document, format: format, options: CompileOptions(), diagnostics: &diagnostics)
        #expect(diagnostics.isEmpty, "\(format)")
        return files.map { $0.bytes }
    }

    @Test("PDF, SVG, PostScript, EPS and PNG write the same bytes for .rect as for move, three lines, close", arguments: OutputFormat.allCases)
    func sameBytes(_ format: OutputFormat) {
        let compact = Self.render(Self.document(compact: true), format)
        let lines = Self.render(Self.document(compact: false), format)
        #expect(!lines.isEmpty && lines.allSatisfy { !$0.isEmpty })
        #expect(compact == lines)
        // The test sees the form: the compact document really holds `.rect` verbs.
        #expect(Self.path(compact: true).verbs.filter { $0 == .rect }.count == Self.rectangles.count)
    }

    @Test("the IR dump prints a .rect as its four-line form")
    func irDump() {
        let compact = dumpIR(Self.document(compact: true))
        let lines = dumpIR(Self.document(compact: false))
        #expect(compact == lines)
        #expect(compact.contains("M 10 20 L 40 20 L 40 60 L 10 60 Z"))
    }

    @Test("ink bounds of a .rect fill and stroke equal the four-line form's, under rotation and scale too")
    func inkBounds() throws {
        let transforms: [Transform] = [.identity, Transform(a: 2, b: 0, c: 0, d: 3, e: 5, f: 7), .rotation(degrees: 30), .rotation(degrees: 90)]
        let paints = [Paint(fill: Fill(color: .black)), Paint(stroke: Stroke(color: .black, width: 3, join: .miter)),
                      Paint(stroke: Stroke(color: .black, width: 2, cap: .square, join: .bevel))]
        for transform in transforms {
            for paint in paints {
                for triangle in [false, true] {
                    var a = Scene.InkBounds.Box(), b = Scene.InkBounds.Box()
                    Scene.InkBounds.add(Self.path(compact: true, triangleAfter: triangle), paint, transform: transform, into: &a)
                    Scene.InkBounds.add(Self.path(compact: false, triangleAfter: triangle), paint, transform: transform, into: &b)
                    let ra = try #require(a.rect), rb = try #require(b.rect)
                    #expect(ra == rb, "\(transform) \(paint)")
                }
            }
        }
        // Rotated by 30°, a rectangle's box needs all four corners, not the two stored.
        var box = Scene.InkBounds.Box()
        Scene.InkBounds.add(Self.path(compact: true, [(0, 0, 10, 10)], triangleAfter: false), Paint(fill: Fill(color: .black)),
                            transform: .rotation(degrees: 45), into: &box)
        let r = try #require(box.rect)
        #expect(abs(r.width - 10 * 2.0.squareRoot()) < 1e-9 && abs(r.height - 10 * 2.0.squareRoot()) < 1e-9)
    }

    @Test("layout: outlines (clipping), tight bounds and a barcode's modules treat .rect as its four lines")
    func layout() throws {
        let compact = Self.path(compact: true), lines = Self.path(compact: false)
        #expect(flatten(compact) == flatten(lines))
        #expect(tightBounds(of: compact) == tightBounds(of: lines))
        // `addRects` (a barcode's modules) writes one `.rect` a rectangle, corners as given.
        var sink = PathSink()
        sink.addRects(count: 3) { i in (Double(i), Double(2 * i), 1.5, Double(i + 1)) }
        #expect(sink.verbs == [.rect, .rect, .rect])
        #expect(sink.points == [Point(0, 0), Point(1.5, 1), Point(1, 2), Point(2.5, 4), Point(2, 4), Point(3.5, 7)])
        // A close after it adds nothing (the rectangle is closed), as after the four-line form.
        sink.close()
        #expect(sink.verbs.count == 3)
    }

    @Test("a QR code and a Code 128 symbol are drawn from .rect modules, each module rectangle once")
    func barcodesUseRect() throws {
        let built = buildDocument(source: Array("""
            barcode "https://example.com/rect", type: qr
            barcode "RECT-123", type: code128, at: (0, 200)
            """.utf8), path: "rect.draw", options: CompileOptions())
        #expect(!built.hasErrors)
        let document = try #require(built.document)
        var paths: [Scene.Path] = []
        func collect(_ items: [Scene.Item]) {
            for item in items {
                switch item {
                case .path(let p, _): paths.append(p)
                case .group(let g): collect(g.items)
                default: break
                }
            }
        }
        collect(document.pages[0].items)
        let modulePaths = paths.filter { $0.verbs.contains(.rect) }
        #expect(modulePaths.count == 2)
        let qr = try encodeBarcode("https://example.com/rect", BarcodeRequest(symbology: .qr)).get()
        let rects = qr.rectangles
        let qrPath = try #require(modulePaths.first { $0.verbs.count == rects.count })
        #expect(qrPath.verbs.allSatisfy { $0 == .rect } && qrPath.points.count == 2 * rects.count)
        for (k, r) in rects.enumerated() {
            #expect(qrPath.points[2 * k] == Point(Double(r.x), Double(r.y)))
            #expect(qrPath.points[2 * k + 1] == Point(Double(r.x + r.width), Double(r.y + r.height)))
        }
    }
}
