#if canImport(Glibc)
import Glibc
#endif
import Foundation
import DrawDiagnostics
import DrawOutput
import DrawSemantics
import DrawSyntax
import DrawFormat
import DrawKit

/// `drawc-bench --micro`: the shared number formatter alone, 1,000,000 typical coordinates
/// written through `ByteBuffer`, as the backends do.
func runMicro() {
    var values: [Double] = []
    var random = SeededRandom(seed: 9)
    for _ in 0..<1_000_000 { values.append(Double(random.next(below: 2_000_000)) / 1000 - 500) }
    let time = median(runs: 5) {
        var out = ByteBuffer(capacity: 12_000_000)
        for v in values { out.append(number: v); out.append(0x20) }
        return out.count
    }
    print("number formatter: \(Int(time.seconds * 1e9 / 1e6)) ns per number, \(time.result) bytes")
    runCompactPointsMicro()
}

/// The compact points syntax alone: every points string of the `inkcompact` workload at 1M
/// points (10,000 strings of 100 points with pressure) decoded, in MB/s of string bytes.
func runCompactPointsMicro() {
    let source = Workload.inkcompact.source(items: 1_000_000)
    var strings: [[UInt8]] = []
    var i = 0
    let opener = Array("points: \"".utf8)
    while i + opener.count < source.count {
        if source[i] == opener[0] && Array(source[i..<(i + opener.count)]) == opener {
            var j = i + opener.count
            while source[j] != 0x22 { j += 1 }
            strings.append(Array(source[(i + opener.count)..<j]))
            i = j
        }
        i += 1
    }
    let bytes = strings.reduce(0) { $0 + $1.count }
    var cpuTimes: [Double] = []
    let time = median(runs: 7) {
        var points = 0
        let cpuStart = threadCPUTime()
        defer { cpuTimes.append(threadCPUTime() - cpuStart) }
        for s in strings {
            s.withUnsafeBufferPointer { buffer in
                if case .success(let decoded) = CompactPoints.decode(buffer, maxPoints: 1_000_000) {
                    points += decoded.values.count / decoded.dimensions
                }
            }
        }
        return points
    }
    let megabytes = Double(bytes) / 1_000_000
    cpuTimes.sort()
    let cpu = cpuTimes[cpuTimes.count / 2]
    print("compact points: \(time.result) points in \(strings.count) strings, \(bytes) bytes, "
          + "\(Int(time.seconds * 1000 * 100) / 100) ms wall (\(Int(megabytes / time.seconds)) MB/s), "
          + "\(Int(cpu * 1000 * 100) / 100) ms thread CPU (\(Int(megabytes / cpu)) MB/s)")
}

/// `drawc-bench --stage svg|pdf|ps WORKLOAD N [RUNS]`: one backend alone, RUNS times on the
/// same laid-out document; prints the median and the fastest run (the fastest is the one
/// least disturbed by other processes on a shared machine).
func runStage(_ stage: String, workload: Workload, items: Int, runs: Int) {
    let pipeline = Pipeline(source: workload.source(items: items), path: "bench-\(workload.rawValue).draw")
    _ = pipeline.layoutOnly()
    var times: [Double] = []
    var threadTimes: [Double] = []
    var processTimes: [Double] = []
    var size = 0
    pipeline.recordSources = stage == "layout-spans"
    for _ in 0..<max(1, runs) {
        if stage.hasPrefix("layout") { pipeline.drop(.scene) }
        let start = now()
        let threadStart = threadCPUTime()
        let processStart = processCPUTime()
        switch stage {
        case "layout", "layout-spans": size = pipeline.layoutOnly()
        case "svg": size = pipeline.svgOnly()
        case "pdf": size = pipeline.pdfOnly()
        case "ps": size = pipeline.psOnly()
        default:
            FileHandle.standardError.write(Data("drawc-bench: unknown stage '\(stage)'\n".utf8))
            exit(2)
        }
        threadTimes.append(threadCPUTime() - threadStart)
        processTimes.append(processCPUTime() - processStart)
        times.append(now() - start)
    }
    times.sort()
    threadTimes.sort()
    processTimes.sort()
    print("\(stage) \(workload.rawValue) \(items): median \(ms(times[times.count / 2])) ms, fastest \(ms(times[0])) ms; "
          + "CPU time of the calling thread: median \(ms(threadTimes[threadTimes.count / 2])) ms, of all threads: median "
          + "\(ms(processTimes[processTimes.count / 2])) ms; \(size) bytes")
}

