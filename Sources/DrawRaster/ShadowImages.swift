// Shadows for formats without blur (issue 24): before PDF and PostScript are written, each
// group's shadows are rasterized here — the group's content drawn, its alpha offset,
// blurred with the same Gaussian as PNG output and tinted — into one straight-alpha PNG
// image per group, placed under the group in page space. PDF draws it with a soft mask
// (the PNG's alpha), so its shadows are the PNG backend's pixels at `pixelsPerPoint`;
// PostScript draws what it can of image alpha (with its warning). An IR-to-IR step that
// DrawKit runs before them (their `BackendTraits.shadowsAsImages`), beside the rasterizer it
// draws with and not in the PNG backend, so the PDF and PostScript backends depend on neither
// (issue 35). Each group is drawn in layers of
// its shadows' own area, not the page's (issue 34: a 100 pt shadow on an 8,000 pt page took
// two page-sized layers, 1.98 GB; on a 9,000 pt page it was silently left out).

import DrawBase
import DrawDiagnostics
import DrawScene

package enum ShadowImages {
    /// Resolution of shadow images: 2 pixels per point (144 dpi). A blur is smooth, so
    /// this is sharp at any zoom a shadow is looked at.
    package static let pixelsPerPoint = 2.0
    /// The most pixels one shadow image is drawn with (4096²: two layers of 64 MB). A larger
    /// shadow is drawn at a lower resolution, enough for a blur on that scale.
    package static let maximumPixels = 1 << 24

    /// `document` with every group's shadows replaced by images; the document itself when
    /// it has none. Each shadow image covers only its group's shadows (their blur included,
    /// cut to the page), drawn in layers of that size: a small shadow on a huge page costs
    /// its own area, and one larger than `maximumPixels` is drawn at a lower resolution. A
    /// shadow that cannot be drawn (its content past the edge limit) is left out with a
    /// warning at its group (`png.shadow-not-drawn`).
    /// `maximumEdges`, `maximumPixels`: the edges one shadow's content and the pixels its
    /// image may have (tests lower them).
    package static func lower(_ document: Scene.Document, standardFontFolders: [String] = StandardFaces.defaultFolders,
                              maximumEdges: Int = RasterLimits.maximumEdgesPerPage, maximumPixels: Int = maximumPixels)
        -> (document: Scene.Document, warnings: [BackendMessage])
    {
        guard document.pages.contains(where: { hasShadows($0.items) }) else { return (document, []) }
        var result = document
        var options = RasterOptions(dpi: 72 * pixelsPerPoint, backdrop: nil, standardFontFolders: standardFontFolders)
        options.maximumEdges = maximumEdges
        var painter = Painter(document: document, options: options)
        var warnings: [BackendMessage] = []
        for index in result.pages.indices {
            let page = result.pages[index]
            var context = Context(page: page.size, pageIndex: index, pageSpan: document.causes.page(index),
                                  maximumPixels: maximumPixels)
            result.pages[index].items = lower(page.items, parent: .identity, path: [], painter: &painter, context: &context,
                                              images: &result.images, fonts: document.fonts)
            warnings += context.warnings
        }
        return (result, warnings)
    }

    /// What lowering one page needs besides the items.
    private struct Context {
        var page: Size
        var pageIndex: Int
        var pageSpan: Span
        var maximumPixels: Int
        var warnings: [BackendMessage] = []
    }

    static func hasShadows(_ items: [Scene.Item]) -> Bool {
        var pending = [items[...]]
        while let list = pending.popLast() {
            for case .group(let group) in list {
                if !group.shadows.isEmpty { return true }
                pending.append(group.items[...])
            }
        }
        return false
    }

    /// The groups it makes or changes measure their ink again (`Scene.Group.inkBounds`).
    /// `path`: where `items` are on the page (`Scene.ItemLocation`), for warnings.
    private static func lower(_ items: [Scene.Item], parent: Transform, path: [Int], painter: inout Painter, context: inout Context,
                              images: inout [Scene.ImageResource], fonts: [Scene.FontResource]) -> [Scene.Item] {
        guard hasShadows(items) else { return items }
        return items.enumerated().map { index, item in
            guard case .group(var group) = item else { return item }
            let ctm = group.transform.then(parent)
            if hasShadows(group.items) {
                group.changeItems(fonts: fonts) {
                    $0 = lower($0, parent: ctm, path: path + [index], painter: &painter, context: &context, images: &images, fonts: fonts)
                }
            }
            guard !group.shadows.isEmpty else { return .group(group) }
            let shadows = group.shadows
            var content = group
            content.shadows = []; content.opacity = 1; content.blend = .normal
            var outerItems: [Scene.Item] = [.group(content)]
            let drawn = shadowImage(content, shadows: shadows, parent: parent, painter: &painter, page: context.page,
                                    maximumPixels: context.maximumPixels, fonts: fonts)
            switch drawn {
            case .image(let image):
                images.append(image.resource)
                let item = Scene.Item.image(Scene.ImageItem(image: Scene.ImageID(images.count - 1), rect: image.rect))
                // The image is in page space: undo the parent's transform around it.
                let determinant = parent.a * parent.d - parent.b * parent.c
                if parent.isIdentity {
                    outerItems.insert(item, at: 0)
                } else if determinant.isFinite, abs(determinant) > 1e-12 {
                    let inverse = Transform(
                        a: parent.d / determinant, b: -parent.b / determinant, c: -parent.c / determinant, d: parent.a / determinant,
                        e: (parent.c * parent.f - parent.d * parent.e) / determinant,
                        f: (parent.b * parent.e - parent.a * parent.f) / determinant)
                    outerItems.insert(.group(Scene.Group(transform: inverse, items: [item], fonts: fonts)), at: 0)
                }
            case .nothing:
                break
            case .notDrawn(let reason):
                context.warnings.append(BackendMessage(
                    id: RasterID.shadowNotDrawn.rawValue, message: "this shadow is left out: \(reason)", span: context.pageSpan,
                    item: Scene.ItemLocation(page: context.pageIndex, path: path + [index])))
            }
            var outer = Scene.Group(items: outerItems, fonts: fonts)
            outer.opacity = group.opacity
            outer.blend = group.blend
            return .group(outer)
        }
    }

    /// What became of a group's shadows.
    private enum Drawn {
        /// The image and its place on the page.
        case image(resource: Scene.ImageResource, rect: Rect)
        /// They show nothing on the page.
        case nothing
        /// They cannot be drawn, for the reason given.
        case notDrawn(String)
    }

    /// The shadows of `group` (drawn in `parent`'s coordinates) as an image over their own
    /// area: the group's ink with the shadows' offsets and blur (`InkBounds`, 3 σ), cut to
    /// the page, at `pixelsPerPoint` or, past `maximumPixels`, the resolution that fits.
    private static func shadowImage(_ group: Scene.Group, shadows: [Shadow], parent: Transform, painter: inout Painter,
                                    page: Size, maximumPixels: Int, fonts: [Scene.FontResource]) -> Drawn {
        var shadowed = group
        shadowed.shadows = shadows
        guard let ink = Scene.InkBounds.items([.group(shadowed)], fonts: fonts) else { return .nothing }
        let corners = [Point(ink.minX, ink.minY), Point(ink.maxX, ink.minY), Point(ink.minX, ink.maxY), Point(ink.maxX, ink.maxY)]
            .map(parent.apply)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max(),
              minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return .nothing }
        // The area in points, on the page.
        let area = (x0: max(0, minX), y0: max(0, minY), x1: min(page.width, maxX), y1: min(page.height, maxY))
        guard area.x1 > area.x0, area.y1 > area.y0 else { return .nothing }
        let points = (area.x1 - area.x0 + 2) * (area.y1 - area.y0 + 2)
        let scale = min(pixelsPerPoint, (Double(maximumPixels) / points).squareRoot())
        let device = parent.then(.scale(scale, scale))
        // Two pixels more on each side for the painter's rounding of offsets and reach, cut to
        // the page's pixels (as the page-sized layers were).
        let region = PixelBox(x0: Int((area.x0 * scale).rounded(.down)) - 2, y0: Int((area.y0 * scale).rounded(.down)) - 2,
                              x1: Int((area.x1 * scale).rounded(.up)) + 2, y1: Int((area.y1 * scale).rounded(.up)) + 2)
            .intersection({ let (w, h) = RasterWriter.pixelSize(page, dpi: 72 * scale); return PixelBox(x0: 0, y0: 0, x1: w, y1: h) }())
        guard !region.isEmpty, region.width <= 2 * maximumPixels / region.height else { return .nothing }
        let content = Layer(width: region.width, height: region.height)
        let shadowLayer = Layer(width: region.width, height: region.height)
        let local = device.then(.translation(Double(-region.x0), Double(-region.y0)))
        painter.width = region.width; painter.height = region.height
        painter.layers = [content]
        painter.clip = nil
        painter.failure = nil
        painter.edges = 0
        painter.drawGroup(group, ctm: local)
        if let failure = painter.failure {
            painter.layers = []
            return .notDrawn(failure.message)
        }
        for shadow in shadows { painter.paintShadow(shadow, of: content, ctm: local, onto: shadowLayer) }
        painter.layers = []
        let box = shadowLayer.dirty.intersection(PixelBox(x0: 0, y0: 0, x1: region.width, y1: region.height))
        guard !box.isEmpty else { return .nothing }
        var pixels = [UInt8](repeating: 0, count: box.width * box.height * 4)
        for y in box.y0..<box.y1 {
            let from = (y * region.width + box.x0) * 4
            let to = (y - box.y0) * box.width * 4
            pixels[to..<(to + box.width * 4)] = shadowLayer.pixels[from..<(from + box.width * 4)]
        }
        let image = RasterImage(width: box.width, height: box.height, pixels: pixels)
        let bytes = PNGWriter.encode(image, dpi: 72 * scale)
        let rect = Rect(x: Double(box.x0 + region.x0) / scale, y: Double(box.y0 + region.y0) / scale,
                        width: Double(box.width) / scale, height: Double(box.height) / scale)
        return .image(resource: Scene.ImageResource(format: .png, bytes: bytes, pixelWidth: box.width, pixelHeight: box.height), rect: rect)
    }
}
