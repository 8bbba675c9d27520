// drawc-bench — measures drawc on generated workloads and writes bench/RESULTS.md.
//
// Each (workload, size) runs in a child process of its own (`drawc-bench --child W N`) so
// that its peak memory (getrusage's maxrss) belongs to that workload alone. The child times
// every stage (lex+parse, evaluate, layout, each backend) and the whole compile several
// times and prints one result line; the parent collects them into a Markdown table.
// Build and run in release: `swift run -c release drawc-bench [--quick]`.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

struct Options {
    var quick = false
    var output = "bench/RESULTS.md"
    var workloads: [Workload] = Workload.allCases.filter { $0 != .qr && $0 != .labels && $0 != .typeset && $0 != .gradients }
    var sizes: [Int] = [10_000, 100_000, 1_000_000]
    var child: (Workload, Int)?
}

func parseOptions() -> Options {
    var options = Options()
    var args = CommandLine.arguments.dropFirst()
    while let arg = args.popFirst() {
        switch arg {
        case "--quick":
            options.quick = true
            options.sizes = [10_000]
        case "--out":
            options.output = args.popFirst() ?? options.output
        case "--workload":
            options.workloads = (args.popFirst() ?? "").split(separator: ",").compactMap { Workload(rawValue: String($0)) }
        case "--sizes":
            options.sizes = (args.popFirst() ?? "").split(separator: ",").compactMap { Int($0) }
        case "--child":
            if let w = args.popFirst().flatMap(Workload.init(rawValue:)), let n = args.popFirst().flatMap({ Int($0) }) {
                options.child = (w, n)
            }
        case "--compile-only":
            // --compile-only INPUT OUTPUT FORMAT: the whole compile alone, for its peak memory.
            guard let input = args.popFirst(), let output = args.popFirst(), let format = args.popFirst() else {
                FileHandle.standardError.write(Data("usage: drawc-bench --compile-only INPUT OUTPUT svg|pdf|ps\n".utf8))
                exit(2)
            }
            runCompileOnly(input: input, output: output, format: format)
        case "--pdf-floor":
            // --pdf-floor IN.draw [RUNS]: compile → PDF against reading the input and deflating
            // the output with zlib -1 (issue 38's floor; PDFFloor.swift), interleaved in this process.
            guard let input = args.popFirst() else {
                FileHandle.standardError.write(Data("usage: drawc-bench --pdf-floor IN.draw [RUNS]\n".utf8))
                exit(2)
            }
            runPDFFloor(input: input, runs: args.popFirst().flatMap { Int($0) } ?? 7)
        case "--stage":
            // --stage svg|pdf|ps|layout|layout-spans WORKLOAD N [RUNS]: one stage alone (a backend on the
            // laid-out workload; layout again and again on the node tree, layout-spans recording sources).
            guard let stage = args.popFirst(), let w = args.popFirst().flatMap(Workload.init(rawValue:)),
                  let n = args.popFirst().flatMap({ Int($0) })
            else { FileHandle.standardError.write(Data("usage: drawc-bench --stage svg|pdf|ps|layout|layout-spans WORKLOAD N [RUNS]\n".utf8)); exit(2) }
            runStage(stage, workload: w, items: n, runs: args.popFirst().flatMap { Int($0) } ?? 11)
            exit(0)
        case "--cjk":
            // --cjk [RUNS]: issue 17's row (a page of 2,000 CJK characters → PDF, subset size).
            runCJK(runs: args.popFirst().flatMap { Int($0) } ?? 5, output: options.output)
        case "--shaping":
            // --shaping [RUNS]: issue 39's rows (10,000 Latin, Arabic and Devanagari words; hb-shape beside).
            runShaping(runs: args.popFirst().flatMap { Int($0) } ?? 5, output: options.output)
        case "--lsp":
            // --lsp [EDITS]: issue 15's rows (diagnostics and completion after an edit, 2,000 lines).
            runLanguageServerBench(edits: args.popFirst().flatMap { Int($0) } ?? 100, output: options.output)
        case "--lsp-long-lines":
            // --lsp-long-lines: issue 34's rows (a 320 KB line, 100,000 nested parentheses).
            runLanguageServerLongLinesBench()
        case "--micro":
            runMicro()
            exit(0)
        case "--routing":
            // --routing [RUNS [CONNECTORS]]: issue 36's rows (orthogonal labelled connectors, 100 to
            // 10,000; or one size alone, for a profile or an instruction count).
            let runs = args.popFirst().flatMap { Int($0) } ?? 3
            if let n = args.popFirst().flatMap({ Int($0) }) { runRoutingBench(runs: runs, sizes: [n]) } else { runRoutingBench(runs: runs) }
            exit(0)
        case "--graph":
            // --graph [RUNS]: issue 37's rows (automatic layout, 100 to 10,000 nodes, against dot).
            runGraphBench(runs: args.popFirst().flatMap { Int($0) } ?? 3)
            exit(0)
        case "--hyphenate":
            // --hyphenate [RUNS]: Liang's hyphenation lookups alone (issue 23).
            runHyphenationMicro(runs: args.popFirst().flatMap { Int($0) } ?? 7)
            exit(0)
        case "--parse":
            // --parse WORKLOAD N [RUNS]: lex+parse alone (for callgrind and quick MB/s).
            guard let w = args.popFirst().flatMap(Workload.init(rawValue:)), let n = args.popFirst().flatMap({ Int($0) })
            else { FileHandle.standardError.write(Data("usage: drawc-bench --parse WORKLOAD N [RUNS]\n".utf8)); exit(2) }
            let runs = args.first.flatMap { Int($0) } ?? 5
            runParseOnly(workload: w, items: n, runs: runs)
            exit(0)
        case "--fmt":
            // --fmt WORKLOAD N [RUNS]: drawc fmt's work against drawc check's (issue 14).
            guard let w = args.popFirst().flatMap(Workload.init(rawValue:)), let n = args.popFirst().flatMap({ Int($0) })
            else { FileHandle.standardError.write(Data("usage: drawc-bench --fmt WORKLOAD N [RUNS]\n".utf8)); exit(2) }
            runFormatOnly(workload: w, items: n, runs: args.first.flatMap { Int($0) } ?? 5)
            exit(0)
        case "--emit":
            // --emit WORKLOAD N FORMAT: print the workload's source (draw, svg, pic, pikchr).
            guard let w = args.popFirst().flatMap(Workload.init(rawValue:)), let n = args.popFirst().flatMap({ Int($0) }),
                  let format = args.popFirst()
            else { FileHandle.standardError.write(Data("usage: drawc-bench --emit WORKLOAD N draw|svg|pic|pikchr\n".utf8)); exit(2) }
            let bytes = format == "draw" ? w.source(items: n) : PeerFormat(rawValue: format).flatMap { w.peerSource(items: n, format: $0) }
            guard let bytes else { FileHandle.standardError.write(Data("drawc-bench: no \(format) form of \(w.rawValue)\n".utf8)); exit(2) }
            FileHandle.standardOutput.write(Data(bytes))
            exit(0)
        case "--help", "-h":
            print("""
            usage: drawc-bench [--quick] [--workload shapes,freehand,diagram,text,qr,ink,inkcompact,labels,typeset,gradients] [--sizes 10000,100000] [--out FILE]
              Generates the workloads, times each stage and the whole compile (median of several
              runs) in a child process per workload, and writes the table to bench/RESULTS.md.
            drawc-bench --graph [RUNS]: automatic layout of 100 to 10,000 nodes, beside dot -Tplain.
            drawc-bench --pdf-floor IN.draw [RUNS]: compile → PDF against its floor (read the
              input, deflate the content with zlib at level 1, write it) and against drawc's own
              encoder as the PDF writer runs it, interleaved; user CPU and wall, min and median.
            """)
            exit(0)
        default:
            FileHandle.standardError.write(Data("drawc-bench: unknown option '\(arg)'\n".utf8))
            exit(2)
        }
    }
    return options
}

