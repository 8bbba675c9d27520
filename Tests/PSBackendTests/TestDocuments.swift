import DrawBase
import DrawFonts
import DrawOutput
import DrawScene
import DrawTestSupport
@testable import PSBackend
import Foundation

/// Scene documents built by hand, one per feature of the PostScript backend.
enum TestDocuments {
    // Paths, colours and runs are DrawTestSupport's scene fixtures, under this enum's old names.
    static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Scene.Path { rectPath(x, y, w, h) }
    static func polygon(_ points: [(Double, Double)], close: Bool = true) -> Scene.Path {
        DrawTestSupport.polygon(points, close: close)
    }
    static func circle(_ cx: Double, _ cy: Double, _ r: Double) -> Scene.Path { DrawTestSupport.circle(cx, cy, r) }

    static func star(_ cx: Double, _ cy: Double, _ r: Double) -> Scene.Path {
        let points = (0..<5).map { i -> (Double, Double) in
            let angle = -Double.pi / 2 + Double(i) * 4 * Double.pi / 5
            return (cx + r * cos(angle), cy + r * sin(angle))
        }
        return polygon(points)
    }

    static func color(_ hex: UInt32, alpha: Double = 1) -> Color { DrawTestSupport.color(hex, alpha: alpha) }

    /// A run of `text` in `font`, glyphs placed by the font's advance widths and kerning, as
    /// layout would, plus `extra[i]` points before glyph i.
    static func run(_ text: String, font: Int, standard: Standard14Font, size: Double, at origin: Point,
                    color: Color = .black, extra: [Int: Double] = [:]) -> Scene.TextRun {
        standardRun(text, font: Scene.FontID(font), standard, size: size, at: origin, color: color, extra: extra)
    }

    // MARK: Documents

    /// Fills, fill rules, strokes, caps, joins, miters, dashes and a page background.
    static var shapes: Scene.Document {
        var items: [Scene.Item] = []
        items.append(.path(rect(20, 20, 100, 60), Paint(fill: Fill(color: color(0x3366CC)))))
        items.append(.path(rect(140, 20, 100, 60), Paint(
            fill: Fill(color: color(0xFFCC00)),
            stroke: Stroke(color: color(0x993300), width: 6, join: .round))))
        items.append(.path(star(60, 150, 45), Paint(fill: Fill(color: color(0xCC0000), rule: .evenOdd))))
        items.append(.path(star(170, 150, 45), Paint(fill: Fill(color: color(0x00AA44), rule: .nonZero))))
        items.append(.path(circle(270, 150, 35), Paint(
            fill: Fill(color: color(0xEEEEFF)), stroke: Stroke(color: color(0x000066), width: 3))))
        // Caps.
        for (i, cap) in [LineCap.butt, .round, .square].enumerated() {
            let y = 220 + Double(i) * 20
            items.append(.path(polygon([(30, y), (130, y)], close: false), Paint(
                stroke: Stroke(color: color(0x444444), width: 10, cap: cap))))
        }
        // Joins, with a sharp miter that the limit turns into a bevel.
        for (i, join) in [LineJoin.miter, .round, .bevel].enumerated() {
            let x = 160 + Double(i) * 50
            items.append(.path(polygon([(x, 280), (x + 20, 220), (x + 40, 280)], close: false), Paint(
                stroke: Stroke(color: color(0x006666), width: 8, join: join, miterLimit: 10))))
        }
        items.append(.path(polygon([(20, 320), (60, 300), (20, 300)], close: false), Paint(
            stroke: Stroke(color: color(0x660066), width: 4, join: .miter, miterLimit: 1.5))))
        // Dashes.
        items.append(.path(polygon([(80, 310), (300, 310)], close: false), Paint(
            stroke: Stroke(color: color(0x000000), width: 3, cap: .round, dash: [12, 6, 2, 6], dashOffset: 3))))
        items.append(.path(polygon([(80, 325), (300, 325)], close: false), Paint(
            stroke: Stroke(color: color(0x0000FF), width: 1))))
        let page = Scene.Page(size: Size(320, 340), background: color(0xF8F8F0), items: items)
        return Scene.Document(pages: [page], metadata: Scene.Metadata(title: "Shapes (fill & stroke) \\ é"))
    }

