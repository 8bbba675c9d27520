// Every name the compiler suggests exists (issue 33, point 5): the names of other languages
// map to the catalogue's names, and every did-you-mean and identifier fix-it the corpus draws
// out names something the catalogue (or the drawing itself) defines.

import DrawCatalogue
import DrawDiagnostics
@testable import DrawSemantics
import DrawTestSupport
import Testing
#if canImport(Foundation)
import Foundation
#endif

@Suite struct SuggestionTests {
    /// The renames of `OtherNames` are properties and kinds; the phrases name properties.
    @Test func otherNamesNameTheCatalogue() {
        for (name, kind) in OtherNames.kinds { #expect(NodeKind.byName[kind] != nil, "\(name) → \(kind)") }
        for (name, suggestion) in OtherNames.properties {
            if suggestion.replacement {
                #expect(Property.named(suggestion.text) != nil, "\(name) → \(suggestion.text)")
            } else {
                for quoted in Self.quoted(suggestion.text) {
                    let word = String(quoted.prefix { $0.isLetter })
                    #expect(Property.named(word) != nil || NodeKind.byName[word] != nil, "\(name): '\(quoted)'")
                }
            }
        }
        // The CSS names of the issue, as the parser reads them (camelCase of the hyphenated name).
        let css = ["backgroundColor": "fill", "strokeWidth": "lineWidth", "fontFamily": "font", "borderRadius": "corner",
                   "textAlign": "align", "strokeDasharray": "dash", "fontSize": "fontSize", "color": "color",
                   "stroke": "stroke", "opacity": "opacity", "fillOpacity": "opacity", "lineHeight": "lineHeight",
                   "letterSpacing": "letterSpacing"]
        for (camel, drawc) in css { #expect(OtherNames.property(forCamelCase: camel)?.text == drawc, "\(camel)") }
        #expect(OtherNames.faceArgument(forCamelCase: "fontWeight", value: "bold") == "bold: true")
        #expect(OtherNames.faceArgument(forCamelCase: "fontStyle", value: "italic") == "italic: true")
    }

    /// Every word a diagnostic of the corpus suggests — a did-you-mean, "drawc calls this", a
    /// fix-it that is a name — is a name of the language or a word of the case's own files.
    @Test func corpusSuggestionsNameWhatExists() throws {
        var checked = 0
        for path in corpusFiles(in: "bad") {
            let bytes = [UInt8](FileManager.default.contents(atPath: path) ?? Data())
            let driver = corpusDriver(bytes: bytes, path: corpusRelativePath(path))
            driver.build()
            let own = Self.words(in: String(decoding: bytes, as: UTF8.self))
            for diagnostic in driver.diagnostics {
                var suggested: [String] = []
                for fix in diagnostic.fixIts where Self.isName(fix.replacement) { suggested.append(fix.replacement) }
                for note in diagnostic.notes where note.message.hasPrefix("did you mean") || note.message.hasPrefix("drawc calls this") {
                    suggested += Self.quoted(note.message).filter(Self.isName)
                }
                for word in suggested {
                    checked += 1
                    #expect(Self.vocabulary.contains(word) || own.contains(word),
                            "\(corpusRelativePath(path)): \(diagnostic.id) suggests '\(word)', which is not a name of the language")
                }
            }
        }
        #expect(checked > 40)
    }

    /// The names of the language: kinds, properties and their words, functions and their
    /// named arguments, colours, anchors, page sizes, keywords, units, label templates,
    /// envelopes, and the words of data files the corpus reads.
    static let vocabulary: Set<String> = {
        var names = Set(NodeKind.byName.keys).union(Property.names).union(Property.allCases.flatMap(\.spec.words))
        names.formUnion(FunctionSpec.all.flatMap { [$0.name] + $0.namedParameters })
        names.formUnion(NamedColor.names)
        names.formUnion(AnchorName.allNames)
        names.formUnion(PageSizeName.all.map(\.name))
        names.formUnion(KeywordSpec.all.map(\.name))
        names.formUnion(UnitSpec.all.map(\.name))
        names.formUnion(labelTemplates.keys)
        names.formUnion(Evaluation.pagePropertyNames)
        let data = corpusRoot + "/data"
        for file in (try? FileManager.default.contentsOfDirectory(atPath: data)) ?? [] {
            names.formUnion(words(in: String(decoding: FileManager.default.contents(atPath: data + "/" + file) ?? Data(), as: UTF8.self)))
        }
        return names
    }()

    static func isName(_ text: String) -> Bool {
        guard let first = text.first, first.isLetter || first == "_" else { return false }
        return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    static func words(in text: String) -> Set<String> {
        Set(text.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
    }

    /// The texts between single quotes (an apostrophe inside a word, `node's`, is none).
    static func quoted(_ text: String) -> [String] {
        var result: [String] = [], current: String?, previous: Character = " "
        for character in text {
            if character == "'" {
                if let open = current { result.append(open); current = nil } else if !previous.isLetter { current = "" }
            } else if current != nil {
                current!.append(character)
            }
            previous = character
        }
        return result
    }
}
