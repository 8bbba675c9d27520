// SVGBackend — the scene IR as SVG 1.1, one standalone file per page.
//
// Takes: a `Scene.Document` (page points, origin top-left, y down — the same axes as SVG, so
// coordinates are written as they are). Hands on: one `[UInt8]` per page, each a complete SVG
// file with `width`/`height` in pt and a `viewBox` in points.
//
// Invariants of the output:
// - Deterministic: clip paths are numbered per file in first-use order (`c1`, `c2` …);
//   other ids follow document indices (`i<n>` for image n, `f<n>` as CSS class of font n,
//   `f<n>g<id>` for glyph id of TrueType font n), and definitions are written sorted;
//   nothing depends on dictionary order, the clock or randomness.
// - Well-formed XML whatever the input: every `& < > " '` in text or attribute values is an
//   entity, and scalars XML 1.0 forbids (and other control characters) never appear.
// - One element per line; group contents indented by two spaces per level; `<text>` is one
//   line with its `<tspan>`s inline (a line break inside would render as a space).
// - Presentation attributes are written only when they differ from SVG's initial value: a
//   black fill, a 1 pt stroke, butt caps, miter joins and miter limit 4 are implied. Groups
//   carry no paint, so nothing else is inherited — except the `fill` of the group holding a
//   TrueType run's glyph outlines, whose `<use>` children have no paint of their own.
// - Text is placed glyph by glyph as layout decided: librsvg ignores multi-valued `x` lists
//   and applies its substitute font's own kerning and ligatures, so each glyph after the
//   first sits in a `<tspan x=…>` (spaces, which draw nothing, ride along with the glyph
//   before them). That renders exactly where PDF and PostScript put the glyphs, in any
//   renderer and with any metric-compatible substitute font. TrueType text is drawn as
//   glyph outlines (renderers ignore embedded fonts) with an invisible `<text>` copy.
//
// Deliberately not done here: measuring text, flattening curves, re-encoding images.

import DrawBase
import DrawFonts
import DrawOutput
import DrawScene
#if canImport(Dispatch)
import Dispatch
#endif

/// Writes a `Scene.Document` as SVG.
package enum SVGWriter {
    /// One complete SVG file per page, in page order (none for a document without pages).
    /// `idPrefix` goes in front of every id and class name the file defines (`c1` becomes
    /// `PREFIXc1`), so several drawings inlined in one HTML page never share a name
    /// (`drawc markdown`). It must be empty or a valid XML name (`SVGNames.isValidPrefix`).
    package static func render(_ document: Scene.Document, idPrefix: String = "") -> [[UInt8]] {
        document.pages.map { page in
            var writer = SVGPageWriter(document: document, names: SVGNames(prefix: idPrefix))
            return writer.write(page)
        }
    }

    /// Like `render`, with every run of items made by one statement wrapped in
    /// `<g data-s="N">` (N indexes `document.sources`; nested statements nest), for the
    /// preview's hover, click and drag. Needs a document laid out with `recordSources`.
    package static func renderAnnotated(_ document: Scene.Document) -> [[UInt8]] {
        document.pages.map { page in
            var writer = SVGPageWriter(document: document)
            writer.annotateSources = true
            return writer.write(page)
        }
    }
}