    /// Transforms, nested groups and clipping.
    static var groups: Scene.Document {
        var stripes: [Scene.Item] = []
        for i in 0..<10 {
            stripes.append(.path(rect(Double(i) * 12, 0, 6, 120), Paint(fill: Fill(color: color(i % 2 == 0 ? 0x2255AA : 0xAA5522)))))
        }
        let clipped = Scene.Group(transform: .translation(30, 30), clip: circle(60, 60, 50), items: stripes)
        let rotated = Scene.Group(
            transform: Transform.rotation(degrees: 30).then(.translation(220, 60)),
            items: [
                .path(rect(-40, -20, 80, 40), Paint(fill: Fill(color: color(0x55AA55)), stroke: Stroke(color: .black, width: 2))),
                .group(Scene.Group(transform: .scale(0.5, 0.5), items: [
                    .path(circle(0, 0, 30), Paint(fill: Fill(color: color(0xFFFFFF)))),
                ])),
            ])
        let skewed = Scene.Group(
            transform: Transform(a: 1, b: 0, c: 0.5, d: 1, e: 180, f: 130),
            items: [.path(rect(0, 0, 60, 40), Paint(stroke: Stroke(color: color(0x880088), width: 4)))])
        let page = Scene.Page(size: Size(320, 200), items: [.group(clipped), .group(rotated), .group(skewed)])
        return Scene.Document(pages: [page])
    }

    /// Text in standard fonts with WinAnsi characters outside ASCII, string escapes and
    /// glyph positions that differ from the font's own advances.
    static var text: Scene.Document {
        let fonts: [Scene.FontResource] = [
            .standard(.courier), .standard(.helvetica), .standard(.timesRoman), .standard(.helveticaBold),
            .standard(.symbol), .standard(.zapfDingbats), .standard(.timesItalic),
        ]
        var items: [Scene.Item] = []
        items.append(.text(run("Café über € — “quoted” (a) \\ b", font: 0, standard: .courier, size: 12, at: Point(20, 40))))
        items.append(.text(run("Kerned AVATAR Wo", font: 1, standard: .helvetica, size: 18, at: Point(20, 80),
                               color: color(0xAA0000))))
        // Letter-spaced: positions that are not the font's advances.
        items.append(.text(run("spaced", font: 1, standard: .helvetica, size: 12, at: Point(200, 80),
                               extra: [1: 2, 2: 4, 3: 6, 4: 8, 5: 10])))
        items.append(.text(run("Times ‘single’ – dash… ©®™", font: 2, standard: .timesRoman, size: 14, at: Point(20, 115))))
        items.append(.text(run("Bold Zoë", font: 3, standard: .helveticaBold, size: 24, at: Point(20, 155), color: color(0x2244AA))))
        // A rotated run: glyphs stay upright relative to their baseline.
        items.append(.group(Scene.Group(
            transform: Transform.rotation(degrees: -20).then(.translation(230, 170)),
            items: [.text(run("rotated", font: 1, standard: .helvetica, size: 12, at: Point(0, 0)))])))
        items.append(.text(run("αβγ ∀", font: 4, standard: .symbol, size: 14, at: Point(200, 115))))
        items.append(.text(run("✈✂", font: 5, standard: .zapfDingbats, size: 14, at: Point(270, 115))))
        // Italic glyphs overhanging their advance at both ends of the run, at the page's
        // left edge and lowest line: the EPS box must still contain them.
        items.append(.text(run("fjord gaff", font: 6, standard: .timesItalic, size: 20, at: Point(4, 185))))
        let page = Scene.Page(size: Size(320, 200), items: items)
        return Scene.Document(pages: [page], fonts: fonts, metadata: Scene.Metadata(title: "Text"))
    }

