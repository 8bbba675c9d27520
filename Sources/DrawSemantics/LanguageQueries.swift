// What tools (the language server) ask about the language: the node kinds, the properties
// valid for a kind with what they take, the words a property accepts, colours, page sizes,
// anchors, functions, keywords and units.
//
// This is the one interface the tools read; it answers from the tables the evaluator checks
// with (Properties.swift, NamedColors.swift, the evaluator's function and setting lists), so
// nothing here is a second copy of them. When the language catalogue of issue 15 lands, the
// bodies below read the catalogue instead and no tool changes.

import DrawDiagnostics
import DrawScene
import DrawSyntax

/// Answers about the language for tools. Every answer is deterministic (sorted or in the
/// tables' own order).
package enum LanguageQueries {
    /// A built-in node kind.
    package struct Kind: Sendable, Hashable {
        package var name: String
        /// What the positional argument means (`label`, `text`, `file path`…), or nil.
        package var positional: String?
    }

    /// A property of nodes (or a page or `labels` setting).
    package struct PropertyInfo: Sendable, Hashable {
        package var name: String
        /// What it takes, in words ("a color or 'none'").
        package var expected: String
        /// Inherited down the tree (paint and text).
        package var inherited: Bool
        /// The kinds it has an effect on; nil: every kind.
        package var kinds: [String]?
        /// The bare words it accepts (`round`, `center`…), sorted.
        package var words: [String]
        /// Whether its value is a colour (named colours are offered).
        package var takesColor: Bool
        /// Whether its value is a length (units are offered).
        package var takesLength: Bool
        /// A short description with an example, and the default as written; nil until the
        /// language catalogue provides them.
        package var doc: String? = nil
        package var defaultValue: String? = nil
    }

    /// A built-in function and its parameters.
    package struct Function: Sendable, Hashable {
        package var name: String
        package var parameters: [String]
        package var summary: String
    }

    /// The node kinds, in the order of the language reference (`pill` is `capsule`).
    package static var kinds: [Kind] {
        builtinKinds.map { Kind(name: $0.0, positional: $0.1.positionalMeaning) }
    }

    /// Whether `name` is a built-in node kind.
    package static func isKind(_ name: String) -> Bool { builtinKinds.contains { $0.0 == name } }

    /// Every node property, in declaration order.
    package static var properties: [PropertyInfo] { Property.allCases.map(info) }

    /// The node property called `name`, or nil.
    package static func property(named name: String) -> PropertyInfo? { Property.named(name).map(info) }

    /// The properties that have an effect on a node of kind `kindName` (all of them for an
    /// unknown kind, such as a component).
    package static func properties(forKind kindName: String) -> [PropertyInfo] {
        guard let kind = builtinKinds.first(where: { $0.0 == kindName })?.1 else { return properties }
        return Property.allCases.filter { !$0.isKindSpecific || $0.applies(to: kind) }.map(info)
    }

    /// Settings of `page` (`page size: a4, margin: 1cm`).
    package static let pageSettings: [PropertyInfo] = Evaluation.pagePropertyNames.map { name in
        switch name {
        case "size": PropertyInfo(name: name, expected: "a page size name or (width, height)", inherited: false, kinds: nil,
                                  words: pageSizeNames.keys.sorted(), takesColor: false, takesLength: true)
        case "orientation": PropertyInfo(name: name, expected: "portrait or landscape", inherited: false, kinds: nil,
                                         words: ["landscape", "portrait"], takesColor: false, takesLength: false)
        case "margin": PropertyInfo(name: name, expected: "a length, (vertical, horizontal) or (top, right, bottom, left)",
                                    inherited: false, kinds: nil, words: [], takesColor: false, takesLength: true)
        default: PropertyInfo(name: name, expected: "a color or 'none'", inherited: false, kinds: nil, words: ["none"],
                              takesColor: true, takesLength: false)
        }
    }

    /// Settings of `labels` (`labels row in data, template: "avery-5160"`).
    package static var labelsSettings: [String] { Evaluation.labelsSettingNames }

    /// The named colours as 0xRRGGBB, sorted by name.
    package static var colorNames: [(name: String, rgb: UInt32)] {
        NamedColors.table.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// The 0xRRGGBB of a named colour (case-insensitive), or nil.
    package static func namedColor(_ name: String) -> UInt32? { NamedColors.table[name.lowercased()] }

    /// Page sizes by name in points (portrait), sorted by name.
    package static var pageSizes: [(name: String, width: Double, height: Double)] {
        pageSizeNames.sorted { $0.key < $1.key }.map { ($0.key, $0.value.width, $0.value.height) }
    }

    /// The anchors of a named node (Pikchr's compass aliases included), long names first.
    package static let anchors: [String] = [
        "center", "top", "bottom", "left", "right", "topLeft", "topRight", "bottomLeft", "bottomRight",
        "n", "s", "e", "w", "ne", "nw", "se", "sw", "c",
    ].filter { anchorNames[$0] != nil }

    /// The members of a node reference besides its anchors.
    package static let frameMembers = ["x", "y", "width", "height"]

    /// The keywords.
    package static let keywords = ["let", "style", "def", "fn", "import", "page", "for", "in", "if", "then", "else",
                                   "true", "false", "none", "labels"]

    /// Units a number may carry.
    package static let units = ["pt", "in", "mm", "cm", "px", "%", "deg"]

    /// The built-in functions with their parameters (the computing library's included).
    package static var functions: [Function] {
        (Evaluation.functionNames + Evaluation.libraryFunctionNames).sorted().map { name in
            let (parameters, summary) = functionSignatures[name] ?? (["value"], "")
            return Function(name: name, parameters: parameters, summary: summary)
        }
    }

    /// The function called `name`, or nil.
    package static func function(named name: String) -> Function? { functions.first { $0.name == name } }

    /// Parameters and a one-line summary of each built-in function (docs/language.md).
    static let functionSignatures: [String: ([String], String)] = [
        "abs": (["x"], "the absolute value"), "atan2": (["y", "x"], "the angle of (x, y) in degrees"),
        "ceil": (["x"], "the smallest whole number not below x"), "cos": (["degrees"], "the cosine"),
        "count": (["list"], "the number of elements of a list or characters of a string"),
        "floor": (["x"], "the largest whole number not above x"), "gray": (["level"], "a gray from 0 (black) to 1 (white)"),
        "hsl": (["hue", "saturation", "lightness"], "a colour from hue (degrees), saturation and lightness (0–1 or %)"),
        "max": (["a", "b"], "the largest argument"), "min": (["a", "b"], "the smallest argument"),
        "mix": (["color1", "color2", "t"], "the colour t of the way from color1 to color2"),
        "rgb": (["red", "green", "blue"], "a colour from components 0–255 (or %)"),
        "rgba": (["red", "green", "blue", "alpha"], "a colour with alpha from 0 to 1"),
        "round": (["x"], "the nearest whole number"), "sin": (["degrees"], "the sine"),
        "sqrt": (["x"], "the square root"), "tan": (["degrees"], "the tangent"),
        "chars": (["string"], "the characters of a string"), "codepoint": (["character"], "the Unicode scalar value"),
        "color": (["text"], "the colour a string names (#hex or a name)"), "csv": (["path"], "the rows of a CSV file as records"),
        "enumerate": (["list"], "(index, element) pairs"), "filter": (["list", "function"], "the elements the function accepts"),
        "format": (["value", "pattern"], "a number as text"), "join": (["list", "separator"], "the strings joined"),
        "json": (["path"], "the value of a JSON file"), "keys": (["record"], "the field names of a record"),
        "lower": (["string"], "the string in lower case"), "map": (["list", "function"], "the function applied to each element"),
        "pad": (["value", "width"], "the text padded to a width"), "range": (["start", "end"], "the numbers start..<end"),
        "reduce": (["list", "initial", "function"], "the list folded into one value"),
        "replace": (["string", "old", "new"], "the string with old replaced by new"),
        "split": (["string", "separator"], "the pieces of a string"), "sum": (["list"], "the sum of the numbers"),
        "trim": (["string"], "the string without surrounding blanks"), "upper": (["string"], "the string in upper case"),
        "values": (["record"], "the field values of a record"), "zip": (["list1", "list2"], "pairs of elements"),
    ]

    private static func info(_ property: Property) -> PropertyInfo {
        let kinds: [String]? = property.isKindSpecific
            ? builtinKinds.filter { property.applies(to: $0.1) }.map(\.0) : nil
        return PropertyInfo(
            name: property.name, expected: property.expected, inherited: property.inheritedBit != 0, kinds: kinds,
            words: words(of: property), takesColor: takesColor(property), takesLength: property.expected.contains("length"))
    }

    private static func takesColor(_ property: Property) -> Bool {
        switch property {
        case .fill, .stroke, .color, .background, .labelBackground: true
        default: false
        }
    }

    private static func words(of property: Property) -> [String] {
        let names: [String]
        switch property {
        case .anchor: names = Array(anchorNames.keys)
        case .align: names = Array(Set(alignmentNames.keys).union(textAlignNames.keys))
        case .lineCap: names = Array(lineCapNames.keys)
        case .lineJoin: names = Array(lineJoinNames.keys)
        case .fillRule: names = ["nonZero", "evenOdd"]
        case .arrow: names = Array(arrowNames.keys)
        case .fit: names = Array(fitNames.keys)
        case .easing: names = Array(inkEasingNames.keys)
        case .direction: names = Array(directionNames.keys)
        case .route: names = Array(routeNames.keys)
        case .side, .toSide: names = ["top", "bottom", "left", "right"]
        case .arrowhead, .arrowtail: names = Array(arrowheadNames.keys)
        case .labelPosition: names = Array(labelPositionNames.keys)
        case .type: names = ["code128", "gs1-128", "ean13", "ean8", "upca", "upce", "itf14", "qr", "datamatrix"]
        case .errorCorrection: names = ["L", "M", "Q", "H"]
        case .shape: names = ["square", "rectangle", "any"]
        case .fill, .stroke, .background, .labelBackground, .dash, .taper: names = ["none"]
        case .bold, .italic, .clip, .smooth, .simulatePressure: names = ["true", "false"]
        default: names = []
        }
        return names.sorted()
    }
}

extension Evaluator {
    /// `evaluate`, also describing what each top-level name of the drawing (its own and the
    /// ones imported) is bound to, keyed by the span of the name where it was declared: a
    /// `let`'s value as text (`#d7263d`, `12pt`, `(10, 20)`), or its type for styles,
    /// components and functions. For the language server's hover.
    package func evaluateDescribingBindings(_ file: File, sources: inout SourceManager)
        -> (drawing: Drawing, diagnostics: [Diagnostic], bindings: [Span: String]) {
        let evaluation = Evaluation(sources: sources, resources: resources, parse: parse, main: file, limits: limits)
        let drawing = evaluation.run()
        sources = evaluation.sources
        var described: [Span: String] = [:]
        for binding in evaluation.bindings {
            switch binding.value {
            case .style, .component, .function, .poison: described[binding.span] = binding.value.typeName
            case .string(let s): described[binding.span] = "\"" + s + "\""
            default: described[binding.span] = interpolationText(binding.value)
            }
        }
        return (drawing, evaluation.sortedDiagnostics(), described)
    }
}
