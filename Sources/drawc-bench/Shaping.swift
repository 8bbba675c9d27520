// drawc-bench --shaping [RUNS]: issue 39's speed rows. Three pages of 10,000 words each —
// Latin (Noto Sans), Arabic (Noto Sans Arabic), Devanagari (Noto Sans Devanagari), from
// Debian's fonts-noto-core, fonts named by path so no font folder is scanned — set as
// paragraphs 480 pt wide and compiled in this process: `check` (parse, evaluate, lay out:
// shaping, line breaking, bidi) and the whole compile to PDF, median of RUNS. Beside each,
// `hb-shape --text-file` on the same 10,000 words, one a line (one process, its output to
// /dev/null), median of RUNS.
//
// The words are those of the glibc locale sources (Debian `locales`, /usr/share/i18n/locales:
// month and day names, language and country names… — the source ShapingTests compares with
// HarfBuzz), every distinct word of the script, repeated in order to 10,000.

import DrawFonts
import DrawKit
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The distinct words of `script` in the locale sources, sorted.
func localeWords(_ script: ShapingScript) -> [String] {
    let folder = "/usr/share/i18n/locales"
    guard let files = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
    var words = Set<String>()
    for file in files.sorted() {
        guard let text = try? String(contentsOfFile: folder + "/" + file, encoding: .utf8) else { continue }
        for line in text.split(separator: "\n") where line.contains("<U") {
            for piece in line.split(separator: "\"", omittingEmptySubsequences: false).enumerated() where piece.offset % 2 == 1 {
                // "<U0627><U0644>…" decoded.
                var scalars: [Unicode.Scalar] = []
                for code in piece.element.split(separator: "<").compactMap({ $0.hasPrefix("U") ? $0.dropFirst().prefix { $0 != ">" } : nil }) {
                    if let v = UInt32(code, radix: 16), let s = Unicode.Scalar(v) { scalars.append(s) }
                }
                for word in scalars.split(whereSeparator: { s in
                    !(ShapingScript.of(s) == script || s.properties.generalCategory == .nonspacingMark
                      || s.properties.generalCategory == .spacingMark || s.value == 0x200C || s.value == 0x200D)
                }) where word.contains(where: { ShapingScript.of($0) == script }) {
                    var w = String.UnicodeScalarView()
                    w.append(contentsOf: word)
                    words.insert(String(w))
                }
            }
        }
    }
    return words.sorted()
}

func runShaping(runs: Int, output: String) -> Never {
    let noto = "/usr/share/fonts/truetype/noto/"
    struct Page { var name: String; var script: ShapingScript; var font: String }
    let pages = [
        Page(name: "Latin, Noto Sans (shaped: liga, kern…)", script: .latin, font: noto + "NotoSans-Regular.ttf"),
        Page(name: "Arabic, Noto Sans Arabic", script: .arabic, font: noto + "NotoSansArabic-Regular.ttf"),
        Page(name: "Devanagari, Noto Sans Devanagari", script: .devanagari, font: noto + "NotoSansDevanagari-Regular.ttf"),
    ]
    let directory = NSTemporaryDirectory() + "drawc-bench-shaping-\(getpid())"
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }

    func cpuSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
    func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    var rows: [String] = []
    for page in pages {
        guard FileManager.default.fileExists(atPath: page.font) else {
            FileHandle.standardError.write(Data("drawc-bench: \(page.font) is missing (fonts-noto-core)\n".utf8))
            exit(1)
        }
        let distinct = localeWords(page.script)
        guard !distinct.isEmpty else {
            FileHandle.standardError.write(Data("drawc-bench: no \(page.script) words in /usr/share/i18n/locales (locales)\n".utf8))
            exit(1)
        }
        let words = (0..<10_000).map { distinct[$0 % distinct.count] }
        // 100 paragraphs of 100 words, 480 pt wide, 10 pt.
        var source = "vstack spacing: 6pt, align: leading {\n"
        for paragraph in 0..<100 {
            let text = words[(paragraph * 100)..<(paragraph * 100 + 100)].joined(separator: " ")
            source += "  text \"\(text)\", font: \"\(page.font)\", fontSize: 10pt, width: 480pt\n"
        }
        source += "}\n"
        let bytes = Array(source.utf8)
        var checkWall: [Double] = [], checkCPU: [Double] = [], pdfWall: [Double] = [], pdfCPU: [Double] = []
        var pdfBytes = 0
        for _ in 0..<max(1, runs) {
            var start = now(), cpu = cpuSeconds()
            let checked = check(source: bytes, path: "shaping.draw")
            checkWall.append(now() - start); checkCPU.append(cpuSeconds() - cpu)
            guard checked.report.diagnostics.isEmpty else {
                FileHandle.standardError.write(Data("drawc-bench: the \(page.name) page: \(checked.report.rendered(as: .text))\n".utf8))
                exit(1)
            }
            start = now(); cpu = cpuSeconds()
            let result = compile(source: bytes, path: "shaping.draw", format: .pdf)
            pdfWall.append(now() - start); pdfCPU.append(cpuSeconds() - cpu)
            pdfBytes = result.outputs.first?.bytes.count ?? 0
        }
        // HarfBuzz on the same words, one a line.
        let wordsFile = directory + "/words-\(page.script).txt"
        try? (words.joined(separator: "\n") + "\n").write(toFile: wordsFile, atomically: true, encoding: .utf8)
        var hbWall: [Double] = []
        var hbNote = ""
        for _ in 0..<max(1, runs) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/hb-shape")
            process.arguments = ["--font-file", page.font, "--text-file", wordsFile, "--output-file", "/dev/null"]
            let start = now()
            do { try process.run() } catch { hbNote = "hb-shape not found (libharfbuzz-bin)"; break }
            process.waitUntilExit()
            hbWall.append(now() - start)
            if process.terminationStatus != 0 { hbNote = "hb-shape failed (\(process.terminationStatus))" }
        }
        let hb = hbWall.isEmpty ? hbNote : String(format: "%.3f s", median(hbWall)) + (hbNote.isEmpty ? "" : " (\(hbNote))")
        let row = "| \(page.name) | 10,000 (\(distinct.count) distinct) | "
            + String(format: "%.3f s wall, %.3f s CPU", median(checkWall), median(checkCPU)) + " | "
            + String(format: "%.3f s wall, %.3f s CPU", median(pdfWall), median(pdfCPU)) + " | \(pdfBytes / 1024) KB | \(hb) |"
        print(row)
        rows.append(row)
    }
    let table = """
    <!-- shaping -->
    ## Shaping: 10,000 words per script (drawc-bench --shaping, \(Date().formatted(.iso8601.year().month().day())))

    Each page: the script's distinct words from the glibc locale sources (Debian `locales`),
    repeated in order to 10,000, in 100 paragraphs 480 pt wide, font named by path (no font
    folder scanned). `check` is parse + evaluate + layout (shaping, line breaking, bidi);
    "→ PDF" the whole compile (subsetting, compression); median of \(max(1, runs)) runs in the bench
    process (release build). drawc shapes each distinct word once per face and keeps it
    (docs/fonts.md); `hb-shape --text-file` (Debian libharfbuzz-bin 6.0.0) shapes every
    line, in its own process (start-up and font loading included, output to /dev/null).

    | page | words | check (layout) | → PDF | PDF size | hb-shape --text-file |
    |---|---|---|---|---|---|
    \(rows.joined(separator: "\n"))
    <!-- /shaping -->
    """
    writeSectionAndExit("shaping", table, to: output)
}
