// The walk over the scene IR: turns each page's items into content stream operators and
// collects, document-wide, the resources they use (fonts, graphics states, images, and the
// transparency groups made for group opacity). Writing PDF objects is `PDFWriter`'s job.

import DrawBase
import DrawFonts
import DrawOutput
import DrawScene

/// An alpha pair for an ExtGState: `/ca` (fill and other non-stroking painting) and `/CA`
/// (stroking), each in ten-thousandths, nil when the state leaves it alone.
struct AlphaKey: Hashable {
    var fill: Int?
    var stroke: Int?
    /// `/SMask`: a luminosity mask drawn by form `softMask` (issue 24).
    var softMask: Int? = nil
    /// `/BM`: the blend mode.
    var blend: BlendMode? = nil
}

/// A transparency group XObject made for a group with opacity below 1.
struct FormXObject {
    var content: [UInt8]
    var boundingBox: Rect
    var resources: ResourceUse
    /// A luminosity soft mask's group (DeviceGray) rather than a transparency group.
    var luminosityMask = false
}

/// Everything a document's content streams refer to, each kept once, in first-use order.
struct DocumentResources {
    /// Indices into `Document.fonts`, in first-use order.
    var fonts = OrderedIndexSet()
    /// Per entry of `Document.fonts`: the codes (glyph ids) used with it.
    var usedGlyphs: [Set<UInt16>]
    /// Per font, whether each one-byte code is in `usedGlyphs` already (index font · 256 +
    /// code): a text run checks a flag per glyph instead of hashing into the set.
    var seenCodes: [Bool]
    /// Per Symbol or ZapfDingbats font: code → the scalar the IR says it stands for (first
    /// use wins), for a /ToUnicode map. Readers derive Unicode from those fonts' glyph
    /// names, which is ambiguous (`mu` → U+00B5 where the text had U+03BC).
    var symbolicText: [Int: [UInt8: Unicode.Scalar]] = [:]
    var graphicsStates: [AlphaKey] = []
    private var graphicsStateIndex: [AlphaKey: Int] = [:]
    /// Indices into `Document.images` in first-use order, with their decoded forms.
    var images = OrderedIndexSet()
    var decodedImages: [Int: DecodedImage?] = [:]
    var forms: [FormXObject] = []
    /// Shadings and shading patterns of gradients (issue 24), each once, in first-use order.
    var shadings: [ShadingSpec] = []
    private var shadingIndex: [ShadingSpec: Int] = [:]
    var patterns: [PatternKey] = []
    private var patternIndex: [PatternKey: Int] = [:]

    mutating func shading(for spec: ShadingSpec) -> Int {
        if let index = shadingIndex[spec] { return index }
        shadings.append(spec)
        shadingIndex[spec] = shadings.count - 1
        return shadings.count - 1
    }

    /// Tiling patterns (TilingPatterns.swift), each once per matrix, and the content of
    /// each document pattern's tile, written once.
    var tilings: [TilingKey] = []
    private var tilingIndex: [TilingKey: Int] = [:]
    var tileContents: [Int: TileContent] = [:]

    mutating func tiling(for key: TilingKey) -> Int {
        if let index = tilingIndex[key] { return index }
        tilings.append(key)
        tilingIndex[key] = tilings.count - 1
        return tilings.count - 1
    }

    mutating func pattern(for key: PatternKey) -> Int {
        if let index = patternIndex[key] { return index }
        patterns.append(key)
        patternIndex[key] = patterns.count - 1
        return patterns.count - 1
    }

    init(fontCount: Int) {
        usedGlyphs = Array(repeating: [], count: fontCount)
        seenCodes = Array(repeating: false, count: fontCount * 256)
    }

    mutating func graphicsState(for key: AlphaKey) -> Int {
        if let index = graphicsStateIndex[key] { return index }
        let index = graphicsStates.count
        graphicsStates.append(key)
        graphicsStateIndex[key] = index
        return index
    }
}

/// Alpha quantised to what we write (four decimals), so 0.50001 and 0.5 share a state.
/// Not-a-number counts as transparent: nothing is drawn rather than something made up.
@inline(__always) func quantizedAlpha(_ alpha: Double) -> Int {
    guard alpha.isFinite || alpha == .infinity else { return 0 }
    return roundedNonNegative(min(max(alpha, 0), 1) * 10_000)  // six a path: no call into libm
}

