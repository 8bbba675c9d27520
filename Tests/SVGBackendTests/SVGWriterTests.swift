import DrawBase
import DrawFonts
import DrawOutput
import DrawScene
import DrawTestSupport
import Foundation
import Testing
@testable import SVGBackend

/// Hand-built documents covering every IR feature. Each case is checked against its golden
/// file, with xmllint and with rsvg-convert.
enum Cases {
    static let all: [(name: String, document: Scene.Document)] = [
        ("paths", paths), ("groups", groups), ("text", text), ("adversarial", adversarial),
        ("images", images), ("multipage", multipage), ("empty", empty), ("truetype-empty-face", trueTypeEmptyFace),
        ("truetype", trueType), ("degenerate", degenerate),
    ]

    static var paths: Scene.Document {
        let red = Color(r: 220, g: 40, b: 40)
        let blue = Color(r: 30, g: 90, b: 200)
        var star = Scene.PathBuilder()
        for i in 0..<5 {
            let angle = Double(i) * 4 * Double.pi / 5 - Double.pi / 2
            let p = Point(250 + 40 * cos(angle), 60 + 40 * sin(angle))
            if i == 0 { star.move(to: p) } else { star.line(to: p) }
        }
        star.close()
        var twoSubpaths = Scene.PathBuilder()
        twoSubpaths.addRect(Rect(x: 320, y: 20, width: 80, height: 80))
        twoSubpaths.addRect(Rect(x: 340, y: 40, width: 40, height: 40))
        let items: [Scene.Item] = [
            .path(rectPath(20, 20, 80, 60), Paint(fill: Fill(color: red))),
            .path(rectPath(40, 40, 80, 60), Paint(fill: Fill(color: blue.withAlpha(0.5)), stroke: Stroke(color: .black, width: 2))),
            .path(circle(180, 60, 35), Paint(fill: Fill(color: .black))),
            .path(star.finish()!, Paint(fill: Fill(color: Color(r: 250, g: 200, b: 0), rule: .evenOdd), stroke: Stroke(color: .black, join: .round))),
            .path(twoSubpaths.finish()!, Paint(fill: Fill(color: Color(r: 0, g: 150, b: 80), rule: .evenOdd))),
            .path(polygon([(20, 130), (120, 130)], close: false), Paint(stroke: Stroke(color: .black, width: 10, cap: .butt))),
            .path(polygon([(20, 160), (120, 160)], close: false), Paint(stroke: Stroke(color: .black, width: 10, cap: .round))),
            .path(polygon([(20, 190), (120, 190)], close: false), Paint(stroke: Stroke(color: .black, width: 10, cap: .square))),
            .path(polygon([(150, 200), (180, 130), (210, 200)], close: false), Paint(stroke: Stroke(color: red, width: 8, join: .miter, miterLimit: 10))),
            .path(polygon([(230, 200), (260, 130), (290, 200)], close: false), Paint(stroke: Stroke(color: red, width: 8, join: .miter, miterLimit: 1.5))),
            .path(polygon([(310, 200), (340, 130), (370, 200)], close: false), Paint(stroke: Stroke(color: red, width: 8, join: .bevel))),
            .path(polygon([(20, 230), (400, 230)], close: false), Paint(stroke: Stroke(color: blue, width: 3, dash: [12, 4]))),
            .path(polygon([(20, 245), (400, 245)], close: false), Paint(stroke: Stroke(color: blue, width: 3, dash: [12, 4], dashOffset: 6))),
            .path(polygon([(20, 260), (400, 260)], close: false), Paint(stroke: Stroke(color: blue.withAlpha(0.25), width: 6, cap: .round, dash: [0, 12]))),
            .path(rectPath(20, 275, 380, 20), Paint(stroke: Stroke(color: .black, width: 1, dash: [5]))),
            // A fill without paint and an empty path draw nothing and write nothing.
            .path(rectPath(0, 0, 10, 10), Paint()),
            .path(Scene.Path(), Paint(fill: Fill(color: .black))),
        ]
        return Scene.Document(pages: [Scene.Page(size: Size(420, 310), background: .white, items: items)])
    }

    static var groups: Scene.Document {
        let box = rectPath(0, 0, 60, 40)
        let fill = Paint(fill: Fill(color: Color(r: 70, g: 130, b: 180)), stroke: Stroke(color: .black))
        let clipCircle = circle(30, 20, 22)
        let items: [Scene.Item] = [
            .group(Scene.Group(transform: .translation(20, 20), items: [.path(box, fill)])),
            .group(Scene.Group(transform: .scale(1.5, 0.75), items: [.path(rectPath(60, 30, 60, 40), fill)])),
            .group(Scene.Group(transform: .rotation(degrees: 30).then(.translation(220, 20)), items: [.path(box, fill)])),
            .group(Scene.Group(transform: Transform(a: 1, b: 0.2, c: 0.5, d: 1, e: 300, f: 20), items: [.path(box, fill)])),
            // Clipped and translucent; the same clip twice gets one id.
            .group(Scene.Group(transform: .translation(20, 100), clip: clipCircle, opacity: 0.5, items: [
                .path(box, Paint(fill: Fill(color: Color(r: 200, g: 0, b: 0)))),
            ])),
            .group(Scene.Group(transform: .translation(100, 100), clip: clipCircle, items: [
                .path(box, Paint(fill: Fill(color: Color(r: 0, g: 160, b: 0)))),
            ])),
            // Nested: an outer clip and rotation, an inner translucent group.
            .group(Scene.Group(transform: .translation(250, 130), clip: rectPath(-40, -30, 80, 60), items: [
                .group(Scene.Group(transform: .rotation(degrees: -20), opacity: 0.75, items: [
                    .path(rectPath(-60, -15, 120, 30), Paint(fill: Fill(color: Color(r: 255, g: 140, b: 0)))),
                    .group(Scene.Group(items: [.path(circle(0, 0, 8), Paint(fill: Fill(color: .black)))])),
                ])),
            ])),
            // An identity group is flattened; an empty group disappears (with its clip).
            .group(Scene.Group(items: [.path(rectPath(330, 110, 30, 30), fill)])),
            .group(Scene.Group(transform: .translation(5, 5), clip: rectPath(0, 0, 1, 1), items: [])),
        ]
        return Scene.Document(pages: [Scene.Page(size: Size(400, 200), background: Color(r: 245, g: 245, b: 240), items: items)])
    }

