// The reference tables of docs/language.md, rendered from the catalogue. The docs hold each
// table between `<!-- catalogue: NAME -->` and `<!-- /catalogue -->`; a test renders them
// again and fails where the docs differ (DRAWC_UPDATE_GOLDEN=1 rewrites them).

package enum CatalogueReference {
    /// The names of the generated blocks, in the order they appear in the docs.
    package static let blockNames = ["common-properties", "inherited-properties", "node-kinds", "kind-specific-properties",
                                     "functions", "anchors", "page-sizes", "keywords", "units", "named-colors"]

    /// The markdown of one block (without its markers), ending with a line feed.
    package static func block(_ name: String) -> String? {
        switch name {
        case "common-properties": propertyTable(Property.allCases.filter { $0.spec.group == .common }, kinds: false)
        case "inherited-properties": propertyTable(Property.inherited, kinds: false)
        case "kind-specific-properties": propertyTable(Property.allCases.filter { $0.spec.group == .kindSpecific }, kinds: true)
        case "node-kinds": kindTable()
        case "functions": functionTable()
        case "anchors": anchorTable()
        case "page-sizes": pageSizeTable()
        case "keywords": keywordTable()
        case "units": unitTable()
        case "named-colors": colorList()
        default: nil
        }
    }

    /// Replaces the contents of every marked block of `document` with its rendering. Blocks
    /// are found by their markers; text outside them is kept byte for byte.
    package static func updated(_ document: String) -> String {
        var out = ""
        var rest = Substring(document)
        while let open = rest.firstRange(of: "<!-- catalogue: ") {
            guard let nameEnd = rest[open.upperBound...].firstRange(of: " -->"),
                  let close = rest[nameEnd.upperBound...].firstRange(of: "<!-- /catalogue -->") else { break }
            let name = String(rest[open.upperBound..<nameEnd.lowerBound])
            out += rest[..<nameEnd.upperBound] + "\n"
            out += block(name) ?? "(unknown catalogue block '\(name)')\n"
            out += "<!-- /catalogue -->"
            rest = rest[close.upperBound...]
        }
        return out + rest
    }

    static func cell(_ text: String) -> String { text.replacing("|", with: "\\|") }

    static func propertyTable(_ properties: [Property], kinds: Bool) -> String {
        var out = "| property | kinds | takes | default | |\n|---|---|---|---|---|\n"
        for property in properties {
            let spec = property.spec
            out += "| `\(spec.name)` | "
            out += (kinds ? codeWords(spec.kinds?.kinds.map(\.name) ?? []) : kindsPhrase(spec.kinds)) + " | "
            out += cell(spec.expects) + " | " + cell(spec.defaultValue) + " | " + cell(spec.doc) + " |\n"
        }
        return out
    }

    /// The kinds of a property that applies to most: "every kind", or "every kind but …"
    /// (connectors, made by `->`, are named by their arrow).
    static func kindsPhrase(_ kinds: KindSet?) -> String {
        guard let kinds, kinds != .all else { return "every kind" }
        let missing = NodeKind.allCases.filter { !kinds.contains($0) }
        guard missing.count * 2 < NodeKind.allCases.count else { return codeWords(kinds.kinds.map(\.name)) }
        return "every kind but " + missing.map { $0 == .connector ? "`->`" : "`\($0.name)`" }.joined(separator: ", ")
    }

    static func kindTable() -> String {
        var out = "| kind | positional | kind-specific properties | |\n|---|---|---|---|\n"
        for kind in NodeKind.allCases {
            let spec = kind.spec
            let names = ([spec.name] + spec.aliases).map { "`\($0)`" }.joined(separator: ", ")
            let own = Property.allCases.filter { $0.spec.group == .kindSpecific && $0.spec.kinds?.contains(kind) == true }.map(\.name)
            out += "| \(names)\(spec.isWritten ? "" : " (from `->`)") | \(spec.positional ?? "—") | "
            out += (own.isEmpty ? "—" : codeWords(own)) + " | " + cell(spec.doc) + " |\n"
        }
        return out
    }

    static func functionTable() -> String {
        var out = "| function | group | |\n|---|---|---|\n"
        for group in FunctionSpec.Group.allCases {
            for function in FunctionSpec.all where function.group == group {
                out += "| `\(function.signature)` | \(group.title.lowercased()) | " + cell(function.doc) + " |\n"
            }
        }
        return out
    }

    static func anchorTable() -> String {
        var out = "| anchor | alias | |\n|---|---|---|\n"
        for entry in AnchorName.all { out += "| `\(entry.name)` | `\(entry.alias)` | \(entry.doc) |\n" }
        return out
    }

    static func pageSizeTable() -> String {
        var out = "| size | points (portrait) | |\n|---|---|---|\n"
        for size in PageSizeName.all {
            out += "| `\(size.name)` | \(points(size.width)) × \(points(size.height)) | \(size.doc) |\n"
        }
        return out
    }

    /// Points to one decimal, without a trailing `.0`.
    static func points(_ x: Double) -> String {
        let tenths = Int((x * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }

    static func keywordTable() -> String {
        var out = "| keyword | | example |\n|---|---|---|\n"
        for keyword in KeywordSpec.all { out += "| `\(keyword.name)` | \(cell(keyword.doc)) | `\(cell(keyword.example))` |\n" }
        return out
    }

    static func unitTable() -> String {
        var out = "| unit | |\n|---|---|\n"
        for unit in UnitSpec.all { out += "| `\(unit.name)` | \(unit.doc) |\n" }
        return out
    }

    static func colorList() -> String {
        NamedColor.names.map { name in "`\(name)`" + (NamedColor.hex(name).map { " \($0)" } ?? "") }
            .joined(separator: ", ") + "\n"
    }
}
