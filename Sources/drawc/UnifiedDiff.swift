// `drawc fmt --diff`: the change between a file and its formatted text as a unified diff
// (the format of `diff -u`, which `patch` and `git apply` read), three lines of context.
//
// Lines are compared whole with Myers' O(ND) algorithm ("An O(ND) Difference Algorithm and
// Its Variations", 1986) after the common head and tail are set aside. A middle that needs
// more than `maximumEdits` edits is shown as one replaced run: still a correct patch, only
// not the shortest, and never the quadratic memory of a full trace on a huge file.

enum UnifiedDiff {
    static let context = 3
    static let maximumEdits = 4000

    struct Line: Equatable {
        var bytes: ArraySlice<UInt8>
        /// False only for a last line without `\n`.
        var terminated: Bool
    }

    static func lines(_ bytes: [UInt8]) -> [Line] {
        var lines: [Line] = []
        var start = 0
        for index in bytes.indices where bytes[index] == 0x0A {
            lines.append(Line(bytes: bytes[start..<index], terminated: true))
            start = index + 1
        }
        if start < bytes.count { lines.append(Line(bytes: bytes[start...], terminated: false)) }
        return lines
    }

    enum Edit { case keep, delete, insert }

    /// The edit script turning `a` into `b`.
    static func edits(_ a: [Line], _ b: [Line]) -> [Edit] {
        var head = 0
        while head < a.count, head < b.count, a[head] == b[head] { head += 1 }
        var tail = 0
        while tail < a.count - head, tail < b.count - head, a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
        let x = Array(a[head..<(a.count - tail)])
        let y = Array(b[head..<(b.count - tail)])
        let middle = myers(x, y) ?? (Array(repeating: .delete, count: x.count) + Array(repeating: .insert, count: y.count))
        return Array(repeating: .keep, count: head) + middle + Array(repeating: .keep, count: tail)
    }

    /// Myers' greedy algorithm with the frontier of each round kept for the way back; nil
    /// when more than `maximumEdits` edits are needed.
    static func myers(_ a: [Line], _ b: [Line]) -> [Edit]? {
        let n = a.count, m = b.count
        if n == 0 { return Array(repeating: .insert, count: m) }
        if m == 0 { return Array(repeating: .delete, count: n) }
        let limit = min(n + m, maximumEdits)
        let offset = limit + 1
        var frontier = Array(repeating: 0, count: 2 * limit + 3)
        var trace: [[Int]] = []
        for d in 0...limit {
            trace.append(frontier)
            for diagonal in stride(from: -d, through: d, by: 2) {
                var x: Int
                if diagonal == -d || (diagonal != d && frontier[offset + diagonal - 1] < frontier[offset + diagonal + 1]) {
                    x = frontier[offset + diagonal + 1]
                } else {
                    x = frontier[offset + diagonal - 1] + 1
                }
                var y = x - diagonal
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                frontier[offset + diagonal] = x
                if x >= n, y >= m {
                    return backtrack(trace, d: d, offset: offset, n: n, m: m)
                }
            }
        }
        return nil
    }

    static func backtrack(_ trace: [[Int]], d: Int, offset: Int, n: Int, m: Int) -> [Edit] {
        var edits: [Edit] = []
        var x = n, y = m
        for step in stride(from: d, through: 1, by: -1) {
            let frontier = trace[step]
            let diagonal = x - y
            let previous: Int
            if diagonal == -step || (diagonal != step && frontier[offset + diagonal - 1] < frontier[offset + diagonal + 1]) {
                previous = diagonal + 1
            } else {
                previous = diagonal - 1
            }
            let previousX = frontier[offset + previous]
            let previousY = previousX - previous
            while x > previousX, y > previousY { edits.append(.keep); x -= 1; y -= 1 }
            if x == previousX { edits.append(.insert); y -= 1 } else { edits.append(.delete); x -= 1 }
        }
        while x > 0, y > 0 { edits.append(.keep); x -= 1; y -= 1 }
        return edits.reversed()
    }

    /// The unified diff from `old` to `new`, or an empty array when they are equal.
    static func render(old: [UInt8], new: [UInt8], oldName: String, newName: String) -> [UInt8] {
        let a = lines(old), b = lines(new)
        let script = edits(a, b)
        guard script.contains(where: { if case .keep = $0 { false } else { true } }) else { return [] }
        // Positions in a and b before each edit.
        var positions: [(Int, Int)] = []
        var i = 0, j = 0
        for edit in script {
            positions.append((i, j))
            switch edit {
            case .keep: i += 1; j += 1
            case .delete: i += 1
            case .insert: j += 1
            }
        }
        var out: [UInt8] = Array("--- \(oldName)\n+++ \(newName)\n".utf8)
        var index = 0
        while index < script.count {
            guard case .keep = script[index] else {
                // A hunk: from `context` lines before this change to `context` after the last
                // change that lies within 2 × context of the one before.
                let hunkStart = max(0, index - context)
                var end = index
                var lastChange = index
                while end < script.count {
                    if case .keep = script[end] {
                        if end - lastChange > 2 * context { break }
                    } else {
                        lastChange = end
                    }
                    end += 1
                }
                let hunkEnd = min(script.count, lastChange + 1 + context)
                let (oldStart, newStart) = positions[hunkStart]
                var oldCount = 0, newCount = 0
                for edit in script[hunkStart..<hunkEnd] {
                    switch edit {
                    case .keep: oldCount += 1; newCount += 1
                    case .delete: oldCount += 1
                    case .insert: newCount += 1
                    }
                }
                func range(_ start: Int, _ count: Int) -> String {
                    count == 1 ? "\(start + 1)" : "\(count == 0 ? start : start + 1),\(count)"
                }
                out += Array("@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n".utf8)
                for e in hunkStart..<hunkEnd {
                    let (p, q) = positions[e]
                    let line: Line
                    switch script[e] {
                    case .keep: out.append(0x20); line = a[p]
                    case .delete: out.append(UInt8(ascii: "-")); line = a[p]
                    case .insert: out.append(UInt8(ascii: "+")); line = b[q]
                    }
                    out += line.bytes
                    out.append(0x0A)
                    if !line.terminated { out += Array("\\ No newline at end of file\n".utf8) }
                }
                index = hunkEnd
                continue
            }
            index += 1
        }
        return out
    }
}
