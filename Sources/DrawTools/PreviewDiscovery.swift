// PreviewDiscovery — how other tools find a running `drawc preview` of a file: the language
// server, told where the cursor is, posts `/highlight` to the preview of that file. A
// preview announces itself in a small JSON file in a per-user folder (see docs/preview.md,
// *For the language server*); this type names that file and reads and writes its text.
// The folder, its permissions and the I/O are the executable's (Sources/drawc/Serving.swift).
//
// Invariants: one file per previewed file, named by a hash of its real path; the text names
// that path again, so a hash collision is never taken for the file; the token is the
// preview's per-run secret and the file is written only into a folder that only its user
// can read (mode 0700, checked before use).

/// A running preview, as announced.
package struct PreviewAnnouncement: Equatable, Sendable {
    /// The real (absolute, symbolic links resolved) path of the previewed file.
    package var file: String
    package var port: Int
    package var token: String
    /// The preview's process, so a stale announcement (a preview killed without stopping) can be told.
    package var pid: Int

    package init(file: String, port: Int, token: String, pid: Int) {
        self.file = file; self.port = port; self.token = token; self.pid = pid
    }

    /// The file's text: one flat JSON object.
    package var json: String {
        "{\"file\":" + JSONText.string(file) + ",\"port\":\(port),\"token\":" + JSONText.string(token) + ",\"pid\":\(pid)}\n"
    }

    /// Reads an announcement's text; nil when it is not one.
    package init?(json bytes: [UInt8]) {
        guard bytes.count <= PreviewDiscovery.maximumBytes, let object = FlatJSON.parse(bytes),
              case .string(let file)? = object["file"], case .string(let token)? = object["token"],
              let port = object["port"]?.number, port >= 1, port <= 65535, port == port.rounded(),
              let pid = object["pid"]?.number, pid >= 1, pid == pid.rounded(), pid < 1e9,
              // Letters and digits only: the token goes into a request header as it is.
              !token.isEmpty, token.utf8.count <= 256,
              token.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) })
        else { return nil }
        self.init(file: file, port: Int(port), token: token, pid: Int(pid))
    }

    /// The request body of `POST /highlight` for a place in the previewed file (1-based line,
    /// column in Unicode scalars).
    package static func highlightRequest(port: Int, token: String, line: Int, column: Int) -> [UInt8] {
        let body = "{\"line\":\(line),\"column\":\(column)}"
        return Array(("POST /highlight HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Drawc-Token: \(token)\r\n"
                      + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body).utf8)
    }
}

package enum PreviewDiscovery {
    /// The largest announcement read (a path of a few KB and a token).
    package static let maximumBytes = 16 << 10

    /// The folder of announcements: `$XDG_RUNTIME_DIR/drawc` when that variable names an
    /// absolute folder, else `$TMPDIR` (or `/tmp`) `/drawc-UID`.
    package static func folder(environment: [String: String], userID: UInt32) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            return (runtime.hasSuffix("/") ? String(runtime.dropLast()) : runtime) + "/drawc"
        }
        var temporary = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        if temporary.count > 1 && temporary.hasSuffix("/") { temporary.removeLast() }
        return temporary + "/drawc-\(userID)"
    }

    /// The announcement's file name for the previewed file at real path `file`:
    /// `preview-` and 16 hex digits of the path's FNV-1a 64-bit hash.
    package static func fileName(forPreviewOf file: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in file.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return "preview-" + String(repeating: "0", count: 16 - hex.count) + hex + ".json"
    }
}
