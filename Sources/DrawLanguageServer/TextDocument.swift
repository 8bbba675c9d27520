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

    /// UTF-16 code units before every `checkpointBytes`-th byte (entry k: before byte k × 64;
    /// one more entry than there are whole blocks), so that a position costs at most one block
    /// of walking however long its line is (a 320 KB line took 18 s of `semanticTokens/full`
    /// when each token walked from its line's start, issue 34).
    package private(set) var unitCheckpoints: [Int] = []
    package static let checkpointBytes = 64

    /// A byte's UTF-16 code units, counted at the byte that starts its scalar: 0 for a byte
    /// that continues one, 2 for the start of a 4-byte scalar, 1 otherwise. The sum over a
    /// range of whole scalars is their UTF-16 length.
    @inline(__always)
    static func units(_ byte: UInt8) -> Int {
        byte & 0xC0 == 0x80 ? 0 : byte >= 0xF0 ? 2 : 1
    }

    private mutating func computeLines() {
        var starts = [0]
        var checkpoints: [Int] = []
        checkpoints.reserveCapacity(bytes.count / Self.checkpointBytes + 1)
        var units = 0
        for i in bytes.indices {
            if i % Self.checkpointBytes == 0 { checkpoints.append(units) }
            let b = bytes[i]
            units += Self.units(b)
            if b == 0x0A { starts.append(i + 1) }
        }
        if bytes.count % Self.checkpointBytes == 0 { checkpoints.append(units) }
        lineStarts = starts
        unitCheckpoints = checkpoints
    }

    /// UTF-16 code units of the document's bytes before `offset` (0...bytes.count); `steps`
    /// counts the bytes looked at (at most one block).
    func unitsBefore(_ offset: Int, steps: inout Int) -> Int {
        let block = offset / Self.checkpointBytes
        var units = unitCheckpoints[block]
        for i in block * Self.checkpointBytes..<offset { units += Self.units(bytes[i]) }
        steps += offset - block * Self.checkpointBytes
        return units
    }

    /// The byte offset of `position` (clamped into the document).
    package func offset(of position: Position) -> Int {
        var steps = 0
        return offset(of: position, steps: &steps)
    }

    /// `offset(of:)`, counting the bytes looked at in `steps` (tests: no walk along the line).
    package func offset(of position: Position, steps: inout Int) -> Int {
        guard position.line < lineStarts.count else { return bytes.count }
        let lineStart = lineStarts[position.line]
        let lineEnd = position.line + 1 < lineStarts.count ? lineStarts[position.line + 1] - 1 : bytes.count
        let target = unitsBefore(lineStart, steps: &steps) + position.character
        // The last checkpoint on the line at or before the target, by bisection.
        var low = lineStart / Self.checkpointBytes, high = lineEnd / Self.checkpointBytes
        while low < high {
            let mid = (low + high + 1) / 2
            steps += 1
            if unitCheckpoints[mid] <= target { low = mid } else { high = mid - 1 }
        }
        var index = max(lineStart, low * Self.checkpointBytes)
        var units = unitsBefore(index, steps: &steps)
        while index < lineEnd, units < target {
            units += Self.units(bytes[index])
            index += 1
            steps += 1
        }
        // Never inside a scalar.
        while index < lineEnd, bytes[index] & 0xC0 == 0x80 { index += 1; steps += 1 }
        return min(index, lineEnd)
    }

    /// The position of byte `offset`.
    package func position(of offset: Int) -> Position {
        var steps = 0
        return position(of: offset, steps: &steps)
    }

    /// `position(of:)`, counting the bytes looked at in `steps` (tests: no walk along the line).
    package func position(of offset: Int, steps: inout Int) -> Position {
        let offset = max(0, min(offset, bytes.count))
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            steps += 1
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        let character = unitsBefore(offset, steps: &steps) - unitsBefore(lineStarts[low], steps: &steps)
        return Position(line: low, character: character)
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
