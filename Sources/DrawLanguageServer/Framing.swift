// The base protocol's framing: `Content-Length: N\r\n` (other headers ignored), a blank
// line, then N bytes of JSON. `MessageReader` is fed bytes as they arrive and hands out
// whole messages; the stdio loop in the drawc executable does the reading and writing.

/// Splits a byte stream into messages.
package struct MessageReader {
    private var buffer: [UInt8] = []
    private var start = 0

    /// Largest message accepted (a whole document plus its JSON escaping, with room).
    package static let maximumMessageBytes = 64 << 20
    /// Longest header block accepted.
    package static let maximumHeaderBytes = 8 << 10

    package init() {}

    /// What reading the next message gave.
    package enum Next: Equatable {
        /// A whole message body.
        case message([UInt8])
        /// More bytes are needed.
        case needMore
        /// The stream cannot be read on (no or bad `Content-Length`, a message too large).
        case broken(String)
    }

    package mutating func append(_ bytes: some Collection<UInt8>) {
        if start > 0 && start == buffer.count { buffer.removeAll(keepingCapacity: true); start = 0 }
        buffer.append(contentsOf: bytes)
    }

    package mutating func next() -> Next {
        // Find the end of the headers.
        var i = start
        var headerEnd = -1
        while i + 3 < buffer.count {
            if buffer[i] == 0x0D, buffer[i + 1] == 0x0A, buffer[i + 2] == 0x0D, buffer[i + 3] == 0x0A { headerEnd = i; break }
            i += 1
        }
        if headerEnd < 0 {
            return buffer.count - start > Self.maximumHeaderBytes ? .broken("header block too long") : .needMore
        }
        let headers = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
        var lengthText: String?
        for line in headers.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            if parts[0].lowercased() == "content-length" {
                // Two lengths could frame the stream two ways: stop rather than guess.
                guard lengthText == nil else { return .broken("more than one Content-Length header") }
                lengthText = parts[1].trimmingBlanks
            }
        }
        guard let lengthText else { return .broken("no Content-Length header") }
        guard !lengthText.isEmpty, lengthText.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            return .broken("Content-Length is not a number: '\(lengthText.prefix(40))'")
        }
        guard let length = Int(lengthText) else { return .broken("message of \(lengthText.prefix(40)) bytes is too large") }
        guard length <= Self.maximumMessageBytes else { return .broken("message of \(length) bytes is too large") }
        let bodyStart = headerEnd + 4
        guard buffer.count - bodyStart >= length else { return .needMore }
        let body = Array(buffer[bodyStart..<bodyStart + length])
        start = bodyStart + length
        if start > 1 << 20 { buffer.removeFirst(start); start = 0 }
        return .message(body)
    }
}

/// A message body with its header, ready to write.
package func framed(_ body: [UInt8]) -> [UInt8] {
    Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
}

extension Substring {
    var trimmingBlanks: String {
        var s = self
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return String(s)
    }
}
