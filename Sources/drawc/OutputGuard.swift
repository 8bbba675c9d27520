#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import DrawKit

// The guard between a compile and its output files: an output must not be a file the compile
// read (`drawc compile a.draw -o a.draw --format svg` replaced the source; so did `-o` naming
// an imported drawing, a data file, an image or a font). Files are compared by device and
// inode, so another spelling of the same path (`./a.draw`, a link) is caught too. Such an
// output is wrong usage: exit status 2, nothing written.

/// A file's identity on this machine.
struct FileIdentity: Hashable {
    var device: UInt64
    var inode: UInt64

    /// The identity of the file at `path` (links followed), nil when there is none.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

/// Whether `path` names a folder (links followed).
func isFolder(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
}

/// The message refusing to write any of `outputs` that is one of the files read (`input`,
/// the main source, then `filesRead`), or nil when none is.
func overwrittenInput(outputs: [String], input: String, filesRead: [String]) -> String? {
    var read: [FileIdentity: String] = [:]
    for path in [input] + filesRead where path != "-" {
        if let identity = FileIdentity(path: path), read[identity] == nil { read[identity] = path }
    }
    for output in outputs where output != "-" {
        guard let identity = FileIdentity(path: output), let source = read[identity] else { continue }
        let what = source == input ? "the drawing's source" : "a file the drawing reads ('\(source)')"
        return "drawc: refusing to write '\(output)': it is \(what); choose another output name"
    }
    return nil
}

/// On SIGINT or SIGTERM, removes the temporary files being written (`.NAME.drawc-PID-XXXXXX`)
/// and then ends the process as the signal would have: nothing half-written stays behind.
func removeTemporariesOnSignals() {
    OutputWriter.prepareForSignals()
    for signalNumber in [SIGINT, SIGTERM] {
        signal(signalNumber) { received in
            OutputWriter.removeTemporariesForSignal()
            signal(received, SIG_DFL)
            raise(received)
        }
    }
}