    static var text: Scene.Document {
        var items: [Scene.Item] = []
        let fonts = Standard14Font.allCases
        for (index, font) in fonts.enumerated() {
            let sample: String
            switch font {
            // "a" set in Symbol shows α, as in PDF.
            case .symbol: sample = "αβγ ∑∫ ≤≥ → ∞ abc"
            case .zapfDingbats: sample = "✈✉✓✔✗ ❤ ➔"
            default: sample = "\(font.postScriptName): AVATAR Wave, office fi fl To."
            }
            items.append(.text(layoutRun(sample, font: Scene.FontID(index), as: font, size: 16, at: Point(20, 30 + Double(index) * 24))))
        }
        items.append(.text(layoutRun("Coloured 50%", font: Scene.FontID(0), as: .helvetica, size: 20,
                                     at: Point(20, 380), color: Color(red: 0.8, green: 0.1, blue: 0.1, alpha: 0.5))))
        items.append(.text(layoutRun("Blue  two  spaces", font: Scene.FontID(1), as: .helveticaBold, size: 20,
                                     at: Point(200, 380), color: Color(r: 0, g: 0, b: 255))))
        return Scene.Document(
            pages: [Scene.Page(size: Size(500, 400), background: .white, items: items)],
            fonts: fonts.map { .standard($0) },
            metadata: Scene.Metadata(title: "Standard fonts"))
    }

    static let hostileStrings = [
        "<script>alert(1)</script>",
        "]]> <![CDATA[ x ]]>",
        "\"quoted\" & 'single' <b>bold</b>",
        "ctl:\u{0}\u{1}\u{8}\u{B}\u{C}\u{1B}\u{7F}\u{85}\u{9F}\u{FFFE}\u{FFFF}end",
        "tab\tnl\ncr\r.",
        "&amp; &#60; &lt;",
    ]

    static var adversarial: Scene.Document {
        var items: [Scene.Item] = []
        for (index, string) in hostileStrings.enumerated() {
            items.append(.text(layoutRun(string, font: Scene.FontID(0), as: .courier, size: 12, at: Point(10, 20 + Double(index) * 18))))
        }
        return Scene.Document(
            pages: [Scene.Page(size: Size(400, 130), background: .white, items: items)],
            fonts: [.standard(.courier)],
            metadata: Scene.Metadata(title: "</title><script>alert('x')</script>]]>\u{1}&"))
    }

    static var images: Scene.Document {
        let items: [Scene.Item] = [
            .image(Scene.ImageItem(image: Scene.ImageID(0), rect: Rect(x: 10, y: 10, width: 80, height: 80))),
            .image(Scene.ImageItem(image: Scene.ImageID(1), rect: Rect(x: 100, y: 10, width: 40, height: 80))),
            .group(Scene.Group(transform: .rotation(degrees: 15).then(.translation(170, 20)), opacity: 0.5, items: [
                .image(Scene.ImageItem(image: Scene.ImageID(0), rect: Rect(x: 0, y: 0, width: 60, height: 30))),
            ])),
        ]
        return Scene.Document(
            pages: [Scene.Page(size: Size(260, 100), background: .white, items: items)],
            images: [
                Scene.ImageResource(format: .png, bytes: Fixtures.png2x2, pixelWidth: 2, pixelHeight: 2),
                Scene.ImageResource(format: .jpeg, bytes: Fixtures.jpeg8x8, pixelWidth: 8, pixelHeight: 8),
            ])
    }

    static var multipage: Scene.Document {
        let clip = rectPath(0, 0, 50, 50)
        func page(_ n: Int) -> Scene.Page {
            Scene.Page(size: Size(200, 100), background: n == 1 ? .white : Color(r: 255, g: 255, b: 200), items: [
                .group(Scene.Group(clip: clip, items: [.path(circle(50, 50, 40), Paint(fill: Fill(color: .black)))])),
                .text(layoutRun("Page \(n)", font: Scene.FontID(n - 1), as: n == 1 ? .timesRoman : .timesBold, size: 24, at: Point(100, 60))),
            ])
        }
        return Scene.Document(pages: [page(1), page(2)], fonts: [.standard(.timesRoman), .standard(.timesBold)])
    }

    static var empty: Scene.Document {
        Scene.Document(pages: [Scene.Page(size: Size(100.5, 50.25))])
    }

