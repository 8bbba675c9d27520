// What tools (the language server) ask about the language: the node kinds, the properties
// valid for a kind with what they take, the words a property accepts, colours, page sizes,
// anchors, functions, keywords and units.
//
// This is the one interface the tools read. Its answers come from the language catalogue
// (DrawCatalogue: one declaration per kind, property, function, colour, page size, anchor
// and keyword) and, for the settings of `page` and `labels` that the catalogue does not
// declare, from the evaluator's own lists, so nothing here is a second copy of a table.

import DrawCatalogue
import DrawDiagnostics
import DrawSyntax

/// Answers about the language for tools. Every answer is deterministic (sorted or in the
/// catalogue's own order).
package enum LanguageQueries {
    /// A node kind as it is written (`pill` as well as `capsule`).
    package struct Kind: Sendable, Hashable {
        package var name: String
        /// What the positional argument means (`label`, `text`, `file path`…), or nil.
        package var positional: String?
        package var doc: String
        package var example: String
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
        /// Used only by a few kinds (`corner`, `r`, `points`…): a kind's "own" properties.
        package var kindSpecific: Bool = false
        /// The bare words it accepts (`round`, `center`…).
        package var words: [String]
        /// Whether its value is a colour (named colours are offered).
        package var takesColor: Bool
        /// Whether its value is a length (units are offered).
        package var takesLength: Bool
        /// A short description, an example, and the default as written.
        package var doc: String? = nil
        package var example: String? = nil
        package var defaultValue: String? = nil
        /// The catalogue's name of its value type (`paint`, `length`…).
        package var typeName: String? = nil
    }

    /// A built-in function and its parameters.
    package struct Function: Sendable, Hashable {
        package var name: String
        package var parameters: [String]
        package var summary: String
        package var signature: String
        package var example: String
    }

    /// The node kinds by every name they are written with, in the catalogue's order.
    package static let kinds: [Kind] = NodeKind.allCases.filter(\.spec.isWritten).flatMap { kind in
        ([kind.spec.name] + kind.spec.aliases).map {
            Kind(name: $0, positional: kind.spec.positional, doc: kind.spec.doc, example: kind.spec.example)
        }
    }

    /// Whether `name` is a built-in node kind.
    package static func isKind(_ name: String) -> Bool { NodeKind.byName[name] != nil }

    /// Every node property, in declaration order.
    package static let properties: [PropertyInfo] = Property.allCases.map(info)

    /// The node property called `name`, or nil.
    package static func property(named name: String) -> PropertyInfo? { Property.named(name).map { properties[Int($0.rawValue)] } }

    /// The properties that have an effect on a node of kind `kindName` (all of them for an
    /// unknown kind, such as a component).
    package static func properties(forKind kindName: String) -> [PropertyInfo] {
        guard let kind = NodeKind.byName[kindName] else { return properties }
        return Property.applying(to: kind).map { properties[Int($0.rawValue)] }
    }

    /// Settings of `page` (`page size: a4, margin: 1cm`).
    package static let pageSettings: [PropertyInfo] = PageSetting.allCases.map { setting in
        let spec = setting.spec
        return PropertyInfo(name: setting.name, expected: spec.expects, inherited: false, kinds: nil, words: spec.words,
                            takesColor: spec.takesColor, takesLength: spec.takesLength)
    }

    /// Settings of `labels` (`labels row in data, template: "avery-5160"`).
    package static var labelsSettings: [String] { Evaluation.labelsSettingNames }

    /// The named colours as 0xRRGGBB, sorted by name.
    package static let colorNames: [(name: String, rgb: UInt32)] =
        NamedColor.table.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }

    /// The 0xRRGGBB of a named colour (case-insensitive), or nil.
    package static func namedColor(_ name: String) -> UInt32? { NamedColor.table[name.lowercased()] }

    /// Page sizes by name in points (portrait), in the catalogue's order.
    package static var pageSizes: [(name: String, width: Double, height: Double)] {
        PageSizeName.all.map { ($0.name, $0.width, $0.height) }
    }

    /// The anchors of a named node: names, then Pikchr's compass aliases.
    package static let anchors: [String] = AnchorName.allNames

    /// The members of a node reference besides its anchors.
    package static let frameMembers = ["x", "y", "width", "height"]

    /// The keywords.
    package static let keywords: [String] = KeywordSpec.all.map(\.name)
    /// The keywords with where they are written and what completion inserts.
    package static let keywordSpecs: [KeywordSpec] = KeywordSpec.all

    /// Units a number may carry.
    package static let units: [String] = UnitSpec.all.map(\.name)
    /// Each unit with what it is (the catalogue's doc), for completion details.
    package static let unitDocs: [(name: String, doc: String)] = UnitSpec.all.map { ($0.name, $0.doc) }

    /// The built-in functions with their parameters, sorted by name.
    package static let functions: [Function] = FunctionSpec.all.sorted { $0.name < $1.name }.map {
        Function(name: $0.name, parameters: $0.parameters + $0.namedParameters.map { $0 + ":" }, summary: $0.doc,
                 signature: $0.signature, example: $0.example)
    }

    /// The function called `name`, or nil.
    package static func function(named name: String) -> Function? {
        FunctionSpec.byName[name].map { spec in functions.first { $0.name == spec.name }! }
    }

    private static func info(_ property: Property) -> PropertyInfo {
        let spec = property.spec
        return PropertyInfo(
            name: spec.name, expected: spec.expects, inherited: spec.isInherited,
            kinds: spec.kinds.map { set in set.kinds.filter(\.spec.isWritten).map(\.spec.name) },
            kindSpecific: spec.group == .kindSpecific,
            words: spec.words, takesColor: spec.type == .color || spec.type == .paint,
            takesLength: spec.type == .length || spec.type == .size || spec.type == .insets,
            doc: spec.doc, example: spec.example, defaultValue: spec.defaultValue, typeName: spec.type.name)
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
