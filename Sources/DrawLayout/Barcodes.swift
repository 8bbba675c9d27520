// Barcodes: the symbol from DrawBarcodes, turned into points. The frame is the symbol, its
// quiet zone and its human-readable text; the bars or modules are one path of merged
// rectangles on the module grid (one fill, so no renderer shows seams between modules),
// optionally with the module rounded to whole printer dots.

import DrawBarcodes
import DrawBase
import DrawCatalogue
import DrawDiagnostics
import DrawScene
import DrawSemantics
#if canImport(Dispatch)
import Dispatch
#endif

/// Defaults of `barcode` (documented in docs/language.md).
enum BarcodeDefaults {
    static let millimetre = 72 / 25.4
    /// The X-dimension: 0.33 mm, EAN/UPC's nominal size (magnification 100 %).
    static let module = 0.33 * millimetre
    /// ITF-14: 0.495 mm, the smallest X GS1 allows for it in general distribution.
    static let itf14Module = 0.495 * millimetre
    /// QR Code and Data Matrix: 0.5 mm modules.
    static let matrixModule = 0.5 * millimetre
    /// Bar heights in modules: EAN-13/UPC-A/UPC-E 22.85 mm and EAN-8 18.23 mm at X = 0.33 mm
    /// (ISO/IEC 15420), ITF-14 32 mm at X = 1.016 mm (GS1).
    static func barHeight(_ symbology: Symbology, moduleWidth: Double, symbolWidth: Double) -> Double {
        switch symbology {
        case .ean13, .upca, .upce: return 69.24 * moduleWidth
        case .ean8: return 55.24 * moduleWidth
        case .itf14: return 31.5 * moduleWidth
        // ISO/IEC 15417: at least 0.15 × the symbol's width, and 6.35 mm (¼ in).
        default: return max(0.25 * 72, 0.15 * symbolWidth)
        }
    }
    /// How far EAN/UPC guard bars reach below the others, in modules.
    static let guardExtension = 5.0
    /// ITF-14 bearer bars, in modules: GS1 asks for at least 2 X, and 4.83 mm (4.75 X at
    /// X = 1.016 mm) where printing plates are used; 5 X is what label software prints.
    static let bearerModules = 5.0
    /// The human-readable text: 10 modules high (EAN digits of 7 modules' width fit), between
    /// 6 and 12 points for the others.
    static func fontSize(_ symbology: Symbology, moduleWidth: Double) -> Double {
        switch symbology {
        case .ean13, .ean8, .upca, .upce: return 10 * moduleWidth
        default: return min(12, max(6, 10 * moduleWidth))
        }
    }
}

/// The laid-out barcode, in the node's own coordinates (frame at 0, 0).
struct BarcodeGeometry {
    var bars: Scene.Path
    var background: Rect?
    var texts: [(TextBlock, Point)] = []
    /// Where the symbol's first module is, for snapping to printer dots.
    var symbolOrigin = Point.zero
    var dot: Double?
    /// Matrix symbols: `bars` is in modules (whole numbers) and drawn scaled by the module
    /// from `symbolOrigin` — the same picture as the rectangles in points, in a third of the
    /// digits in every format; nil: `bars` is in the frame's points.
    var moduleScale: Double?
}

/// What a barcode is encoded from: its data and everything else that decides the symbol.
struct BarcodeKey: Hashable {
    var data: String
    var request: BarcodeRequest
}

/// A barcode's symbol (or why its data cannot be encoded) and the symbol's rectangles.
struct EncodedBarcode {
    var symbol: Result<Symbol, BarcodeError>
    var rectangles: [ModuleRect]

    init(_ key: BarcodeKey) {
        symbol = encodeBarcode(key.data, key.request)
        if case .success(let s) = symbol { rectangles = s.rectangles } else { rectangles = [] }
    }

    /// From this many distinct barcodes on a page they are encoded on all cores before the page is
    /// measured (`LayoutEngine.encodeBarcodes`); fewer are encoded as layout meets them.
    static let parallelMinimum = 8
}

