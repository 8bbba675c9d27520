// Scene documents built by hand, one per feature area, used by the golden, validator and
// rendering tests. Each comes with the text pdftotext must find and the fonts pdffonts must list.

import DrawBase
import DrawFonts
import DrawScene
import DrawTestSupport
import Foundation
import Testing
@testable import PDFBackend

struct Sample: CustomTestStringConvertible, Sendable {
    var name: String
    var document: Scene.Document
    /// Per page, the lines pdftotext must return (blank lines ignored); nil where
    /// pdftotext's own layout analysis cannot be expected to get it (text at 30°).
    var text: [[String]]?
    /// PostScript names pdffonts must list, in order; "+Name" stands for an embedded subset
    /// `ABCDEF+Name` (a Type0 / CID TrueType font with a Unicode map).
    var fonts: [String]
    var testDescription: String { name }
}

// MARK: building blocks


// Thin names for DrawTestSupport's scene fixtures, so every file of this target sees them
// without importing DrawTestSupport itself.
func rectPath(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Scene.Path { DrawTestSupport.rectPath(x, y, w, h) }
func circle(_ cx: Double, _ cy: Double, _ r: Double) -> Scene.Path { DrawTestSupport.circle(cx, cy, r) }
func polygon(_ points: [(Double, Double)], close: Bool = true) -> Scene.Path { DrawTestSupport.polygon(points, close: close) }
func polyline(_ points: [(Double, Double)], closed: Bool = false) -> Scene.Path { DrawTestSupport.polyline(points, closed: closed) }
func ellipsePath(_ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double, into b: inout Scene.PathBuilder) {
    DrawTestSupport.ellipsePath(cx, cy, rx, ry, into: &b)
}
func color(_ hex: UInt32, alpha: Double = 1) -> Color { DrawTestSupport.color(hex, alpha: alpha) }
func trueTypeRun(_ text: String, font: Scene.FontID, _ face: TrueTypeFontRef, size: Double,
                 at origin: Point, color: Color = .black) -> Scene.TextRun {
    DrawTestSupport.trueTypeRun(text, font: font, face, size: size, at: origin, color: color)
}

/// A text run positioned as layout does (DrawTestSupport's `standardRun`).
func textRun(_ text: String, font: Scene.FontID, _ standard: Standard14Font, size: Double,
             at origin: Point, color: Color = .black, kern: Bool = true) -> Scene.TextRun {
    standardRun(text, font: font, standard, size: size, at: origin, color: color, kerning: kern)
}

func fixture(_ name: String) -> [UInt8] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures").appendingPathComponent(name)
    return Array((try? Data(contentsOf: url)) ?? Data())
}

// MARK: the samples

enum Samples {
    static let all: [Sample] = [paths, text, transparency, transforms, pages, images, empty, trueType]

    static let paths: Sample = {
        var items: [Scene.Item] = []
        items.append(.path(rectPath(20, 20, 80, 50), Paint(fill: Fill(color: color(0xD03030)))))
        // A five-pointed star: even-odd leaves the centre empty.
        var star: [(Double, Double)] = []
        for i in 0..<5 {
            let angle = -Double.pi / 2 + Double(i) * 4 * Double.pi / 5
            star.append((170 + 40 * cos(angle), 55 + 40 * sin(angle)))
        }
        items.append(.path(polyline(star, closed: true), Paint(fill: Fill(color: color(0x20A040), rule: .evenOdd))))
        items.append(.path(polyline([(230, 20), (260, 80), (290, 20)]),
                           Paint(stroke: Stroke(color: color(0x2040D0), width: 8, cap: .round, join: .round))))
        items.append(.path(polyline([(20, 110), (120, 110), (120, 150)]),
                           Paint(stroke: Stroke(color: .black, width: 3, cap: .butt, join: .bevel, dash: [6, 3], dashOffset: 2))))
        items.append(.path(circle(175, 135, 28),
                           Paint(fill: Fill(color: color(0xF0D020)), stroke: Stroke(color: .black, width: 2))))
        // A ring: outer and inner circle, even-odd fill plus stroke (B*).
        var ring = Scene.PathBuilder()
        ellipsePath(255, 140, 30, 30, into: &ring)
        ellipsePath(255, 140, 14, 14, into: &ring)
        items.append(.path(ring.finish()!, Paint(fill: Fill(color: color(0x8040C0), rule: .evenOdd),
                                                 stroke: Stroke(color: color(0x301050), width: 1.5))))
        items.append(.path(polyline([(20, 180), (60, 170), (100, 185), (140, 170)]),
                           Paint(stroke: Stroke(color: color(0x008080), width: 5, cap: .square, join: .miter, miterLimit: 2))))
        // A stroke with zero width and a fill with zero alpha draw nothing and write nothing.
        items.append(.path(rectPath(0, 0, 10, 10), Paint(stroke: Stroke(color: .black, width: 0))))
        items.append(.path(rectPath(0, 0, 10, 10), Paint(fill: Fill(color: color(0, alpha: 0)))))
        let page = Scene.Page(size: Size(300, 200), background: .white, items: items)
        return Sample(name: "paths", document: Scene.Document(pages: [page], metadata: Scene.Metadata(title: "paths")),
                      text: [[]], fonts: [])
    }()

