// The lexer: the bytes of one source file in, tokens and comments out.
//
// Works on the UTF-8 bytes through an UnsafeBufferPointer, never on Characters (measured
// ~50× faster). Every token carries its byte span; comments go to a side list for the
// formatter. Problems (invalid UTF-8, stray characters, unterminated strings and comments,
// bad escapes, malformed numbers and colours) are reported at the exact byte and lexing
// goes on: the parser then sees an `.invalid` token or a token flagged `Token.reported`.
//
// Strings with interpolation are split into pieces so that the parser sees one token
// stream: `"a \(x) b"` lexes as stringHead `"a \(`, identifier `x`, stringTail `) b"`.
// A stack remembers, for each open interpolation, how many `(` are open inside it, so the
// `)` that closes the interpolation is told apart from one that closes a call.
//
// Does not: decode escapes or number values (the parser does, from the spans) or decide
// where newlines end statements (the parser knows when it is inside brackets).

import DrawDiagnostics

package struct LexResult {
    package var tokens: [Token]
    package var comments: [Comment]
}

/// Splits `source` into tokens. The last token is always `.endOfFile`.
package func tokenize(_ source: SourceFile, reporter: inout DiagnosticSink) -> LexResult {
    if source.bytes.count >= ParseLimits.maximumFileSize {
        reporter.reportLimit(LexMessages.fileTooLarge(at: Span(file: source.id, start: 0, end: 0)))
        return LexResult(tokens: [Token(kind: .endOfFile, start: 0, end: 0)], comments: [])
    }
    return source.bytes.withUnsafeBufferPointer { buffer in
        let lexer = Lexer(bytes: buffer, file: source.id, reporter: reporter)
        lexer.run()
        reporter = lexer.reporter
        return LexResult(tokens: lexer.tokens.takeAll(), comments: lexer.comments)
    }
}

struct Interpolation {
    /// Offset of the `"` that opened the string.
    var quote: Int
    /// `(` opened inside the interpolation and not yet closed.
    var parenDepth: Int
}

/// A class, not a struct: every non-mutating helper called from a mutating method of the
/// struct copied the whole lexer (136 bytes) to the stack first, on every token. State is
/// touched only by the lexer's own single-threaded calls, so exclusivity checks are off.
final class Lexer {
    let bytes: UnsafeBufferPointer<UInt8>
    let file: FileID
    @exclusivity(unchecked) var reporter: DiagnosticSink
    @exclusivity(unchecked) var tokens: Arena<Token>
    @exclusivity(unchecked) var comments: [Comment] = []
    @exclusivity(unchecked) var interpolations: [Interpolation] = []
    /// Where `run` stops: the end of the input, or 0 once the reporter is capped (set by
    /// `report`, the only way it becomes capped), so that the loop tests one word a token
    /// instead of reading the sink's flag.
    @exclusivity(unchecked) var stopAt: Int
    /// `ByteClass` bits of each byte value, for the loops over names, numbers and colours.
    let classes: UnsafeMutablePointer<UInt8>

    init(bytes: UnsafeBufferPointer<UInt8>, file: FileID, reporter: DiagnosticSink) {
        self.bytes = bytes
        self.file = file
        self.reporter = reporter
        stopAt = reporter.isCapped ? 0 : bytes.count
        // Generous, so that it rarely regrows: pages reserved but never written cost nothing.
        tokens = Arena(capacity: bytes.count / 2 + 16)
        classes = .allocate(capacity: 256)
        for b in 0..<256 {
            let byte = UInt8(b)
            var bits: UInt8 = 0
            if isIdentifierContinue(byte) { bits |= ByteClass.name }
            if byte &- UInt8(ascii: "0") < 10 { bits |= ByteClass.digit | ByteClass.hex }
            if (byte | 0x20) &- UInt8(ascii: "a") < 6 { bits |= ByteClass.hex }
            classes[b] = bits
        }
    }

    deinit { classes.deallocate() }

    /// The classes of a byte: one load instead of a chain of range tests.
    enum ByteClass {
        /// A letter, digit or `_` (continues a name, a unit, a colour).
        static let name: UInt8 = 1
        /// `0`–`9`.
        static let digit: UInt8 = 2
        /// `0`–`9`, `a`–`f`, `A`–`F`.
        static let hex: UInt8 = 4
    }

