// Shadows for formats without blur (issue 24): before PDF and PostScript are written, each
// group's shadows are rasterized here — the group's content drawn, its alpha offset,
// blurred with the same Gaussian as PNG output and tinted — into one straight-alpha PNG
// image per group, placed under the group in page space. PDF draws it with a soft mask
// (the PNG's alpha), so its shadows are the PNG backend's pixels at `pixelsPerPoint`;
// PostScript draws what it can of image alpha (with its warning). An IR-to-IR step, so the
// PDF and PostScript backends stay independent of this one.

import DrawScene

package enum ShadowImages {
    /// Resolution of shadow images: 2 pixels per point (144 dpi). A blur is smooth, so
    /// this is sharp at any zoom a shadow is looked at.
    package static let pixelsPerPoint = 2.0

    /// `document` with every group's shadows replaced by images; the document itself when
    /// it has none.
    package static func lower(_ document: Scene.Document, standardFontFolders: [String] = StandardFaces.defaultFolders) -> Scene.Document {
        guard document.pages.contains(where: { hasShadows($0.items) }) else { return document }
        var result = document
        var painter = Painter(document: document,
                              options: RasterOptions(dpi: 72 * pixelsPerPoint, backdrop: nil, standardFontFolders: standardFontFolders))
        for index in result.pages.indices {
            let page = result.pages[index]
            let (w, h) = RasterWriter.pixelSize(page.size, dpi: 72 * pixelsPerPoint)
            guard w <= RasterLimits.maximumPagePixels / max(1, h) else { continue }
            painter.width = w; painter.height = h
            // Two page-sized layers, reused by every group of the page (only what a group
            // drew is cleared after it), so many shadows cost their own areas, not pages.
            let layers = (Layer(width: w, height: h), Layer(width: w, height: h))
            result.pages[index].items = lower(page.items, parent: .identity, painter: &painter, layers: layers, images: &result.images,
                                              fonts: document.fonts)
        }
        return result
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
    private static func lower(_ items: [Scene.Item], parent: Transform, painter: inout Painter, layers: (Layer, Layer),
                              images: inout [Scene.ImageResource], fonts: [Scene.FontResource]) -> [Scene.Item] {
        guard hasShadows(items) else { return items }
        return items.map { item in
            guard case .group(var group) = item else { return item }
            let ctm = group.transform.then(parent)
            if hasShadows(group.items) {
                group.changeItems(fonts: fonts) { $0 = lower($0, parent: ctm, painter: &painter, layers: layers, images: &images, fonts: fonts) }
            }
            guard !group.shadows.isEmpty else { return .group(group) }
            let shadows = group.shadows
            var content = group
            content.shadows = []; content.opacity = 1; content.blend = .normal
            var outerItems: [Scene.Item] = [.group(content)]
            if let image = shadowImage(content, shadows: shadows, parent: parent, painter: &painter, layers: layers) {
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
            }
            var outer = Scene.Group(items: outerItems, fonts: fonts)
            outer.opacity = group.opacity
            outer.blend = group.blend
            return .group(outer)
        }
    }

    /// The shadows of `group` (drawn in `parent`'s coordinates) as an image and its place
    /// on the page, or nil when they show nothing.
    private static func shadowImage(_ group: Scene.Group, shadows: [Shadow], parent: Transform,
                                    painter: inout Painter, layers: (Layer, Layer)) -> (resource: Scene.ImageResource, rect: Rect)? {
        let scale = pixelsPerPoint
        let device = parent.then(.scale(scale, scale))
        let (content, shadowLayer) = layers
        defer { clear(content); clear(shadowLayer) }
        painter.layers = [content]
        painter.clip = nil
        painter.failure = nil
        painter.edges = 0
        painter.drawGroup(group, ctm: device)
        guard painter.failure == nil else { return nil }
        for shadow in shadows { painter.paintShadow(shadow, of: content, ctm: device, onto: shadowLayer) }
        painter.layers = []
        let box = shadowLayer.dirty.intersection(PixelBox(x0: 0, y0: 0, x1: painter.width, y1: painter.height))
        guard !box.isEmpty else { return nil }
        var pixels = [UInt8](repeating: 0, count: box.width * box.height * 4)
        for y in box.y0..<box.y1 {
            let from = (y * painter.width + box.x0) * 4
            let to = (y - box.y0) * box.width * 4
            pixels[to..<(to + box.width * 4)] = shadowLayer.pixels[from..<(from + box.width * 4)]
        }
        let image = RasterImage(width: box.width, height: box.height, pixels: pixels)
        let bytes = PNGWriter.encode(image, dpi: 72 * scale)
        let rect = Rect(x: Double(box.x0) / scale, y: Double(box.y0) / scale,
                        width: Double(box.width) / scale, height: Double(box.height) / scale)
        return (Scene.ImageResource(format: .png, bytes: bytes, pixelWidth: box.width, pixelHeight: box.height), rect)
    }

    /// Zeroes what was drawn into `layer` and marks it clean.
    private static func clear(_ layer: Layer) {
        let box = layer.dirty.intersection(PixelBox(x0: 0, y0: 0, x1: layer.width, y1: layer.height))
        if !box.isEmpty {
            for y in box.y0..<box.y1 {
                let from = (y * layer.width + box.x0) * 4
                for i in from..<(from + box.width * 4) { layer.pixels[i] = 0 }
            }
        }
        layer.dirty = PixelBox(x0: layer.width, y0: layer.height, x1: 0, y1: 0)
    }
}
