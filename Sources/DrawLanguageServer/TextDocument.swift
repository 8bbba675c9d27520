// An open document: its bytes, its line table, and the conversion between LSP positions
// (line, UTF-16 code unit) and the byte offsets every stage of drawc speaks. Incremental
// changes replace a byte range; positions past a line's end clamp to the end (clients send
// them while typing), so no edit can fail or crash.

import DrawDiagnostics

/// A (line, character) position of the protocol; `character` counts UTF-16 code units.
package struct Position: Hashable, Sendable {
    package var line: Int
    package var character: Int
    package init(line: Int, character: Int) { self.line = line; self.character = character }

    package var json: JSON { .object([("line", JSON(line)), ("character", JSON(character))]) }

    package init?(_ json: JSON?) {
        guard let line = json?["line"]?.int, let character = json?["character"]?.int else { return nil }
        self.init(line: max(0, line), character: max(0, character))
    }
}

/// The text of one open document.
package struct TextDocument: Sendable {
    package var uri: String
    package var version: Int
    package private(set) var bytes: [UInt8]
    package private(set) var lineStarts: [Int]

    package init(uri: String, version: Int, text: String) {
        self.uri = uri
        self.version = version
        self.bytes = Array(text.utf8)
        self.lineStarts = []
        computeLines()
    }

    package var text: String { String(decoding: bytes, as: UTF8.self) }

    private mutating func computeLines() {
        var starts = [0]
        for i in bytes.indices where bytes[i] == 0x0A { starts.append(i + 1) }
        lineStarts = starts
    }

    /// The byte offset of `position` (clamped into the document).
    package func offset(of position: Position) -> Int {
        guard position.line < lineStarts.count else { return bytes.count }
        var index = lineStarts[position.line]
        let lineEnd = position.line + 1 < lineStarts.count ? lineStarts[position.line + 1] - 1 : bytes.count
        var units = 0
        while index < lineEnd, units < position.character {
            let b = bytes[index]
            let length = b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1
            units += length == 4 ? 2 : 1
            index += length
        }
        return min(index, lineEnd)
    }

    /// The position of byte `offset`.
    package func position(of offset: Int) -> Position {
        let offset = max(0, min(offset, bytes.count))
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        var index = lineStarts[low]
        var units = 0
        while index < offset {
            let b = bytes[index]
            let length = b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1
            units += length == 4 ? 2 : 1
            index += length
        }
        return Position(line: low, character: units)
    }

    /// An LSP range of byte offsets.
    package func range(_ start: Int, _ end: Int) -> JSON {
        .object([("start", position(of: start).json), ("end", position(of: end).json)])
    }

    package func range(of span: Span) -> JSON { range(Int(span.start), Int(span.end)) }

    /// Byte offsets of an LSP range, or nil when it is malformed.
    package func offsets(of range: JSON?) -> (Int, Int)? {
        guard let start = Position(range?["start"]), let end = Position(range?["end"]) else { return nil }
        let a = offset(of: start), b = offset(of: end)
        return (min(a, b), max(a, b))
    }

    /// Applies one `TextDocumentContentChangeEvent`: with a range, an incremental edit;
    /// without, the whole new text.
    package mutating func apply(_ change: JSON) {
        guard let text = change["text"]?.string else { return }
        if let (start, end) = offsets(of: change["range"]) {
            bytes.replaceSubrange(start..<end, with: Array(text.utf8))
        } else {
            bytes = Array(text.utf8)
        }
        computeLines()
    }
}
