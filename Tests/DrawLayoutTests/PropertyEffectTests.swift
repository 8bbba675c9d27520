// No property the catalogue lists for a kind is silently ignored (issue 33, point 3): for
// every kind and every property that applies to it, a minimal node is compiled with and
// without the property's example value, and the scene IR must differ — unless the catalogue
// says the property draws nothing by itself (`PropertySpec.noDrawnEffect`, with its reason).
// A property that cannot apply to a kind is taken off the kind in the catalogue, so writing it
// there is the warning `sem.ignored-property` instead of silence.

import DrawCatalogue
import DrawKit
import DrawTestSupport
import Foundation
import Testing

@Suite struct PropertyEffectTests {
    /// One argument of a statement: `name: value`, or the positional (`name` nil).
    struct Argument: Equatable {
        var name: String?
        var value: String
    }

    /// A statement split at its top-level commas: the kind (or `a -> b`), its arguments and
    /// its block (`{ … }` or empty).
    struct Statement {
        var head: String
        var arguments: [Argument]
        var block: String

        init(_ text: String) {
            var parts: [String] = []
            var depth = 0, quoted = false, escaped = false
            var current = "", block = ""
            for character in text {
                if !block.isEmpty || (character == "{" && depth == 0 && !quoted) { block.append(character); continue }
                if quoted {
                    current.append(character)
                    if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { quoted = false }
                    continue
                }
                switch character {
                case "\"": quoted = true
                case "(", "[": depth += 1
                case ")", "]": depth -= 1
                case "," where depth == 0:
                    parts.append(current.trimmingCharacters(in: .whitespaces)); current = ""; continue
                default: break
                }
                current.append(character)
            }
            parts.append(current.trimmingCharacters(in: .whitespaces))
            self.block = block.trimmingCharacters(in: .whitespaces)
            // The first part is the kind, then a positional or the first property.
            let first = parts.removeFirst()
            var head = first, arguments: [Argument] = []
            if first.contains("->") {
                head = first
            } else if let space = first.firstIndex(of: " ") {
                head = String(first[..<space])
                let rest = first[first.index(after: space)...].trimmingCharacters(in: .whitespaces)
                if !rest.isEmpty { parts.insert(rest, at: 0) }
            }
            for part in parts where !part.isEmpty {
                if let colon = part.firstRange(of: ": "), part[..<colon.lowerBound].allSatisfy({ $0.isLetter || $0.isNumber }),
                   !part.hasPrefix("\"") {
                    arguments.append(Argument(name: String(part[..<colon.lowerBound]), value: String(part[colon.upperBound...])))
                } else {
                    arguments.append(Argument(name: nil, value: part))
                }
            }
            self.head = head; self.arguments = arguments
        }

        var source: String {
            var pieces = [head]
            var list = arguments.map { $0.name.map { "\($0): " } ?? "" }
            for index in arguments.indices { list[index] += arguments[index].value }
            if let first = list.first, !head.contains("->") { pieces[0] += " " + first; list.removeFirst() }
            return ([pieces[0]] + list).joined(separator: ", ") + (block.isEmpty ? "" : " " + block)
        }

        mutating func set(_ name: String?, _ value: String) {
            if let index = arguments.firstIndex(where: { $0.name == name }) {
                arguments[index].value = value
            } else if name == nil {
                arguments.insert(Argument(name: nil, value: value), at: 0)
            } else {
                arguments.append(Argument(name: name, value: value))
            }
        }
    }

    /// The text of labels and texts: long enough to wrap, hyphenate and be cut, with markup,
    /// a tab and a mark that moves in right-to-left text.
    static let label = #""Ab *cd*\tef extraordinarily\nij!""#

