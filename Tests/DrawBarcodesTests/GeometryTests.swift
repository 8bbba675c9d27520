// What layout makes of a symbol: one path per symbol, bars on the module grid (and on the
// printer's dots with printerDPI), the frame = symbol + quiet zone + text.

import DrawKit
import Foundation
import Testing
@testable import DrawBarcodes

/// The IR text of a drawing (fails the test on diagnostics).
func irText(_ source: String) -> String {
    let result = dumpIR(source: source, path: "geometry.draw")
    #expect(!result.hasErrors, "\(result.report.rendered(as: .text))")
    return result.text ?? ""
}

/// The numbers on the lines of the IR's first path.
func pathCoordinates(_ ir: String) -> [(x: Double, y: Double)] {
    var points: [(Double, Double)] = []
    var inPath = false
    for line in ir.split(separator: "\n") {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("path fill") { if inPath { break }; inPath = true; continue }
        guard inPath, trimmed.hasPrefix("M ") else { if inPath && !trimmed.hasPrefix("M ") && !points.isEmpty { break }; continue }
        let numbers = trimmed.split(separator: " ").compactMap { Double($0) }
        for i in stride(from: 0, to: numbers.count - 1, by: 2) { points.append((numbers[i], numbers[i + 1])) }
    }
    return points
}

