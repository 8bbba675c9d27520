// drawc-fuzz: the whole-compiler fuzz target (DrawFuzzing.FuzzTarget).
//
// Built with libFuzzer (scripts/fuzz-drawc.sh):
//   DRAWC_FUZZ=1 swift build -c release --product drawc-fuzz --scratch-path /tmp/drawc-fuzz/build \
//     -Xswiftc -sanitize=fuzzer,address -Xswiftc -DDRAWC_LIBFUZZER
// `-sanitize=fuzzer` instruments every module for coverage and links libFuzzer. With
// DRAWC_FUZZ=1 Package.swift builds LibFuzzerEntry.swift instead of this file: its top-level
// code is the program's `main` (SwiftPM's entry point), a shim that hands the arguments to
// `LLVMFuzzerRunDriver` with `LLVMFuzzerTestOneInput`. Every libFuzzer flag works:
//   drawc-fuzz -max_total_time=60 -dict=Tests/Fuzz/drawc.dict corpus-dir Tests/Fuzz/corpus
//
// Built without it (the ordinary `swift build`), drawc-fuzz replays files and folders given
// on the command line through the same target: to reproduce a crash, or to run the corpus
// where no libFuzzer exists (`drawc-fuzz Tests/Fuzz/corpus`). `--print FILE` writes the drawing
// an input stands for (for generated inputs, the drawing the generator made; with
// DRAWC_FUZZ_TARGET=lsp the message bodies, one a line, with http the request).
// `--errors` prints the errors that kept an input from the backends. Both print how many inputs reached every backend.

import DrawFuzzing
import Foundation

let root = ProcessInfo.processInfo.environment["DRAWC_FUZZ_ROOT"] ?? FileManager.default.currentDirectoryPath
nonisolated(unsafe) var target = FuzzTarget(root: root)

func report() {
    FileHandle.standardError.write(Data((target.counts.summary + "\n").utf8))
}

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--print", arguments.count == 2 {
    let bytes = FileManager.default.contents(atPath: arguments[1]).map { [UInt8]($0) } ?? []
    switch ProcessInfo.processInfo.environment["DRAWC_FUZZ_TARGET"] ?? "compiler" {
    case "lsp": for body in LanguageServerFuzzTarget.messages(of: bytes) { FileHandle.standardOutput.write(Data(body + [0x0A])) }
    case "http": FileHandle.standardOutput.write(Data(PreviewRequestFuzzTarget.request(of: bytes)))
    default: FileHandle.standardOutput.write(Data(FuzzTarget.source(of: bytes)))
    }
    exit(0)
}
let showErrors = arguments.contains("--errors")
var paths: [String] = []
for argument in arguments where !argument.hasPrefix("-") {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder) else {
        FileHandle.standardError.write(Data("drawc-fuzz: no such file or folder: \(argument)\n".utf8))
        exit(2)
    }
    if isFolder.boolValue {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? []
        paths += names.sorted().map { argument + "/" + $0 }
    } else {
        paths.append(argument)
    }
}
// DRAWC_FUZZ_TARGET=lsp or http: replay through the language server's or the preview's target.
let which = ProcessInfo.processInfo.environment["DRAWC_FUZZ_TARGET"] ?? "compiler"
var languageServer = LanguageServerFuzzTarget()
var previewRequests = PreviewRequestFuzzTarget()
for path in paths {
    let bytes = FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
    switch which {
    case "lsp": languageServer.run(bytes)
    case "http": previewRequests.run(bytes)
    default:
        if showErrors { for error in target.errors(bytes) { print("\(path): \(error)") } }
        target.run(bytes)
    }
}
switch which {
case "lsp": FileHandle.standardError.write(Data("drawc-fuzz lsp: \(languageServer.inputs) inputs, \(languageServer.messages) messages handled\n".utf8))
case "http": FileHandle.standardError.write(Data("drawc-fuzz http: \(previewRequests.inputs) inputs, \(previewRequests.complete) whole requests answered\n".utf8))
default: report()
}