/// Writes one page. The body is written first, collecting what it refers to (clip paths,
/// fonts, images); the file is then the header, `<defs>` for exactly those, and the body.
struct SVGPageWriter {
    let document: Scene.Document
    /// The page content, without header and `<defs>`.
    var body = ByteBuffer(capacity: 16 * 1024)
    /// Clip paths in first-use order; the id of `clips[i]` is `c<i+1>`.
    var clips: [Scene.Path] = []
    var clipIDs: [Scene.Path: Int] = [:]
    /// Fonts and images (document indices) used on this page.
    var usedFonts = Set<Int>()
    /// Numbers formatted on this page (see `NumberCache`).
    let numbers = NumberCache()
    /// The font last inserted into `usedFonts`.
    var lastFont = -1
    var usedImages = Set<Int>()
    /// TrueType glyphs drawn on this page, with their path data (nil: the glyph draws
    /// nothing, e.g. a space), each written once into `<defs>` as `<path id="f<n>g<id>">`.
    var glyphPaths: [GlyphKey: [UInt8]?] = [:]
    /// Gradients in first-use order; the id of `gradients[i]` is `g<i+1>` (issue 24).
    var gradients: [Gradient] = []
    var gradientIDs: [Gradient: Int] = [:]
    /// Shadow filters in first-use order; the id of `filters[i]` is `s<i+1>`.
    var filters: [[Shadow]] = []
    var filterIDs: [[Shadow]: Int] = [:]
    /// The area each filter draws, in the user space of the groups that use it: the union of
    /// their ink with its shadows (`Scene.InkBounds.shadowed`), from the IR's stored boxes.
    var filterRegions: [Scene.InkBounds.Box] = []
    /// Tiling patterns (document indices) defined on this page so far; the id of pattern
    /// `i` is `p<i+1>`.
    var writtenPatterns = Set<Int>()

    /// Wrap items in `<g data-s>` by their source (`SVGWriter.renderAnnotated`).
    var annotateSources = false
    var pageSources: [Scene.SourceID] = []

    /// How ids and class names are spelled in this file (their prefix).
    let names: SVGNames

    init(document: Scene.Document, names: SVGNames = SVGNames(prefix: "")) {
        self.document = document
        self.names = names
    }

