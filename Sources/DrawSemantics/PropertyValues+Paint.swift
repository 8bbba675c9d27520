// Property semantics of the inherited properties — paint and text — and their propagation to
// children: each `switch` exhaustive over its role of DrawCatalogue's `PropertyRole`.

import DrawBarcodes
import DrawCatalogue
import DrawDiagnostics
import DrawSyntax

extension Evaluation {
    /// The paint of lines and shapes (inherited).
    func applyPaint(_ g: PaintProperty, _ p: PropertyInput) {
        let top = p.top
        switch g {
        case .fill where { if case .grid = p.kind { true } else { false } }():
            if case .bool(let flag) = p.value { frames[top].node.geometry.stretchCells = flag; return }
            fallthrough
        case .fill, .stroke:
            if case .paint(let spec) = p.value {
                if case .stroke = g, spec.isPattern {
                    report(PropertyMessages.patternStroke(at: p.valueSpan))
                    return
                }
                // `if case`, not `==` across the module boundary (see `applyProperty`).
                let isFill = { if case .fill = g { true } else { false } }()
                setInherited(p.property, top) {
                    if isFill { $0.fill = spec.representativeColor; $0.fillPaint = spec }
                    else { $0.stroke = spec.representativeColor; $0.strokePaint = spec }
                }
                return
            }
            guard let color = colorOrNone(p.value) else { p.mismatch(names: NamedColors.names + ["none"]); return }
            let isFill = { if case .fill = g { true } else { false } }()
            setInherited(p.property, top) {
                if isFill { $0.fill = color; $0.clearFillPaint() } else { $0.stroke = color; $0.clearStrokePaint() }
            }
        case .lineWidth:
            guard let x = p.nonNegativeLength() else { return }
            setInherited(p.property, top) { $0.lineWidth = x }
        case .lineCap:
            guard let cap = p.word(lineCapNames) else { return }
            setInherited(p.property, top) { $0.lineCap = cap }
        case .lineJoin:
            guard let join = p.word(lineJoinNames) else { return }
            setInherited(p.property, top) { $0.lineJoin = join }
        case .miterLimit:
            guard case .number(let x) = p.value else { p.mismatch(); return }
            guard x >= 1 else {
                report(PropertyMessages.miterLimitBelowOne(x, at: p.valueSpan))
                return
            }
            setInherited(p.property, top) { $0.miterLimit = x }
        case .dash:
            var dashes: [Double] = []
            switch p.value {
            case .none: break
            case .list(let items):
                for item in items {
                    guard let x = length(item), x >= 0 else { p.mismatch(); return }
                    dashes.append(x)
                }
            default:
                guard let x = length(p.value), x >= 0 else { p.mismatch(); return }
                dashes = [x]
            }
            if !dashes.isEmpty && dashes.allSatisfy({ $0 == 0 }) {
                report(PropertyMessages.dashAllZero(at: p.valueSpan))
                return
            }
            setInherited(p.property, top) { $0.dash = dashes }
        case .dashOffset:
            guard let x = length(p.value) else { p.mismatch(); return }
            setInherited(p.property, top) { $0.dashOffset = x }
        case .fillRule:
            guard let rule = p.word(fillRuleNames) else { return }
            setInherited(p.property, top) { $0.fillRule = rule }
        }
    }