/// CPU time of all of this process's threads in seconds.
func processCPUTime() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// CPU time of the calling thread in seconds: on a busy machine, what this thread had to do
/// itself (work handed to other threads is not in it), whatever the waiting for a core.
func threadCPUTime() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// `drawc-bench --parse WORKLOAD N [RUNS]`: lex+parse alone, RUNS times (default 5) on the
/// same source, printing the median time and MB/s. With RUNS = 1 it is the clean target for
/// `valgrind --tool=callgrind` (the workload generator shows up as its own entries).
func runParseOnly(workload: Workload, items: Int, runs: Int) {
    let source = workload.source(items: items)
    // Resident memory added by one more parse while its result is kept: the AST plus what
    // the allocator kept of the temporaries (tokens); for a heap profile use massif.
    let before = residentBytes()
    let (file, _) = parse(SourceFile(id: FileID(0), path: "ast", bytes: source))
    let astBytes = residentBytes() - before
    // The high-water mark of that parse (tokens, arenas and the tree at once) above where it began.
    let parsePeak = peakMemory() - before
    let arrays = file.statements.capacity * MemoryLayout<Stmt>.stride + file.exprs.capacity * MemoryLayout<Expr>.stride
        + file.arguments.capacity * MemoryLayout<Argument>.stride + file.exprLists.capacity * MemoryLayout<ExprID>.stride
        + file.stringParts.capacity * MemoryLayout<StringPart>.stride + file.arrows.capacity * MemoryLayout<ConnectorArrow>.stride
        + file.identifiers.capacity * MemoryLayout<Identifier>.stride + file.comments.capacity * MemoryLayout<Comment>.stride
    print("AST arrays \(arrays / max(1, items)) bytes per item (not counting blocks' own statement arrays); strides: Stmt \(MemoryLayout<Stmt>.stride), Expr \(MemoryLayout<Expr>.stride), Argument \(MemoryLayout<Argument>.stride)")
    withExtendedLifetime(file) {}
    let stages = Pipeline(source: source, path: "bench-\(workload.rawValue).draw")
    let time = median(runs: runs) { stages.parseOnly() }
    let mb = Double(source.count) / 1e6
    print("\(workload.rawValue) \(items): \(source.count) bytes, \(time.result) statements, lex+parse \(Double(Int(time.seconds * 1e5)) / 100) ms, \(Int(mb / time.seconds)) MB/s (median of \(runs)); resident growth \(astBytes / max(1, items)) bytes per item; first parse peaked \(parsePeak / max(1, items)) bytes per item above its start")
}

/// Resident set size of this process now (Linux: /proc/self/statm), or 0.
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// `drawc-bench --fmt WORKLOAD N [RUNS]`: what `drawc fmt` does to the workload (parse to
/// vouch for it, the lossless tokens, the printer) against what `drawc check` does (every
/// stage but the output), each the median of RUNS in this process, and the lossless token
/// stream alone.
func runFormatOnly(workload: Workload, items: Int, runs: Int) {
    let bytes = workload.source(items: items)
    let source = SourceFile(id: FileID(0), path: "bench-\(workload.rawValue).draw", bytes: bytes)
    var kept: [UInt8] = []
    var cpu: [String: [Double]] = [:]
    /// The run's CPU time of this process (user + system, every thread) beside its wall time.
    func timed(_ name: String, _ body: () -> Int) -> Int {
        let start = processCPUTime()
        let result = body()
        cpu[name, default: []].append(processCPUTime() - start)
        return result
    }
    let lossless = median(runs: runs) { timed("lossless") { tokenizeLossless(source).tokens.count } }
    let format = median(runs: runs, reset: { kept = [] }) {
        timed("fmt") {
            if case .formatted(let out) = formatSource(source) { kept = out }
            return kept.count
        }
    }
    let checked = median(runs: runs) { timed("check") { check(source: bytes, path: source.path).diagnostics.count } }
    let changed = kept != bytes ? "changed" : "unchanged"
    func ms(_ s: Double) -> Double { Double(Int(s * 1e5)) / 100 }
    func cpuMedian(_ name: String) -> Double { let t = (cpu[name] ?? [0]).sorted(); return ms(t[t.count / 2]) }
    print("\(workload.rawValue) \(items): \(bytes.count) bytes; lossless tokens \(ms(lossless.seconds)) ms (\(lossless.result) tokens); "
          + "fmt \(ms(format.seconds)) ms (\(changed)); check \(ms(checked.seconds)) ms (median of \(runs), wall); "
          + "CPU: lossless \(cpuMedian("lossless")) ms, fmt \(cpuMedian("fmt")) ms, check \(cpuMedian("check")) ms (median of \(runs))")
}

