// Print-shop pages: `page …, bleed: 3mm, marks: crop`. The page the drawing describes is the
// trim box (the finished size after cutting); the sheet grows by the bleed on every side, and
// by room for crop marks when they are asked for. Layout computes all of it once: backends
// receive the trim and bleed boxes on the page and the marks as plain stroked paths.

import DrawBase
import DrawScene
import DrawSemantics

/// The geometry of crop marks (docs/language.md, "Bleed and crop marks").
enum PrintMarks {
    /// Length of each crop mark (5 mm).
    static let length = 5 * 72 / 25.4
    /// Crop marks start at least this far from the trim (3 mm), and never inside the bleed.
    static let minimumOffset = 3 * 72 / 25.4
    /// Stroke width of the marks (0.25pt, hairline-thin but printable).
    static let lineWidth = 0.25

    /// How far from the trim edge the marks start.
    static func offset(bleed: Double) -> Double { max(bleed, minimumOffset) }

    /// How far the sheet extends past the trim on each side.
    static func slug(_ settings: PageSettings) -> Double {
        settings.cropMarks ? offset(bleed: settings.bleed) + length : settings.bleed
    }

    /// The eight marks around `trim`: two at each corner, in line with the trim edges.
    static func cropMarks(around trim: Rect, bleed: Double) -> Scene.Path {
        let start = offset(bleed: bleed), end = start + length
        var builder = Scene.PathBuilder()
        for x in [trim.minX, trim.maxX] {
            for y in [trim.minY, trim.maxY] {
                let outX = x == trim.minX ? -1.0 : 1.0, outY = y == trim.minY ? -1.0 : 1.0
                // Horizontal mark, in line with the top or bottom edge.
                builder.move(to: Point(x + outX * start, y)); builder.line(to: Point(x + outX * end, y))
                // Vertical mark, in line with the left or right edge.
                builder.move(to: Point(x, y + outY * start)); builder.line(to: Point(x, y + outY * end))
            }
        }
        return builder.finish()!
    }

    /// The page of `trimSize` whose content `items` are in trim coordinates, on a sheet grown
    /// by the bleed (and the marks). The background fills the bleed box only; with marks, the
    /// content is clipped to the bleed box so nothing prints over them.
    /// `sources`: the items' recorded sources (empty when not recorded), kept beside them.
    /// `fonts`: the document's fonts so far (for the ink bounds of the clipping group).
    static func page(trimSize: Size, background: Color?, items: [Scene.Item], sources: [Scene.SourceID] = [],
                     settings: PageSettings, fonts: [Scene.FontResource]? = nil) -> Scene.Page {
        let slug = Self.slug(settings), bleed = settings.bleed
        let sheet = Size(trimSize.width + 2 * slug, trimSize.height + 2 * slug)
        let trim = Rect(x: slug, y: slug, width: trimSize.width, height: trimSize.height)
        let bleedBox = Rect(x: slug - bleed, y: slug - bleed, width: trimSize.width + 2 * bleed, height: trimSize.height + 2 * bleed)
        let recorded = !sources.isEmpty
        var content: [Scene.Item] = []
        var contentSources: [Scene.SourceID] = []
        if let background {
            var builder = Scene.PathBuilder()
            builder.addRect(bleedBox)
            content.append(.path(builder.finish()!, Paint(fill: Fill(color: background))))
            if recorded { contentSources.append(.none) }
        }
        content.append(contentsOf: items)
        contentSources.append(contentsOf: sources)
        var pageItems: [Scene.Item]
        var pageSources: [Scene.SourceID]
        if settings.cropMarks {
            var clip = Scene.PathBuilder()
            clip.addRect(bleedBox)
            var group = Scene.Group(clip: clip.finish(), items: content, fonts: fonts)
            group.itemSources = contentSources
            pageItems = [.group(group)]
            let stroke = Stroke(color: .black, width: lineWidth)
            pageItems.append(.path(cropMarks(around: trim, bleed: bleed), Paint(stroke: stroke)))
            pageSources = recorded ? [.none, .none] : []
        } else {
            pageItems = content
            pageSources = contentSources
        }
        var page = Scene.Page(size: sheet, background: nil, items: pageItems, trimBox: trim, bleedBox: bleedBox)
        page.itemSources = pageSources
        return page
    }
}
