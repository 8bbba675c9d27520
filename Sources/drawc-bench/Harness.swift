#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// One measured (workload, size): stage medians in seconds, sizes in bytes.
struct Measurement {
    var values: [String: Double] = [:]
    subscript(key: String) -> Double? {
        get { values[key] }
        set { values[key] = newValue }
    }

    func line() -> String {
        "RESULT " + values.keys.sorted().map { "\($0)=\(values[$0]!)" }.joined(separator: " ")
    }

    init() {}

    init?(line: Substring) {
        guard line.hasPrefix("RESULT ") else { return nil }
        for pair in line.dropFirst(7).split(separator: " ") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let value = Double(parts[1]) { values[String(parts[0])] = value }
        }
    }
}

func runChild(workload: Workload, items: Int, quick: Bool) {
    let source = workload.source(items: items)
    let runs = quick ? 3 : (items <= 10_000 ? 7 : 3)
    var m = Measurement()
    m["items"] = Double(items)
    m["sourceBytes"] = Double(source.count)
    m["runs"] = Double(runs)

    let dataFiles = workload.dataFiles(items: items)
    let stages = Pipeline(source: source, path: "bench-\(workload.rawValue).draw", files: dataFiles)
    m["parse"] = median(runs: runs, reset: { stages.drop(.syntaxTree) }) { stages.parseOnly() }.seconds
    m["evaluate"] = median(runs: runs, reset: { stages.drop(.nodeTree) }) { stages.evaluateOnly() }.seconds
    m["layout"] = median(runs: runs, reset: { stages.drop(.scene) }) { stages.layoutOnly() }.seconds
    let svg = median(runs: runs) { stages.svgOnly() }
    m["svg"] = svg.seconds; m["svgBytes"] = Double(svg.result)
    let pdf = median(runs: runs) { stages.pdfOnly() }
    m["pdf"] = pdf.seconds; m["pdfBytes"] = Double(pdf.result)
    let ps = median(runs: runs) { stages.psOnly() }
    m["ps"] = ps.seconds; m["psBytes"] = Double(ps.result)
    m["diagnostics"] = Double(stages.errorCount)

    // Whole compile, file to file, as the command line does it.
    let directory = NSTemporaryDirectory() + "drawc-bench-\(getpid())"
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let input = directory + "/in.draw"
    FileManager.default.createFile(atPath: input, contents: Data(source))
    for (name, bytes) in dataFiles { FileManager.default.createFile(atPath: directory + "/" + name, contents: Data(bytes)) }
    for format in ["svg", "pdf"] {
        let output = directory + "/out." + format
        let compile = median(runs: runs) { Pipeline.compileFile(input, to: output, format: format) }
        m["compile_" + format] = compile.seconds
        // The floor: read the input and write a file of the output's size.
        let size = compile.result
        m["floor_" + format] = median(runs: runs) { floor(input: input, output: directory + "/floor", bytes: size) }.seconds
    }
    m["peakBytes"] = Double(peakMemory())
    // What a user's `drawc compile` needs: the whole compile alone in a fresh process (this
    // one keeps every stage's result, so its peak is higher than a compile's).
    var compilePeak = 0.0
    for format in ["svg", "pdf"] {
        guard let peak = compileOnlyPeak(input: input, output: directory + "/alone." + format, format: format) else { continue }
        m["compilePeak_" + format] = peak
        compilePeak = max(compilePeak, peak)
    }
    if compilePeak > 0 { m["compilePeakBytes"] = compilePeak }
    print(m.line())
}

/// Runs `drawc-bench --compile-only INPUT OUTPUT FORMAT` and returns that process's peak
/// memory in bytes (nil when it failed).
func compileOnlyPeak(input: String, output: String, format: String) -> Double? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: selfExecutable())
    process.arguments = ["--compile-only", input, output, format]
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch { return nil }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0,
          let m = String(decoding: output, as: UTF8.self).split(separator: "\n").compactMap(Measurement.init(line:)).last
    else { return nil }
    return m["peakBytes"]
}