    mutating func write(_ page: Scene.Page) -> [UInt8] {
        pageSources = annotateSources ? page.itemSources : []
        writeBody(page.items)

        // A negative size is invalid SVG (renderers refuse the file); layout never makes one.
        let width = max(0, page.size.width), height = max(0, page.size.height)
        // The header and `<defs>` go in front of the body in place (the body usually has
        // room to spare), rather than copying the body after them: one copy of the page.
        var out = ByteBuffer(capacity: 2048)
        out.append(static: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        out.append(static: "<svg xmlns=\"http://www.w3.org/2000/svg\"")
        if !usedImages.isEmpty || glyphPaths.values.contains(where: { $0 != nil }) {
            out.append(static: " xmlns:xlink=\"http://www.w3.org/1999/xlink\"")
        }
        out.append(static: " version=\"1.1\" width=\"")
        out.append(number: width); out.append(static: "pt\" height=\"")
        out.append(number: height); out.append(static: "pt\" viewBox=\"0 0 ")
        out.append(number: width); out.append(0x20)
        out.append(number: height); out.append(static: "\">\n")
        if let title = document.metadata.title, !title.isEmpty {
            out.append(static: "<title>"); out.appendXMLEscaped(title); out.append(static: "</title>\n")
        }
        writeDefs(into: &out)
        if let background = page.background {
            out.append(static: "<rect width=\""); out.append(number: width)
            out.append(static: "\" height=\""); out.append(number: height); out.append(static: "\"")
            out.appendColor(background, attribute: "fill", opacityAttribute: "fill-opacity")
            out.append(static: "/>\n")
        }
        body.append(static: "</svg>\n")
        body.prepend(out.take())
        return body.take()
    }

    // MARK: Defs

    private func writeDefs(into out: inout ByteBuffer) {
        guard !clips.isEmpty || !usedFonts.isEmpty || !usedImages.isEmpty || !gradients.isEmpty || !filters.isEmpty else { return }
        // (Glyphs are only ever used together with their font, so `usedFonts` covers them.)
        out.append(static: "<defs>\n")
        if !usedFonts.isEmpty {
            out.append(static: "<style type=\"text/css\">\n")
            for index in usedFonts.sorted() {
                out.append(0x2E); out.appendName(names, "f", index + 1); out.append(static: " { ")
                SVGFonts.writeStyle(of: document.fonts[index], into: &out)
                out.append(static: " }\n")
            }
            out.append(static: "</style>\n")
        }
        for (offset, clip) in clips.enumerated() {
            out.append(static: "<clipPath id=\""); out.appendName(names, "c", offset + 1); out.append(static: "\">\n")
            out.append(static: "  ")
            out.appendShape(clip)
            out.append(static: "/>\n</clipPath>\n")
        }
        for (offset, gradient) in gradients.enumerated() {
            writeGradient(gradient, id: offset + 1, into: &out)
        }
        for (offset, shadows) in filters.enumerated() {
            writeShadowFilter(shadows, region: filterRegions[offset].rect, id: offset + 1, into: &out)
        }
        for index in usedImages.sorted() {
            writeImageSymbol(index, into: &out)
        }
        for key in glyphPaths.keys.sorted() {
            guard let data = glyphPaths[key] ?? nil else { continue }
            out.append(static: "<path id=\""); out.appendGlyphID(key, names); out.append(static: "\" d=\"")
            out.append(data)
            out.append(static: "\"/>\n")
        }
        out.append(static: "</defs>\n")
    }

    /// An image as a `<symbol>` one user unit per pixel, stretched to whatever box a `<use>`
    /// gives it: the data URI is written once per file however often the image is drawn.
    private func writeImageSymbol(_ index: Int, into out: inout ByteBuffer) {
        let image = document.images[index]
        let width = max(1, image.pixelWidth), height = max(1, image.pixelHeight)
        out.append(static: "<symbol id=\""); out.appendName(names, "i", index + 1)
        out.append(static: "\" viewBox=\"0 0 "); out.append(integer: width); out.append(0x20)
        out.append(integer: height); out.append(static: "\" preserveAspectRatio=\"none\">\n")
        out.append(static: "  <image width=\""); out.append(integer: width)
        out.append(static: "\" height=\""); out.append(integer: height)
        out.append(static: "\" preserveAspectRatio=\"none\" xlink:href=\"data:")
        switch image.format {
        case .png: out.append(static: "image/png")
        case .jpeg: out.append(static: "image/jpeg")
        }
        out.append(static: ";base64,")
        out.appendBase64(image.bytes)
        out.append(static: "\"/>\n</symbol>\n")
    }

    // MARK: Items

    /// Pages with at least this many items are written in parts at once.
    static let parallelItems = 4096
    /// About what an item of a page of many small shapes takes (a `<rect>` or a rounded
    /// `<path>` with its paint: 100–250 bytes): the room each part reserves per item.
    static let bytesPerItem = 176

    /// Writes the page's items into `body`. A page of many items whose groups have no clip
    /// paths is written in up to eight parts at once, each by its own writer, joined in
    /// order afterwards: the parts share nothing but the sets of fonts, images and glyphs
    /// they use (merged; `<defs>` are written sorted), so the bytes are exactly those of
    /// writing the items in one go. (Eight rather than two: the parts are taken by whichever
    /// thread is free, so on a busy machine this thread does most of them itself instead of
    /// waiting for a half that another thread has started and then lost its core.) Clip
    /// paths are numbered in first-use order across the page, so a page with any is written
    /// in one go.
    private mutating func writeBody(_ items: [Scene.Item]) {
        #if canImport(Dispatch)
        if !annotateSources, items.count >= SVGPageWriter.parallelItems, !SVGPageWriter.anyClip(items[...]), !SVGPageWriter.anyPaintDefinition(items[...]) {
            let parts = min(8, items.count / (SVGPageWriter.parallelItems / 2))
            // Part 0 is written by this writer, the others by writers of their own.
            var others = (1..<parts).map { _ in SVGPageWriter(document: document, names: names) }
            withUnsafeMutablePointer(to: &self) { first in
                others.withUnsafeMutableBufferPointer { rest in
                    // Each part works on its own writer only; all outlive the loop.
                    nonisolated(unsafe) let writers = (first, rest.baseAddress!)
                    DispatchQueue.concurrentPerform(iterations: parts) { part in
                        let range = items.count * part / parts..<items.count * (part + 1) / parts
                        let writer = part == 0 ? writers.0 : writers.1 + (part - 1)
                        // Room for the part up front: grown by doubling from 16 KiB, a part's
                        // buffer was copied four or five times (issue 38).
                        writer.pointee.body.reserveCapacity(range.count * SVGPageWriter.bytesPerItem)
                        writer.pointee.writeItems(items[range])
                    }
                }
            }
            // Room for the parts, and for the header and `<defs>` put in front later.
            body.reserveCapacity(others.reduce(body.count + (16 << 10)) { $0 + $1.body.count })
            for index in others.indices {
                body.append(others[index].body.take())
                usedFonts.formUnion(others[index].usedFonts)
                usedImages.formUnion(others[index].usedImages)
                glyphPaths.merge(others[index].glyphPaths) { mine, _ in mine }
            }
            return
        }
        #endif
        writeItems(items[...])
    }

    /// Whether a group among `items`, at any depth, clips.
    private static func anyClip(_ items: ArraySlice<Scene.Item>) -> Bool {
        var pending = [items]
        while let list = pending.popLast() {
            for item in list {
                guard case .group(let group) = item else { continue }
                if group.clip != nil { return true }
                pending.append(group.items[...])
            }
        }
        return false
    }

    /// Whether an item among `items`, at any depth, needs a gradient or filter definition
    /// (numbered in first-use order, like clip paths).
    private static func anyPaintDefinition(_ items: ArraySlice<Scene.Item>) -> Bool {
        var pending = [items]
        while let list = pending.popLast() {
            for item in list {
                switch item {
                case .path(_, let paint):
                    // `hasGradient`, not `gradient != nil`: that copies each gradient out of its box.
                    if paint.fill?.hasGradient == true || paint.stroke?.hasGradient == true { return true }
                    if paint.fill?.pattern != nil { return true }
                case .group(let group):
                    if !group.shadows.isEmpty { return true }
                    pending.append(group.items[...])
                case .text, .image:
                    break
                }
            }
        }
        return false
    }

    /// One level of the walk: a list of items, where we are in it, and how many `<g>`s were
    /// opened for it (flattened groups continue at the same level without one).
    private struct Level {
        var items: ArraySlice<Scene.Item>
        var next: Int
        var opened: Int
        /// With `annotateSources`: the items' sources and the `<g data-s>` open at this level.
        var sources: [Scene.SourceID] = []
        var openSource = Scene.SourceID.none

        init(items: ArraySlice<Scene.Item>, opened: Int) {
            self.items = items
            next = items.startIndex
            self.opened = opened
        }
    }

    /// Closes or opens the `<g data-s>` of the current level so that it matches the source
    /// of the item about to be written (`.none` closes only).
    private mutating func switchSource(_ stack: inout [Level], to source: Scene.SourceID, depth: inout Int) {
        let level = stack.count - 1
        guard stack[level].openSource != source else { return }
        if stack[level].openSource != .none {
            depth -= 1
            indent(depth); body.append(static: "</g>\n")
        }
        stack[level].openSource = source
        if source != .none {
            indent(depth)
            body.append(static: "<g data-s=\""); body.append(integer: Int(source.index)); body.append(static: "\">\n")
            depth += 1
        }
    }

    /// Writes `items` in paint order. The walk keeps its own stack instead of recursing, so
    /// absurdly deep group nesting cannot overflow the thread's stack.
    mutating func writeItems(_ items: ArraySlice<Scene.Item>) {
        var stack = [Level(items: items, opened: 0)]
        if annotateSources { stack[0].sources = pageSources }
        var depth = 0
        while !stack.isEmpty {
            let level = stack.count - 1
            if stack[level].next == stack[level].items.endIndex {
                if annotateSources { switchSource(&stack, to: .none, depth: &depth) }
                let opened = stack.removeLast().opened
                for _ in 0..<opened {
                    depth -= 1
                    indent(depth); body.append(static: "</g>\n")
                }
                continue
            }
            // The level's items are read in place through a buffer, up to the next group:
            // taking an item out of the array (`let item = items[next]`) copied it whole,
            // paint and all, and destroyed the copy (~480 instructions an item, issue 38).
            // One retain of the level's array per visit instead of one per item.
            let list = stack[level].items
            var next = stack[level].next
            var child: Scene.Group?
            list.withUnsafeBufferPointer { buffer in
                while next < list.endIndex {
                    if annotateSources {
                        let position = next - list.startIndex
                        let sources = stack[level].sources
                        switchSource(&stack, to: position < sources.count ? sources[position] : .none, depth: &depth)
                    }
                    let index = next - list.startIndex
                    next += 1
                    switch buffer[index] {
                    case .path(let path, let paint):
                        writePath(path, paint, depth: depth)
                    case .text(let run):
                        writeText(run, depth: depth)
                    case .image(let image):
                        writeImage(image, depth: depth)
                    case .group(let group):
                        guard !group.items.isEmpty else { continue }
                        child = group
                        return
                    }
                }
            }
            stack[level].next = next
            if let child {
                let opened = openGroup(child, depth: depth)
                stack.append(Level(items: child.items[...], opened: opened))
                if annotateSources { stack[stack.count - 1].sources = child.itemSources }
                depth += opened
            }
        }
    }

    /// Indentation shows nesting up to a point; beyond it, lines stop moving right so that
    /// deep nesting cannot make the file grow with the square of the depth.
    mutating func indent(_ depth: Int) {
        for _ in 0..<min(depth, 16) { body.append(static: "  ") }
    }

    private mutating func writePath(_ path: Scene.Path, _ paint: Paint, depth: Int) {
        // Nothing to paint: no element at all.
        guard !path.isEmpty else { return }
        // The common case — opaque non-zero fill, opaque solid stroke with butt caps and the
        // initial miter joins — in one piece: exactly the attributes the general code below
        // writes for it. (Tested first: it has no pattern to look up, and it paints.)
        if let plain = paint.plainFillAndStroke, plain.width.isFinite, ByteCursor.fits(plain.width) {
            indent(depth)
            body.appendShape(path, numbers: numbers)
            let fillTriple = plain.fill.hexTriple, strokeTriple = plain.stroke.hexTriple
            let width = max(0, plain.width)
            body.withCursor(maximumLength: 64 + NumberFormat.maximumFastLength, numbers: numbers) { out in
                if fillTriple != 0 { out.hexColor(" fill=\"#", fillTriple) }
                out.hexColor(" stroke=\"#", strokeTriple)
                if width != 1 { out.text(" stroke-width=\""); out.number(width); out.byte(0x22) }
                out.byte(0x2F); out.byte(0x3E); out.byte(0x0A)  // />\n
            }
            return
        }
        // Nothing painted: no element at all.
        guard !paint.paintsNothing else { return }
        // A pattern's definition goes before the first shape it fills (SVGPaint.swift).
        let pattern = paint.fill?.pattern.flatMap { patternID($0, depth: depth) }
        indent(depth)
        body.appendShape(path, numbers: numbers)
        if let fill = paint.fill, let pattern {
            body.append(static: " fill=\"url(#"); body.appendName(names, "p", pattern); body.append(static: ")\"")
            if fill.rule == .evenOdd { body.append(static: " fill-rule=\"evenodd\"") }
        } else if let fill = paint.fill, let gradient = fill.gradient {
            body.append(static: " fill=\"url(#"); body.appendName(names, "g", gradientID(gradient)); body.append(static: ")\"")
            if fill.rule == .evenOdd { body.append(static: " fill-rule=\"evenodd\"") }
        } else if let fill = paint.fill {
            let triple = fill.color.hexTriple
            if triple != 0 { body.appendColor(fill.color, hexTriple: triple, attribute: "fill", opacityAttribute: "fill-opacity") }
            else if !fill.color.isOpaque { body.appendOpacity(fill.color.alpha, attribute: "fill-opacity") }
            if fill.rule == .evenOdd { body.append(static: " fill-rule=\"evenodd\"") }
        } else {
            body.append(static: " fill=\"none\"")
        }
        if let stroke = paint.stroke {
            body.appendStroke(stroke, numbers: numbers, gradientID: stroke.gradient.map { gradientID($0) }, names: names)
        }
        body.append(static: "/>\n")
    }

    private mutating func writeImage(_ item: Scene.ImageItem, depth: Int) {
        // A negative size is an error in SVG, a zero one draws nothing.
        guard document.images.indices.contains(item.image.index),
              item.rect.width > 0, item.rect.height > 0 else { return }
        usedImages.insert(item.image.index)
        indent(depth)
        body.append(static: "<use xlink:href=\"#"); body.appendName(names, "i", item.image.index + 1)
        body.append(static: "\"")
        body.appendRectAttributes(item.rect)
        body.append(static: "/>\n")
    }

    /// The id number of a gradient definition, made on first use.
    mutating func gradientID(_ gradient: Gradient) -> Int {
        if let known = gradientIDs[gradient] { return known }
        gradients.append(gradient)
        gradientIDs[gradient] = gradients.count
        return gradients.count
    }

    /// Writes the `<g>` start tags for `group`: none when the group changes nothing
    /// (identity transform, no clip, opaque, no shadow, normal blending); an outer one for
    /// shadows, blending and opacity when the group has shadows (SVG filters before it
    /// clips, and the shadow must be of the clipped content). Returns how many were opened.
    private mutating func openGroup(_ group: Scene.Group, depth: Int) -> Int {
        let opacity = group.opacity.isFinite ? min(1, max(0, group.opacity)) : 1
        guard group.shadows.isEmpty && group.blend == .normal else {
            var filterID: Int?
            if !group.shadows.isEmpty {
                if let known = filterIDs[group.shadows] { filterID = known } else {
                    filters.append(group.shadows)
                    filterRegions.append(Scene.InkBounds.Box())
                    filterIDs[group.shadows] = filters.count
                    filterID = filters.count
                }
                if let filterID, let region = Scene.InkBounds.shadowed(group) {
                    filterRegions[filterID - 1].add(region, through: .identity)
                }
            }
            indent(depth)
            body.append(static: "<g")
            if let filterID {
                body.append(static: " filter=\"url(#"); body.appendName(names, "s", filterID); body.append(static: ")\"")
            }
            if group.blend != .normal {
                body.append(static: " style=\"mix-blend-mode:"); body.append(Array(group.blend.cssName.utf8)); body.append(static: "\"")
            }
            if opacity < 1 { body.appendOpacity(opacity, attribute: "opacity") }
            body.append(static: ">\n")
            var inner = group
            inner.shadows = []; inner.blend = .normal; inner.opacity = 1
            return 1 + openGroup(inner, depth: depth + 1)
        }
        var clipID: Int?
        if let clip = group.clip {
            if let known = clipIDs[clip] {
                clipID = known
            } else {
                clips.append(clip)
                clipIDs[clip] = clips.count
                clipID = clips.count
            }
        }
        if group.transform.isIdentity && clipID == nil && opacity >= 1 { return 0 }
        indent(depth)
        body.append(static: "<g")
        if !group.transform.isIdentity {
            body.append(static: " transform=\""); body.appendTransform(group.transform); body.append(static: "\"")
        }
        if let clipID {
            body.append(static: " clip-path=\"url(#"); body.appendName(names, "c", clipID); body.append(static: ")\"")
        }
        if opacity < 1 { body.appendOpacity(opacity, attribute: "opacity") }
        body.append(static: ">\n")
        return 1
    }

    private mutating func writeText(_ run: Scene.TextRun, depth: Int) {
        // A negative font size is an error in SVG, a zero one draws nothing.
        guard !run.glyphs.isEmpty, document.fonts.indices.contains(run.font.index),
              run.size.isFinite, run.size > 0 else { return }
        let font = document.fonts[run.font.index]
        // Runs mostly repeat the font of the run before: skip the set's hashing then.
        if run.font.index != lastFont {
            usedFonts.insert(run.font.index)
            lastFont = run.font.index
        }
        var outlined = false
        if case .trueType(let face) = font {
            outlined = writeGlyphOutlines(run, face: face, depth: depth)
        }
        indent(depth)
        body.append(static: "<text class=\""); body.appendName(names, "f", run.font.index + 1)
        let x = run.origin.x + run.glyphs[0].x, y = run.origin.y, size = run.size
        if ByteCursor.fits(x) && ByteCursor.fits(y) && ByteCursor.fits(size) {
            body.withCursor(maximumLength: 32 + 3 * NumberFormat.maximumFastLength, numbers: numbers) { out in
                out.text("\" x=\""); out.number(x)
                out.text("\" y=\""); out.number(y)
                out.text("\" font-size=\""); out.number(size); out.byte(0x22)
            }
        } else {
            body.append(static: "\" x=\""); body.append(number: x)
            body.append(static: "\" y=\""); body.append(number: y)
            body.append(static: "\" font-size=\""); body.append(number: size); body.append(static: "\"")
        }
        if outlined {
            // The outlines show the text; this copy is there to be selected and searched.
            body.append(static: " fill-opacity=\"0\"")
        } else if case let triple = run.color.hexTriple, triple != 0 {
            body.appendColor(run.color, hexTriple: triple, attribute: "fill", opacityAttribute: "fill-opacity")
        } else if !run.color.isOpaque {
            body.appendOpacity(run.color.alpha, attribute: "fill-opacity")
        }
        body.append(static: " xml:space=\"preserve\">")
        if outlined, let text = run.actualText {
            // Shaped text: the outlines show drawc's glyphs; the copy holds the logical text
            // whole, for selection and search (a browser would shape it again otherwise).
            body.appendXMLEscaped(text)
        } else {
            SVGText.writeGlyphs(of: run, font: font, into: &body, numbers: numbers)
        }
        body.append(static: "</text>\n")
    }

    /// Draws a TrueType run as its glyph outlines: each glyph's path is defined once in
    /// `<defs>` in font units (y up) and placed with `<use x=…>` inside a group that scales
    /// font units to points and flips y. Renderers ignore fonts embedded in SVG (librsvg) or
    /// may lack the face altogether; outlines look the same everywhere. Returns false when
    /// the face cannot be drawn this way (no usable em size), leaving the text to `<text>`.
    private mutating func writeGlyphOutlines(_ run: Scene.TextRun, face: TrueTypeFontRef, depth: Int) -> Bool {
        guard face.unitsPerEm > 0, run.size.isFinite, run.size > 0 else { return false }
        let scale = run.size / Double(face.unitsPerEm)
        var visible: [(key: GlyphKey, x: Double, y: Double)] = []
        for (index, glyph) in run.glyphs.enumerated() {
            let key = GlyphKey(font: run.font.index, glyph: glyph.glyph)
            if glyphPaths[key] == nil {
                glyphPaths[key] = SVGGlyphs.pathData(face.outline(glyph: glyph.glyph))
            }
            if glyphPaths[key]! != nil { visible.append((key, glyph.x / scale, -run.y(index) / scale)) }
        }
        guard !visible.isEmpty else { return true }
        indent(depth)
        body.append(static: "<g transform=\"translate(")
        body.append(number: run.origin.x); body.append(0x20); body.append(number: run.origin.y)
        body.append(static: ") scale(")
        body.append(number: scale, precision: SVGGlyphs.scalePrecision); body.append(0x20)
        body.append(number: -scale, precision: SVGGlyphs.scalePrecision); body.append(static: ")\"")
        if run.color.hexTriple != 0 {
            body.appendColor(run.color, attribute: "fill", opacityAttribute: "fill-opacity")
        } else if !run.color.isOpaque {
            body.appendOpacity(run.color.alpha, attribute: "fill-opacity")
        }
        body.append(static: ">\n")
        for (key, x, y) in visible {
            indent(depth + 1)
            body.append(static: "<use xlink:href=\"#"); body.appendGlyphID(key, names); body.append(static: "\"")
            if x != 0 { body.append(static: " x=\""); body.append(number: x); body.append(static: "\"") }
            if y != 0 { body.append(static: " y=\""); body.append(number: y); body.append(static: "\"") }
            body.append(static: "/>\n")
        }
        indent(depth)
        body.append(static: "</g>\n")
        return true
    }
}

/// A glyph of a TrueType font of the document.
struct GlyphKey: Hashable, Comparable {
    var font: Int
    var glyph: UInt16
    static func < (a: GlyphKey, b: GlyphKey) -> Bool { (a.font, a.glyph) < (b.font, b.glyph) }
}

extension ByteBuffer {
    /// `f<font>g<glyph>`, the id of a glyph outline (font numbered from 1 as in the CSS
    /// classes, glyph by its id in the font).
    mutating func appendGlyphID(_ key: GlyphKey, _ names: SVGNames) {
        appendName(names, "f", key.font + 1); append(static: "g"); append(integer: Int(key.glyph))
    }
}

enum SVGGlyphs {
    /// Fraction digits of the font-unit-to-point scale: glyph positions are written in font
    /// units inside the scaled group, up to ~10⁵ units along a line, so the scale needs
    /// 8 digits to keep the far end within 0.001 pt.
    static let scalePrecision = 8

