import DrawScene
import DrawSemantics
@testable import DrawLayout
import Testing
#if canImport(Foundation)
import Foundation
#endif

@Suite struct ScaleTests {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["DRAWC_SCALE"] != nil))
    func linearTime() {
        for n in [25_000, 100_000] {
            var nodes: [Node] = []
            for i in 0..<n {
                switch i % 4 {
                case 0: nodes.append(rect(30, 20, at: Point(Double(i % 100) * 40, Double(i / 100) * 40)))
                case 1: nodes.append(rect(30, 20, at: Point(Double(i % 100) * 40, Double(i / 100) * 40)) { $0.geometry.corner = 5 })
                case 2: nodes.append(node(.ellipse) { $0.geometry.width = 30; $0.geometry.height = 20; $0.geometry.at = PointValue(Point(Double(i), 0)) })
                default: nodes.append(node(.text, "L\(i)") { $0.geometry.at = PointValue(Point(Double(i), 5)) })
                }
            }
            let d = drawing(nodes)
            let start = ContinuousClock.now
            let (doc, _) = layout(d)
            let t1 = ContinuousClock.now - start
            let dump = dumpIR(doc)
            let t2 = ContinuousClock.now - start
            print("n=\(n) layout \(t1) dump total \(t2) bytes \(dump.utf8.count)")
        }
    }
}