/// The whole compile and nothing else, as `drawc compile INPUT -o OUTPUT` does it; prints
/// the process's peak memory. Nothing else is allocated before it (no workload generation),
/// so the figure is what a user of the command line sees.
func runCompileOnly(input: String, output: String, format: String) -> Never {
    let size = Pipeline.compileFile(input, to: output, format: format)
    guard size > 0 else {
        FileHandle.standardError.write(Data("drawc-bench: compiling \(input) failed\n".utf8))
        exit(1)
    }
    var m = Measurement()
    m["outputBytes"] = Double(size)
    m["peakBytes"] = Double(peakMemory())
    print(m.line())
    exit(0)
}

/// The floor of issue 9, `cat in >/dev/null; head -c N /dev/zero > out`, in this process (as
/// the timed compile is: no process start-up in either): reads `input` through one 128 KiB
/// buffer and writes `bytes` zero bytes to `output` from another, as cat and head do. (It
/// used to read the input into one allocation and write from a zeroed array of the output's
/// size, which added the page faults and the zeroing of that much memory to the floor.)
/// Returns the input's size.
func floor(input: String, output: String, bytes: Int) -> Int {
    let zeros = [UInt8](repeating: 0, count: 128 << 10)
    let total = readThrough(input)
    let fd = open(output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else { return 0 }
    zeros.withUnsafeBytes { zero in
        var remaining = bytes
        while remaining > 0 {
            let n = write(fd, zero.baseAddress!, min(remaining, zero.count))
            if n <= 0 { break }
            remaining -= n
        }
    }
    close(fd)
    return total
}

func selfExecutable() -> String {
    #if os(Linux)
    if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
    #endif
    return CommandLine.arguments[0]
}

func runParent(_ options: Options) {
    var rows: [(Workload, Measurement)] = []
    for workload in options.workloads {
        for size in options.sizes {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: selfExecutable())
            process.arguments = ["--child", workload.rawValue, String(size)] + (options.quick ? ["--quick"] : [])
            let pipe = Pipe()
            process.standardOutput = pipe
            FileHandle.standardError.write(Data("drawc-bench: \(workload.rawValue) \(size)…\n".utf8))
            do { try process.run() } catch {
                FileHandle.standardError.write(Data("drawc-bench: cannot start child: \(error)\n".utf8))
                exit(3)
            }
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let text = String(decoding: output, as: UTF8.self)
            guard process.terminationStatus == 0,
                  let m = text.split(separator: "\n").compactMap(Measurement.init(line:)).last
            else {
                FileHandle.standardError.write(Data("drawc-bench: \(workload.rawValue) \(size) failed (status \(process.terminationStatus))\n".utf8))
                var failed = Measurement()
                failed["items"] = Double(size)
                failed["failed"] = 1
                rows.append((workload, failed))
                continue
            }
            print(report(workload, m))
            rows.append((workload, m))
        }
    }
    let markdown = resultsMarkdown(rows, options: options)
    let path = options.output
    try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    // Keep the hand-written analysis below the generated table, if there is one.
    var tail = ""
    if let old = try? String(contentsOfFile: path, encoding: .utf8), let range = old.range(of: "<!-- analysis -->") {
        tail = "\n" + String(old[range.lowerBound...])
    }
    try? (markdown + tail).write(toFile: path, atomically: true, encoding: .utf8)
    print("wrote \(path)")
}

/// Writes `table` (which begins with `<!-- name -->` and ends with `<!-- /name -->`) into the
/// results file at `output` in place of the section between those markers, or at its end
/// when it has none, and ends the run: the sections of `--cjk`, `--shaping` and `--lsp`.
func writeSectionAndExit(_ name: String, _ table: String, to output: String) -> Never {
    var text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    if let start = text.range(of: "<!-- \(name) -->"), let end = text.range(of: "<!-- /\(name) -->") {
        text.replaceSubrange(start.lowerBound..<end.upperBound, with: table)
    } else {
        text += "\n\n" + table + "\n"
    }
    try? text.write(toFile: output, atomically: true, encoding: .utf8)
    exit(0)
}

func ms(_ seconds: Double?) -> String {
    guard let s = seconds else { return "–" }
    let v = s * 1000
    return v >= 100 ? String(Int(v.rounded())) : v >= 10 ? String(Double(Int(v * 10)) / 10) : String(Double(Int(v * 100)) / 100)
}

