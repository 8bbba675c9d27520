// The ids of mistakes in a text's inline markup (`markup: true`), typed like every stage's ids.
// The markup is read here and reported by layout (which knows the string literal's bytes), so
// the ids keep layout's prefix; docs/language.md lists them.

package enum MarkupID: String, CaseIterable, Sendable {
    /// Two markers closed in the wrong order (`*a _b* c_`); note at the one still open.
    case crossed = "layout.markup-crossed"
    /// A span's `[…]` settings that do not read as `name: value, …`, or too many of them.
    case settings = "layout.markup-settings"
    /// More markers open at once than `MarkupLimits.maxDepth`.
    case tooDeep = "layout.markup-too-deep"
    /// A marker (`*`, `_`, `[…]{`) still open at the end of the text; note at where it opened.
    case unclosed = "layout.markup-unclosed"
    /// A span setting that is not one of the text properties a span may set (did you mean).
    case unknownProperty = "layout.markup-unknown-property"
    /// A closing marker (`}` or a lone `*`/`_` close) with nothing open.
    case unmatched = "layout.markup-unmatched"
    /// A span setting whose value is not of the property's type.
    case value = "layout.markup-value"
}

/// The wording of markup mistakes (Markup.swift), in one place to review for tone: each
/// function's doc comment shows text that triggers it. The parser places each message at its
/// bytes (`MarkupError`); layout reports it.
enum MarkupMessages {
    /// What was found where something else must come: `'x'`, or the end of the text (nil).
    static func found(_ text: String?) -> String { text.map { "'\($0)'" } ?? "the end of the text" }

    /// `*_[color: red]{…` nested past `MarkupLimits.maxDepth`.
    static func tooDeep() -> String { "markup is nested more than \(MarkupLimits.maxDepth) deep" }

    /// `*a _b* c_`: `closer` closes across `inner`, still open inside it.
    static func crossed(_ closer: String, across inner: String) -> String {
        "'\(closer)' closes across the '\(inner)' still open inside it"
    }

    /// `a }`: a `}` with no span open.
    static func unmatchedBrace() -> String { "'}' closes no span; write '}}' for the character itself" }

    /// `[color: red]{a *b}`: the span closed across `inner`.
    static func braceCrossed(_ inner: String) -> String { "'}' closes the span across the '\(inner)' still open inside it" }

    /// `*bold`, `_italic`, `[color: red]{red`: the closer of the markup `opener` (`*`, `_` or
    /// `[`) never comes.
    static func unclosed(opener: UInt8) -> String {
        let closer = opener == UInt8(ascii: "[") ? "}" : String(Unicode.Scalar(opener))
        let what = opener == UInt8(ascii: "*") ? "bold" : opener == UInt8(ascii: "_") ? "italic" : "span"
        return "expected '\(closer)' to close the \(what) markup, found the end of the text"
    }

    /// `[: red]{a}`.
    static func expectedName(found: String) -> String { "expected a text property name in the span's settings, found \(found)" }

    /// `[fill: red]{a}`: `names` are the settings a span takes.
    static func notSettable(_ name: String, names: [String]) -> String {
        "'\(name)' cannot be set in markup; a span sets \(names.joined(separator: ", "))"
    }

    /// `[color red]{a}`.
    static func expectedColon(after name: String, found: String) -> String { "expected ':' after '\(name)', found \(found)" }

    /// `[font: 'Noto Sans]{a}`.
    static func unendedQuote() -> String { "expected \"'\" to end the quoted value" }

    /// `[color: ]{a}`.
    static func expectedValue(for name: String, found: String) -> String { "expected a value for '\(name)', found \(found)" }

    /// A span with more settings than `MarkupLimits.maxSettings`.
    static func tooManySettings() -> String { "a span sets at most \(MarkupLimits.maxSettings) properties" }

    /// `[color: red{a}`.
    static func unendedSettings() -> String { "expected ']' to end the span's settings, found the end of the text" }

    /// `[color: red; bold: true]{a}`.
    static func expectedCommaOrBracket(found: String) -> String { "expected ',' or ']' in the span's settings, found '\(found)'" }

    /// `[color: red] {a}`.
    static func expectedBrace(found: String) -> String {
        "expected '{' after the span's settings, found \(found); write '[[' for the character '['"
    }

    // MARK: Values of span settings

    /// `[bold: yes]{a}`.
    static func notAFlag(_ name: String, _ value: String) -> String { "'\(name)' takes true or false, found '\(value)'" }

    /// `[align: center]{a}`: a property that is not one a span sets.
    static func notInMarkup(_ name: String) -> String { "'\(name)' cannot be set in markup" }

    /// `[color: reddish]{a}`.
    static func notAColor(_ value: String) -> String { "'\(value)' is not a color (a name such as 'red' or '#rrggbb')" }

    /// `[fontSize: big]{a}`.
    static func fontSizeNotMeasure(_ value: String) -> String { "'fontSize' takes a length or a percentage, found '\(value)'" }

    /// `[fontSize: 0pt]{a}`.
    static func fontSizeOutOfRange(_ value: String) -> String {
        "'fontSize' must be greater than zero and at most 10000pt, found '\(value)'"
    }

    /// `[fontSize: 0%]{a}`.
    static func fontScaleNotPositive(_ value: String) -> String { "'fontSize' must be greater than zero, found '\(value)'" }

    /// `[font: '']{a}`.
    static func fontEmpty() -> String { "'font' takes a font name or a font file path" }

    /// `[letterSpacing: 5000pt]{a}` (or `wordSpacing:`).
    static func spacingOutOfRange(_ name: String, _ value: String) -> String {
        "'\(name)' takes a length up to \(Int(TextLimits.maxSpacing))pt, found '\(value)'"
    }

    /// `[baselineShift: high]{a}`.
    static func baselineShiftNotMeasure(_ value: String) -> String {
        "'baselineShift' takes a length, a percentage, super, sub or baseline, found '\(value)'"
    }

    /// `[baselineShift: 5000pt]{a}`.
    static func baselineShiftOutOfRange() -> String { "'baselineShift' is out of range" }

    /// `[textTransform: upper]{a}`.
    static func notATextTransform(_ value: String) -> String {
        "'textTransform' takes none, uppercase, lowercase or capitalize, found '\(value)'"
    }
}
