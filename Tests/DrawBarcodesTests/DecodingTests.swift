// Every symbology, drawn by the whole compiler and rendered from PDF (pdftoppm), SVG
// (rsvg-convert), PostScript (Ghostscript) and PNG (drawc's own rasterizer), is read back by two independent decoders —
// ZXing-C++ and zbar — and must give exactly its data. At least 50 payloads per symbology,
// many symbols per page, one Python process and one zbarimg run per format.
// zbar has no Data Matrix reader: Data Matrix is checked with ZXing-C++ only.

import DrawKit
import DrawTestSupport
import Foundation
import Testing
@testable import DrawBarcodes

/// One symbol to draw and the texts each decoder may report for it.
struct DecodingCase {
    var symbology: Symbology
    var data: String
    /// Extra properties written after `type:`.
    var properties: String = ""
    var zxing: [String]
    /// nil: zbar cannot read the symbology.
    var zbar: [String]?
    /// How the drawing writes the data when not as a string literal: a number literal or a
    /// field of `DecodingCorpus.dataFile` (issue 33: numbers keep their digits).
    var expression: String? = nil
}

enum DecodingCorpus {
    /// Deterministic digits (a linear congruential sequence), so the corpus is the same on every run.
    static func digits(_ count: Int, seed: Int) -> String {
        var x = UInt64(seed) &* 6364136223846793005 &+ 1442695040888963407
        var s = ""
        for _ in 0..<count {
            x = x &* 6364136223846793005 &+ 1442695040888963407
            s.append(Character(Unicode.Scalar(UInt8(48 + (x >> 33) % 10))))
        }
        return s
    }

    static func withCheck(_ data: String) -> String {
        data + String(gs1CheckDigit(data.utf8.map { $0 - 48 }))
    }