struct SceneWriter {
    let document: Scene.Document
    var resources: DocumentResources

    /// Subsets of the TrueType faces the document shows, by index in `Document.fonts`.
    let trueTypePlans: [Int: TrueTypeFontPlan]

    /// Per entry of `Document.fonts`: a standard font's advance widths by code, nil for a
    /// TrueType face (looked up once, not per text run).
    let standardWidths: [[UInt16]?]

    /// Numbers formatted in this document's content streams (see `NumberCache`).
    let numbers = NumberCache()

    /// Whether page streams are compressed while they are written (see `pageContent`).
    var compressesPages = false

    init(document: Scene.Document) {
        self.document = document
        resources = DocumentResources(fontCount: document.fonts.count)
        standardWidths = document.fonts.map { font in
            switch font {
            case .standard(let font): StandardFontProgram.program(for: font).widths
            case .trueType: nil
            }
        }
        // Only the TrueType glyphs: nothing is walked when no TrueType face is loaded.
        trueTypePlans = TrueTypeFontPlan.plans(for: document, usage: Scene.DocumentUsage(document, needs: .trueTypeGlyphs))
    }

    /// The content stream of one page: the y-flip, the background, then the items. With
    /// `compressesPages`, also its compressor, which has been compressing the stream on
    /// other threads while it was written (the second core works while this one writes);
    /// `bytes` is then only what the compressor has not taken (see `Deflate.Streaming`).
    mutating func pageContent(_ page: Scene.Page) -> (bytes: [UInt8], resources: ResourceUse, compressor: Deflate.Streaming?) {
        var stream = ContentStream()
        stream.numbers = numbers
        stream.compressesWhileWriting = compressesPages
        // Page space is y-down from the top-left; PDF's default space is y-up from the
        // bottom-left. One flip for the whole page; text flips back in its own matrix.
        stream.concatenate(Transform(a: 1, b: 0, c: 0, d: -1, e: 0, f: page.size.height))
        if let background = page.background, background.alpha > 0 {
            setAlpha(fill: background.alpha, stroke: nil, in: &stream)
            stream.setFillColor(background)
            stream.appendRectangle(x: 0, y: 0, width: page.size.width, height: page.size.height)
            stream.op("f")
        }
        emit(page.items, alphaScale: 1, ctm: Transform(a: 1, b: 0, c: 0, d: -1, e: 0, f: page.size.height), into: &stream)
        let bytes = stream.finish()
        // A stream no compressor took a piece of is compressed as it starts (one piece at
        // most: whole at level 6, or with the greedy matcher).
        let compressor = stream.compressor ?? (compressesPages ? Deflate.Streaming(level: ContentCompression.level, strategy: ContentCompression.matching) : nil)
        return (bytes, stream.resources, compressor)
    }

    /// One open list of items being walked: the page's, or a group's.
    struct Frame {
        enum Closing {
            /// Nothing to undo (a group without transform, clip or form).
            case nothing
            /// `Q` in the current stream.
            case restore
            /// Finish the form on top of the stream stack, then draw it into the stream
            /// below with `alpha`, and `Q` there.
            case form(alpha: Double, boundingBox: Rect, blend: BlendMode)
        }
        var items: [Scene.Item]
        var index = 0
        /// A group opacity folded into the items' own alpha (see `isElementary`).
        var alphaScale: Double
        var closing: Closing
        /// From this frame's user space to the default space of its content stream (the
        /// page's, or a form's): the matrix of shading patterns.
        var ctm: Transform = .identity
    }