    /// Text settings (inherited).
    func applyText(_ g: TextProperty, _ p: PropertyInput) {
        let top = p.top
        switch g {
        case .color:
            guard case .some(.some(let color)) = colorOrNone(p.value) else { p.mismatch(names: NamedColors.names); return }
            setInherited(p.property, top) { $0.color = color }
        case .font:
            var fonts: [String] = []
            switch p.value {
            case .string(let name): fonts = [fontReference(name, p.valueSpan)]
            case .list(let items):
                for item in items {
                    guard case .string(let name) = item else { p.mismatch(); return }
                    fonts.append(fontReference(name, p.valueSpan))
                }
                if fonts.isEmpty { p.mismatch(); return }
            default: p.mismatch(); return
            }
            setInherited(p.property, top) {
                $0.fonts = fonts
                $0.fontsSpan = p.valueSpan
            }
        case .fontSize:
            guard let x = p.nonNegativeLength() else { return }
            guard x > 0 else {
                report(PropertyMessages.fontSizeZero(at: p.valueSpan))
                return
            }
            setInherited(p.property, top) { $0.fontSize = x }
        case .bold, .italic:
            guard case .bool(let flag) = p.value else { p.mismatch(); return }
            setInherited(p.property, top) { g == .bold ? ($0.bold = flag) : ($0.italic = flag) }
        case .align:
            if p.kind.alignsChildren {
                guard let alignment = p.word(alignmentNames) else { return }
                frames[top].node.geometry.align = alignment
            } else {
                guard let align = p.word(textAlignNames) else { return }
                setInherited(p.property, top) { $0.textAlign = align }
            }
        case .lineHeight:
            let height: LineHeight
            switch p.value {
            case .number(let x), .percent(let x): height = .multiple(x)
            case .length(let x): height = .absolute(x)
            default: p.mismatch(); return
            }
            setInherited(p.property, top) { $0.lineHeight = height }
        case .underline:
            guard let flag = p.bool() else { return }
            setInherited(p.property, top) { $0.typography.underline = flag }
        case .strikethrough:
            guard let flag = p.bool() else { return }
            setInherited(p.property, top) { $0.typography.strikethrough = flag }
        case .smallCaps:
            guard let flag = p.bool() else { return }
            setInherited(p.property, top) { $0.typography.smallCaps = flag }
        case .hyphenate:
            guard let flag = p.bool() else { return }
            setInherited(p.property, top) { $0.typography.hyphenate = flag }
        case .markup:
            guard let flag = p.bool() else { return }
            setInherited(p.property, top) { $0.typography.markup = flag }
        case .letterSpacing, .wordSpacing:
            guard let x = length(p.value), x.isFinite else { p.mismatch(); return }
            guard abs(x) <= TextLimits.maxSpacing else {
                report(PropertyMessages.spacingOutOfRange(p.what, x, at: p.valueSpan))
                return
            }
            setInherited(p.property, top) {
                if g == .letterSpacing { $0.typography.letterSpacing = x } else { $0.typography.wordSpacing = x }
            }
        case .textDirection:
            guard let direction = p.word(textDirectionNames) else { return }
            setInherited(p.property, top) { $0.typography.textDirection = direction }
        case .textTransform:
            guard let transform = p.word(textTransformNames) else { return }
            setInherited(p.property, top) { $0.typography.textTransform = transform }
        case .baselineShift:
            var points = 0.0, em = 0.0
            switch p.value {
            case .number(let x), .length(let x): points = x
            case .percent(let x): em = x
            case .word(let w) where BaselineShiftWord(rawValue: w) != nil:
                switch BaselineShiftWord(rawValue: w)! {
                case .super: em = Typography.superscriptShift
                case .sub: em = Typography.subscriptShift
                case .baseline: break
                }
            default: p.mismatch(names: BaselineShiftWord.words.sorted()); return
            }
            guard points.isFinite, em.isFinite, abs(points) <= TextLimits.maxSpacing, abs(em) <= 10 else {
                report(PropertyMessages.outOfRange(p.what, at: p.valueSpan))
                return
            }
            setInherited(p.property, top) { $0.typography.baselineShift = points; $0.typography.baselineShiftEm = em }
        case .tabStops:
            var stops: [Double] = []
            switch p.value {
            case .number(let x), .length(let x): stops = [x]
            case .list(let items):
                for item in items {
                    guard let x = length(item) else { p.mismatch(); return }
                    stops.append(x)
                }
            default: p.mismatch(); return
            }
            guard !stops.isEmpty, stops.count <= TextLimits.maxTabStops else {
                report(PropertyMessages.tabStopCount(p.what, stops.count, at: p.valueSpan))
                return
            }
            for (i, x) in stops.enumerated() where !(x > 0 && x.isFinite) || (i > 0 && x <= stops[i - 1]) {
                report(PropertyMessages.tabStopsNotIncreasing(p.what, x, after: i > 0 ? stops[i - 1] : nil, at: p.valueSpan))
                return
            }
            setInherited(p.property, top) { $0.typography.tabStops = stops }
        case .features:
            var settings: [String] = []
            switch p.value {
            case .string(let s): settings = [s]
            case .list(let items):
                for item in items {
                    guard case .string(let s) = item else { p.mismatch(); return }
                    settings.append(s)
                }
            default: p.mismatch(); return
            }
            for s in settings where !Typography.isFeatureSetting(s) {
                report(PropertyMessages.notAFeatureSetting(p.what, s, at: p.valueSpan))
                return
            }
            guard settings.count <= TextLimits.maxFeatures else {
                report(PropertyMessages.tooManyFeatures(p.what, settings.count, at: p.valueSpan))
                return
            }
            setInherited(p.property, top) { $0.typography.features = settings }
        }
    }

    /// Copies an inherited paint property.
    static func copyPaint(_ g: PaintProperty, from source: ResolvedStyle, to target: inout ResolvedStyle) {
        switch g {
        case .fill:
            target.fill = source.fill
            target.fillPaint = source.fillPaint
        case .stroke:
            target.stroke = source.stroke
            target.strokePaint = source.strokePaint
        case .lineWidth: target.lineWidth = source.lineWidth
        case .lineCap: target.lineCap = source.lineCap
        case .lineJoin: target.lineJoin = source.lineJoin
        case .miterLimit: target.miterLimit = source.miterLimit
        case .dash: target.dash = source.dash
        case .dashOffset: target.dashOffset = source.dashOffset
        case .fillRule: target.fillRule = source.fillRule
        }
    }

    /// Copies an inherited text setting.
    static func copyText(_ g: TextProperty, from source: ResolvedStyle, to target: inout ResolvedStyle) {
        switch g {
        case .font:
            target.fonts = source.fonts
            target.fontsSpan = source.fontsSpan
        case .fontSize: target.fontSize = source.fontSize
        case .bold: target.bold = source.bold
        case .italic: target.italic = source.italic
        case .color: target.color = source.color
        case .align: target.textAlign = source.textAlign
        case .lineHeight: target.lineHeight = source.lineHeight
        case .underline: target.typography.underline = source.typography.underline
        case .strikethrough: target.typography.strikethrough = source.typography.strikethrough
        case .letterSpacing: target.typography.letterSpacing = source.typography.letterSpacing
        case .wordSpacing: target.typography.wordSpacing = source.typography.wordSpacing
        case .textTransform: target.typography.textTransform = source.typography.textTransform
        case .smallCaps: target.typography.smallCaps = source.typography.smallCaps
        case .baselineShift:
            target.typography.baselineShift = source.typography.baselineShift
            target.typography.baselineShiftEm = source.typography.baselineShiftEm
        case .hyphenate: target.typography.hyphenate = source.typography.hyphenate
        case .markup: target.typography.markup = source.typography.markup
        case .textDirection: target.typography.textDirection = source.typography.textDirection
        case .tabStops: target.typography.tabStops = source.typography.tabStops
        case .features: target.typography.features = source.typography.features
        }
    }
}