/// Monotonic wall clock in seconds.
func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// Peak resident memory of this process in bytes.
///
/// On Linux, the high-water mark of this process's own memory (`VmHWM`): getrusage's
/// maxrss survives execve, and a child started by Process (vfork-style spawn) inherits the
/// peak of the process that started it — the compile-only child reported the all-stages
/// child's 324 MB for a compile that peaks at 140 MB.
func peakMemory() -> Int {
    #if os(Linux)
    if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
       let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
       let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) {
        return kilobytes * 1024
    }
    #endif
    var usage = rusage()
    #if canImport(Glibc)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
    getrusage(RUSAGE_SELF, &usage)
    #endif
    #if canImport(Darwin)
    return Int(usage.ru_maxrss)
    #else
    return Int(usage.ru_maxrss) * 1024
    #endif
}

/// Median wall time of `runs` calls of `body`, which returns something to keep alive.
/// Runs `body` `runs` times and returns the median wall time. `reset` runs untimed before each
/// run: it frees the previous run's result, so freeing it is not counted against the stage.
func median(runs: Int, reset: () -> Void = {}, _ body: () -> Int) -> (seconds: Double, result: Int) {
    var times: [Double] = []
    var result = 0
    for _ in 0..<max(1, runs) {
        reset()
        let start = now()
        result = body()
        times.append(now() - start)
    }
    times.sort()
    return (times[times.count / 2], result)
}

let options = parseOptions()
if let (workload, size) = options.child {
    runChild(workload: workload, items: size, quick: options.quick)
} else {
    runParent(options)
}
