// The messages of data files (DataFiles.swift: the CSV and JSON readers behind `csv()` and
// `json()`), in one place to review for tone: each function's doc comment shows file content
// that triggers it. Each is placed at its bytes in the data file; ids are SemanticsID's `data.*`.

import DrawDiagnostics

enum DataMessages {
    // MARK: Any data file

    /// A byte that is not UTF-8 (a Latin-1 `é`, 0xE9).
    static func invalidUTF8(_ byte: UInt8, at span: Span) -> Diagnostic {
        .error(.dataInvalidUtf8, at: span, "the file is not valid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true)))",
               notes: [.init("save the file as UTF-8")])
    }

    // MARK: CSV

    /// `name,,size`: a header column without a name (`column` from 1).
    static func emptyHeaderName(column: Int, at span: Span) -> Diagnostic {
        .error(.dataEmptyFieldName, at: span, "column \(column) of the header row has no name")
    }

    /// `name,size,name`.
    static func headerNameTwice(_ name: String, at span: Span) -> Diagnostic {
        .error(.dataDuplicateFieldName, at: span, "the header names '\(name)' twice")
    }

    /// `a,b` under a header of three: `count` fields, `header` in the header (note at it).
    static func fieldCount(_ count: Int, header: Int, headerRow: Span, at span: Span) -> Diagnostic {
        .error(.dataFieldCount, at: span, "this row has \(count) field\(count == 1 ? "" : "s"), the header has \(header)",
               notes: [.init("the header row", at: headerRow)])
    }

    /// `"abc,1` to the end of the file.
    static func unclosedQuote(at span: Span) -> Diagnostic {
        .error(.dataUnclosedQuote, at: span, "this quoted field is not closed",
               notes: [.init("a field that starts with '\"' ends with '\"'; a quote inside it is written '\"\"'")])
    }

    /// `"a"b,1`: `text` after the closing quote.
    static func textAfterQuote(_ text: String, at span: Span) -> Diagnostic {
        .error(.dataTextAfterQuote, at: span, "unexpected '\(text)' after the closing quote of a field",
               notes: [.init("a quote inside a quoted field is written '\"\"'")])
    }

    /// `a "b" c,1`.
    static func strayQuote(at span: Span) -> Diagnostic {
        .error(.dataStrayQuote, at: span, "a '\"' inside a field that does not start with one",
               notes: [.init("put the whole field in quotes and write the quote twice: \"a \"\"b\"\" c\"")])
    }

    // MARK: JSON

    /// An empty file, or one of white space.
    static func noValue(at span: Span) -> Diagnostic {
        .error(.dataJsonSyntax, at: span, "the file holds no JSON value")
    }

    /// `{"a": 1} x`: `found` as `describeByte` writes it.
    static func textAfterValue(_ found: String, at span: Span) -> Diagnostic {
        .error(.dataJsonSyntax, at: span, "unexpected \(found) after the JSON value")
    }

    /// `[1, ` to the end of the file.
    static func valueMissingAtEnd(at span: Span) -> Diagnostic {
        .error(.dataJsonSyntax, at: span, "expected a JSON value, found end of file")
    }

    /// Arrays and objects nested past `DataLimits.maximumJSONDepth`.
    static func tooDeep(at span: Span) -> Diagnostic {
        .error(.dataJsonTooDeep, at: span, "arrays and objects nest deeper than \(DataLimits.maximumJSONDepth) levels")
    }

    /// `[1, ?]` (`['a']`: with the note that strings take double quotes).
    static func expectedValue(found: String, singleQuote: Bool, at span: Span) -> Diagnostic {
        .error(.dataJsonSyntax, at: span, "expected a JSON value, found \(found)",
               notes: singleQuote ? [.init("strings in JSON are written in double quotes")] : [])
    }

    /// `[True]`: a word that is not one of JSON's.
    static func unknownWord(_ word: String, at span: Span) -> Diagnostic {
        .error(.dataJsonSyntax, at: span, "expected a JSON value, found '\(word)'", notes: [.init("the JSON words are true, false and null")])
    }

