import DrawDiagnostics
import DrawSyntax
import DrawTestSupport
import Testing

/// Parses `text` and returns the AST dump (byte spans as @start..end) and diagnostic ids.
func dump(_ text: String) -> (ast: String, ids: [String]) {
    let (file, diagnostics) = parse(SourceFile(id: FileID(0), path: "t.draw", text: text))
    return (dumpAST(file), diagnostics.map(\.id))
}

/// Checks the dump of `text` against `expected` (leading/trailing blank lines ignored).
func expectAST(_ text: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let (ast, ids) = dump(text)
    #expect(ids == [], sourceLocation: sourceLocation)
    #expect(ast == expected.trimmingPrefix("\n") + "", sourceLocation: sourceLocation)
}

@Suite struct ParserTests {
    /// Numbers of up to four digits are decoded from one word: every such number, with or
    /// without bytes after it in the file, and numbers that are not digits alone (a fraction,
    /// a unit, five digits) give the value the general decoding gives.
    @Test func shortNumbersDecodeAsTheGeneralPathDoes() {
        var numbers = (0..<10_000).map { String($0) } + ["00", "007", "0000", "0009"]
        numbers += ["1.5", ".5", "1pt", "12%", "9in", "1e3", "12345", "99999", "1.25", "3mm"]
        for number in numbers {
            for text in ["n: \(number)", "n: \(number), m: 1", "n: (\(number), \(number))\n"] {
                let (file, diagnostics) = parse(SourceFile(id: FileID(0), path: "t.draw", text: "rect " + text))
                #expect(diagnostics.isEmpty, "\(text)")
                let value = file.exprs.first { if case .number = $0.kind { true } else { false } }
                guard case .number(let decoded, let unit)? = value?.kind else { Issue.record("\(text)"); continue }
                var expected = number
                let general = NumberUnit.written.first { expected.hasSuffix($0.spelling) }
                if let general { expected.removeLast(general.spelling.count) }
                #expect(decoded == Double(expected.hasPrefix(".") ? "0" + expected : expected), "\(text)")
                #expect(unit == (general ?? .none), "\(text)")
            }
        }
    }

    @Test func letWithPrecedence() {
        expectAST("let x = 1 + 2 * -3", """
        let x @0..18
          binary + @8..18
            number 1 @8..9
            binary * @12..18
              number 2 @12..13
              unary - @16..18
                number 3 @17..18

        """)
    }

    /// Tuples of numbers in a list are read straight off the tokens (followed by `,` or
    /// `]`); followed by a line end they take the general path. Same bytes, same offsets:
    /// the trees must be identical.
    @Test func numberTuplesInAListGiveTheGeneralTree() {
        let fast = dump("polyline points: [(1, 2) ,(3.5, 4pt, 7) ,(5e1, 6) ]")
        let general = dump("polyline points: [(1, 2)\n,(3.5, 4pt, 7)\n,(5e1, 6)\n]")
        #expect(fast.ids.isEmpty && general.ids.isEmpty)
        #expect(fast.ast == general.ast)
        #expect(fast.ast.contains("tuple @18..24"))
        // Not a lone tuple: an operator after it, four numbers, a trailing comma.
        for text in ["[(1, 2) + (3, 4), (1, 2)]", "[(1, 2, 3, 4), (1, 2)]", "[(1, 2,), (1, 2)]", "[(1, -2), (1, 2)]"] {
            let (ast, ids) = dump("polyline points: " + text)
            #expect(ids.isEmpty, "\(text)")
            #expect(ast.contains("list @17.."), "\(text)")
        }
    }

    @Test func parenthesesWidenTheSpanAndTuplesNeedTwo() {
        expectAST("let p = (a + b) * (1in, 2mm)", """
        let p @0..28
          binary * @8..28
            binary + @8..15
              name a @9..10
              name b @13..14
            tuple @18..28
              number 1in @19..22
              number 2mm @24..27

        """)
    }

    @Test func logicalComparisonRangePrecedence() {
        expectAST("let b = a < 1 || c == d && !e", """
        let b @0..29
          binary || @8..29
            binary < @8..13
              name a @8..9
              number 1 @12..13
            binary && @17..29
              binary == @17..23
                name c @17..18
                name d @22..23
              unary ! @27..29
                name e @28..29

        """)
        expectAST("for i in 0..<n + 1 {\n}", """
        for i @0..22
          range ..< @9..18
            number 0 @9..10
            binary + @13..18
              name n @13..14
              number 1 @17..18
          block @19..22

        """)
    }

    @Test func postfixChainsAndCalls() {
        expectAST("let v = rgb(1, g: 2)[0].x.y", """
        let v @0..27
          member y @8..27
            member x @8..25
              index @8..23
                call rgb @8..20
                  positional @12..13
                    number 1 @12..13
                  arg g @15..19
                    number 2 @18..19
                number 0 @21..22

        """)
    }