    static let text: Sample = {
        let fonts: [Scene.FontResource] = [.standard(.helvetica), .standard(.timesRoman), .standard(.courierBold),
                                           .standard(.helveticaOblique), .standard(.symbol), .standard(.zapfDingbats)]
        let items: [Scene.Item] = [
            .text(textRun("AVA Wave Today", font: Scene.FontID(0), .helvetica, size: 24, at: Point(20, 40))),
            .text(textRun("Grüße, café (1) \\ done", font: Scene.FontID(1), .timesRoman, size: 18, at: Point(20, 80))),
            .text(textRun("x = 42; // ok", font: Scene.FontID(2), .courierBold, size: 14, at: Point(20, 115),
                          color: color(0xC02020))),
            .text(textRun("€ 5 – “quoted” ©", font: Scene.FontID(3), .helveticaOblique, size: 16, at: Point(20, 150),
                          color: color(0x2050B0))),
            // Symbol's glyph names are ambiguous (mu: U+00B5 or U+03BC); /ToUnicode settles it.
            .text(textRun("αβγπ μΔΩ", font: Scene.FontID(4), .symbol, size: 16, at: Point(20, 185))),
            .text(textRun("✈✔", font: Scene.FontID(5), .zapfDingbats, size: 16, at: Point(120, 185))),
            // Same font and size again: no second Tf.
            .text(textRun("Yo Te", font: Scene.FontID(0), .helvetica, size: 24, at: Point(200, 185))),
        ]
        let page = Scene.Page(size: Size(320, 210), background: color(0xFFFFF0), items: items)
        return Sample(name: "text", document: Scene.Document(pages: [page], fonts: fonts, metadata: Scene.Metadata(title: "text")),
                      text: [["AVA Wave Today", "Grüße, café (1) \\ done", "x = 42; // ok", "€ 5 – “quoted” ©", "αβγπ μΔΩ", "✈✔", "Yo Te"]],
                      fonts: ["Helvetica", "Times-Roman", "Courier-Bold", "Helvetica-Oblique", "Symbol", "ZapfDingbats"])
    }()