    /// `[01]`, `[1.]`, `[1e]`.
    static func malformedNumber(_ text: String, at span: Span) -> Diagnostic {
        .error(.dataJsonSyntax, at: span, "malformed JSON number '\(text)'")
    }

    /// `["\u12"]`.
    static func shortUnicodeEscape(at span: Span) -> Diagnostic {
        .error(.dataJsonEscape, at: span, "'\\u' must be followed by four hex digits")
    }

    /// `["\ud83d"]`.
    static func loneHighSurrogate(at span: Span) -> Diagnostic {
        .error(.dataJsonEscape, at: span, "a UTF-16 high surrogate without its low surrogate")
    }

    /// `["\ude00"]`.
    static func loneLowSurrogate(at span: Span) -> Diagnostic {
        .error(.dataJsonEscape, at: span, "a UTF-16 low surrogate without its high surrogate")
    }

    /// `["\x41"]`: `escape` as written.
    static func invalidEscape(_ escape: String, at span: Span) -> Diagnostic {
        .error(.dataJsonEscape, at: span, "invalid escape '\(escape)' in a JSON string",
               notes: [.init("the escapes of JSON are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX")])
    }

    /// A JSON string with a raw line break or another control character `byte` (note at its start).
    static func controlInString(_ byte: UInt8, stringStart: Span, at span: Span) -> Diagnostic {
        .error(.dataJsonSyntax, at: span,
               byte == 0x0A ? "a JSON string cannot hold a line break (write '\\n')"
                   : "a JSON string cannot hold control character 0x\(String(byte, radix: 16, uppercase: true))",
               notes: [.init("the string starts here", at: stringStart)])
    }

    /// `["abc` to the end of the file.
    static func unclosedString(at span: Span) -> Diagnostic {
        .error(.dataJsonSyntax, at: span, "this JSON string is not closed")
    }

    /// `[1, 2` to the end of the file: `closer` is `]` or `}`, `opener` its partner (note at it).
    static func unclosedAtEnd(_ closer: String, opener: String, opened: Span, at span: Span) -> Diagnostic {
        .error(.dataJsonSyntax, at: span, "expected ',' or '\(closer)', found end of file", notes: [.init("'\(opener)' opened here", at: opened)])
    }

    /// `[1, 2,]`.
    static func trailingComma(before closer: String, at span: Span) -> Diagnostic {
        .error(.dataJsonSyntax, at: span, "a trailing ',' before '\(closer)' is not allowed in JSON")
    }

    /// `[1 2]`: `found` as `describeByte` writes it.
    static func expectedCommaOrClose(_ closer: String, found: String, opener: String, opened: Span, at span: Span) -> Diagnostic {
        .error(.dataJsonSyntax, at: span, "expected ',' or '\(closer)', found \(found)", notes: [.init("'\(opener)' opened here", at: opened)])
    }

    /// `{a: 1}`.
    static func expectedFieldName(found: String, opened: Span, at span: Span) -> Diagnostic {
        .error(.dataJsonSyntax, at: span, "expected a field name in double quotes, found \(found)",
               notes: [.init("'{' opened here", at: opened)])
    }

    /// `{"a": 1, "a": 2}`.
    static func fieldTwice(_ name: String, first: Span, at span: Span) -> Diagnostic {
        .error(.dataDuplicateFieldName, at: span, "the field '\(name)' is given twice in this object",
               notes: [.init("first given here", at: first)])
    }

    /// `{"a" 1}`.
    static func expectedColon(found: String, at span: Span) -> Diagnostic {
        .error(.dataJsonSyntax, at: span, "expected ':' after the field name, found \(found)")
    }

    /// What `describeByte` says at the end of a data file.
    static let endOfFile = "end of file"
}

extension TypeExpectation {
    /// `csv("a.csv", header: 1)`: the named argument `label` of `csv`.
    static func csvOption(_ label: String) -> TypeExpectation { .namedArgument(label, of: "csv", expected: "a bool") }
}