    /// Emits `items` into `root`. The walk is iterative, with explicit stacks of frames and
    /// of content streams (a form XObject's stream sits above its page's), so a deeply
    /// nested drawing cannot overflow the call stack.
    mutating func emit(_ items: [Scene.Item], alphaScale: Double, ctm: Transform = .identity, into root: inout ContentStream) {
        var streams: [ContentStream] = [root]
        root = ContentStream()  // leave the buffer uniquely owned by the stack
        var frames = [Frame(items: items, alphaScale: alphaScale, closing: .nothing, ctm: ctm)]
        while let top = frames.indices.last {
            guard frames[top].index < frames[top].items.count else {
                close(frames.removeLast(), streams: &streams)
                continue
            }
            // The frame's items up to its end or its next group, into the top stream, taken
            // off the stack meanwhile (reached through the array, every write to it checked
            // the array's buffer for a unique reference).
            let items = frames[top].items
            let alphaScale = frames[top].alphaScale
            let ctm = frames[top].ctm
            var index = frames[top].index
            var stream = streams.removeLast()
            let group = emitItems(items, from: &index, alphaScale: alphaScale, ctm: ctm, into: &stream)
            frames[top].index = index
            // Moved back, not copied: a second reference would make the next write to the
            // stream copy its whole buffer.
            streams.append(consume stream)
            if let group {
                if var frame = openGroup(group, alphaScale: alphaScale, streams: &streams) {
                    if case .form = frame.closing { frame.ctm = .identity } else { frame.ctm = group.transform.then(ctm) }
                    frames.append(frame)
                }
                streams[streams.count - 1].feedCompressor()
            }
        }
        root = streams.removeLast()
    }

    /// Emits `items` from `index` into `stream` up to their end or their next group, which
    /// it returns (with `index` past it) for the caller to open.
    private mutating func emitItems(_ items: [Scene.Item], from index: inout Int, alphaScale: Double, ctm: Transform,
                                    into stream: inout ContentStream) -> Scene.Group? {
        items.withUnsafeBufferPointer { items in
            while index < items.count {
                index += 1
                switch items[index - 1] {
                case .path(let path, let paint):
                    emitPathItem(path, paint, ctm: ctm, alphaScale: alphaScale, into: &stream)
                case .text(let run):
                    emitText(run, alphaScale: alphaScale, into: &stream)
                case .image(let image):
                    emitImage(image, alphaScale: alphaScale, into: &stream)
                case .group(let group):
                    return group
                }
                stream.feedCompressor()
            }
            return nil
        }
    }

    /// A path item: by the paint it has (a tiling pattern, a gradient, or colours).
    @inline(__always) mutating func emitPathItem(_ path: Scene.Path, _ paint: Paint, ctm: Transform, alphaScale: Double,
                                                 into stream: inout ContentStream) {
        if paint.fill?.pattern != nil {
            var rest = paint
            rest.fill?.pattern = nil
            if rest.stroke?.hasGradient == true {
                // The tiled fill, then the gradient stroke on its own.
                emitTiledPath(path, Paint(fill: paint.fill, stroke: nil), ctm: ctm, alphaScale: alphaScale, into: &stream)
                emitPaintedPath(path, Paint(fill: nil, stroke: rest.stroke), ctm: ctm, alphaScale: alphaScale, into: &stream)
            } else {
                emitTiledPath(path, paint, ctm: ctm, alphaScale: alphaScale, into: &stream)
            }
        } else if paint.fill?.hasGradient == true || paint.stroke?.hasGradient == true {
            // (`hasGradient`: `gradient != nil` copied each gradient out of its box, per path.)
            emitPaintedPath(path, paint, ctm: ctm, alphaScale: alphaScale, into: &stream)
        } else {
            emitPath(path, paint, alphaScale: alphaScale, into: &stream)
        }
    }

    // MARK: alpha

    /// Sets `/ca` and `/CA` through a shared ExtGState when they differ from the current
    /// state; nil leaves that one as it is (the operation doesn't use it).
    mutating func setAlpha(fill: Double?, stroke: Double?, in stream: inout ContentStream) {
        // The state's own alphas (every opaque item after another): nothing to quantise.
        if fill == nil || fill == stream.state.fillAlpha, stroke == nil || stroke == stream.state.strokeAlpha { return }
        var key = AlphaKey()
        if let fill, quantizedAlpha(fill) != quantizedAlpha(stream.state.fillAlpha) { key.fill = quantizedAlpha(fill) }
        if let stroke, quantizedAlpha(stroke) != quantizedAlpha(stream.state.strokeAlpha) { key.stroke = quantizedAlpha(stroke) }
        guard key.fill != nil || key.stroke != nil else { return }
        // Reuse a state that sets both when both are needed and equal (group opacity).
        let index = resources.graphicsState(for: key)
        stream.applyGraphicsState(index)
        if let fill = key.fill { stream.state.fillAlpha = Double(fill) / 10_000 }
        if let stroke = key.stroke { stream.state.strokeAlpha = Double(stroke) / 10_000 }
    }