    static let transparency: Sample = {
        let fonts: [Scene.FontResource] = [.standard(.helveticaBold)]
        var items: [Scene.Item] = []
        items.append(.path(rectPath(10, 10, 280, 30), Paint(fill: Fill(color: color(0x303030)))))
        items.append(.path(circle(60, 90, 40), Paint(fill: Fill(color: color(0xE02020, alpha: 0.5)))))
        items.append(.path(circle(100, 90, 40), Paint(fill: Fill(color: color(0x2020E0, alpha: 0.5)))))
        // Group opacity over overlapping children: a transparency group, the overlap must
        // not show through.
        items.append(.group(Scene.Group(opacity: 0.5, items: [
            .path(circle(190, 90, 40), Paint(fill: Fill(color: color(0xE02020)))),
            .path(circle(230, 90, 40), Paint(fill: Fill(color: color(0x2020E0)))),
        ])))
        // A single-child group: the opacity is folded into the child's alpha.
        items.append(.group(Scene.Group(opacity: 0.5, items: [
            .path(rectPath(20, 20, 120, 60), Paint(fill: Fill(color: color(0x20C020)))),
        ])))
        items.append(.path(polyline([(10, 150), (290, 150)]),
                           Paint(stroke: Stroke(color: color(0x000000, alpha: 0.3), width: 12))))
        items.append(.path(rectPath(20, 160, 100, 30), Paint(fill: Fill(color: color(0xFFA000, alpha: 0.75)),
                                                            stroke: Stroke(color: color(0x000000, alpha: 0.5), width: 4))))
        items.append(.text(textRun("Half", font: Scene.FontID(0), .helveticaBold, size: 28, at: Point(160, 190),
                                   color: color(0x000000, alpha: 0.5))))
        // Text in a transparency group after text in the same font and size outside it:
        // the form sets its own font.
        items.append(.group(Scene.Group(opacity: 0.7, items: [
            .text(textRun("Ha", font: Scene.FontID(0), .helveticaBold, size: 28, at: Point(160, 130), color: color(0xC00000))),
            .text(textRun("Ha", font: Scene.FontID(0), .helveticaBold, size: 28, at: Point(166, 134), color: color(0x0000C0))),
        ])))
        // Nested opacity groups: an outer group with two children, one of them a group.
        items.append(.group(Scene.Group(opacity: 0.8, items: [
            .path(rectPath(240, 160, 40, 30), Paint(fill: Fill(color: color(0x00A0A0)))),
            .group(Scene.Group(opacity: 0.5, items: [
                .path(rectPath(255, 170, 40, 25), Paint(fill: Fill(color: color(0xA000A0)))),
                .path(rectPath(250, 155, 20, 20), Paint(fill: Fill(color: color(0xA0A000)))),
            ])),
        ])))
        let page = Scene.Page(size: Size(300, 200), background: .white, items: items)
        return Sample(name: "transparency", document: Scene.Document(pages: [page], fonts: fonts),
                      text: nil, fonts: ["Helvetica-Bold"])
    }()

    static let transforms: Sample = {
        let fonts: [Scene.FontResource] = [.standard(.timesBold)]
        var items: [Scene.Item] = []
        // Rotated 30° about (80, 80).
        let rotate = Transform.translation(-80, -80).then(.rotation(degrees: 30)).then(.translation(80, 80))
        items.append(.group(Scene.Group(transform: rotate, items: [
            .path(rectPath(40, 60, 80, 40), Paint(fill: Fill(color: color(0x4080E0)), stroke: Stroke(color: .black, width: 1))),
            .text(textRun("Tilted", font: Scene.FontID(0), .timesBold, size: 16, at: Point(50, 85), color: .white)),
        ])))
        // Nested: scale 2 then translate; the inner rect is 20×10 drawn as 40×20.
        items.append(.group(Scene.Group(transform: .translation(160, 20), items: [
            .group(Scene.Group(transform: .scale(2, 2), items: [
                .path(rectPath(0, 0, 20, 10), Paint(fill: Fill(color: color(0xE08020)))),
            ])),
        ])))
        // Clipping: stripes clipped by a circle.
        var stripes: [Scene.Item] = []
        for i in 0..<8 {
            stripes.append(.path(rectPath(200, 60 + Double(i) * 10, 100, 5), Paint(fill: Fill(color: color(0x208040)))))
        }
        items.append(.group(Scene.Group(clip: circle(250, 100, 35), items: stripes)))
        // Clip in the group's own (transformed) space, plus opacity: a transparency group inside a clip.
        items.append(.group(Scene.Group(transform: .translation(20, 140), clip: rectPath(0, 0, 60, 30), opacity: 0.6, items: [
            .path(circle(10, 10, 30), Paint(fill: Fill(color: color(0xC02060)))),
            .path(circle(50, 25, 30), Paint(fill: Fill(color: color(0x6020C0)))),
        ])))
        // A mirrored group (negative determinant).
        items.append(.group(Scene.Group(transform: Transform(a: -1, b: 0, c: 0, d: 1, e: 300, f: 0), items: [
            .path(rectPath(150, 150, 60, 30), Paint(stroke: Stroke(color: color(0x804000), width: 2))),
        ])))
        // A singular transform draws nothing.
        items.append(.group(Scene.Group(transform: .scale(0, 1), items: [
            .path(rectPath(0, 0, 300, 200), Paint(fill: Fill(color: .black))),
        ])))
        let page = Scene.Page(size: Size(300, 200), background: .white, items: items)
        return Sample(name: "transforms", document: Scene.Document(pages: [page], fonts: fonts),
                      text: nil, fonts: ["Times-Bold"])
    }()

