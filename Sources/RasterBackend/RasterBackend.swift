// RasterBackend — the PNG format: one PNG per page, drawn by drawc's own rasterizer
// (DrawRaster), the same bytes on every machine. The rasterizer itself, its limits and the
// shadow images PDF and PostScript use live in DrawRaster; this target is the format's
// `Backend` conformance only.

import DrawBase
import DrawRaster
import DrawScene

/// PNG as a `Backend`: one file per page.
package struct PNGRenderer: Backend {
    package var options: RasterOptions
    package init(options: RasterOptions) { self.options = options }
    package var traits: BackendTraits { Self.formatTraits }
    static let formatTraits = BackendTraits(name: "PNG", shortName: "PNG", mediaType: "image/png", fileExtension: "png", onePerPage: true, shadowsAsImages: false,
                                      cannotShow: ["text as text (glyphs become pixels)"])
    package func render(_ document: Scene.Document) -> BackendOutput {
        switch RasterWriter.render(document, options: options) {
        case .success(let files): BackendOutput(files: files, onePerPage: traits.onePerPage)
        case .failure(let failure):
            BackendOutput(files: [], onePerPage: traits.onePerPage, errors: [BackendMessage(
                id: failure.error.id.rawValue, message: failure.error.message, span: failure.error.span, item: failure.item)])
        }
    }
}
