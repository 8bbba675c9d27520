// The Unicode Bidirectional Algorithm (Bidi.swift) against Unicode's own conformance files,
// BidiTest.txt (sequences of classes) and BidiCharacterTest.txt (scalars, brackets included),
// read from Debian's `unicode-data` at test time.

import DrawTestSupport
import Foundation
import Testing
@testable import DrawLayout

@Suite struct BidiTests {
    /// The lines of a file of the Unicode Character Database, nil (and a failure under CI) when
    /// it is not installed.
    static func ucdLines(_ name: String) -> [Substring]? {
        let path = "/usr/share/unicode/" + name
        guard ExternalTool.requireFile(path, package: "unicode-data"),
              let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        return text.split(separator: "\n")
    }

    static func className(_ name: Substring) -> BidiClass? {
        switch name {
        case "L": .L
        case "R": .R
        case "AL": .AL
        case "EN": .EN
        case "ES": .ES
        case "ET": .ET
        case "AN": .AN
        case "CS": .CS
        case "NSM": .NSM
        case "BN": .BN
        case "B": .B
        case "S": .S
        case "WS": .WS
        case "ON": .ON
        case "LRE": .LRE
        case "LRO": .LRO
        case "RLE": .RLE
        case "RLO": .RLO
        case "PDF": .PDF
        case "LRI": .LRI
        case "RLI": .RLI
        case "FSI": .FSI
        case "PDI": .PDI
        default: nil
        }
    }

    /// The levels of a whole paragraph as one line (L1 applied) and the visual order of the
    /// positions X9 keeps — what both test files give.
    static func resolve(_ classes: [BidiClass], scalars: [Unicode.Scalar]?, base: UInt8?) -> (base: UInt8, levels: [UInt8], order: [Int]) {
        let paragraph = BidiParagraph(classes: classes, scalars: scalars, baseLevel: base)
        let levels = paragraph.lineLevels(0..<classes.count)
        let order = bidiVisualOrder(levels).filter { !classes[$0].isRemovedByX9 }
        return (paragraph.baseLevel, levels, order)
    }

    /// Levels as the files write them: `x` for a position removed by X9.
    static func levelText(_ levels: [UInt8], _ classes: [BidiClass]) -> String {
        zip(levels, classes).map { $1.isRemovedByX9 ? "x" : String($0) }.joined(separator: " ")
    }

    /// Every case of BidiTest.txt: each class sequence under each paragraph direction its
    /// bit set names (auto, LTR, RTL), levels and order.
    @Test func unicodeBidiTestPasses() throws {
        guard let lines = Self.ucdLines("BidiTest.txt") else { return }
        // Compared as numbers (-1: removed), the expected ones parsed once per block.
        var levels: [Int] = []
        var order: [Int] = []
        var cases = 0
        var failures: [String] = []
        for line in lines {
            if line.hasPrefix("#") || line.isEmpty { continue }
            if line.hasPrefix("@Levels:") { levels = line.dropFirst(8).split(whereSeparator: \.isWhitespace).compactMap { $0 == "x" ? -1 : Int($0) }; continue }
            if line.hasPrefix("@Reorder:") { order = line.dropFirst(9).split(whereSeparator: \.isWhitespace).compactMap { Int($0) }; continue }
            let fields = line.split(separator: ";")
            guard fields.count == 2, let bits = Int(fields[1].trimmingCharacters(in: .whitespaces)) else { continue }
            let classes = fields[0].split(separator: " ").map { Self.className($0)! }
            for (bit, base) in [(1, nil), (2, 0), (4, 1)] as [(Int, UInt8?)] where bits & bit != 0 {
                cases += 1
                let result = Self.resolve(classes, scalars: nil, base: base)
                var same = result.order == order && levels.count == classes.count
                if same {
                    for i in classes.indices where levels[i] != (classes[i].isRemovedByX9 ? -1 : Int(result.levels[i])) { same = false; break }
                }
                if !same {
                    if failures.count < 10 {
                        failures.append("\(fields[0]) base \(base.map(String.init) ?? "auto"): levels \(Self.levelText(result.levels, classes)), expected \(levels); order \(result.order), expected \(order)")
                    } else {
                        failures.append("")
                    }
                }
            }
        }
        #expect(cases > 490_000)
        #expect(failures.isEmpty, "\(failures.count) failures: \(failures.prefix(10).joined(separator: "\n"))")
    }

    /// Every case of BidiCharacterTest.txt: scalars (paired brackets, mirrored characters,
    /// numbers), the paragraph direction given or found, the levels and the visual order.
    @Test func unicodeBidiCharacterTestPasses() throws {
        guard let lines = Self.ucdLines("BidiCharacterTest.txt") else { return }
        var cases = 0
        var failures: [String] = []
        for line in lines {
            if line.hasPrefix("#") || line.isEmpty { continue }
            let fields = line.split(separator: ";", omittingEmptySubsequences: false)
            guard fields.count == 5 else { continue }
            let scalars = fields[0].split(separator: " ").map { Unicode.Scalar(UInt32($0, radix: 16)!)! }
            let classes = scalars.map(BidiClass.of)
            let base: UInt8? = fields[1] == "0" ? 0 : fields[1] == "1" ? 1 : nil
            cases += 1
            let result = Self.resolve(classes, scalars: scalars, base: base)
            let got = "\(result.base);\(Self.levelText(result.levels, classes));\(result.order.map(String.init).joined(separator: " "))"
            let expected = "\(fields[2]);\(fields[3]);\(fields[4])"
            if got != expected {
                if failures.count < 10 { failures.append("\(fields[0]) (\(fields[1])): \(got), expected \(expected)") } else { failures.append("") }
            }
        }
        #expect(cases > 90_000)
        #expect(failures.isEmpty, "\(failures.count) failures: \(failures.prefix(10).joined(separator: "\n"))")
    }