    /// Colours with alpha and group opacity.
    static var opacity: Scene.Document {
        let items: [Scene.Item] = [
            .path(rect(20, 20, 120, 80), Paint(fill: Fill(color: color(0xFF0000)))),
            .path(rect(80, 60, 120, 80), Paint(fill: Fill(color: color(0x0000FF, alpha: 0.5)))),
            .path(circle(220, 60, 40), Paint(stroke: Stroke(color: color(0x00AA00, alpha: 0.4), width: 12))),
            .group(Scene.Group(opacity: 0.5, items: [
                .path(rect(30, 120, 60, 50), Paint(fill: Fill(color: color(0x000000)))),
                .path(rect(60, 140, 60, 40), Paint(fill: Fill(color: color(0x000000)))),
            ])),
        ]
        return Scene.Document(pages: [Scene.Page(size: Size(280, 190), items: items)])
    }

    /// Two pages of different sizes.
    static var pages: Scene.Document {
        let fonts: [Scene.FontResource] = [.standard(.helvetica)]
        let first = Scene.Page(size: Size(200, 100), items: [
            .path(rect(10, 10, 50, 50), Paint(fill: Fill(color: color(0xCC3333)))),
            .text(run("Page one", font: 0, standard: .helvetica, size: 14, at: Point(70, 40))),
        ])
        let second = Scene.Page(size: Size(150, 250), background: color(0xDDEEFF), items: [
            .text(run("Page two", font: 0, standard: .helvetica, size: 14, at: Point(20, 200))),
        ])
        return Scene.Document(pages: [first, second], fonts: fonts, metadata: Scene.Metadata(title: "Two pages"))
    }

    /// An EPS drawing away from the page corner: the bounding box must hug it.
    static var eps: Scene.Document {
        let fonts: [Scene.FontResource] = [.standard(.helvetica)]
        let items: [Scene.Item] = [
            .path(circle(150, 120, 40), Paint(fill: Fill(color: color(0xFFDD88)), stroke: Stroke(color: color(0x885500), width: 5))),
            .path(polygon([(100, 200), (130, 170), (160, 200)], close: false), Paint(
                stroke: Stroke(color: .black, width: 6, join: .miter, miterLimit: 10))),
            .group(Scene.Group(transform: Transform.rotation(degrees: 45).then(.translation(230, 140)), items: [
                .path(rect(-15, -15, 30, 30), Paint(fill: Fill(color: color(0x3366CC)))),
            ])),
            .text(run("EPS", font: 0, standard: .helvetica, size: 20, at: Point(130, 128))),
        ]
        return Scene.Document(pages: [Scene.Page(size: Size(400, 400), items: items)], fonts: fonts)
    }

    /// PNG images of several kinds and a JPEG.
    static func images(jpeg: [UInt8]?) -> Scene.Document {
        var images: [Scene.ImageResource] = []
        // 8-bit RGB gradient, every filter type.
        var rgb: [UInt8] = []
        for y in 0..<16 { for x in 0..<16 { rgb += [UInt8(x * 16), UInt8(y * 16), 128] } }
        images.append(Scene.ImageResource(format: .png, bytes: PNGWriter.encode(width: 16, height: 16, colorType: 2, depth: 8, samples: rgb), pixelWidth: 16, pixelHeight: 16))
        // Palette with a transparent entry.
        var indices: [UInt8] = []
        for y in 0..<8 { for x in 0..<8 { indices.append(UInt8((x + y) % 3)) } }
        images.append(Scene.ImageResource(format: .png, bytes: PNGWriter.encode(
            width: 8, height: 8, colorType: 3, depth: 8, samples: indices,
            palette: [255, 0, 0, 0, 160, 0, 0, 0, 255], transparency: [255, 255, 0]), pixelWidth: 8, pixelHeight: 8))
        // 16-bit gray with alpha.
        var grayAlpha: [UInt8] = []
        for y in 0..<10 { for x in 0..<10 { grayAlpha += [UInt8(x * 25), 0, UInt8(255 - y * 25), 0xFF] } }
        images.append(Scene.ImageResource(format: .png, bytes: PNGWriter.encode(width: 10, height: 10, colorType: 4, depth: 16, samples: grayAlpha), pixelWidth: 10, pixelHeight: 10))
        var items: [Scene.Item] = [
            // Behind the transparent images: the mask must let it show through.
            .path(rect(110, 5, 165, 75), Paint(fill: Fill(color: color(0x99CCFF)))),
            .image(Scene.ImageItem(image: Scene.ImageID(0), rect: Rect(x: 10, y: 10, width: 96, height: 96))),
            .image(Scene.ImageItem(image: Scene.ImageID(1), rect: Rect(x: 116, y: 10, width: 64, height: 64))),
            .image(Scene.ImageItem(image: Scene.ImageID(2), rect: Rect(x: 190, y: 10, width: 80, height: 40))),
        ]
        if let jpeg {
            images.append(Scene.ImageResource(format: .jpeg, bytes: jpeg, pixelWidth: 32, pixelHeight: 32))
            items.append(.image(Scene.ImageItem(image: Scene.ImageID(3), rect: Rect(x: 10, y: 116, width: 64, height: 64))))
        }
        return Scene.Document(pages: [Scene.Page(size: Size(280, 190), items: items)], images: images)
    }
}