    /// TrueType text as outlines (DejaVu Sans, WenQuanYi Micro Hei), with the same text kept
    /// selectable; glyphs used twice are defined once.
    static var trueType: Scene.Document {
        let items: [Scene.Item] = [
            .text(layoutRun("Hamburgefonstiv AVATAR Wave ÄÖÜ Łódź Привет!", font: Scene.FontID(0), face: TestFonts.dejaVuSans, size: 18, at: Point(10, 30))),
            .text(layoutRun("<&> \"quotes\" 123", font: Scene.FontID(0), face: TestFonts.dejaVuSans, size: 12, at: Point(10, 55),
                            color: Color(r: 200, g: 30, b: 30, a: 128))),
            .group(Scene.Group(transform: .rotation(degrees: -10).then(.translation(260, 100)), items: [
                .text(layoutRun("你好，世界 ABC", font: Scene.FontID(1), face: TestFonts.microHei, size: 24, at: Point(0, 0),
                                color: Color(r: 0, g: 90, b: 200))),
            ])),
            .text(layoutRun("Helvetica beside", font: Scene.FontID(2), as: .helvetica, size: 14, at: Point(10, 110))),
        ]
        return Scene.Document(
            pages: [Scene.Page(size: Size(520, 130), background: .white, items: items)],
            fonts: [.trueType(TestFonts.dejaVuSans), .trueType(TestFonts.microHei), .standard(.helvetica)])
    }

    /// Values layout should never produce still give a file that parses and renders cleanly.
    static var degenerate: Scene.Document {
        let nan = Double.nan, inf = Double.infinity
        var run = layoutRun("size zero", font: Scene.FontID(0), as: .helvetica, size: 0, at: Point(5, 5))
        var negative = run
        negative.size = -12
        run.origin = Point(nan, inf)
        let items: [Scene.Item] = [
            .path(polygon([(nan, 1), (inf, -inf), (5, nan)]), Paint(fill: Fill(color: Color(red: nan, green: 2, blue: -1, alpha: nan)),
                                                              stroke: Stroke(color: .black, width: -3, miterLimit: nan, dash: [nan, 2], dashOffset: inf))),
            .text(run), .text(negative),
            .text(layoutRun("far", font: Scene.FontID(0), as: .helvetica, size: 1e300, at: Point(1e300, -1e300))),
            .image(Scene.ImageItem(image: Scene.ImageID(0), rect: Rect(x: 0, y: 0, width: -10, height: 10))),
            .image(Scene.ImageItem(image: Scene.ImageID(7), rect: Rect(x: 0, y: 0, width: 10, height: 10))),
            .text(layoutRun("no such font", font: Scene.FontID(9), as: .helvetica, size: 10, at: .zero)),
            .group(Scene.Group(transform: Transform(a: nan, b: 0, c: 0, d: inf, e: 0, f: 0), clip: Scene.Path(), opacity: nan, items: [
                .path(rectPath(0, 0, 10, 10), Paint(fill: Fill(color: .black))),
            ])),
        ]
        return Scene.Document(
            pages: [Scene.Page(size: Size(50, 50), background: Color(red: 0.5, green: 0.5, blue: 0.5, alpha: -1), items: items)],
            fonts: [.standard(.helvetica)],
            images: [Scene.ImageResource(format: .png, bytes: Fixtures.png2x2, pixelWidth: -2, pixelHeight: 0)])
    }

    /// A face without outlines (the synthetic test face): only the selectable text remains.
    static var trueTypeEmptyFace: Scene.Document {
        let face = TrueTypeFontRef(postScriptName: "DejaVuSans'}</style><script>")
        var run = layoutRun("TrueType", font: Scene.FontID(0), as: .helvetica, size: 18, at: Point(10, 30))
        run.glyphs = run.glyphs.enumerated().map { Scene.PositionedGlyph(glyph: UInt16($0.offset + 3), x: $0.element.x, scalar: $0.element.scalar) }
        return Scene.Document(pages: [Scene.Page(size: Size(200, 50), items: [.text(run)])], fonts: [.trueType(face)])
    }
}

extension Color {
    func withAlpha(_ alpha: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: alpha) }
}

