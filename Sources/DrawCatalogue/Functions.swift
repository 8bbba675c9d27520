// Built-in functions and keywords.

/// One built-in function.
package struct FunctionSpec: Sendable {
    /// Where evaluation implements it: `numeric` and `color` functions take positional
    /// arguments only; `library` functions may take named ones (`namedParameters`).
    package enum Group: UInt8, Sendable, CaseIterable {
        case numeric, color, string, list, data
        case printing
        /// Gradients and patterns, values of `fill:` and `stroke:` (issue 24).
        case paint
        package var title: String {
            switch self {
            case .numeric: "Numbers"
            case .color: "Colours"
            case .string: "Strings"
            case .list: "Lists"
            case .data: "Data files"
            case .printing: "Printing"
            case .paint: "Paint"
            }
        }
        /// Implemented with the arithmetic (no named arguments) rather than the library.
        package var isArithmetic: Bool { self == .numeric || self == .color }
    }

    package let name: String
    package let group: Group
    /// The call as shown in signature help and hover: `mix(c1, c2, t)`.
    package let signature: String
    /// The positional parameters' names, for signature help (`…` ends a variadic list).
    package let parameters: [String]
    /// The named arguments it takes (`format(x, decimals: 2)`).
    package let namedParameters: [String]
    package let doc: String
    /// A call, which may use the functions `double(x)`, `isBig(x)` and `add(a, x)`.
    package let example: String

    init(_ name: String, _ group: Group, _ parameters: [String], named: [String] = [], doc: String, example: String) {
        self.name = name; self.group = group; self.parameters = parameters; self.namedParameters = named
        self.signature = name + "(" + (parameters + named.map { $0 + ": …" }).joined(separator: ", ") + ")"
        self.doc = doc; self.example = example
    }

    /// Every built-in function, by group then name.
    package static let all: [FunctionSpec] = [
        FunctionSpec("abs", .numeric, ["x"], doc: "The absolute value, of the same kind.", example: "abs(-3pt)"),
        FunctionSpec("atan2", .numeric, ["y", "x"], doc: "The angle of (x, y), in degrees.", example: "atan2(1, 1)"),
        FunctionSpec("ceil", .numeric, ["x"], doc: "Rounded up, of the same kind.", example: "ceil(2.1)"),
        FunctionSpec("cos", .numeric, ["angle"], doc: "The cosine of an angle (a number is degrees).", example: "cos(60deg)"),
        FunctionSpec("count", .numeric, ["x"], doc: "Elements of a list or range, characters of a string, fields of a record.",
                     example: "count([1, 2, 3])"),
        FunctionSpec("floor", .numeric, ["x"], doc: "Rounded down, of the same kind.", example: "floor(2.9)"),
        FunctionSpec("max", .numeric, ["a", "b", "…"], doc: "The largest of compatible values, or of one list.", example: "max(1in, 50pt)"),
        FunctionSpec("min", .numeric, ["a", "b", "…"], doc: "The smallest of compatible values, or of one list.", example: "min(3, 4)"),
        FunctionSpec("round", .numeric, ["x"], doc: "Rounded half away from zero, of the same kind.", example: "round(2.5)"),
        FunctionSpec("sin", .numeric, ["angle"], doc: "The sine of an angle (a number is degrees).", example: "sin(30deg)"),
        FunctionSpec("sqrt", .numeric, ["x"], doc: "The square root of a non-negative number.", example: "sqrt(2)"),
        FunctionSpec("tan", .numeric, ["angle"], doc: "The tangent of an angle (a number is degrees).", example: "tan(45deg)"),
        FunctionSpec("gray", .color, ["level"], doc: "A grey of a level from 0 (black) to 1 or a percentage.", example: "gray(50%)"),
        FunctionSpec("hsl", .color, ["h", "s", "l"], doc: "A colour from hue (degrees), saturation and lightness (CSS Color 4).",
                     example: "hsl(200deg, 60%, 50%)"),
        FunctionSpec("mix", .color, ["c1", "c2", "t"], doc: "Two colours mixed component-wise, `t` from 0 to 1.",
                     example: "mix(red, blue, 25%)"),
        FunctionSpec("rgb", .color, ["r", "g", "b"], doc: "A colour from 0–255 components or percentages.", example: "rgb(255, 128, 0)"),
        FunctionSpec("rgba", .color, ["r", "g", "b", "a"], doc: "As `rgb`, with alpha from 0 to 1 or a percentage.",
                     example: "rgba(0, 0, 0, 50%)"),
        FunctionSpec("chars", .string, ["s"], doc: "The characters (Unicode scalars) of a string.", example: "chars(\"abc\")"),
        FunctionSpec("codepoint", .string, ["c"], doc: "The code point of a one-character string.", example: "codepoint(\"A\")"),
        FunctionSpec("color", .string, ["s"], doc: "The colour a string names (`#hex` or a CSS name).", example: "color(\"#ff8800\")"),
        FunctionSpec("format", .string, ["number"], named: ["decimals", "grouping", "decimalMark"],
                     doc: "A number written with exactly `decimals` decimals (0–12, rounded half away from zero), "
                        + "`grouping` between groups of three digits and `decimalMark` for the point.",
                     example: "format(29756.333, decimals: 2, grouping: \",\")"),
        FunctionSpec("join", .string, ["list", "separator"], doc: "The elements written as in interpolation, separated.",
                     example: "join([1, 2, 3], \", \")"),
        FunctionSpec("lower", .string, ["s"], doc: "The string in lower case.", example: "lower(\"ABC\")"),
        FunctionSpec("pad", .string, ["value", "width"], named: ["with", "side"],
                     doc: "A string or number filled to `width` characters with `with:` at the `start` or `end`.",
                     example: "pad(7, 3, with: \"0\")"),
        FunctionSpec("replace", .string, ["s", "old", "new"], doc: "Every `old` replaced by `new`.",
                     example: "replace(\"a-b\", \"-\", \"+\")"),
        FunctionSpec("split", .string, ["s", "separator"], doc: "The words of a string, or the pieces between separators.",
                     example: "split(\"a b c\")"),
        FunctionSpec("trim", .string, ["s"], doc: "The string without white space at either end.", example: "trim(\"  a \")"),
        FunctionSpec("upper", .string, ["s"], doc: "The string in upper case.", example: "upper(\"abc\")"),
        FunctionSpec("enumerate", .list, ["list"], doc: "Records `{index: i, value: x}` of a list.", example: "enumerate([\"a\", \"b\"])"),
        FunctionSpec("filter", .list, ["list", "f"], doc: "The elements for which `f(x)` is true.",
                     example: "filter([1, 2, 3], isBig)"),
        FunctionSpec("keys", .list, ["record"], doc: "The field names of a record.", example: "keys({a: 1, b: 2})"),
        FunctionSpec("map", .list, ["list", "f"], doc: "`f(x)` of each element.", example: "map([1, 2], double)"),
        FunctionSpec("range", .list, ["a", "b", "step"], doc: "`[a, a + step, …]` up to but not including `b`.",
                     example: "range(0, 10, 2)"),
        FunctionSpec("reduce", .list, ["list", "initial", "f"], doc: "The elements folded into one with `f`.",
                     example: "reduce([1, 2, 3], 0, add)"),
        FunctionSpec("sum", .list, ["list"], doc: "The sum of numbers, lengths, angles or points.", example: "sum([1, 2, 3])"),
        FunctionSpec("values", .list, ["record"], doc: "The field values of a record.", example: "values({a: 1, b: 2})"),
        FunctionSpec("zip", .list, ["a", "b", "…"], doc: "Lists of the elements at the same position.", example: "zip([1, 2], [3, 4])"),
        FunctionSpec("csv", .data, ["path"], named: ["delimiter", "header", "numbers"],
                     doc: "The rows of a CSV file as records (or lists without a header).", example: "csv(\"people.csv\")"),
        FunctionSpec("json", .data, ["path"], doc: "The value a JSON file holds.", example: "json(\"data.json\")"),
        FunctionSpec("envelope", .printing, ["name"],
                     doc: "An addressed envelope's size and where its recipient and return address go (`envelope-10`, `dl`, `c6`, `c5`, `b5`).",
                     example: "envelope(\"dl\")"),
        FunctionSpec("linear", .paint, ["angle", "stops", "…"], named: ["from", "to", "spread", "units"],
                     doc: "A linear gradient: at `angle` (0 = left to right, clockwise) or from `from:` to `to:`; stops are colours or (color, position).",
                     example: "linear(90deg, red, (gold, 30%), blue)"),
        FunctionSpec("radial", .paint, ["stops", "…"], named: ["center", "radius", "focal", "spread", "units"],
                     doc: "A radial gradient from the focal point to the circle of `radius` around `center` (box fractions by default).",
                     example: "radial(white, steelblue, focal: (30%, 30%))"),
        FunctionSpec("hatch", .paint, ["angle", "spacing", "color", "width"],
                     doc: "A fill of parallel lines (defaults 45deg, 6pt, black, 0.75pt).", example: "hatch(45deg, 4pt, navy, 1pt)"),
        FunctionSpec("dots", .paint, ["spacing", "radius", "color"],
                     doc: "A fill of dots on a square grid (defaults 6pt, 1pt, black).", example: "dots(8pt, 2pt, green)"),
    ]

    /// Functions by name.
    package static let byName: [String: FunctionSpec] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })
    /// Names of the functions of `groups`, sorted.
    package static func names(_ include: (Group) -> Bool) -> [String] { all.filter { include($0.group) }.map(\.name).sorted() }
}

