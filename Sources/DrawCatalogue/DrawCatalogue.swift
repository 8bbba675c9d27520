// DrawCatalogue — the one description of the .draw language's vocabulary.
//
// Takes nothing and depends on nothing but the standard library, so every stage and every
// tool (the checker, did-you-mean, the language server's completion and hover, the reference
// tables of docs/language.md) can import it. Hands on: for every node kind, property,
// built-in function, named colour, page size, anchor and keyword, one declaration with its
// name, what it takes, where it applies, its default, whether it is inherited, a short doc
// and an example.
//
// Invariants: each name is declared once (a test checks the tables have no duplicates and
// that docs/language.md's reference section is exactly what `Reference.markdown` renders).
// What a value *does* lives with the stage that uses it (evaluation turns a property's value
// into a field of the node, layout reads the field); this target knows no values, only the
// vocabulary, so it cannot drift from a second copy: there is none.

/// What a property, a function parameter or a page setting takes, for checking messages,
/// completion and hover. The words a value may be are listed separately (`PropertySpec.words`).
package enum ValueType: UInt8, Hashable, Sendable, CaseIterable {
    /// A name or a string (`id:`).
    case identifier
    /// A point `(x, y)` or an anchor `a.right + (4, 0)`.
    case point
    /// A node name or a point (`from:`, `to:`).
    case endpoint
    /// A list of points (`points:`, `via:`).
    case points
    /// A length (a plain number is points).
    case length
    /// `(w, h)` or one length for both.
    case size
    /// A length, `(vertical, horizontal)` or `(top, right, bottom, left)`.
    case insets
    /// An angle (a plain number is degrees).
    case angle
    /// A plain number.
    case number
    /// A number from 0 to 1 or a percentage.
    case fraction
    /// `true` or `false`.
    case bool
    /// A string.
    case string
    /// A colour: `#hex`, `rgb(…)`, a named colour.
    case color
    /// A colour or `none`.
    case paint
    /// One of the words listed with it.
    case word
    /// A style or a list of styles.
    case style
    /// A font name, a font file path or a list of them.
    case font
    /// Anything else; the `expects` text says what.
    case other

    /// How the type is written in the reference and in hover.
    package var name: String {
        switch self {
        case .identifier: "name"
        case .point: "point"
        case .endpoint: "endpoint"
        case .points: "points"
        case .length: "length"
        case .size: "size"
        case .insets: "insets"
        case .angle: "angle"
        case .number: "number"
        case .fraction: "fraction"
        case .bool: "bool"
        case .string: "string"
        case .color: "colour"
        case .paint: "paint"
        case .word: "word"
        case .style: "style"
        case .font: "font"
        case .other: "value"
        }
    }
}

/// Makes a markdown code span of each word: `a b c`.
func codeWords(_ words: [String]) -> String { words.map { "`\($0)`" }.joined(separator: " ") }