func string(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

@Suite struct SVGWriterGoldenTests {
    @Test(arguments: Cases.all.map(\.name))
    func matchesGolden(_ name: String) {
        let document = Cases.all.first { $0.name == name }!.document
        let files = SVGWriter.render(document)
        #expect(files.count == document.pages.count)
        for (index, file) in files.enumerated() {
            Golden.check(file, name: files.count == 1 ? "\(name).svg" : "\(name)-\(index + 1).svg")
        }
    }

    @Test(.enabled(if: ExternalTool.shouldRun("xmllint")), arguments: Cases.all.map(\.name))
    func wellFormed(_ name: String) {
        for file in SVGWriter.render(Cases.all.first { $0.name == name }!.document) {
            ExternalTool.expectWellFormed(file)
        }
    }

    @Test(.enabled(if: ExternalTool.shouldRun("rsvg-convert")), arguments: Cases.all.map(\.name))
    func renders(_ name: String) {
        for file in SVGWriter.render(Cases.all.first { $0.name == name }!.document) {
            ExternalTool.expectRenders(file)
        }
    }

    @Test func deterministic() {
        for (_, document) in Cases.all {
            #expect(SVGWriter.render(document) == SVGWriter.render(document))
        }
    }

    /// A page of many items is written in two halves on two threads; the bytes must be those
    /// of one writer going through the items in order. (The same items inside one group that
    /// changes nothing are flattened into the same output, and are written in one go.)
    @Test func largePagesWrittenInHalvesGiveTheSameBytes() {
        for (name, document) in Cases.all {
            for page in document.pages where !page.items.isEmpty {
                var items: [Scene.Item] = []
                while items.count < 2 * SVGPageWriter.parallelItems + 3 { items += page.items }
                var halves = document, whole = document
                halves.pages = [Scene.Page(size: page.size, background: page.background, items: items)]
                whole.pages = [Scene.Page(size: page.size, background: page.background, items: [.group(Scene.Group(items: items))])]
                #expect(SVGWriter.render(halves) == SVGWriter.render(whole), "\(name)")
            }
        }
    }

    /// Clip paths, gradients, filters and patterns are numbered in first-use order across the
    /// page, which a writer of a later part cannot know: it stops before the first item that
    /// needs one and the first writer goes on from there (issue 38). Each case's items —
    /// clips, gradients, shadows, patterns, text in groups — put among many plain shapes at
    /// places in different parts (a part's start, its middle, the page's last item) must give
    /// the bytes of one writer going through the items in order.
    @Test func definitionsInLaterPartsGiveTheSameBytes() {
        let filler = Scene.Item.path(rectPath(1, 2, 3, 4), Paint(fill: Fill(color: .black), stroke: Stroke(color: .white, width: 1)))
        let count = 3 * SVGPageWriter.parallelItems
        // Every kind of numbered definition, one by one and twice (ids used again).
        let gradient = Gradient(geometry: .linear(start: Point(0, 0), end: Point(10, 0)),
                                stops: [Gradient.Stop(offset: 0, color: .black), Gradient.Stop(offset: 1, color: .white)])
        var patterned = Fill(color: .black)
        patterned.pattern = Scene.PatternID(0)
        var gradientStroke = Stroke(color: .black, width: 2)
        gradientStroke.gradient = gradient
        var shadowed = Scene.Group(items: [filler])
        shadowed.shadows = [Shadow(offset: Point(2, 2), blur: 2, color: .black)]
        let definitions: [Scene.Item] = [
            .path(rectPath(5, 5, 10, 10), Paint(fill: Fill(gradient: gradient))),
            .group(Scene.Group(transform: .translation(3, 0), items: [filler, .group(Scene.Group(clip: rectPath(0, 0, 5, 5), items: [filler]))])),
            .group(shadowed),
            .path(rectPath(5, 5, 10, 10), Paint(fill: patterned)),
            .path(rectPath(5, 5, 10, 10), Paint(stroke: gradientStroke)),
        ]
        var paints = Scene.Document(pages: [Scene.Page(size: Size(100, 100), items: definitions + definitions)])
        paints.patterns = [Scene.PatternResource(size: Size(4, 4), step: Size(6, 6), transform: .identity, items: [filler])]
        for (name, document) in Cases.all + [("paints", paints)] {
            for page in document.pages where !page.items.isEmpty {
                for places in [[count / 8, count / 2 + 17, count - 1], [count / 3, count / 3 + 1], [0, count / 4 * 3]] {
                    var items = Array(repeating: filler, count: count)
                    for place in places.reversed() { items.insert(contentsOf: page.items, at: place) }
                    var parts = document, whole = document
                    parts.pages = [Scene.Page(size: page.size, background: page.background, items: items)]
                    whole.pages = [Scene.Page(size: page.size, background: page.background, items: [.group(Scene.Group(items: items))])]
                    #expect(SVGWriter.render(parts) == SVGWriter.render(whole), "\(name) \(places)")
                }
            }
        }
    }
}

@Suite struct SVGWriterFeatureTests {
    private func render(_ items: [Scene.Item], fonts: [Scene.FontResource] = [], size: Size = Size(100, 100)) -> String {
        string(SVGWriter.render(Scene.Document(pages: [Scene.Page(size: size, items: items)], fonts: fonts))[0])
    }

    @Test func header() {
        let svg = string(SVGWriter.render(Cases.empty)[0])
        #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"100.5pt\" height=\"50.25pt\" viewBox=\"0 0 100.5 50.25\">\n"))
        #expect(svg.hasSuffix("</svg>\n"))
        #expect(!svg.contains("<defs>"))
        #expect(!svg.contains("xlink"))
    }

    /// A shadow filter covers the ink of the groups it draws with their shadows, in the
    /// groups' parent's space, whole points and one more each side — not a multiple of the
    /// page (issue 35): here a 10 × 10 square at (20, 30) in a group moved by (100, 0),
    /// shadowed (4, 6) with blur 4 (σ 2, reach 6), on a 1,000 pt page.
    @Test func shadowFilterRegionIsTheInk() {
        var group = Scene.Group(transform: .translation(100, 0), items: [.path(rectPath(20, 30, 10, 10), Paint(fill: Fill(color: .black)))])
        group.shadows = [Shadow(offset: Point(4, 6), blur: 4, color: Color(red: 0, green: 0, blue: 0, alpha: 0.5))]
        let svg = render([.group(group)], size: Size(1000, 1000))
        // Ink 120…130 × 30…40; the shadow 118…140 × 30…52; the union, 1 pt more each side.
        #expect(svg.contains("<filter id=\"s1\" filterUnits=\"userSpaceOnUse\" x=\"117\" y=\"29\" width=\"24\" height=\"24\""), "\(svg)")
    }

    @Test func noPagesNoFiles() {
        #expect(SVGWriter.render(Scene.Document()).isEmpty)
    }

    @Test func colours() {
        let svg = render([
            .path(rectPath(1, 2, 3, 4), Paint(fill: Fill(color: Color(r: 0x12, g: 0xAB, b: 0xFF, a: 128)))),
            .path(rectPath(1, 2, 3, 4), Paint(stroke: Stroke(color: Color(red: 1, green: 0.5, blue: 0, alpha: 0.25), width: 0.5))),
        ])
        #expect(svg.contains("<rect x=\"1\" y=\"2\" width=\"3\" height=\"4\" fill=\"#12abff\" fill-opacity=\"0.502\"/>"))
        #expect(svg.contains("<rect x=\"1\" y=\"2\" width=\"3\" height=\"4\" fill=\"none\" stroke=\"#ff8000\" stroke-opacity=\"0.25\" stroke-width=\"0.5\"/>"))
    }

    @Test func defaultsAreImplied() {
        let svg = render([.path(polygon([(0, 0), (10, 0), (5, 8)]), Paint(fill: Fill(color: .black), stroke: Stroke(color: .black)))])
        #expect(svg.contains("<path d=\"M0 0 L10 0 L5 8 Z\" stroke=\"#000000\"/>"))
    }

    @Test func strokeAttributes() {
        let svg = render([.path(polygon([(0, 0), (10, 0)], close: false), Paint(stroke: Stroke(
            color: .black, width: 2.5, cap: .square, join: .bevel, miterLimit: 9, dash: [3, 1.5], dashOffset: -1)))])
        #expect(svg.contains("stroke-width=\"2.5\" stroke-linecap=\"square\" stroke-linejoin=\"bevel\" stroke-dasharray=\"3 1.5\" stroke-dashoffset=\"-1\"/>"))
        #expect(!svg.contains("miterlimit"))
        let miter = render([.path(polygon([(0, 0), (10, 0)], close: false), Paint(stroke: Stroke(color: .black, miterLimit: 0.5, dash: [-1, 2])))])
        #expect(miter.contains("stroke-miterlimit=\"1\""))
        #expect(!miter.contains("dasharray"))
    }

    @Test func curvesAndRectDetection() {
        var b = Scene.PathBuilder()
        b.move(to: Point(0, 0)); b.cubic(Point(1, 2), Point(3.25, 4), Point(5, -6.125)); b.close()
        let svg = render([
            .path(b.finish()!, Paint(fill: Fill(color: .black))),
            // Counter-clockwise: dashes would start elsewhere, so it stays a path.
            .path(polygon([(0, 0), (0, 10), (10, 10), (10, 0)]), Paint(fill: Fill(color: .black))),
        ])
        #expect(svg.contains("<path d=\"M0 0 C1 2 3.25 4 5 -6.125 Z\"/>"))
        #expect(svg.contains("<path d=\"M0 0 L0 10 L10 10 L10 0 Z\"/>"))
    }

    @Test(arguments: [
        (Transform.translation(10, -2.5), "translate(10 -2.5)"),
        (Transform.scale(2, 2), "scale(2)"),
        (Transform.scale(2, 0.5), "scale(2 0.5)"),
        (Transform.scale(-1, 1).then(.translation(50, 0)), "translate(50 0) scale(-1 1)"),
        (Transform.rotation(degrees: 30), "rotate(30)"),
        (Transform.rotation(degrees: -90).then(.translation(5, 6)), "translate(5 6) rotate(-90)"),
        (Transform(a: 1, b: 0.2, c: 0.5, d: 1, e: 300, f: 20), "matrix(1 0.2 0.5 1 300 20)"),
        (Transform.rotation(degrees: 45).then(.scale(2, 2)), "matrix(1.414214 1.414214 -1.414214 1.414214 0 0)"),
    ])
    func transforms(_ transform: Transform, _ expected: String) {
        let svg = render([.group(Scene.Group(transform: transform, items: [.path(rectPath(0, 0, 1, 1), Paint(fill: Fill(color: .black)))]))])
        #expect(svg.contains("<g transform=\"\(expected)\">\n  <rect"))
    }

    @Test func clipIDsAreSharedAndNumberedInFirstUseOrder() {
        let a = rectPath(0, 0, 5, 5), b = circle(5, 5, 5)
        let dot = Scene.Item.path(rectPath(0, 0, 10, 10), Paint(fill: Fill(color: .black)))
        let svg = render([
            .group(Scene.Group(clip: b, items: [dot])),
            .group(Scene.Group(clip: a, items: [dot])),
            .group(Scene.Group(transform: .translation(1, 1), clip: b, opacity: 0.3, items: [dot])),
        ])
        #expect(svg.contains("<clipPath id=\"c1\">\n  <path d=\"M10 5 C"))
        #expect(svg.contains("<clipPath id=\"c2\">\n  <rect x=\"0\" y=\"0\" width=\"5\" height=\"5\"/>\n</clipPath>"))
        #expect(!svg.contains("id=\"c3\""))
        #expect(svg.contains("<g clip-path=\"url(#c1)\">"))
        #expect(svg.contains("<g clip-path=\"url(#c2)\">"))
        #expect(svg.contains("<g transform=\"translate(1 1)\" clip-path=\"url(#c1)\" opacity=\"0.3\">"))
    }

    /// Glyphs are placed where layout departs from the font's advances (here the A-V kerning
    /// pair), after an `f`, and every 16 glyphs; elsewhere the renderer's pen puts them there.
    @Test func textIsPlacedWhereLayoutDepartsFromTheAdvances() {
        let run = layoutRun("AV Ad office", font: Scene.FontID(0), as: .helvetica, size: 10, at: Point(5, 20))
        let svg = render([.text(run)], fonts: [.standard(.helvetica)])
        // A = V = 667, space 278, kerning A-V -70 (Helvetica AFM); the space rides along with
        // V; "d" after "A" and "e" after "c" are pairs only Nimbus Sans kerns (rsvg would move
        // them), so they are placed; the f, f and i after an f are placed.
        #expect(svg.contains("<text class=\"f1\" x=\"5\" y=\"20\" font-size=\"10\" xml:space=\"preserve\">A<tspan x=\"10.97\">V A</tspan><tspan x=\"27.09\">d of</tspan><tspan x=\"43.77\">f</tspan><tspan x=\"46.55\">ic</tspan><tspan x=\"53.77\">e</tspan></text>"), "\(svg)")
        let long = layoutRun(String(repeating: "a", count: 40), font: Scene.FontID(0), as: .helvetica, size: 10, at: Point(0, 20))
        let longSVG = render([.text(long)], fonts: [.standard(.helvetica)])
        #expect(longSVG.components(separatedBy: "<tspan").count - 1 == 2, "a position every 16 glyphs: \(longSVG)")
        // A 100,000-character text was 3 MB of SVG (a tspan per glyph); now about 4 bytes a
        // glyph (Latin text meets a kerning pair of the AFM or of the twin every few letters).
        let text = String(repeating: "lorem ipsum dolor ", count: 100_000 / 18)
        let huge = render([.text(layoutRun(text, font: Scene.FontID(0), as: .helvetica, size: 10, at: Point(0, 20)))], fonts: [.standard(.helvetica)])
        #expect(huge.utf8.count < 5 * text.utf8.count, "\(huge.utf8.count) bytes for \(text.utf8.count) glyphs")
        #expect(svg.contains(".f1 { font-family: Helvetica, Arial, 'Nimbus Sans', sans-serif }"))
    }

    @Test func fontStyles() {
        let svg = render([], fonts: [])
        #expect(!svg.contains("<style"))
        var out: [String] = []
        for font in Standard14Font.allCases {
            let svg = render([.text(layoutRun("x", font: Scene.FontID(0), as: font, size: 10, at: .zero))], fonts: [.standard(font)])
            let line = svg.split(separator: "\n").first { $0.hasPrefix(".f1 ") }!
            out.append(String(line))
        }
        #expect(out[1] == ".f1 { font-family: Helvetica, Arial, 'Nimbus Sans', sans-serif; font-weight: bold }")
        #expect(out[3] == ".f1 { font-family: Helvetica, Arial, 'Nimbus Sans', sans-serif; font-weight: bold; font-style: oblique }")
        #expect(out[6] == ".f1 { font-family: Times, 'Times New Roman', 'Nimbus Roman', serif; font-style: italic }")
        #expect(out[10] == ".f1 { font-family: Courier, 'Courier New', 'Nimbus Mono PS', monospace; font-style: oblique }")
        #expect(out[12] == ".f1 { font-family: Symbol, 'Standard Symbols PS', serif }")
        #expect(out[13] == ".f1 { font-family: 'Zapf Dingbats', ZapfDingbats, D050000L, serif }")
    }

    @Test func onlyUsedFontsAndImagesAreDefined() {
        let document = Scene.Document(pages: [
            Scene.Page(size: Size(10, 10), items: [.text(layoutRun("a", font: Scene.FontID(1), as: .courier, size: 5, at: .zero))]),
            Scene.Page(size: Size(10, 10), items: [.image(Scene.ImageItem(image: Scene.ImageID(1), rect: Rect(x: 0, y: 0, width: 5, height: 5)))]),
        ], fonts: [.standard(.helvetica), .standard(.courier)], images: [
            Scene.ImageResource(format: .png, bytes: Fixtures.png2x2, pixelWidth: 2, pixelHeight: 2),
            Scene.ImageResource(format: .jpeg, bytes: Fixtures.jpeg8x8, pixelWidth: 8, pixelHeight: 8),
        ])
        let pages = SVGWriter.render(document).map(string)
        #expect(pages[0].contains(".f2 {") && !pages[0].contains(".f1 {") && !pages[0].contains("<symbol"))
        #expect(pages[1].contains("<symbol id=\"i2\"") && !pages[1].contains("id=\"i1\"") && !pages[1].contains("<style"))
        #expect(pages[1].contains("xmlns:xlink=\"http://www.w3.org/1999/xlink\""))
        #expect(pages[1].contains("<use xlink:href=\"#i2\" x=\"0\" y=\"0\" width=\"5\" height=\"5\"/>"))
        #expect(pages[1].contains("data:image/jpeg;base64,\(Data(Fixtures.jpeg8x8).base64EncodedString())\""))
    }

    @Test func trueTypeGlyphsAreDefinedOnceAndPlacedInFontUnits() {
        let face = TestFonts.dejaVuSans
        let run = layoutRun("AA A", font: Scene.FontID(0), face: face, size: 20.48, at: Point(10, 50))
        let svg = render([.text(run)], fonts: [.trueType(face)])
        let a = face.glyph(for: "A")!
        // Positions in font units: the run's (kerned) x over the scale.
        let x1 = NumberFormat.string(run.glyphs[1].x / 0.01), x3 = NumberFormat.string(run.glyphs[3].x / 0.01)
        // One definition for three uses; the space draws nothing and gets no <use>.
        #expect(svg.components(separatedBy: "<path id=\"f1g\(a)\" d=\"M").count == 2)
        #expect(svg.components(separatedBy: "<use ").count == 4)
        // DejaVu has 2048 units per em: 20.48 pt is exactly 0.01 pt per unit.
        #expect(svg.contains("<g transform=\"translate(10 50) scale(0.01 -0.01)\">\n  <use xlink:href=\"#f1g\(a)\"/>\n  <use xlink:href=\"#f1g\(a)\" x=\"\(x1)\"/>\n  <use xlink:href=\"#f1g\(a)\" x=\"\(x3)\"/>\n</g>\n"))
        #expect(svg.contains("<text class=\"f1\" x=\"10\" y=\"50\" font-size=\"20.48\" fill-opacity=\"0\" xml:space=\"preserve\">A<tspan"))
        #expect(svg.contains("xmlns:xlink"))
    }

    @Test func deepNestingIsWalkedWithoutRecursionAndIndentationIsCapped() {
        var item = Scene.Item.path(rectPath(0, 0, 1, 1), Paint(fill: Fill(color: .black)))
        let depth = 5_000
        for _ in 0..<depth { item = .group(Scene.Group(transform: .translation(0.001, 0), items: [item])) }
        let svg = render([item])
        #expect(svg.components(separatedBy: "<g ").count == depth + 1)
        #expect(svg.components(separatedBy: "</g>").count == depth + 1)
        #expect(svg.contains("\n" + String(repeating: "  ", count: 16) + "<rect"))
        #expect(!svg.contains(String(repeating: "  ", count: 17)))
    }

    @Test func negativePageSizeIsClamped() {
        let svg = string(SVGWriter.render(Scene.Document(pages: [Scene.Page(size: Size(-5, 10), background: .white)]))[0])
        #expect(svg.contains("width=\"0pt\" height=\"10pt\" viewBox=\"0 0 0 10\""))
    }

    @Test func base64MatchesFoundation() {
        for length in 0..<7 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 * 97 + 200) }
            let document = Scene.Document(pages: [Scene.Page(size: Size(1, 1), items: [
                .image(Scene.ImageItem(image: Scene.ImageID(0), rect: Rect(x: 0, y: 0, width: 1, height: 1))),
            ])], images: [Scene.ImageResource(format: .png, bytes: bytes, pixelWidth: 1, pixelHeight: 1)])
            let svg = string(SVGWriter.render(document)[0])
            #expect(svg.contains("base64,\(Data(bytes).base64EncodedString())\""))
        }
    }
}

