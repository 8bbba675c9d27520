// DrawOutput — what every backend writes with.
//
// Takes: bytes, strings and numbers from a backend. Hands on: one growing `[UInt8]`.
// Numbers go through one exact, locale-free formatter shared by SVG, PDF and PostScript:
// fixed point, trailing zeros trimmed, integers without a point, `-0` written as `0`, never
// exponent notation (ISO 32000-1 §7.3.3 forbids it in PDF). Also Flate compression over
// the system zlib. Deliberately no `String(format:)` and no Foundation number formatting.

/// A growing byte buffer that backends write their whole output into, in order.
package struct ByteBuffer: Sendable {
    package private(set) var bytes: [UInt8]

    package init(capacity: Int = 4096) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    package var count: Int { bytes.count }

    package mutating func reserveCapacity(_ minimumCapacity: Int) { bytes.reserveCapacity(minimumCapacity) }

    @inlinable package mutating func append(_ byte: UInt8) { bytes.append(byte) }

    package mutating func append(_ other: [UInt8]) { bytes.append(contentsOf: other) }

    package mutating func append(_ other: ArraySlice<UInt8>) { bytes.append(contentsOf: other) }

    @usableFromInline package mutating func append(_ other: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: other) }

    /// Removes the first `count` bytes (moving the rest to the front).
    package mutating func removeFirst(_ count: Int) { bytes.removeFirst(count) }

    /// Drops everything written after the first `count` bytes.
    package mutating func truncate(to count: Int) { bytes.removeLast(bytes.count - count) }

    /// Inserts `other` before everything written so far, in place when the buffer has room
    /// (no second copy of a large output).
    package mutating func prepend(_ other: [UInt8]) { bytes.insert(contentsOf: other, at: 0) }

    /// Appends the bytes of a static (compile-time) string, e.g. an operator: no `String`
    /// is created.
    package mutating func append(static text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends the UTF-8 bytes of `string` as they are (no escaping).
    package mutating func append(_ string: String) {
        var string = string
        string.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends `value` through the shared number formatter with at most `precision`
    /// fraction digits (see `NumberFormat`).
    package mutating func append(number value: Double, precision: Int = NumberFormat.defaultPrecision) {
        NumberFormat.write(value, precision: precision, into: &bytes)
    }

    package mutating func append(integer value: Int) {
        NumberFormat.write(integer: value, into: &bytes)
    }

    /// Gives the bytes away (the buffer is empty afterwards).
    package mutating func take() -> [UInt8] {
        let result = bytes
        bytes = []
        return result
    }
}
