// Every ```draw example of docs/language.md (kept as Tests/Corpus/ok/lang-*.draw, checked
// equal to the docs by LanguageReferenceTests) compiles in every format without a
// diagnostic, and draws what it describes: no two of its lines of text print over each other
// (the functions example and `for c in [red, green, blue]` once did, issue 13).

import DrawBase
import DrawKit
import DrawScene
import DrawTestSupport
import Foundation
import Testing

@Suite("Language reference examples")
struct LanguageExampleTests {
    static func examples() -> [String] {
        corpusFiles(in: "ok").filter { ($0 as NSString).lastPathComponent.hasPrefix("lang-") }
    }

    @Test func everyExampleIsFound() {
        #expect(Self.examples().count >= 20)
    }

    @Test(arguments: examples(), OutputFormat.allCases)
    func compilesInEveryFormat(_ path: String, format: OutputFormat) throws {
        let source = try #require(FileManager.default.contents(atPath: path))
        let result = compile(source: [UInt8](source), path: path, format: format,
                             options: CompileOptions(png: PNGOptions(dpi: 36)))
        // PostScript's one documented approximation (opacity) is the only diagnostic allowed.
        #expect(result.diagnostics.allSatisfy { $0.id == "ps.approximation" }, "\(result.report.rendered(as: .text))")
        #expect(!result.outputs.isEmpty && result.outputs.allSatisfy { !$0.bytes.isEmpty })
    }

    /// The box of each line of text on the page: the run's advance across, from the ascent
    /// (0.7 em) above the baseline to the descent (0.2 em) below, through the groups' transforms.
    static func textBoxes(_ items: [Scene.Item], _ transform: Transform, into boxes: inout [(text: String, box: Rect)],
                          shapes: inout [Rect]) {
        func box(_ points: [Point]) -> Rect {
            let corners = points.map(transform.apply)
            let xs = corners.map(\.x), ys = corners.map(\.y)
            return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        }
        for item in items {
            switch item {
            case .text(let run):
                let corners = [Point(run.origin.x, run.origin.y - 0.7 * run.size), Point(run.origin.x + run.advance, run.origin.y - 0.7 * run.size),
                               Point(run.origin.x, run.origin.y + 0.2 * run.size), Point(run.origin.x + run.advance, run.origin.y + 0.2 * run.size)]
                boxes.append((run.text, box(corners)))
            case .group(let group):
                textBoxes(group.items, group.transform.then(transform), into: &boxes, shapes: &shapes)
            case .path(let path, let paint):
                // Shapes of one outline (a barcode's bars are many, with digits between guards).
                if paint.fill != nil, path.verbs.filter({ $0 == .move }).count == 1, let r = path.controlBounds, r.width > 0, r.height > 0 {
                    shapes.append(box([r.origin, Point(r.maxX, r.minY), Point(r.minX, r.maxY), Point(r.maxX, r.maxY)]))
                }
            case .image:
                continue
            }
        }
    }

    @Test(arguments: examples())
    func noTextPrintsOverOtherText(_ path: String) throws {
        let source = try #require(FileManager.default.contents(atPath: path))
        let built = buildDocument(source: [UInt8](source), path: path, options: CompileOptions())
        let document = try #require(built.document)
        for (number, page) in document.pages.enumerated() {
            var boxes: [(text: String, box: Rect)] = []
            var shapes: [Rect] = []
            Self.textBoxes(page.items, .identity, into: &boxes, shapes: &shapes)
            // Text over a filled shape is a label inside it, or lies clear of it; text that
            // straddles a shape's edge is drawn over it by mistake.
            for (text, t) in boxes {
                for r in shapes {
                    let w = min(t.maxX, r.maxX) - max(t.minX, r.minX), h = min(t.maxY, r.maxY) - max(t.minY, r.minY)
                    guard w > 0, h > 0 else { continue }
                    let inside = t.minX >= r.minX - 1 && t.maxX <= r.maxX + 1 && t.minY >= r.minY - 1 && t.maxY <= r.maxY + 1
                    #expect(inside || w * h < 0.2 * t.width * t.height,
                            "page \(number + 1): '\(text)' straddles the edge of a filled shape at \(r)")
                }
            }
            for i in boxes.indices {
                for j in boxes.indices where j > i {
                    let a = boxes[i].box, b = boxes[j].box
                    let w = min(a.maxX, b.maxX) - max(a.minX, b.minX), h = min(a.maxY, b.maxY) - max(a.minY, b.minY)
                    guard w > 0, h > 0 else { continue }
                    // Lines of one paragraph touch by a hair; text over text covers much of one.
                    let smaller = min(a.width * a.height, b.width * b.height)
                    #expect(w * h < 0.2 * smaller,
                            "page \(number + 1): '\(boxes[i].text)' and '\(boxes[j].text)' print over each other")
                }
            }
        }
    }
}
