// drawc fmt on ink (issue 25): the compact points syntax is meant for diffs, so the
// formatter must keep it stable. On every file with a `stroke` — the ink samples, the ok
// corpus and the ink cases of the bad corpus — formatting is idempotent, every points
// string comes out byte for byte as written and on one line, a file that compiles has the
// same scene IR after formatting, and a bad file gives the same diagnostics at the same
// source text. And editing one stroke of a formatted sample changes exactly one line.

import DrawKit
import DrawTestSupport
import Foundation
import Testing

enum InkFormatFixtures {
    /// The points strings of `text`: every `points: "…"` value, quotes included.
    static func pointsStrings(_ text: String) -> [Substring] {
        var found: [Substring] = []
        var rest = text[...]
        while let key = rest.range(of: "points: \"") {
            let open = text.index(before: key.upperBound)
            guard let close = text[key.upperBound...].firstIndex(of: "\"") else { break }
            found.append(text[open...close])
            rest = text[text.index(after: close)...]
        }
        return found
    }

    static func isInk(_ path: String) -> Bool {
        let text = String(decoding: FormatFixtures.read(path), as: UTF8.self)
        return text.contains("stroke ") || text.contains("stroke\n") || !pointsStrings(text).isEmpty
    }

    static let compiling: [String] = FormatFixtures.compiling.filter(isInk)
    static let bad: [String] = corpusFiles(in: "bad").filter { FormatFixtures.name($0).hasPrefix("Tests/Corpus/bad/ink-") || FormatFixtures.name($0).contains("layout-ink") }

    /// Each diagnostic as id, severity, message and the source text its span covers.
    static func diagnostics(_ bytes: [UInt8], path: String) -> [String] {
        check(source: bytes, path: path).diagnostics.map { d in
            var covered = ""
            if let location = d.location, location.byteOffset >= 0, location.byteOffset + location.byteLength <= bytes.count {
                covered = String(decoding: bytes[location.byteOffset..<location.byteOffset + location.byteLength], as: UTF8.self)
            }
            return "\(d.severity) \(d.id) \(d.message) @'\(covered)'"
        }
    }
}

@Suite struct InkFormatTests {
    @Test func theInkFilesAreFound() {
        let names = InkFormatFixtures.compiling.map(FormatFixtures.name)
        #expect(names.contains("samples/sketch.draw") && names.contains("samples/signature.draw") && names.contains("samples/handwriting.draw"))
        #expect(names.contains { $0.hasPrefix("Tests/Corpus/ok/") })
        #expect(InkFormatFixtures.bad.count >= 10)
    }

    /// Idempotent, the points strings untouched and each on one line, the same IR.
    @Test(arguments: InkFormatFixtures.compiling.map(FormatFixtures.name))
    func formattingKeepsInkStable(_ name: String) throws {
        let bytes = FormatFixtures.read(packageRoot + "/" + name)
        checkGuarantees(bytes, name: name, compiles: true)
        let once = try #require(FormatFixtures.formatted(bytes, path: name))
        let before = InkFormatFixtures.pointsStrings(String(decoding: bytes, as: UTF8.self))
        let after = InkFormatFixtures.pointsStrings(String(decoding: once, as: UTF8.self))
        #expect(before == after, "\(name): the points strings changed")
        #expect(after.allSatisfy { !$0.contains("\n") })
    }

    /// A bad ink case formats to the same diagnostics, each still covering the same text.
    @Test(arguments: InkFormatFixtures.bad.map(FormatFixtures.name))
    func formattingKeepsInkDiagnostics(_ name: String) throws {
        let bytes = FormatFixtures.read(packageRoot + "/" + name)
        let once = try #require(FormatFixtures.formatted(bytes, path: name))
        let twice = try #require(FormatFixtures.formatted(once, path: name))
        #expect(twice == once, "\(name): formatting twice differs")
        let expected = InkFormatFixtures.diagnostics(bytes, path: name)
        #expect(!expected.isEmpty)
        #expect(InkFormatFixtures.diagnostics(once, path: name) == expected, "\(name): other diagnostics after formatting")
        #expect(InkFormatFixtures.pointsStrings(String(decoding: once, as: UTF8.self))
                == InkFormatFixtures.pointsStrings(String(decoding: bytes, as: UTF8.self)))
    }

    /// The point of the compact syntax: a changed stroke is a one-line diff.
    @Test func changingOneStrokeChangesOneLineOfTheFormattedFile() throws {
        for sample in ["samples/handwriting.draw", "samples/sketch.draw"] {
            let bytes = FormatFixtures.read(packageRoot + "/" + sample)
            let text = String(decoding: bytes, as: UTF8.self)
            let strings = InkFormatFixtures.pointsStrings(text)
            try #require(strings.count >= 2, "\(sample) has strokes")
            // The second stroke's first point moved by a hundredth.
            let target = strings[1]
            let comma = try #require(target.firstIndex(of: ","))
            var edited = text
            edited.replaceSubrange(comma..<comma, with: "1")
            let a = try #require(FormatFixtures.formatted(bytes, path: sample))
            let b = try #require(FormatFixtures.formatted(Array(edited.utf8), path: sample))
            let linesA = String(decoding: a, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let linesB = String(decoding: b, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            #expect(linesA.count == linesB.count, "\(sample): the edit changed the line count")
            let changed = zip(linesA, linesB).filter { $0 != $1 }.count
            #expect(changed == 1, "\(sample): \(changed) lines changed")
        }
    }

    /// The recorded 10,000-point stroke of Tests/Ink in a file: one line, formatted as is.
    @Test func aLongStrokeStaysOnOneLine() throws {
        let points = try String(contentsOfFile: packageRoot + "/Tests/Ink/long-10000.points", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let source = Array("page size: (800, 700)\nstroke points: \"\(points)\", width: 6, thinning: 0.6, color: #1e3a8a\n".utf8)
        let once = try #require(FormatFixtures.formatted(source, path: "long.draw"))
        #expect(FormatFixtures.formatted(once, path: "long.draw") == once)
        let lines = String(decoding: once, as: UTF8.self).split(separator: "\n")
        #expect(lines.filter { $0.contains("points: \"") }.count == 1)
        #expect(InkFormatFixtures.pointsStrings(String(decoding: once, as: UTF8.self)).first?.dropFirst().dropLast() == Substring(points))
    }
}
