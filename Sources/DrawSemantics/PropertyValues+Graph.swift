// Property semantics of automatic layout (issue 37): a `graph`'s `spacing:` pair, `sameRank:`
// and `nodeStyle:`, a node's `rank:`, a connector's `weight:` and `minLength:` (in ranks); the
// `switch` is exhaustive over DrawCatalogue's `GraphProperty`. Also the boxes a graph makes for
// the names its connectors use that no node has (`graph { a -> b -> c }`).

import DrawCatalogue
import DrawDiagnostics
import DrawSyntax

extension Evaluation {
    func applyGraph(_ g: GraphProperty, _ p: PropertyInput) {
        let top = p.top
        switch g {
        case .nodeStyle:
            let indices = styleIndices(p.value, span: p.valueSpan, expr: p.expr)
            frames[top].node.geometry.graph.nodeStyles = indices
        case .rank:
            guard case .word(let word) = p.value, let rank = Self.graphRankNames[word] else {
                p.mismatch(names: Self.graphRankNames.keys.sorted())
                return
            }
            frames[top].node.geometry.graph.rank = rank
            if frames.count >= 2, frames[top - 1].node.kind != .graph {
                report(PropertyMessages.rankOutsideGraph(at: p.valueSpan))
            }
        case .sameRank:
            guard let groups = sameRankGroups(p.value, span: p.valueSpan, expr: p.expr) else {
                p.mismatch()
                return
            }
            frames[top].node.geometry.graph.sameRank = groups
        case .weight:
            guard case .number(let x) = p.value else { p.mismatch(); return }
            guard x >= 0, x <= 1000 else {
                report(PropertyMessages.weightOutOfRange(x, at: p.valueSpan))
                return
            }
            frames[top].node.geometry.graph.weight = x
        }
    }

    static let graphRankNames: [String: GraphRank] = wordTable(RankWord.self) {
        switch $0 {
        case .first: .first
        case .last: .last
        }
    }

    /// `sameRank: [a, b]` or `[[a, b], [c, d]]`: names of nodes, each referred to like a
    /// connector's end (an unknown id is reported at the end of evaluation).
    func sameRankGroups(_ value: Value, span: Span, expr: ExprID?) -> [[String]]? {
        guard case .list(let items) = value, !items.isEmpty else { return nil }
        // Each name of a list written out is reported at itself.
        var itemSpans: [Span] = []
        if let expr, case .list(let list) = unit.ast.exprs[Int(expr.index)].kind {
            itemSpans = unit.ast[list].map(exprSpan)
        }
        func name(_ item: Value) -> String? {
            switch item {
            case .word(let w), .string(let w): return w
            default: return nil
            }
        }
        if items.allSatisfy({ name($0) != nil }) {
            let names = items.compactMap(name)
            for (k, n) in names.enumerated() {
                let at = itemSpans.count == names.count ? itemSpans[k] : span
                pendingReferences.append(PendingReference(id: n, span: at, page: pageIndex, mustPrecede: false))
            }
            return [names]
        }
        var groups: [[String]] = []
        for item in items {
            guard case .list(let inner) = item, !inner.isEmpty, inner.allSatisfy({ name($0) != nil }) else { return nil }
            let names = inner.compactMap(name)
            for n in names { pendingReferences.append(PendingReference(id: n, span: span, page: pageIndex, mustPrecede: false)) }
            groups.append(names)
        }
        return groups
    }

    /// `spacing:` of a graph: one length for both gaps, or (between nodes of a rank, between ranks).
    func applyGraphSpacing(_ p: PropertyInput) {
        let top = p.top
        let pair: (Double, Double)
        switch p.value {
        case .point(let x, let y):
            pair = (x, y)
        default:
            guard let x = length(p.value) else {
                typeMismatch(.graphSpacing, p.value, p.valueSpan, p.expr)
                return
            }
            pair = (x, x)
        }
        guard pair.0 >= 0, pair.1 >= 0, pair.0.isFinite, pair.1.isFinite else {
            report(PropertyMessages.graphSpacingNegative(min(pair.0, pair.1), at: p.valueSpan))
            return
        }
        frames[top].node.geometry.spacing = pair.0
        frames[top].node.geometry.graph.rankSpacing = pair.1
    }

    /// `minLength:` of a connector: the least number of ranks it spans in a graph.
    func applyRankSpan(_ p: PropertyInput) {
        guard case .number(let x) = p.value else {
            typeMismatch(.minLength, p.value, p.valueSpan, p.expr)
            return
        }
        guard x >= 0, x <= 100, x == x.rounded() else {
            report(PropertyMessages.minLengthOutOfRange(x, at: p.valueSpan))
            return
        }
        frames[p.top].node.geometry.minLength = x
    }

    /// A connector written in a graph's block: its ends' names may become boxes.
    func noteGraphConnectorEnds(_ from: Endpoint, _ to: Endpoint) {
        let parent = frames.count - 1
        guard parent >= 0, nodeKind(ofFrame: parent) == .graph else { return }
        for end in [from, to] {
            if case .node(let id, let span) = end {
                if graphNames.last?.frame != parent { graphNames.append((parent, [])) }
                graphNames[graphNames.count - 1].names.append(ImplicitNodeName(name: id, span: span))
                sawImplicitNames = true
            }
        }
    }

    /// Makes a box for each name a graph's connectors use that no node on the page has (the
    /// first graph that names it holds it), labelled with the name and styled by `nodeStyle:`.
    func makeImplicitNodes(_ drawing: inout Drawing) {
        for page in drawing.pages.indices {
            pageIndex = page
            makeImplicitNodes(&drawing.pages[page].nodes)
        }
    }

    private func makeImplicitNodes(_ nodes: inout [Node]) {
        for i in nodes.indices where !nodes[i].children.isEmpty || nodes[i].kind == .graph {
            makeImplicitNodes(&nodes[i].children)
            guard nodes[i].kind == .graph, nodes[i].geometry.hasRareProperties else { continue }
            var options = nodes[i].geometry.graph
            guard !options.implicitNames.isEmpty else { continue }
            let names = options.implicitNames
            options.implicitNames = []
            nodes[i].geometry.graph = options
            for name in names where ids[name.name] == nil {
                frames = [Frame(node: Node(kind: .graph, span: .unknown, style: nodes[i].style), role: .root)]
                var node = Node(kind: .rect, span: name.span, style: nodes[i].style)
                node.id = name.name
                node.content = name.name
                frames.append(Frame(node: node, role: .node, idSpan: name.span))
                for index in options.nodeStyles {
                    applyProperty(.style, .style(index), valueSpan: name.span, nameSpan: name.span, expr: nil, to: 1, fromStyle: false)
                }
                finishTopFrame()
                nodes[i].children.append(contentsOf: frames[0].node.children)
                frames = []
            }
        }
    }
}