@Suite struct SVGWriterAdversarialTests {
    @Test func hostileTextIsEscaped() {
        let svg = string(SVGWriter.render(Cases.adversarial)[0])
        #expect(!svg.contains("<script"))
        #expect(!svg.contains("]]>"))
        #expect(!svg.contains("<b>"))
        #expect(svg.contains("&lt;script&gt;alert(1)"))
        #expect(svg.contains("&quot;quoted&quot; &amp; &apos;sing"))
        #expect(svg.contains("<title>&lt;/title&gt;&lt;script&gt;alert(&apos;x&apos;)&lt;/script&gt;]]&gt;&amp;</title>"))
        // No control character survives, in any form (tab, line feed and carriage return
        // inside text became spaces).
        for byte in Array(svg.utf8) where byte < 0x20 { #expect(byte == 0x0A) }
        for scalar in svg.unicodeScalars {
            #expect(!(0x7F...0x9F).contains(scalar.value) && scalar.value != 0xFFFE && scalar.value != 0xFFFF)
        }
        #expect(!svg.contains("&#"))
    }

    @Test func hostileFontNamesCannotEscapeTheStyleSheet() {
        #expect(SVGFonts.cssSafeName("DejaVuSans'}</style><script>\\\"") == "DejaVuSansstylescript")
        #expect(SVGFonts.cssSafeName("Noto Sans CJK-JP_1.5+") == "Noto Sans CJK-JP_1.5+")
        let svg = string(SVGWriter.render(Cases.trueTypeEmptyFace)[0])
        #expect(svg.contains(".f1 { font-family: 'Synthetic', sans-serif }"))
        #expect(!svg.contains("<script"))
    }

    /// Parses the output and checks that the only elements are the ones we write: nothing
    /// was injected, and each hostile string came through as the text of its element.
    @Test(.enabled(if: ExternalTool.shouldRun("xmllint")))
    func noElementsInjected() throws {
        let svg = SVGWriter.render(Cases.adversarial)[0]
        let names = ExternalTool.run("xmllint", ["--xpath", "//*", "-"], input: svg)
        let elements = string(names?.output ?? []).components(separatedBy: "<").compactMap { tag -> String? in
            guard let first = tag.first, first.isLetter else { return nil }
            return String(tag.prefix { $0.isLetter || $0 == ":" })
        }
        #expect(Set(elements).isSubset(of: ["svg", "title", "defs", "style", "rect", "text", "tspan"]))
        func text(_ result: ExternalTool.Result?) -> String {
            var value = string(result?.output ?? [])
            if value.hasSuffix("\n") { value.removeLast() }
            return value
        }
        let title = ExternalTool.run("xmllint", ["--xpath", "string(/*[local-name()='svg']/*[local-name()='title'])", "-"], input: svg)
        #expect(text(title) == "</title><script>alert('x')</script>]]>&")
        let first = ExternalTool.run("xmllint", ["--xpath", "string((//*[local-name()='text'])[1])", "-"], input: svg)
        #expect(text(first) == "<script>alert(1)</script>")
        let controls = ExternalTool.run("xmllint", ["--xpath", "string((//*[local-name()='text'])[4])", "-"], input: svg)
        #expect(text(controls) == "ctl:end")
    }
}

extension SVGWriterAdversarialTests {
    /// Scalars drawn from every range that matters to XML (controls, the BMP edges,
    /// noncharacters, private use, astral planes) in text, title and font names: the output
    /// must stay well-formed and render.
    @Test(.enabled(if: ExternalTool.shouldRun("xmllint", "rsvg-convert")))
    func randomScalarsStayWellFormed() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt32 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt32(truncatingIfNeeded: state >> 33)
        }
        let ranges: [ClosedRange<UInt32>] = [0...0x40, 0x7F...0xA0, 0xD7F0...0xD7FF, 0xE000...0xE010,
                                             0xFDD0...0xFDEF, 0xFFF0...0xFFFF, 0x1_0000...0x1_0010, 0x10_FFF0...0x10_FFFF]
        func randomString(_ count: Int) -> String {
            var view = String.UnicodeScalarView()
            for _ in 0..<count {
                let range = ranges[Int(next() % UInt32(ranges.count))]
                if let scalar = Unicode.Scalar(range.lowerBound + next() % (range.upperBound - range.lowerBound + 1)) {
                    view.append(scalar)
                }
            }
            return String(view)
        }
        var items: [Scene.Item] = []
        for line in 0..<20 {
            var run = layoutRun("x", font: Scene.FontID(line % 2), as: .helvetica, size: 8, at: Point(5, 10 + Double(line) * 10))
            run.glyphs = randomString(40).unicodeScalars.enumerated().map {
                Scene.PositionedGlyph(glyph: UInt16(next() % 256), x: Double($0.offset) * 5, scalar: $0.element)
            }
            items.append(.text(run))
        }
        let document = Scene.Document(
            pages: [Scene.Page(size: Size(220, 220), items: items)],
            fonts: [.standard(.symbol), .trueType(TrueTypeFontRef(postScriptName: randomString(30)))],
            metadata: Scene.Metadata(title: randomString(60)))
        let svg = SVGWriter.render(document)[0]
        ExternalTool.expectWellFormed(svg)
        ExternalTool.expectRenders(svg)
    }
}

