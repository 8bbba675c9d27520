// Anchors (`box.right`, `anchor: topLeft`) and named page sizes.

/// A named point of a node's frame. Pikchr's `n s e w ne nw se sw` (and `c`) are aliases.
package enum Anchor: UInt8, Hashable, Sendable, CaseIterable {
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
}

/// One anchor's names and doc.
package struct AnchorName: Sendable {
    package let anchor: Anchor
    package let name: String
    /// The compass alias (`n` for `top`).
    package let alias: String
    package let doc: String

    /// Every anchor, in declaration order.
    package static let all: [AnchorName] = Anchor.allCases.map { anchor in
        switch anchor {
        case .center: AnchorName(anchor: anchor, name: "center", alias: "c", doc: "the middle of the frame")
        case .top: AnchorName(anchor: anchor, name: "top", alias: "n", doc: "the middle of the top edge")
        case .bottom: AnchorName(anchor: anchor, name: "bottom", alias: "s", doc: "the middle of the bottom edge")
        case .left: AnchorName(anchor: anchor, name: "left", alias: "w", doc: "the middle of the left edge")
        case .right: AnchorName(anchor: anchor, name: "right", alias: "e", doc: "the middle of the right edge")
        case .topLeft: AnchorName(anchor: anchor, name: "topLeft", alias: "nw", doc: "the top-left corner")
        case .topRight: AnchorName(anchor: anchor, name: "topRight", alias: "ne", doc: "the top-right corner")
        case .bottomLeft: AnchorName(anchor: anchor, name: "bottomLeft", alias: "sw", doc: "the bottom-left corner")
        case .bottomRight: AnchorName(anchor: anchor, name: "bottomRight", alias: "se", doc: "the bottom-right corner")
        }
    }

    /// Anchors by name and alias.
    package static let byName: [String: Anchor] = {
        var table: [String: Anchor] = [:]
        for entry in all { table[entry.name] = entry.anchor; table[entry.alias] = entry.anchor }
        return table
    }()
    /// Names, then aliases: completion and did-you-mean.
    package static let allNames: [String] = all.map(\.name) + all.map(\.alias)
}

extension Anchor {
    package var name: String { AnchorName.all[Int(rawValue)].name }
}

/// A named page size, in points, portrait.
package struct PageSizeName: Sendable {
    package let name: String
    package let width: Double
    package let height: Double
    package let doc: String

    private static func inches(_ name: String, _ w: Double, _ h: Double, _ doc: String) -> PageSizeName {
        PageSizeName(name: name, width: w * 72, height: h * 72, doc: doc)
    }
    private static func mm(_ name: String, _ w: Double, _ h: Double, _ doc: String) -> PageSizeName {
        PageSizeName(name: name, width: w * 72 / 25.4, height: h * 72 / 25.4, doc: doc)
    }

    /// Every named size. Envelopes are portrait (`orientation: landscape` for addressing):
    /// US #10 is 4⅛ × 9½ in (ANSI/USPS commercial sizes); DL, C5, C6 and B5 from ISO 269 / ISO 216.
    package static let all: [PageSizeName] = [
        inches("letter", 8.5, 11, "US Letter, 8½ × 11 in"),
        inches("legal", 8.5, 14, "US Legal, 8½ × 14 in"),
        inches("tabloid", 11, 17, "Tabloid, 11 × 17 in"),
        mm("a3", 297, 420, "ISO A3, 297 × 420 mm"),
        mm("a4", 210, 297, "ISO A4, 210 × 297 mm"),
        mm("a5", 148, 210, "ISO A5, 148 × 210 mm"),
        mm("a6", 105, 148, "ISO A6, 105 × 148 mm"),
        inches("envelope-10", 4.125, 9.5, "US #10 envelope, 4⅛ × 9½ in"),
        mm("dl", 110, 220, "DL envelope, 110 × 220 mm"),
        mm("c5", 162, 229, "C5 envelope, 162 × 229 mm"),
        mm("c6", 114, 162, "C6 envelope, 114 × 162 mm"),
        mm("b5", 176, 250, "ISO B5, 176 × 250 mm"),
    ]

    /// Sizes by (lower-case) name.
    package static let byName: [String: PageSizeName] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })
}