    // MARK: paths

    mutating func emitPath(_ path: Scene.Path, _ paint: Paint, alphaScale: Double, into stream: inout ContentStream) {
        guard !path.isEmpty, path.startsWithSubpath else { return }
        // The paint's parts are read in place (`paint.fill?.…`): taking the fill and stroke
        // out (`flatMap`) copied each, the stroke's dash array and gradient box with it.
        var fillAlpha: Double?
        if let alpha = paint.fill?.color.alpha, quantizedAlpha(alpha * alphaScale) > 0 { fillAlpha = alpha * alphaScale }
        var strokeAlpha: Double?
        if let alpha = paint.stroke?.color.alpha, let width = paint.stroke?.width,
           quantizedAlpha(alpha * alphaScale) > 0 && width > 0 && width.isFinite {
            strokeAlpha = alpha * alphaScale
        }
        guard fillAlpha != nil || strokeAlpha != nil else { return }

        setAlpha(fill: fillAlpha, stroke: strokeAlpha, in: &stream)
        let paintOperator: StaticString
        switch (fillAlpha == nil ? nil : paint.fill?.rule, strokeAlpha != nil) {
        case (.nonZero?, true): paintOperator = "B"
        case (.evenOdd?, true): paintOperator = "B*"
        case (.nonZero?, false): paintOperator = "f"
        case (.evenOdd?, false): paintOperator = "f*"
        case (nil, _): paintOperator = "S"
        }
        stream.paintPath(path, paint, fills: fillAlpha != nil, strokes: strokeAlpha != nil, operator: paintOperator)
    }

    /// A path with a gradient fill or stroke: the gradient parts through shading patterns,
    /// a colour part as usual; fill before stroke.
    mutating func emitPaintedPath(_ path: Scene.Path, _ paint: Paint, ctm: Transform, alphaScale: Double, into stream: inout ContentStream) {
        guard !path.isEmpty, path.startsWithSubpath else { return }
        if let fill = paint.fill {
            if fill.hasGradient { emitGradientPath(path, fill: fill, stroke: nil, ctm: ctm, alphaScale: alphaScale, into: &stream) }
            else { emitPath(path, Paint(fill: fill), alphaScale: alphaScale, into: &stream) }
        }
        if let stroke = paint.stroke, stroke.width > 0, stroke.width.isFinite {
            if stroke.hasGradient { emitGradientPath(path, fill: nil, stroke: stroke, ctm: ctm, alphaScale: alphaScale, into: &stream) }
            else { emitPath(path, Paint(stroke: stroke), alphaScale: alphaScale, into: &stream) }
        }
    }

    // MARK: groups

    /// Whether an item paints as one elementary object, so a group opacity can be folded
    /// into its alpha without changing the result: one path with only a fill or only a
    /// stroke (fill and stroke together overlap each other), one text run (glyphs of one
    /// text object knock each other out), one image, or a group around one such item.
    func isElementary(_ item: Scene.Item) -> Bool {
        var item = item
        while true {  // a loop, not recursion: chains of groups can be deep
            switch item {
            case .path(_, let paint): return (paint.fill == nil) != (paint.stroke == nil)
            case .text, .image: return true
            case .group(let group):
                guard group.items.count == 1 else { return false }
                item = group.items[0]
            }
        }
    }