    static let pages: Sample = {
        let fonts: [Scene.FontResource] = [.standard(.helvetica), .standard(.courier)]
        let page1 = Scene.Page(size: Size(200, 300), background: color(0xE8F0FF), items: [
            .text(textRun("Page one", font: Scene.FontID(0), .helvetica, size: 20, at: Point(20, 40))),
            .path(rectPath(20, 60, 160, 220), Paint(stroke: Stroke(color: color(0x2040A0), width: 2))),
        ])
        let page2 = Scene.Page(size: Size(300, 150), background: color(0xFFE0E0, alpha: 0.5), items: [
            .text(textRun("Page two, landscape", font: Scene.FontID(0), .helvetica, size: 20, at: Point(20, 40))),
            .text(textRun("mono text", font: Scene.FontID(1), .courier, size: 12, at: Point(20, 100))),
        ])
        let page3 = Scene.Page(size: Size(100.5, 100.25), items: [
            .text(textRun("3", font: Scene.FontID(1), .courier, size: 40, at: Point(38, 65))),
        ])
        return Sample(name: "pages",
                      document: Scene.Document(pages: [page1, page2, page3], fonts: fonts,
                                               metadata: Scene.Metadata(title: "Pages — Übersicht (3)")),
                      text: [["Page one"], ["Page two, landscape", "mono text"], ["3"]],
                      fonts: ["Helvetica", "Courier"])
    }()

    static let images: Sample = {
        let images: [Scene.ImageResource] = [
            Scene.ImageResource(format: .jpeg, bytes: fixture("gradient-rgb.jpg"), pixelWidth: 32, pixelHeight: 16),
            Scene.ImageResource(format: .jpeg, bytes: fixture("gradient-gray.jpg"), pixelWidth: 16, pixelHeight: 16),
            Scene.ImageResource(format: .png, bytes: TestPNG.rgb(), pixelWidth: 24, pixelHeight: 16),
            Scene.ImageResource(format: .png, bytes: TestPNG.rgb(alpha: true), pixelWidth: 24, pixelHeight: 16),
            Scene.ImageResource(format: .png, bytes: TestPNG.gray(), pixelWidth: 16, pixelHeight: 16),
            Scene.ImageResource(format: .png, bytes: TestPNG.gray(alpha: true), pixelWidth: 16, pixelHeight: 16),
            Scene.ImageResource(format: .png, bytes: TestPNG.palette(), pixelWidth: 16, pixelHeight: 16),
            Scene.ImageResource(format: .png, bytes: TestPNG.palette(transparent: true), pixelWidth: 16, pixelHeight: 16),
            Scene.ImageResource(format: .png, bytes: TestPNG.rgb(sixteenBit: true), pixelWidth: 24, pixelHeight: 16),
            Scene.ImageResource(format: .png, bytes: TestPNG.rgb(alpha: true, sixteenBit: true), pixelWidth: 24, pixelHeight: 16),
            Scene.ImageResource(format: .png, bytes: TestPNG.rgb(alpha: true, interlaced: true), pixelWidth: 24, pixelHeight: 16),
            Scene.ImageResource(format: .jpeg, bytes: fixture("gradient-cmyk.jpg"), pixelWidth: 16, pixelHeight: 16),
            // Damaged data: skipped, not drawn, and the file stays valid.
            Scene.ImageResource(format: .png, bytes: [0x89, 0x50, 0x4E, 0x47, 1, 2, 3], pixelWidth: 4, pixelHeight: 4),
        ]
        var items: [Scene.Item] = []
        // A checkerboard behind, so transparency shows.
        for i in 0..<12 {
            for j in 0..<8 where (i + j) % 2 == 0 {
                items.append(.path(rectPath(Double(i) * 25, Double(j) * 25, 25, 25), Paint(fill: Fill(color: color(0xD0D0D0)))))
            }
        }
        let cells: [(Int, Rect)] = [
            (0, Rect(x: 10, y: 10, width: 64, height: 32)),
            (1, Rect(x: 84, y: 10, width: 32, height: 32)),
            (2, Rect(x: 126, y: 10, width: 48, height: 32)),
            (3, Rect(x: 184, y: 10, width: 48, height: 32)),
            (4, Rect(x: 242, y: 10, width: 32, height: 32)),
            (5, Rect(x: 10, y: 60, width: 48, height: 48)),
            (6, Rect(x: 68, y: 60, width: 48, height: 48)),
            (7, Rect(x: 126, y: 60, width: 48, height: 48)),
            (8, Rect(x: 184, y: 60, width: 48, height: 32)),
            (9, Rect(x: 242, y: 60, width: 48, height: 32)),
            (12, Rect(x: 10, y: 120, width: 20, height: 20)),
            (10, Rect(x: 40, y: 120, width: 48, height: 32)),
            (11, Rect(x: 98, y: 120, width: 32, height: 32)),
        ]
        for (index, rect) in cells { items.append(.image(Scene.ImageItem(image: Scene.ImageID(index), rect: rect))) }
        // The same image again, rotated and at half opacity: still one image object.
        let rotate = Transform.translation(-200, -150).then(.rotation(degrees: -20)).then(.translation(200, 150))
        items.append(.group(Scene.Group(transform: rotate, opacity: 0.5, items: [
            .image(Scene.ImageItem(image: Scene.ImageID(0), rect: Rect(x: 150, y: 125, width: 100, height: 50))),
        ])))
        let page = Scene.Page(size: Size(300, 200), background: .white, items: items)
        return Sample(name: "images", document: Scene.Document(pages: [page], images: images), text: [[]], fonts: [])
    }()

