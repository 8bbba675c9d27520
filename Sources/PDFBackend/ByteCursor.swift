// Writing a whole operator's worth of bytes (operands and operator) through a raw cursor, then
// appending them to the stream in one piece. Appending each number and separator to the
// `ByteBuffer` on its own costs a call and a generic array append apiece (about 100
// instructions), which was most of the backend's time for path data.

import DrawOutput

/// A write position in memory the caller has reserved enough room in.
struct ByteCursor {
    private(set) var position: UnsafeMutablePointer<UInt8>

    @inline(__always) init(_ start: UnsafeMutablePointer<UInt8>) { position = start }

    /// Numbers below this magnitude always take `NumberFormat.writeFast`'s path at the
    /// default precision (4 digits: 10^11 · 10^4 < 9 · 10^15), in at most
    /// `NumberFormat.maximumFastLength` bytes.
    static let fastLimit = 1.0e11

    /// Whether `value` can be written by `number` (NaN can: it is written as `0`).
    @inline(__always) static func fits(_ value: Double) -> Bool { !(value.magnitude >= fastLimit) }

    @inline(__always) mutating func byte(_ byte: UInt8) {
        position.initialize(to: byte)
        position += 1
    }

    @inline(__always) mutating func text(_ text: StaticString) {
        // (`withUTF8Buffer`, not `utf8Start`: a one-character literal may be stored as a
        // scalar rather than as a pointer.)
        text.withUTF8Buffer { bytes in
            guard let start = bytes.baseAddress else { return }
            position.initialize(from: start, count: bytes.count)
            position += bytes.count
        }
    }

    /// A number at the default precision, exactly as `ByteBuffer.append(number:)` writes
    /// it; the caller has checked `fits(value)`.
    @inline(__always) mutating func number(_ value: Double) {
        position += NumberFormat.writeFast(value, precision: NumberFormat.defaultPrecision, to: position)
    }
}

extension ByteBuffer {
    /// Reserves `maximumLength` bytes of scratch space, lets `body` write into it, and
    /// appends what it wrote.
    @inline(__always)
    mutating func withCursor(maximumLength: Int, _ body: (inout ByteCursor) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumLength) { buffer in
            let start = buffer.baseAddress!
            var cursor = ByteCursor(start)
            body(&cursor)
            append(UnsafeBufferPointer(start: start, count: cursor.position - start))
        }
    }
}
