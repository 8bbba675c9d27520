// Property semantics of `barcode`: its settings, collected in `BarcodeSettings`; the `switch`
// is exhaustive over DrawCatalogue's `BarcodeProperty`.

import DrawBarcodes
import DrawCatalogue

extension Evaluation {
    /// The properties only `barcode` has, collected in its `BarcodeSettings`.
    func applyBarcode(_ g: BarcodeProperty, _ p: PropertyInput) {
        let (property, value, valueSpan, top) = (p.property, p.value, p.valueSpan, p.top)
        var settings = frames[top].node.geometry.barcode ?? BarcodeSettings(request: BarcodeRequest(symbology: .code128))
        func mismatch(names: [String]? = nil) { p.mismatch(names: names) }
        func name() -> String? {
            switch value {
            case .word(let w), .string(let w): return w
            default: return nil
            }
        }
        func wholeNumber(_ range: ClosedRange<Int>) -> Int? {
            guard case .number(let x) = value else { mismatch(); return nil }
            guard x == x.rounded(), x >= Double(range.lowerBound), x <= Double(range.upperBound) else {
                report(BarcodeMessages.wholeNumberOutOfRange(property, range, found: x, at: valueSpan))
                return nil
            }
            return Int(x)
        }
        switch g {
        case .type:
            let names = Symbology.allCases.map(\.name).filter { !$0.contains("-") } + ["gs1", "gs1_128"]
            guard let n = name() else { mismatch(names: names); return }
            let symbology = n == "gs1" || n == "gs1_128" ? Symbology.gs1_128 : Symbology.named(n)
            guard let symbology else {
                if case .word = value { mismatch(names: names) } else {
                    report(BarcodeMessages.unknownType(n, at: valueSpan))
                }
                return
            }
            settings.request.symbology = symbology
            settings.hasType = true
        case .module:
            guard let x = length(value) else { mismatch(); return }
            guard x > 0, x.isFinite else {
                report(BarcodeMessages.moduleNotPositive(x, at: valueSpan))
                return
            }
            settings.module = x
        case .quietZone:
            switch value {
            case .number(let x) where x >= 0 && x.isFinite: settings.quietZone = .modules(x)
            case .length(let x) where x >= 0 && x.isFinite: settings.quietZone = .length(x)
            case .number, .length:
                report(BarcodeMessages.negativeQuietZone(at: valueSpan))
                return
            default: mismatch(); return
            }
        case .text:
            switch value {
            case .bool(let flag): settings.text = flag ? .automatic : .hidden
            case .string(let s): settings.text = .custom(s)
            case .none: settings.text = .hidden
            default: mismatch(); return
            }
        case .errorCorrection:
            guard let n = name(), let level = QRErrorCorrection.named(n) else { mismatch(names: Property.errorCorrection.spec.words); return }
            settings.request.errorCorrection = level
        case .version:
            switch value {
            case .number:
                guard let v = wholeNumber(1...40) else { return }
                settings.request.version = v
            case .string(let s):
                let parts = s.split(separator: "x", omittingEmptySubsequences: false)
                guard parts.count == 2, let rows = Int(parts[0]), let columns = Int(parts[1]) else {
                    report(BarcodeMessages.malformedMatrixSize(s, at: valueSpan))
                    return
                }
                settings.request.dataMatrixSize = MatrixSize(rows: rows, columns: columns)
            default: mismatch(); return
            }
        case .mask:
            guard let m = wholeNumber(0...7) else { return }
            settings.request.mask = m
        case .printerDPI:
            guard case .number(let x) = value else { mismatch(); return }
            guard x >= 50, x <= 10_000 else {
                report(BarcodeMessages.printerDPIOutOfRange(x, at: valueSpan))
                return
            }
            settings.printerDPI = x
        case .background:
            guard let color = colorOrNone(value) else { mismatch(names: NamedColors.names + ["none"]); return }
            settings.background = color
        case .shape:
            guard case .word(let w) = value, let shape = dataMatrixShapeNames[w] else {
                mismatch(names: dataMatrixShapeNames.keys.sorted())
                return
            }
            settings.request.dataMatrixShape = shape
        case .bearer:
            switch value {
            case .word(let w) where bearerNames[w] != nil: settings.bearer = bearerNames[w]!
            case .none: settings.bearer = .none
            default: mismatch(names: bearerNames.keys.sorted()); return
            }
        case .bearerWidth:
            switch value {
            case .number(let x) where x >= 2 && x.isFinite: settings.bearerWidth = .modules(x)
            case .length(let x) where x > 0 && x.isFinite: settings.bearerWidth = .length(x)
            case .number(let x):
                report(BarcodeMessages.bearerBelowTwoModules(x, at: valueSpan))
                return
            case .length:
                report(BarcodeMessages.bearerNotPositive(at: valueSpan))
                return
            default: mismatch(); return
            }
        }
        frames[top].node.geometry.barcode = settings
    }
}
