// Large page content streams, compressed in pieces by drawc's own deflate encoder
// (docs/pdf.md, "Compression of content streams"), read back by independent programs: a page
// that starts with ink strokes (coded with Huffman codes only) and one that starts with
// thousands of shapes (the greedy matcher), each followed by six version-40 QR codes that
// land in later pieces. qpdf checks the file; poppler renders it and zbar must read every QR
// code back to exactly its data; Ghostscript (its own inflate) must draw the compressed page
// pixel for pixel as the uncompressed one.

import DrawKit
import DrawTestSupport
import Foundation
import Testing

@Suite struct LargeStreamCompressionTests {
    /// Six payloads of 4,000 digits (version 40 at level L).
    static let payloads: [String] = (0..<6).map { (k: Int) -> String in
        var digits: [UInt8] = []
        for i in 0..<4000 {
            let digit: Int = (k * 7919 + i * 31 + i * i) % 10
            digits.append(UInt8(48 + digit))
        }
        return String(decoding: digits, as: UTF8.self)
    }

    static func source(_ start: String) throws -> String {
        var lines = ["page size: (620, 1300), margin: 0"]
        if start == "ink" {
            let points = try String(contentsOfFile: packageRoot() + "/Tests/Ink/long-10000.points", encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            lines.append("for k in 0..<5 {\n  group at: (310, 960 + k * 60) {\n    stroke points: \"\(points)\", width: 6, color: navy\n  }\n}")
        } else {
            lines.append("for i in 0..<12000 {\n  rect width: 3, height: 3, fill: rgb(i % 256, floor(i / 256) * 5 % 256, 128), at: (10 + i % 120 * 5, 930 + floor(i / 120) * 3.6)\n}")
        }
        for (k, data) in payloads.enumerated() {
            lines.append("barcode \"\(data)\", type: qr, errorCorrection: L, module: 1.5, at: (\(10 + k % 2 * 300), \(10 + k / 2 * 300)), anchor: topLeft")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test(arguments: ["ink", "shapes"])
    func bigPagesAreReadBackByIndependentPrograms(_ start: String) throws {
        let source = try Self.source(start)
        let packed = compile(source: source, path: "big-\(start).draw", format: .pdf)
        try #require(packed.succeeded, "\(packed.report.rendered(as: .text))")
        let plain = compile(source: source, path: "big-\(start).draw", format: .pdf, options: CompileOptions(compressPDF: false))
        try #require(plain.succeeded)
        // Several pieces of 256 KiB, and compressing pays.
        #expect(plain.outputs[0].bytes.count > 3 * (256 << 10), "\(plain.outputs[0].bytes.count) bytes is not several pieces")
        #expect(packed.outputs[0].bytes.count < plain.outputs[0].bytes.count / 2)

        let folder = try TemporaryFolder(prefix: "big-\(start)")
        FileManager.default.createFile(atPath: folder.file("packed.pdf"), contents: Data(packed.outputs[0].bytes))
        FileManager.default.createFile(atPath: folder.file("plain.pdf"), contents: Data(plain.outputs[0].bytes))
        guard ExternalTool.require(["qpdf", "pdftoppm", "zbarimg", "gs"]) else { return }
        let check = try ExternalTool.run("qpdf", ["--check", folder.file("packed.pdf")])
        #expect(check.status == 0 && !check.stdoutText.contains("WARNING"), "qpdf: \(check.stdoutText) \(check.stderrText)")

        // zbar reads the six QR codes of the later pieces from poppler's rendering.
        let poppler = try ExternalTool.run("pdftoppm", ["-r", "150", "-gray", "-png", "-singlefile", folder.file("packed.pdf"), folder.file("page")])
        #expect(poppler.succeeded, "pdftoppm: \(poppler.stderrText)")
        let zbar = try ExternalTool.run("zbarimg", ["-q", folder.file("page.png")], timeout: 300)
        let decoded = zbar.stdoutText.split(separator: "\n").filter { $0.hasPrefix("QR-Code:") }.map { String($0.dropFirst(8)) }
        #expect(decoded.sorted() == Self.payloads.sorted(), "zbar read \(decoded.count) of 6 QR codes")

        // Ghostscript inflates on its own: the same pixels compressed and not.
        func ghostscript(_ name: String) throws -> [UInt8] {
            let run = try ExternalTool.run("gs", ["-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=ppmraw", "-r36",
                                                  "-sOutputFile=\(folder.file(name + ".ppm"))", folder.file(name + ".pdf")], timeout: 300)
            #expect(run.succeeded, "gs: \(run.stderrText)")
            return [UInt8](FileManager.default.contents(atPath: folder.file(name + ".ppm")) ?? Data())
        }
        let a = try ghostscript("packed"), b = try ghostscript("plain")
        #expect(!a.isEmpty && a == b, "Ghostscript draws the compressed page differently")
    }
}
