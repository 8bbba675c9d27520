// The PNG files: read back by an independent decoder (Pillow, over libpng and zlib) with
// its CRC and zlib checks, the chunks in order and nothing time- or machine-dependent,
// the resolution in pHYs, the pixels what the rasterizer made.

import DrawBase
import DrawImages
import DrawScene
import DrawTestSupport
import Foundation
import Testing
@testable import DrawRaster

/// The chunk types of a PNG file, in order.
func chunkTypes(_ png: [UInt8]) -> [String] {
    var types: [String] = []
    var i = 8
    while i + 8 <= png.count {
        let length = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
        types.append(String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self))
        i += 12 + length
    }
    return types
}

@Suite("PNG files")
struct PNGWriterTests {
    static let drawing: Scene.Document = {
        var items: [Scene.Item] = []
        items.append(filled(rectPath(4, 4, 40, 30)))
        items.append(.path(linePath([(10, 50), (60, 10), (70, 50)]), Paint(stroke: Stroke(color: Color(red: 0.8, green: 0.1, blue: 0.2), width: 3, join: .round))))
        items.append(.group(Scene.Group(opacity: 0.5, items: [.path(rectPath(30, 20, 40, 30), Paint(fill: Fill(color: Color(red: 0, green: 0.4, blue: 1))))])))
        return Scene.Document(pages: [Scene.Page(size: Size(80, 60), items: items)])
    }()

    static func png(_ options: RasterOptions) throws -> [UInt8] {
        switch RasterWriter.render(drawing, options: options) {
        case .success(let files): return files[0]
        case .failure(let error): throw error
        }
    }

    @Test("chunks are IHDR, pHYs, IDAT, IEND; the bytes are the same every time")
    func chunksAndDeterminism() throws {
        let a = try Self.png(RasterOptions())
        let b = try Self.png(RasterOptions())
        #expect(a == b)
        #expect(chunkTypes(a) == ["IHDR", "pHYs", "IDAT", "IEND"])
        // 96 dpi = 3780 pixels per metre, unit metre.
        let phys = Array(a[(8 + 25 + 8)..<(8 + 25 + 8 + 9)])
        #expect(phys == [0, 0, 0x0E, 0xC4, 0, 0, 0x0E, 0xC4, 1])
    }

    @Test("Pillow reads the file: size, mode, resolution and every pixel as rasterized")
    func readByPillow() throws {
        guard ExternalTool.require("python3") else { return }
        let folder = try TemporaryFolder(prefix: "pngwriter")
        for (name, options) in [("white", RasterOptions(dpi: 150)), ("clear", RasterOptions(dpi: 72, backdrop: nil))] {
            let bytes = try Self.png(options)
            FileManager.default.createFile(atPath: folder.file("\(name).png"), contents: Data(bytes))
            let script = """
                import sys
                from PIL import Image
                im = Image.open(sys.argv[1]); im.verify()
                im = Image.open(sys.argv[1]); im.load()
                print(im.mode, im.size[0], im.size[1], round(im.info['dpi'][0]))
                open(sys.argv[2], 'wb').write(im.convert('RGBA').tobytes())
                """
            let run = try ExternalTool.run("python3", ["-c", script, folder.file("\(name).png"), folder.file("\(name).rgba")])
            try #require(run.succeeded, "Pillow: \(run.stderrText)")
            let pages = try #require(try? RasterWriter.rasterize(Self.drawing, options: options).get())
            let image = pages[0]
            let fields = run.stdoutText.split(separator: " ").map(String.init)
            let dpi = Int(options.dpi)
            #expect(fields == [name == "white" ? "RGB" : "RGBA", "\(image.width)", "\(image.height)", "\(dpi)\n"])
            let rgba = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.file("\(name).rgba"))))
            var differing = 0
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let p = image.pixel(x, y), i = (y * image.width + x) * 4
                    if p.a != rgba[i + 3] || (p.a > 0 && (p.r != rgba[i] || p.g != rgba[i + 1] || p.b != rgba[i + 2])) { differing += 1 }
                }
            }
            #expect(differing == 0, "\(name): \(differing) pixels read back differently")
        }
    }

    @Test("a page's pixel size is its size at the resolution, rounded up as rsvg-convert and pdftoppm do")
    func pixelSize() {
        #expect(RasterWriter.pixelSize(Size(612, 792), dpi: 300) == (2550, 3300))
        #expect(RasterWriter.pixelSize(Size(55.1, 10), dpi: 96) == (74, 14))
        #expect(RasterWriter.pixelSize(Size(63.336, 50.4), dpi: 96) == (85, 68))
        #expect(RasterWriter.pixelSize(Size(0, 0), dpi: 96) == (1, 1))
    }
}