    /// The tables: classes of a few scalars, canonical bracket pairs and mirrors.
    @Test func tablesGiveTheClassesBracketsAndMirrors() {
        #expect(BidiClass.unicodeVersion == "15.0.0")
        #expect(BidiClass.of("a") == .L)
        #expect(BidiClass.of("\u{05D0}") == .R)          // alef
        #expect(BidiClass.of("\u{0627}") == .AL)         // Arabic alef
        #expect(BidiClass.of("\u{0661}") == .AN)         // Arabic-Indic one
        #expect(BidiClass.of("\u{05FF}") == .R)          // unassigned in the Hebrew block: @missing
        #expect(BidiClass.of("\u{2067}") == .RLI)
        #expect(BidiTables.mirror("(") == ")")
        #expect(BidiTables.mirror("\u{00AB}") == "\u{00BB}")  // «
        #expect(BidiTables.mirror("a") == nil)
        #expect(BidiTables.bracket(0x2329)! == (0x3008, true))
        #expect(BidiTables.bracket(0x3009)! == (0x3008, false))
        #expect(BidiTables.bracket(0x232A)! == (0x3008, false))
    }
}

/// Noto Sans Hebrew (Debian `fonts-noto-core`, installed by .ci/run).
let notoHebrew = "/usr/share/fonts/truetype/noto/NotoSansHebrew-Regular.ttf"

/// Bidirectional text through `compile`: the IR's runs come in visual order.
@Suite struct BidiLayoutTests {
    static var hebrewFont: Bool {
        ExternalTool.requireFile(notoHebrew, package: "fonts-noto-core")
    }

    /// Runs of the page in the order the IR holds them, each with its text and left edge.
    static func runs(_ source: String) -> [(text: String, x: Double)] {
        let (_, diagnostics, document) = compile(source)
        #expect(diagnostics.isEmpty, "\(describe(diagnostics, in: source))")
        return texts(document.pages[0].items).map { ($0.visualText, $0.origin.x) }
    }

    /// A Hebrew word inside an English line (the paragraph is left to right from its first
    /// letter) is drawn right to left between the English words, in visual order.
    @Test func hebrewInsideEnglishIsReversed() {
        guard Self.hebrewFont else { return }
        let runs = Self.runs("""
        text "Hello שלום world", font: ["Helvetica", "\(notoHebrew)"]
        """)
        #expect(runs.map(\.text) == ["Hello ", "םולש", " world"])
        #expect(zip(runs, runs.dropFirst()).allSatisfy { $0.x < $1.x })
    }

    /// A paragraph starting with a Hebrew letter is right to left: the English and the number
    /// come first on the left, the brackets around the English are mirrored glyphs.
    @Test func rightToLeftParagraphMirrorsBrackets() {
        guard Self.hebrewFont else { return }
        let runs = Self.runs("""
        text "שלום (world) 123", font: ["Helvetica", "\(notoHebrew)"]
        """)
        #expect(runs.map(\.text).joined() == "123 (world) םולש")
    }

    /// Lines break on the logical text, then each line is reordered: the first line holds
    /// the first Hebrew words, reversed.
    @Test func linesBreakBeforeReordering() {
        guard Self.hebrewFont else { return }
        let (_, diagnostics, document) = compile("""
        text "אחת שתיים שלוש ארבע", font: "\(notoHebrew)", width: 60pt
        """)
        #expect(diagnostics.isEmpty)
        let lines = lineTexts(document.pages[0].items)
        #expect(lines.count >= 2, "\(lines)")
        #expect(lines.first.map { String($0.reversed()).hasPrefix("אחת") } == true, "\(lines)")
        #expect(lines.last.map { String($0.reversed()).hasSuffix("ארבע") } == true, "\(lines)")
    }

    /// Pure left-to-right text takes the fast path and is unchanged: one run.
    @Test func latinTextIsOneRun() {
        let runs = Self.runs("text \"Hello (world) 123\"")
        #expect(runs.map(\.text) == ["Hello (world) 123"])
    }

    /// `textDirection: rtl` makes an English line a right-to-left paragraph (the final '!'
    /// goes to its left end); `align: start` and `end` follow the direction.
    @Test func textDirectionAndStartEndAlignment() {
        let (_, diagnostics, document) = compile("""
        page margin: 0 {
          text "Hello!", textDirection: rtl, width: 200pt, align: start, at: (0, 0)
          text "Hello!", width: 200pt, align: start, at: (0, 100)
          text "Hello!", textDirection: rtl, width: 200pt, align: end, at: (0, 200)
        }
        """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let runs = texts(document.pages[0].items).sorted { $0.origin.y < $1.origin.y }
        #expect(runs.map(\.text) == ["!Hello", "Hello!", "!Hello"])
        guard runs.count == 3 else { return }
        #expect(abs(runs[0].origin.x + runs[0].advance - 200) < 1e-6)
        #expect(abs(runs[1].origin.x) < 1e-6)
        #expect(abs(runs[2].origin.x) < 1e-6)
    }
}