    /// The classes of the byte at `index`, 0 past the end.
    @inline(__always) func classOf(_ index: Int) -> UInt8 {
        index < bytes.count ? classes[Int(bytes[index])] : 0
    }

    @inline(__always) func byte(_ index: Int) -> UInt8 { index < bytes.count ? bytes[index] : 0 }

    @inline(__always) func emit(_ kind: TokenKind, _ start: Int, _ end: Int, flags: UInt8 = 0) {
        // Offsets fit: `tokenize` refuses files of `ParseLimits.maximumFileSize` or more.
        tokens.append(Token(kind: kind, flags: flags, start: UInt32(truncatingIfNeeded: start),
                            end: UInt32(truncatingIfNeeded: end)))
    }

    func span(_ start: Int, _ end: Int) -> Span { Span(file: file, start: UInt32(start), end: UInt32(end)) }

    func report(_ diagnostic: Diagnostic) {
        reporter.report(diagnostic)
        if reporter.isCapped { stopAt = 0 }
    }

    func run() {
        let count = bytes.count
        var i = 0
        // A byte order mark says nothing to us; skip it silently.
        if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
        // `stopAt` drops to 0 when the reporter is capped: the loop then ends before the next token.
        while i < stopAt {
            let b = bytes[i]
            // Names and numbers (half the tokens) by their class, one load and test: the
            // switch below then holds single bytes only, one jump table, where ranges
            // first made every punctuation byte pass three range tests (issue 38).
            let bits = classes[Int(b)]
            if bits & ByteClass.name != 0 {
                i = bits & ByteClass.digit != 0 ? lexNumber(i) : lexIdentifier(i)
                continue
            }
            switch b {
            case 0x20, 0x09, 0x0D, 0x0C:  // space, tab, CR (of CRLF), form feed
                i += 1
            case 0x0A:  // \n
                if !interpolations.isEmpty { closeOpenInterpolations(at: i) }
                emitNewline(i, i + 1)
                i += 1
            case UInt8(ascii: "\""):
                i = lexStringPiece(pieceStart: i, contentStart: i + 1, first: true, quote: i)
            case UInt8(ascii: "#"):
                i = lexColor(i)
            case UInt8(ascii: "/"):
                let next = byte(i + 1)
                if next == UInt8(ascii: "/") {
                    i = lexLineComment(i)
                } else if next == UInt8(ascii: "*") {
                    i = lexBlockComment(i)
                } else {
                    emit(.slash, i, i + 1); i += 1
                }
            case UInt8(ascii: "("):
                if !interpolations.isEmpty { interpolations[interpolations.count - 1].parenDepth += 1 }
                emit(.leftParen, i, i + 1); i += 1
            case UInt8(ascii: ")"):
                if let last = interpolations.last {
                    if last.parenDepth == 0 {
                        interpolations.removeLast()
                        i = lexStringPiece(pieceStart: i, contentStart: i + 1, first: false, quote: last.quote)
                        continue
                    }
                    interpolations[interpolations.count - 1].parenDepth -= 1
                }
                emit(.rightParen, i, i + 1); i += 1
            case UInt8(ascii: "["): emit(.leftBracket, i, i + 1); i += 1
            case UInt8(ascii: "]"): emit(.rightBracket, i, i + 1); i += 1
            case UInt8(ascii: "{"): emit(.leftBrace, i, i + 1); i += 1
            case UInt8(ascii: "}"): emit(.rightBrace, i, i + 1); i += 1
            // `, ` and `: ` are how nearly every argument is written: the space goes with them.
            case UInt8(ascii: ","):
                emit(.comma, i, i + 1); i += 1
                if i < count, bytes[i] == 0x20 { i += 1 }
            case UInt8(ascii: ":"):
                emit(.colon, i, i + 1); i += 1
                if i < count, bytes[i] == 0x20 { i += 1 }
            case UInt8(ascii: ";"): emit(.semicolon, i, i + 1); i += 1
            case UInt8(ascii: "+"): emit(.plus, i, i + 1); i += 1
            case UInt8(ascii: "*"): emit(.star, i, i + 1); i += 1
            case UInt8(ascii: "%"): emit(.percent, i, i + 1); i += 1
            case UInt8(ascii: "."):
                let next = byte(i + 1)
                if next &- UInt8(ascii: "0") < 10 {
                    i = lexNumber(i)
                } else if next == UInt8(ascii: "."), byte(i + 2) == UInt8(ascii: "<") {
                    emit(.halfOpenRange, i, i + 3); i += 3
                } else if next == UInt8(ascii: "."), byte(i + 2) == UInt8(ascii: ".") {
                    emit(.closedRange, i, i + 3); i += 3
                } else if next == UInt8(ascii: ".") {
                    // `0..5`: a range written as in other languages.
                    report(LexMessages.incompleteRangeOperator(at: span(i, i + 2)))
                    emit(.invalid, i, i + 2, flags: Token.reported); i += 2
                } else {
                    emit(.dot, i, i + 1); i += 1
                }
            case UInt8(ascii: "-"):
                let next = byte(i + 1)
                if next == UInt8(ascii: ">") {
                    emit(.arrowRight, i, i + 2); i += 2
                } else if next == UInt8(ascii: "-") {
                    emit(.dashDash, i, i + 2); i += 2
                } else {
                    emit(.minus, i, i + 1); i += 1
                }
            case UInt8(ascii: "<"):
                let next = byte(i + 1)
                if next == UInt8(ascii: "-") {
                    if byte(i + 2) == UInt8(ascii: ">") {
                        emit(.arrowBoth, i, i + 3); i += 3
                    } else {
                        emit(.arrowLeft, i, i + 2); i += 2
                    }
                } else if next == UInt8(ascii: "=") {
                    emit(.lessEqual, i, i + 2); i += 2
                } else {
                    emit(.less, i, i + 1); i += 1
                }
            case UInt8(ascii: ">"):
                if byte(i + 1) == UInt8(ascii: "=") {
                    emit(.greaterEqual, i, i + 2); i += 2
                } else {
                    emit(.greater, i, i + 1); i += 1
                }
            case UInt8(ascii: "="):
                if byte(i + 1) == UInt8(ascii: "=") {
                    emit(.equalEqual, i, i + 2); i += 2
                } else {
                    emit(.equal, i, i + 1); i += 1
                }
            case UInt8(ascii: "!"):
                if byte(i + 1) == UInt8(ascii: "=") {
                    emit(.bangEqual, i, i + 2); i += 2
                } else {
                    emit(.bang, i, i + 1); i += 1
                }
            case UInt8(ascii: "&"):
                if byte(i + 1) == UInt8(ascii: "&") {
                    emit(.ampersandAmpersand, i, i + 2); i += 2
                } else {
                    i = lexStrayCharacter(i)
                }
            case UInt8(ascii: "|"):
                if byte(i + 1) == UInt8(ascii: "|") {
                    emit(.pipePipe, i, i + 2); i += 2
                } else {
                    i = lexStrayCharacter(i)
                }
            default:
                i = lexStrayCharacter(i)
            }
        }
        closeOpenInterpolations(at: count)
        emit(.endOfFile, count, count)
    }