@Suite struct SVGTextRenderingTests {
    /// Text placed where layout departs from the advances lands where one `<text>` per glyph
    /// lands: the kerning pairs and f-ligatures librsvg would apply are split by tspans.
    /// Compared with the conformance rule (3×3 neighbourhood, 48 levels): rsvg's own kerning
    /// of pairs the AFM lacks moves a few glyphs by a fraction of a pixel.
    @Test(.enabled(if: ExternalTool.shouldRun("rsvg-convert")))
    func tspansRenderLikeSeparateGlyphs() throws {
        let fonts: [Standard14Font] = [.helvetica, .timesItalic, .courierBold]
        var items: [Scene.Item] = []
        var reference = ""
        for (index, font) in fonts.enumerated() {
            let run = layoutRun("AVATAR To. Wave office ffi", font: Scene.FontID(index), as: font, size: 22, at: Point(10, 30 + 30 * Double(index)))
            items.append(.text(run))
            for glyph in run.glyphs where glyph.scalar != " " {
                var single = ByteBufferString()
                single.text(glyph.scalar)
                reference += "<text class=\"f\(index + 1)\" x=\"\(fmt(run.origin.x + glyph.x))\" y=\"\(fmt(run.origin.y))\" font-size=\"22\" xml:space=\"preserve\">\(single.value)</text>\n"
            }
        }
        let document = Scene.Document(pages: [Scene.Page(size: Size(400, 110), background: .white, items: items)], fonts: fonts.map { .standard($0) })
        let svg = string(SVGWriter.render(document)[0])
        // Same file with the text elements swapped for one element per glyph.
        let head = svg.components(separatedBy: "<text ")[0]
        let separate = head + reference + "</svg>\n"
        let a = try #require(ExternalTool.expectRenders(Array(svg.utf8)))
        let b = try #require(ExternalTool.expectRenders(Array(separate.utf8)))
        let comparison = try #require(Raster.read(a)).compare(to: try #require(Raster.read(b)))
        #expect(comparison.differingFraction < 0.005, "\(comparison.differing) of \(comparison.compared) pixels differ")
        // And the SVG stays small: well under the 27 bytes per glyph of a tspan each.
        #expect(svg.utf8.count < reference.utf8.count / 2)
    }
}

