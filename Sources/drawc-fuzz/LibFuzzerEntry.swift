// drawc-fuzz under libFuzzer (DRAWC_FUZZ=1, see main.swift): Package.swift builds this file
// instead of main.swift; its top-level code (the end of the file) runs libFuzzer's driver
// over LLVMFuzzerTestOneInput.

import DrawFuzzing
import Foundation

let root = ProcessInfo.processInfo.environment["DRAWC_FUZZ_ROOT"] ?? FileManager.default.currentDirectoryPath
nonisolated(unsafe) var target = FuzzTarget(root: root)

func report() {
    let c = target.counts
    let line = "drawc-fuzz: \(c.inputs) inputs, \(c.reachedBackends) reached every backend (\(Int((c.share * 100).rounded()))%); generated \(c.generated), of which \(c.generatedReached) reached\n"
    FileHandle.standardError.write(Data(line.utf8))
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
    target.run(bytes)
    if target.counts.inputs - lastReport >= 20_000 {
        lastReport = target.counts.inputs
        report()
    }
    return 0
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
