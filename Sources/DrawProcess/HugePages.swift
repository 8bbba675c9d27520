// DrawProcess — large inputs run with glibc's malloc asking for transparent huge pages.
// Used by the executables (drawc, drawc-bench), never by the library stages.
//
// A big drawing touches hundreds of megabytes of fresh memory (token and AST arenas, the node
// tree, the scene, the output); with 4 KiB pages the kernel spends as long faulting and zeroing
// them as a large part of the compile (shapes 1M → SVG: 1.6 s of 3.5 s in the kernel). glibc's
// `glibc.malloc.hugetlb=1` tunable makes malloc advise huge pages for what it maps (MADV_HUGEPAGE),
// which halves that (0.8 s in the kernel, 2.75 s in all; 100k shapes: 318 → 248 ms; means of
// hyperfine runs on the 2-core benchmark machine, see bench/RESULTS.md). Tunables are
// read only when a process starts, so drawc starts itself again with the tunable set — once, only
// for inputs large enough that the gain outweighs a second start (~5 ms), and never when the user
// has set GLIBC_TUNABLES (their settings win) or DRAWC_NO_HUGE_PAGES. Output is unaffected.

#if os(Linux) && canImport(Glibc)
import Glibc

/// Inputs whose sizes add up to at least this many bytes are compiled with huge pages.
public let hugePageInputThreshold = 4 << 20

/// The total size of the regular files among `inputs` (standard input, "-", counts nothing).
public func inputBytes(_ inputs: [String]) -> Int {
    var total = 0
    for input in inputs where input != "-" {
        var info = stat()
        if stat(input, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG { total += Int(info.st_size) }
    }
    return total
}

/// Restarts this executable, with the same arguments, under `GLIBC_TUNABLES=glibc.malloc.hugetlb=1`
/// when `inputBytes` reaches the threshold; returns (and the caller carries on as usual) when it
/// does not, when the restart is not wanted, or when it fails.
public func restartWithHugePagesIfLarge(inputBytes: Int) {
    guard getenv("GLIBC_TUNABLES") == nil, getenv("DRAWC_NO_HUGE_PAGES") == nil else { return }
    guard inputBytes >= hugePageInputThreshold, transparentHugePagesAvailable() else { return }
    setenv("GLIBC_TUNABLES", "glibc.malloc.hugetlb=1", 1)
    execv("/proc/self/exe", CommandLine.unsafeArgv)
    // Only reached when the restart failed: compile in this process, as without it.
    unsetenv("GLIBC_TUNABLES")
}

/// True unless the kernel has transparent huge pages switched off ("[never]") or lacks them.
private func transparentHugePagesAvailable() -> Bool {
    let fd = open("/sys/kernel/mm/transparent_hugepage/enabled", O_RDONLY)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 128)
    let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    guard count > 0 else { return false }
    let text = buffer[..<count]
    let never = Array("[never]".utf8)
    return !text.indices.contains { i in text[i...].starts(with: never) }
}
#else
public let hugePageInputThreshold = 4 << 20
public func inputBytes(_ inputs: [String]) -> Int { 0 }
public func restartWithHugePagesIfLarge(inputBytes: Int) {}
#endif
