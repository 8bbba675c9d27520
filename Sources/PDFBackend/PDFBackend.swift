// PDFBackend — the scene IR as a PDF 1.7 file.
//
// Takes: a `Scene.Document` (pages of paths, text runs, images and groups in page points,
// top-left origin, y down). Hands on: the bytes of one PDF file.
// Invariants of the output: a header with a binary comment line; numbered indirect objects
// whose byte offsets are recorded as they are written, so the cross-reference table is
// exact; every page has its own /MediaBox; every content stream has balanced q/Q; each
// font, graphics state and image is written once per document and shared by reference;
// no clock and no randomness: the same document gives the same bytes, and /ID is the MD5
// of the body. Text uses the standard 14 fonts as Type 1 fonts and TrueType faces as
// embedded Type0/CIDFontType2 subsets, placed with TJ so each glyph lands where layout put
// it, given the widths we write.
// Deliberately not done here: measuring or shaping text (layout did it), converting arcs
// (the IR has cubics only), reporting errors (the IR is valid by construction; a damaged
// image is skipped rather than reported, as layout already checked it).
//
// Structure: `SceneWriter` walks the IR into content streams and collects resources;
// `PDFFile` numbers objects and writes xref and trailer; `StandardFonts`, `TrueTypeFonts`
// and `Images` write those objects.

import DrawBase
import DrawFonts
import DrawOutput
import DrawScene

package struct PDFOptions: Sendable {
    /// Flate-compress content streams (off: readable streams, for golden tests and debugging).
    package var compress: Bool = true
    /// Seconds since 1970 UTC for /CreationDate (from SOURCE_DATE_EPOCH); nil writes no date.
    package var sourceDateEpoch: Int? = nil
    package init(compress: Bool = true, sourceDateEpoch: Int? = nil) {
        self.compress = compress
        self.sourceDateEpoch = sourceDateEpoch
    }
}