private func fmt(_ value: Double) -> String { NumberFormat.string(value) }

/// Escapes like the writer does, for building reference files.
private struct ByteBufferString {
    var value = ""
    mutating func text(_ scalar: Unicode.Scalar) {
        switch scalar {
        case "&": value += "&amp;"
        case "<": value += "&lt;"
        case ">": value += "&gt;"
        case "\"": value += "&quot;"
        case "'": value += "&apos;"
        default: value.unicodeScalars.append(scalar)
        }
    }
}

/// SVG text keeps the characters of the source: Greek in the Symbol font is written as the
/// Greek the drawing has (the Symbol AFM names U+00B5 for its `mu`, which the URW twin
/// draws as ∝), while Latin letters that Symbol codes stand for still show their glyphs.
@Suite struct SVGSourceCharacterTests {
    @Test func symbolGreekKeepsItsCodePoints() throws {
        let text = "μ π Ω ∑ a"
        let run = layoutRun(text, font: Scene.FontID(0), as: .symbol, size: 16, at: Point(10, 30))
        let document = Scene.Document(pages: [Scene.Page(size: Size(200, 60), background: .white, items: [.text(run)])],
                                      fonts: [.standard(.symbol)])
        let svg = String(decoding: SVGWriter.render(document)[0], as: UTF8.self)
        #expect(svg.contains("\u{03BC}"), "Greek mu kept: \(svg)")
        #expect(!svg.contains("\u{00B5}"), "never the micro sign, which Standard Symbols PS draws as ∝")
        #expect(svg.contains("\u{03C0}") && svg.contains("\u{03A9}") && svg.contains("\u{2211}"))
        #expect(svg.contains("\u{03B1}"), "a Latin 'a' set in Symbol still shows alpha, as in PDF")
    }
}
