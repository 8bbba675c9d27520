// PNG from the command line: file names per page, resolution, backdrop, and the options'
// usage errors. The files are read back by DrawImages (Raster) and checked for size, pHYs
// and transparency.

import DrawKit
import DrawTestSupport
import Foundation
import Testing

@Suite("drawc PNG options")
struct PNGCLITests {
    /// Width, height and colour type from a PNG's IHDR, and pixels per metre from pHYs.
    func header(_ png: [UInt8]) -> (width: Int, height: Int, colorType: Int, perMetre: Int)? {
        guard png.count > 50, png.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
        func be32(_ i: Int) -> Int { Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3]) }
        return (be32(16), be32(20), Int(png[25]), be32(41))
    }

    @Test("-o x.png writes one PNG per page, at 96 dpi by default, the same bytes every time")
    func pagesAndDefaults() throws {
        let folder = try TemporaryFolder()
        CLI.write(CLI.twoPages, folder.file("two.draw"))
        let run = try CLI.run(["compile", "two.draw", "-o", "out.png"], in: folder)
        #expect(run.status == 0, "\(run.stderrText)")
        #expect(folder.contents().filter { $0.hasSuffix(".png") } == ["out-1.png", "out-2.png"])
        let first = try #require(CLI.bytes(folder.file("out-1.png")))
        let h = try #require(header(first))
        // 100 × 80 pt at 96 dpi.
        #expect(h.width == 134 && h.height == 107 && h.colorType == 2 && h.perMetre == 3780)
        let again = try CLI.run(["compile", "two.draw", "--format", "png", "-o", "again.png"], in: folder)
        #expect(again.status == 0)
        #expect(CLI.bytes(folder.file("again-1.png")) == first)
        CLI.write(CLI.good, folder.file("one.draw"))
        #expect(try CLI.run(["compile", "one.draw", "--format", "png"], in: folder).status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.file("one.png")))
    }

    @Test("--dpi and --scale set the size and pHYs; --background transparent leaves alpha 0")
    func resolutionAndBackground() throws {
        let folder = try TemporaryFolder()
        CLI.write("page size: (72pt, 36pt) {\n  rect at: (10pt, 10pt), width: 20pt, height: 10pt, fill: #ff0000\n}\n", folder.file("a.draw"))
        #expect(try CLI.run(["compile", "a.draw", "-o", "a300.png", "--dpi", "300"], in: folder).status == 0)
        let png300 = try #require(CLI.bytes(folder.file("a300.png")))
        let at300 = try #require(header(png300))
        #expect(at300.width == 300 && at300.height == 150 && at300.perMetre == 11811)
        #expect(try CLI.run(["compile", "a.draw", "-o", "a2x.png", "--scale", "2"], in: folder).status == 0)
        let png2x = try #require(CLI.bytes(folder.file("a2x.png")))
        let at2x = try #require(header(png2x))
        #expect(at2x.width == 192 && at2x.height == 96)
        #expect(try CLI.run(["compile", "a.draw", "-o", "clear.png", "--background", "transparent"], in: folder).status == 0)
        let clear = try #require(CLI.bytes(folder.file("clear.png")))
        #expect(header(clear)?.colorType == 6)
        let clearRaster = try #require(Raster.read(clear))
        // Composited on white by Raster: the corner is white, the rectangle red.
        #expect(Array(clearRaster.pixels[0..<3]) == [255, 255, 255])
        #expect(try CLI.run(["compile", "a.draw", "-o", "blue.png", "--background", "#0000ff"], in: folder).status == 0)
        let bluePNG = try #require(CLI.bytes(folder.file("blue.png")))
        let blue = try #require(Raster.read(bluePNG))
        #expect(Array(blue.pixels[0..<3]) == [0, 0, 255])
    }

    @Test("PNG options are usage errors with other formats, out of range, or both at once")
    func usageErrors() throws {
        let folder = try TemporaryFolder()
        CLI.write(CLI.good, folder.file("a.draw"))
        for arguments in [
            ["compile", "a.draw", "-o", "a.pdf", "--dpi", "300"],
            ["compile", "a.draw", "-o", "a.png", "--dpi", "0"],
            ["compile", "a.draw", "-o", "a.png", "--dpi", "lots"],
            ["compile", "a.draw", "-o", "a.png", "--dpi", "300", "--scale", "2"],
            ["compile", "a.draw", "-o", "a.png", "--background", "mauve-ish"],
            ["compile", "a.draw", "--background", "transparent"],
        ] {
            let run = try CLI.run(arguments, in: folder)
            #expect(run.status == 2, "\(arguments): \(run.stderrText)")
            #expect(run.stderrText.hasPrefix("drawc: "), "\(arguments): \(run.stderrText)")
        }
        #expect(!folder.contents().contains { $0.hasSuffix(".png") || $0.hasSuffix(".pdf") })
    }
}
