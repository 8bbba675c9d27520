import DrawCatalogue
import DrawDiagnostics
import DrawOutput
import DrawSyntax

extension SourceEdit {
    /// The control the page's inspector shows for a property, from its catalogue type.
    enum Control: String {
        /// A colour picker (and the value as written beside it).
        case color
        /// A number with a unit.
        case length
        /// A switch.
        case bool
        /// A field for a string.
        case text
        /// A choice among the property's words.
        case word
        /// A field for the value in source syntax.
        case source

        init(_ type: ValueType) {
            switch type {
            case .color, .paint: self = .color
            case .length: self = .length
            case .bool: self = .bool
            case .string: self = .text
            case .word: self = .word
            case .identifier, .point, .endpoint, .points, .size, .insets, .angle, .number, .fraction, .style, .font, .other: self = .source
            }
        }
    }

    /// The statement's kind, its label (when a plain string), and every property the
    /// catalogue applies to its kind with its control, what is written (nil: not written) and
    /// the default, as JSON for the page's inspector.
    package static func inspect(source: [UInt8], path: String, statement: Span) -> Result<String, Refusal> {
        parse(source, path: path).flatMap { parsed in
            parsed.node(at: statement).map { (_, node) in
                let written = parsed.labelled(node)
                var label: String? = nil
                var labelEditable = true
                if let positional = parsed.file[node.arguments].first(where: { !$0.hasLabel }) {
                    label = literalName(parsed, positional.value)
                    if case .string = parsed.file[positional.value].kind, label != nil {} else { labelEditable = false }
                }
                let kind = NodeKind.byName[node.kind.name]
                var out = "{\"ok\":true,\"kind\":" + JSONText.string(node.kind.name)
                out += ",\"label\":" + (label.map(JSONText.string) ?? "null")
                out += ",\"labelEditable\":\(labelEditable && kind?.spec.positional != nil)"
                out += ",\"properties\":["
                var first = true
                let properties = kind.map { Property.applying(to: $0) } ?? []
                for property in properties {
                    let spec = property.spec
                    let value = written.last { $0.name == spec.name }.map { String(decoding: parsed.text(parsed.file[$0.argument.value].span), as: UTF8.self) }
                    out += (first ? "" : ",") + "{\"name\":" + JSONText.string(spec.name)
                    out += ",\"control\":\"" + Control(spec.type).rawValue + "\""
                    out += ",\"group\":" + JSONText.string("\(spec.group)")
                    out += ",\"written\":" + (value.map(JSONText.string) ?? "null")
                    out += ",\"default\":" + JSONText.string(spec.defaultValue)
                    out += ",\"words\":[" + spec.words.map(JSONText.string).joined(separator: ",") + "]}"
                    first = false
                }
                return out + "]}"
            }
        }
    }
}
