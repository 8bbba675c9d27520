// drawc-bench --cjk [RUNS]: issue 17's speed and size row. A page of 2,000 distinct CJK
// characters (CJK Unified Ideographs from U+4E00 that the font has) in "Noto Sans CJK SC",
// compiled to PDF in this process, font lookup on the system font path included; the median
// of RUNS whole compiles (a new font library each time, so each compile finds, reads and
// parses the font anew) and the embedded program's size against the font file's.

import DrawFonts
import DrawKit
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

func runCJK(runs: Int, output: String) -> Never {
    let library = FontLibrary(searchDirectories: ["/usr/share/fonts"])
    guard let face = try? library.trueType(family: "Noto Sans CJK SC", bold: false, italic: false), let path = face.path else {
        FileHandle.standardError.write(Data("drawc-bench: Noto Sans CJK SC is not installed (fonts-noto-cjk)\n".utf8))
        exit(1)
    }
    var characters: [Unicode.Scalar] = []
    var code: UInt32 = 0x4E00
    while characters.count < 2000, code < 0x9FFF {
        if let s = Unicode.Scalar(code), face.glyph(for: s) != nil { characters.append(s) }
        code += 1
    }
    // 40 lines of 50 characters at 10 pt on an A4 page.
    var source = "page size: a4, margin: 36pt\nvstack spacing: 2pt, align: leading {\n"
    for line in 0..<40 {
        var text = ""
        for s in characters[(line * 50)..<(line * 50 + 50)] { text.unicodeScalars.append(s) }
        source += "  text \"\(text)\", font: \"Noto Sans CJK SC\", fontSize: 10pt\n"
    }
    source += "}\n"
    let bytes = Array(source.utf8)
    func cpuSeconds() -> Double {
        // The process's CPU clock: user + system time of all its threads.
        var t = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
    /// Median wall and CPU seconds of compiling `source` to PDF, and the PDF's size.
    func measure(_ source: [UInt8]) -> (wall: Double, cpu: Double, size: Int) {
        var walls: [Double] = [], cpus: [Double] = []
        var size = 0
        for _ in 0..<max(1, runs) {
            let start = DispatchTime.now().uptimeNanoseconds, cpu = cpuSeconds()
            let result = compile(source: source, path: "cjk.draw", format: .pdf)
            walls.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            cpus.append(cpuSeconds() - cpu)
            guard result.succeeded else {
                FileHandle.standardError.write(Data("drawc-bench: the CJK page did not compile: \(result.report.rendered(as: .text))\n".utf8))
                exit(1)
            }
            size = result.outputs[0].bytes.count
        }
        return (walls.sorted()[walls.count / 2], cpus.sorted()[cpus.count / 2], size)
    }
    let page = measure(bytes)
    // The same font for one character: finding (scanning the font path) and loading it.
    let one = measure(Array("text \"中\", font: \"Noto Sans CJK SC\"\n".utf8))
    let median = page.wall, pdfSize = page.size
    let times = [Double](repeating: 0, count: max(1, runs))
    let glyphs = characters.compactMap { face.glyph(for: $0) }
    let subset = try? face.subset(glyphs: glyphs)
    let program = subset?.cffTable?.count ?? 0
    let fileSize = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    let share = fileSize > 0 ? 100 * Double(program) / Double(fileSize) : 0
    let row = "| 2,000 CJK characters (Noto Sans CJK SC, \(characters.count) distinct) → PDF | "
        + String(format: "%.3f s wall, %.3f s CPU", median, page.cpu) + " (median of \(times.count)); one character: "
        + String(format: "%.3f s wall, %.3f s CPU", one.wall, one.cpu) + " | \(pdfSize / 1024) KB | "
        + "\(program / 1024) KB CFF (\(glyphs.count + 1) glyphs) of a \(fileSize >> 20) MB file = "
        + String(format: "%.2f %%", share) + " | < 0.5 s, < 5 % |"
    print(row)
    let table = """
    <!-- cjk -->
    ## CFF fonts: a CJK page (drawc-bench --cjk, \(Date().formatted(.iso8601.year().month().day())))

    Whole compile in the bench process (release build), font found by family name on the
    system font path, read and parsed anew each run; the subset's CFF program is what the PDF
    embeds (compressed further by Flate there). CPU is the process's user + system time over
    the compile (PDF compression runs on other threads too); "one character" is the same font
    for a single character: what finding (scanning the font path) and loading it costs.

    | workload | compile → PDF | PDF size | embedded subset | target |
    |---|---|---|---|---|
    \(row)
    <!-- /cjk -->
    """
    writeSectionAndExit("cjk", table, to: output)
}
