// Trees and forests drawn tidy (Reingold and Tilford, "Tidier Drawings of Trees", 1981): each
// subtree is laid out on its own, its children's subtrees pushed together as close as their
// contours allow (level by level, with each node's own width), and the parent centred over
// its first and last child. Children keep their written order; the roots of a forest stand
// side by side. In linear time, as Walker's threads and Buchheim et al.'s fix achieve it, by
// other means: a contour is kept deepest level first with one offset for all its levels, so
// shifting a subtree or adding its root costs O(1), and merging two contours costs only as
// many levels as the shallower has — and the sum of those over a tree is at most its size.

import DrawBase
import DrawScene

enum TidyTree {
    /// A graph is drawn as a tree when every node has at most one parent, no edge closes a
    /// cycle or joins a node to itself, and no rank constraint or edge option asks for more.
    static func applies(to graph: LayeredGraph) -> Bool {
        guard graph.sameRank.allSatisfy({ $0.count < 2 }) else { return false }
        guard graph.nodes.allSatisfy({ $0.rank == nil }) else { return false }
        var parent = [Int](repeating: -1, count: graph.nodes.count)
        for edge in graph.edges {
            guard edge.from != edge.to, edge.minLength == 1, edge.label == nil, parent[edge.to] < 0 else { return false }
            parent[edge.to] = edge.from
        }
        // No cycle: following parents from every node ends at a root.
        var state = [UInt8](repeating: 0, count: graph.nodes.count)
        for start in graph.nodes.indices where state[start] == 0 {
            var path: [Int] = []
            var v = start
            while v >= 0 && state[v] == 0 {
                state[v] = 1
                path.append(v)
                v = parent[v]
            }
            if v >= 0 && state[v] == 1 { return false }
            for p in path { state[p] = 2 }
        }
        return !graph.edges.isEmpty
    }

    /// A subtree's outline per level below its root: the leftmost and rightmost extent,
    /// relative to the root's centre. Stored deepest level first and less `offset`.
    struct Contour {
        var left: [Double]
        var right: [Double]
        var offset = 0.0
        var depth: Int { left.count }

        init(leaf half: Double) { left = [-half]; right = [half] }

        func left(_ level: Int) -> Double { left[left.count - 1 - level] + offset }
        func right(_ level: Int) -> Double { right[right.count - 1 - level] + offset }
        mutating func setLeft(_ level: Int, _ x: Double) { left[left.count - 1 - level] = x - offset }
        mutating func setRight(_ level: Int, _ x: Double) { right[right.count - 1 - level] = x - offset }
        /// A new top level (the parent's), pushing the others one level down.
        mutating func addRoot(half: Double) { left.append(-half - offset); right.append(half - offset) }
    }

    static func layout(_ graph: LayeredGraph, cross: [Double], thick: [Double]) -> LayeredDrawing {
        var work = 0
        return layout(graph, cross: cross, thick: thick, work: &work)
    }

    /// `work` counts the levels compared and copied in merging contours (linear in the size).
    static func layout(_ graph: LayeredGraph, cross: [Double], thick: [Double], work: inout Int) -> LayeredDrawing {
        let n = graph.nodes.count
        var children = [[Int]](repeating: [], count: n)
        var hasParent = [Bool](repeating: false, count: n)
        for edge in graph.edges { children[edge.from].append(edge.to); hasParent[edge.to] = true }
        let roots = (0..<n).filter { !hasParent[$0] }
        var depth = [Int](repeating: 0, count: n)
        // Children's offsets from their parent's centre, then absolute positions.
        var offset = [Double](repeating: 0, count: n)
        var contours = [Contour?](repeating: nil, count: n)
        // Postorder without recursion (trees may be deep).
        var postorder: [Int] = []
        var stack: [(Int, Int)] = roots.reversed().map { ($0, 0) }
        for r in roots { depth[r] = 0 }
        var visited = [Bool](repeating: false, count: n)
        while let (v, i) = stack.popLast() {
            if i < children[v].count {
                stack.append((v, i + 1))
                let c = children[v][i]
                if !visited[c] { visited[c] = true; depth[c] = depth[v] + 1; stack.append((c, 0)) }
            } else {
                postorder.append(v)
            }
        }
        let gap = graph.nodeSpacing
        for v in postorder {
            let own = cross[v] / 2
            guard !children[v].isEmpty else {
                contours[v] = Contour(leaf: own)
                continue
            }
            var (merged, positions) = placeSide(by: children[v], contours: &contours, gap: gap, work: &work)
            // The parent centred over its first and last child.
            let centre = (positions.first! + positions.last!) / 2
            for (k, c) in children[v].enumerated() { offset[c] = positions[k] - centre }
            merged.offset -= centre
            merged.addRoot(half: own)
            contours[v] = merged
        }
        // The forest's roots side by side.
        let (_, rootPositions) = placeSide(by: roots, contours: &contours, gap: gap, work: &work)
        var x = [Double](repeating: 0, count: n)
        for (k, r) in roots.enumerated() { x[r] = rootPositions[k] }
        for v in postorder.reversed() { for c in children[v] { x[c] = x[v] + offset[c] } }

        let levels = (depth.max() ?? 0) + 1
        var minX = Double.infinity, maxX = -Double.infinity
        for v in 0..<n { minX = min(minX, x[v] - cross[v] / 2); maxX = max(maxX, x[v] + cross[v] / 2) }
        let lines = EdgeLines(chains: graph.edges.map { [$0.from, $0.to] }, rank: depth, thick: thick, cross: cross, rankCount: levels,
                              x: { x[$0] - minX }, nodeSpacing: graph.nodeSpacing, rankSpacing: graph.rankSpacing)
        let centers = (0..<n).map { Point(x[$0] - minX, lines.rankCenter[depth[$0]]) }
        let bends = lines.bends
        let y = lines.height
        return LayeredDrawing(centers: centers, bends: bends, labelCenters: graph.edges.map { _ in nil },
                              size: Size(max(0, maxX - minX), y), crossings: 0, isTree: true)
    }

    /// Subtrees placed left to right, each as close to the ones before as their contours
    /// allow; returns the merged contour and each subtree root's position. Each step costs the
    /// depth of the shallower of the two contours.
    static func placeSide(by subtrees: [Int], contours: inout [Contour?], gap: Double, work: inout Int) -> (Contour, [Double]) {
        var merged = contours[subtrees[0]].take()!
        var positions = [0.0]
        for s in subtrees.dropFirst() {
            var contour = contours[s].take()!
            let shared = min(merged.depth, contour.depth)
            work += shared
            var shift = -Double.infinity
            for level in 0..<shared { shift = max(shift, merged.right(level) + gap - contour.left(level)) }
            positions.append(shift)
            contour.offset += shift
            if contour.depth >= merged.depth {
                // The new subtree reaches as deep or deeper: its right side is the right side
                // at every level, and the left side above its bottom part is the merged one's.
                for level in 0..<merged.depth { contour.setLeft(level, merged.left(level)) }
                merged = contour
            } else {
                for level in 0..<contour.depth { merged.setRight(level, contour.right(level)) }
            }
        }
        return (merged, positions)
    }
}
