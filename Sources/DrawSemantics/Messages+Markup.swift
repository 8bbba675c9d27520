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
