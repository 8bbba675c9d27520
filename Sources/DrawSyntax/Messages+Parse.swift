// The parser's messages, in one place to review for tone: lower case, no final period,
// source text in single quotes, "expected X, found Y". The id before each message is
// stable; wording may improve.

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

    /// `}` (or `)`, `]`) with nothing open to close.
    static func unexpectedClosingDelimiter(_ text: String, at span: Span) -> Diagnostic {
        .error(.unexpectedClosingDelimiter, at: span, "unexpected '\(text)' with nothing to close")
    }

    /// A positional argument that is not the first: `rect fill: red, "label"`.
    static func misplacedPositionalArgument(at span: Span) -> Diagnostic {
        .error(.misplacedPositionalArgument, at: span, "only the first argument may be positional",
               notes: [.init("write 'name: value' for the others")])
    }

    /// `font-size: 9pt`: a hyphenated (CSS/SVG) name where a label goes.
    static func hyphenatedLabel(_ text: String, camelCase: String, at span: Span) -> Diagnostic {
        .error(.hyphenatedLabel, at: span, "\(quotedSource(text)) is not a property name; names are written in camelCase",
               notes: [.init("did you mean '\(camelCase)'?")], fixIts: [.init(replacing: span, with: camelCase)])
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