    /// SVG path data of an outline in font units (y up, as in the font); nil when empty.
    static func pathData(_ outline: GlyphOutline) -> [UInt8]? {
        guard !outline.isEmpty else { return nil }
        var out = ByteBuffer(capacity: 64 * outline.elements.count)
        var first = true
        func separate() { if !first { out.append(0x20) }; first = false }
        for element in outline.elements {
            separate()
            switch element {
            case .move(let x, let y):
                out.append(static: "M"); out.append(number: x); out.append(0x20); out.append(number: y)
            case .line(let x, let y):
                out.append(static: "L"); out.append(number: x); out.append(0x20); out.append(number: y)
            case .quad(let cx, let cy, let x, let y):
                out.append(static: "Q"); out.append(number: cx); out.append(0x20); out.append(number: cy)
                out.append(0x20); out.append(number: x); out.append(0x20); out.append(number: y)
            case .cubic(let c1x, let c1y, let c2x, let c2y, let x, let y):
                out.append(static: "C"); out.append(number: c1x); out.append(0x20); out.append(number: c1y)
                out.append(0x20); out.append(number: c2x); out.append(0x20); out.append(number: c2y)
                out.append(0x20); out.append(number: x); out.append(0x20); out.append(number: y)
            case .close:
                out.append(static: "Z")
            }
        }
        return out.take()
    }
}

/// SVG as a `Backend`: one file per page.
package struct SVGRenderer: Backend {
    /// Put in front of every id and class name (see `SVGWriter.render`).
    package var idPrefix: String
    package init(idPrefix: String = "") { self.idPrefix = idPrefix }
    package var traits: BackendTraits { Self.formatTraits }
    static let formatTraits = BackendTraits(name: "SVG 1.1", shortName: "SVG", mediaType: "image/svg+xml", fileExtension: "svg", onePerPage: true, shadowsAsImages: false)
    package func render(_ document: Scene.Document) -> BackendOutput {
        BackendOutput(files: SVGWriter.render(document, idPrefix: idPrefix), onePerPage: traits.onePerPage)
    }
}

/// The names a file defines — ids of clip paths (`c`), gradients (`g`), patterns (`p`),
/// filters (`s`), images (`i`), glyphs (`f<n>g<id>`) and the CSS classes of fonts (`f`) —
/// are all written by `appendName`, the one place that puts the prefix in front.
package struct SVGNames {
    let prefix: [UInt8]
    init(prefix: String) { self.prefix = Array(prefix.utf8) }

    /// Whether `prefix` can start an XML name and a CSS class selector as written: an ASCII
    /// letter, then letters, digits, `-` and `_` (empty is valid: no prefix).
    package static func isValidPrefix(_ prefix: String) -> Bool {
        let bytes = Array(prefix.utf8)
        guard let first = bytes.first else { return true }
        func letter(_ b: UInt8) -> Bool { (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) }
        return letter(first) && bytes.allSatisfy { letter($0) || (0x30...0x39).contains($0) || $0 == 0x2D || $0 == 0x5F }
    }
}

extension ByteBuffer {
    /// `prefix` + `kind` + `number`: an id or class name of this file.
    mutating func appendName(_ names: SVGNames, _ kind: StaticString, _ number: Int) {
        append(names.prefix); append(static: kind); append(integer: number)
    }
}

