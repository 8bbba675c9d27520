// Text that typesets (issue #23): line breaking by UAX #14 checked against Unicode's own
// test file, kinsoku, hyphenation, justification, maxLines, shrinking, markup runs,
// decoration and spacing — all through `compile`, on the IR.

import DrawBase
import DrawDiagnostics
import DrawKit
import DrawFonts
import DrawScene
import DrawTestSupport
import Foundation
import Testing
@testable import DrawLayout

/// Noto Sans CJK (Debian `fonts-noto-cjk`, installed by .ci/run): CID-keyed CFF with kana,
/// ideographs and CJK punctuation.
let notoCJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"

/// The lines of a page's text runs: runs with one baseline joined, top to bottom.
func lineTexts(_ items: [Scene.Item]) -> [String] {
    var lines: [(y: Double, text: String)] = []
    for run in texts(items) {
        // Runs of one line share the baseline unless shifted: group by the line box order.
        if let last = lines.last, abs(last.y - run.origin.y) < 3 { lines[lines.count - 1].text += run.visualText }
        else { lines.append((run.origin.y, run.visualText)) }
    }
    return lines.map(\.text)
}

/// The widest line end (origin + advance) of a page's text runs, less the page's left edge.
func lineEnds(_ items: [Scene.Item]) -> [Double] {
    var ends: [(y: Double, end: Double)] = []
    for run in texts(items) {
        let end = run.origin.x + run.advance
        if let last = ends.last, abs(last.y - run.origin.y) < 3 { ends[ends.count - 1].end = max(last.end, end) }
        else { ends.append((run.origin.y, end)) }
    }
    return ends.map(\.end)
}

@Suite struct LineBreakConformanceTests {
    /// Every case of LineBreakTest.txt (Debian `unicode-data`), rule LB30b's unassigned
    /// Extended_Pictographic part included.
    @Test func unicodeLineBreakTestPasses() throws {
        let path = "/usr/share/unicode/auxiliary/LineBreakTest.txt"
        guard ExternalTool.requireFile(path, package: "unicode-data") else { return }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var cases = 0
        var failures: [String] = []
        for line in text.split(separator: "\n") {
            let body = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let parts = body.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard parts.count > 2 else { continue }
            var scalars: [Unicode.Scalar] = []
            var expected: [Bool] = []
            for p in parts {
                if p == "×" { expected.append(false) } else if p == "÷" { expected.append(true) }
                else { scalars.append(Unicode.Scalar(UInt32(p, radix: 16)!)!) }
            }
            cases += 1
            let actions = lineBreakActions(scalars.map(LineBreakClass.resolved))
            if (1..<scalars.count).contains(where: { (actions[$0] != .prohibited) != expected[$0] }) {
                failures.append(String(body))
            }
        }
        #expect(cases > 7000)
        #expect(failures.isEmpty, "\(failures.count) failures: \(failures.prefix(10))")
    }

    /// LB30b: no break between an emoji base, or an unassigned Extended_Pictographic
    /// scalar, and an emoji modifier; an assigned pictograph that is no emoji base (U+1F02B,
    /// a mahjong tile) breaks before one.
    @Test func emojiModifiersStayWithTheirBase() {
        func breaks(_ scalars: [UInt32]) -> [Bool] {
            lineBreakActions(scalars.map { LineBreakClass.resolved(Unicode.Scalar($0)!) }).map { $0 != .prohibited }
        }
        #expect(LineBreakClass.raw(Unicode.Scalar(0x1F02C)!) == .IDEP)
        #expect(LineBreakClass.raw(Unicode.Scalar(0x1F02B)!) == .ID)
        #expect(breaks([0x1F02C, 0x1F3FF]) == [false, false])   // unassigned pictographic × EM
        #expect(breaks([0x1F44D, 0x1F3FB]) == [false, false])   // 👍 (EB) × EM
        #expect(breaks([0x1F02B, 0x1F3FF]) == [false, true])    // an assigned ID ÷ EM
        #expect(breaks([0x1F02C, 0x0301, 0x1F3FF]) == [false, false, false])  // LB9: a mark joins its base
        #expect(breaks([0x1F02C, 0x20, 0x1F3FF]) == [false, false, true])
        // Elsewhere the unassigned pictograph is an ideograph: breaks on both sides (LB31).
        #expect(breaks([0x1F02C, 0x1F02C, 0x41]) == [false, true, true])
    }

