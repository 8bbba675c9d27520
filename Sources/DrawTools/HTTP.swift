import DrawDiagnostics

/// The little HTTP/1.1 the preview speaks: one request per connection, read whole, answered,
/// closed (or held open for server-sent events). Parsing works on bytes and refuses anything
/// beyond named limits.
package struct HTTPRequest: Sendable, Hashable {
    package var method: String
    /// The path without the query (`/events`).
    package var path: String
    /// Query parameters, percent-decoded; a repeated name keeps its first value.
    package var query: [String: String]
    /// Header names in lower case; a repeated header keeps its first value (one that must
    /// not repeat, `singleHeaders`, makes the request a 400).
    package var headers: [String: String]
    package var body: [UInt8]

    package init(method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:], body: [UInt8] = []) {
        self.method = method; self.path = path; self.query = query; self.headers = headers; self.body = body
    }

    /// The most bytes of request line and headers accepted.
    package static let maximumHeaderBytes = 16 << 10
    /// The most bytes of body accepted (edit requests are a few dozen bytes).
    package static let maximumBodyBytes = 64 << 10
    /// Headers that may appear once only: two `Host`s or two `Content-Length`s are a 400
    /// (RFC 9112 §3.2, §6.3: a request that two readers could frame or route differently),
    /// and so are two of the headers the preview's checks read.
    package static let singleHeaders: Set<String> = ["host", "content-length", "transfer-encoding", "origin", "x-drawc-token"]

    package enum Parse: Sendable, Hashable {
        /// More bytes are needed.
        case incomplete
        /// Not a request we answer; the status to reply with.
        case invalid(status: Int, message: String)
        case complete(HTTPRequest)
    }

    /// Parses the bytes received so far.
    package static func parse(_ bytes: [UInt8]) -> Parse {
        guard let headerEnd = headEnd(bytes, from: 0) else {
            return bytes.count > maximumHeaderBytes ? .invalid(status: 431, message: "request headers too large") : .incomplete
        }
        let head: Head
        switch parseHead(bytes, headerEnd: headerEnd) {
        case .failure(let refusal): return .invalid(status: refusal.status, message: refusal.message)
        case .success(let parsed): head = parsed
        }
        let bodyStart = headerEnd + 4
        guard bytes.count >= bodyStart + head.bodyLength else { return .incomplete }
        return .complete(HTTPRequest(method: head.method, path: head.path, query: head.query, headers: head.headers,
                                     body: Array(bytes[bodyStart..<bodyStart + head.bodyLength])))
    }

    /// The index of the CR LF CR LF that ends the head, searching from `from` (the reader
    /// searches only the new bytes, less three: a request sent a byte at a time costs linear time).
    package static func headEnd(_ bytes: [UInt8], from: Int) -> Int? {
        var i = max(0, from)
        while i + 3 < bytes.count {
            if bytes[i] == 13 && bytes[i + 1] == 10 && bytes[i + 2] == 13 && bytes[i + 3] == 10 { return i }
            i += 1
        }
        return nil
    }

    /// A request's line and headers, read and checked.
    package struct Head: Sendable {
        var method: String
        var path: String
        var query: [String: String]
        var headers: [String: String]
        /// The body's length from `Content-Length` (0 without one).
        package var bodyLength: Int
    }

    package struct Refusal: Error, Sendable {
        package var status: Int
        package var message: String
    }

    /// Reads the head that ends at `headerEnd` (see `headEnd`).
    package static func parseHead(_ bytes: [UInt8], headerEnd: Int) -> Result<Head, Refusal> {
        guard headerEnd <= maximumHeaderBytes else { return .failure(Refusal(status: 431, message: "request headers too large")) }
        let lines = split(Array(bytes[0..<headerEnd]))
        guard let requestLine = lines.first else { return .failure(Refusal(status: 400, message: "no request line")) }
        let parts = requestLine.split(separator: 0x20, omittingEmptySubsequences: false)
        guard parts.count == 3, let method = ascii(parts[0]), let target = ascii(parts[1]), let version = ascii(parts[2]),
              version == "HTTP/1.1" || version == "HTTP/1.0", !method.isEmpty, target.hasPrefix("/") else {
            return .failure(Refusal(status: 400, message: "malformed request line"))
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: 0x3A), let name = ascii(line[line.startIndex..<colon]), !name.isEmpty,
                  !name.contains(" ") else {
                return .failure(Refusal(status: 400, message: "malformed header"))
            }
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingSpaces()
            let key = name.lowercased()
            if headers[key] == nil {
                headers[key] = value
            } else if singleHeaders.contains(key) {
                return .failure(Refusal(status: 400, message: "more than one '\(name)' header"))
            }
        }
        var length = 0
        if let text = headers["content-length"] {
            // RFC 9110 §8.6: 1*DIGIT, nothing else (no sign, no spaces inside, no list).
            guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                return .failure(Refusal(status: 400, message: "Content-Length is not a number: '\(text.prefix(40))'"))
            }
            guard let n = Int(text), n <= maximumBodyBytes else { return .failure(Refusal(status: 413, message: "request body too large")) }
            length = n
        }
        if headers["transfer-encoding"] != nil { return .failure(Refusal(status: 501, message: "chunked requests are not accepted")) }
        var path = target, query: [String: String] = [:]
        if let mark = target.firstIndex(of: "?") {
            path = String(target[..<mark])
            for pair in target[target.index(after: mark)...].split(separator: "&") {
                let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard let name = percentDecoded(String(kv[0])) else { continue }
                let value = kv.count > 1 ? percentDecoded(String(kv[1])) ?? "" : ""
                if query[name] == nil { query[name] = value }
            }
        }
        guard let decodedPath = percentDecoded(path) else { return .failure(Refusal(status: 400, message: "malformed path")) }
        return .success(Head(method: method, path: decodedPath, query: query, headers: headers, bodyLength: length))
    }

    static func split(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        var i = 0
        while i < bytes.count {
            if bytes[i] == 13, i + 1 < bytes.count, bytes[i + 1] == 10 {
                lines.append(bytes[start..<i]); i += 2; start = i
            } else { i += 1 }
        }
        lines.append(bytes[start..<bytes.count])
        return lines
    }

    /// Printable ASCII only (no control characters).
    static func ascii(_ bytes: ArraySlice<UInt8>) -> String? {
        for b in bytes where b < 0x21 || b > 0x7E { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func percentDecoded(_ text: String) -> String? {
        var out: [UInt8] = []
        var bytes = Array(text.utf8)[...]
        while let b = bytes.popFirst() {
            if b == 0x25 {
                guard bytes.count >= 2, let h = hex(bytes[bytes.startIndex]), let l = hex(bytes[bytes.startIndex + 1]) else { return nil }
                out.append(h << 4 | l)
                bytes = bytes.dropFirst(2)
            } else if b == 0x2B {
                out.append(0x20)
            } else {
                out.append(b)
            }
        }
        return String(validating: out, as: UTF8.self)
    }

    static func hex(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: b - 0x30
        case 0x61...0x66: b - 0x61 + 10
        case 0x41...0x46: b - 0x41 + 10
        default: nil
        }
    }
}

