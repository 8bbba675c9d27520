// The floor of compile → PDF that issue 38 measures against: read the input and deflate
// the output. `drawc-bench --pdf-floor IN.draw [RUNS]` times, in this process and
// interleaved, the whole compile file to file (as `drawc compile IN.draw -o OUT.pdf`) and
// the floor: reading the input through a 128 KiB buffer, compressing the page content the
// PDF holds exactly as the PDF writer compresses it (the same encoder, level, pieces,
// strategy and threads), and writing a file of the PDF's size. The content is taken from
// the same drawing compiled without compression, before any timing.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DrawKit
import DrawOutput
import Foundation

/// The raw content of every stream of an uncompressed PDF drawc wrote (page content; the
/// standard fonts embed nothing).
func uncompressedStreams(of pdf: [UInt8]) -> [[UInt8]] {
    let open = Array("stream\n".utf8), close = Array("\nendstream".utf8)
    var streams: [[UInt8]] = []
    var i = 0
    func matches(_ word: [UInt8], at k: Int) -> Bool {
        k + word.count <= pdf.count && pdf[k..<k + word.count].elementsEqual(word)
    }
    while i < pdf.count {
        guard matches(open, at: i), i == 0 || pdf[i - 1] == UInt8(ascii: ">") || pdf[i - 1] == UInt8(ascii: "\n") else { i += 1; continue }
        let start = i + open.count
        var end = start
        while end < pdf.count, !matches(close, at: end) { end += 1 }
        streams.append(Array(pdf[start..<end]))
        i = end + close.count
    }
    return streams
}

/// Compresses `content` as the PDF writer compresses a page's stream (PDFBackend's
/// `ContentCompression`): whole at level 6 up to 64 KiB, the greedy matcher up to one piece,
/// above that the strategy its first 32 KiB choose, in parallel pieces.
func compressLikeThePDFWriter(_ content: [UInt8]) -> Int {
    let strategy: Deflate.Strategy
    if content.count <= Deflate.wholeLimit {
        strategy = .standard
    } else if content.count <= Deflate.chunkSize {
        strategy = .greedy
    } else {
        let sample = Array(content.prefix(32 << 10))
        let matched = Deflate.compress(sample, level: Deflate.chunkLevel, strategy: .greedy).count
        let coded = Deflate.compress(sample, level: Deflate.chunkLevel, strategy: .huffman).count
        strategy = coded <= matched ? .huffman : .greedy
    }
    return Deflate.compress(content, level: 6, strategy: strategy).count
}

func runPDFFloor(input: String, runs: Int) -> Never {
    guard let source = FileManager.default.contents(atPath: input) else {
        FileHandle.standardError.write(Data("drawc-bench: cannot read \(input)\n".utf8))
        exit(1)
    }
    let plain = DrawKit.compile(source: [UInt8](source), path: input, format: .pdf,
                                options: CompileOptions(compressPDF: false, sourceDateEpoch: 0))
    guard plain.succeeded, let pdf = plain.outputs.first?.bytes else {
        FileHandle.standardError.write(Data("drawc-bench: compiling \(input) failed\n".utf8))
        exit(1)
    }
    let streams = uncompressedStreams(of: pdf)
    let directory = NSTemporaryDirectory() + "drawc-bench-floor-\(getpid())"
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let output = directory + "/out.pdf"

    func cpuSeconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
    func timed(_ body: () -> Int) -> (wall: Double, cpu: Double, result: Int) {
        let cpu0 = cpuSeconds(), wall0 = DispatchTime.now().uptimeNanoseconds
        let result = body()
        return (Double(DispatchTime.now().uptimeNanoseconds - wall0) / 1e9, cpuSeconds() - cpu0, result)
    }
    var compileWall: [Double] = [], compileCPU: [Double] = [], floorWall: [Double] = [], floorCPU: [Double] = []
    var pdfBytes = 0, deflated = 0
    for _ in 0..<runs {
        let compile = timed { Pipeline.compileFile(input, to: output, format: "pdf") }
        compileWall.append(compile.wall); compileCPU.append(compile.cpu); pdfBytes = compile.result
        let floorRun = timed {
            var size = 0
            _ = floor(input: input, output: directory + "/floor", bytes: 0)
            for stream in streams { size += compressLikeThePDFWriter(stream) }
            _ = floor(input: "/dev/null", output: directory + "/floor", bytes: pdfBytes)
            return size
        }
        floorWall.append(floorRun.wall); floorCPU.append(floorRun.cpu); deflated = floorRun.result
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    let content = streams.reduce(0) { $0 + $1.count }
    print(String(format: "input %d bytes; content %d bytes in %d streams -> %d deflated; PDF %d bytes; %d runs",
                 source.count, content, streams.count, deflated, pdfBytes, runs))
    print(String(format: "compile -> PDF: %.1f ms wall, %.1f ms CPU (medians)", median(compileWall) * 1e3, median(compileCPU) * 1e3))
    print(String(format: "floor (read + deflate + write): %.1f ms wall, %.1f ms CPU", median(floorWall) * 1e3, median(floorCPU) * 1e3))
    print(String(format: "ratio: %.2fx wall, %.2fx CPU", median(compileWall) / median(floorWall), median(compileCPU) / median(floorCPU)))
    exit(0)
}
