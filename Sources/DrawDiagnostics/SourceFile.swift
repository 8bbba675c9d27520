// DrawDiagnostics — source files, spans and diagnostics, shared by every stage.
//
// Takes: the bytes of .draw files. Hands on: `SourceFile` (bytes + line table), `Span`
// (file id + byte offsets) and `Diagnostic` values. Positions are byte offsets everywhere;
// line and column are computed only when a message is rendered, and columns shown to people
// count Unicode scalars, 1-based. This target knows nothing of the language itself.

/// Identifies a `SourceFile` inside a `SourceManager`.
// `FileID` and `Span` are public rather than package, their initialisers inlinable: Swift
// 6.3.1 inlines no member of a `package` type into another module, and the parser and the
// evaluator make a span for nearly every token and argument — as calls, ~2 M instructions for
// 10,000 nodes (issue 38; DrawCatalogue's PropertyRoles.swift says the same of its enums).
// DrawDiagnostics is no product: nothing outside the package sees them.
public struct FileID: Hashable, Sendable, Comparable {
    @usableFromInline package var raw: UInt32
    @inlinable package init(_ raw: UInt32) { self.raw = raw }
    public static func < (a: FileID, b: FileID) -> Bool { a.raw < b.raw }
}

/// A half-open byte range `start..<end` in one source file.
public struct Span: Hashable, Sendable {
    @usableFromInline package var file: FileID
    @usableFromInline package var start: UInt32
    @usableFromInline package var end: UInt32

    @inlinable package init(file: FileID, start: UInt32, end: UInt32) {
        self.file = file
        self.start = start
        self.end = max(start, end)
    }

    /// A span that stands for "no location" (e.g. a limit hit with no source text).
    package static let unknown = Span(file: FileID(UInt32.max), start: 0, end: 0)

    package var isUnknown: Bool { file.raw == UInt32.max }
    package var length: UInt32 { end - start }

    /// The smallest span covering both (same file assumed; the other file's span is ignored).
    package func merged(with other: Span) -> Span {
        guard other.file == file else { return self }
        return Span(file: file, start: min(start, other.start), end: max(end, other.end))
    }
}

/// One source text: its path as given, its bytes, and the byte offset of each line start.
package struct SourceFile: Sendable {
    package let id: FileID
    package let path: String
    package let bytes: [UInt8]
    /// Byte offsets at which each line starts; `lineStarts[0] == 0`.
    package let lineStarts: [UInt32]

    package init(id: FileID, path: String, bytes: [UInt8]) {
        self.id = id
        self.path = path
        self.bytes = bytes
        self.lineStarts = bytes.withUnsafeBufferPointer { SourceFile.lineStarts(of: $0) }
    }

    /// 0 and the offset after each line feed of `buffer`, in order.
    private static func lineStarts(of buffer: UnsafeBufferPointer<UInt8>) -> [UInt32] {
        guard let base = buffer.baseAddress else { return [0] }
        let count = buffer.count
        // Gathered in a buffer of its own, then copied once at exact size: `Array.append`
        // checked the array's uniqueness on every line, and the loop's state stayed in
        // registers only outside a closure over the array.
        var capacity = count / 32 + 16
        var starts = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
        starts[0] = 0
        var found = 1
        @inline(__always) func append(_ start: Int) {
            if found == capacity {
                let larger = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity * 2)
                larger.moveInitialize(from: starts, count: found)
                starts.deallocate()
                starts = larger
                capacity *= 2
            }
            starts[found] = UInt32(truncatingIfNeeded: start)
            found &+= 1
        }
        var index = 0
        // Sixteen bytes at a time: one vector compare and one test pass a chunk without a
        // newline (most of them), where eight-byte words cost ~15 instructions each and a
        // byte loop ~5 a byte of every file (issue 38). A chunk with newlines has each
        // found from its two words' exact zero-byte masks, lowest first, without a loop
        // over its bytes.
        let raw = UnsafeRawPointer(base)
        let newlines = SIMD16<UInt8>(repeating: 0x0A)
        while index &+ 16 <= count {
            if any(raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self) .== newlines) {
                for half in 0..<2 {
                    let offset = index &+ 8 &* half
                    var lineFeeds = newlineBytes(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                    while lineFeeds != 0 {
                        append(offset &+ lineFeeds.trailingZeroBitCount &>> 3 &+ 1)
                        lineFeeds &= lineFeeds &- 1
                    }
                }
            }
            index &+= 16
        }
        while index < count {
            if buffer[index] == 0x0A { append(index &+ 1) }
            index &+= 1
        }
        let result = Array(UnsafeBufferPointer(start: starts, count: found))
        starts.deallocate()
        return result
    }

    /// The high bit of each byte of `word` (in memory order) that is a line feed, and no
    /// other bit: the exact test (no borrow runs from one byte into the next).
    @inline(__always)
    private static func newlineBytes(_ word: UInt64) -> UInt64 {
        let x = UInt64(littleEndian: word) ^ 0x0A0A_0A0A_0A0A_0A0A
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((x & low) &+ low) | x | low)
    }

    package init(id: FileID, path: String, text: String) {
        self.init(id: id, path: path, bytes: Array(text.utf8))
    }

    /// Zero-based line index containing `offset` (binary search in the line table).
    package func lineIndex(of offset: UInt32) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The bytes of line `index` without its line terminator (`\n` or `\r\n`).
    package func lineBytes(_ index: Int) -> ArraySlice<UInt8> {
        let start = Int(lineStarts[index])
        var end = index + 1 < lineStarts.count ? Int(lineStarts[index + 1]) - 1 : bytes.count
        if end > start, end <= bytes.count, end - 1 >= start, bytes[end - 1] == 0x0D { end -= 1 }
        return bytes[start..<max(start, end)]
    }

    /// 1-based line and column of `offset`; the column counts Unicode scalars (UTF-8 lead
    /// bytes), so a caret under "é" lands on it whatever its byte length.
    package func location(of offset: UInt32) -> (line: Int, column: Int) {
        let line = lineIndex(of: offset)
        let start = Int(lineStarts[line])
        let end = min(Int(offset), bytes.count)
        var column = 1
        var index = start
        while index < end {
            // Continuation bytes (10xxxxxx) do not start a scalar.
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        if end < Int(offset) { column += Int(offset) - end }
        return (line + 1, column)
    }

    /// The text of a span, with invalid UTF-8 repaired.
    package func text(of span: Span) -> String {
        let start = min(Int(span.start), bytes.count)
        let end = min(Int(span.end), bytes.count)
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}

/// All files of one compilation (the main file and its imports), addressed by `FileID`.
package struct SourceManager: Sendable {
    package private(set) var files: [SourceFile] = []

    package init() {}

    @discardableResult
    package mutating func add(path: String, bytes: [UInt8]) -> FileID {
        let id = FileID(UInt32(files.count))
        files.append(SourceFile(id: id, path: path, bytes: bytes))
        return id
    }

    package subscript(id: FileID) -> SourceFile? {
        Int(id.raw) < files.count ? files[Int(id.raw)] : nil
    }
}
