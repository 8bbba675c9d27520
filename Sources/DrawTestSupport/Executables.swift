import Foundation

/// A product of this package built beside the test bundle (`swift build --build-tests` and
/// `swift test` build every product): `drawc`, `drawc-bench`. Nil when it was not built.
package func builtExecutable(_ name: String, filePath: String = #filePath) -> String? {
    var candidates: [String] = []
    if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
        candidates.append((exe as NSString).deletingLastPathComponent + "/" + name)
    }
    let bundle = Bundle.main.bundlePath
    candidates.append((bundle as NSString).deletingLastPathComponent + "/" + name)
    candidates.append(bundle + "/" + name)
    candidates.append(packageRoot(from: filePath) + "/.build/debug/" + name)
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
}