    static var cases: [DecodingCase] {
        var result: [DecodingCase] = []
        // EAN-13: every leading digit (so every parity pattern), with and without the check digit.
        for i in 0..<50 {
            let body = String(i % 10) + digits(11, seed: i)
            let full = withCheck(body)
            result.append(DecodingCase(symbology: .ean13, data: i % 2 == 0 ? body : full, zxing: [full], zbar: [full]))
        }
        for i in 0..<50 {
            let full = withCheck(digits(7, seed: 100 + i))
            result.append(DecodingCase(symbology: .ean8, data: i % 3 == 0 ? full : String(full.dropLast()), zxing: [full], zbar: [full]))
        }
        for i in 0..<50 {
            let full = withCheck(String(i % 10) + digits(10, seed: 200 + i))
            result.append(DecodingCase(symbology: .upca, data: full, zxing: [full, "0" + full], zbar: [full, "0" + full]))
        }
        // UPC-E: number systems 0 and 1, every last digit (every expansion rule).
        for i in 0..<50 {
            let ns = UInt8(i % 2)
            let six = digits(5, seed: 300 + i) + String(i % 10)
            let body = [ns] + six.utf8.map { $0 - 48 }
            let expanded = EANUPC.upcEExpanded(body)
            let check = gs1CheckDigit(expanded)
            let upce = String(ns) + six + String(check)
            let upca = expanded.map(String.init).joined() + String(check)
            let accepted = [upce, upca, "0" + upca]
            // zbar reads UPC-E of number system 0 only (its decoder rejects number system 1).
            result.append(DecodingCase(symbology: .upce, data: i % 4 == 0 && ns == 0 ? six : upce,
                                       zxing: accepted, zbar: ns == 0 ? accepted : nil))
        }
        // ITF-14 with each kind of bearer bars (GS1): the frame (default), bars above and below, none.
        let bearers = ["", ", bearer: bars", ", bearer: none", ", bearer: bars, bearerWidth: 2", ", bearerWidth: 3mm"]
        for i in 0..<50 {
            let full = withCheck(String(i % 9) + digits(12, seed: 400 + i))
            result.append(DecodingCase(symbology: .itf14, data: i % 2 == 0 ? full : String(full.dropLast()), properties: bearers[i % 5],
                                       zxing: [full], zbar: [full]))
        }
        // Code 128: all three code sets, shifts, Latin-1 through FNC4, long data.
        let code128: [String] = [
            "A", "1", "12", "123", "1234", "12345678901234567890", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz",
            "Hello, World!", "hello\tworld", "TAB\tTAB", "a\u{1}b", "CTRL\u{7}BELL", "MiXeD 123 cAsE 4567", "0000000000",
            "1A2B3C4D", "A1234567B", "ab1234cd", "12ab34", "99 bottles", "~!@#$%^&*()_+", "{braces}|[brackets]", "`back`tick",
            "path/to/file.txt", "user@example.com", "https://drawc.example/x?y=1", "Zoë Café", "naïve façade", "ÀÉÎÕÜ", "ñandú",
            "5 EUR", "SHIP-2026-12-01", "LOT 42 / 7", "00123", "123456789",
            "1234567890A", "A", "AB", String(repeating: "0123456789", count: 8), String(repeating: "Ab", count: 20),
            "END.", "x", "DEL\u{7F}char", "a\nb", "    spaces    ", "+-*/=", "#hash#", "quote\"d", "back\\slash", "mixed\u{1F}unit",
        ]
        // zbar does not implement FNC4: Latin-1 characters beyond ASCII are read by ZXing-C++ only.
        for s in code128 {
            result.append(DecodingCase(symbology: .code128, data: s, zxing: [s], zbar: s.unicodeScalars.allSatisfy { $0.value < 128 } ? [s] : nil))
        }
        // GS1-128: single and several AIs, fixed and variable lengths, FNC1 separators.
        var gs1: [String] = []
        for i in 0..<50 {
            let gtin = withCheck(digits(13, seed: 500 + i))
            let sscc = withCheck(digits(17, seed: 600 + i))
            switch i % 10 {
            case 0: gs1.append("(01)\(gtin)")
            case 1: gs1.append("(00)\(sscc)")
            case 2: gs1.append("(01)\(gtin)(17)2\(i % 10)1231")
            case 3: gs1.append("(01)\(gtin)(10)LOT\(i)(17)261130")
            case 4: gs1.append("(21)SN\(digits(8, seed: i))(01)\(gtin)")
            case 5: gs1.append("(02)\(gtin)(37)\(i + 1)(400)PO-\(i)")
            case 6: gs1.append("(01)\(gtin)(3103)00\(digits(4, seed: i))")
            case 7: gs1.append("(410)\(withCheck(digits(12, seed: 700 + i)))(420)D-\(i)")
            case 8: gs1.append("(90)ABC\(i)(91)x/y-\(i)")
            default: gs1.append("(01)\(gtin)(11)250\(i % 9 + 1)15(10)A\(i)B(21)\(i)")
            }
        }
        for s in gs1 {
            // zbar prints the element string without parentheses (FNC1 as GS, which it may drop).
            var plain = "", separated = ""
            var inAI = false, afterVariable = false
            var ai = ""
            for c in s {
                if c == "(" {
                    if afterVariable { separated += "\u{1D}" }
                    inAI = true; ai = ""; continue
                }
                if c == ")" { inAI = false; afterVariable = !GS1.isPredefinedLength(ai); continue }
                if inAI { ai.append(c) }
                plain.append(c); separated.append(c)
            }
            result.append(DecodingCase(symbology: .gs1_128, data: s, zxing: [s], zbar: [plain, separated]))
        }
        // QR Code: every mode and mode mix, Unicode in byte mode, kanji, all levels and masks,
        // forced versions up to 40 and the maximum capacities.
        let levels = ["L", "M", "Q", "H"]
        let qr: [(String, String)] = [
            ("0", ""), ("12345678", ""), ("HELLO WORLD", ""), ("hello world", ""), ("Hello, World! 123", ""),
            ("https://example.com/track?id=1Z999AA10123456784", ""), ("ABC123456789012345678901234567890XYZ", ""),
            ("lower 0123456789012345678901234567890 UPPER", ""), ("Grüße aus Köln", ""), ("Привет, мир", ""), ("Ελληνικά", ""),
            ("😀 emoji 🎉", ""), ("漢字", ""), ("日本語のテキスト", ""), ("価格 1200 円", ""), ("MIXED 漢字 and ascii 12345", ""),
            ("€ 12,50", ""), ("tab\there", ""), ("line\nbreak", ""), ("$%*+-./: ALNUM", ""),
            (String(repeating: "9", count: 7089), ", version: 40, errorCorrection: L"),
            (String(repeating: "Z", count: 4296), ", version: 40, errorCorrection: L"),
            (String(repeating: "b", count: 2953), ", version: 40, errorCorrection: L"),
            (String(repeating: "8", count: 3057), ", errorCorrection: H"),
        ]
        for (i, (s, extra)) in qr.enumerated() {
            let props = extra.isEmpty ? ", errorCorrection: \(levels[i % 4]), mask: \(i % 8)" : extra
            result.append(DecodingCase(symbology: .qr, data: s, properties: props, zxing: [s], zbar: [s]))
        }
        for i in 0..<28 {
            let version = [1, 2, 3, 5, 7, 10, 14, 20, 27, 33, 40][i % 11]
            let s = "V\(version)" + digits(version * 5, seed: 800 + i) + (version >= 5 ? (i % 3 == 0 ? "-abc" : "-XYZ") : "")
            result.append(DecodingCase(symbology: .qr, data: s, properties: ", version: \(version), errorCorrection: \(levels[i % 4])",
                                       zxing: [s], zbar: [s]))
        }
        // Data Matrix: ASCII, digit pairs, C40, Text, Base 256 (Unicode), square and
        // rectangular sizes, forced sizes, a large symbol with several blocks.
        let dm: [(String, String)] = [
            ("A", ""), ("12", ""), ("123456", ""), ("HELLO WORLD", ""), ("hello world", ""), ("Data Matrix 2026", ""),
            ("ABCDEFGHIJKLMNOPQRSTUVWXYZ", ""), ("abcdefghijklmnopqrstuvwxyz", ""), ("Grüße", ""), ("漢字テスト", ""),
            ("https://example.com/p?id=42", ""), ("0123456789012345678901234567890123456789", ""),
            ("RECT", ", shape: rectangle"), ("RECTANGULAR 123", ", shape: rectangle"), ("rect lower", ", shape: rectangle"),
            ("any shape", ", shape: any"), ("16x48 forced", ", version: \"16x48\""), ("32", ", version: \"32x32\""),
            (String(repeating: "Lorem ipsum ", count: 40), ""), (String(repeating: "0123456789", count: 100), ""),
            (String(repeating: "ÄÖÜ", count: 60), ""), ("tab\there", ""), ("€100", ""), ("~`{}|", ""),
        ]
        for (s, extra) in dm { result.append(DecodingCase(symbology: .datamatrix, data: s, properties: extra, zxing: [s], zbar: nil)) }
        // X12 and EDIFACT, mode switches mid-data, and data ending at every point of a
        // triplet or group (the end-of-data rules).
        let edi: [String] = [
            "ISA*00*SENDER*ZZ>PO4*12*EA*100", "N1*ST*ACME>N3*12 MAIN ST", "PO*1*12*EA\r", "ABC*123>DEF*456>XYZ",
            "UNB+UNOA:1+SENDER+RECEIVER+261201:1200+1'", "UNH+1+ORDERS:D:96A:UN'", "A.B/C:D-E?F", "BGM+220+PO-4711+9'",
            "order confirmation: ISA*00*SENDER*ZZ>PO4*12*EA 12345678901234", "ABCDEF", "ABCDEFGH", "A.B.C.D.E.",
        ]
        for s in edi { result.append(DecodingCase(symbology: .datamatrix, data: s, zxing: [s], zbar: nil)) }
        for n in 1...10 {
            let x12 = String("ISA*00*SENDER*ZZ>PO4*12*EA*100*X".prefix(n + 3)), edifact = String("UNB+UNOA:1+SENDER+RECEIVER+2612".prefix(n + 4))
            result.append(DecodingCase(symbology: .datamatrix, data: x12, properties: n % 2 == 0 ? ", shape: rectangle" : "", zxing: [x12], zbar: nil))
            result.append(DecodingCase(symbology: .datamatrix, data: edifact, properties: n % 3 == 0 ? ", shape: any" : "", zxing: [edifact], zbar: nil))
        }
        for i in 0..<26 {
            let s = "DM\(i) " + digits(3 + i * 7, seed: 900 + i) + (i % 2 == 0 ? " UPPER CASE" : " lower case")
            result.append(DecodingCase(symbology: .datamatrix, data: s, zxing: [s], zbar: nil))
        }
        // Data given as numbers (issue 33): EAN-13 from number literals, Code 128 from a CSV
        // column of tracking numbers. Each must encode its exact digits or text.
        for (index, number) in ["4006381333931", "590123412345", "9780306406157", "123456789012", "8712345678906"].enumerated() {
            let full = number.utf8.count == 13 ? number : withCheck(number)
            result.append(DecodingCase(symbology: .ean13, data: number, zxing: [full], zbar: [full],
                                       expression: index == 0 ? "ean" : number))
        }
        for (index, code) in trackingCodes.enumerated() {
            result.append(DecodingCase(symbology: .code128, data: code, zxing: [code], zbar: [code],
                                       expression: "tracking[\(index)].code"))
        }
        return result
    }

