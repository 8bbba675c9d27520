import DrawBase
import DrawDiagnostics
import DrawScene
import DrawSemantics
@testable import DrawLayout
import DrawImages
import DrawOutput
import Testing
#if canImport(Foundation)
import Foundation
#endif

@Suite struct ImageTests {
    /// A PNG header claiming `w × h` pixels (layout reads only the IHDR size).
    func pngHeader(_ w: UInt32, _ h: UInt32) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + Array("IHDR".utf8) + be(w) + be(h) + [8, 6, 0, 0, 0] + [0, 0, 0, 0]
    }

    /// A whole grey PNG of `w × h` pixels (layout checks every image's data, not only its header).
    func png(_ w: Int, _ h: Int, rows: Int? = nil) -> [UInt8] {
        func be(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] { be(data.count) + Array(type.utf8) + data + [0, 0, 0, 0] }
        let raw = [UInt8](repeating: 0, count: (w + 1) * (rows ?? h))
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", be(w) + be(h) + [8, 0, 0, 0, 0])
            + chunk("IDAT", Deflate.compress(raw)) + chunk("IEND", [])
    }

    func temporaryFile(_ name: String, _ bytes: [UInt8]) -> String {
        let path = NSTemporaryDirectory() + "drawc-layout-\(ProcessInfo.processInfo.processIdentifier)-" + name
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    @Test func sizesFromPixelsWidthOrBoth() {
        let path = temporaryFile("a.png", png(400, 200))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let natural = node(.image, path)
        let byWidth = node(.image, path) { $0.geometry.width = 100; $0.geometry.at = PointValue(Point(50, 100)) }
        let contained = node(.image, path) { n in
            n.geometry.width = 100; n.geometry.height = 100; n.geometry.at = PointValue(Point(50, 200))
        }
        let covered = node(.image, path) { n in
            n.geometry.width = 100; n.geometry.height = 100; n.geometry.fit = .cover; n.geometry.at = PointValue(Point(50, 300))
        }
        let (page, diagnostics, document) = layoutPage([natural, byWidth, contained, covered], size: Size(400, 400))
        #expect(diagnostics.isEmpty)
        #expect(document.images.count == 1)
        #expect(document.images.first?.pixelWidth == 400)
        var rects: [Rect] = []
        func collect(_ items: [Scene.Item]) {
            for item in items {
                if case .image(let i) = item { rects.append(i.rect) }
                if case .group(let g) = item { collect(g.items) }
            }
        }
        collect(page.items)
        #expect(rects == [
            Rect(x: 0, y: 0, width: 300, height: 150),        // 96 dpi
            Rect(x: 0, y: 75, width: 100, height: 50),        // aspect kept
            Rect(x: 0, y: 175, width: 100, height: 50),       // contain: letterboxed in 100 × 100
            Rect(x: -50, y: 250, width: 200, height: 100),    // cover: clipped to the frame
        ])
    }

    @Test func unreadableOrForeignFilesAreDiagnosed() {
        let text = temporaryFile("b.png", Array("not an image".utf8))
        defer { try? FileManager.default.removeItem(atPath: text) }
        // Two statements (a mistake is reported once per place: they need places of their own).
        var missing = node(.image, "/nonexistent/x.png"), foreign = node(.image, text)
        missing.span = span(0, 5)
        foreign.span = span(10, 15)
        let (_, diagnostics, _) = layoutPage([missing, foreign])
        #expect(diagnostics.map(\.id) == ["layout.image", "layout.image"])
        #expect(diagnostics[1].message.hasSuffix("is not a PNG or JPEG image"))
    }

    @Test func jpegSizeFromStartOfFrame() {
        // SOI, APP0 (length 4), SOF0 with height 30, width 40.
        let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0x1E, 0x00, 0x28, 0x03]
        let info = ImageDecoder.info(bytes)
        #expect(info?.width == 40 && info?.height == 30 && info?.format == .jpeg)
        #expect(ImageDecoder.info([0xFF, 0xD8, 0xFF]) == nil)
    }

    @Test func imagesWithTooManyPixelsAreDiagnosedAtTheirNode() {
        // 10,000 × 10,000 = 10^8 pixels > 2^26: refused here, so no backend meets it.
        let path = temporaryFile("huge.png", pngHeader(10_000, 10_000))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (_, diagnostics, document) = layoutPage([node(.image, path)])
        #expect(diagnostics.map(\.id) == ["layout.image"])
        #expect(diagnostics.first?.message.contains("more than the \(ImageLimits.maximumPixels) an image may have") == true)
        #expect(document.images.isEmpty)
    }

    @Test func damagedImagesAreDiagnosedAtTheirNodeNamingTheFile() {
        // Issue 34, point 10: a PNG whose data is short, one cut off inside a chunk, and a
        // header alone were drawn as nothing (PDF, SVG) or failed without a place (PNG).
        let whole = png(20, 10)
        let short = temporaryFile("short.png", png(20, 10, rows: 4))
        let cut = temporaryFile("cut.png", Array(whole[0..<(whole.count - 20)]))
        let bare = temporaryFile("bare.png", pngHeader(20, 10))
        defer { for p in [short, cut, bare] { try? FileManager.default.removeItem(atPath: p) } }
        var nodes = [node(.image, short), node(.image, cut), node(.image, bare)]
        for i in nodes.indices { nodes[i].span = span(10 * i, 10 * i + 5) }
        let (_, diagnostics, document) = layoutPage(nodes)
        func name(_ path: String) -> String { (path as NSString).lastPathComponent }
        #expect(diagnostics.map(\.id) == ["layout.image-damaged", "layout.image-damaged", "layout.image-damaged"])
        #expect(diagnostics.map(\.message) == [
            "image '\(name(short))' is damaged: its pixel data ends after 4 of 10 rows",
            "image '\(name(cut))' is damaged: the file is cut short",
            "image '\(name(bare))' is damaged: it has no pixel data",
        ])
        #expect(diagnostics.map(\.span.start) == [0, 10, 20])
        #expect(document.images.isEmpty)
    }
}
