// DrawRaster — drawc's own rasterizer and PNG writer: the scene IR in, pixels and PNG files
// out, the same bytes on every machine, with no renderer to install. Two users: the PNG
// backend (RasterBackend, one PNG per page) and, for formats without blur (PDF, PostScript),
// `ShadowImages`, which draws each group's drop shadows into an image before they render.
//
// Takes: a `Scene.Document`, a resolution and a backdrop. Hands on: PNG files (8-bit RGB,
// or RGBA when some pixel is not opaque), each with a `pHYs` chunk for the resolution and
// no time or text chunks.
// Invariants: anti-aliasing by exact area coverage (Coverage.swift); compositing is
// source-over in premultiplied alpha; every path is flattened in device space to within
// `RasterOptions.tolerance` pixels; hostile input meets named limits (`RasterLimits`,
// `Flatten.maximumSegmentsPerCurve`, `Stroker.maximumDashes`) that become errors, never
// a hang or an allocation of gigabytes.
// Deliberately not here: hinting and sub-pixel text (glyphs are filled outlines, like
// paths), colour management, filters beyond bilinear image sampling.

import DrawBase
import DrawDiagnostics
import DrawFonts
import DrawImages
import DrawOutput
import DrawScene
#if canImport(Foundation)
import Foundation
#endif

/// Limits against hostile input, reported as errors.
package enum RasterLimits {
    /// The most pixels one page may have (width × height at the chosen resolution):
    /// 300 million, 1.2 GB of RGBA — an A0 page at 300 dpi is 139 million, 100,000 shapes
    /// of the benchmark on one 12,640 pt page at 96 dpi 284 million.
    package static let maximumPagePixels = 300_000_000
    /// The most polygon edges one page may send to the coverage accumulator.
    package static let maximumEdgesPerPage = 100_000_000
    /// The most bytes of decoded images (premultiplied RGBA) kept between draws: 256 MB, one
    /// 8192² image. Past it, images are decoded again when drawn again (`ImageCache`), so
    /// many large images cost one at a time rather than all of them at once.
    package static let maximumCachedImageBytes = 256 << 20
}

/// How to rasterize.
package struct RasterOptions: Sendable, Hashable {
    /// Pixels per inch (a point is 1/72 in).
    package var dpi: Double
    /// Painted under the page (nil: transparent). The page's own background is painted
    /// over it.
    package var backdrop: Color?
    /// Flattening tolerance in device pixels.
    package var tolerance: Double
    /// Folders searched for the URW base-35 fonts that draw the standard 14.
    package var standardFontFolders: [String]
    /// Edges one page may send to the coverage accumulator (tests lower it).
    package var maximumEdges = RasterLimits.maximumEdgesPerPage

    package init(dpi: Double = 96, backdrop: Color? = .white, tolerance: Double = 0.1,
                 standardFontFolders: [String] = StandardFaces.defaultFolders) {
        self.dpi = dpi; self.backdrop = backdrop; self.tolerance = tolerance
        self.standardFontFolders = standardFontFolders
    }

    /// Device pixels per point.
    package var scale: Double { dpi / 72 }
}

/// A problem that stops rendering, as a message for a diagnostic.
package struct RasterError: Error, Hashable, Sendable {
    package var id: RasterID
    package var message: String
    /// The source of the cause (the font's `font:` value, the image, the page), from `Document.causes`.
    package var span: Span = .unknown
    /// The item being drawn when it happened (the index in the page's items, then in nested
    /// groups'), when the cause is that item; its page is added by `RasterWriter`.
    package var item: [Int]?
    package init(_ id: RasterID, _ message: String) { self.id = id; self.message = message }
}

/// A page's pixels: premultiplied RGBA, 8 bits per channel, rows top to bottom.
package struct RasterImage: Sendable, Hashable {
    package var width: Int
    package var height: Int
    package var pixels: [UInt8]
    /// Every pixel is known to be opaque (drawn over an opaque backdrop: source-over onto
    /// alpha 255 stays 255), so the PNG writer need not look.
    package var knownOpaque = false
    /// Straight-alpha colour of pixel (x, y).
    package func pixel(_ x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        let a = pixels[i + 3]
        guard a > 0 else { return (0, 0, 0, 0) }
        func un(_ v: UInt8) -> UInt8 { UInt8(min(255, (Int(v) * 255 + Int(a) / 2) / Int(a))) }
        return (un(pixels[i]), un(pixels[i + 1]), un(pixels[i + 2]), a)
    }
}

package enum RasterWriter {
    /// One PNG file per page; a failure with the page it happened on.
    package static func render(_ document: Scene.Document, options: RasterOptions) -> Result<[[UInt8]], PageFailure> {
        var painter = Painter(document: document, options: options)
        var files: [[UInt8]] = []
        for (index, page) in document.pages.enumerated() {
            switch painter.paint(page) {
            case .success(let image): files.append(PNGWriter.encode(image, dpi: options.dpi))
            case .failure(var error):
                if error.span.isUnknown { error.span = document.causes.page(index) }
                return .failure(PageFailure(error: error, page: index))
            }
        }
        return .success(files)
    }

    /// A failure and the index of its page.
    package struct PageFailure: Error, Hashable, Sendable {
        package var error: RasterError
        package var page: Int
        /// The item that caused it, located on its page.
        package var item: Scene.ItemLocation? { error.item.map { Scene.ItemLocation(page: page, path: $0) } }
    }

    /// The pixels of each page, for tests and tools that look at them.
    package static func rasterize(_ document: Scene.Document, options: RasterOptions) -> Result<[RasterImage], RasterError> {
        var painter = Painter(document: document, options: options)
        var images: [RasterImage] = []
        for (index, page) in document.pages.enumerated() {
            switch painter.paint(page) {
            case .success(let image): images.append(image)
            case .failure(var error):
                if error.span.isUnknown { error.span = document.causes.page(index) }
                return .failure(error)
            }
        }
        return .success(images)
    }

    /// The pixel size of a page at `dpi`: the page size rounded up to whole pixels, at least
    /// one (as rsvg-convert sizes an SVG's width and height, and pdftoppm a PDF page). A
    /// size within a millionth of a pixel of a whole number is that number.
    package static func pixelSize(_ size: Size, dpi: Double) -> (width: Int, height: Int) {
        let w = (size.width * dpi / 72 - 1e-6).rounded(.up), h = (size.height * dpi / 72 - 1e-6).rounded(.up)
        return (Int(max(1, min(w, 1e9))), Int(max(1, min(h, 1e9))))
    }
}

