// Finding the fenced ```draw blocks of a Markdown text, as CommonMark 0.31 §4.5 defines
// fenced code blocks: an opening fence of three or more backticks or tildes indented by at
// most three spaces, an info string whose first word is the language, and a closing fence
// of the same character, at least as long, indented by at most three spaces (or the end of
// the document). Fences of other languages are skipped whole, so a ```markdown block that
// shows a ```draw block is left alone. Fences inside block quotes (`> `) and deeper than
// three spaces (nested lists) are not recognized.

/// One fenced draw block, by byte offsets into the Markdown text.
package struct DrawFence: Sendable, Equatable {
    /// From the start of the opening fence line to after the closing fence line's line end
    /// (or the end of the text when the block is not closed).
    package var block: Range<Int>
    /// The drawing's lines: after the opening line, up to the closing fence line.
    package var content: Range<Int>
    /// The fence line's text after `draw` (the options), without the line end.
    package var info: Range<Int>
    /// The opening fence's indentation (0…3 spaces), repeated in front of what replaces it.
    package var indent: Int
    /// The 1-based line of the opening fence.
    package var line: Int
}

package enum MarkdownFences {
    /// The language that marks a drawing.
    package static let language = "draw"

    /// Every fenced draw block of `text`, in order.
    package static func drawBlocks(in text: [UInt8]) -> [DrawFence] {
        var result: [DrawFence] = []
        // The open fence: character, length, indentation, where it started, whether it is draw.
        var open: (char: UInt8, length: Int, indent: Int, start: Int, contentStart: Int, info: Range<Int>, line: Int, isDraw: Bool)?
        var lineStart = 0
        var lineNumber = 1
        while lineStart < text.count {
            var lineEnd = lineStart
            while lineEnd < text.count, text[lineEnd] != 0x0A { lineEnd += 1 }
            let next = min(lineEnd + 1, text.count)
            var textEnd = lineEnd
            if textEnd > lineStart, text[textEnd - 1] == 0x0D { textEnd -= 1 }
            let fence = fenceRun(text, lineStart, textEnd)
            if let current = open {
                if let fence, fence.char == current.char, fence.length >= current.length,
                   isBlank(text, fence.end, textEnd) {
                    if current.isDraw {
                        result.append(DrawFence(block: current.start..<next, content: current.contentStart..<lineStart,
                                                info: current.info, indent: current.indent, line: current.line))
                    }
                    open = nil
                }
            } else if let fence {
                let infoStart = skipBlanks(text, fence.end, textEnd)
                let info = text[infoStart..<textEnd]
                if !(fence.char == UInt8(ascii: "`") && info.contains(UInt8(ascii: "`"))) {
                    var wordEnd = infoStart
                    while wordEnd < textEnd, text[wordEnd] != 0x20, text[wordEnd] != 0x09 { wordEnd += 1 }
                    let isDraw = text[infoStart..<wordEnd].elementsEqual(language.utf8)
                    open = (fence.char, fence.length, fence.indent, lineStart, next, wordEnd..<textEnd, lineNumber, isDraw)
                }
            }
            lineStart = next
            lineNumber += 1
        }
        if let current = open, current.isDraw {
            result.append(DrawFence(block: current.start..<text.count, content: current.contentStart..<text.count,
                                    info: current.info, indent: current.indent, line: current.line))
        }
        return result
    }

    /// A run of three or more backticks or tildes after at most three spaces.
    static func fenceRun(_ text: [UInt8], _ start: Int, _ end: Int) -> (char: UInt8, length: Int, indent: Int, end: Int)? {
        var index = start
        while index < end, text[index] == 0x20, index - start < 4 { index += 1 }
        let indent = index - start
        guard indent <= 3, index < end, text[index] == UInt8(ascii: "`") || text[index] == UInt8(ascii: "~") else { return nil }
        let char = text[index]
        let runStart = index
        while index < end, text[index] == char { index += 1 }
        guard index - runStart >= 3 else { return nil }
        return (char, index - runStart, indent, index)
    }

    static func skipBlanks(_ text: [UInt8], _ start: Int, _ end: Int) -> Int {
        var index = start
        while index < end, text[index] == 0x20 || text[index] == 0x09 { index += 1 }
        return index
    }

    static func isBlank(_ text: [UInt8], _ start: Int, _ end: Int) -> Bool { skipBlanks(text, start, end) == end }

    /// The text the compiler reads for `fence`: as long as the whole Markdown text, with every
    /// byte outside the drawing's lines turned into a space (line ends kept), so that lines,
    /// columns and byte offsets of its diagnostics are those of the Markdown file.
    package static func drawingSource(_ text: [UInt8], _ fence: DrawFence) -> [UInt8] {
        var source = [UInt8](repeating: 0x20, count: text.count)
        for index in text.indices where text[index] == 0x0A { source[index] = 0x0A }
        source.replaceSubrange(fence.content, with: text[fence.content])
        return source
    }
}
