// Envelopes: `envelope("dl")` gives the addressed (landscape) size of an envelope and where
// its recipient and return-address blocks go, per the postal standard of its size family.
//
//   let e = envelope("dl")
//   page size: e.size, margin: 0
//   vstack align: leading, at: e.returnAddress, anchor: topLeft { … }
//   vstack align: leading, at: e.address, anchor: bottomLeft { … }

import DrawBase
import DrawDiagnostics
import DrawSyntax

/// Where things go on an addressed envelope, in points from its top-left corner (landscape).
struct EnvelopeLayout: Hashable, Sendable {
    var size: Size
    /// The area the recipient block must stay inside (the postal service's reading zone).
    var addressArea: Rect
    /// Where the recipient block's bottom-left corner goes: the block grows upward from the
    /// bottom of the reading zone (so its last line, the town and postcode, stays above the
    /// barcode/coding strip), starting at 40 % of the width (drawc's choice inside the zone).
    var address: Point
    /// Where the return-address block's top-left corner goes.
    var returnAddress: Point

    static let addressStartShare = 0.4

    /// US #10 (USPS Publication 28, appendix A1; DMM 202): the OCR read area runs from 5⁄8 in
    /// to 2¾ in above the bottom edge with ½ in margins on each side; the barcode clear zone is
    /// the bottom 5⁄8 in (4¾ in from the right edge). The return address goes in the upper
    /// left corner: here ½ in from the left and top edges (the read area's side margin).
    static func usps(_ size: Size) -> EnvelopeLayout {
        let inch = 72.0
        let area = Rect(x: inch / 2, y: size.height - 2.75 * inch, width: size.width - inch, height: (2.75 - 0.625) * inch)
        return EnvelopeLayout(size: size, addressArea: area,
                              address: Point(x: max(area.minX, size.width * addressStartShare), y: area.maxY),
                              returnAddress: Point(x: inch / 2, y: inch / 2))
    }

    /// ISO 269 sizes (DL, C5, C6, B5) as Deutsche Post reads them (its "Anschriftzone", the
    /// rules DIN 5008 letters are written for): the address at least 15 mm from the left,
    /// right and bottom edges and 40 mm from the top edge (the top 40 mm hold the sender on
    /// the left and the 74 × 40 mm franking zone on the right; the bottom 15 mm are the
    /// coding strip). The return address sits in the sender zone, 15 mm from the left and
    /// 10 mm from the top (drawc's choice inside the zone).
    static func din(_ size: Size) -> EnvelopeLayout {
        let mm = 72 / 25.4
        let area = Rect(x: 15 * mm, y: 40 * mm, width: size.width - 30 * mm, height: size.height - 55 * mm)
        return EnvelopeLayout(size: size, addressArea: area,
                              address: Point(x: max(area.minX, size.width * addressStartShare), y: area.maxY),
                              returnAddress: Point(x: 15 * mm, y: 10 * mm))
    }

    /// The envelopes by page-size name, addressed landscape.
    static let byName: [String: EnvelopeLayout] = {
        func landscape(_ name: String) -> Size {
            let s = pageSizeNames[name]!
            return Size(max(s.width, s.height), min(s.width, s.height))
        }
        return [
            "envelope-10": usps(landscape("envelope-10")),
            "dl": din(landscape("dl")), "c5": din(landscape("c5")), "c6": din(landscape("c6")), "b5": din(landscape("b5")),
        ]
    }()

    /// The record `envelope(…)` returns.
    var value: Value {
        .record(RecordKeys(["size", "address", "returnAddress", "addressArea", "addressAreaSize"]), [
            .point(size.width, size.height), .point(address.x, address.y), .point(returnAddress.x, returnAddress.y),
            .point(addressArea.minX, addressArea.minY), .point(addressArea.width, addressArea.height),
        ])
    }
}

extension Evaluation {
    /// `envelope(name)`: the layout record of a named envelope, or a diagnostic at the name.
    func envelopeRecord(_ name: Value, span: Span) -> Value? {
        let text: String
        switch name {
        case .string(let s), .word(let s): text = s
        default:
            report(EvalMessages.envelopeNotAName(found: name.typeName, names: Self.envelopeNames, at: span))
            return nil
        }
        if let layout = EnvelopeLayout.byName[text.lowercased()] { return layout.value }
        let (notes, fixIts) = didYouMean(text, among: Self.envelopeNames, span: span)
        report(EvalMessages.unknownEnvelope(text, names: Self.envelopeNames, notes: notes, fixIts: fixIts, at: span))
        return nil
    }

    static let envelopeNames = ["envelope-10", "dl", "c6", "c5", "b5"]
}