/// One keyword of the language.
package struct KeywordSpec: Sendable {
    package let name: String
    package let doc: String
    package let example: String

    /// Every keyword (the lexer's keyword tokens; a test checks they agree).
    package static let all: [KeywordSpec] = [
        KeywordSpec(name: "let", doc: "Binds a name to a value.", example: "let gap = 8pt"),
        KeywordSpec(name: "style", doc: "Declares a named set of properties.", example: "style card { fill: white }"),
        KeywordSpec(name: "def", doc: "Declares a component: a node kind with parameters.", example: "def badge(t) { rect t }"),
        KeywordSpec(name: "fn", doc: "Declares a function of values.", example: "fn area(w, h) = w * h"),
        KeywordSpec(name: "import", doc: "Reads the declarations of another file.", example: "import \"shapes.draw\""),
        KeywordSpec(name: "for", doc: "Repeats a block for each element of a range or list.", example: "for i in 0..<3 { rect }"),
        KeywordSpec(name: "in", doc: "Separates a loop's name from its sequence.", example: "for x in [1, 2] { rect }"),
        KeywordSpec(name: "if", doc: "A block, or a value, chosen by a condition.", example: "if n > 2 { rect }"),
        KeywordSpec(name: "then", doc: "Starts the first value of a conditional expression.", example: "let c = if n > 2 then red else blue"),
        KeywordSpec(name: "else", doc: "The alternative of an `if`.", example: "if n > 2 { rect } else { circle }"),
        KeywordSpec(name: "page", doc: "Page settings, or a page of a multi-page document.", example: "page size: a4"),
        KeywordSpec(name: "true", doc: "The bool true.", example: "rect clip: true"),
        KeywordSpec(name: "false", doc: "The bool false.", example: "text \"a\", bold: false"),
        KeywordSpec(name: "none", doc: "No paint, no dashes, no arrowheads.", example: "rect fill: none"),
    ]
}

/// One unit written after a number (completion and hover; the lexer's unit switch must
/// accept exactly these, a test checks).
package struct UnitSpec: Sendable {
    package let name: String
    /// Points per unit for lengths; nil for angles and percentages.
    package let points: Double?
    package let doc: String

    package static let all: [UnitSpec] = [
        UnitSpec(name: "pt", points: 1, doc: "points, 1/72 in"),
        UnitSpec(name: "in", points: 72, doc: "inches, 72 pt"),
        UnitSpec(name: "mm", points: 72 / 25.4, doc: "millimetres, 72/25.4 pt"),
        UnitSpec(name: "cm", points: 720 / 25.4, doc: "centimetres, 720/25.4 pt"),
        UnitSpec(name: "px", points: 0.75, doc: "CSS pixels at 96 dpi, 0.75 pt"),
        UnitSpec(name: "deg", points: nil, doc: "degrees (an angle)"),
        UnitSpec(name: "%", points: nil, doc: "a percentage (50% is 0.5)"),
    ]
}