    /// A CSV column read by `csv()`: numbers a Double holds (`590123412345`) and texts that
    /// only look like numbers (22 and 17 digits, leading zeros, `1e5`, `+1`).
    static let trackingCodes = ["9400111899223197428490", "590123412345", "12345678901234567", "00123", "1e5", "+1", "0042",
                                "1Z999AA10123456784", "9007199254740993"]
    static var dataFile: String { "code\n" + trackingCodes.joined(separator: "\n") + "\n" }
    /// What the drawing says before its pages: the names the cases' expressions use.
    static let prelude = "let ean = 4006381333931\nlet tracking = csv(\"tracking.csv\")\n"

    /// A string literal of the language for `s`.
    static func literal(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default:
                if scalar.value < 32 || scalar.value == 127 { out += "\\u{\(String(scalar.value, radix: 16))}" }
                else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }

    /// The module each symbol is drawn with: 1pt bars (2.8 px at 200 dpi), 2pt matrix
    /// modules, 1.5pt for the largest QR codes.
    static func module(_ c: DecodingCase) -> Double {
        c.symbology.isMatrix ? (c.data.utf8.count > 600 ? 1.5 : 2) : 1
    }

    /// The frame a symbol will have, from the encoder (for packing pages without overlap).
    static func frame(_ c: DecodingCase) -> (width: Double, height: Double) {
        var request = BarcodeRequest(symbology: c.symbology)
        if c.symbology == .qr, let range = c.properties.range(of: "version: ") {
            request.version = Int(c.properties[range.upperBound...].prefix { $0.isNumber })
        }
        for (letter, level) in [("L", QRErrorCorrection.low), ("M", .medium), ("Q", .quartile), ("H", .high)]
            where c.properties.contains("errorCorrection: \(letter)") { request.errorCorrection = level }
        if c.properties.contains("version: \"16x48\"") { request.dataMatrixSize = MatrixSize(rows: 16, columns: 48) }
        if c.properties.contains("shape: rectangle") { request.dataMatrixShape = .rectangle }
        let m = module(c)
        switch try? encodeBarcode(c.data, request).get() {
        case .linear(let l)?:
            // ITF-14: bearer bars up to 3 mm each side.
            let w = Double(l.width + l.quietLeft + l.quietRight + 16) * m + (c.symbology == .itf14 ? 2 * 3 * 72 / 25.4 : 0)
            let bars: Double
            switch c.symbology {
            case .ean13, .upca, .upce, .ean8: bars = 70 * m
            case .itf14: bars = 31.5 * m + 2 * 3 * 72 / 25.4
            default: bars = max(18, 0.15 * w)
            }
            return (w, bars + 20)
        case .matrix(let x)?:
            return (Double(x.width + 8) * m, Double(x.height + 8) * m)
        case nil:
            return (500, 500)
        }
    }