    /// The smallest node of each kind on which a property can show: with a label or text
    /// where the kind draws one, children where it takes them. `before`/`after` surround it
    /// (a spacer needs a stack).
    static func minimal(_ kind: NodeKind) -> (before: String, statement: String, after: String) {
        switch kind.family {
        case .box, .diagramShape: ("", "\(kind.name) \(label) { circle r: 6, at: (-4, -4) }", "")
        case .line:
            switch kind {
            case .polyline, .polygon: ("", "\(kind.name) points: [(0, 0), (40, 0), (20, 30), (60, 30)]", "")
            default: ("", "\(kind.name) from: (0, 0), to: (60, 20), label: \(label)", "")
            }
        case .path: ("", "path \"M0 0 L40 0 L20 30 Z\"", "")
        case .stroke: ("", "stroke points: [(0, 0), (2, 1), (4, 1), (6, 0), (8, 2), (10, 3), (12, 2), (14, 0), (30, 8)]", "")
        case .text: ("", "text \(label)", "")
        case .image: ("", "image \"a.png\"", "")
        case .barcode: ("", "barcode \"12345\", type: code128", "")
        case .spacer: ("hstack {\n  rect \"a\"\n  ", "spacer", "\n  rect \"b\"\n}")
        case .container:
            ("", "\(kind.name) { rect \"a\"; rect \"bb\", width: 60; path \"M0 0 H40 V40 H0 Z M10 10 H30 V30 H10 Z\", fill: gray; "
                + "polyline points: [(0, 0), (20, 10), (0, 20)]; text \(label), width: 70 }", "")
        case .connector: ("", "a -> b, label: \(label)", "")
        }
    }

    /// Nodes the examples name (`a`, `b`, `box`), and a stack around the node so that its
    /// frame counts: in a centred stack beside taller and wider siblings, a frame's width and
    /// height move what it draws.
    static let prelude = "rect \"A\", id: a, at: (150, 10)\nrect \"B\", id: b, at: (230, 120)\nrect \"X\", id: box, at: (200, 160)\n"

    /// Kinds the example is written for: an example of a kind gives its positional too.
    static func exampleKind(_ head: String) -> NodeKind? {
        head.contains("->") ? .connector : NodeKind.byName[head]
    }

    /// The node with the property, and without it: the property's example value and the other
    /// properties its example sets (that apply to the kind), on the kind's minimal node.
    static func sources(_ property: Property, on kind: NodeKind) -> (with: String, without: String) {
        let example = Statement(property.spec.example)
        let (before, minimal, after) = Self.minimal(kind)
        var without = Statement(minimal)
        let sameKind = Self.exampleKind(example.head) == kind
        for argument in example.arguments {
            if let name = argument.name {
                // Fonts are the machine's: examples name fonts a reader may have, not the tests'.
                guard name != property.name, name != "font", name != "points" || sameKind, let other = Property.named(name), other.applies(to: kind) else { continue }
                without.set(name, argument.value)
            } else if sameKind, kind == .barcode {
                without.set(nil, argument.value)
            }
        }
        if sameKind, !example.block.isEmpty, example.block != "{ }" { without.block = example.block }
        var with = without
        let value = example.arguments.first { $0.name == property.name }?.value ?? ""
        with.set(property.name, Self.value(property, on: kind) ?? value)
        if [.route, .side, .toSide].contains(property), kind == .line || kind == .arrow {
            // How a line finds its way between nodes: between points it has one way.
            without.set("from", "a"); without.set("to", "b")
            with = without
            with.set(property.name, value)
        }
        var extra = "", beside = ""
        if property == .merge || property == .jumps {
            // Merging needs a second connector at the same node that merges too; a jump needs
            // a connector to cross. Between points a line has no node to share.
            let from = property == .merge ? "e" : "a"
            if kind == .line || kind == .arrow { without.set("from", from); without.set("to", "b") } else { without.head = "\(from) -> b" }
            without.set("route", "orthogonal")
            with = without
            with.set(property.name, value)
            // Connectors are routed with their siblings: the other one sits beside the node.
            if property == .merge {
                extra = "rect \"E\", id: e, at: (30, 10)\n"
                beside = "e -> box, route: orthogonal, merge: true\n"
            } else {
                extra = "rect \"C\", id: c, at: (120, 90)\nrect \"D\", id: d, at: (260, 30)\n"
                beside = "c -> d\n"
            }
        }
        if property == .nodeStyle {
            // The boxes a graph makes for unknown ids take the style: a connector makes two.
            extra = "style card { fill: gold }\n"
            without.block = "{ p -> q }"
            with = without
            with.set(property.name, "card")
        }
        if property == .features {
            // The standard fonts have no OpenType features: shaping needs an embedded font.
            let font = "\"" + packageRoot + "/Tests/Fonts/DejaVuSans.ttf\""
            with.set("font", font); without.set("font", font)
        }
        if property == .points, kind == .line || kind == .arrow {
            // `from:`/`to:` and `points:` are two ways to give a line's course (both: a warning).
            with.arguments.removeAll { $0.name == "from" || $0.name == "to" }
        }
        if property == .hyphenate, kind == .parallelogram || kind == .trapezoid {
            // Their label area is narrower than the frame by the slant on both sides.
            with.set("width", "160pt"); without.set("width", "160pt")
        }
        func page(_ statement: Statement, graph: Bool = false) -> String {
            let body = graph ? "graph { " + statement.source + " }" : before + statement.source + after
            return "page size: (300pt, 200pt), margin: 20pt {\n" + prelude + extra + "vstack align: center {\n hstack align: center {\n"
                + beside + body + "\nrect size: (10, 150) }\n rect size: (280, 4) }\n}\n"
        }
        if property == .minLength, kind == .connector {
            // Ranks a connector spans: only a graph has ranks.
            without.head = "p -> q"
            without.arguments.removeAll { $0.name == "label" }
            with = without
            with.set(property.name, "3")
            return (page(with, graph: true), page(without, graph: true))
        }
        return (page(with), page(without))
    }

