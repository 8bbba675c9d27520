// Source spans of scene items (docs/ir.md, "Source spans"), recorded only when asked
// (`recordSources`): the preview and `drawc ir --spans` want them, the compile path does not
// pay for them.
//
// While emitting, each node's emission appends a run (list, first item, end, source) and
// each group built around emitted nodes registers its item list; when the page is done the
// runs become `itemSources` arrays beside `Page.items` and `Group.items`. Runs finish in
// post-order, so an item takes the innermost node that emitted it; an item in a list without
// runs (a clip group around an image) takes the source of the group holding it.

import DrawBase
import DrawCatalogue
import DrawDiagnostics
import DrawScene
import DrawSemantics

/// What layout records of sources for one document.
struct SourceRecorder {
    struct Run {
        var list: Int32
        var start: Int32
        var end: Int32
        var source: Scene.SourceID
    }

    /// One per item list being filled: the page's (0) and each group's inner list, with the
    /// list and index of the group item that will hold it.
    var lists: [(parent: Int32, index: Int32)] = [(-1, -1)]
    var current: Int32 = 0
    var runs: [Run] = []
    var sources: [Scene.ItemSource] = []
    /// The user statement being emitted (innermost), for nodes from component bodies.
    var context: [(source: Scene.SourceID, span: Span)] = []
    var links: [DefinitionLink] = []

    mutating func resetPage() {
        lists = [(-1, -1)]; current = 0; runs.removeAll(); context.removeAll()
    }

    /// The source of `node`, a new entry when it is a statement of the user's file, else the
    /// enclosing statement's with `node`'s definition added (see docs/ir.md).
    mutating func enter(_ node: NodeRef, parentKind: NodeKind?) -> Scene.SourceID {
        let span = node.span
        var own: [Span] = []
        var link = node.geometry.definitions
        while link >= 0 && Int(link) < links.count && own.count < links.count {
            own.append(links[Int(link)].span)
            link = links[Int(link)].next
        }
        let enclosing = context.last
        let isUserStatement = span.file == FileID(0) && !span.isUnknown
            && (enclosing == nil || (enclosing!.span.start <= span.start && span.end <= enclosing!.span.end))
        let id = Scene.SourceID(Int32(sources.count))
        if isUserStatement || enclosing == nil {
            var placed: String?
            // A child with `at:` is out of the flow even in a stack.
            switch node.geometryAt == nil ? parentKind?.layoutClass : nil {
            case .container(let arrangement)?: placed = arrangement.placement
            case .box?, .shape?, .line?, .path?, .stroke?, .text?, .image?, .barcode?, .spacer?, .connector?, nil: placed = nil
            }
            sources.append(Scene.ItemSource(span: span, definitions: own, kind: node.kind.name, placedByParent: placed))
            context.append((id, span))
        } else {
            var entry = sources[Int(enclosing!.source.index)]
            entry.definitions += [span] + own
            entry.kind = node.kind.name
            sources.append(entry)
            context.append((id, enclosing!.span))
        }
        return id
    }

    mutating func leave(_ source: Scene.SourceID, start: Int, end: Int) {
        context.removeLast()
        if end > start { runs.append(Run(list: current, start: Int32(start), end: Int32(end), source: source)) }
    }

    /// Starts a group's inner list; returns the list to go back to.
    mutating func beginGroup() -> Int32 {
        let parent = current
        current = Int32(lists.count)
        lists.append((parent, -1))
        return parent
    }

    /// Ends a group's inner list; the group item goes to `index` of the parent list.
    mutating func endGroup(parent: Int32, index: Int) {
        lists[Int(current)].index = Int32(index)
        current = parent
    }

    /// Writes the recorded runs into the page's items as `itemSources`.
    func attach(to items: inout [Scene.Item]) -> [Scene.SourceID] {
        var perList = [[Scene.SourceID]](repeating: [], count: lists.count)
        var children: [Int64: Int32] = [:]
        for (list, entry) in lists.enumerated() where entry.parent >= 0 {
            children[Int64(entry.parent) << 32 | Int64(entry.index)] = Int32(list)
        }
        for run in runs {
            // In place: a copy of the list's array per run would make this quadratic.
            let list = Int(run.list)
            if perList[list].count < Int(run.end) {
                perList[list] += [Scene.SourceID](repeating: .none, count: Int(run.end) - perList[list].count)
            }
            for i in Int(run.start)..<Int(run.end) where perList[list][i] == .none { perList[list][i] = run.source }
        }
        // Recursion is bounded by the evaluator's nesting limit (groups nest as nodes do).
        func fill(_ items: inout [Scene.Item], list: Int32, inherited: Scene.SourceID) -> [Scene.SourceID] {
            var sources = list >= 0 ? perList[Int(list)] : []
            if sources.count < items.count { sources += [Scene.SourceID](repeating: .none, count: items.count - sources.count) }
            if sources.count > items.count { sources.removeLast(sources.count - items.count) }
            for i in items.indices {
                if sources[i] == .none { sources[i] = inherited }
                guard case .group(var group) = items[i] else { continue }
                let child = list >= 0 ? children[Int64(list) << 32 | Int64(i)] ?? -1 : -1
                items[i] = .path(Scene.Path(), Paint())  // releases the group's storage while it is changed
                group.recordSources { fill(&$0, list: child, inherited: sources[i]) }
                items[i] = .group(group)
            }
            return sources
        }
        return fill(&items, list: 0, inherited: .none)
    }
}