    /// One newline token for a run of line ends (blank and comment lines between them).
    func emitNewline(_ start: Int, _ end: Int) {
        if !tokens.isEmpty, tokens.last.kind != .newline {
            emit(.newline, start, end)
        }
    }

    /// A line end or the end of the file inside `"… \(…`: the string is unterminated.
    /// Each open interpolation gets a zero-length tail token flagged as reported, so the
    /// parser sees well-formed string pieces and does not report the same mistake again.
    func closeOpenInterpolations(at offset: Int) {
        while let open = interpolations.popLast() {
            report(LexMessages.unterminatedString(at: span(open.quote, lineEnd(from: open.quote))))
            emit(.stringTail, offset, offset, flags: Token.reported | Token.unterminated)
        }
    }

    /// Offset of the end of the line containing `offset` (before `\r\n` or `\n`).
    func lineEnd(from offset: Int) -> Int {
        var j = offset
        while j < bytes.count, bytes[j] != 0x0A { j += 1 }
        if j > offset, bytes[j - 1] == 0x0D { j -= 1 }
        return j
    }

    // identifier = letter { letter | digit } ;
    // letter = "a" … "z" | "A" … "Z" | "_" ;
    @inline(__always) func lexIdentifier(_ start: Int) -> Int {
        var j = start &+ 1
        let count = bytes.count
        while j < count, classes[Int(bytes[j])] & ByteClass.name != 0 { j &+= 1 }
        // Keywords are 2 to 6 bytes long; longer names need no lookup, nor do names whose
        // length and first byte no keyword has (`width`, `fill`, `stroke`: most of them).
        let length = j &- start
        emit(length <= 6 && Lexer.mayBeKeyword(length, bytes[start]) ? keywordKind(start, length) : .identifier, start, j)
        return j
    }

