// The floor of compile → PDF that issue 38 measures against: read the input and deflate
// the output. `drawc-bench --pdf-floor IN.draw [RUNS]` times, in this process and
// interleaved round by round, the whole compile file to file (as `drawc compile IN.draw -o
// OUT.pdf`) and two floors, each reading the input through a 128 KiB buffer, compressing the
// page content the PDF holds and writing what it compressed to a file:
//
// - the floor (`zlib -1`): the system zlib at level 1, one stream per content stream on one
//   thread — what `gzip -1` does with the uncompressed PDF, the deflate everybody has, and
//   the fair one because it comes out the size of drawc's compressed PDF (same compression
//   for the same bytes; bench/RESULTS.md, "Issue 38, sixth pass");
// - drawc's own encoder as the PDF writer runs it (the same encoder, strategy, pieces and
//   threads; `compressLikeThePDFWriter`): a lower floor, and a smaller output, since it is
//   part of what is measured.
//
// The content is taken from the same drawing compiled without compression, before any
// timing. Times are user CPU (every thread of the process; the writer compresses on a second
// core) and wall, minimum and median over the rounds.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CZlib
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
func compressLikeThePDFWriter(_ content: [UInt8]) -> [UInt8] {
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
    return Deflate.compress(content, level: 6, strategy: strategy)
}

/// `content` as one zlib stream from the system zlib at `level` (default strategy, 32 KiB
/// window, memLevel 8: what `gzip -1` runs), on this thread.
func zlibDeflate(_ content: [UInt8], level: Int32) -> [UInt8] {
    var stream = z_stream()
    guard deflateInit_(&stream, level, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return [] }
    defer { deflateEnd(&stream) }
    let bound = Int(deflateBound(&stream, uLong(content.count)))
    var output = [UInt8](repeating: 0, count: bound)
    var written = 0
    content.withUnsafeBufferPointer { input in
        output.withUnsafeMutableBufferPointer { out in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = uInt(input.count)
            stream.next_out = out.baseAddress
            stream.avail_out = uInt(out.count)
            _ = deflate(&stream, Z_FINISH)
            written = out.count - Int(stream.avail_out)
        }
    }
    output.removeLast(output.count - written)
    return output
}

/// Reads `input` through one 128 KiB buffer, as `cat` does; returns its size.
func readThrough(_ input: String) -> Int {
    var buffer = [UInt8](repeating: 0, count: 128 << 10)
    var total = 0
    let source = open(input, O_RDONLY)
    guard source >= 0 else { return 0 }
    buffer.withUnsafeMutableBytes { raw in
        while true {
            let n = read(source, raw.baseAddress, raw.count)
            if n <= 0 { break }
            total += n
        }
    }
    close(source)
    return total
}

/// Writes `pieces` one after the other to a new file at `path`; returns the bytes written.
func writeFile(_ path: String, _ pieces: [[UInt8]]) -> Int {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else { return 0 }
    var total = 0
    for piece in pieces {
        piece.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n <= 0 { break }
                offset += n
            }
            total += offset
        }
    }
    close(fd)
    return total
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

    struct Times { var user: [Double] = []; var wall: [Double] = [] }
    func userSeconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
    }
    func timed(_ times: inout Times, _ body: () -> Int) -> Int {
        let user0 = userSeconds(), wall0 = DispatchTime.now().uptimeNanoseconds
        let result = body()
        times.wall.append(Double(DispatchTime.now().uptimeNanoseconds - wall0) / 1e9)
        times.user.append(userSeconds() - user0)
        return result
    }
    var compile = Times(), zlibFloor = Times(), ownFloor = Times()
    var pdfBytes = 0, zlibBytes = 0, ownBytes = 0
    for _ in 0..<runs {
        pdfBytes = timed(&compile) { Pipeline.compileFile(input, to: output, format: "pdf") }
        zlibBytes = timed(&zlibFloor) {
            _ = readThrough(input)
            return writeFile(directory + "/floor-zlib", streams.map { zlibDeflate($0, level: 1) })
        }
        ownBytes = timed(&ownFloor) {
            _ = readThrough(input)
            return writeFile(directory + "/floor-own", streams.map(compressLikeThePDFWriter))
        }
    }
    func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
    func ms(_ seconds: Double) -> String { String(format: "%.0f", seconds * 1e3) }
    func row(_ name: String, _ t: Times, _ bytes: Int) -> String {
        "| \(name) | \(ms(t.user.min()!)) (\(ms(median(t.user)))) | \(ms(t.wall.min()!)) (\(ms(median(t.wall)))) | \(bytes) |"
    }
    func ratio(_ name: String, _ floor: Times) -> String {
        String(format: "| compile ÷ %@ | %.2f× (%.2f×) | %.2f× (%.2f×) | |", name,
               compile.user.min()! / floor.user.min()!, median(compile.user) / median(floor.user),
               compile.wall.min()! / floor.wall.min()!, median(compile.wall) / median(floor.wall))
    }
    let content = streams.reduce(0) { $0 + $1.count }
    print("input \(input): \(source.count) bytes; uncompressed PDF \(pdf.count) bytes, content \(content) bytes in \(streams.count) streams; \(runs) rounds")
    print("")
    print("| run | user ms, min (median) | wall ms, min (median) | bytes written |")
    print("|---|---:|---:|---:|")
    print(row("compile → PDF (whole file)", compile, pdfBytes))
    print(row("floor: read + zlib -1 + write", zlibFloor, zlibBytes))
    print(row("read + drawc's encoder as the writer runs it + write", ownFloor, ownBytes))
    print(ratio("floor (zlib -1)", zlibFloor))
    print(ratio("drawc's encoder", ownFloor))
    exit(0)
}
