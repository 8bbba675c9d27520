// Images: the file is read once per path, its pixel size taken from the PNG IHDR chunk or
// the JPEG SOFn marker, and its bytes handed on untouched as a document resource.
// A node without a size shows the image at 96 dpi (1 pixel = 0.75pt, like the `px` unit).

import DrawResources
import DrawDiagnostics
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
                imageIndex[path] = resourceIndex
            case .failure(let error):
                report(.error("layout.image", at: node.contentSpan ?? node.span, error.message))
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

struct ImageLoadError: Error { var message: String }

func loadImage(_ path: String, resources: Resources) -> Result<Scene.ImageResource, ImageLoadError> {
    // Through the compilation's Resources: a regular file within the limit only, never a
    // pipe or a device, read once, listed in `filesRead`.
    let bytes: [UInt8]
    switch resources.read(path, maximumBytes: maximumImageBytes) {
    case .success(let read): bytes = read
    case .failure(let error):
        if error.reason == .missing || error.reason == .unreadable { return .failure(ImageLoadError(message: "cannot read image '\(path)'")) }
        return .failure(ImageLoadError(message: "image '\(path)' \(error.message)"))
    }
    if let (w, h) = pngSize(bytes) {
        return .success(Scene.ImageResource(format: .png, bytes: bytes, pixelWidth: w, pixelHeight: h))
    }
    if let (w, h) = jpegSize(bytes) {
        return .success(Scene.ImageResource(format: .jpeg, bytes: bytes, pixelWidth: w, pixelHeight: h))
    }
    return .failure(ImageLoadError(message: "'\(path)' is not a PNG or JPEG image"))
}

/// Width and height from a PNG's IHDR chunk.
func pngSize(_ b: [UInt8]) -> (Int, Int)? {
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard b.count >= 24, Array(b[0..<8]) == signature, b[12] == 0x49, b[13] == 0x48, b[14] == 0x44, b[15] == 0x52 else { return nil }
    func be32(_ i: Int) -> Int { Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }
    let (w, h) = (be32(16), be32(20))
    return w > 0 && h > 0 ? (w, h) : nil
}

/// Width and height from a JPEG's first SOFn marker (baseline, progressive, …).
func jpegSize(_ b: [UInt8]) -> (Int, Int)? {
    guard b.count >= 4, b[0] == 0xFF, b[1] == 0xD8 else { return nil }
    var i = 2
    while i + 3 < b.count {
        guard b[i] == 0xFF else { return nil }
        let marker = b[i + 1]
        if marker == 0xFF { i += 1; continue }
        if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }
        let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
        let isSOF = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
        if isSOF {
            guard i + 8 < b.count else { return nil }
            let h = Int(b[i + 5]) << 8 | Int(b[i + 6])
            let w = Int(b[i + 7]) << 8 | Int(b[i + 8])
            return w > 0 && h > 0 ? (w, h) : nil
        }
        if length < 2 { return nil }
        i += 2 + length
    }
    return nil
}