    /// False when no keyword has this length and first byte (true may be a near miss:
    /// `keywordKind` decides). One bit per keyword of `(first + 21 × length) mod 64`; the
    /// factor keeps the common property names off the keywords' bits. CatalogueTests lexes
    /// every keyword, so a keyword added to `keywordKind` without its bit here fails there.
    @inline(__always) static func mayBeKeyword(_ length: Int, _ first: UInt8) -> Bool {
        // in if fn let def for page else true then none style false import
        let keywordBits: UInt64 = 0x0200_08A8_1009_8114
        return (keywordBits >> UInt64((Int(first) &+ length &* 21) & 63)) & 1 != 0
    }

    @inline(__always) func isIdentifierByte(_ b: UInt8) -> Bool {
        isIdentifierContinue(b)
    }

    /// The keyword spelled by `bytes[start..<start+length]`, or `.identifier`. Out of line:
    /// inlined, its switch made `lexIdentifier` too large to inline into `run`.
    @inline(never) func keywordKind(_ start: Int, _ length: Int) -> TokenKind {
        @inline(__always) func matches(_ word: StaticString) -> Bool {
            let pointer = word.utf8Start
            for k in 0..<length where bytes[start + k] != pointer[k] { return false }
            return true
        }
        switch (length, bytes[start]) {
        case (2, UInt8(ascii: "i")):
            if matches("in") { return .keywordIn }
            if matches("if") { return .keywordIf }
        case (3, UInt8(ascii: "l")): if matches("let") { return .keywordLet }
        case (3, UInt8(ascii: "d")): if matches("def") { return .keywordDef }
        case (3, UInt8(ascii: "f")): if matches("for") { return .keywordFor }
        case (4, UInt8(ascii: "p")): if matches("page") { return .keywordPage }
        case (4, UInt8(ascii: "e")): if matches("else") { return .keywordElse }
        case (4, UInt8(ascii: "t")):
            if matches("true") { return .keywordTrue }
            if matches("then") { return .keywordThen }
        case (4, UInt8(ascii: "n")): if matches("none") { return .keywordNone }
        case (5, UInt8(ascii: "s")): if matches("style") { return .keywordStyle }
        case (5, UInt8(ascii: "f")): if matches("false") { return .keywordFalse }
        case (6, UInt8(ascii: "i")): if matches("import") { return .keywordImport }
        case (2, UInt8(ascii: "f")): if matches("fn") { return .keywordFn }
        default: break
        }
        return .identifier
    }

    // number = mantissa [ exponent ] [ unit ] ;
    // mantissa = digits [ "." digits ] | "." digits ;
    // exponent = ( "e" | "E" ) [ "+" | "-" ] digits ;
    // unit = "pt" | "in" | "mm" | "cm" | "px" | "deg" | "%" ;
    /// Whether the mantissa of the number in `start..<end` has a digit other than 0.
    func hasNonZeroDigit(_ start: Int, _ end: Int) -> Bool {
        var j = start
        while j < end, byte(j) != UInt8(ascii: "e"), byte(j) != UInt8(ascii: "E") {
            if byte(j) &- UInt8(ascii: "1") < 9 { return true }
            j += 1
        }
        return false
    }

    @inline(__always) func lexNumber(_ start: Int) -> Int {
        // The common case first: digits with at most one fraction, followed by no unit, no
        // exponent, no second fraction and short enough that no range check applies (the
        // general path below would emit exactly this token, reporting nothing).
        var j = start
        while classOf(j) & ByteClass.digit != 0 { j += 1 }
        if j < bytes.count, bytes[j] == UInt8(ascii: "."), classOf(j + 1) & ByteClass.digit != 0 {
            j += 2
            while classOf(j) & ByteClass.digit != 0 { j += 1 }
        }
        if j - start < 16, classOf(j) & ByteClass.name == 0 {
            let next = byte(j)
            if next != UInt8(ascii: "."), next != UInt8(ascii: "%") {
                emit(.number, start, j)
                return j
            }
        }
        return lexNumberInGeneral(start)
    }

