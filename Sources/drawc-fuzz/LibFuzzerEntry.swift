// drawc-fuzz under libFuzzer (DRAWC_FUZZ=1, see main.swift): Package.swift builds this file
// instead of main.swift; its top-level code (the end of the file) runs libFuzzer's driver
// over LLVMFuzzerTestOneInput, with the custom mutator LLVMFuzzerCustomMutator.

import DrawFuzzing
import Foundation

let root = ProcessInfo.processInfo.environment["DRAWC_FUZZ_ROOT"] ?? FileManager.default.currentDirectoryPath
nonisolated(unsafe) var target = FuzzTarget(root: root)
/// DRAWC_FUZZ_TARGET: `compiler` (the default), `lsp` or `http` (Sources/DrawFuzzing/ServerTargets.swift).
let which = ProcessInfo.processInfo.environment["DRAWC_FUZZ_TARGET"] ?? "compiler"
nonisolated(unsafe) var languageServer = LanguageServerFuzzTarget()
nonisolated(unsafe) var previewRequests = PreviewRequestFuzzTarget()

func report() {
    let line = switch which {
    case "lsp": "drawc-fuzz lsp: \(languageServer.inputs) inputs, \(languageServer.messages) messages handled"
    case "http": "drawc-fuzz http: \(previewRequests.inputs) inputs, \(previewRequests.complete) whole requests answered"
    default: target.counts.summary
    }
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

nonisolated(unsafe) var lastReport = 0
nonisolated(unsafe) var registered = false

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    if !registered {
        registered = true
        atexit { report() }
    }
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    switch which {
    case "lsp": languageServer.run(bytes); return 0
    case "http": previewRequests.run(bytes); return 0
    default: target.run(bytes)
    }
    if target.counts.inputs - lastReport >= 20_000 {
        lastReport = target.counts.inputs
        report()
    }
    return 0
}

// libFuzzer's byte-level mutations (its dictionary included), for the custom mutator.
@_silgen_name("LLVMFuzzerMutate")
func LLVMFuzzerMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int) -> Int

/// libFuzzer calls this in place of its own mutations: `FuzzTarget.mutate` (Mutator.swift)
/// keeps most mutations within the structure of a drawing and calls back for byte noise.
@_cdecl("LLVMFuzzerCustomMutator")
public func fuzzCustomMutator(_ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    guard let data, maxSize > 0 else { return 0 }
    // The servers' inputs are choices through and through: libFuzzer's own mutations keep them inputs.
    if which != "compiler" { return LLVMFuzzerMutate(data, size, maxSize) }
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let mutated = target.mutate(input, maxSize: maxSize, seed: seed) { bytes, limit in
        if bytes.isEmpty { bytes = [0x0A] }
        let count = min(bytes.count, limit)
        bytes += [UInt8](repeating: 0, count: max(0, limit - bytes.count))
        let written = bytes.withUnsafeMutableBufferPointer { LLVMFuzzerMutate($0.baseAddress!, count, limit) }
        bytes.removeLast(bytes.count - min(written, bytes.count))
    }.bytes
    let count = min(mutated.count, maxSize)
    mutated.withUnsafeBufferPointer { if count > 0 { data.update(from: $0.baseAddress!, count: count) } }
    return count
}

// This file is the module's only one in a DRAWC_FUZZ=1 build, so its top-level code is the
// program's entry (SwiftPM links it as `main`): hand the arguments to libFuzzer.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOneInput))
