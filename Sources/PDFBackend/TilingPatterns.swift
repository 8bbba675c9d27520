// Tiling patterns in PDF (issue 24): a document pattern (`Scene.PatternResource`) becomes a
// coloured tiling pattern (ISO 32000-1 §8.7.3: /PatternType 1, /PaintType 1 — the tile
// gives its own colours — /TilingType 1, constant spacing). Its content stream is the
// tile's items, written once per document pattern by the same walk as a page's, in pattern
// space (y down, the tile's top-left at the origin); /BBox is the tile's box, so what the
// items draw outside it is clipped, and /XStep /YStep its step. A pattern's /Matrix maps
// pattern space to the default space of the stream that paints with it (§8.7.3.1: not the
// current transformation at the time of use), so one pattern object is written per
// document pattern and matrix: the pattern's transform followed by the user space → default
// space map at the painted path.

import DrawBase
import DrawOutput
import DrawScene

/// One tiling pattern object: document pattern `pattern` at `matrix`.
struct TilingKey: Hashable {
    var pattern: Int
    var matrix: Transform
}

/// The content of a document pattern's tile, written once.
struct TileContent {
    var content: [UInt8]
    var resources: ResourceUse
}

extension SceneWriter {
    /// Paints `path` with the tiling pattern of its fill (`q`, the pattern as colour, the
    /// path, `Q`), then its stroke as usual.
    mutating func emitTiledPath(_ path: Scene.Path, _ paint: Paint, ctm: Transform, alphaScale: Double,
                                into stream: inout ContentStream) {
        guard let fill = paint.fill, let id = fill.pattern, document.patterns.indices.contains(id.index),
              !path.isEmpty, path.startsWithSubpath else {
            emitPath(path, Paint(fill: nil, stroke: paint.stroke), alphaScale: alphaScale, into: &stream)
            return
        }
        if resources.tileContents[id.index] == nil { resources.tileContents[id.index] = tileContent(id.index) }
        let tiling = resources.tiling(for: TilingKey(pattern: id.index, matrix: document.patterns[id.index].transform.then(ctm)))
        if resources.tileContents[id.index]?.resources.usesTransparency == true { stream.resources.usesTransparency = true }
        stream.save()
        setAlpha(fill: alphaScale, stroke: nil, in: &stream)
        stream.resources.tilings.insert(tiling)
        stream.out.append(static: "/Pattern cs /T"); stream.out.append(integer: tiling); stream.out.append(static: " scn\n")
        stream.appendPath(path)
        stream.op(fill.rule == .evenOdd ? "f*" : "f")
        stream.restore()
        if paint.stroke != nil { emitPath(path, Paint(fill: nil, stroke: paint.stroke), alphaScale: alphaScale, into: &stream) }
    }

    /// The tile's items as a content stream of their own, in pattern space.
    mutating func tileContent(_ index: Int) -> TileContent {
        let pattern = document.patterns[index]
        var stream = ContentStream()
        stream.numbers = numbers
        emit(pattern.items, alphaScale: 1, ctm: .identity, into: &stream)
        let resources = stream.resources
        return TileContent(content: stream.finish(), resources: resources)
    }
}

extension PDFFile {
    /// Writes the tiling pattern `key` (its content from `tile`).
    mutating func writeTilingPattern(_ key: TilingKey, pattern: Scene.PatternResource, tile: TileContent, objects: ObjectNumbers,
                                     object: Int) {
        stream(object, data: tile.content) { out in
            out.append(static: " /Type /Pattern /PatternType 1 /PaintType 1 /TilingType 1 /BBox [0 0 ")
            out.append(number: pattern.size.width); out.append(0x20); out.append(number: pattern.size.height)
            out.append(static: "] /XStep "); out.append(number: pattern.step.width)
            out.append(static: " /YStep "); out.append(number: pattern.step.height)
            out.appendPatternMatrix(key.matrix)
            out.append(static: " /Resources ")
            objects.writeResources(tile.resources, into: &out)
        }
    }
}
