// RequestReading — the preview's connections while their requests arrive, as pure state: the
// executable (Sources/drawc/PreviewConnections.swift) owns the sockets, poll(2) and the clock
// and tells this table what happened; the table says what to do. One thread reads every
// connection, so a slow one never holds a worker; each request has one deadline for all of
// it (request line, headers, body), set when the connection is accepted and never moved by
// the bytes that trickle in (slowloris: a byte a second kept the old per-read timeout alive
// forever); and only `maximumConnections` are read at once: a new one past the cap closes the
// oldest (the one nearest its deadline), so 16 or 1,000 slow connections leave room for
// `/state` (docs/preview.md, *Limits*).

/// Connections being read, by file descriptor.
package struct RequestReading: Sendable {
    /// The most connections read at once.
    package static let maximumConnections = 32
    /// Seconds from accepting a connection to having its whole request.
    package static let requestSeconds = 10.0

    package struct Connection: Sendable, Equatable {
        package var received: [UInt8] = []
        /// When the whole request must have arrived (seconds on the monotonic clock).
        package var deadline: Double
        /// The order of acceptance (the oldest is closed first when the table is full).
        package var serial: Int
        /// No head end lies before this (less three): each byte is searched once.
        var searched = 0
        /// The request's whole length, once its head was read: parsed only then.
        var total: Int?
    }

    package private(set) var connections: [Int32: Connection] = [:]
    private var nextSerial = 0

    package init() {}

    /// What to do with a connection after bytes arrived.
    package enum Outcome: Sendable, Equatable {
        /// Keep reading.
        case reading
        /// The whole request: answer it (the connection has left the table).
        case request(HTTPRequest)
        /// Answer with this status and close (the connection has left the table).
        case refuse(status: Int, message: String)
    }

    /// A new connection accepted at `now`; returns the connection closed to make room, if any
    /// (it has left the table: the caller answers 503 and closes it).
    package mutating func accept(_ fd: Int32, now: Double) -> Int32? {
        var evicted: Int32?
        if connections.count >= Self.maximumConnections,
           let oldest = connections.min(by: { $0.value.serial < $1.value.serial })?.key {
            connections[oldest] = nil
            evicted = oldest
        }
        connections[fd] = Connection(deadline: now + Self.requestSeconds, serial: nextSerial)
        nextSerial += 1
        return evicted
    }

    /// Bytes read from `fd`.
    package mutating func received(_ bytes: some Collection<UInt8>, on fd: Int32) -> Outcome {
        guard var connection = connections[fd] else { return .refuse(status: 400, message: "unknown connection") }
        connection.received += bytes
        // Linear in the bytes received however they are split: the head's end is searched in
        // the new bytes only, the head read once, the whole parsed once the body is in.
        if connection.total == nil {
            guard let end = HTTPRequest.headEnd(connection.received, from: connection.searched - 3) else {
                connection.searched = connection.received.count
                if connection.received.count > HTTPRequest.maximumHeaderBytes {
                    connections[fd] = nil
                    return .refuse(status: 431, message: "request headers too large")
                }
                connections[fd] = connection
                return .reading
            }
            switch HTTPRequest.parseHead(connection.received, headerEnd: end) {
            case .failure(let refusal):
                connections[fd] = nil
                return .refuse(status: refusal.status, message: refusal.message)
            case .success(let head):
                connection.total = end + 4 + head.bodyLength
            }
        }
        if let total = connection.total, connection.received.count < total {
            connections[fd] = connection
            return .reading
        }
        switch HTTPRequest.parse(connection.received) {
        case .incomplete:
            connections[fd] = connection
            return .reading
        case .invalid(let status, let message):
            connections[fd] = nil
            return .refuse(status: status, message: message)
        case .complete(let request):
            connections[fd] = nil
            return .request(request)
        }
    }

    /// The connection closed or failed: forget it.
    package mutating func drop(_ fd: Int32) {
        connections[fd] = nil
    }

    /// The connections whose deadline has passed at `now`; they have left the table (the
    /// caller answers 408 and closes them).
    package mutating func expire(now: Double) -> [Int32] {
        let late = connections.filter { $0.value.deadline <= now }.map(\.key).sorted()
        for fd in late { connections[fd] = nil }
        return late
    }

    /// Seconds until the nearest deadline (nil: nothing is being read).
    package func secondsToNextDeadline(now: Double) -> Double? {
        connections.values.map(\.deadline).min().map { max(0, $0 - now) }
    }
}