    func lexNumberInGeneral(_ start: Int) -> Int {
        var j = start
        func isDigit(_ b: UInt8) -> Bool { b &- UInt8(ascii: "0") < 10 }
        while isDigit(byte(j)) { j += 1 }
        if byte(j) == UInt8(ascii: "."), isDigit(byte(j + 1)) {
            j += 1
            while isDigit(byte(j)) { j += 1 }
        }
        // A second fraction (`1.2.3`) is a typo the parser would report confusingly.
        if byte(j) == UInt8(ascii: "."), isDigit(byte(j + 1)) {
            while isDigit(byte(j)) || byte(j) == UInt8(ascii: ".") && isDigit(byte(j + 1)) { j += 1 }
            while isIdentifierByte(byte(j)) || byte(j) == UInt8(ascii: "%") { j += 1 }
            report(LexMessages.malformedNumber(text(start, j), at: span(start, j)))
            emit(.number, start, j, flags: Token.reported)
            return j
        }
        let e = byte(j)
        var hasExponent = false
        if e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            var k = j + 1
            let sign = byte(k) == UInt8(ascii: "+") || byte(k) == UInt8(ascii: "-")
            if sign { k += 1 }
            if isDigit(byte(k)) {
                j = k
                hasExponent = true
                while isDigit(byte(j)) { j += 1 }
            } else if sign || !isIdentifierByte(byte(j + 1)) {
                // `1e`, `1e+`: an exponent without digits. (`1em` is a unit, checked below.)
                report(LexMessages.malformedNumber(text(start, k), at: span(start, k)))
                emit(.number, start, k, flags: Token.reported)
                return k
            }
        }
        let numberEnd = j
        if byte(j) == UInt8(ascii: "%") {
            j += 1
        } else if isIdentifierByte(byte(j)) {
            let unitStart = j
            while isIdentifierByte(byte(j)) { j += 1 }
            if numberUnit(unitStart, j) == nil {
                report(LexMessages.unknownUnit(text(unitStart, j), at: span(unitStart, j)))
                emit(.number, start, j, flags: Token.reported)
                return j
            }
        }
        // Only an exponent or a very long mantissa can overflow; the rest need no check.
        if hasExponent || numberEnd - start >= 20 {
            let value = parseNumberValue(bytes, start, numberEnd)
            if !value.isFinite {
                report(LexMessages.numberTooLarge(text(start, numberEnd), at: span(start, numberEnd)))
                emit(.number, start, j, flags: Token.reported)
                return j
            }
            // `1e-400` rounds to zero: as far out of range as `1e400`, so said as well rather
            // than read silently as 0. (A literal of zeros, `0e-400`, is zero.)
            if value == 0, hasNonZeroDigit(start, numberEnd) {
                report(LexMessages.numberTooSmall(text(start, numberEnd), at: span(start, numberEnd)))
                emit(.number, start, j, flags: Token.reported)
                return j
            }
        }
        if j == numberEnd, numberEnd - start >= 16, !hasExponent, isBeyondExactIntegers(start, numberEnd) {
            report(LexMessages.inexactInteger(text(start, numberEnd), at: span(start, numberEnd)))
        }
        emit(.number, start, j)
        return j
    }

    /// Whether `bytes[start..<end]` is all digits (an integer literal) greater than 2^53:
    /// beyond it a Double no longer holds every integer, so the number is not the one
    /// written (`12345678901234567` reads as 12345678901234568).
    func isBeyondExactIntegers(_ start: Int, _ end: Int) -> Bool {
        var first = start
        while first < end - 1 && byte(first) == UInt8(ascii: "0") { first += 1 }
        let limit: StaticString = "9007199254740992"
        for k in first..<end where byte(k) &- UInt8(ascii: "0") >= 10 { return false }
        if end - first != limit.utf8CodeUnitCount { return end - first > limit.utf8CodeUnitCount }
        for k in 0..<limit.utf8CodeUnitCount where byte(first + k) != limit.utf8Start[k] {
            return byte(first + k) > limit.utf8Start[k]
        }
        return false
    }

    func numberUnit(_ start: Int, _ end: Int) -> NumberUnit? {
        numberUnitOf(bytes, start, end)
    }

    func text(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    // color = "#" hex-digit hex-digit hex-digit [ hex-digit ]
    //             [ hex-digit hex-digit [ hex-digit hex-digit ] ] ;
    @inline(__always) func lexColor(_ start: Int) -> Int {
        var j = start + 1
        var all = ByteClass.hex
        while true {
            let bits = classOf(j)
            if bits & ByteClass.name == 0 { break }
            all &= bits
            j += 1
        }
        let digits = j - start - 1
        if all != 0, digits == 3 || digits == 4 || digits == 6 || digits == 8 {
            emit(.color, start, j)
        } else {
            report(LexMessages.malformedColor(text(start, j), at: span(start, j)))
            emit(.color, start, j, flags: Token.reported)
        }
        return j
    }

    // line-comment = "//" { any-character - line-feed } ;
    func lexLineComment(_ start: Int) -> Int {
        var j = start + 2
        while j < bytes.count {
            let b = bytes[j]
            if b == 0x0A { break }
            if b < 0x80 { j += 1 } else { j = skipScalar(j) }
        }
        var end = j
        if end > start + 2, bytes[end - 1] == 0x0D { end -= 1 }
        comments.append(Comment(style: .line, span: span(start, end)))
        return j
    }

    // block-comment = "/*" { block-comment | any-character } "*/" ;
    func lexBlockComment(_ start: Int) -> Int {
        var j = start + 2
        var depth = 1
        var sawNewline = false
        while j < bytes.count {
            let b = bytes[j]
            if b == UInt8(ascii: "*"), byte(j + 1) == UInt8(ascii: "/") {
                j += 2
                depth -= 1
                if depth == 0 { break }
            } else if b == UInt8(ascii: "/"), byte(j + 1) == UInt8(ascii: "*") {
                j += 2
                depth += 1
            } else if b < 0x80 {
                if b == 0x0A { sawNewline = true }
                j += 1
            } else {
                j = skipScalar(j)
            }
        }
        if depth > 0 {
            report(LexMessages.unterminatedComment(at: span(start, start + 2)))
        }
        comments.append(Comment(style: .block, span: span(start, j)))
        // A comment over several lines separates statements like the line end it contains.
        if sawNewline { emitNewline(start, j) }
        return j
    }

    /// Steps over one non-ASCII scalar at `j`, reporting invalid UTF-8 (one byte at a time).
    func skipScalar(_ j: Int) -> Int {
        let length = utf8SequenceLength(j)
        if length == 0 {
            report(LexMessages.invalidUTF8(bytes[j], at: span(j, j + 1)))
            return j + 1
        }
        return j + length
    }

    /// The length of the valid UTF-8 sequence starting at `j`, or 0 (RFC 3629, table 3-7
    /// of the Unicode standard: no overlong forms, no surrogates, nothing above U+10FFFF).
    func utf8SequenceLength(_ j: Int) -> Int {
        let b0 = bytes[j]
        @inline(__always) func continuation(_ k: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
            let b = byte(k)
            return b >= low && b <= high
        }
        switch b0 {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return continuation(j + 1) ? 2 : 0
        case 0xE0: return continuation(j + 1, 0xA0) && continuation(j + 2) ? 3 : 0
        case 0xED: return continuation(j + 1, 0x80, 0x9F) && continuation(j + 2) ? 3 : 0
        case 0xE1...0xEF: return continuation(j + 1) && continuation(j + 2) ? 3 : 0
        case 0xF0: return continuation(j + 1, 0x90) && continuation(j + 2) && continuation(j + 3) ? 4 : 0
        case 0xF4: return continuation(j + 1, 0x80, 0x8F) && continuation(j + 2) && continuation(j + 3) ? 4 : 0
        case 0xF1...0xF3: return continuation(j + 1) && continuation(j + 2) && continuation(j + 3) ? 4 : 0
        default: return 0
        }
    }

    /// A byte that starts no token: report it (or its whole scalar) and emit `.invalid`.
    func lexStrayCharacter(_ start: Int) -> Int {
        let length = utf8SequenceLength(start)
        if length == 0 {
            report(LexMessages.invalidUTF8(bytes[start], at: span(start, start + 1)))
            emit(.invalid, start, start + 1, flags: Token.reported)
            return start + 1
        }
        var scalar = Unicode.Scalar(0)!
        var decoder = UTF8()
        var iterator = UnsafeBufferPointer(rebasing: bytes[start..<start + length]).makeIterator()
        if case .scalarValue(let value) = decoder.decode(&iterator) { scalar = value }
        report(LexMessages.unexpectedCharacter(scalar, at: span(start, start + length)))
        emit(.invalid, start, start + length, flags: Token.reported)
        return start + length
    }

    // string = '"' { string-character | escape | interpolation } '"' ;
    // escape = "\n" | "\t" | '\"' | "\\" | "\u{" hex-digit { hex-digit } "}" ;
    // interpolation = "\(" expression ")" ;
    /// Lexes one piece of a string: from its opening `"` (first) or from the `)` that closed
    /// an interpolation, to the closing `"` or the next `\(`.
    func lexStringPiece(pieceStart: Int, contentStart: Int, first: Bool, quote: Int) -> Int {
        var j = contentStart
        var flags: UInt8 = 0
        let count = bytes.count
        while true {
            j = Self.skipPlainASCII(bytes, from: j)
            if j >= count || bytes[j] == 0x0A || (bytes[j] == 0x0D && byte(j + 1) == 0x0A) {
                report(LexMessages.unterminatedString(at: span(quote, j)))
                emit(first ? .string : .stringTail, pieceStart, j, flags: flags | Token.reported | Token.unterminated)
                // Interpolations opened before this piece are unterminated too.
                closeOpenInterpolations(at: j)
                return j
            }
            let b = bytes[j]
            if b == UInt8(ascii: "\"") {
                emit(first ? .string : .stringTail, pieceStart, j + 1, flags: flags)
                return j + 1
            }
            if b == UInt8(ascii: "\\") {
                let next = byte(j + 1)
                switch next {
                case UInt8(ascii: "n"), UInt8(ascii: "t"), UInt8(ascii: "\""), UInt8(ascii: "\\"):
                    flags |= Token.hasEscapes
                    j += 2
                case UInt8(ascii: "("):
                    emit(first ? .stringHead : .stringMiddle, pieceStart, j + 2, flags: flags)
                    interpolations.append(Interpolation(quote: quote, parenDepth: 0))
                    return j + 2
                case UInt8(ascii: "u"):
                    flags |= Token.hasEscapes
                    j = lexUnicodeEscape(j, flags: &flags)
                case 0x0A, 0x0D:
                    // A backslash at the end of the line: the string is unterminated; say so there.
                    flags |= Token.reported
                    report(LexMessages.invalidEscape("\\", at: span(j, j + 1)))
                    j += 1
                default:
                    flags |= Token.hasEscapes | Token.reported
                    let length = j + 1 < count ? max(1, utf8SequenceLength(j + 1)) : 0
                    report(LexMessages.invalidEscape(text(j, j + 1 + length), at: span(j, j + 1 + length)))
                    j += 1 + length
                }
                continue
            }
            if b < 0x80 {
                j += 1
            } else {
                let length = utf8SequenceLength(j)
                if length == 0 {
                    flags |= Token.reported
                    report(LexMessages.invalidUTF8(b, at: span(j, j + 1)))
                    j += 1
                } else {
                    j += length
                }
            }
        }
    }

    /// The first offset from `start` on, in steps of 8 bytes, where a word holds something
    /// other than plain ASCII string text: a byte ≥ 0x80, `"`, `\\`, a line feed or a carriage
    /// return (the byte loop decides those). A long points string is scanned a word at a time.
    @inline(__always)
    static func skipPlainASCII(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var j = start
        guard let base = UnsafeRawPointer(bytes.baseAddress) else { return j }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZeroByte(_ v: UInt64) -> Bool { (v &- ones) & ~v & highs != 0 }
        while j &+ 8 <= bytes.count {
            let word = base.loadUnaligned(fromByteOffset: j, as: UInt64.self)
            if word & highs != 0 || hasZeroByte(word ^ (ones &* 0x22)) || hasZeroByte(word ^ (ones &* 0x5C))
                || hasZeroByte(word ^ (ones &* 0x0A)) || hasZeroByte(word ^ (ones &* 0x0D)) { return j }
            j &+= 8
        }
        return j
    }

    /// `\u{1F600}` at `j` (the backslash); returns the offset after it.
    func lexUnicodeEscape(_ j: Int, flags: inout UInt8) -> Int {
        var k = j + 2
        guard byte(k) == UInt8(ascii: "{") else {
            flags |= Token.reported
            report(LexMessages.invalidUnicodeEscape(text(j, k), at: span(j, k)))
            return k
        }
        k += 1
        var value: UInt32 = 0
        var digits = 0
        while true {
            let b = byte(k) | 0x20
            let digit: UInt32
            if b &- UInt8(ascii: "0") < 10 { digit = UInt32(b - UInt8(ascii: "0")) }
            else if b &- UInt8(ascii: "a") < 6 { digit = UInt32(b - UInt8(ascii: "a") + 10) }
            else { break }
            if digits < 8 { value = value << 4 | digit }
            digits += 1
            k += 1
        }
        let closed = byte(k) == UInt8(ascii: "}")
        if closed { k += 1 }
        if !closed || digits == 0 || digits > 8 || Unicode.Scalar(value) == nil {
            flags |= Token.reported
            report(LexMessages.invalidUnicodeEscape(text(j, k), at: span(j, k)))
        }
        return k
    }
}

