import DrawBarcodes
import DrawCatalogue
import DrawDiagnostics
@testable import DrawSemantics
import DrawSyntax
import DrawTestSupport
import Testing
#if canImport(Foundation)
import Foundation
#endif

/// The catalogue is the one declaration of the vocabulary: names are unique, the words it
/// lists are exactly the words evaluation accepts, and every example it gives is valid.
@Suite struct CatalogueTests {
    @Test func everyPropertyIsFoundByName() {
        for property in Property.allCases { #expect(Property.named(property.name) == property) }
        #expect(Property.named("fil") == nil)
        #expect(Property.named("") == nil)
        #expect(Set(Property.names).count == Property.allCases.count)
    }

    @Test func everyKindIsFoundByEachOfItsNames() {
        for kind in NodeKind.allCases where kind.spec.isWritten {
            #expect(NodeKind.byName[kind.name] == kind)
            for alias in kind.spec.aliases { #expect(NodeKind.byName[alias] == kind) }
        }
        #expect(NodeKind.byName["connector"] == nil)
        #expect(NodeKind.byName["pill"] == .capsule)
        let written = NodeKind.allCases.filter(\.spec.isWritten).flatMap { [$0.name] + $0.spec.aliases }
        #expect(Set(written).count == written.count)
    }

    /// Layout and evaluation ask the catalogue: the answers it gives for a few kinds.
    @Test func kindQuestions() {
        #expect(NodeKind.rect.takesChildren && NodeKind.star.takesChildren && !NodeKind.text.takesChildren)
        #expect(NodeKind.hstack.alignsChildren && !NodeKind.group.alignsChildren)
        #expect(NodeKind.cloud.isDiagramShape && !NodeKind.rect.isDiagramShape)
        #expect(Property.r.applies(to: .circle) && !Property.r.applies(to: .rect))
        #expect(Property.fill.applies(to: .rect) && !Property.fill.applies(to: .text) && Property.points.applies(to: .star))
        #expect(Property.applying(to: .spacer).contains(.minLength))
    }

    /// Inherited properties are the paint and text groups, each with its own bit.
    @Test func inheritedPropertiesFitTheirSet() {
        #expect(Property.inherited.count <= InheritedSet.capacity)
        #expect(Property.inherited.first == .fill && Property.inherited.contains(.align) && !Property.inherited.contains(.width))
        var set = InheritedSet()
        for property in Property.inherited {
            #expect(!set.contains(property))
            set.insert(property)
            #expect(set.contains(property))
        }
        set = InheritedSet()
        set.insert(.width)
        #expect(set == .empty)
    }

    /// The words a word-valued property lists are the words evaluation maps to values.
    @Test func wordsAreTheAcceptedWords() {
        func words(_ property: Property) -> Set<String> { Set(property.spec.words) }
        #expect(words(.anchor) == Set(anchorNames.keys))
        #expect(words(.lineCap) == Set(lineCapNames.keys))
        #expect(words(.lineJoin) == Set(lineJoinNames.keys))
        #expect(words(.fillRule) == Set(fillRuleNames.keys))
        #expect(words(.arrow) == Set(arrowNames.keys))
        #expect(words(.fit) == Set(fitNames.keys))
        #expect(words(.easing) == Set(inkEasingNames.keys))
        #expect(words(.direction) == Set(directionNames.keys))
        #expect(words(.route) == Set(routeNames.keys))
        #expect(words(.side) == Set(sideNames.keys))
        #expect(words(.toSide) == Set(sideNames.keys))
        #expect(words(.arrowhead) == Set(arrowheadNames.keys))
        #expect(words(.arrowtail) == Set(arrowheadNames.keys))
        #expect(words(.labelPosition) == Set(labelPositionNames.keys))
        #expect(words(.jumps) == Set(lineJumpNames.keys))
        #expect(words(.align) == Set(alignmentNames.keys).union(textAlignNames.keys))
        #expect(words(.errorCorrection) == ["L", "M", "Q", "H"])
        for word in Property.errorCorrection.spec.words { #expect(QRErrorCorrection.named(word) != nil) }
        let symbologies = Set(Symbology.allCases.map(\.name).filter { !$0.contains("-") })
        #expect(symbologies.isSubset(of: words(.type)))
        #expect(words(.type).subtracting(symbologies) == ["gs1", "gs1_128"])
        #expect(Set(pageSizeNames.keys) == Set(PageSizeName.all.map(\.name)))
    }

    /// Every property's and kind's example evaluates without a diagnostic (after a prelude
    /// that declares the nodes `a`, `b` and `box` examples connect and the styles they use).
    @Test func examplesAreValid() {
        let prelude = "style card { fill: white }\nstyle warning { stroke: red }\n"
            + "rect id: a\nrect id: b, at: (100, 0)\nrect id: box, at: (0, 100)\n"
        var examples = Property.allCases.map { ("property '\($0.name)'", $0.spec.example) }
        examples += NodeKind.allCases.map { ("kind '\($0.name)'", $0.spec.example) }
        for (what, example) in examples {
            let result = evaluate(prelude + example + "\n", allowParseErrors: true)
            #expect(result.diagnostics.isEmpty, "\(what): \(example): \(result.diagnostics.map { "\($0.id): \($0.message)" })")
        }
    }

    /// An example of a property uses it; one of a kind starts with it.
    @Test func examplesShowWhatTheyDocument() {
        for property in Property.allCases {
            #expect(property.spec.example.contains(property.name + ":"), "'\(property.name)': \(property.spec.example)")
            #expect(!property.spec.doc.isEmpty && !property.spec.expects.isEmpty && !property.spec.defaultValue.isEmpty)
        }
        for kind in NodeKind.allCases where kind.spec.isWritten {
            #expect(kind.spec.example.hasPrefix(kind.name + " "), "'\(kind.name)': \(kind.spec.example)")
        }
    }
}

/// docs/language.md's reference tables are the catalogue's: each marked block is exactly
/// what `CatalogueReference` renders, and every block is in the docs.
@Suite struct CatalogueDocsTests {
    static var docsPath: String { packageRoot + "/docs/language.md" }

    @Test func referenceTablesMatchTheCatalogue() {
        let docs = String(decoding: FileManager.default.contents(atPath: Self.docsPath) ?? Data(), as: UTF8.self)
        for name in CatalogueReference.blockNames {
            #expect(docs.contains("<!-- catalogue: \(name) -->"), "docs/language.md has no block '\(name)'")
        }
        GoldenFiles.expect(CatalogueReference.updated(docs), matches: Self.docsPath)
    }

    /// The renderer replaces a block's contents and nothing else.
    @Test func blocksAreReplacedInPlace() {
        let text = "a\n<!-- catalogue: anchors -->\nstale\n<!-- /catalogue -->\nb\n"
        let updated = CatalogueReference.updated(text)
        #expect(updated.hasPrefix("a\n<!-- catalogue: anchors -->\n| anchor |"))
        #expect(updated.hasSuffix("<!-- /catalogue -->\nb\n"))
        #expect(!updated.contains("stale"))
        #expect(updated.contains("| `topLeft` | `nw` |"))
    }

    /// Every keyword of the catalogue is a keyword of the lexer, and the lexer has no other.
    @Test func keywordsAreTheLexersKeywords() {
        for keyword in KeywordSpec.all {
            let file = SourceFile(id: FileID(0), path: "k.draw", text: keyword.name)
            var reporter = DiagnosticSink(policy: .syntax, lines: file)
            let tokens = tokenize(file, reporter: &reporter).tokens
            #expect(tokens.first?.kind.isKeyword == true, "'\(keyword.name)' does not lex as a keyword")
        }
    }

    /// The lexer accepts exactly the catalogue's units after a number.
    @Test func unitsAreTheLexersUnits() {
        for unit in UnitSpec.all {
            let result = parse(SourceFile(id: FileID(0), path: "u.draw", text: "let x = 2\(unit.name)\n"))
            #expect(result.diagnostics.isEmpty, "'\(unit.name)': \(result.diagnostics.map(\.message))")
        }
        let result = parse(SourceFile(id: FileID(0), path: "u.draw", text: "let x = 2em\n"))
        #expect(result.diagnostics.map(\.id) == ["lex.unknown-unit"])
    }

    /// The catalogue's units are the ones `NumberUnit` spells, in the same order.
    @Test func unitsAreTheSpelledUnits() {
        #expect(UnitSpec.all.map(\.name) == NumberUnit.written.map(\.spelling).filter { $0 != "%" } + ["%"])
    }

    /// Each built-in function the catalogue lists is one evaluation calls.
    @Test func functionsAreTheEvaluatorsFunctions() {
        #expect(Set(Evaluation.functionNames + Evaluation.libraryFunctionNames) == Set(FunctionSpec.all.map(\.name)))
        for function in FunctionSpec.all where function.group != .data {
            let prelude = "fn double(x) = x * 2\nfn isBig(x) = x > 1\nfn add(a, x) = a + x\n"
            let result = evaluate(prelude + "let v = \(function.example)\n")
            #expect(result.diagnostics.isEmpty, "\(function.example): \(result.diagnostics.map(\.message))")
        }
    }
}