    @Test func kinsokuAndPunctuationClasses() {
        func breaks(_ s: String) -> [Bool] {
            let scalars = Array(s.unicodeScalars)
            return lineBreakActions(scalars.map(LineBreakClass.resolved)).map { $0 != .prohibited }
        }
        // 「晴れ。」: no break after 「, before 。 or 」, nor before the small kana っ.
        #expect(breaks("「晴れ。」") == [false, false, true, false, false])
        #expect(breaks("ちょっと") == [false, false, false, true])
        // A URL breaks after a solidus, not inside "https:" or before the slashes.
        #expect(breaks("a/b") == [false, false, true])
        #expect(breaks("co-op") == [false, false, false, true, false])
    }
}

@Suite struct TypesetTests {
    @Test func chineseAndJapaneseWrapBetweenCharactersWithKinsoku() {
        let source = """
        page size: (400, 300), margin: 0 {
          text "今日は晴れです。明日も晴れるでしょう。「東京」へ行きます。", font: "\(notoCJK)", fontSize: 10pt, width: 52pt
          text "我们的文字在这里换行，标点不在行首。", font: "\(notoCJK)", fontSize: 10pt, width: 45pt, at: (200, 100)
        }
        """
        let (_, diagnostics, document) = compile(source)
        #expect(diagnostics.isEmpty, "\(describe(diagnostics, in: source))")
        let lines = lineTexts(document.pages[0].items)
        #expect(lines.count > 6, "\(lines)")
        for line in lines {
            #expect(!(["。", "」", "、", "，", "ょ"].contains { line.hasPrefix($0) }), "\(lines)")
            #expect(!line.hasSuffix("「"), "\(lines)")
        }
        #expect(lines.joined() == "今日は晴れです。明日も晴れるでしょう。「東京」へ行きます。我们的文字在这里换行，标点不在行首。")
        // Five ideographs of 1 em fit 52pt; no line is wider than its box.
        for run in texts(document.pages[0].items) { #expect(run.advance <= 52 + 1e-6) }
    }

    @Test func hyphenationBreaksInsideWords() {
        let source = """
        text "Typesetting hyphenation demonstrates", width: 60pt, hyphenate: true
        text "Typesetting hyphenation demonstrates", width: 60pt, at: (0, 100)
        """
        let (_, diagnostics, document) = compile(source)
        // Only the text without hyphenation overflows ('Typesetting' is 72.6pt wide).
        #expect(describe(diagnostics, in: source) == ["2:1: layout.text-overflow: this text overflows its box by 12.6pt at the right"])
        let runs = texts(document.pages[0].items)
        let hyphenated = runs.filter { $0.origin.y < 80 }.map(\.text)
        let plain = runs.filter { $0.origin.y >= 80 }.map(\.text)
        #expect(hyphenated.contains { $0.hasSuffix("-") }, "\(hyphenated)")
        #expect(plain == ["Typesetting", "hyphenation", "demonstrates"])
        // Without the hyphens, the letters are the same.
        #expect(hyphenated.map { $0.hasSuffix("-") ? String($0.dropLast()) : $0 + " " }.joined() == "Typesetting hyphenation demonstrates ")
    }

    @Test func justifiedLinesFillTheWidthButTheLast() {
        let source = """
        text "The quick brown fox jumps over the lazy dog and keeps on running far away", width: 120pt, align: justify
        text "中文的两端对齐在字符之间分配空间，最后一行不拉伸。", font: "\(notoCJK)", width: 95pt, align: justify, at: (0, 100)
        """
        let (_, diagnostics, document) = compile(source)
        #expect(diagnostics.isEmpty, "\(describe(diagnostics, in: source))")
        let items = document.pages[0].items
        let latin = texts(items).filter { $0.origin.y < 80 }
        let cjk = texts(items).filter { $0.origin.y >= 80 }
        let left = latin[0].origin.x
        for run in latin.dropLast() { #expect(close(run.origin.x + run.advance - left, 120, 1e-6), "\(run.text)") }
        #expect(latin.last!.origin.x + latin.last!.advance - left < 119)
        let cjkLeft = cjk[0].origin.x
        for run in cjk.dropLast() { #expect(close(run.origin.x + run.advance - cjkLeft, 95, 1e-6), "\(run.text)") }
        // The CJK lines have no spaces: the gaps between characters are equal.
        let g = cjk[0].glyphs
        #expect(close(g[2].x - g[1].x, g[1].x - g[0].x, 1e-6))
    }

    @Test func maxLinesEndsInAnEllipsisThatFits() {
        let source = "text \"one two three four five six seven eight nine ten\", width: 60pt, maxLines: 2\n"
        let (_, diagnostics, document) = compile(source)
        #expect(diagnostics.isEmpty, "\(describe(diagnostics, in: source))")
        let runs = texts(document.pages[0].items)
        #expect(runs.count == 2)
        #expect(runs[1].text.hasSuffix("…"), "\(runs.map(\.text))")
        #expect(runs[1].advance <= 60 + 1e-6)
    }

    @Test func shrinkReducesTheSizeUntilTheLabelFits() {
        let source = """
        text "A label much too long for its little box", width: 80pt, height: 20pt, overflow: shrink
        rect "Shipping label for a parcel", width: 60pt, height: 30pt, overflow: shrink, at: (100, 100)
        """
        let (_, diagnostics, document) = compile(source)
        #expect(diagnostics.isEmpty, "\(describe(diagnostics, in: source))")
        let runs = texts(document.pages[0].items)
        let first = runs.filter { $0.origin.y < 50 }
        #expect(first.allSatisfy { $0.size < 12 && $0.size > 4 }, "\(first.map(\.size))")
        let lines = first.count
        let lineHeight = first[0].size * 1.2
        #expect(Double(lines) * lineHeight <= 20.5)
        #expect(first.allSatisfy { $0.advance <= 80.5 })
        let label = runs.filter { $0.origin.y >= 50 }
        #expect(label.allSatisfy { $0.size < 12 && $0.advance <= 44.5 }, "\(label.map(\.size))")
    }

    @Test func textThatDoesNotFitItsBoxIsAWarningWithTheAmount() {
        let source = "text \"one two three four five six\", width: 40pt, height: 20pt\n"
        let (_, diagnostics, _) = compile(source)
        let lines = describe(diagnostics, in: source)
        // Five lines (one, two, three, four, five six) of 14.4pt in a 20pt box: 72 − 20 = 52pt too tall.
        #expect(lines == ["1:1: layout.text-overflow: this text overflows its box by 52pt at the bottom"], "\(lines)")
    }

    @Test func textOverlappingThePageEdgeIsAWarning() {
        let source = "page size: (100, 100), margin: 0 {\n  text \"Hello there\", at: (95, 50)\n}\n"
        let (_, diagnostics, _) = compile(source)
        let lines = describe(diagnostics, in: source)
        #expect(lines.count == 1 && lines[0].contains("layout.text-off-page: this text overlaps the page edge by"), "\(lines)")
    }

    @Test func markupRunsMixWeightsSizesAndColoursOnOneBaseline() {
        let source = "text \"plain *bold* _italic_ [color: red, fontSize: 18pt]{big} **\", markup: true\n"
        let (_, diagnostics, document) = compile(source)
        #expect(diagnostics.isEmpty, "\(describe(diagnostics, in: source))")
        let runs = texts(document.pages[0].items)
        #expect(runs.map(\.text).joined() == "plain bold italic big *")
        let fonts = runs.map { document.fonts[$0.font.index] }
        #expect(fonts.contains(.standard(.helveticaBold)) && fonts.contains(.standard(.helveticaOblique)))
        #expect(Set(runs.map(\.origin.y)).count == 1, "one baseline: \(runs.map(\.origin.y))")
        let big = runs.first { $0.text.hasPrefix("big") }!
        #expect(big.size == 18 && big.color == Color(red: 1, green: 0, blue: 0))
        // The line box grew for the 18pt run: its baseline sits at its ascent plus half-leading.
        // (The page is the content plus the default 10pt margin.)
        let expectedBaseline: Double = 10 + (14.4 - 11.1) / 2 + 18 * 0.718
        #expect(close(runs[0].origin.y, expectedBaseline, 1e-6))
    }

    @Test func doubledMarkersAreTheCharactersThemselves() {
        let source = "text \"2 ** 3 = 8, snake__case, [[note]], {x}} and a } only doubled\", markup: true\n"
        let (_, diagnostics, document) = compile(source)
        let lines = describe(diagnostics, in: source)
        // The lone '}' is an error at its byte; the text is then drawn as written.
        #expect(lines.count == 1 && lines[0].hasPrefix("1:53: layout.markup-unmatched"), "\(lines)")
        let fixed = "text \"2 ** 3 = 8, snake__case, [[note]], {x}}\", markup: true\n"
        let (_, clean, doc) = compile(fixed)
        #expect(clean.isEmpty)
        #expect(texts(doc.pages[0].items).map(\.text).joined() == "2 * 3 = 8, snake_case, [note]], {x}")
        _ = document
    }

    @Test func markupErrorsPointIntoTheString() {
        let source = "text \"a *b [colour: red]{c}\", markup: true\n"
        let (_, diagnostics, _) = compile(source)
        let lines = describe(diagnostics, in: source)
        #expect(lines.count == 1 && lines[0].hasPrefix("1:13: layout.markup-unknown-property: 'colour' cannot be set in markup"), "\(lines)")
    }

    @Test func underlineAndStrikethroughUseTheFontsMetrics() {
        let source = "text \"Under\", underline: true\ntext \"Strike\", strikethrough: true, at: (0, 50)\n"
        let (_, diagnostics, document) = compile(source)
        #expect(diagnostics.isEmpty, "\(describe(diagnostics, in: source))")
        let items = document.pages[0].items
        let runs = texts(items)
        let bars = paths(items).map { tightBounds(of: $0.0)! }
        #expect(bars.count == 2)
        // Helvetica: UnderlinePosition −100 (the centre), UnderlineThickness 50, x-height 523.
        #expect(close(bars[0].height, 0.6) && close(bars[0].midY, runs[0].origin.y + 1.2, 1e-6))
        #expect(close(bars[0].width, runs[0].advance))
        #expect(close(bars[1].midY, runs[1].origin.y - 0.5 * 0.523 * 12, 1e-6))
    }

    @Test func spacingTransformsSmallCapsShiftAndTabs() {
        let source = """
        text "ab", letterSpacing: 2pt
        text "a b", wordSpacing: 5pt, at: (0, 30)
        text "shout", textTransform: uppercase, at: (0, 60)
        text "Caps", smallCaps: true, at: (0, 90)
        text "x[baselineShift: super]{2}", markup: true, at: (0, 120)
        text "a\\tb\\tc", tabStops: [50pt, 80pt], at: (0, 150)
        """
        let (_, diagnostics, document) = compile(source)
        #expect(diagnostics.isEmpty, "\(describe(diagnostics, in: source))")
        let runs = texts(document.pages[0].items)
        let a = runs[0]
        #expect(close(a.glyphs[1].x, 0.556 * 12 + 2, 1e-6))
        let b = runs[1]
        #expect(close(b.glyphs[2].x, (0.556 + 0.278) * 12 + 5, 1e-6))
        #expect(runs[2].text == "SHOUT")
        let caps = runs.filter { $0.text == "C" || $0.text == "APS" }
        #expect(caps.map(\.size) == [12, 12 * 0.8], "\(runs.map(\.text))")
        let x = runs.first { $0.text == "x" }!, two = runs.first { $0.text == "2" }!
        #expect(close(x.origin.y - two.origin.y, 0.33 * 12, 1e-6))
        let tabbed = runs.first { $0.text.hasPrefix("a\t") }!
        let left = tabbed.origin.x
        #expect(close(tabbed.glyphs[2].x + tabbed.origin.x - left, 50, 1e-6) && close(tabbed.glyphs[4].x, 80, 1e-6))
    }

    @Test func pdftotextGivesBackTheJoinedRuns() throws {
        guard ExternalTool.require("pdftotext") else { return }
        let source = """
        page size: (300, 200), margin: 10 {
          text "Dear *reader*, this _paragraph_ is [color: blue]{justified}.", markup: true, width: 200pt, align: justify, at: (100, 20)
          text "今日は晴れです。", font: "\(notoCJK)", at: (100, 100)
        }
        """
        let folder = try TemporaryFolder(prefix: "typeset")
        let result = DrawKit.compile(source: Array(source.utf8), path: folder.file("t.draw"), format: .pdf)
        try #require(result.succeeded)
        _ = FileManager.default.createFile(atPath: folder.file("t.pdf"), contents: Data(result.outputs[0].bytes))
        let raw = try ExternalTool.run("pdftotext", ["-raw", "-enc", "UTF-8", folder.file("t.pdf"), "-"]).stdoutText
        // Lines joined by one space: the justified paragraph wraps.
        let text = raw.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("Dear reader, this paragraph is justified."), "\(text)")
        #expect(text.contains("今日は晴れです。"), "\(text)")
    }
}

/// Liang's patterns in a packed trie: the same points as matching every substring against
/// a table of the patterns (the reference below), for known words and 10,000 made-up ones.
@Suite struct HyphenationTrieTests {
    func hyphenated(_ word: String) -> String {
        let points = Hyphenator.english.points(Array(word.unicodeScalars))
        var out = ""
        for (i, c) in word.enumerated() {
            if points.contains(i) { out += "-" }
            out.append(c)
        }
        return out
    }

    @Test func knownWordsBreakAsTeXDoes() {
        // As TeX's hyph-en-us patterns give them (checked with an independent Python
        // implementation of Liang's algorithm over Data/hyph-en-us.tex).
        #expect(hyphenated("hyphenation") == "hy-phen-ation")
        #expect(hyphenated("typesetting") == "type-set-ting")
        #expect(hyphenated("justification") == "jus-ti-fi-ca-tion")
        #expect(hyphenated("computer") == "com-puter")
        #expect(hyphenated("envelope") == "en-ve-lope")
        #expect(hyphenated("Demonstrates") == "Demon-strates")
        // Too short, not a–z, or too long: left whole.
        #expect(Hyphenator.english.points(Array("cat".unicodeScalars)).isEmpty)
        #expect(Hyphenator.english.points(Array("naïveté".unicodeScalars)).isEmpty)
        #expect(Hyphenator.english.points(Array(String(repeating: "ab", count: 40).unicodeScalars)).isEmpty)
        let counts = Hyphenator.english.counts
        #expect(counts.patterns == Hyphenator.englishPatterns.split(separator: " ").count)
        #expect(counts.nodes > counts.patterns)
    }

    @Test func trieAgreesWithPlainLookup() {
        // Reference tables built once; deterministic made-up words of 5–20 letters weighted
        // towards English letter frequencies, so that many patterns match.
        let alphabet = Array("eeeettaaooiinnsshhrrdlcumwfgypbvkjxqz")
        var state: UInt64 = 0x2545F4914F6CDD1D
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33)
        }
        var mismatches: [String] = []
        var words = ["typesetting", "hyphenation", "paragraph", "justification", "compiler", "envelope",
                     "kerning", "figure", "version", "label", "print", "demonstrates", "extraordinary",
                     "representation", "characteristically", "incomprehensibilities"]
        for _ in 0..<10_000 {
            let length = 5 + next() % 16
            words.append(String((0..<length).map { _ in alphabet[next() % alphabet.count] }))
        }
        let reference = Self.referenceTable()
        var hyphenated = 0
        for word in words {
            let expected = Self.referencePoints(word, table: reference)
            let got = Hyphenator.english.points(Array(word.unicodeScalars))
            if !got.isEmpty { hyphenated += 1 }
            if got != expected && mismatches.count < 10 { mismatches.append("\(word): \(got) ≠ \(expected)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
        #expect(hyphenated > 5_000)
    }

    static func referenceTable() -> [String: [Int]] {
        var table: [String: [Int]] = [:]
        for pattern in Hyphenator.englishPatterns.split(separator: " ") {
            var letters = "", values = [0]
            for c in pattern {
                if let d = c.wholeNumberValue { values[values.count - 1] = d } else { letters.append(c); values.append(0) }
            }
            table[letters] = values
        }
        return table
    }

    /// Liang's algorithm the plain way: every substring of the edge-marked word looked up in
    /// the table (the exceptions list is not consulted: the made-up words are not in it, and
    /// the known words are checked above).
    static func referencePoints(_ word: String, table: [String: [Int]]) -> [Int] {
        guard word.count >= 5 else { return [] }
        let padded = Array("." + word.lowercased() + ".")
        var values = [Int](repeating: 0, count: padded.count + 1)
        for start in padded.indices {
            for end in (start + 1)...padded.count {
                guard let found = table[String(padded[start..<end])] else { continue }
                for (k, v) in found.enumerated() { values[start + k] = max(values[start + k], v) }
            }
        }
        return (2...(word.count - 3)).filter { values[$0 + 1] % 2 == 1 }
    }
}

/// Markup runs that pick a font by file path, as `font:` takes one: relative to the file the
/// text is written in, and a font that cannot be had reported at the path's bytes.
@Suite struct MarkupFontPathTests {
    static let dejaVu = packageRoot() + "/Tests/Fonts/DejaVuSans.ttf"

    /// A folder with `fonts/DejaVuSans.ttf` (and `sub/fonts/…` when asked).
    func folderWithFont(in subfolder: String = "") throws -> TemporaryFolder {
        let folder = try TemporaryFolder(prefix: "markup-font")
        let fonts = folder.path + "/" + subfolder + "fonts"
        try FileManager.default.createDirectory(atPath: fonts, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.dejaVu, toPath: fonts + "/DejaVuSans.ttf")
        return folder
    }

    /// The PostScript name of the face each text run of the page is drawn in, with its text.
    func runFaces(_ document: Scene.Document) -> [(String, String)] {
        texts(document.pages[0].items).map { run in
            switch document.fonts[run.font.index] {
            case .standard(let font): (font.postScriptName, run.text)
            case .trueType(let face): (face.postScriptName, run.text)
            }
        }
    }

    @Test func aQuotedOrBarePathPicksTheFontFile() throws {
        let folder = try folderWithFont()
        let source = "text \"Plain [font: 'fonts/DejaVuSans.ttf']{Deja} and [font: fonts/DejaVuSans.ttf, fontSize: 14pt]{vu}\", markup: true\n"
        let (_, diagnostics, document) = compile(source, path: folder.file("t.draw"))
        #expect(diagnostics.isEmpty, "\(describe(diagnostics, in: source))")
        let faces = runFaces(document)
        #expect(faces.map(\.1).joined() == "Plain Deja and vu", "\(faces)")
        #expect(faces.filter { $0.1.contains("Deja") || $0.1 == "vu" }.allSatisfy { $0.0 == "DejaVuSans" }, "\(faces)")
        #expect(faces.filter { $0.1.contains("Plain") || $0.1.contains("and") }.allSatisfy { $0.0 == "Helvetica" }, "\(faces)")
    }

    @Test func thePathIsRelativeToTheFileTheTextIsWrittenIn() throws {
        // The font sits beside the imported file only: found from there, as `font:` would be.
        let folder = try folderWithFont(in: "parts/")
        try "def tag() {\n  text \"a [font: 'fonts/DejaVuSans.ttf']{tag}\", markup: true\n}\n"
            .write(toFile: folder.file("parts/part.draw"), atomically: true, encoding: .utf8)
        let source = "import \"parts/part.draw\"\ntag\n"
        let (_, diagnostics, document) = compile(source, path: folder.file("main.draw"))
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        #expect(runFaces(document).contains { $0 == ("DejaVuSans", "tag") }, "\(runFaces(document))")
    }

    @Test func aMissingOrDamagedFontIsReportedAtItsPath() throws {
        let folder = try folderWithFont()
        try Data("not a font at all".utf8).write(to: URL(fileURLWithPath: folder.file("fonts/broken.ttf")))
        let source = """
        text "a [font: 'fonts/none.ttf']{b} c", markup: true
        text "d [italic: true, font: fonts/broken.ttf]{e}", markup: true, at: (0, 40)
        text "f\\n[font: 'fonts/none.otf']{g}", markup: true, at: (0, 80)

        """
        let (_, diagnostics, document) = compile(source, path: folder.file("t.draw"))
        let lines = describe(diagnostics, in: source)
        #expect(lines.count == 3, "\(lines)")
        // At the path inside the quotes, at the bare path, and (escapes in the literal) at the text.
        #expect(lines.count > 0 && lines[0].hasPrefix("1:17: layout.font-unavailable"), "\(lines)")
        #expect(lines.count > 1 && lines[1].hasPrefix("2:30: layout.font-unavailable"), "\(lines)")
        #expect(lines.count > 2 && lines[2].hasPrefix("3:1: layout.font-unavailable"), "\(lines)")
        for d in diagnostics where d.span.start != 0 || d.span.end != 0 {
            let text = String(decoding: Array(source.utf8)[Int(d.span.start)..<Int(d.span.end)], as: UTF8.self)
            #expect(["fonts/none.ttf", "fonts/broken.ttf"].contains(text) || text.hasPrefix("text "), "\(text)")
        }
        // The rest of the text is still drawn in the node's font.
        #expect(texts(document.pages[0].items).map(\.text).joined().contains("a "))
    }

    @Test func pdffontsListsTheMarkupFontAndPdftotextTheRuns() throws {
        guard ExternalTool.require("pdffonts", "pdftotext") else { return }
        let folder = try folderWithFont()
        let source = "page size: (300, 100), margin: 10 {\n  text \"Plain [font: 'fonts/DejaVuSans.ttf']{Deja} and vu\", markup: true, at: (100, 30)\n}\n"
        let result = DrawKit.compile(source: Array(source.utf8), path: folder.file("t.draw"), format: .pdf)
        try #require(result.succeeded)
        _ = FileManager.default.createFile(atPath: folder.file("t.pdf"), contents: Data(result.outputs[0].bytes))
        let fonts = try ExternalTool.run("pdffonts", [folder.file("t.pdf")]).stdoutText
        #expect(fonts.contains("+DejaVuSans"), "\(fonts)")
        #expect(fonts.contains("Helvetica"), "\(fonts)")
        let text = try ExternalTool.run("pdftotext", ["-raw", "-enc", "UTF-8", folder.file("t.pdf"), "-"]).stdoutText
        #expect(text.split(whereSeparator: \.isWhitespace).joined(separator: " ") == "Plain Deja and vu", "\(text)")
    }
}

/// A text that reaches past the room of the shape, stack or grid it is placed in is a
/// warning at the text, with the amount on each side and a note at the parent.
@Suite struct TextInsideParentTests {
    @Test func aTextWiderThanItsShapeIsAWarningWithTheAmount() {
        let source = """
        rect width: 100pt, height: 40pt, padding: 8pt {
          text "a caption that is far too long", align: left
        }
        vstack width: 60pt, padding: 0 {
          text "short"
          text "rather longer text", at: (0, 0), anchor: topLeft
        }

        """
        let (_, diagnostics, _) = compile(source)
        let lines = describe(diagnostics, in: source)
        #expect(lines.count == 2, "\(lines)")
        // Helvetica 12pt: "a caption that is far too long" is 147pt wide; the rect has 84pt.
        #expect(lines.contains("2:3: layout.text-outside-parent: this text overflows the 'rect' it is in by 31.5pt at the right, 31.5pt at the left"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("6:3: layout.text-outside-parent: this text overflows the 'vstack' it is in by") && $0.contains("at the right") }, "\(lines)")
        // The notes point at the parents.
        let file = SourceFile(id: FileID(0), path: "test.draw", text: source)
        let noteLines = diagnostics.flatMap(\.notes).compactMap { $0.span.map { file.location(of: $0.start).0 } }
        #expect(noteLines.contains(1) && noteLines.contains(4), "\(noteLines)")
    }

    @Test func textsThatFitOrWrapOrShrinkAreQuiet() {
        let source = """
        rect width: 100pt, height: 60pt {
          text "a caption that wraps inside the box", width: 84pt
        }
        rect width: 100pt, height: 40pt, at: (0, 100) {
          text "a caption that shrinks to fit its box", width: 84pt, height: 24pt, overflow: shrink
        }
        rect at: (0, 200) { text "a rect without a size grows to hold its text" }
        group at: (0, 300) {
          text "a group has no box"
          rect width: 10, height: 10
        }
        hstack width: 200pt, at: (0, 400) {
          text "one"
          text "two"
        }

        """
        let (_, diagnostics, _) = compile(source)
        #expect(diagnostics.isEmpty, "\(describe(diagnostics, in: source))")
    }

    @Test func aTextTooLargeForItsOwnBoxAndTheParentIsWarnedForEach() {
        // Its own box overflows (the text) and the box overflows the parent (the box).
        let source = """
        rect width: 60pt, height: 30pt {
          text "one two three four five six", width: 80pt, height: 10pt
        }

        """
        let (_, diagnostics, _) = compile(source)
        let ids = diagnostics.map(\.id)
        #expect(ids.sorted() == ["layout.text-outside-parent", "layout.text-overflow"], "\(describe(diagnostics, in: source))")
    }

    @Test func aRotatedParentComparesInItsOwnFrame() {
        // The rect turns with its text: the text fits the turned rect, so nothing is reported.
        let source = "rect width: 100pt, height: 30pt, rotate: 30 { text \"fits inside\" }\n"
        let (_, diagnostics, _) = compile(source)
        #expect(diagnostics.isEmpty, "\(describe(diagnostics, in: source))")
    }
}
