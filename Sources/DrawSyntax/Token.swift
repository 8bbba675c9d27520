// Tokens of the .draw language: a kind and a byte span, never copied text.
//
// Comments are not tokens: the lexer keeps them aside (`File.comments`). Newlines are
// tokens because they end statements; a run of blank lines and comment lines gives one.

import DrawDiagnostics

/// What a token is. The doc comment of each case shows its source text.
package enum TokenKind: UInt8, Sendable {
    /// The end of the input (zero-length, at the end of the file).
    case endOfFile
    /// `\n` (or `\r\n`), possibly several with blank and comment lines between; also a
    /// block comment that spans lines.
    case newline
    /// `;`
    case semicolon

    /// `name`, `_x1`: an ASCII letter or `_`, then letters, digits and `_`.
    case identifier
    /// `let`
    case keywordLet
    /// `style`
    case keywordStyle
    /// `def`
    case keywordDef
    /// `import`
    case keywordImport
    /// `page`
    case keywordPage
    /// `for`
    case keywordFor
    /// `in`
    case keywordIn
    /// `if`
    case keywordIf
    /// `else`
    case keywordElse
    /// `true`
    case keywordTrue
    /// `false`
    case keywordFalse
    /// `none`
    case keywordNone
    /// `fn` (a value function: `fn name(params) = expr`)
    case keywordFn
    /// `then` (in a conditional expression: `if c then a else b`)
    case keywordThen

    /// `12`, `1.5`, `.5`, `1e3`, with an optional glued unit: `12pt`, `50%`, `30deg`.
    case number
    /// `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`.
    case color
    /// `"text"`: a whole string without interpolation.
    case string
    /// `"text \(`: a string up to its first interpolation.
    case stringHead
    /// `) text \(`: string text between two interpolations.
    case stringMiddle
    /// `) text"`: string text after the last interpolation.
    case stringTail

    /// `(`
    case leftParen
    /// `)`
    case rightParen
    /// `[`
    case leftBracket
    /// `]`
    case rightBracket
    /// `{`
    case leftBrace
    /// `}`
    case rightBrace
    /// `,`
    case comma
    /// `:`
    case colon
    /// `.`
    case dot
    /// `=`
    case equal

    /// `+`
    case plus
    /// `-`
    case minus
    /// `*`
    case star
    /// `/`
    case slash
    /// `%` (not glued to a number, where it is a unit)
    case percent
    /// `==`
    case equalEqual
    /// `!=`
    case bangEqual
    /// `<`
    case less
    /// `<=`
    case lessEqual
    /// `>`
    case greater
    /// `>=`
    case greaterEqual
    /// `&&`
    case ampersandAmpersand
    /// `||`
    case pipePipe
    /// `!`
    case bang
    /// `..<`
    case halfOpenRange
    /// `...`
    case closedRange

    /// `->`
    case arrowRight
    /// `<-`
    case arrowLeft
    /// `<->`
    case arrowBoth
    /// `--`
    case dashDash

    /// A byte sequence that is no token (a stray character, invalid UTF-8); already reported.
    case invalid

    // Trivia: only in the lossless token stream (`SyntaxTokens`), never seen by the parser.
    /// Spaces, tabs, form feeds and lone carriage returns within a line: `  `, `\t`.
    case whitespace
    /// `// text`, up to (not including) the line end (and a `\r` before it).
    case lineComment
    /// `/* text */`, nested ones included, or up to the end of the file when unterminated.
    case blockComment
    /// The UTF-8 byte order mark `EF BB BF` at the very start of the file.
    case byteOrderMark
    /// Bytes the lexer never reached (after "too many errors", or a file over the size
    /// limit): kept so that the stream still covers the whole file.
    case skipped

    /// True for `let style def import page for in if else true false none fn then`.
    package var isKeyword: Bool {
        switch self {
        case .keywordLet, .keywordStyle, .keywordDef, .keywordImport, .keywordPage, .keywordFor,
             .keywordIn, .keywordIf, .keywordElse, .keywordTrue, .keywordFalse, .keywordNone,
             .keywordFn, .keywordThen:
            true
        case .endOfFile, .newline, .semicolon, .identifier, .number, .color, .string, .stringHead,
             .stringMiddle, .stringTail, .leftParen, .rightParen, .leftBracket, .rightBracket,
             .leftBrace, .rightBrace, .comma, .colon, .dot, .equal, .plus, .minus, .star, .slash,
             .percent, .equalEqual, .bangEqual, .less, .lessEqual, .greater, .greaterEqual,
             .ampersandAmpersand, .pipePipe, .bang, .halfOpenRange, .closedRange, .arrowRight,
             .arrowLeft, .arrowBoth, .dashDash, .invalid,
             .whitespace, .lineComment, .blockComment, .byteOrderMark, .skipped:
            false
        }
    }

    /// Tokens after which a newline does not end the statement: `,` and binary operators
    /// (including the connector arrows), because a line cannot end with them.
    package var continuesLine: Bool {
        switch self {
        case .comma, .plus, .minus, .star, .slash, .percent, .equalEqual, .bangEqual, .less,
             .lessEqual, .greater, .greaterEqual, .ampersandAmpersand, .pipePipe, .halfOpenRange,
             .closedRange, .arrowRight, .arrowLeft, .arrowBoth, .dashDash:
            true
        case .endOfFile, .newline, .semicolon, .identifier, .keywordLet, .keywordStyle, .keywordDef,
             .keywordImport, .keywordPage, .keywordFor, .keywordIn, .keywordIf, .keywordElse,
             .keywordTrue, .keywordFalse, .keywordNone, .number, .color, .string, .stringHead,
             .stringMiddle, .stringTail, .leftParen, .rightParen, .leftBracket, .rightBracket,
             .leftBrace, .rightBrace, .colon, .dot, .equal, .bang, .invalid,
             .keywordFn, .keywordThen,
             .whitespace, .lineComment, .blockComment, .byteOrderMark, .skipped:
            false
        }
    }

    /// True for what the lossless stream adds around the parser's tokens: whitespace, line
    /// ends (`.newline` there stands for a run of line ends and the blank lines between),
    /// comments and the byte order mark. Everything else carries meaning.
    package var isTrivia: Bool {
        switch self {
        case .whitespace, .newline, .lineComment, .blockComment, .byteOrderMark:
            true
        case .endOfFile, .semicolon, .identifier, .keywordLet, .keywordStyle, .keywordDef,
             .keywordImport, .keywordPage, .keywordFor, .keywordIn, .keywordIf, .keywordElse,
             .keywordTrue, .keywordFalse, .keywordNone, .number, .color, .string, .stringHead,
             .stringMiddle, .stringTail, .leftParen, .rightParen, .leftBracket, .rightBracket,
             .leftBrace, .rightBrace, .comma, .colon, .dot, .equal, .plus, .minus, .star, .slash,
             .percent, .equalEqual, .bangEqual, .less, .lessEqual, .greater, .greaterEqual,
             .ampersandAmpersand, .pipePipe, .bang, .halfOpenRange, .closedRange, .arrowRight,
             .arrowLeft, .arrowBoth, .dashDash, .invalid, .skipped,
             .keywordFn, .keywordThen:
            false
        }
    }

    /// The connector operator this token spells, if it is one.
    package var connectorOperator: ConnectorOperator? {
        switch self {
        case .arrowRight: .forward
        case .arrowLeft: .backward
        case .arrowBoth: .both
        case .dashDash: .plain
        default: nil
        }
    }

    /// How the token is named in messages when its own text is not quoted.
    package var description: String {
        switch self {
        case .endOfFile: "end of file"
        case .newline: "newline"
        case .semicolon: "';'"
        case .identifier: "name"
        case .keywordLet: "'let'"
        case .keywordStyle: "'style'"
        case .keywordDef: "'def'"
        case .keywordImport: "'import'"
        case .keywordPage: "'page'"
        case .keywordFor: "'for'"
        case .keywordIn: "'in'"
        case .keywordIf: "'if'"
        case .keywordElse: "'else'"
        case .keywordTrue: "'true'"
        case .keywordFalse: "'false'"
        case .keywordNone: "'none'"
        case .keywordFn: "'fn'"
        case .keywordThen: "'then'"
        case .number: "number"
        case .color: "color"
        case .string, .stringHead: "string"
        case .stringMiddle, .stringTail: "string interpolation"
        case .leftParen: "'('"
        case .rightParen: "')'"
        case .leftBracket: "'['"
        case .rightBracket: "']'"
        case .leftBrace: "'{'"
        case .rightBrace: "'}'"
        case .comma: "','"
        case .colon: "':'"
        case .dot: "'.'"
        case .equal: "'='"
        case .plus: "'+'"
        case .minus: "'-'"
        case .star: "'*'"
        case .slash: "'/'"
        case .percent: "'%'"
        case .equalEqual: "'=='"
        case .bangEqual: "'!='"
        case .less: "'<'"
        case .lessEqual: "'<='"
        case .greater: "'>'"
        case .greaterEqual: "'>='"
        case .ampersandAmpersand: "'&&'"
        case .pipePipe: "'||'"
        case .bang: "'!'"
        case .halfOpenRange: "'..<'"
        case .closedRange: "'...'"
        case .arrowRight: "'->'"
        case .arrowLeft: "'<-'"
        case .arrowBoth: "'<->'"
        case .dashDash: "'--'"
        case .invalid: "invalid character"
        case .whitespace: "whitespace"
        case .lineComment, .blockComment: "comment"
        case .byteOrderMark: "byte order mark"
        case .skipped: "unread text"
        }
    }
}

/// One token: kind, flags and the half-open byte range it covers.
package struct Token: Hashable, Sendable {
    package var kind: TokenKind
    /// `Token.reported`, `Token.hasEscapes`.
    package var flags: UInt8
    package var start: UInt32
    package var end: UInt32

    /// The lexer already reported a problem inside this token (an unterminated string, a
    /// malformed number): the parser must not report it again.
    package static let reported: UInt8 = 1
    /// A string token whose text contains `\` escapes to decode.
    package static let hasEscapes: UInt8 = 2
    /// A string piece that is not closed by `"` (or, for a head or middle, by `\(`).
    package static let unterminated: UInt8 = 4

    package init(kind: TokenKind, flags: UInt8 = 0, start: UInt32, end: UInt32) {
        self.kind = kind
        self.flags = flags
        self.start = start
        self.end = end
    }

    package var wasReported: Bool { flags & Token.reported != 0 }
}
