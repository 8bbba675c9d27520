import DrawOutput
import Foundation

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
}

/// `drawc-bench --stage svg|pdf|ps WORKLOAD N [RUNS]`: one backend alone, RUNS times on the
/// same laid-out document; prints the median and the fastest run (the fastest is the one
/// least disturbed by other processes on a shared machine).
func runStage(_ stage: String, workload: Workload, items: Int, runs: Int) {
    let pipeline = Pipeline(source: workload.source(items: items), path: "bench-\(workload.rawValue).draw")
    _ = pipeline.layoutOnly()
    var times: [Double] = []
    var threadTimes: [Double] = []
    var size = 0
    for _ in 0..<max(1, runs) {
        let start = now()
        let threadStart = threadCPUTime()
        switch stage {
        case "svg": size = pipeline.svgOnly()
        case "pdf": size = pipeline.pdfOnly()
        case "ps": size = pipeline.psOnly()
        default:
            FileHandle.standardError.write(Data("drawc-bench: unknown stage '\(stage)'\n".utf8))
            exit(2)
        }
        threadTimes.append(threadCPUTime() - threadStart)
        times.append(now() - start)
    }
    times.sort()
    threadTimes.sort()
    print("\(stage) \(workload.rawValue) \(items): median \(ms(times[times.count / 2])) ms, fastest \(ms(times[0])) ms; "
          + "CPU time of the calling thread: median \(ms(threadTimes[threadTimes.count / 2])) ms; \(size) bytes")
}

/// CPU time of the calling thread in seconds: on a busy machine, what this thread had to do
/// itself (work handed to other threads is not in it), whatever the waiting for a core.
func threadCPUTime() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