package struct HTTPResponse: Sendable, Hashable {
    package var status: Int
    package var headers: [(String, String)]
    package var body: [UInt8]

    package init(status: Int, contentType: String, body: [UInt8], headers: [(String, String)] = []) {
        self.status = status
        self.headers = [("Content-Type", contentType), ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff")] + headers
        self.body = body
    }

    package static func == (a: HTTPResponse, b: HTTPResponse) -> Bool {
        a.status == b.status && a.body == b.body && a.headers.map(\.0) == b.headers.map(\.0) && a.headers.map(\.1) == b.headers.map(\.1)
    }
    package func hash(into hasher: inout Hasher) { hasher.combine(status); hasher.combine(body) }

    package static func text(_ status: Int, _ message: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array((message + "\n").utf8))
    }

    package static func json(_ status: Int, _ json: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json", body: Array(json.utf8))
    }

    package static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 413: "Payload Too Large"
        case 421: "Misdirected Request"
        case 422: "Unprocessable Content"
        case 431: "Request Header Fields Too Large"
        case 501: "Not Implemented"
        default: "Error"
        }
    }

    /// The status line, headers (with Content-Length and `Connection: close`) and body.
    package func serialized() -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(HTTPResponse.reason(status))\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + body
    }

    /// The head of a server-sent event stream (no length: it stays open).
    package static func eventStreamHead() -> [UInt8] {
        Array("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: keep-alive\r\n\r\n".utf8)
    }
}

extension String {
    func trimmingSpaces() -> String {
        var scalars = Substring(self)
        while let f = scalars.first, f == " " || f == "\t" { scalars.removeFirst() }
        while let l = scalars.last, l == " " || l == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}

/// JSON text for the page: a string literal by the one JSON writer, safe inside HTML
/// (`<`, U+2028 and U+2029 escaped).
package enum JSONText {
    package static func string(_ s: String) -> String { JSON.quoted(s, htmlSafe: true) }
}