package enum PDFWriter {
    package static func render(_ document: Scene.Document, options: PDFOptions = PDFOptions()) -> [UInt8] {
        var scene = SceneWriter(document: document)
        scene.compressesPages = options.compress
        // Each page's content is compressed while it is written, piece by piece, so that
        // its uncompressed stream (16 MB for 100,000 shapes) is never held whole.
        let contents = document.pages.map { page -> (bytes: [UInt8], filter: StaticString?, resources: ResourceUse) in
            let (bytes, resources, compressor) = scene.pageContent(page)
            guard options.compress, let compressor else { return (bytes, nil, resources) }
            let packed = compressor.finish(bytes)
            if packed.count < compressor.takenCount + bytes.count { return (packed, "/FlateDecode", resources) }
            // Compressing did not pay (it always does for content of any size): the stream
            // as it was, inflated back if pieces of it were taken off already.
            let raw = compressor.takenCount == 0 ? bytes : Deflate.decompress(packed, limit: Int.max)!
            return (raw, nil, resources)
        }
        let used = scene.resources

        var file = PDFFile(compress: options.compress)
        // The file is mostly the page contents: reserve for them and the objects around.
        file.reserve(contents.reduce(16 << 10) { $0 + $1.bytes.count + 256 })
        let catalog = file.allocate()
        let pageTree = file.allocate()
        let info = file.allocate()
        let pageObjects = document.pages.map { _ in (page: file.allocate(), content: file.allocate()) }
        var formObjects: [Int] = []
        for _ in used.forms { formObjects.append(file.allocate()) }
        var fontObjects = [Int?](repeating: nil, count: document.fonts.count)
        var descriptorObjects = [Int](repeating: 0, count: document.fonts.count)
        for index in used.fonts {
            fontObjects[index] = file.allocate()
            // TrueType fonts reserve their further objects when they are written.
            if case .standard = document.fonts[index] { descriptorObjects[index] = file.allocate() }
        }
        let stateObjects = used.graphicsStates.map { _ in file.allocate() }
        let shadingObjects = used.shadings.map { _ in file.allocate() }
        let patternObjects = used.patterns.map { _ in file.allocate() }
        let tilingObjects = used.tilings.map { _ in file.allocate() }
        var imageObjects = [Int?](repeating: nil, count: document.images.count)
        var maskObjects = [Int?](repeating: nil, count: document.images.count)
        for index in used.images {
            imageObjects[index] = file.allocate()
            if case .some(.some(let decoded)) = used.decodedImages[index], decoded.softMask != nil {
                maskObjects[index] = file.allocate()
            }
        }

        var objects = ObjectNumbers(fonts: fontObjects, graphicsStates: stateObjects, images: imageObjects, forms: formObjects)
        objects.shadings = shadingObjects
        objects.patterns = patternObjects
        objects.tilings = tilingObjects

        file.dictionary(catalog) { out in
            out.append(static: " /Type /Catalog /Pages ")
            out.reference(pageTree)
            // Label sheets must print at 100 %: a "fit to page" print moves every cell off
            // its die-cut label (PrintScaling is PDF 1.6; the file says 1.7).
            if document.metadata.noPrintScaling { out.append(static: " /ViewerPreferences << /PrintScaling /None >>") }
        }
        file.dictionary(pageTree) { out in
            out.append(static: " /Type /Pages /Kids [")
            for (i, objects) in pageObjects.enumerated() {
                if i > 0 { out.append(0x20) }
                out.reference(objects.page)
            }
            out.append(static: "] /Count ")
            out.append(integer: pageObjects.count)
        }
        for (i, page) in document.pages.enumerated() {
            let (pageObject, contentObject) = pageObjects[i]
            let resources = contents[i].resources
            file.dictionary(pageObject) { out in
                out.append(static: " /Type /Page /Parent ")
                out.reference(pageTree)
                out.append(static: " /MediaBox [0 0 ")
                out.append(number: max(0, page.size.width))
                out.append(0x20)
                out.append(number: max(0, page.size.height))
                out.append(static: "]")
                // Print-shop boxes (ISO 32000-1 §14.11.2), y up from the bottom-left corner.
                let boxes: [(StaticString, Rect?)] = [(" /BleedBox [", page.bleedBox), (" /TrimBox [", page.trimBox)]
                for (name, box) in boxes {
                    guard let box else { continue }
                    out.append(static: name)
                    out.append(number: box.minX); out.append(0x20)
                    out.append(number: page.size.height - box.maxY); out.append(0x20)
                    out.append(number: box.maxX); out.append(0x20)
                    out.append(number: page.size.height - box.minY)
                    out.append(static: "]")
                }
                out.append(static: " /Resources ")
                objects.writeResources(resources, into: &out)
                if resources.usesTransparency {
                    // Blend in RGB (what the drawing means) rather than the viewer's choice.
                    out.append(static: " /Group << /Type /Group /S /Transparency /CS /DeviceRGB >>")
                }
                out.append(static: " /Contents ")
                out.reference(contentObject)
            }
            file.stream(contentObject, data: contents[i].bytes, compressible: false, alreadyFiltered: contents[i].filter)
        }
        for (i, form) in used.forms.enumerated() {
            file.stream(formObjects[i], data: form.content) { out in
                out.append(static: " /Type /XObject /Subtype /Form /BBox [")
                let box = form.boundingBox
                out.append(number: box.minX); out.append(0x20)
                out.append(number: box.minY); out.append(0x20)
                out.append(number: box.maxX); out.append(0x20)
                out.append(number: box.maxY)
                out.append(static: form.luminosityMask ? "] /Group << /Type /Group /S /Transparency /CS /DeviceGray >> /Resources "
                                                       : "] /Group << /Type /Group /S /Transparency >> /Resources ")
                objects.writeResources(form.resources, into: &out)
            }
        }
        for index in used.fonts {
            guard let fontObject = fontObjects[index] else { continue }
            switch document.fonts[index] {
            case .standard(let font):
                file.writeStandardFont(font, codes: used.usedGlyphs[index], text: used.symbolicText[index], fontObject: fontObject,
                                       descriptorObject: descriptorObjects[index])
            case .trueType:
                guard let plan = scene.trueTypePlans[index] else { continue }
                file.writeTrueTypeFont(plan, fontObject: fontObject)
            }
        }
        for (i, key) in used.graphicsStates.enumerated() {
            file.dictionary(stateObjects[i]) { out in
                out.append(static: " /Type /ExtGState")
                if let fill = key.fill {
                    out.append(static: " /ca ")
                    out.append(number: Double(fill) / 10_000)
                }
                if let stroke = key.stroke {
                    out.append(static: " /CA ")
                    out.append(number: Double(stroke) / 10_000)
                }
                if let mask = key.softMask {
                    out.append(static: " /SMask << /Type /Mask /S /Luminosity /G ")
                    out.reference(formObjects[mask])
                    out.append(static: " >>")
                }
                if let blend = key.blend {
                    out.append(static: " /BM /")
                    out.append(Array(blend.pdfName.utf8))
                }
            }
        }
        for (i, spec) in used.shadings.enumerated() {
            file.writeShading(spec, object: shadingObjects[i])
        }
        for (i, key) in used.patterns.enumerated() {
            file.writePattern(key, shadingObject: shadingObjects[key.shading], object: patternObjects[i])
        }
        for (i, key) in used.tilings.enumerated() {
            guard let tile = used.tileContents[key.pattern] else { continue }
            file.writeTilingPattern(key, pattern: document.patterns[key.pattern], tile: tile, objects: objects, object: tilingObjects[i])
        }
        for index in used.images {
            guard let object = imageObjects[index], case .some(.some(let decoded)) = used.decodedImages[index] else { continue }
            file.writeImage(decoded, object: object, maskObject: maskObjects[index])
        }
        file.dictionary(info) { out in
            out.append(static: " /Producer (drawc)")
            if let title = document.metadata.title {
                out.append(static: " /Title ")
                out.textString(title)
            }
            if let epoch = options.sourceDateEpoch {
                out.append(static: " /CreationDate ")
                out.literalString(pdfDate(secondsSinceEpoch: epoch).utf8)
            }
        }
        return file.finish(root: catalog, info: info)
    }
}