    /// Pages of rows of symbols, packed by their frames so nothing leaves the page.
    static func drawing(_ cases: [DecodingCase]) -> (source: String, pages: [[DecodingCase]]) {
        let pageWidth = 7.7 * 72, pageHeight = 10.2 * 72, gap = 24.0
        var pages: [[[DecodingCase]]] = [[]]
        var row: [DecodingCase] = [], rowWidth = 0.0, rowHeight = 0.0, used = 0.0, matrices = 0
        // zbar misses some QR codes on a page crowded with them: at most 6 matrix symbols a page.
        func closeRow() {
            guard !row.isEmpty else { return }
            let rowMatrices = row.filter { $0.symbology.isMatrix }.count
            if (used + rowHeight > pageHeight || matrices + rowMatrices > 6), !pages[pages.count - 1].isEmpty {
                pages.append([]); used = 0; matrices = 0
            }
            pages[pages.count - 1].append(row)
            used += rowHeight + gap
            matrices += rowMatrices
            row = []; rowWidth = 0; rowHeight = 0
        }
        for c in cases {
            let f = frame(c)
            if rowWidth + f.width > pageWidth { closeRow() }
            row.append(c); rowWidth += f.width + gap; rowHeight = max(rowHeight, f.height)
        }
        closeRow()
        var source = prelude
        for page in pages {
            source += "page size: (8.5in, 11in), margin: 0.4in {\n  vstack spacing: \(Int(gap))pt, align: leading {\n"
            for r in page {
                source += "    hstack spacing: \(Int(gap))pt, align: top {\n"
                for c in r {
                    let type = c.symbology == .gs1_128 ? "gs1" : c.symbology.name
                    source += "      barcode \(c.expression ?? literal(c.data)), type: \(type), module: \(module(c))pt\(c.properties)\n"
                }
                source += "    }\n"
            }
            source += "  }\n}\n"
        }
        return (source, pages.map { $0.flatMap { $0 } })
    }
}