    @Test func nodeWithPositionalNamedAndBlock() {
        expectAST("rect \"API\", id: api, fill: gold { stroke: red, lineWidth: 2pt }", """
        node rect @0..63
          positional @5..10
            string "API" @5..10
          arg id @12..19
            name api @16..19
          arg fill @21..31
            name gold @27..31
          block @32..63
            property stroke @34..45
              name red @42..45
            property lineWidth @47..61
              number 2pt @58..61

        """)
    }

    @Test func connectorChainWithArguments() {
        expectAST("a.right -> b <- c <-> d -- e, label: \"x\"", """
        connector @0..40
          member right @0..7
            name a @0..1
          op -> @8..10
          name b @11..12
          op <- @13..15
          name c @16..17
          op <-> @18..21
          name d @22..23
          op -- @24..26
          name e @27..28
          arg label @30..40
            string "x" @37..40

        """)
    }

    @Test func connectorEndpointMayBeAPortWithAnOffset() {
        // `a.right + (0, 5pt) -> b`: an additive endpoint; an arrow inside brackets or after a
        // comma does not make a node statement a connector.
        #expect(dump("a.right + (0, 5pt) -> b.left - (2, 0)").ast.hasPrefix("connector @0..37\n  binary + @0..18"))
        #expect(dump("rect at: a.right + (0, 5), label: \"->\"").ast.hasPrefix("node rect"))
        #expect(dump("line points: [a.right - (1, 1)]").ast.hasPrefix("node line"))
    }

    @Test func connectorWithIndexedEndpoint() {
        #expect(dump("xs[0] -> xs[1]").ast.hasPrefix("connector @0..14\n  index @0..5"))
        #expect(dump("text [1, 2]").ast.hasPrefix("node text @0..11"))
    }

    @Test func styleDefImportPage() {
        expectAST("style caption { fontSize: 8pt, color: #555 }", """
        style caption @0..44
          arg fontSize @16..29
            number 8pt @26..29
          arg color @31..42
            color #555555ff @38..42

        """)
        expectAST("def card(title, tint = #e8f0fe80) {\n  rect title\n}", """
        def card @0..50
          parameter title @9..14
          parameter tint @16..20
            color #e8f0fe80 @23..32
          block @34..50
            node rect @38..48
              positional @43..48
                name title @43..48

        """)
        expectAST("import \"shapes.draw\"", """
        import @0..20
          path "shapes.draw" @7..20

        """)
        expectAST("page size: a4 {\n  rect\n}", """
        page @0..24
          arg size @5..13
            name a4 @11..13
          block @14..24
            node rect @18..22

        """)
    }

    @Test func ifElseIfElse() {
        expectAST("if a {\n} else if b {\n} else {\n  rect\n}", """
        if @0..38
          name a @3..4
          block @5..8
          else @14..38
            block @14..38
              if @14..38
                name b @17..18
                block @19..22
                else @28..38
                  block @28..38
                    node rect @32..36

        """)
    }

    @Test func elseOnTheNextLine() {
        #expect(dump("if a {\n}\nelse {\n}").ids == [])
    }

    @Test func stringInterpolationAndEscapes() {
        expectAST(#"text "a\tb \(n + 1)\u{1F600}\"""#, """
        node text @0..31
          positional @5..31
            string @5..31
              text "a\\tb "
              binary + @13..18
                name n @13..14
                number 1 @17..18
              text "😀\\\""

        """)
    }

    @Test func newlinesInsideBracketsAndAfterOperators() {
        let (ast, ids) = dump("let x = [\n  1,\n  2\n]\nlet y = 1 +\n  2\nrect fill: red,\n  stroke: blue\n")
        #expect(ids == [])
        #expect(ast.components(separatedBy: "\n").filter { !$0.hasPrefix(" ") && !$0.isEmpty }.count == 3)
    }

    @Test func semicolonsSeparateStatements() {
        #expect(dump("rect; circle r: 1; let x = 2").ast.components(separatedBy: "\n").filter { !$0.hasPrefix(" ") && !$0.isEmpty }.count == 3)
    }

    @Test func keywordsAsLabelsAndMembers() {
        expectAST("text \"x\", style: caption", """
        node text @0..24
          positional @5..8
            string "x" @5..8
          arg style @10..24
            name caption @17..24

        """)
        #expect(dump("group {\n  style: [a, b]\n}").ids == [])
    }

    @Test func commentsAreKept() {
        let (file, _) = parse(SourceFile(id: FileID(0), path: "t.draw", text: "// a\nrect /* b */\n"))
        #expect(file.comments.map(\.span.start) == [0, 10])
        #expect(file.statements.count == 1)
    }

    @Test func errorsLeaveErrorNodes() {
        let (ast, ids) = dump("let x = 1 +\nrect fill: )\ncircle r: 3\n")
        // "1 +" continues onto the next line, so `rect` is the right operand and
        // `fill` is left over: one error for line 2, the circle parses.
        #expect(ids == ["parse.expected-end-of-statement"])
        #expect(ast.contains("node circle"))
    }

    @Test func propertyCommaSeparated() {
        #expect(dump("group { fill: red, stroke: blue; lineWidth: 1 }").ids == [])
    }
}