    /// Starts a group: `q`, `cm`, clip, and for a transparency group a new stream on the
    /// stack. Returns the frame for its items, or nil when the group draws nothing.
    mutating func openGroup(_ group: Scene.Group, alphaScale: Double, streams: inout [ContentStream]) -> Frame? {
        let opacity = group.opacity.isNaN ? 0 : min(max(group.opacity, 0), 1)
        guard !group.items.isEmpty, quantizedAlpha(opacity * alphaScale) > 0 else { return nil }
        let t = group.transform
        let determinant = t.a * t.d - t.b * t.c
        // A singular transform squashes the group to a line or point: nothing to see.
        guard determinant.isFinite, abs(determinant) > 1e-12 else { return nil }
        if let clip = group.clip, clip.isEmpty || !clip.startsWithSubpath { return nil }

        let needsTransparencyGroup = (quantizedAlpha(opacity) < 10_000
            && !(group.items.count == 1 && isElementary(group.items[0]))) || group.blend != .normal
        // A transparency group's form is as large as its ink (the IR's bounds, in the group's
        // own space, clip applied: every mark is inside); no ink, nothing to composite.
        var formBox = Rect.zero
        if needsTransparencyGroup {
            guard let ink = group.inkBounds else { return nil }
            formBox = ink
        }
        let needsState = !t.isIdentity || group.clip != nil || needsTransparencyGroup
        let current = streams.count - 1
        if needsState { streams[current].save() }
        if !t.isIdentity { streams[current].concatenate(t) }
        if let clip = group.clip {
            streams[current].appendPath(clip)
            streams[current].op("W n")
        }
        guard needsTransparencyGroup else {
            return Frame(items: group.items, alphaScale: alphaScale * opacity,
                         closing: needsState ? .restore : .nothing)
        }
        // A transparency group: the children are composited with each other first and the
        // result once with the group opacity, as in SVG. Folding the opacity into each child
        // instead would show overlaps between children. The reader resets alpha to 1
        // inside the group (ISO 32000-1 §11.6.6). The rest of the state of the `Do` would be
        // inherited by the specification, but not every reader does so (poppler drew a
        // dashed stroke solid): the form sets every parameter it uses itself, its font too.
        var formState = GraphicsState.unknown
        formState.fillAlpha = 1
        formState.strokeAlpha = 1
        var form = ContentStream(state: formState)
        form.numbers = streams[current].numbers
        streams.append(form)
        return Frame(items: group.items, alphaScale: 1,
                     closing: .form(alpha: opacity * alphaScale, boundingBox: formBox, blend: group.blend))
    }

    /// Ends a group's frame (see `Frame.Closing`).
    mutating func close(_ frame: Frame, streams: inout [ContentStream]) {
        switch frame.closing {
        case .nothing:
            break
        case .restore:
            streams[streams.count - 1].restore()
        case .form(let alpha, let boundingBox, let blend):
            var form = streams.removeLast()
            let content = form.finish()
            let index = resources.forms.count
            resources.forms.append(FormXObject(content: content, boundingBox: boundingBox, resources: form.resources))
            let current = streams.count - 1
            if blend != .normal {
                var key = AlphaKey()
                key.blend = blend
                streams[current].applyGraphicsState(resources.graphicsState(for: key))
            }
            setAlpha(fill: alpha, stroke: alpha, in: &streams[current])
            streams[current].drawForm(index)
            streams[current].resources.usesTransparency = true
            streams[current].restore()
        }
    }

    // MARK: text

