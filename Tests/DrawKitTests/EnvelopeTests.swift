// Envelope layouts from `envelope(name)`: the recipient and return address land in the zones
// the postal standards define (USPS Publication 28 for #10, Deutsche Post's zones for the
// ISO sizes), read back from the PDF by pdftotext -bbox and pdfinfo. The zones below are
// written from the standards, not from Envelopes.swift.

import DrawKit
import DrawTestSupport
import Foundation
import Testing

@Suite("Envelopes")
struct EnvelopeTests {
    struct Zone: Sendable, CustomStringConvertible {
        var name: String
        /// Landscape size, points.
        var size: (Double, Double)
        /// The address zone: x0, y0 (from the top), x1, y1.
        var zone: (Double, Double, Double, Double)
        var description: String { name }
    }

    static let mm = 72 / 25.4
    static func din(_ name: String, _ w: Double, _ h: Double) -> Zone {
        // At least 15 mm from the left, right and bottom edges, 40 mm from the top.
        Zone(name: name, size: (w * mm, h * mm), zone: (15 * mm, 40 * mm, (w - 15) * mm, (h - 15) * mm))
    }

    static let envelopes: [Zone] = [
        // USPS OCR read area: ½ in side margins, 5⁄8 in to 2¾ in above the bottom edge.
        Zone(name: "envelope-10", size: (9.5 * 72, 4.125 * 72), zone: (36, (4.125 - 2.75) * 72, 9 * 72, (4.125 - 0.625) * 72)),
        din("dl", 220, 110), din("c6", 162, 114), din("c5", 229, 162), din("b5", 250, 176),
    ]

    @Test("Addresses land in the standard's zones", arguments: envelopes)
    func addressesLandInTheirZones(_ e: Zone) throws {
        guard ExternalTool.require(["pdftotext", "pdfinfo"]) else { return }
        let source = """
        let e = envelope("\(e.name)")
        page size: e.size, margin: 0
        vstack align: leading, spacing: 1pt, at: e.returnAddress, anchor: topLeft {
          text "Sender", fontSize: 9pt
          text "1 Return Road", fontSize: 9pt
        }
        vstack align: leading, spacing: 2pt, at: e.address, anchor: bottomLeft {
          text "Recipient", fontSize: 12pt
          text "22 Delivery Street", fontSize: 12pt
          text "Postcode Town", fontSize: 12pt
        }
        """
        let result = compile(source: source, path: "/mem/e.draw", format: .pdf)
        #expect(result.succeeded, "\(result.report.rendered(as: .text))")
        let folder = try TemporaryFolder()
        try OutputWriter.write(result, to: folder.file("e.pdf"))
        let info = try ExternalTool.run("pdfinfo", [folder.file("e.pdf")]).stdoutText
        let size = info.split(separator: "\n").first { $0.hasPrefix("Page size:") }.map(String.init) ?? ""
        let numbers = size.split(separator: " ").compactMap { Double($0) }
        #expect(numbers.count >= 2 && abs(numbers[0] - e.size.0) < 0.01 && abs(numbers[1] - e.size.1) < 0.01,
                "\(e.name): landscape \(e.size), found \(size)")
        let words = try EnvelopeTests.boxes(folder.file("e.pdf"))
        let recipient = words.filter { ["Recipient", "22", "Delivery", "Street", "Postcode", "Town"].contains($0.text) }
        #expect(recipient.count == 6)
        for word in recipient {
            #expect(word.x0 >= e.zone.0 && word.x1 <= e.zone.2 && word.y0 >= e.zone.1 && word.y1 <= e.zone.3,
                    "\(e.name): '\(word.text)' at \(word) outside the address zone \(e.zone)")
        }
        // The last line sits on the zone's bottom (within a descender), clear of the strip below.
        let last = recipient.filter { $0.text == "Town" }.map(\.y1).max() ?? 0
        #expect(last > e.zone.3 - 6, "\(e.name): last line ends at \(last), zone bottom \(e.zone.3)")
        // The return address is in the upper-left corner: above the address zone, left half.
        for word in words where ["Sender", "1", "Return", "Road"].contains(word.text) {
            #expect(word.y1 <= e.zone.1 && word.x1 < e.size.0 / 2 && word.x0 >= 30, "\(e.name): '\(word.text)' at \(word)")
        }
    }

    struct Box: CustomStringConvertible {
        var text: String, x0: Double, y0: Double, x1: Double, y1: Double
        var description: String { "(\(x0), \(y0))–(\(x1), \(y1))" }
    }

    /// Word boxes of page 1 from `pdftotext -bbox`, in points from the top-left.
    static func boxes(_ pdf: String) throws -> [Box] {
        let html = try ExternalTool.run("pdftotext", ["-bbox", "-f", "1", "-l", "1", pdf, "-"]).stdoutText
        var result: [Box] = []
        for line in html.split(separator: "\n") where line.contains("<word ") {
            func attribute(_ name: String) -> Double {
                guard let range = line.range(of: name + "=\"") else { return .nan }
                let rest = line[range.upperBound...]
                return Double(rest[..<rest.firstIndex(of: "\"")!]) ?? .nan
            }
            guard let close = line.firstIndex(of: ">") else { continue }
            let text = line[line.index(after: close)...].replacingOccurrences(of: "</word>", with: "")
            result.append(Box(text: text, x0: attribute("xMin"), y0: attribute("yMin"), x1: attribute("xMax"), y1: attribute("yMax")))
        }
        return result
    }

    @Test func anUnknownEnvelopeIsADiagnosticAtItsName() {
        let result = compile(source: "let e = envelope(\"d1\")\n", path: "/mem/u.draw", format: .pdf)
        #expect(!result.succeeded)
        let text = result.report.rendered(as: .text)
        #expect(text.contains("sem.unknown-envelope") || text.contains("unknown envelope 'd1'"), "\(text)")
        #expect(text.contains("did you mean 'dl'"), "\(text)")
    }
}
