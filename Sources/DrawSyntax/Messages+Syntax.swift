// The lexer's and parser's diagnostic ids, typed: every diagnostic of this stage names one
// of these cases, never a string (a test checks no id is written inline). The raw value is
// the stable id the corpus `.expected` files, JSON and the LSP show; wording lives in
// Messages+Lex.swift and Messages+Parse.swift.

import DrawDiagnostics

package enum SyntaxID: String, CaseIterable, Sendable {
    /// A source file larger than `ParseLimits.maximumFileSize`.
    case fileTooLarge = "lex.file-too-large"
    /// `12345678901234567`: an integer literal beyond 2^53 (a warning: it is not the number written).
    case inexactInteger = "lex.inexact-integer"
    /// `..` alone: `0..5`.
    case incompleteRangeOperator = "lex.incomplete-range-operator"
    /// `\q` in a string.
    case invalidEscape = "lex.invalid-escape"
    /// `\u{…}` that is malformed or names no Unicode scalar.
    case invalidUnicodeEscape = "lex.invalid-unicode-escape"
    /// A byte that does not start (or continue) a valid UTF-8 sequence.
    case invalidUtf8 = "lex.invalid-utf8"
    /// `#12345`, `#xyz`.
    case malformedColor = "lex.malformed-color"
    /// `1e`, `1e+`, `1.2.3`.
    case malformedNumber = "lex.malformed-number"
    /// `1e999`.
    case numberTooLarge = "lex.number-too-large"
    /// `1e-400`.
    case numberTooSmall = "lex.number-too-small"
    /// A character that starts no token (`@`, `$`, `é` outside a string).
    case unexpectedCharacter = "lex.unexpected-character"
    /// `12em`.
    case unknownUnit = "lex.unknown-unit"
    /// `/*` without its `*/`.
    case unterminatedComment = "lex.unterminated-comment"
    /// A string whose closing `"` is missing on its line.
    case unterminatedString = "lex.unterminated-string"
    /// `a < b < c`.
    case chainedComparison = "parse.chained-comparison"
    /// `a..<b..<c`.
    case chainedRange = "parse.chained-range"
    /// `else` that does not follow the block of an `if`.
    case elseWithoutIf = "parse.else-without-if"
    /// After a `,` in an argument list something that is no argument.
    case expectedArgument = "parse.expected-argument"
    /// `{` required after `for …`, `if …`, `else`, `style NAME`, `def NAME(…)`.
    case expectedBlock = "parse.expected-block"
    /// Two arguments of a node without a comma between them: `rect "a" fill: red`.
    case expectedComma = "parse.expected-comma"
    /// More tokens after a complete statement on the same line.
    case expectedEndOfStatement = "parse.expected-end-of-statement"
    /// `a ->` with nothing after the arrow.
    case expectedEndpoint = "parse.expected-endpoint"
    /// Where an expression must start: `let x =` at the end of a line, `fill: )`.
    case expectedExpression = "parse.expected-expression"
    /// `import` without a plain string.
    case expectedImportPath = "parse.expected-import-path"
    /// Connectors take only `name: value` arguments after the endpoints.
    case expectedLabelledArgument = "parse.expected-labelled-argument"
    /// A name where one is required: `let = 3`, `def (x)`, `for in xs`, `a.`.
    case expectedName = "parse.expected-name"
    /// A statement other than `name: value` inside `style NAME { … }`.
    case expectedProperty = "parse.expected-property"
    /// A line that starts with something no statement starts with.
    case expectedStatement = "parse.expected-statement"
    /// A particular token that is missing: `=` in `let`, `in` in `for`, `:` after a label.
    case expectedToken = "parse.expected-token"
    /// An expression tree deeper than later stages walk safely (`1+1+…` with thousands of terms).
    case expressionTooDeep = "parse.expression-too-deep"
    /// `font-size: 9pt`: a hyphenated (CSS/SVG) name where a label goes.
    case hyphenatedLabel = "parse.hyphenated-label"
    /// `import "\(x).draw"`: paths are resolved before evaluation, so they must be literal.
    case interpolatedImportPath = "parse.interpolated-import-path"
    /// A positional argument that is not the first: `rect fill: red, "label"`.
    case misplacedPositionalArgument = "parse.misplaced-positional-argument"
    /// Blocks, brackets, unary operators and interpolations nested beyond the limit.
    case nestingTooDeep = "parse.nesting-too-deep"
    /// `name: value` at the top level of a file.
    case propertyOutsideBlock = "parse.property-outside-block"
    /// More than `DiagnosticPolicy.syntax.maximumErrors` errors in one file; reporting stops.
    case tooManyErrors = "parse.too-many-errors"
    /// A `(`, `[`, `{` or string interpolation not closed where the closer was expected.
    case unclosedDelimiter = "parse.unclosed-delimiter"
    /// `}` (or `)`, `]`) with nothing open to close.
    case unexpectedClosingDelimiter = "parse.unexpected-closing-delimiter"
}

extension Diagnostic {
    static func error(_ id: SyntaxID, at span: Span, _ message: String, notes: [Note] = [], hints: [String] = [],
                      fixIts: [FixIt] = []) -> Diagnostic {
        Diagnostic(id.rawValue, .error, at: span, message, notes: notes, hints: hints, fixIts: fixIts)
    }

    static func warning(_ id: SyntaxID, at span: Span, _ message: String, notes: [Note] = [], hints: [String] = [],
                        fixIts: [FixIt] = []) -> Diagnostic {
        Diagnostic(id.rawValue, .warning, at: span, message, notes: notes, hints: hints, fixIts: fixIts)
    }
}