    mutating func emitText(_ run: Scene.TextRun, alphaScale: Double, into stream: inout ContentStream) {
        guard !run.glyphs.isEmpty, run.size > 0, run.size.isFinite,
              run.font.index >= 0, run.font.index < document.fonts.count,
              quantizedAlpha(run.color.alpha * alphaScale) > 0
        else { return }
        let fontIndex = run.font.index
        let standardWidths = self.standardWidths[fontIndex]
        var plan: TrueTypeFontPlan? = nil
        if standardWidths == nil {
            // No plan: the face's glyph data was damaged; its text cannot be embedded.
            guard let found = trueTypePlans[fontIndex] else { return }
            plan = found
        }

        setAlpha(fill: run.color.alpha * alphaScale, stroke: nil, in: &stream)
        stream.resources.fonts.insert(fontIndex)
        resources.fonts.insert(fontIndex)

        // Shaped left-to-right text (ligatures, reordered Indic vowels): copy and search give
        // the logical text, not the glyphs' own. Right-to-left runs are left to ToUnicode:
        // readers put their glyphs back in logical order from their positions (poppler reads
        // an ActualText's letters as drawn left to right, so it would reverse them).
        // (Asked only of a run with an actual text: `isRightToLeft` looks at every glyph.)
        let actualText = run.actualText.flatMap { run.isRightToLeft ? nil : $0 }
        // Most runs: a standard font, already the current font and size, in one piece.
        if let standardWidths, actualText == nil, stream.state.font == fontIndex, stream.state.fontSize == run.size,
           stream.showStandardText(run, widths: standardWidths) {
            recordStandardGlyphs(run.glyphs, font: fontIndex)
            return
        }
        stream.setFillColor(run.color)
        if let actual = actualText {
            stream.out.append(static: "/Span <</ActualText <FEFF")
            for unit in actual.utf16 { stream.out.hexByte(UInt8(unit >> 8)); stream.out.hexByte(UInt8(truncatingIfNeeded: unit)) }
            stream.out.append(static: ">>> BDC\n")
        }
        stream.op("BT")
        if stream.state.font != fontIndex || stream.state.fontSize != run.size {
            stream.out.append(static: "/F"); stream.out.append(integer: fontIndex); stream.out.append(0x20)
            stream.number(run.size)
            stream.op("Tf")
            stream.state.font = fontIndex
            stream.state.fontSize = run.size
        }
        // Text space: flip y back so glyphs stand upright in the y-down page space.
        let x = run.origin.x, y = run.origin.y
        if ByteCursor.fits(x) && ByteCursor.fits(y) {
            stream.out.withCursor(maximumLength: 16 + 2 * (NumberFormat.maximumFastLength + 1), numbers: stream.numbers) { out in
                out.text("1 0 0 -1 "); out.number(x); out.byte(0x20); out.number(y); out.byte(0x20)
                out.byte(0x54); out.byte(0x6D); out.byte(0x0A)  // Tm
            }
        } else {
            stream.out.append(static: "1 0 0 -1 ")
            stream.number(x); stream.number(y)
            stream.op("Tm")
        }
        if let standardWidths {
            writeShowText(run.glyphs, widths: standardWidths, size: run.size, into: &stream.out)
            recordStandardGlyphs(run.glyphs, font: fontIndex)
        } else if let plan, run.glyphY != nil {
            // Glyphs off the baseline (marks placed by shaping): each stretch of one offset
            // starts at its own place, raised with Ts.
            var start = 0
            while start < run.glyphs.count {
                var end = start + 1
                while end < run.glyphs.count, run.y(end) == run.y(start) { end += 1 }
                let first = run.glyphs[start]
                if start > 0 {
                    stream.out.append(static: "TJ\n1 0 0 -1 "); stream.number(x + first.x); stream.number(y); stream.op("Tm")
                }
                stream.number(-run.y(start)); stream.op("Ts")
                var piece = Array(run.glyphs[start..<end])
                for k in piece.indices { piece[k].x -= first.x }
                writeShowText(piece, size: run.size, twoByte: true, into: &stream.out,
                              code: { plan.subset.newGlyph($0) ?? 0 },
                              width: { plan.widths[Int($0)] })
                start = end
            }
            stream.out.append(static: "TJ\n0 Ts\n")
            stream.out.append(static: "ET\n")
            if actualText != nil { stream.out.append(static: "EMC\n") }
            return
        } else if let plan {
            writeShowText(run.glyphs, size: run.size, twoByte: true, into: &stream.out,
                          code: { plan.subset.newGlyph($0) ?? 0 },
                          width: { plan.widths[Int($0)] })
        }
        stream.out.append(static: "TJ\nET\n")
        if actualText != nil { stream.out.append(static: "EMC\n") }
    }

    /// Notes the codes of a standard font's run as used (and, for Symbol and ZapfDingbats,
    /// the text each stands for).
    mutating func recordStandardGlyphs(_ glyphs: [Scene.PositionedGlyph], font fontIndex: Int) {
        for glyph in glyphs where glyph.glyph < 256 {
            let seen = fontIndex &* 256 &+ Int(glyph.glyph)
            if !resources.seenCodes[seen] {
                resources.seenCodes[seen] = true
                resources.usedGlyphs[fontIndex].insert(glyph.glyph)
            }
        }
        if case .standard(let font) = document.fonts[fontIndex], font.isSymbolic {
            var map = resources.symbolicText[fontIndex] ?? [:]
            for glyph in glyphs where glyph.glyph < 256 && map[UInt8(glyph.glyph)] == nil {
                map[UInt8(glyph.glyph)] = glyph.scalar
            }
            resources.symbolicText[fontIndex] = map
        }
    }