/// Object numbers of the shared resources, for writing /Resources dictionaries.
struct ObjectNumbers {
    var fonts: [Int?]
    var graphicsStates: [Int]
    var images: [Int?]
    var forms: [Int]
    var shadings: [Int] = []
    var patterns: [Int] = []
    var tilings: [Int] = []

    /// `<< /Font << … >> /ExtGState << … >> /XObject << … >> >>` with only what `use` needs.
    func writeResources(_ use: ResourceUse, into out: inout ByteBuffer) {
        out.append(static: "<<")
        if !use.fonts.isEmpty {
            out.append(static: " /Font <<")
            for index in use.fonts {
                guard let object = fonts[index] else { continue }
                out.append(static: " /F"); out.append(integer: index); out.append(0x20)
                out.reference(object)
            }
            out.append(static: " >>")
        }
        Self.writeEntries(" /ExtGState <<", name: " /GS", use.graphicsStates, objects: graphicsStates, into: &out)
        if use.tilings.isEmpty {
            Self.writeEntries(" /Pattern <<", name: " /P", use.patterns, objects: patterns, into: &out)
        } else {
            // Shading and tiling patterns share the /Pattern dictionary.
            out.append(static: " /Pattern <<")
            for index in use.patterns {
                out.append(static: " /P"); out.append(integer: index); out.append(0x20); out.reference(patterns[index])
            }
            for index in use.tilings {
                out.append(static: " /T"); out.append(integer: index); out.append(0x20); out.reference(tilings[index])
            }
            out.append(static: " >>")
        }
        Self.writeEntries(" /Shading <<", name: " /Sh", use.shadings, objects: shadings, into: &out)
        if !use.images.isEmpty || !use.forms.isEmpty {
            out.append(static: " /XObject <<")
            for index in use.images {
                guard let object = images[index] else { continue }
                out.append(static: " /Im"); out.append(integer: index); out.append(0x20)
                out.reference(object)
            }
            for index in use.forms {
                out.append(static: " /Fm"); out.append(integer: index); out.append(0x20)
                out.reference(forms[index])
            }
            out.append(static: " >>")
        }
        out.append(static: " >>")
    }

    /// `key << /NAMEi R … >>` for the resources of one kind that a stream uses, if any.
    private static func writeEntries(_ key: StaticString, name: StaticString, _ used: OrderedIndexSet, objects: [Int],
                                     into out: inout ByteBuffer) {
        guard !used.isEmpty else { return }
        out.append(static: key)
        for index in used {
            out.append(static: name); out.append(integer: index); out.append(0x20)
            out.reference(objects[index])
        }
        out.append(static: " >>")
    }
}

/// PDF as a `Backend`: the whole document in one file.
package struct PDFRenderer: Backend {
    package var options: PDFOptions
    package init(options: PDFOptions) { self.options = options }
    package var traits: BackendTraits { Self.formatTraits }
    static let formatTraits = BackendTraits(name: "PDF 1.7", shortName: "PDF", mediaType: "application/pdf", fileExtension: "pdf", onePerPage: false, shadowsAsImages: true)
    package func render(_ document: Scene.Document) -> BackendOutput {
        BackendOutput(files: [PDFWriter.render(document, options: options)], onePerPage: traits.onePerPage)
    }
}
