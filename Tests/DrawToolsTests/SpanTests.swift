// Source spans in the IR: every item carries the statement that made it (the call site for
// components, with the definitions behind it), shown by `dumpIR` only when asked.

import DrawKit
import DrawTestSupport
import Testing

func spannedIR(_ text: String, files: [String: [UInt8]]? = nil) -> [String] {
    var options = CompileOptions(files: files)
    options.recordSources = true
    let result = dumpIR(source: text, path: "main.draw", options: options)
    return (result.text ?? "").split(separator: "\n").map(String.init)
}

/// The `source` line before each item line (path, text, image, group), in order.
func itemSources(_ lines: [String]) -> [(source: String, item: String)] {
    var result: [(String, String)] = []
    for (i, line) in lines.enumerated() where line.trimmingCharacters(in: .whitespaces).hasPrefix("source ") {
        result.append((line.trimmingCharacters(in: .whitespaces), lines[i + 1].trimmingCharacters(in: .whitespaces)))
    }
    return result
}

@Suite("source spans in the IR")
struct SpanTests {
    @Test func everyItemHasItsStatement() {
        let text = "rect \"A\", at: (10, 10)\ncircle at: (50, 10), r: 5\n"
        let items = itemSources(spannedIR(text))
        #expect(items.map(\.source) == ["source 1:1-1:23", "source 1:1-1:23", "source 2:1-2:26"])
        #expect(items[0].item.hasPrefix("path") && items[1].item.hasPrefix("text") && items[2].item.hasPrefix("path"))
    }

    @Test func componentsPointAtTheCallWithTheDefinitions() {
        let text = "def badge(t) {\n  rect t, fill: #eee\n}\ndef pair() {\n  hstack {\n    badge(\"a\")\n    badge(\"b\")\n  }\n}\npair(at: (0, 0))\n"
        let items = itemSources(spannedIR(text.replacingOccurrences(of: "badge(\"a\")", with: "badge \"a\"")
                                              .replacingOccurrences(of: "badge(\"b\")", with: "badge \"b\"")
                                              .replacingOccurrences(of: "pair(at: (0, 0))", with: "pair at: (0, 0)")))
        #expect(!items.isEmpty)
        // Every item is the call on line 10; the chain names the hstack, the badge call and the rect.
        #expect(Set(items.map(\.source)) == ["source 10:1-10:16 def 5:3-8:4 def 6:5-6:14 def 2:3-2:21",
                                             "source 10:1-10:16 def 5:3-8:4 def 7:5-7:14 def 2:3-2:21"])
    }

    @Test func importedDefinitionsNameTheirFile() {
        let library = Array("def tag(t) {\n  text t\n}\n".utf8)
        let items = itemSources(spannedIR("import \"lib.draw\"\ntag \"x\"\n", files: ["lib.draw": library]))
        #expect(items.map(\.source) == ["source 2:1-2:8 def lib.draw:2:3-2:9"])
    }

    @Test func childrenInABlockAreTheirOwnStatements() {
        let text = "rect fill: #eee {\n  text \"in\"\n}\n"
        let items = itemSources(spannedIR(text))
        #expect(items.map(\.source) == ["source 1:1-3:2", "source 2:3-2:12"])
    }

    @Test func rotatedNodesAndTheirGroups() {
        let items = spannedIR("rect \"r\", at: (20, 20), rotate: 30\n")
        // The group, the path and the text inside it: all line 1.
        let sources = itemSources(items)
        #expect(sources.count == 3 && sources.allSatisfy { $0.source == "source 1:1-1:35" }, "\(sources)")
        #expect(sources[0].item.hasPrefix("group transform"))
    }

    @Test func onlyWhenAsked() {
        let text = "rect \"A\", at: (10, 10)\nline from: (0, 0), to: (5, 5)\n"
        let plain = dumpIR(source: text, path: "main.draw").text ?? ""
        #expect(!plain.contains("source "))
        let spanned = spannedIR(text).filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("source ") }
        #expect(spanned.joined(separator: "\n") + "\n" == plain)
    }
}
