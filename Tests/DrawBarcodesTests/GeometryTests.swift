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
        // Frame: 21 modules + 4 each side, 2pt each (the page adds its margin around it).
        #expect(ir.contains("size \(Int(29 * 2 + 2 * marginOf(ir)))"))
    }

    /// The default page margin, read off the IR (the page is content + margin).
    func marginOf(_ ir: String) -> Double {
        let coordinates = pathCoordinates(ir)
        // The first module of the finder pattern is at margin + quiet zone (4 modules of 2pt).
        return (coordinates.first?.x ?? 0) - 8
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
}
