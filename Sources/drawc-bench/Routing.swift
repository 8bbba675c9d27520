// `drawc-bench --routing [RUNS]` (issue 36): a hand-placed diagram of n/2 nodes on a grid and
// n orthogonal labelled connectors between near neighbours, laid out (routing, ports, nudging,
// labels) for n = 100, 1,000 and 10,000. Prints the layout time, the same diagram's layout
// without connectors, and the difference per connector, so the growth is visible.

import Foundation

/// The diagram: nodes 80 × 30pt on a grid of 140 × 90pt, each connector from node i to a
/// neighbour one or two cells away (a fixed pseudo-random choice).
func routingWorkload(connectors n: Int, withConnectors: Bool) -> [UInt8] {
    let nodes = max(2, n / 2)
    let columns = max(2, Int(Double(nodes).squareRoot().rounded(.up)))
    var text = "page margin: 20pt\n"
    for i in 0..<nodes {
        text += "rect \"n\(i)\", id: n\(i), width: 80pt, height: 30pt, at: (\((i % columns) * 140)pt, \((i / columns) * 90)pt)\n"
    }
    guard withConnectors else { return Array(text.utf8) }
    var seed: UInt64 = 36
    func next() -> Int {
        seed = seed &* 6364136223846793005 &+ 1442695040888963407
        return Int(truncatingIfNeeded: seed >> 33)
    }
    let offsets = [(1, 0), (0, 1), (1, 1), (-1, 1), (2, 0), (0, 2), (2, 1), (1, 2)]
    var made = 0
    var i = 0
    while made < n {
        let a = i % nodes
        let (dx, dy) = offsets[abs(next()) % offsets.count]
        let (x, y) = (a % columns + dx, a / columns + dy)
        i += 1
        guard x >= 0, x < columns, y * columns + x < nodes else { continue }
        text += "n\(a) -> n\(y * columns + x), route: orthogonal, label: \"c\(made)\"\n"
        made += 1
    }
    return Array(text.utf8)
}

/// `sizes`: the connector counts to run (all three by default; one alone for a profile or an
/// instruction count). Wall time and the thread's CPU time, each the median of `runs`: on a
/// loaded machine the CPU time is what the layout itself took.
func runRoutingBench(runs: Int, sizes: [Int] = [100, 1_000, 10_000]) {
    print("| connectors | nodes | layout with connectors (wall / CPU) | layout of the nodes alone (wall / CPU) | per connector (wall / CPU) |")
    print("|---:|---:|---:|---:|---:|")
    func ms(_ t: Double) -> String { String(format: "%.1f", t * 1000) }
    for n in sizes {
        var timings: [(wall: Double, cpu: Double)] = []
        for withConnectors in [true, false] {
            let pipeline = Pipeline(source: routingWorkload(connectors: n, withConnectors: withConnectors), path: "bench-routing.draw")
            _ = pipeline.layoutOnly()
            var walls: [Double] = [], cpus: [Double] = []
            for _ in 0..<max(1, runs) {
                pipeline.drop(.scene)
                let (start, startCPU) = (now(), threadCPUTime())
                _ = pipeline.layoutOnly()
                walls.append(now() - start); cpus.append(threadCPUTime() - startCPU)
            }
            walls.sort(); cpus.sort()
            timings.append((walls[walls.count / 2], cpus[cpus.count / 2]))
        }
        let per = ((timings[0].wall - timings[1].wall) / Double(n), (timings[0].cpu - timings[1].cpu) / Double(n))
        print("| \(n) | \(n / 2) | \(ms(timings[0].wall)) / \(ms(timings[0].cpu)) ms | \(ms(timings[1].wall)) / \(ms(timings[1].cpu)) ms | "
              + "\(String(format: "%.0f", per.0 * 1e6)) / \(String(format: "%.0f", per.1 * 1e6)) µs |")
    }
}