extension LayoutEngine {
    /// Encodes the barcodes of a page's nodes ahead of measuring, on all cores: encoding
    /// (and the rectangle cover) is pure work on the node's data and settings, and each
    /// result goes to its own slot in the order of the nodes, so the results — and the
    /// page — are the same whichever thread encodes what. Measuring looks them up by key.
    mutating func encodeBarcodes(_ nodes: [Node]) {
        encodedBarcodes.removeAll(keepingCapacity: true)
        // Each distinct barcode once (a label sheet repeats the same code), in node order.
        var keys: [BarcodeKey] = []
        var seen = Set<BarcodeKey>()
        func collect(_ nodes: UnsafeBufferPointer<Node>) {
            for i in nodes.indices {
                let node = nodes.baseAddress! + i
                if node.pointee.kind == .barcode, let data = node.pointee.content, let settings = node.pointee.geometry.barcode {
                    let key = BarcodeKey(data: data, request: settings.request)
                    if seen.insert(key).inserted { keys.append(key) }
                }
                if !node.pointee.children.isEmpty { node.pointee.children.withUnsafeBufferPointer { collect($0) } }
            }
        }
        nodes.withUnsafeBufferPointer { collect($0) }
        guard keys.count >= EncodedBarcode.parallelMinimum else { return }
        var results = [EncodedBarcode?](repeating: nil, count: keys.count)
        keys.withUnsafeBufferPointer { keys in
            results.withUnsafeMutableBufferPointer { slots in
                // Each iteration reads its own key and writes only its own slot; both outlive the loop.
                nonisolated(unsafe) let keysBase = keys.baseAddress!
                nonisolated(unsafe) let slotsBase = slots.baseAddress!
                @Sendable func work(_ index: Int) { slotsBase[index] = EncodedBarcode(keysBase[index]) }
                #if canImport(Dispatch)
                DispatchQueue.concurrentPerform(iterations: keys.count) { work($0) }
                #else
                for index in 0..<keys.count { work(index) }
                #endif
            }
        }
        for (key, result) in zip(keys, results) { encodedBarcodes[key] = result }
    }

    mutating func measureBarcode(_ node: NodeRef, index: Int) -> Rect {
        let g = node.geometry
        guard let data = node.content, let settings = g.barcode else { return .zero }
        let key = BarcodeKey(data: data, request: settings.request)
        let encoded = encodedBarcodes[key] ?? EncodedBarcode(key)
        let symbol: Symbol
        switch encoded.symbol {
        case .success(let s): symbol = s
        case .failure(let error):
            reportBarcodeError(error, node: node)
            return Rect(x: 0, y: 0, width: g.width ?? 0, height: g.height ?? 0)
        }
        let rects = encoded.rectangles
        var geometry: BarcodeGeometry
        switch symbol {
        case .linear(let linear): geometry = layoutLinear(linear, rects: rects, node: node, settings: settings)
        case .matrix(let matrix): geometry = layoutMatrix(matrix, rects: rects, node: node, settings: settings)
        }
        if let dot = settings.printerDPI.map({ 72 / $0 }) { geometry.dot = dot }
        let bounds = pathBounds(geometry)
        boxes[index].side = Int32(barcodes.count)
        barcodes.append(geometry)
        return bounds
    }

    private func pathBounds(_ geometry: BarcodeGeometry) -> Rect {
        var r = geometry.background ?? .zero
        for (block, at) in geometry.texts { r = r.union(Rect(origin: at, size: block.size)) }
        return Rect(x: 0, y: 0, width: r.maxX, height: r.maxY)
    }

    private mutating func reportBarcodeError(_ error: BarcodeError, node: NodeRef) {
        var span = node.contentSpan ?? node.span
        var message = error.message
        if node.contentIsVerbatim, let literal = node.contentSpan {
            // Inside the literal: skip the opening quote. Length 0 points at the closing quote.
            let start = literal.start + 1 + UInt32(error.offset)
            span = Span(file: literal.file, start: start, end: start + UInt32(max(1, error.length)))
        } else {
            message = LayoutMessages.barcodeDataAtByte(message, offset: error.offset)
        }
        let notes: [Diagnostic.Note] = error.hint.map { [Diagnostic.Note($0)] } ?? []
        report(.error(error.id, at: span, message, notes: notes))
    }

    /// The module width: `module:`, else from `width:` (the whole frame across, quiet zones
    /// included), else the default; rounded to printer dots when asked.
    private func moduleWidth(_ settings: BarcodeSettings, across modules: Double, fixed: Double, given: Double?) -> Double {
        var x: Double
        if let m = settings.module { x = m }
        else if let w = given, modules > 0 { x = max(0, w - fixed) / modules }
        else {
            switch settings.request.symbology {
            case .itf14: x = BarcodeDefaults.itf14Module
            case .qr, .datamatrix: x = BarcodeDefaults.matrixModule
            default: x = BarcodeDefaults.module
            }
        }
        if let dpi = settings.printerDPI {
            let dot = 72 / dpi
            x = max(1, (x / dot).rounded()) * dot
        }
        return x
    }

    private func textStyle(_ node: NodeRef, size: Double) -> ResolvedStyle {
        var style = node.style
        // The node's own `fontSize:` (bit 10 of the mask) wins over the size derived from the module.
        if !node.explicitStyle.contains(.fontSize) { style.fontSize = size }
        return style
    }