    static let empty: Sample = Sample(
        name: "empty", document: Scene.Document(pages: [Scene.Page(size: Size(595.28, 841.89))]), text: [[]], fonts: [])

    static let trueType: Sample = {
        let dejaVu = testFont("DejaVuSans.ttf")
        let microHei = testFont("wqy-microhei.ttc")
        let fonts: [Scene.FontResource] = [.trueType(dejaVu), .trueType(microHei), .standard(.helvetica)]
        let page1 = Scene.Page(size: Size(320, 200), background: .white, items: [
            .text(trueTypeRun("Привет, мир! AVA Wave", font: Scene.FontID(0), dejaVu, size: 20, at: Point(20, 40))),
            .text(trueTypeRun("中文 日本語 ひらがな", font: Scene.FontID(1), microHei, size: 20, at: Point(20, 80),
                              color: color(0x8020A0))),
            .text(textRun("Helvetica beside them", font: Scene.FontID(2), .helvetica, size: 14, at: Point(20, 120))),
            .group(Scene.Group(transform: .translation(0, 150), opacity: 0.6, items: [
                .path(rectPath(15, 0, 140, 28), Paint(fill: Fill(color: color(0x40C0FF)))),
                .text(trueTypeRun("Ελληνικά ώ", font: Scene.FontID(0), dejaVu, size: 18, at: Point(20, 20))),
            ])),
        ])
        let page2 = Scene.Page(size: Size(200, 100), items: [
            .text(trueTypeRun("мир 2", font: Scene.FontID(0), dejaVu, size: 16, at: Point(10, 30))),
            .text(trueTypeRun("中文", font: Scene.FontID(1), microHei, size: 16, at: Point(10, 70))),
        ])
        return Sample(name: "truetype", document: Scene.Document(pages: [page1, page2], fonts: fonts),
                      text: [["Привет, мир! AVA Wave", "中文 日本語 ひらがな", "Helvetica beside them", "Ελληνικά ώ"],
                             ["мир 2", "中文"]],
                      fonts: ["+DejaVuSans", "+WenQuanYiMicroHei", "Helvetica"])
    }()
}

func testFont(_ name: String) -> TrueTypeFontRef {
    try! TrueTypeFontRef.load(path: TestFontFiles.path(name))
}
