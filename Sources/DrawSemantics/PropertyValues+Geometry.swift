// Property semantics of geometry, effects and text fitting: one function per role of
// DrawCatalogue's `PropertyRole`, each `switch` exhaustive over its role.

import DrawBarcodes
import DrawBase
import DrawCatalogue
import DrawDiagnostics
import DrawSyntax

extension Evaluation {
    /// `id:`, `at:`, sizes, transforms, spacings of stacks and grids, `fit:` of images.
    func applyGeometry(_ g: GeometryProperty, _ p: PropertyInput) {
        let top = p.top
        switch g {
        case .id:
            let id: String
            switch p.value {
            case .word(let name): id = name
            case .string(let text) where !text.isEmpty: id = text
            default: p.mismatch(); return
            }
            if let old = frames[top].node.id, frames[top].idSpan == nil, ids[old] != nil {
                // A component's node renamed by the call: the call's id replaces the body's.
                ids[old] = nil
            }
            frames[top].node.id = id
            frames[top].idSpan = p.valueSpan
        case .at:
            if case .point(let x, let y) = p.value {
                frames[top].node.geometry.setAt(offset: Point(x, y))
                return
            }
            guard let point = pointValue(p.value) else { p.mismatch(); return }
            noteAnchorReference(point, mustPrecede: true)
            frames[top].node.geometry.at = point
        case .anchor:
            guard let anchor = p.word(anchorNames) else { return }
            frames[top].node.geometry.anchor = anchor
        case .width:
            guard let x = p.nonNegativeLength() else { return }
            frames[top].node.geometry.width = x
        case .height:
            guard let x = p.nonNegativeLength() else { return }
            frames[top].node.geometry.height = x
        case .size:
            switch p.value {
            case .point(let w, let h) where w >= 0 && h >= 0:
                frames[top].node.geometry.width = w
                frames[top].node.geometry.height = h
            default:
                guard let x = p.nonNegativeLength() else { return }
                frames[top].node.geometry.width = x
                frames[top].node.geometry.height = x
            }
        case .padding:
            guard let insets = edgeInsets(p.value) else { p.mismatch(); return }
            frames[top].node.geometry.padding = insets
        case .rotate:
            switch p.value {
            case .angle(let x), .number(let x): frames[top].node.geometry.rotate = x
            default: p.mismatch()
            }
        case .scale:
            switch p.value {
            case .number(let k): frames[top].node.geometry.scale = Point(k, k)
            case .percent(let k): frames[top].node.geometry.scale = Point(k, k)
            case .point(let x, let y): frames[top].node.geometry.scale = Point(x, y)
            default: p.mismatch()
            }
        case .opacity:
            let x: Double
            switch p.value {
            case .number(let v), .percent(let v): x = v
            default: p.mismatch(); return
            }
            guard x >= 0, x <= 1 else {
                report(PropertyMessages.opacityOutOfRange(x, at: p.valueSpan))
                return
            }
            frames[top].node.geometry.opacity = x
        case .clip:
            guard case .bool(let flag) = p.value else { p.mismatch(); return }
            frames[top].node.geometry.clip = flag
        case .corner:
            guard let x = p.nonNegativeLength() else { return }
            frames[top].node.geometry.corner = x
        case .r:
            guard let x = p.nonNegativeLength() else { return }
            frames[top].node.geometry.radius = x
        case .spacing:
            if p.kind == .graph {
                applyGraphSpacing(p)
                return
            }
            guard let x = p.length() else { return }
            frames[top].node.geometry.spacing = x
        case .rowSpacing:
            guard let x = p.length() else { return }
            frames[top].node.geometry.rowSpacing = x
        case .columnSpacing:
            guard let x = p.length() else { return }
            frames[top].node.geometry.columnSpacing = x
        case .columns:
            guard case .number(let x) = p.value, x >= 1, x <= 100_000, x == x.rounded() else {
                if case .number(let x) = p.value {
                    report(PropertyMessages.columnsOutOfRange(x, at: p.valueSpan))
                } else { p.mismatch() }
                return
            }
            frames[top].node.geometry.columns = Int(x)
        case .minLength:
            if p.kind == .connector {
                applyRankSpan(p)
                return
            }
            guard let x = p.nonNegativeLength() else { return }
            frames[top].node.geometry.minLength = x
        case .fit:
            guard let fit = p.word(fitNames) else { return }
            frames[top].node.geometry.fit = fit
        }
    }

    /// `shadow:` and `blend:`.
    func applyEffect(_ g: EffectProperty, _ p: PropertyInput) {
        let top = p.top
        switch g {
        case .shadow:
            guard let shadows = shadowsValue(p.value, span: p.valueSpan, expr: p.expr) else { return }
            frames[top].node.geometry.shadows = shadows
        case .blend:
            guard let mode = p.word(blendNames) else { return }
            frames[top].node.geometry.blend = mode
        }
    }

    /// `maxLines:` and `overflow:` of text in its box.
    func applyTextFit(_ g: TextFitProperty, _ p: PropertyInput) {
        let top = p.top
        switch g {
        case .maxLines:
            guard case .number(let x) = p.value else { p.mismatch(); return }
            guard x >= 1, x == x.rounded(), x <= Double(TextLimits.maxLines) else {
                report(PropertyMessages.maxLinesOutOfRange(p.what, x, at: p.valueSpan))
                return
            }
            frames[top].node.geometry.textFit.maxLines = Int(x)
        case .overflow:
            guard let overflow = p.word(textOverflowNames) else { return }
            frames[top].node.geometry.textFit.overflow = overflow
        }
    }
}
