// The parser's messages, in one place to review for tone: lower case, no final period,
// source text in single quotes, "expected X, found Y". The id before each message is
// stable; wording may improve.

import DrawCatalogue
import DrawDiagnostics

package enum ParseMessages {
    /// Where an expression must start: `let x =` at the end of a line, `fill: )`.
    static func expectedExpression(found: String, at span: Span) -> Diagnostic {
        .error(.expectedExpression, at: span, "expected expression, found \(found)")
    }

    /// A line that starts with something no statement starts with.
    static func expectedStatement(found: String, at span: Span) -> Diagnostic {
        .error(.expectedStatement, at: span, "expected statement, found \(found)")
    }

    /// More tokens after a complete statement on the same line.
    static func expectedEndOfStatement(found: String, at span: Span) -> Diagnostic {
        .error(.expectedEndOfStatement, at: span, "expected newline or ';' after statement, found \(found)")
    }

    /// A name where one is required: `let = 3`, `def (x)`, `for in xs`, `a.`.
    static func expectedName(after context: String, found: String, at span: Span) -> Diagnostic {
        .error(.expectedName, at: span, "expected name after \(context), found \(found)")
    }

    /// A particular token that is missing: `=` in `let`, `in` in `for`, `:` after a label.
    static func expectedToken(_ token: String, after context: String, found: String, at span: Span) -> Diagnostic {
        .error(.expectedToken, at: span, "expected \(token) after \(context), found \(found)")
    }

    /// `{` required after `for …`, `if …`, `else`, `style NAME`, `def NAME(…)`.
    static func expectedBlock(after context: String, found: String, at span: Span) -> Diagnostic {
        .error(.expectedBlock, at: span, "expected '{' after \(context), found \(found)")
    }

    /// Two arguments of a node without a comma between them: `rect "a" fill: red`.
    static func expectedComma(found: String, at span: Span) -> Diagnostic {
        .error(.expectedComma, at: span, "expected ',' between arguments, found \(found)")
    }

    /// `width: 100 pt`: a unit written apart from its number.
    static func detachedUnit(_ joined: String, at span: Span) -> Diagnostic {
        .error(.expectedComma, at: span, "a unit is written right after its number: '\(joined)'",
               fixIts: [.init(replacing: span, with: joined)])
    }

    /// After a `,` in an argument list something that is no argument.
    static func expectedArgument(found: String, at span: Span) -> Diagnostic {
        .error(.expectedArgument, at: span, "expected argument after ',', found \(found)")
    }

    /// Connectors take only `name: value` arguments after the endpoints.
    static func expectedLabelledArgument(found: String, at span: Span) -> Diagnostic {
        .error(.expectedLabelledArgument, at: span, "expected 'name: value' argument, found \(found)")
    }

    /// `a ->` with nothing after the arrow.
    static func expectedEndpoint(after arrow: String, found: String, at span: Span) -> Diagnostic {
        .error(.expectedEndpoint, at: span, "expected node after '\(arrow)', found \(found)")
    }

    /// `import` without a plain string.
    static func expectedImportPath(found: String, at span: Span) -> Diagnostic {
        .error(.expectedImportPath, at: span, "expected file path string after 'import', found \(found)")
    }

    /// `import "\(x).draw"`: paths are resolved before evaluation, so they must be literal.
    static func interpolatedImportPath(at span: Span) -> Diagnostic {
        .error(.interpolatedImportPath, at: span, "import path cannot contain interpolation")
    }

    /// A `(`, `[`, `{` or string interpolation not closed where the closer was expected.
    static func unclosedDelimiter(expected closer: String, opener: String, openedAt: Span, found: String, at span: Span) -> Diagnostic {
        .error(.unclosedDelimiter, at: span, "expected '\(closer)', found \(found)",
               notes: [.init("'\(opener)' opened here", at: openedAt)])
    }

    /// A `}` missing at the end of the file, pinned by indentation to the block most likely
    /// left open: the first whose `}` is indented less than the line that opened it.
    /// ```
    /// vstack {
    ///   group {
    ///     rect "b"
    ///
    ///   rect "c"      // the group's `}` belongs before this line
    /// }
    /// ```
    static func unclosedBlockByIndentation(opener: Span, closer: Span, missingBefore line: Span, insertAt: Span, insert: String,
                                           at span: Span) -> Diagnostic {
        var notes: [Diagnostic.Note] = [.init("this '{' is probably the one not closed", at: opener),
                                        .init("the '}' that closes it instead is indented less than the line that opened it", at: closer)]
        if line != closer { notes.append(.init("its '}' probably belongs before this line, indented as its own", at: line)) }
        return .error(.unclosedDelimiter, at: span, "expected '}', found end of file", notes: notes,
                      fixIts: [.init(replacing: insertAt, with: insert)])
    }

    /// `}` (or `)`, `]`) with nothing open to close.
    static func unexpectedClosingDelimiter(_ text: String, at span: Span) -> Diagnostic {
        .error(.unexpectedClosingDelimiter, at: span, "unexpected '\(text)' with nothing to close")
    }

    /// A positional argument that is not the first: `rect fill: red, "label"`.
    static func misplacedPositionalArgument(at span: Span) -> Diagnostic {
        .error(.misplacedPositionalArgument, at: span, "only the first argument may be positional",
               notes: [.init("write 'name: value' for the others")])
    }

    /// `font-size: 9pt`, `background-color: red`: a hyphenated (CSS/SVG) name where a label
    /// goes. Its camelCase form when that is a property, else drawc's name for the CSS one
    /// (`fill`), else a phrase (`font-weight` → `bold: true`, the whole argument's fix-it when
    /// the value says bold), else the closest property name.
    static func hyphenatedLabel(_ text: String, camelCase: String, at span: Span, argument: Span, value: String) -> Diagnostic {
        let message = "\(quotedSource(text)) is not a property name; names are written in camelCase"
        if let face = OtherNames.faceArgument(forCamelCase: camelCase, value: value) {
            return .error(.hyphenatedLabel, at: span, message, notes: [.init("drawc writes this '\(face)'")],
                          fixIts: [.init(replacing: argument, with: face)])
        }
        switch OtherNames.property(forCamelCase: camelCase) {
        case let suggestion? where suggestion.replacement:
            let note = suggestion.text == camelCase ? "did you mean '\(camelCase)'?" : "drawc calls this '\(suggestion.text)'"
            return .error(.hyphenatedLabel, at: span, message, notes: [.init(note)],
                          fixIts: [.init(replacing: span, with: suggestion.text)])
        case let suggestion?:
            return .error(.hyphenatedLabel, at: span, message, notes: [.init(suggestion.text)])
        case nil:
            guard let guess = closestMatch(to: camelCase, in: Property.names) else {
                return .error(.hyphenatedLabel, at: span, message, notes: [.init("no property is called \(quotedSource(camelCase))")])
            }
            return .error(.hyphenatedLabel, at: span, message, notes: [.init("did you mean '\(guess)'?")],
                          fixIts: [.init(replacing: span, with: guess)])
        }
    }

    /// A property line indented under a node whose statement ended without a comma:
    /// ```
    /// hstack spacing: 10pt {
    ///   rect "A",
    ///     fill: red
    ///     rotate: 30      // the hstack's, not the rect's
    /// }
    /// ```
    static func continuationLine(_ name: String, appliesTo owner: String, looksLike previous: String, at span: Span,
                                 previous previousSpan: Span, commaAt: Span) -> Diagnostic {
        .warning(.continuationLine, at: span,
                 "\(quotedSource(name)) applies to the enclosing \(quotedSource(owner)), not to the \(quotedSource(previous)) above it",
                 notes: [.init("it is indented as if it continued this statement, which ends without ','", at: previousSpan),
                         .init("add ',' at the end of the line before so that \(quotedSource(previous)) takes it, or indent it level with \(quotedSource(previous))")],
                 fixIts: [.init(replacing: commaAt, with: ",")])
    }

    /// `name: value` at the top level of a file.
    static func propertyOutsideBlock(_ name: String, at span: Span) -> Diagnostic {
        .error(.propertyOutsideBlock, at: span, "property \(quotedSource(name)) outside a block",
               notes: [.init("properties go in a node's argument list or inside its '{ … }' block")])
    }

    /// A statement other than `name: value` inside `style NAME { … }`.
    static func expectedPropertyInStyle(found: String, at span: Span) -> Diagnostic {
        .error(.expectedProperty, at: span, "expected 'name: value' in style, found \(found)")
    }

    /// `else` that does not follow the block of an `if`.
    static func elseWithoutIf(at span: Span) -> Diagnostic {
        .error(.elseWithoutIf, at: span, "'else' without a preceding 'if'")
    }

    /// `a < b < c`.
    static func chainedComparison(_ op: String, at span: Span) -> Diagnostic {
        .error(.chainedComparison, at: span, "comparison '\(op)' cannot follow another comparison",
               notes: [.init("combine comparisons with '&&' or add parentheses")])
    }

    /// `a..<b..<c`.
    static func chainedRange(_ op: String, at span: Span) -> Diagnostic {
        .error(.chainedRange, at: span, "range '\(op)' cannot follow another range")
    }

    /// Blocks, brackets, unary operators and interpolations nested beyond the limit.
    static func nestingTooDeep(at span: Span) -> Diagnostic {
        .error(.nestingTooDeep, at: span,
               "nesting is too deep (the limit is \(ParseLimits.maximumNestingDepth) levels)")
    }

    /// An expression tree deeper than later stages walk safely (`1+1+…` with thousands of terms).
    static func expressionTooDeep(at span: Span) -> Diagnostic {
        .error(.expressionTooDeep, at: span,
               "expression is too deep (the limit is \(ParseLimits.maximumExpressionDepth) levels)",
               notes: [.init("split it with 'let'")])
    }

}