func report(_ workload: Workload, _ m: Measurement) -> String {
    "\(workload.rawValue) \(Int(m["items"] ?? 0)): parse \(ms(m["parse"])) ms, evaluate \(ms(m["evaluate"])) ms, layout \(ms(m["layout"])) ms, svg \(ms(m["svg"])) ms, pdf \(ms(m["pdf"])) ms, ps \(ms(m["ps"])) ms, compile→pdf \(ms(m["compile_pdf"])) ms, peak \(Int((m["peakBytes"] ?? 0) / 1_048_576)) MB (all stages), \(Int((m["compilePeakBytes"] ?? 0) / 1_048_576)) MB (compile alone)"
}

func machineDescription() -> String {
    var model = "unknown processor"
    if let cpuinfo = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
       let line = cpuinfo.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
       let value = line.split(separator: ":", maxSplits: 1).last {
        model = value.trimmingCharacters(in: .whitespaces)
    }
    let memory = ProcessInfo.processInfo.physicalMemory / 1_073_741_824
    var name = utsname()
    uname(&name)
    let machine = withUnsafeBytes(of: &name.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    let system = withUnsafeBytes(of: &name.sysname) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    return "\(system) \(machine), \(model), \(ProcessInfo.processInfo.activeProcessorCount) cores, \(memory) GiB"
}

func resultsMarkdown(_ rows: [(Workload, Measurement)], options: Options) -> String {
    var date = ""
    var t = time(nil)
    var tmValue = tm()
    gmtime_r(&t, &tmValue)
    func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
    date = "\(tmValue.tm_year + 1900)-\(two(tmValue.tm_mon + 1))-\(two(tmValue.tm_mday))"
    var s = """
    # drawc benchmark results

    Generated by `swift run -c release drawc-bench\(options.quick ? " --quick" : "")` on \(date).
    Machine: \(machineDescription()).
    Times are medians of several runs (7 at 10k, 3 at 100k and 1M; each stage's previous result is freed between runs, untimed) of one process per row;
    "compile" is the whole file-to-file compile through DrawKit, "floor" the time to read the
    input and write a file of the output's size. Peak memory is maxrss: "all stages" of the child
    process that times everything and keeps every stage's result; "compile" of a process that
    only compiles the file, as `drawc compile` does (the larger of → SVG and → PDF).

    | workload | N | source MB | lex+parse ms (MB/s) | evaluate ms | layout ms | SVG ms | PDF ms | PS ms | compile→SVG ms (× floor) | compile→PDF ms (× floor) | µs/item (PDF) | peak MB (bytes/item), all stages | peak MB (bytes/item), compile |
    |---|---|---|---|---|---|---|---|---|---|---|---|---|---|

    """
    for (workload, m) in rows {
        let n = m["items"] ?? 0
        if m["failed"] != nil {
            s += "| \(workload.rawValue) | \(Int(n)) | failed | | | | | | | | | | | |\n"
            continue
        }
        let sourceMB = (m["sourceBytes"] ?? 0) / 1_048_576
        let parseRate = (m["parse"] ?? 0) > 0 ? sourceMB / m["parse"]! : 0
        func ratio(_ format: String) -> String {
            guard let c = m["compile_" + format], let f = m["floor_" + format], f > 0 else { return "–" }
            return "\(ms(c)) (\(Double(Int(c / f * 10)) / 10)×)"
        }
        let perItem = (m["compile_pdf"] ?? 0) / max(1, n) * 1e6
        let peak = (m["peakBytes"] ?? 0)
        func peakCell(_ bytes: Double?) -> String {
            guard let bytes, bytes > 0 else { return "–" }
            return "\(Int(bytes / 1_048_576)) (\(Int(bytes / max(1, n))))"
        }
        s += "| \(workload.rawValue) | \(Int(n)) | \(Double(Int(sourceMB * 100)) / 100) | \(ms(m["parse"])) (\(Int(parseRate))) | \(ms(m["evaluate"])) | \(ms(m["layout"])) | \(ms(m["svg"])) | \(ms(m["pdf"])) | \(ms(m["ps"])) | \(ratio("svg")) | \(ratio("pdf")) | \(Double(Int(perItem * 100)) / 100) | \(peakCell(peak)) | \(peakCell(m["compilePeakBytes"])) |\n"
    }
    return s
}
