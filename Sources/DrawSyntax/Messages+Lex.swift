// The lexer's messages, in one place to review for tone: lower case, no final period,
// source text in single quotes. The id before each message is stable; wording may improve.

import DrawDiagnostics

package enum LexMessages {
    /// A byte that does not start (or continue) a valid UTF-8 sequence.
    static func invalidUTF8(_ byte: UInt8, at span: Span) -> Diagnostic {
        .error(.invalidUtf8, at: span, "invalid UTF-8 byte \(hexByte(byte))")
    }

    /// A character that starts no token (`@`, `$`, `é` outside a string).
    static func unexpectedCharacter(_ scalar: Unicode.Scalar, at span: Span) -> Diagnostic {
        var notes: [Diagnostic.Note] = []
        switch scalar {
        case "'": notes.append(.init("strings are written in double quotes"))
        case "&": notes.append(.init("the logical and is written '&&'"))
        case "|": notes.append(.init("the logical or is written '||'"))
        case "?": notes.append(.init("a conditional expression is written 'if condition then a else b'"))
        default: break
        }
        return .error(.unexpectedCharacter, at: span, "unexpected character \(describe(scalar))", notes: notes)
    }

    /// A string whose closing `"` is missing on its line.
    static func unterminatedString(at span: Span) -> Diagnostic {
        .error(.unterminatedString, at: span, "unterminated string",
               notes: [.init("a string ends with '\"' on the line where it starts")])
    }

    /// `/*` without its `*/`.
    static func unterminatedComment(at span: Span) -> Diagnostic {
        .error(.unterminatedComment, at: span, "unterminated block comment",
               notes: [.init("'/*' needs a matching '*/'")])
    }

    /// `\q` in a string.
    static func invalidEscape(_ text: String, at span: Span) -> Diagnostic {
        .error(.invalidEscape, at: span, "invalid escape sequence \(quotedSource(text)) in string",
               notes: [.init("valid escapes are '\\n', '\\t', '\\\"', '\\\\', '\\u{…}' and '\\(…)'")])
    }

    /// `\u{…}` that is malformed or names no Unicode scalar.
    static func invalidUnicodeEscape(_ text: String, at span: Span) -> Diagnostic {
        .error(.invalidUnicodeEscape, at: span, "invalid unicode escape \(quotedSource(text))",
               notes: [.init("write 1 to 8 hex digits naming a Unicode scalar, as in '\\u{1F600}'")])
    }

    /// `1e`, `1e+`, `1.2.3`.
    static func malformedNumber(_ text: String, at span: Span) -> Diagnostic {
        .error(.malformedNumber, at: span, "malformed number \(quotedSource(text))")
    }

    /// `1e999`.
    static func numberTooLarge(_ text: String, at span: Span) -> Diagnostic {
        .error(.numberTooLarge, at: span, "number \(quotedSource(text)) is too large")
    }

    /// `let ean = 12345678901234567`: an integer beyond 2^53, which a number cannot hold
    /// exactly (it reads as 12345678901234568).
    static func inexactInteger(_ text: String, at span: Span) -> Diagnostic {
        .warning(.inexactInteger, at: span,
                 "the integer \(quotedSource(text)) is beyond 9007199254740992 (2^53), where a number cannot hold every integer exactly",
                 notes: [.init("write it as a string to keep its digits: '\"\(text)\"'")],
                 fixIts: [.init(replacing: span, with: "\"" + text + "\"")])
    }

    /// `1e-400`: not zero, but smaller than the smallest number there is.
    static func numberTooSmall(_ text: String, at span: Span) -> Diagnostic {
        .error(.numberTooSmall, at: span, "number \(quotedSource(text)) is too small: it is not zero but would be read as 0",
               notes: [.init("numbers are double precision: non-zero ones lie between about 5e-324 and 1.8e308")])
    }

    /// `12em`.
    static func unknownUnit(_ unit: String, at span: Span) -> Diagnostic {
        let units = NumberUnit.lettered.map(\.spelling)
        var notes: [Diagnostic.Note] = []
        var fixIts: [Diagnostic.FixIt] = []
        if let match = closestMatch(to: unit, in: units) {
            notes.append(.init("did you mean '\(match)'?", at: span))
            fixIts.append(.init(replacing: span, with: match))
        }
        let all = NumberUnit.written.map(\.spelling)
        notes.append(.init("units are \(all.dropLast().joined(separator: ", ")) and \(all.last!)"))
        return .error(.unknownUnit, at: span, "unknown unit \(quotedSource(unit))", notes: notes, fixIts: fixIts)
    }

    /// `#12345`, `#xyz`.
    static func malformedColor(_ text: String, at span: Span) -> Diagnostic {
        .error(.malformedColor, at: span, "malformed color \(quotedSource(text))",
               notes: [.init("a color is '#' and 3, 4, 6 or 8 hex digits: '#rgb', '#rgba', '#rrggbb', '#rrggbbaa'")])
    }

    /// `..` alone: `0..5`.
    static func incompleteRangeOperator(at span: Span) -> Diagnostic {
        .error(.incompleteRangeOperator, at: span, "unexpected '..'",
               notes: [.init("a range is written 'a..<b' (without b) or 'a...b' (with b)")])
    }

    /// A file whose size does not fit the 32-bit offsets of spans.
    static func fileTooLarge(at span: Span) -> Diagnostic {
        .error(.fileTooLarge, at: span, "file is too large (more than \(ParseLimits.maximumFileSize) bytes)")
    }

    static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "0x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 15)])
    }

    /// A character as shown in a message: quoted if printable, `U+XXXX` otherwise.
    static func describe(_ scalar: Unicode.Scalar) -> String {
        if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
            || scalar.properties.generalCategory == .format || scalar.properties.isWhitespace {
            var hex = String(scalar.value, radix: 16, uppercase: true)
            while hex.count < 4 { hex = "0" + hex }
            return "U+" + hex
        }
        return "'" + String(Character(scalar)) + "'"
    }
}
