// The integer source-over of solid colours (`SolidSource`) against the exact formula on
// premultiplied values, and what the PNG writer is told about opacity: a page drawn over an
// opaque backdrop is known opaque (written as RGB without looking), one over a transparent
// backdrop is looked at.

import DrawBase
import DrawScene
import Testing
@testable import DrawRaster

@Suite("Raster compositing")
struct CompositingTests {
    /// d' = s·l/255 + d·(1 − αs·l/255²), every component within 1.5 levels of the exact value
    /// (three roundings: the colour to 8 bits, the covered alpha, the result), for every
    /// coverage level, on opaque and translucent backdrops.
    @Test func integerSourceOverIsWithinOneLevelOfExact() {
        let colors = [Color(red: 0.2, green: 0.6, blue: 1, alpha: 1), Color(red: 1, green: 0.1, blue: 0.3, alpha: 0.5),
                      Color(red: 0, green: 0, blue: 0, alpha: 0.02), .white]
        let backdrops: [[UInt8]] = [[255, 255, 255, 255], [10, 120, 40, 128], [0, 0, 0, 0], [3, 200, 77, 255]]
        var worst = 0.0
        for color in colors {
            let source = SolidSource(color)
            let premultiplied = [color.red * color.alpha, color.green * color.alpha, color.blue * color.alpha, color.alpha].map { $0 * 255 }
            for backdrop in backdrops {
                for level in 1...255 {
                    var pixel = backdrop
                    pixel.withUnsafeMutableBufferPointer { source.over($0.baseAddress!, level: UInt32(level)) }
                    let l = Double(level) / 255
                    let a = premultiplied[3] * l / 255
                    for c in 0..<4 {
                        let exact = premultiplied[c] * l + Double(backdrop[c]) * (1 - a)
                        worst = max(worst, abs(Double(pixel[c]) - exact))
                    }
                    // Source-over onto an opaque pixel stays opaque.
                    if backdrop[3] == 255 { #expect(pixel[3] == 255) }
                }
            }
        }
        #expect(worst <= 1.5, "worst difference \(worst) levels")
    }

    @Test func fullCoverageOfAnOpaqueColourIsTheColour() {
        let source = SolidSource(Color(r: 12, g: 34, b: 56))
        var row = [UInt8](repeating: 99, count: 4 * 4)
        let coverage: [UInt8] = [255, 255, 0, 255]
        row.withUnsafeMutableBufferPointer { px in
            coverage.withUnsafeBufferPointer { source.paint($0, into: px.baseAddress!) }
        }
        #expect(row == [12, 34, 56, 255, 12, 34, 56, 255, 99, 99, 99, 99, 12, 34, 56, 255])
    }

    @Test func opaqueBackdropPagesAreKnownOpaque() throws {
        let items: [Scene.Item] = [.path(rectPath(4, 4, 20, 20), Paint(fill: Fill(color: Color(red: 1, green: 0, blue: 0, alpha: 0.3))))]
        let document = Scene.Document(pages: [Scene.Page(size: Size(32, 32), items: items)])
        guard case .success(let white) = RasterWriter.rasterize(document, options: RasterOptions(dpi: 72, backdrop: .white)),
              case .success(let clear) = RasterWriter.rasterize(document, options: RasterOptions(dpi: 72, backdrop: nil))
        else { Issue.record("rasterize failed"); return }
        #expect(white[0].knownOpaque && !clear[0].knownOpaque)
        var alphas = Set<UInt8>()
        for i in stride(from: 3, to: white[0].pixels.count, by: 4) { alphas.insert(white[0].pixels[i]) }
        #expect(alphas == [255])
    }
}
