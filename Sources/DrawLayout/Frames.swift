// Laid-out frames for tools: where each node of the drawing ended up on its page, keyed by
// the span of the statement that made it. The language server shows them on hover; the
// compile path never records them (`recordsFrames` is off there and costs one test a page).

import DrawBase
import DrawCatalogue
import DrawDiagnostics
import DrawFonts
import DrawResources
import DrawScene
import DrawSemantics

/// A node's frame on its page, in page points (top-left origin), after `rotate`/`scale`.
package struct LaidOutFrame: Sendable, Hashable {
    /// The statement (or component call) that made the node.
    package var span: Span
    package var kind: NodeKind
    package var id: String?
    /// Zero-based page index.
    package var page: Int
    package var frame: Rect
    /// The paint the node resolved to (inherited values included).
    package var style: ResolvedStyle
}

/// `layout(_:fonts:resources:)`, also returning every placed node's frame in pre-order.
/// `textCache`: measured texts kept from the layouts before (TextCache.swift), for tools that
/// lay out a document after every edit.
package func layoutRecordingFrames(_ drawing: Drawing, fonts: FontResolver = FontResolver(),
                                   resources: Resources = Resources(),
                                   emitsItems: Bool = true,
                                   textCache: TextMeasureCache? = nil) -> (Scene.Document, [Diagnostic], [LaidOutFrame]) {
    var engine = LayoutEngine(fonts: fonts, resources: resources)
    engine.textCache = textCache
    defer { textCache?.finishLayout() }
    engine.sourcePaths = drawing.sourcePaths
    engine.dataTexts = drawing.dataTexts
    engine.recordsFrames = true
    engine.emitsItems = emitsItems
    var document = Scene.Document()
    for page in drawing.pages {
        document.pages.append(engine.layoutPage(page))
    }
    document.fonts = engine.documentFonts
    document.images = engine.images
    return (document, engine.sink.diagnostics, engine.recordedFrames)
}

extension LayoutEngine {
    /// Boxes are numbered in pre-order of the page's nodes (see `measure`), so a pre-order
    /// walk pairs each node with its box.
    mutating func recordFrames(_ nodes: [Node]) {
        let page = recordedPages
        recordedPages += 1
        var index = 0
        func walk(_ list: [Node]) {
            for node in list {
                guard index < boxes.count else { return }
                let box = boxes[index]
                if box.state == .placed || box.state == .connector {
                    var frame = box.state == .connector
                        ? (box.side >= 0 ? connectors[Int(box.side)].bounds ?? .zero : .zero) : contentFrame(index)
                    frame = Rect(origin: frame.origin + origin, size: frame.size)
                    recordedFrames.append(LaidOutFrame(span: node.span, kind: node.kind, id: node.id, page: page,
                                                       frame: frame, style: node.style))
                }
                index += 1
                walk(node.children)
            }
        }
        walk(nodes)
    }
}
