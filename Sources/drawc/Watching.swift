// `drawc watch` and what `drawc preview` shares with it here: stat, the clock, signals.
// The platform calls live in this file and Serving.swift, behind #if; the watch list, the
// debounce rule and everything the preview answers are DrawTools' (Foundation-free core).

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import DrawKit
import DrawTools

/// Set by SIGINT/SIGTERM; the loops look at it between polls.
nonisolated(unsafe) var stopRequested: sig_atomic_t = 0

func installStopHandler() {
    signal(SIGINT) { _ in stopRequested = 1 }
    signal(SIGTERM) { _ in stopRequested = 1 }
    signal(SIGPIPE, SIG_IGN)
    // A parent may have started us with these blocked (some process launchers do).
    var unblock = sigset_t()
    sigemptyset(&unblock)
    sigaddset(&unblock, SIGINT)
    sigaddset(&unblock, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
}

/// The stat stamp of `path` (by path, following the name: a save by rename is a new file).
func fileStamp(_ path: String) -> FileStamp {
    var info = stat()
    guard stat(path, &info) == 0 else { return .missing }
    #if canImport(Darwin)
    let seconds = Int64(info.st_mtimespec.tv_sec), nanoseconds = Int64(info.st_mtimespec.tv_nsec)
    #else
    let seconds = Int64(info.st_mtim.tv_sec), nanoseconds = Int64(info.st_mtim.tv_nsec)
    #endif
    return FileStamp(exists: true, size: Int64(info.st_size), modifiedSeconds: seconds, modifiedNanoseconds: nanoseconds,
                     inode: UInt64(info.st_ino))
}

/// Milliseconds on the monotonic clock.
func monotonicMilliseconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1_000_000
}

func sleepMilliseconds(_ ms: Int) { usleep(UInt32(ms * 1000)) }

/// Waits until a change in `set` has held still for the debounce time (or a stop).
func waitForChange(_ set: WatchSet) -> Bool {
    guard !set.changed(stamp: fileStamp).isEmpty else { return false }
    var last = set.snapshot(stamp: fileStamp)
    while stopRequested == 0 {
        sleepMilliseconds(WatchSet.debounceMilliseconds)
        let now = set.snapshot(stamp: fileStamp)
        if now == last { return true }
        last = now
    }
    return false
}

/// A line on standard output, flushed at once (a tool may be reading it).
func printLine(_ text: String) {
    var bytes = Array(text.utf8)
    bytes.append(0x0A)
    bytes.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
            let n = write(1, buffer.baseAddress! + offset, buffer.count - offset)
            if n <= 0 { return }
            offset += n
        }
    }
}

func milliseconds(_ value: Double) -> String {
    let tenths = (value * 10).rounded()
    return tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int(tenths / 10)) : String(tenths / 10)
}

func runWatch(_ args: ArraySlice<String>) throws(UsageError) -> ExitStatus {
    let arguments = try parseArguments(args, command: "watch")
    if arguments.help {
        print(Help.watch, terminator: "")
        return .success
    }
    guard !arguments.inputs.isEmpty else { throw UsageError(message: "no input file given", command: "watch") }
    if arguments.inputs.contains("-") { throw UsageError(message: "watch needs files: standard input ('-') cannot change", command: "watch") }
    if arguments.inputs.count > 1, arguments.output != nil {
        throw UsageError(message: "-o takes a single input; without -o each output is written beside its input", command: "watch")
    }
    var plans: [(path: String, format: OutputFormat)] = []
    for input in arguments.inputs { plans.append(try plannedOutput(input: input, arguments: arguments)) }
    if plans.contains(where: { $0.path == "-" }) { throw UsageError(message: "watch writes files: '-o -' is not possible", command: "watch") }
    let options = environmentOptions(arguments)
    installStopHandler()

    var sets = [WatchSet](repeating: WatchSet(), count: plans.count)
    func build(_ index: Int) {
        let input = arguments.inputs[index]
        let (outputPath, format) = plans[index]
        let start = monotonicMilliseconds()
        let before = fileStamp(input)
        var filesRead: [String] = []
        var report = InputReport()
        var line: String
        do throws(FileError) {
            let source = try SourceInput.read(path: input)
            let result = compile(source: source, path: input, format: format, options: options)
            filesRead = result.filesRead
            report.diagnostics = result.report
            if result.succeeded {
                let written = try OutputWriter.write(result, to: outputPath)
                line = "watch: \(input) → \(written.joined(separator: ", "))"
            } else {
                line = "watch: \(input): \(result.report.errorCount) error\(result.report.errorCount == 1 ? "" : "s"), previous output kept"
            }
        } catch {
            report.ioError = error
            line = "watch: \(input): not compiled, previous output kept"
        }
        let elapsed = monotonicMilliseconds() - start
        emit([report], format: arguments.diagnostics)
        printLine(line + " (\(milliseconds(elapsed)) ms)")
        sets[index].reset(paths: watchedPaths(input: input, filesRead: filesRead), stamp: fileStamp)
        sets[index].set(input, before)
    }
    for index in plans.indices { build(index) }
    printLine("watch: watching \(plans.count == 1 ? arguments.inputs[0] : "\(plans.count) drawings") (Ctrl-C stops)")
    while stopRequested == 0 {
        sleepMilliseconds(WatchSet.pollMilliseconds)
        for index in plans.indices where stopRequested == 0 {
            if waitForChange(sets[index]) { build(index) }
        }
    }
    printLine("watch: stopped")
    return .success
}