    private mutating func layoutLinear(_ symbol: LinearSymbol, rects: [ModuleRect], node: NodeRef, settings: BarcodeSettings) -> BarcodeGeometry {
        let g = node.geometry
        let symbology = settings.request.symbology
        let width = Double(symbol.width)
        // Quiet zones: the standard's in modules, or as given.
        var quietModules = (Double(symbol.quietLeft), Double(symbol.quietRight))
        var quietFixed = 0.0
        switch settings.quietZone {
        case .modules(let q)?: quietModules = (q, q)
        case .length(let l)?: quietModules = (0, 0); quietFixed = l
        case nil: break
        }
        let x = moduleWidth(settings, across: width + quietModules.0 + quietModules.1, fixed: 2 * quietFixed, given: g.width)
        let quietLeft = quietFixed > 0 ? quietFixed : quietModules.0 * x
        let quietRight = quietFixed > 0 ? quietFixed : quietModules.1 * x
        let barHeight = g.height ?? BarcodeDefaults.barHeight(symbology, moduleWidth: x, symbolWidth: width * x)
        let fontSize = BarcodeDefaults.fontSize(symbology, moduleWidth: x)

        // Text first: the frame may reach left of the quiet zone (EAN's leading digit).
        var pieces: [TextPiece] = []
        switch settings.text {
        case .automatic: pieces = symbol.text
        case .hidden: pieces = []
        case .custom(let s): pieces = [TextPiece(text: s, from: 0, to: width, outside: false)]
        }
        let guardLayout = symbol.guardLayout && settings.text == .automatic
        let guardDrop = guardLayout ? BarcodeDefaults.guardExtension * x : 0
        let style = textStyle(node, size: fontSize)
        var texts: [(TextBlock, Double, Double, Bool)] = []  // block, centre x (symbol coordinates), width, outside
        var textHeight = 0.0
        for piece in pieces where !piece.text.isEmpty {
            var pieceStyle = style
            if piece.outside && (symbology == .upca || symbology == .upce) { pieceStyle.fontSize = style.fontSize * 0.75 }
            let block = layoutText(piece.text, style: pieceStyle, wrapWidth: nil, align: .center, span: node.span)
            texts.append((block, (piece.from + piece.to) / 2 * x, block.size.width, piece.outside))
            textHeight = max(textHeight, block.size.height)
        }
        // ITF-14's bearer bars: above and below the bars, abutting them and spanning the
        // quiet zones, and for a frame also beside the quiet zones.
        let bearer = symbology == .itf14 ? settings.bearer : .none
        var bearerWidth = 0.0
        if bearer != .none {
            switch settings.bearerWidth {
            case .modules(let m)?: bearerWidth = m * x
            case .length(let l)?: bearerWidth = l
            case nil: bearerWidth = BarcodeDefaults.bearerModules * x
            }
            if let dpi = settings.printerDPI {
                let dot = 72 / dpi
                bearerWidth = max(1, (bearerWidth / dot).rounded()) * dot
            }
        }
        let side = bearer == .frame ? bearerWidth : 0
        let top = bearer == .none ? 0 : bearerWidth
        // The symbol's left edge in frame coordinates.
        var left = side + quietLeft
        for (_, centre, w, _) in texts { left = max(left, w / 2 - centre) }
        var rightEdge = left + width * x + quietRight + side
        for (_, centre, w, _) in texts { rightEdge = max(rightEdge, left + centre + w / 2) }

        // Under guard-bar layout the digits start just below the normal bars, the guards
        // reach down between them; otherwise the text sits below the bars (and the bottom
        // bearer bar) with a small gap.
        let barsBottom = top + barHeight + top
        let textTop = guardLayout ? barHeight + 0.5 * x : barsBottom + (texts.isEmpty ? 0 : 0.15 * style.fontSize)
        var sink = PathSink()
        sink.addRects(count: rects.count) { i in
            let r = rects[i]
            let h = barHeight + (r.guardBar && guardLayout ? guardDrop : 0)
            return (left + Double(r.x) * x, top, Double(r.width) * x, h)
        }
        if bearer != .none {
            // Four rectangles that do not overlap: the horizontal bars across the whole
            // width, the frame's sides between them.
            let outerLeft = left - quietLeft - side, outerRight = left + width * x + quietRight + side
            _ = sink.addRoundedRect(Rect(x: outerLeft, y: 0, width: outerRight - outerLeft, height: top), radius: 0)
            _ = sink.addRoundedRect(Rect(x: outerLeft, y: top + barHeight, width: outerRight - outerLeft, height: top), radius: 0)
            if bearer == .frame {
                _ = sink.addRoundedRect(Rect(x: outerLeft, y: top, width: side, height: barHeight), radius: 0)
                _ = sink.addRoundedRect(Rect(x: outerRight - side, y: top, width: side, height: barHeight), radius: 0)
            }
        }
        var geometry = BarcodeGeometry(bars: sink.path)
        geometry.symbolOrigin = Point(left, top)
        let textBottom = texts.isEmpty ? max(barsBottom, barHeight + guardDrop) : max(barHeight + guardDrop, textTop + textHeight)
        geometry.background = Rect(x: 0, y: 0, width: rightEdge, height: textBottom)
        for (block, centre, w, _) in texts {
            // Smaller outer digits share the baseline of the others.
            let top = textTop + (textHeight - block.size.height)
            geometry.texts.append((block, Point(left + centre - w / 2, top)))
        }
        return geometry
    }