/// A minimal PNG encoder for the tests: rows filtered with each filter type in turn, so
/// the decoder's unfiltering is exercised.
enum PNGWriter {
    static func encode(width: Int, height: Int, colorType: UInt8, depth: UInt8, samples: [UInt8],
                       palette: [UInt8] = [], transparency: [UInt8] = []) -> [UInt8] {
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(colorType)]!
        let bpp = max(1, channels * Int(depth) / 8)
        let stride = (width * channels * Int(depth) + 7) / 8
        var raw: [UInt8] = []
        var previous = [UInt8](repeating: 0, count: stride)
        for y in 0..<height {
            let line = Array(samples[y * stride..<(y + 1) * stride])
            let filter = UInt8(y % 5)
            raw.append(filter)
            for i in 0..<stride {
                let a = i >= bpp ? Int(line[i - bpp]) : 0, b = Int(previous[i]), c = i >= bpp ? Int(previous[i - bpp]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                default:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                }
                raw.append(UInt8(truncatingIfNeeded: Int(line[i]) - predictor))
            }
            previous = line
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func chunk(_ type: String, _ data: [UInt8]) {
            let body = Array(type.utf8) + data
            png += be32(data.count) + body + be32(Int(crc32(body)))
        }
        chunk("IHDR", be32(width) + be32(height) + [depth, colorType, 0, 0, 0])
        if !palette.isEmpty { chunk("PLTE", palette) }
        if !transparency.isEmpty { chunk("tRNS", transparency) }
        chunk("IDAT", Deflate.compress(raw))
        chunk("IEND", [])
        return png
    }

    /// An Adam7-interlaced 8-bit RGB PNG (filter type 0 in every row).
    static func encodeInterlaced(width: Int, height: Int, rgb: [UInt8]) -> [UInt8] {
        let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        var raw: [UInt8] = []
        for (x0, y0, dx, dy) in passes {
            guard x0 < width, y0 < height else { continue }
            for y in stride(from: y0, to: height, by: dy) {
                raw.append(0)
                for x in stride(from: x0, to: width, by: dx) { raw += rgb[(y * width + x) * 3..<(y * width + x) * 3 + 3] }
            }
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func chunk(_ type: String, _ data: [UInt8]) {
            let body = Array(type.utf8) + data
            png += be32(data.count) + body + be32(Int(crc32(body)))
        }
        chunk("IHDR", be32(width) + be32(height) + [8, 2, 0, 0, 1])
        chunk("IDAT", Deflate.compress(raw))
        chunk("IEND", [])
        return png
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            crc ^= UInt32(b)
            for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }
}

/// The PostScript backend's image path (DrawImages underneath), under the names these
/// tests used when the backend had its own decoder.
enum PNGDecoder {
    static func decode(_ bytes: [UInt8]) -> PSImages.Decoded? {
        PSImages.decode(Scene.ImageResource(format: .png, bytes: bytes, pixelWidth: 0, pixelHeight: 0))
    }
}

enum JPEGInfo {
    static func read(_ bytes: [UInt8]) -> PSImages.Decoded? {
        PSImages.decode(Scene.ImageResource(format: .jpeg, bytes: bytes, pixelWidth: 0, pixelHeight: 0))
    }
}
