// Golden files: expected output kept in files beside the tests, compared byte for byte,
// rewritten by one explicit switch (DRAWC_UPDATE_GOLDEN=1) that also fails the run, so a
// recording never passes silently. Review the rewritten files in the diff.
//
// This is the only place that reads DRAWC_UPDATE_GOLDEN and the only code that writes an
// expected file: IR dumps, SVG/PDF/PS bytes and the diagnostics corpus's `.expected` files
// all go through `GoldenFiles.expect` (or `check`, which returns the failure as text).
// Record: `DRAWC_UPDATE_GOLDEN=1 swift test --skip-build --filter <Suite>`, review
// `git diff`, run again without the switch.

import Foundation
import Testing

package enum GoldenFiles {
    /// True when DRAWC_UPDATE_GOLDEN is set to 1 (or any non-empty value but 0).
    package static var isUpdating: Bool {
        guard let value = ProcessInfo.processInfo.environment["DRAWC_UPDATE_GOLDEN"] else { return false }
        return !value.isEmpty && value != "0"
    }

    /// Compares `actual` with the file at `path`. Returns nil when they are equal; otherwise
    /// a one-paragraph description of the first difference. When updating, writes `actual`
    /// (creating folders) and returns a message saying so, which the caller records as a
    /// failure.
    package static func check(_ actual: [UInt8], against path: String) -> String? {
        let expected = FileManager.default.contents(atPath: path).map { [UInt8]($0) }
        if isUpdating {
            if expected == actual { return nil }
            let folder = (path as NSString).deletingLastPathComponent
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: path, contents: Data(actual))
            return "golden file written: \(path) (DRAWC_UPDATE_GOLDEN is set, so this run fails; review the diff and run again without it)"
        }
        guard let expected else {
            return "golden file missing: \(path) (run with DRAWC_UPDATE_GOLDEN=1 to record it)"
        }
        if expected == actual { return nil }
        return "output differs from golden file \(path): " + describeDifference(expected: expected, actual: actual)
            + " (if the change is intended, run with DRAWC_UPDATE_GOLDEN=1 and review the diff)"
    }

    /// `check` for text.
    package static func check(_ actual: String, against path: String) -> String? {
        check(Array(actual.utf8), against: path)
    }

    /// Compares `actual` with the golden file at `path` and records a failure at the
    /// caller's location when they differ, when the file is missing, or when it was just
    /// recorded.
    package static func expect(_ actual: [UInt8], matches path: String, sourceLocation: SourceLocation = #_sourceLocation) {
        if let problem = check(actual, against: path) { Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation) }
    }

    /// `expect` for text.
    package static func expect(_ actual: String, matches path: String, sourceLocation: SourceLocation = #_sourceLocation) {
        expect(Array(actual.utf8), matches: path, sourceLocation: sourceLocation)
    }

    /// The line of the first difference, both versions, for a failure message.
    package static func describeDifference(expected: [UInt8], actual: [UInt8]) -> String {
        var index = 0
        while index < min(expected.count, actual.count), expected[index] == actual[index] { index += 1 }
        var line = 1
        var lineStart = 0
        for i in 0..<index where expected[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        func lineText(_ bytes: [UInt8]) -> String {
            guard lineStart < bytes.count else { return "<end of file>" }
            var end = lineStart
            while end < bytes.count, bytes[end] != 0x0A, end - lineStart < 200 { end += 1 }
            return String(decoding: bytes[lineStart..<end], as: UTF8.self)
        }
        var text = "first difference at byte \(index), line \(line):\n  expected: \(lineText(expected))\n  actual:   \(lineText(actual))"
            + "\n  (sizes \(expected.count) and \(actual.count) bytes)"
        // Short texts (diagnostics, small dumps) are shown whole: easier to read than a line.
        if expected.count + actual.count < 4000, !expected.contains(0), !actual.contains(0) {
            text += "\n--- expected\n" + String(decoding: expected, as: UTF8.self) + "--- actual\n" + String(decoding: actual, as: UTF8.self)
        }
        return text
    }
}
