// Images: the file is read once per path, its pixel size taken from its header by the one
// image decoder (DrawImages), and its bytes handed on untouched as a document resource.
// An image with more pixels than `ImageLimits.maximumPixels`, or a damaged one (cut short,
// corrupt data: `ImageDecoder.damage` checks the whole file once), is an error here, at its
// node, so that no backend ever meets it (every format then treats it alike).
// A node without a size shows the image at 96 dpi (1 pixel = 0.75pt, like the `px` unit).

import DrawBase
import DrawResources
import DrawDiagnostics
import DrawImages
import DrawScene
import DrawSemantics
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The largest image file layout reads (a hostile path must not exhaust memory).
let maximumImageBytes = ResourceLimits.maximumImageBytes

extension LayoutEngine {
    mutating func measureImage(_ node: NodeRef, index: Int) -> Rect {
        let g = node.geometry
        guard let path = node.content else { return Rect(x: 0, y: 0, width: g.width ?? 0, height: g.height ?? 0) }
        let resourceIndex: Int
        if let known = imageIndex[path] {
            resourceIndex = known
        } else {
            switch loadImage(path, resources: resources) {
            case .success(let resource):
                resourceIndex = images.count
                images.append(resource)
                causes.images.append(node.contentSpan ?? node.span)
                imageIndex[path] = resourceIndex
            case .failure(let error):
                report(.error(error.id, at: node.contentSpan ?? node.span, error.message))
                return Rect(x: 0, y: 0, width: g.width ?? 0, height: g.height ?? 0)
            }
        }
        let resource = images[resourceIndex]
        let natural = Size(Double(resource.pixelWidth) * 0.75, Double(resource.pixelHeight) * 0.75)
        let aspect = natural.height > 0 ? natural.width / natural.height : 1
        let width: Double, height: Double
        switch (g.width, g.height) {
        case let (w?, h?): (width, height) = (w, h)
        case let (w?, nil): (width, height) = (w, aspect > 0 ? w / aspect : 0)
        case let (nil, h?): (width, height) = (h * aspect, h)
        case (nil, nil): (width, height) = (natural.width, natural.height)
        }
        let frame = Rect(x: 0, y: 0, width: width, height: height)
        var rect = frame
        switch g.fit ?? .contain {
        case .fill:
            break
        case .contain, .cover:
            let sx = natural.width > 0 ? width / natural.width : 1
            let sy = natural.height > 0 ? height / natural.height : 1
            let s = g.fit == .cover ? max(sx, sy) : min(sx, sy)
            let size = Size(natural.width * s, natural.height * s)
            rect = Rect(origin: aligned(size, in: frame, .center), size: size)
        }
        boxes[index].side = Int32(imageItems.count)
        imageItems.append(Scene.ImageItem(image: Scene.ImageID(resourceIndex), rect: rect))
        return frame
    }
}

struct ImageLoadError: Error {
    var id: LayoutID = .image
    var message: String
}

func loadImage(_ path: String, resources: Resources) -> Result<Scene.ImageResource, ImageLoadError> {
    // Through the compilation's Resources: a regular file within the limit only, never a
    // pipe or a device, read once, listed in `filesRead`.
    let bytes: [UInt8]
    switch resources.read(path, maximumBytes: maximumImageBytes) {
    case .success(let read): bytes = read
    case .failure(let error):
        if error.reason == .missing || error.reason == .unreadable { return .failure(LayoutMessages.imageUnreadable(path)) }
        return .failure(LayoutMessages.imageNotReadable(path, error.message))
    }
    guard let info = ImageDecoder.info(bytes) else {
        return .failure(LayoutMessages.imageNotPNGOrJPEG(path))
    }
    if info.isTooLarge {
        return .failure(LayoutMessages.imageTooLarge(path, width: info.width, height: info.height))
    }
    // Every image is checked once, here, for every format alike: a damaged one is an error
    // at its node rather than a picture one backend leaves out and another embeds broken.
    if let damage = ImageDecoder.damage(bytes) {
        return .failure(LayoutMessages.imageDamaged(path, damage.description))
    }
    let format: Scene.ImageResource.Format = info.format == .png ? .png : .jpeg
    return .success(Scene.ImageResource(format: format, bytes: bytes, pixelWidth: info.width, pixelHeight: info.height))
}

/// `dir/name.png` → `name.png`, for messages that must not depend on where the files are.
func lastComponent(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
}