/// A letter, digit or `_`: one bit test instead of three range checks (the identifier loop
/// runs over most bytes of a typical drawing).
@inline(__always) func isIdentifierContinue(_ b: UInt8) -> Bool {
    if b < 64 { return b &- UInt8(ascii: "0") < 10 }
    // `A`–`Z` (bits 1–26), `_` (bit 31), `a`–`z` (bits 33–58) of the bytes 64…127.
    let letters: UInt64 = 0x07FF_FFFE_87FF_FFFE
    return b < 128 && (letters >> UInt64(b & 63)) & 1 != 0
}

/// The unit spelled by `bytes[start..<end]` (after a number), or nil.
package func numberUnitOf(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> NumberUnit? {
    if end - start == 1 { return bytes[start] == UInt8(ascii: "%") ? .percent : nil }
    if end - start == 2 {
        switch (bytes[start], bytes[start + 1]) {
        case (UInt8(ascii: "p"), UInt8(ascii: "t")): return .pt
        case (UInt8(ascii: "i"), UInt8(ascii: "n")): return .inch
        case (UInt8(ascii: "m"), UInt8(ascii: "m")): return .mm
        case (UInt8(ascii: "c"), UInt8(ascii: "m")): return .cm
        case (UInt8(ascii: "p"), UInt8(ascii: "x")): return .px
        default: return nil
        }
    }
    if end - start == 3, bytes[start] == UInt8(ascii: "d"), bytes[start + 1] == UInt8(ascii: "e"),
       bytes[start + 2] == UInt8(ascii: "g") {
        return .deg
    }
    return nil
}

/// The value of the decimal number in `bytes[start..<end]` (no unit), correctly rounded.
/// Integers and short decimals take an exact fast path (Clinger's: both operands exact
/// doubles, one correctly rounded division); anything else goes through the standard
/// library's parser.
package func parseNumberValue(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Double {
    var mantissa: UInt64 = 0
    var digits = 0
    var fractionDigits = 0
    var seenDot = false
    var j = start
    while j < end {
        let b = bytes[j]
        if b == UInt8(ascii: ".") {
            seenDot = true
        } else if b &- UInt8(ascii: "0") < 10 {
            mantissa = mantissa &* 10 &+ UInt64(b - UInt8(ascii: "0"))
            digits += 1
            if seenDot { fractionDigits += 1 }
        } else {
            break  // an exponent: take the slow path
        }
        j += 1
    }
    if j == end, digits <= 15, fractionDigits <= 22 {
        // 10^k is an exact double for k <= 22, so the division rounds once, correctly.
        var power = 1.0
        for _ in 0..<fractionDigits { power *= 10 }
        return Double(mantissa) / power
    }
    var text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    if text.hasPrefix(".") { text = "0" + text }
    return Double(text) ?? .nan
}
