// `drawc-bench --graph [RUNS]` (issue 37): a seeded random graph of n boxes and 1.5 n edges,
// mostly between nearby numbers (as real diagrams connect neighbours), laid out by `graph`
// for n = 100, 1,000, 2,000, 5,000 and 10,000 (how it grows), side by side with `dot -Tplain` on the same graph (boxes of
// the same size, no labels) where dot is installed and finishes within its time limit.

import Foundation

/// The graph: n boxes 54 × 36pt (dot's default node), edges from a lower to a higher number.
func graphWorkloadEdges(nodes n: Int, edges e: Int) -> [(Int, Int)] {
    var seed: UInt64 = 37
    func next() -> Int {
        seed = seed &* 6364136223846793005 &+ 1442695040888963407
        return Int(truncatingIfNeeded: seed >> 33)
    }
    var edges: [(Int, Int)] = []
    for i in 1..<n { edges.append((max(0, i - 1 - abs(next()) % min(i, 20)), i)) }
    while edges.count < e {
        let a = abs(next()) % n
        let b = min(n - 1, a + 1 + abs(next()) % 40)
        if a != b { edges.append((a, b)) }
    }
    return edges
}

func graphWorkload(nodes n: Int, edges e: Int) -> (draw: [UInt8], gv: [UInt8]) {
    let edges = graphWorkloadEdges(nodes: n, edges: e)
    var draw = "graph spacing: (18, 36) {\n"
    var gv = "digraph G {\n  node [shape=box, fixedsize=true, width=0.75, height=0.5, label=\"\"];\n"
    for i in 0..<n { draw += "  rect id: n\(i), width: 54, height: 36\n" }
    for (a, b) in edges { draw += "  n\(a) -> n\(b)\n"; gv += "  n\(a) -> n\(b);\n" }
    return (Array((draw + "}\n").utf8), Array((gv + "}\n").utf8))
}

/// Seconds `dot -Tplain` takes on `gv` (nil: no dot, or it failed or took over `limit`).
func dotSeconds(_ gv: [UInt8], limit: Double) -> Double? {
    let candidates = ["/usr/bin/dot", "/usr/local/bin/dot"]
    guard let dot = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
    let input = FileManager.default.temporaryDirectory.appendingPathComponent("drawc-bench-graph-\(getpid()).gv")
    guard (try? Data(gv).write(to: input)) != nil else { return nil }
    defer { try? FileManager.default.removeItem(at: input) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: dot)
    process.arguments = ["-Tplain", "-o", "/dev/null", input.path]
    let start = now()
    do { try process.run() } catch { return nil }
    while process.isRunning {
        if now() - start > limit { process.terminate(); process.waitUntilExit(); return nil }
        usleep(2_000)
    }
    let elapsed = now() - start
    return process.terminationStatus == 0 ? elapsed : nil
}

func runGraphBench(runs: Int) {
    print("| nodes | edges | drawc graph layout (whole layout stage) | dot -Tplain (whole process) |")
    print("|---:|---:|---:|---:|")
    for n in [100, 1_000, 2_000, 5_000, 10_000] {
        let (draw, gv) = graphWorkload(nodes: n, edges: n * 3 / 2)
        let pipeline = Pipeline(source: draw, path: "bench-graph.draw")
        _ = pipeline.layoutOnly()
        var times: [Double] = []
        for _ in 0..<max(1, n >= 5_000 ? 1 : runs) {
            pipeline.drop(.scene)
            let start = now()
            _ = pipeline.layoutOnly()
            times.append(now() - start)
        }
        times.sort()
        let dot = dotSeconds(gv, limit: n <= 5_000 ? 300 : 120)
        print("| \(n) | \(n * 3 / 2) | \(String(format: "%.1f", times[times.count / 2] * 1000)) ms | "
              + (dot.map { String(format: "%.1f ms", $0 * 1000) } ?? "over the limit or not run") + " |")
    }
}
