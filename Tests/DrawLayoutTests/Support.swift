// Helpers for building node trees by hand and comparing IR dumps with golden files.

import DrawBase
import DrawCatalogue
import DrawDiagnostics
import DrawFonts
import DrawKit
import DrawScene
import DrawSemantics
import DrawSyntax
import DrawTestSupport
@testable import DrawLayout
import Testing
#if canImport(Foundation)
import Foundation
#endif

let testFile = FileID(0)

func span(_ start: Int, _ end: Int) -> Span { Span(file: testFile, start: UInt32(start), end: UInt32(end)) }

func node(_ kind: NodeKind, _ content: String? = nil, id: String? = nil, _ configure: (inout Node) -> Void = { _ in }) -> Node {
    var n = Node(kind: kind, span: span(0, 1), style: .initial)
    n.content = content
    n.id = id
    configure(&n)
    return n
}

func rect(_ w: Double, _ h: Double, id: String? = nil, at: Point? = nil, _ configure: (inout Node) -> Void = { _ in }) -> Node {
    node(.rect, id: id) { n in
        n.geometry.width = w; n.geometry.height = h
        if let at { n.geometry.at = PointValue(at) }
        configure(&n)
    }
}

func drawing(_ nodes: [Node], size: Size? = nil, margin: Double = 0, background: Color? = nil) -> Drawing {
    Drawing(pages: [PageNode(settings: PageSettings(size: size, margin: EdgeInsets(all: margin), background: background, span: .unknown), nodes: nodes)],
            hasPageBlocks: false)
}

/// Lays out and returns the first page's items and the diagnostics.
func layoutPage(_ nodes: [Node], size: Size? = Size(200, 200), margin: Double = 0) -> (Scene.Page, [Diagnostic], Scene.Document) {
    let (document, diagnostics) = layout(drawing(nodes, size: size, margin: margin))
    return (document.pages[0], diagnostics, document)
}

/// The paths of a list of items, groups flattened.
func paths(_ items: [Scene.Item]) -> [(Scene.Path, Paint)] {
    var result: [(Scene.Path, Paint)] = []
    for item in items {
        switch item {
        case .path(let p, let paint): result.append((p, paint))
        case .group(let g): result.append(contentsOf: paths(g.items))
        default: break
        }
    }
    return result
}

func texts(_ items: [Scene.Item]) -> [Scene.TextRun] {
    var result: [Scene.TextRun] = []
    for item in items {
        switch item {
        case .text(let t): result.append(t)
        case .group(let g): result.append(contentsOf: texts(g.items))
        default: break
        }
    }
    return result
}

func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }
func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-6) -> Bool { close(a.x, b.x, tolerance) && close(a.y, b.y, tolerance) }

/// Compares `actual` with Golden/<name>.ir (DrawTestSupport's `GoldenFiles`).
func expectGolden(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    GoldenFiles.expect(actual, matches: directory.appendingPathComponent(name + ".ir").path, sourceLocation: sourceLocation)
}

/// Parses, evaluates and lays out `.draw` source (DrawKit's `StageDriver`, every stage run
/// even after errors, so a test sees all of them); returns the IR dump and all diagnostics.
/// `path` (absolute) lets imports and font files resolve relative to the drawing.
func compile(_ source: String, path: String? = nil) -> (ir: String, diagnostics: [Diagnostic], document: Scene.Document) {
    let loader: (String) -> [UInt8]? = { FileManager.default.contents(atPath: $0).map { Array($0) } }
    let directory = path.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
    let fontsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fonts").path
    let library = FontLibrary(searchDirectories: [fontsDirectory] + (directory.map { [$0] } ?? []), baseDirectory: directory)
    let driver = StageDriver(source: Array(source.utf8), path: path ?? "test.draw", loadFile: loader, fonts: FontResolver(library: library))
    driver.layOut()
    let document = driver.document!
    return (dumpIR(document), driver.diagnostics, document)
}

/// The diagnostics as `line:column: id: message` lines, for readable expectations.
func describe(_ diagnostics: [Diagnostic], in source: String) -> [String] {
    let file = SourceFile(id: FileID(0), path: "test.draw", text: source)
    return diagnostics.map { d in
        if d.span.isUnknown { return "\(d.id): \(d.message)" }
        let (line, column) = file.location(of: d.span.start)
        return "\(line):\(column): \(d.id): \(d.message)"
    }
}