    /// Writes the `[ … ]` operand of `TJ` for `glyphs` in a standard font (one-byte codes).
    ///
    /// The same bytes as the general writer below, made through a raw cursor and appended in
    /// one piece (appending them one by one to the buffer was most of the cost of a text);
    /// an adjustment too large for the fast number path (none on a page of real size) hands
    /// the run to the general writer.
    func writeShowText(_ glyphs: [Scene.PositionedGlyph], widths: [UInt16], size: Double, into out: inout ByteBuffer) {
        let written = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.showTextLength(glyphs.count)) { buffer -> Bool in
            guard let start = buffer.baseAddress,
                  let end = Self.writeShowText(glyphs, widths: widths, size: size, to: start) else { return false }
            out.append(UnsafeBufferPointer(start: start, count: end - start))
            return true
        }
        guard !written else { return }
        writeShowText(glyphs, size: size, twoByte: false, into: &out,
                      code: { min($0, 255) }, width: { Double(widths[Int($0)]) })
    }

    /// The room `writeShowText(_:widths:size:to:)` needs for `count` glyphs: per glyph at
    /// most `)`, an adjustment, `(`, and a byte as a four-byte octal escape; and the brackets.
    static func showTextLength(_ count: Int) -> Int { count * (2 + NumberFormat.maximumFastLength + 4) + 3 }

    /// The `TJ` operand of `writeShowText(_:widths:size:into:)` into memory with
    /// `showTextLength` bytes of room from `start`; the end of what it wrote, or nil when an
    /// adjustment is too large for the fast number path.
    @inline(__always)
    static func writeShowText(_ glyphs: [Scene.PositionedGlyph], widths: [UInt16], size: Double,
                              to start: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8>? {
        glyphs.withUnsafeBufferPointer { glyphs in
            var p = start
            p[0] = 0x5B; p += 1
            var pen = 0.0
            var open = false
            for glyph in glyphs {
                let c = min(glyph.glyph, 255)
                let wanted = glyph.x.isFinite ? glyph.x : pen
                let scaled = (pen - wanted) * 1000 / size * 1000
                // Less than half a unit rounds to zero: no adjustment, and no call to round it
                // (most glyphs sit where the advances put them).
                if !(abs(scaled) < 0.5), case let adjustment = scaled.rounded() / 1000, adjustment != 0 {
                    if open { p[0] = 0x29; p += 1; open = false }
                    let length = NumberFormat.writeFast(adjustment, precision: Precision.textAdjustment, to: p)
                    guard length > 0 else { return nil }
                    p += length
                    pen -= adjustment * size / 1000
                }
                if !open { p[0] = 0x28; p += 1; open = true }
                // `literalStringByte`'s escapes.
                let byte = UInt8(truncatingIfNeeded: c)
                switch byte {
                case 0x28, 0x29, 0x5C:
                    p[0] = 0x5C; p[1] = byte; p += 2
                case 0x20...0x7E:
                    p[0] = byte; p += 1
                default:
                    p[0] = 0x5C; p[1] = 0x30 + (byte >> 6); p[2] = 0x30 + ((byte >> 3) & 7); p[3] = 0x30 + (byte & 7); p += 4
                }
                pen += Double(widths[Int(c)]) * size / 1000
            }
            if open { p[0] = 0x29; p += 1 }
            p[0] = 0x5D; p += 1
            return p
        }
    }

    /// Writes the `[ … ]` operand of `TJ`. Each number n moves the pen by -n/1000 em; n is
    /// chosen so that every glyph lands exactly at its `x`, given the advance `width(code)`
    /// (1/1000 em) the reader takes from the font's widths. The pen is replayed with the
    /// rounded numbers, so rounding never accumulates. One-byte codes go in literal
    /// strings, two-byte codes (Identity-H) in hex strings.
    func writeShowText(_ glyphs: [Scene.PositionedGlyph], size: Double, twoByte: Bool, into out: inout ByteBuffer,
                       code: (UInt16) -> UInt16, width: (UInt16) -> Double) {
        out.append(0x5B)
        var pen = 0.0
        // Whether a string is open: glyphs between two adjustments form one string, written
        // as they come (no buffer per run): `(`…`)` with escapes, or `<`…`>` in hex.
        var open = false
        for glyph in glyphs {
            let c = code(glyph.glyph)
            let wanted = glyph.x.isFinite ? glyph.x : pen
            let adjustment = ((pen - wanted) * 1000 / size * 1000).rounded() / 1000
            if adjustment != 0 {
                if open { out.append(twoByte ? 0x3E : 0x29); open = false }
                out.append(number: adjustment, precision: Precision.textAdjustment)
                pen -= adjustment * size / 1000
            }
            if !open { out.append(twoByte ? 0x3C : 0x28); open = true }
            if twoByte {
                out.hexByte(UInt8(c >> 8)); out.hexByte(UInt8(truncatingIfNeeded: c))
            } else {
                out.literalStringByte(UInt8(truncatingIfNeeded: c))
            }
            pen += width(c) * size / 1000
        }
        if open { out.append(twoByte ? 0x3E : 0x29) }
        out.append(0x5D)
    }

    // MARK: images

    mutating func emitImage(_ item: Scene.ImageItem, alphaScale: Double, into stream: inout ContentStream) {
        let index = item.image.index
        guard index >= 0, index < document.images.count,
              item.rect.width.isFinite, item.rect.height.isFinite,
              item.rect.width != 0, item.rect.height != 0,
              quantizedAlpha(alphaScale) > 0
        else { return }
        if resources.decodedImages[index] == nil {
            resources.decodedImages[index] = .some(DecodedImage.decode(document.images[index]))
        }
        guard let decoded = resources.decodedImages[index] ?? nil else { return }
        resources.images.insert(index)
        if decoded.softMask != nil { stream.resources.usesTransparency = true }
        stream.save()
        setAlpha(fill: alphaScale, stroke: nil, in: &stream)
        // The image's unit square, first row at the top of `rect` (y down).
        let r = item.rect
        stream.concatenate(Transform(a: r.width, b: 0, c: 0, d: -r.height, e: r.minX, f: r.maxY))
        stream.drawImage(index)
        stream.restore()
    }
}