    /// Where a property's example value means something else on a kind (`points:` of a star
    /// counts its tips).
    static func value(_ property: Property, on kind: NodeKind) -> String? {
        switch (property, kind) {
        case (.points, .star): "7"
        case (.font, _): "\"Times\""
        case (.width, _): "250"
        case (.height, _): "180"
        case (.size, _): "(250, 180)"
        case (.align, .hstack), (.align, .grid): "bottom"
        case (.baselineShift, _): "super"
        case (.features, _): "[\"-kern\"]"
        default: nil
        }
    }

    /// A small PNG beside the drawings, for `image`.
    static let directory: String = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("drawc-effects-\(getpid())")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let png = DrawKit.compile(source: "page size: (4pt, 3pt) { rect size: (2pt, 2pt), fill: red }", path: "dot.draw",
                                  format: .png)
        try? Data(png.outputs.first?.bytes ?? []).write(to: directory.appendingPathComponent("a.png"))
        return directory.path
    }()

    static var cases: [(Property, NodeKind)] {
        NodeKind.allCases.flatMap { kind in
            Property.allCases.filter { $0.applies(to: kind) && $0.spec.noDrawnEffect == nil }.map { ($0, kind) }
        }
    }

    @Test func everyPropertyThatAppliesChangesTheDrawing() {
        let path = Self.directory + "/effect.draw"
        var silent: [String] = []
        for (property, kind) in Self.cases {
            let (with, without) = Self.sources(property, on: kind)
            let a = compile(with, path: path), b = compile(without, path: path)
            let errors = (a.diagnostics + b.diagnostics).filter { $0.severity == .error || $0.id == "sem.ignored-property" }
            if !errors.isEmpty {
                silent.append("\(kind.name).\(property.name): \(errors.map(\.message))\n\(with)")
            } else if a.ir == b.ir {
                silent.append("\(kind.name).\(property.name): no change\n\(with)")
            }
        }
        #expect(silent.isEmpty, "\(silent.count) silently ignored:\n\(silent.joined(separator: "\n"))")
    }

    /// What is marked as drawing nothing says why.
    @Test func propertiesWithoutADrawnEffectSayWhy() {
        for property in Property.allCases {
            if let reason = property.spec.noDrawnEffect { #expect(reason.count > 10, "\(property.name)") }
        }
        #expect(Property.id.spec.noDrawnEffect != nil && Property.style.spec.noDrawnEffect != nil)
        #expect(Property.fill.spec.noDrawnEffect == nil)
    }

    /// The test's own reading of examples.
    @Test func statementsSplitAtTopLevelCommas() {
        let statement = Statement("text \"a, b\", at: (0, 0), anchor: topLeft")
        #expect(statement.head == "text")
        #expect(statement.arguments == [Argument(name: nil, value: "\"a, b\""), Argument(name: "at", value: "(0, 0)"),
                                        Argument(name: "anchor", value: "topLeft")])
        #expect(Statement("group scale: 50% { rect }").block == "{ rect }")
        #expect(Statement("a -> b, label: \"x\"").head == "a -> b")
        #expect(Statement("rect corner: 6pt").source == "rect corner: 6pt")
    }
}
