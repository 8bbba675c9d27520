// Values of the evaluator: what an expression evaluates to before a property turns it into
// a typed field of the node tree.

import DrawBase
import DrawDiagnostics
import DrawOutput

/// A runtime value. Lengths are in points, angles in degrees, percentages as fractions
/// (`50%` is 0.5); a plain number stands for points where a length is expected.
enum Value {
    case number(Double)
    case length(Double)
    case percent(Double)
    case angle(Double)
    case string(String)
    case color(Color)
    case bool(Bool)
    /// `none`.
    case none
    /// `(x, y)` of numbers or lengths, in points.
    case point(Double, Double)
    /// A tuple that is not a point: `(top, right, bottom, left)` or elements of other types.
    case tuple([Value])
    /// A point known only after layout: an anchor of a named node plus an offset. Boxed:
    /// inline, its 48-byte payload (a String and spans) made `Value` 49 bytes and its
    /// destruction a call through the type's value witness, ~43 instructions for every
    /// property applied (issue 38); anchors are rare.
    indirect case anchor(PointValue)
    case list([Value])
    /// `a..<b` / `a...b` of integers, as the half-open `lower..<upper`.
    case range(Int, Int)
    /// A name bound to nothing: a colour, a word such as `round`, or a node id.
    case word(String)
    /// A `style` declaration (index into the evaluator's styles).
    case style(Int)
    /// A `def` component (index into the evaluator's components).
    case component(Int)
    /// What a failed `let` binds: its uses fail silently (the error was reported once).
    case poison
    /// `{name: "x", qty: 2}` or a row of a data file: field names (shared by every row of
    /// one file) and values in the same order.
    case record(RecordKeys, [Value])
    /// An `fn` function (index into the evaluator's functions).
    case function(Int)
    /// A gradient or pattern: `linear(…)`, `radial(…)`, `hatch(…)`, `dots(…)`.
    indirect case paint(PaintSpec)
    /// The value of a `points:` literal of numeric tuples, `[(x, y), …]` or `[(x, y, p), …]`,
    /// packed (`PackedPoints`); made only for a `points:` argument (`evaluatePoints`), so
    /// no other consumer of lists meets it.
    case packedPoints(PackedPoints)

    /// The type's name as shown in diagnostics ("expected a length, found a color").
    var typeName: String {
        switch self {
        case .number: "a number"
        case .length: "a length"
        case .percent: "a percentage"
        case .angle: "an angle"
        case .string: "a string"
        case .color: "a color"
        case .bool: "a bool"
        case .none: "'none'"
        case .point: "a point"
        case .tuple(let items): "a \(items.count)-tuple"
        case .anchor: "a node anchor"
        case .list: "a list"
        case .range: "a range"
        case .word(let name): "the name '\(name)'"
        case .style: "a style"
        case .component: "a component"
        case .poison: "an invalid value"
        case .record: "a record"
        case .function: "a function"
        case .paint(let spec): spec.isPattern ? "a pattern" : "a gradient"
        case .packedPoints: "a list"
        }
    }
}

/// Text of a value in string interpolation: numbers as `formatNumber` writes them (exact
/// integers, else the shortest decimal that reads back); lengths in points with `pt`;
/// colours as `#rrggbb`.
func interpolationText(_ value: Value) -> String {
    switch value {
    case .number(let x): return formatNumber(x)
    case .length(let x): return formatNumber(x) + "pt"
    case .percent(let x): return formatNumber(x * 100) + "%"
    case .angle(let x): return formatNumber(x) + "deg"
    case .string(let s): return s
    case .color(let c): return hexText(c)
    case .bool(let b): return b ? "true" : "false"
    case .none: return "none"
    case .point(let x, let y): return "(" + formatNumber(x) + ", " + formatNumber(y) + ")"
    case .tuple(let items): return "(" + items.map(interpolationText).joined(separator: ", ") + ")"
    case .anchor(let p):
        let base = p.anchor.map { "\($0.nodeID).\($0.anchor)" } ?? ""
        return base + " + (" + formatNumber(p.offset.x) + ", " + formatNumber(p.offset.y) + ")"
    case .list(let items): return "[" + items.map(interpolationText).joined(separator: ", ") + "]"
    case .range(let a, let b): return "\(a)..<\(b)"
    case .word(let w): return w
    case .style: return "<style>"
    case .component: return "<component>"
    case .poison: return ""
    case .record(let keys, let values):
        var text = "{"
        for (index, value) in values.enumerated() {
            if index > 0 { text += ", " }
            text += keys.names[index] + ": "
            if case .string(let s) = value { text += "\"" + s + "\"" } else { text += interpolationText(value) }
        }
        return text + "}"
    case .function: return "<function>"
    case .paint(let spec): return spec.isPattern ? "<pattern>" : "<gradient>"
    case .packedPoints(let packed): return interpolationText(packed.listValue)
    }
}

/// A number as text: `DrawOutput.NumberFormat.writeText`, the one conversion (exact
/// integers up to 2^53, otherwise the shortest decimal that reads back; see NumberText.swift).
@inline(__always)
func formatNumber(_ x: Double) -> String { NumberFormat.text(x) }

/// `formatNumber(x)`'s UTF-8 appended to `bytes` (string interpolation builds its text as
/// bytes: no String per number).
@inline(__always)
func appendNumberText(_ x: Double, to bytes: inout [UInt8]) { NumberFormat.writeText(x, into: &bytes) }

func hexText(_ c: Color) -> String {
    func byte(_ v: Double) -> String {
        let n = Int((min(max(v, 0), 1) * 255).rounded())
        let digits = Array("0123456789abcdef")
        return String(digits[n >> 4]) + String(digits[n & 15])
    }
    return "#" + byte(c.red) + byte(c.green) + byte(c.blue) + (c.alpha < 1 ? byte(c.alpha) : "")
}

/// The field names of records, in order, with an index to find one: every row of a data
/// file shares one, so a 100,000-row table stores its header once.
final class RecordKeys {
    let names: [String]
    let index: [String: Int]
    init(_ names: [String]) {
        self.names = names
        var index: [String: Int] = [:]
        for (position, name) in names.enumerated() where index[name] == nil { index[name] = position }
        self.index = index
    }
}

/// Points as one array of numbers, `dimensions` (2: x, y; 3: x, y, pressure) to a point:
/// what a compact points string decodes to and what a list literal of numeric tuples is
/// read as, without a `Value` per number. Every consumer of `points:` takes this form.
struct PackedPoints {
    var values: [Double]
    var dimensions: Int
    var count: Int { values.count / dimensions }

    /// The point at `index` as the list literal's element evaluates to: `.point` for two
    /// numbers, a 3-tuple of numbers with a pressure.
    func element(_ index: Int) -> Value {
        let k = index * dimensions
        if dimensions == 2 { return .point(values[k], values[k + 1]) }
        return .tuple([.number(values[k]), .number(values[k + 1]), .number(values[k + 2])])
    }

    /// The list the literal would evaluate to (for messages only).
    var listValue: Value { .list((0..<count).map(element)) }
}