@Suite(.serialized) struct BarcodeDecodingTests {
    static let tools = ["python3", "zbarimg", "pdftoppm", "rsvg-convert", "gs"]

    @Test func corpusHasAtLeastFiftyPayloadsPerSymbology() {
        let cases = DecodingCorpus.cases
        for symbology in Symbology.allCases {
            #expect(cases.filter { $0.symbology == symbology }.count >= 50, "\(symbology.name)")
        }
    }

    @Test(arguments: ProcessInfo.processInfo.environment["BARCODE_FORMATS"].map { $0.split(separator: ",").map(String.init) } ?? ["pdf", "svg", "ps", "png"])
    func everySymbolDecodesToItsData(format: String) throws {
        guard ExternalTool.require(Self.tools), ExternalTool.requirePython(modules: ["zxingcpp", "PIL"]) else { return }
        let cases = DecodingCorpus.cases
        let (source, pages) = DecodingCorpus.drawing(cases)
        let folder = try TemporaryFolder(prefix: "barcodes-\(format)")
        FileManager.default.createFile(atPath: folder.file("tracking.csv"), contents: Data(DecodingCorpus.dataFile.utf8))
        var options = CompileOptions()
        options.png = PNGOptions(dpi: 200)
        let result = compile(source: source, path: folder.file("barcodes.draw"),
                             format: format == "pdf" ? .pdf : format == "svg" ? .svg : format == "png" ? .png : .ps, options: options)
        #expect(result.succeeded, "\(result.report.rendered(as: .text))")
        guard result.succeeded else { return }
        var images: [String] = []
        let dpi = "200"
        switch format {
        case "pdf":
            let pdf = folder.file("out.pdf")
            FileManager.default.createFile(atPath: pdf, contents: Data(result.outputs[0].bytes))
            let run = try ExternalTool.run("pdftoppm", ["-r", dpi, "-gray", "-png", pdf, folder.file("page")], timeout: 600)
            #expect(run.succeeded, "\(run.stderrText)")
            images = folder.contents().filter { $0.hasPrefix("page") }.map(folder.file)
        case "svg":
            for output in result.outputs {
                let name = "page-\(String(format: "%03d", output.page ?? 1))"
                let svg = folder.file(name + ".svg")
                FileManager.default.createFile(atPath: svg, contents: Data(output.bytes))
                // 200 dpi from SVG's 96 user units per inch.
                let run = try ExternalTool.run("rsvg-convert", ["-z", "2.0833333", "-b", "white", "-o", folder.file(name + ".png"), svg], timeout: 600)
                #expect(run.succeeded, "\(run.stderrText)")
                images.append(folder.file(name + ".png"))
            }
        case "png":
            // drawc's own rasterizer (RasterBackend), one PNG a page, at 200 dpi.
            for output in result.outputs {
                let name = folder.file("page-\(String(format: "%03d", output.page ?? 1)).png")
                FileManager.default.createFile(atPath: name, contents: Data(output.bytes))
                images.append(name)
            }
        default:
            let ps = folder.file("out.ps")
            FileManager.default.createFile(atPath: ps, contents: Data(result.outputs[0].bytes))
            let run = try ExternalTool.run("gs", ["-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=pnggray", "-r\(dpi)",
                                                  "-dTextAlphaBits=4", "-dGraphicsAlphaBits=4",
                                                  "-sOutputFile=\(folder.file("page-%03d.png"))", ps], timeout: 600)
            #expect(run.succeeded, "\(run.stderrText)")
            images = folder.contents().filter { $0.hasPrefix("page-") && $0.hasSuffix(".png") }.map(folder.file)
        }
        images.sort()
        #expect(images.count == pages.count, "rendered \(images.count) pages of \(pages.count)")
        guard images.count == pages.count else { return }
        var manifest: [[String: Any]] = []
        for (i, page) in pages.enumerated() {
            let expected: [[String: Any]] = page.map { c in
                ["symbology": c.symbology.name, "zxing": c.zxing, "zbar": c.zbar.map { $0 as Any } ?? NSNull()]
            }
            manifest.append(["image": images[i], "label": "\(format) page \(i + 1)", "expected": expected])
        }
        let input = try JSONSerialization.data(withJSONObject: ["pages": manifest])
        let script = packageRoot() + "/Tests/DrawBarcodesTests/decode_barcodes.py"
        let run = try ExternalTool.run("python3", [script], stdin: [UInt8](input), timeout: 900)
        #expect(run.succeeded, "\(run.stderrText)")
        guard run.succeeded,
              let report = try JSONSerialization.jsonObject(with: Data(run.stdout)) as? [String: Any],
              let failures = report["failures"] as? [String],
              let decoded = report["decoded"] as? [String: [String: Int]] else {
            Issue.record("unreadable decoder report: \(run.stdoutText.prefix(500))")
            return
        }
        #expect(failures.isEmpty, "\(failures.count) symbols not read back:\n\(failures.prefix(40).joined(separator: "\n"))")
        for symbology in Symbology.allCases {
            let total = cases.filter { $0.symbology == symbology }.count
            #expect(decoded["zxing"]?[symbology.name] == total, "zxing read \(decoded["zxing"]?[symbology.name] ?? 0) of \(total) \(symbology.name) from \(format)")
            let zbarTotal = cases.filter { $0.symbology == symbology && $0.zbar != nil }.count
            if symbology != .datamatrix {
                #expect(decoded["zbar"]?[symbology.name] == zbarTotal, "zbar read \(decoded["zbar"]?[symbology.name] ?? 0) of \(zbarTotal) \(symbology.name) from \(format)")
            }
        }
    }
}