    private mutating func layoutMatrix(_ symbol: MatrixSymbol, rects: [ModuleRect], node: NodeRef, settings: BarcodeSettings) -> BarcodeGeometry {
        let g = node.geometry
        var quietModules = Double(symbol.quietZone)
        var quietFixed = 0.0
        switch settings.quietZone {
        case .modules(let q)?: quietModules = q
        case .length(let l)?: quietModules = 0; quietFixed = l
        case nil: break
        }
        // `width:`/`height:`/`size:` bound the frame (quiet zone included); the smaller wins.
        var given: Double?
        let across = Double(symbol.width) + 2 * quietModules, down = Double(symbol.height) + 2 * quietModules
        if let w = g.width { given = w }
        if let h = g.height, across > 0, down > 0 {
            let fromHeight = (h - 2 * quietFixed) / down * across + 2 * quietFixed
            given = min(given ?? fromHeight, fromHeight)
        }
        let x = moduleWidth(settings, across: across, fixed: 2 * quietFixed, given: given)
        let quiet = quietFixed > 0 ? quietFixed : quietModules * x
        var sink = PathSink()
        sink.addRects(count: rects.count) { i in
            let r = rects[i]
            return (Double(r.x), Double(r.y), Double(r.width), Double(r.height))
        }
        var geometry = BarcodeGeometry(bars: sink.path)
        geometry.symbolOrigin = Point(quiet, quiet)
        geometry.moduleScale = x
        let frameWidth = Double(symbol.width) * x + 2 * quiet
        var frameHeight = Double(symbol.height) * x + 2 * quiet
        geometry.background = Rect(x: 0, y: 0, width: frameWidth, height: frameHeight)
        if case .custom(let s) = settings.text, !s.isEmpty {
            let style = textStyle(node, size: min(12, max(6, 4 * x)))
            let block = layoutText(s, style: style, wrapWidth: nil, align: .center, span: node.span)
            let left = (frameWidth - block.size.width) / 2
            geometry.texts.append((block, Point(left, frameHeight)))
            frameHeight += block.size.height
            if left < 0 {
                // Text wider than the symbol: move everything right so the frame starts at 0.
                let shift = -left
                geometry.symbolOrigin = Point(geometry.symbolOrigin.x + shift, geometry.symbolOrigin.y)
                geometry.texts[0].1 = Point(0, geometry.texts[0].1.y)
                geometry.background = Rect(x: shift, y: 0, width: frameWidth, height: Double(symbol.height) * x + 2 * quiet)
            }
        }
        return geometry
    }

    /// Background, bars (one path in the text colour), human-readable text.
    mutating func emitBarcode(_ node: NodeRef, box: Box, origin o: Point, into items: inout [Scene.Item]) {
        guard box.side >= 0 else { return }
        let geometry = barcodes[Int(box.side)]
        var shift = o
        if let dot = geometry.dot {
            // The first module on a printer dot of the page (pages start on a dot).
            let start = geometry.symbolOrigin + o
            shift = o + Point((start.x / dot).rounded() * dot - start.x, (start.y / dot).rounded() * dot - start.y)
        }
        let settings = node.geometry.barcode
        if let background = geometry.background, let color = settings?.background {
            var sink = PathSink()
            _ = sink.addRoundedRect(Rect(origin: background.origin + shift, size: background.size), radius: 0)
            items.append(.path(sink.path, Paint(fill: Fill(color: color))))
        }
        if !geometry.bars.isEmpty {
            let paint = Paint(fill: Fill(color: node.style.color))
            if let m = geometry.moduleScale {
                let origin = geometry.symbolOrigin + shift
                let transform = Transform(a: m, b: 0, c: 0, d: m, e: origin.x, f: origin.y)
                items.append(.group(Scene.Group(transform: transform, items: [.path(geometry.bars, paint)], fonts: documentFonts)))
            } else {
                let points = geometry.bars.points.map { $0 + shift }
                items.append(.path(Scene.Path(verbs: geometry.bars.verbs, points: points), paint))
            }
        }
        for (block, at) in geometry.texts {
            appendText(block, at: at + shift, width: block.size.width, into: &items)
        }
    }
}