@Suite struct BarcodeGeometryTests {
    @Test func oneFilledPathPerSymbolWithMergedRectangles() throws {
        let ir = irText("barcode \"HELLO\", type: qr, module: 2pt\n")
        #expect(ir.components(separatedBy: "path fill").count - 1 == 1)
        guard case .matrix(let m) = try symbol("HELLO", .qr) else { return }
        let subpaths = ir.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("M ") }.count
        #expect(subpaths == Symbol.matrix(m).rectangles.count)
        // The path is in modules (whole numbers from 0 to 21), in a group scaled by the
        // module from the first module's corner.
        let points = pathCoordinates(ir)
        #expect(points.allSatisfy { $0.x == $0.x.rounded() && $0.y == $0.y.rounded() && $0.x >= 0 && $0.x <= 21 && $0.y <= 21 })
        // The finder patterns reach three corners; the bottom-right module may be light.
        #expect(points.contains { $0.x == 0 && $0.y == 0 } && points.map(\.x).max() == 21 && points.map(\.y).max() == 21)
        let margin = marginOf(ir)
        #expect(ir.contains("group transform [2 0 0 2 \(formatted(margin + 8)) \(formatted(margin + 8))]"), "\(ir.prefix(300))")
        // Frame: 21 modules + 4 each side, 2pt each (the page adds its margin around it).
        #expect(margin > 0)
    }

    func formatted(_ x: Double) -> String { x == x.rounded() ? String(Int(x)) : String(x) }

    /// The default page margin, read off the IR (the page is content + margin).
    func marginOf(_ ir: String) -> Double {
        // "page 1 size W H": the frame is 58pt square.
        guard let line = ir.split(separator: "\n").first(where: { $0.hasPrefix("page") }) else { return 0 }
        let words = line.split(separator: " ")
        guard let i = words.firstIndex(of: "size"), i + 1 < words.count, let w = Double(words[i + 1]) else { return 0 }
        return (w - 58) / 2
    }

    @Test func barsSitOnTheModuleGrid() {
        let ir = irText("barcode \"Code 128\", type: code128, module: 0.5pt, text: false\n")
        let xs = pathCoordinates(ir).map(\.x)
        let origin = xs.min() ?? 0
        for x in xs { #expect(abs(((x - origin) / 0.5).rounded() * 0.5 - (x - origin)) < 1e-3, "\(x)") }
    }

    @Test func printerDPISnapsModulesToDots() {
        // 0.3mm is 2.39 dots at 203 dpi: rounded to 2 dots; every edge lands on a dot of the page.
        let ir = irText("page size: (3in, 1in), margin: 0.13in\nbarcode \"SNAP 42\", type: code128, module: 0.3mm, printerDPI: 203, at: (1in, 0.4in)\n")
        let dot = 72.0 / 203
        let xs = pathCoordinates(ir).map(\.x)
        #expect(!xs.isEmpty)
        for x in xs { #expect(abs((x / dot).rounded() * dot - x) < 1e-3, "\(x) is not on a 203 dpi dot") }
        let widths = Set(zip(xs, xs.dropFirst()).map { (($1 - $0) / dot).rounded() }.filter { $0 > 0 })
        // Every distance between edges is a whole number of 2-dot modules.
        #expect(widths.allSatisfy { Int($0) % 2 == 0 }, "\(widths.sorted())")
    }

    @Test func eanGuardBarsReachBelowTheOthers() {
        let ir = irText("barcode \"590123412345\", type: ean13, module: 1pt, height: 60pt\n")
        let ys = Set(pathCoordinates(ir).map(\.y))
        // Tops at one y; bottoms at bar height and 5 modules lower for the guards.
        #expect(ys.count == 3)
        let sorted = ys.sorted()
        #expect(abs(sorted[1] - sorted[0] - 60) < 1e-3 && abs(sorted[2] - sorted[1] - 5) < 1e-3)
    }

    /// The subpaths (rectangles) of the IR's first path, as (minX, minY, maxX, maxY).
    func rectangles(_ ir: String) -> [(Double, Double, Double, Double)] {
        var result: [(Double, Double, Double, Double)] = []
        var inPath = false
        for line in ir.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("path fill") { if inPath { break }; inPath = true; continue }
            guard inPath else { continue }
            guard trimmed.hasPrefix("M ") else { if !result.isEmpty { break }; continue }
            let n = trimmed.split(separator: " ").compactMap { Double($0) }
            let xs = stride(from: 0, to: n.count - 1, by: 2).map { n[$0] }, ys = stride(from: 1, to: n.count, by: 2).map { n[$0] }
            result.append((xs.min()!, ys.min()!, xs.max()!, ys.max()!))
        }
        return result
    }

    @Test func itf14BearerFrameSurroundsSymbolAndQuietZones() throws {
        guard case .linear(let s) = try symbol("1540014128876", .itf14) else { return }
        let bars = s.elements.count / 2 + 1
        // Default: a frame of 5 modules round the bars and the 10-module quiet zones.
        let frame = rectangles(irText("barcode \"1540014128876\", type: itf14, module: 1pt, height: 40pt, text: false\n"))
        #expect(frame.count == bars + 4)
        let minX = frame.map(\.0).min()!, minY = frame.map(\.1).min()!, maxX = frame.map(\.2).max()!, maxY = frame.map(\.3).max()!
        #expect(abs(maxX - minX - Double(s.width + 20 + 10)) < 1e-6)
        #expect(abs(maxY - minY - 50) < 1e-6)
        // The top and bottom bearers abut the bars; the first bar starts after bearer and quiet zone.
        let barRects = frame.filter { $0.3 - $0.1 == 40 }
        #expect(barRects.count == bars + 2)  // the bars and the frame's sides
        let firstBar = barRects.map(\.0).sorted()[1]
        #expect(abs(firstBar - minX - 15) < 1e-6)
        #expect(barRects.allSatisfy { abs($0.1 - minY - 5) < 1e-6 })

        // Bars above and below only, across the quiet zones, 3 modules thick.
        let top = rectangles(irText("barcode \"1540014128876\", type: itf14, module: 1pt, height: 40pt, text: false, bearer: bars, bearerWidth: 3\n"))
        #expect(top.count == bars + 2)
        #expect(abs(top.map(\.2).max()! - top.map(\.0).min()! - Double(s.width + 20)) < 1e-6)
        #expect(abs(top.map(\.3).max()! - top.map(\.1).min()! - 46) < 1e-6)

        // None: the bars alone.
        #expect(rectangles(irText("barcode \"1540014128876\", type: itf14, module: 1pt, text: false, bearer: none\n")).count == bars)
        // Other symbologies have no bearer bars.
        guard case .linear(let c) = try symbol("ITF", .code128) else { return }
        #expect(rectangles(irText("barcode \"ITF\", type: code128, module: 1pt, bearer: frame\n")).count == c.elements.count / 2 + 1)
    }

    @Test func itf14BearerWidthSnapsToPrinterDots() {
        let dot = 72.0 / 203
        let r = rectangles(irText("page size: (6in, 2in), margin: 0.1in\nbarcode \"1540014128876\", type: itf14, module: 0.5mm, bearerWidth: 1.1mm, printerDPI: 203\n"))
        let xs = r.flatMap { [$0.0, $0.2] }
        for x in xs { #expect(abs((x / dot).rounded() * dot - x) < 1e-3, "\(x) is not on a 203 dpi dot") }
        // 1.1 mm is 8.8 dots: 9 dots.
        let topBar = r.max { ($0.2 - $0.0) < ($1.2 - $1.0) }!
        #expect(abs((topBar.3 - topBar.1) / dot - 9) < 1e-3)
    }
}
