// `drawc preview`'s connections while their requests arrive: one thread accepts and reads
// them all with poll(2), non-blocking, and hands each whole request to a worker
// (PreviewRuntime.answer). The rules (one deadline per request, a cap on connections being
// read, the oldest closed first) are DrawTools' RequestReading; this file is the sockets.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import DrawTools

/// Accepts and reads until the listener is closed.
func readRequests(listener: Int32, runtime: PreviewRuntime) {
    var table = RequestReading()
    var chunk = [UInt8](repeating: 0, count: 8192)
    func seconds() -> Double { monotonicMilliseconds() / 1000 }
    while true {
        let reading = table.connections.keys.sorted()
        var polls = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
            + reading.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        // Wake for the nearest deadline (and at least once a second).
        let wait = table.secondsToNextDeadline(now: seconds()).map { Int32(min(1000, $0 * 1000 + 1)) } ?? 1000
        let ready = poll(&polls, nfds_t(polls.count), wait)
        if ready < 0 {
            if errno == EINTR { continue }
            return
        }
        let now = seconds()
        for p in polls where p.revents != 0 {
            if p.fd == listener {
                if p.revents & Int16(POLLNVAL) != 0 { return }  // closed: the preview stops
                let fd = accept(listener, nil, nil)
                if fd < 0 {
                    if errno == EINTR || errno == EAGAIN || errno == ECONNABORTED { continue }
                    if errno == EMFILE || errno == ENFILE { sleepMilliseconds(10); continue }
                    return
                }
                setNonBlocking(fd)
                if let evicted = table.accept(fd, now: now) {
                    runtime.refuse(evicted, status: 503, "too many connections are sending requests: closed the oldest")
                }
                continue
            }
            // Closed to make room in this same round: its descriptor is the refusal's now.
            guard table.connections[p.fd] != nil else { continue }
            let n = chunk.withUnsafeMutableBytes { recv(p.fd, $0.baseAddress, $0.count, 0) }
            if n > 0 {
                switch table.received(chunk[0..<n], on: p.fd) {
                case .reading: break
                case .request(let request):
                    let fd = p.fd
                    DispatchQueue.global().async { runtime.answer(fd, request) }
                case .refuse(let status, let message):
                    runtime.refuse(p.fd, status: status, message)
                }
            } else if n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                table.drop(p.fd)
                close(p.fd)
            }
        }
        for fd in table.expire(now: now) {
            runtime.refuse(fd, status: 408, "the whole request must arrive within \(Int(RequestReading.requestSeconds)) s")
        }
    }
}

func setNonBlocking(_ fd: Int32) {
    let flags = fcntl(fd, F_GETFL)
    if flags >= 0 { _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK) }
}

func setBlocking(_ fd: Int32) {
    let flags = fcntl(fd, F_GETFL)
    if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
}
