// `drawc lsp`: the language server over standard input and output. The protocol logic is
// DrawLanguageServer's; this is the loop that reads framed messages from fd 0, hands each
// to the server and writes what it answers to fd 1, until `exit` or the end of input.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import DrawKit
import DrawLanguageServer

func runLanguageServer(_ args: ArraySlice<String>) throws(UsageError) -> ExitStatus {
    // Editors' clients add a transport flag (--stdio); standard input and output is the only one.
    let arguments = try parseArguments(args, command: "lsp")
    if arguments.help {
        print(Help.lsp, terminator: "")
        return .success
    }
    if let operand = arguments.inputs.first {
        throw UsageError(message: "lsp takes no files ('\(operand)'): the editor sends the documents", command: "lsp")
    }
    let fontPaths = arguments.fontPaths
    var environment: [String: String] = [:]
    for name in ["DRAWC_FONT_PATH", "HOME"] {
        if let value = getenv(name) { environment[name] = String(cString: value) }
    }
    LanguageServer.serverVersion = DrawKitVersion.string
    let server = LanguageServer(fontPaths: fontPaths, environment: environment)
    // The cursor's statement is outlined in a running `drawc preview` of the same file.
    server.previewLink = PreviewHighlighter()
    var reader = MessageReader()
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while !server.shouldExit {
        var next = reader.next()
        while case .message(let body) = next {
            for reply in server.handle(body) { writeAll(framed(reply)) }
            if server.shouldExit { break }
            next = reader.next()
        }
        if server.shouldExit { break }
        if case .broken(let why) = next {
            printError("drawc lsp: \(why); stopping")
            return .inputErrors
        }
        // Nothing waiting: do what the messages put off (the names of the latest versions).
        var input = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        if poll(&input, 1, 0) == 0 { server.whenIdle() }
        let n = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { break }  // the client went away
        reader.append(chunk[0..<n])
    }
    return server.exitStatus == 0 ? .success : .inputErrors
}

/// Writes all of `bytes` to standard output.
private func writeAll(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
            let n = write(1, buffer.baseAddress! + offset, buffer.count - offset)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            offset += n
        }
    }
}