extension ContentStream {
    /// A run in a standard font that is already the current font and size, without an
    /// ActualText: its fill colour (when it changes), `BT`, its matrix, its `TJ` and `ET`,
    /// the bytes `setFillColor`, `op`, the matrix and `writeShowText` write one after the
    /// other, in one piece through one cursor (an append or a cursor apiece cost as much as
    /// the glyphs, issue 38). False, with nothing written, when a number does not fit the
    /// cursor's fast path; the caller then writes the run part by part.
    mutating func showStandardText(_ run: Scene.TextRun, widths: [UInt16]) -> Bool {
        let c = run.color, x = run.origin.x, y = run.origin.y
        guard Precision.color == NumberFormat.defaultPrecision, Precision.coordinate == NumberFormat.defaultPrecision,
              ByteCursor.fits(x), ByteCursor.fits(y) else { return false }
        let changesColor = state.fill != (c.red, c.green, c.blue)
        if changesColor, !(ByteCursor.fits(c.red) && ByteCursor.fits(c.green) && ByteCursor.fits(c.blue)) { return false }
        // `BT`, `1 0 0 -1 x y Tm`, the operand, `TJ` and `ET`, each with its newline.
        let maximumLength = (changesColor ? Self.colorLength : 0) + 3 + 9 + 2 * (ByteCursor.longestNumber + 1)
            + ByteCursor.numberSlack + 3 + SceneWriter.showTextLength(run.glyphs.count) + 6
        var written = false
        let tables = self.tables
        out.withCursor(maximumLength: maximumLength, numbers: numbers) { out in
            let start = out.position
            if changesColor { Self.color(c, "rg", tables, &out) }
            out.text("BT\n1 0 0 -1 "); out.number(x); out.byte(0x20); out.number(y); out.text(" Tm\n")
            guard let end = SceneWriter.writeShowText(run.glyphs, widths: widths, size: run.size, to: out.position) else {
                out.position = start
                return
            }
            out.position = end
            out.text("TJ\nET\n")
            written = true
        }
        if written, changesColor { state.fill = (c.red, c.green, c.blue) }
        return written
    }
}
