// drawc preview in a real browser (headless Chromium through selenium, from
// preview_browser.py): every point of the preview is checked there; this suite runs the
// script against the built drawc and turns each of its checks into an expectation.

import DrawTestSupport
import Foundation
import Testing

enum Binary {
    /// The `drawc` binary built beside the test bundle.
    static let drawc = builtExecutable("drawc")
}

@Suite("preview in a browser", .serialized)
struct BrowserTests {
    @Test func previewInChromium() throws {
        guard ExternalTool.require("chromium", "chromedriver"),
              ExternalTool.requirePython(modules: ["selenium"]) else { return }
        let drawc = try #require(Binary.drawc, "the drawc binary was not found next to the tests")
        let folder = try TemporaryFolder(prefix: "preview")
        let script = packageRoot() + "/Tests/DrawToolsTests/preview_browser.py"
        let runs = ProcessInfo.processInfo.environment["DRAWC_PREVIEW_LATENCY_RUNS"] ?? "20"
        let run = try ExternalTool.run("python3", [script, drawc, folder.path, "--latency-runs", runs], timeout: 600)
        let last = run.stdoutText.split(separator: "\n").last.map(String.init) ?? ""
        guard let data = last.data(using: .utf8),
              let result = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let checks = result["checks"] as? [[Any]] else {
            Issue.record("the browser script gave no result: \(run.stdoutText.suffix(2000)) \(run.stderrText.suffix(4000))")
            return
        }
        #expect(checks.count >= 30, "only \(checks.count) checks ran: \(run.stderrText.suffix(2000))")
        for check in checks {
            let name = check[0] as? String ?? "?", ok = check[1] as? Bool ?? false, detail = check[2] as? String ?? ""
            #expect(ok, "\(name): \(detail)")
        }
        // The speed is a benchmark row (bench/RESULTS.md), not a pass/fail line: printed here.
        if let median = result["median"] as? Double, let latencies = result["latencies"] as? [Double] {
            print("preview latency, save of a 200-line drawing → picture in the page: median \(median) ms of \(latencies.count): \(latencies)")
        }
    }

    /// Issue 40: the preview as an editor — handles, inspector, palette, connect, delete,
    /// duplicate, arrows, undo/redo, pen (stylus and touch) and export, each step's bytes checked.
    @Test func editorInChromium() throws {
        guard ExternalTool.require("chromium", "chromedriver"),
              ExternalTool.requirePython(modules: ["selenium"]) else { return }
        let drawc = try #require(Binary.drawc, "the drawc binary was not found next to the tests")
        let folder = try TemporaryFolder(prefix: "editor")
        let script = packageRoot() + "/Tests/DrawToolsTests/editor_browser.py"
        let runs = ProcessInfo.processInfo.environment["DRAWC_PREVIEW_LATENCY_RUNS"] ?? "10"
        let run = try ExternalTool.run("python3", [script, drawc, folder.path, "--latency-runs", runs], timeout: 600)
        let last = run.stdoutText.split(separator: "\n").last.map(String.init) ?? ""
        guard let data = last.data(using: .utf8),
              let result = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let checks = result["checks"] as? [[Any]] else {
            Issue.record("the editor script gave no result: \(run.stdoutText.suffix(2000)) \(run.stderrText.suffix(4000))")
            return
        }
        #expect(checks.count >= 25, "only \(checks.count) checks ran: \(run.stderrText.suffix(2000))")
        for check in checks {
            let name = check[0] as? String ?? "?", ok = check[1] as? Bool ?? false, detail = check[2] as? String ?? ""
            #expect(ok, "\(name): \(detail)")
        }
        // The speed is a benchmark row (bench/RESULTS.md), not a pass/fail line: printed here.
        if let latencies = result["latencies"] as? [String: Any] {
            print("editor latency, edit → picture in the page (200-line drawing): \(latencies)")
        }
    }
}
