import CZlib

/// CRC-32 (ISO 3309, as PNG chunks and gzip use it) through the system zlib.
package enum CRC32 {
    package static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { b in
            UInt32(crc32(0, b.baseAddress, uInt(b.count)))
        }
    }
}
