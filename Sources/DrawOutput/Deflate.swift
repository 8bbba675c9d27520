import CZlib

#if canImport(Dispatch)
import Dispatch
#endif

/// Flate (zlib format, RFC 1950) compression, as PDF's `/FlateDecode` and PNG expect:
/// through the system zlib, except the pieces of the `.huffman` and `.greedy` strategies,
/// which drawc's own `DeflateEncoder` codes (large PDF content streams).
package enum Deflate {
    /// Inputs up to this size are compressed in one piece at the level asked for: they take
    /// well under a millisecond even at level 6, and small files keep the better ratio.
    package static let wholeLimit = 64 << 10

    /// The size of the pieces larger inputs are cut into.
    package static let chunkSize = 256 << 10

    /// The level of pieces at most. zlib's levels 1–3 share its fast matcher; level 6
    /// takes 5× as long as level 1 on content streams for 20% less size, and level 1 is
    /// 15% faster than 2 for 6% more (measured on `shapes` content).
    package static let chunkLevel: Int32 = 1

    /// How pieces look for repeats: zlib's default matcher, or runs only (`Z_RLE`: matches at
    /// distance 1, what PNG rows filtered to runs of zeros are made of — on the `shapes`
    /// page at 96 dpi 12% smaller and 15% faster than level 1's matcher).
    package enum Strategy: Sendable {
        case standard, runs
        /// No matching at all, Huffman codes only (what zlib's `Z_HUFFMAN_ONLY` does, coded
        /// by drawc's own `DeflateEncoder`, in a quarter of zlib's instructions): for bytes
        /// LZ77 finds almost nothing in (computed numbers).
        case huffman
        /// drawc's own greedy matcher (`DeflateEncoder.Mode.greedy`) instead of zlib's level
        /// 1 for pieces: about the size of level 1 on content streams in less than half its
        /// instructions (docs/pdf.md). Inputs compressed whole stay zlib's at their level.
        case greedy
        var zlib: Int32 {
            switch self {
            case .standard: Z_DEFAULT_STRATEGY
            case .runs: Z_RLE
            case .huffman: Z_HUFFMAN_ONLY
            case .greedy: Z_DEFAULT_STRATEGY
            }
        }
        /// The mode of drawc's own encoder that codes the pieces of this strategy; nil: zlib.
        var encoderMode: DeflateEncoder.Mode? {
            switch self {
            case .standard, .runs: nil
            case .huffman: .huffman
            case .greedy: .greedy
            }
        }
        /// The size of the pieces large streams are cut into: `chunkSize`, or for runs
        /// `runPieceSize`.
        package var pieceSize: Int { self == .runs ? runPieceSize : chunkSize }
    }

    /// The pieces of a `Z_RLE` stream: small enough that zlib never slides its window
    /// (it slides once the input reaches 2 × 32 KiB − 262 bytes, and each slide rewrites
    /// its 64 Ki-entry hash tables, which Z_RLE never reads — on a PNG page that was half of
    /// zlib's time). Runs reach back one byte only, so a fresh window loses nothing: on the
    /// `shapes` page at 96 dpi, 64,000-byte pieces are 0.2% smaller than 256 KiB ones, and
    /// zlib takes a quarter less time.
    package static let runPieceSize = 64_000

    /// Compresses `input` at `level` (0…9). Deterministic for the same zlib and input.
    ///
    /// Inputs above `wholeLimit` (a page of 10,000 shapes is ~1.6 MB of content) are cut
    /// into fixed `chunkSize` pieces compressed in parallel, pigz-style: each piece is raw
    /// deflate ending in a sync flush (the last in a final block), so their concatenation
    /// is one valid deflate stream, wrapped in the zlib header and the Adler-32 of the
    /// whole input. The pieces depend only on the input, never on the number of cores or
    /// on timing, so the output is the same bytes everywhere. Pieces use `chunkLevel` at
    /// most: on big streams speed matters more than the last 20% of size. (256 KiB pieces
    /// lose under 1% of size to their fresh dictionaries and keep two cores evenly busy
    /// from ~0.5 MB up, where 1 MiB pieces left a 1.6 MB stream on one core for 2/3 of it.)
    ///
    /// A `strategy` other than `.standard` makes one piece of an input up to `wholeLimit`
    /// (what `ContentCompression` samples; `Streaming` compresses such a stream whole with
    /// zlib at `level`). `.huffman` and `.greedy` pieces ignore the level.
    package static func compress(_ input: [UInt8], level: Int32 = 6, strategy: Strategy = .standard) -> [UInt8] {
        if input.count <= wholeLimit {
            guard strategy != .standard else { return compressWhole(input, level: level) }
            return assemble([input.withUnsafeBufferPointer { compressPiece($0, level: level, strategy: strategy, last: true) }])
        }
        return assemble(compressPieces(input, from: 0, level: min(level, chunkLevel), strategy: strategy))
    }

    /// Compresses a stream while it is still being written, on other threads: each complete
    /// piece is taken off the front of the writer's buffer as soon as the writer has passed
    /// it (`feed`), so the buffer never holds much more than a piece, and `finish`
    /// compresses the rest and joins them. The result is byte for byte
    /// `Deflate.compress(stream, level:)`: the same pieces at the same level, only started
    /// earlier, so it does not depend on timing or on the number of cores either.
    package final class Streaming {
        private let level: Int32
        private let strategy: Strategy
        /// The pieces taken off, in order.
        private var started: [PieceBox] = []

        /// Pieces use `strategy`; a stream short enough to be compressed whole (nothing taken
        /// off, at most `wholeLimit`) is compressed as `Deflate.compress` does.
        package init(level: Int32 = 6, strategy: Strategy = .standard) { self.level = level; self.strategy = strategy }

        /// The size of the pieces (`strategy.pieceSize`).
        private var chunkSize: Int { strategy.pieceSize }

        /// `feed` has work once the buffer is longer than this.
        package var nextBoundary: Int { chunkSize }

        /// Bytes of the stream taken off the buffer so far.
        package var takenCount: Int { started.count * chunkSize }

        /// Takes every complete piece off the front of `buffer` (the stream after what was
        /// taken before) and hands it to another thread. A piece is taken only when at least
        /// one byte follows it, so that it is never the last one (which ends the stream).
        package func feed(_ buffer: inout ByteBuffer) {
            #if canImport(Dispatch)
            let pieceLevel = min(level, chunkLevel)
            let pieces = (buffer.count - 1) / chunkSize
            guard pieces > 0 else { return }
            // The buffer's bytes are handed to the pieces as they are (not copied out); what
            // follows the pieces (less than an item's worth, usually) starts a new buffer with
            // room for the next piece and then some.
            let bytes = buffer.take()
            for index in 0..<pieces {
                let box = PieceBox(bytes, index * chunkSize..<(index + 1) * chunkSize, level: pieceLevel, strategy: strategy)
                started.append(box)
                DispatchQueue.global().async { _ = box.compressIfUnclaimed() }
            }
            buffer.reserveCapacity(2 * chunkSize)
            buffer.append(bytes[(pieces * chunkSize)...])
            #endif
        }

        /// The compressed stream, given what is left of it in the buffer (all of it when
        /// nothing was taken).
        ///
        /// Pieces whose task has not begun are compressed here, with the rest, rather than
        /// waited for: on a busy machine a queued task may not run for a long while. Only a
        /// piece another thread is compressing at this moment is waited for.
        package func finish(_ tail: [UInt8]) -> [UInt8] {
            if tail.count <= wholeLimit && started.isEmpty { return compressWhole(tail, level: level) }
            let pieceLevel = min(level, chunkLevel)
            let handedOff = started.count
            let chunkSize = self.chunkSize
            let pieces = handedOff + (tail.count + chunkSize - 1) / chunkSize
            var rest = [Piece](repeating: Piece(), count: pieces - handedOff)
            tail.withUnsafeBufferPointer { source in
                rest.withUnsafeMutableBufferPointer { slots in
                    // Each iteration writes only its own slot or box; all outlive the loop.
                    nonisolated(unsafe) let sourceBuffer = source
                    nonisolated(unsafe) let slotsBase = slots.baseAddress!
                    let boxes = started
                    let strategy = self.strategy
                    @Sendable func work(_ index: Int) {
                        if index < handedOff {
                            _ = boxes[index].compressIfUnclaimed()
                            return
                        }
                        let start = (index - handedOff) * chunkSize
                        let end = min(start + chunkSize, sourceBuffer.count)
                        slotsBase[index - handedOff] = compressPiece(
                            UnsafeBufferPointer(rebasing: sourceBuffer[start..<end]), level: pieceLevel, strategy: strategy, last: index == pieces - 1)
                    }
                    #if canImport(Dispatch)
                    DispatchQueue.concurrentPerform(iterations: pieces) { work($0) }
                    #else
                    for index in 0..<pieces { work(index) }
                    #endif
                }
            }
            return assemble(started.map { $0.result() } + rest)
        }
    }

    /// A group of `compress(count:level:strategy:fill:)` is this many `chunkSize` pieces
    /// (2 MiB; for runs, the whole `runPieceSize` pieces that fit in it), written and
    /// compressed in order by one thread: a producer whose bytes depend on what comes just
    /// before them (PNG rows, filtered against the row above) repeats that work once a
    /// group, not once a piece.
    package static let piecesPerGroup = 8

    /// Compresses a stream of `count` bytes that `fill` writes while it is compressed, on
    /// all cores. The stream is cut into groups of `piecesPerGroup` pieces; `fill(start,
    /// buffer)` is asked, on any thread and in any order, for the bytes `start..<start +
    /// buffer.count` of one group, and the same thread then compresses the group's pieces
    /// while they are in its cache. Each thread keeps one group buffer, one zlib stream
    /// (reset between pieces, which zlib defines as the same as a new one) and one output
    /// buffer for all the groups it does, so the stream is never held whole and no memory
    /// is taken fresh from the system per piece. The result is byte for byte what
    /// `Streaming(level:strategy:)` makes of the whole stream (`compress(_:level:)` for the
    /// default strategy): the same pieces at the same level, so it depends neither on
    /// timing nor on the number of cores.
    package static func compress(count: Int, level: Int32 = 6, strategy: Strategy = .standard,
                                 fill: @Sendable (Int, UnsafeMutableBufferPointer<UInt8>) -> Void) -> [UInt8] {
        if count <= wholeLimit {
            var whole = [UInt8](repeating: 0, count: count)
            whole.withUnsafeMutableBufferPointer { fill(0, $0) }
            return compressWhole(whole, level: level)
        }
        let pieceLevel = min(level, chunkLevel)
        let pieceSize = strategy.pieceSize
        let pieces = (count + pieceSize - 1) / pieceSize
        let groupBytes = (piecesPerGroup * chunkSize / pieceSize) * pieceSize
        let groups = (count + groupBytes - 1) / groupBytes
        var results = [Piece](repeating: Piece(), count: pieces)
        let pool = WorkspacePool(groupBytes: min(count, groupBytes), level: pieceLevel, strategy: strategy)
        results.withUnsafeMutableBufferPointer { slots in
            // Each group writes only its own pieces' slots; the slots outlive the loop.
            nonisolated(unsafe) let slotsBase = slots.baseAddress!
            @Sendable func work(_ group: Int) {
                let workspace = pool.take()
                defer { pool.give(workspace) }
                let start = group * groupBytes
                let buffer = UnsafeMutableBufferPointer(start: workspace.input, count: min(count, start + groupBytes) - start)
                fill(start, buffer)
                var offset = 0
                while offset < buffer.count {
                    let next = min(buffer.count, offset + pieceSize)
                    let index = (start + offset) / pieceSize
                    slotsBase[index] = workspace.compress(UnsafeBufferPointer(rebasing: buffer[offset..<next]), last: index == pieces - 1)
                    offset = next
                }
            }
            #if canImport(Dispatch)
            DispatchQueue.concurrentPerform(iterations: groups) { work($0) }
            #else
            for group in 0..<groups { work(group) }
            #endif
        }
        return assemble(results)
    }

    /// What one thread of `compress(count:…)` reuses from group to group: the group's
    /// input, a raw-deflate zlib stream and an output buffer the size of a piece's bound.
    final class Workspace {
        let input: UnsafeMutablePointer<UInt8>
        private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        private let output: UnsafeMutablePointer<UInt8>
        private let outputCount: Int
        private var used = false
        /// drawc's own encoder's mode for the pieces, if the strategy has one (then the zlib
        /// stream is not used).
        private let mode: DeflateEncoder.Mode?

        init(groupBytes: Int, level: Int32, strategy: Strategy) {
            input = .allocate(capacity: groupBytes)
            mode = strategy.encoderMode
            stream.initialize(to: z_stream())
            // windowBits -15: raw deflate with a 32 KiB window.
            guard deflateInit2_(stream, level, Z_DEFLATED, -15, 8, strategy.zlib, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
                preconditionFailure("deflateInit2 failed")
            }
            outputCount = Int(deflateBound(stream, uLong(strategy.pieceSize))) + 16
            output = .allocate(capacity: outputCount)
        }

        deinit {
            deflateEnd(stream)
            stream.deallocate()
            input.deallocate()
            output.deallocate()
        }

        /// One piece (at most `strategy.pieceSize` bytes), as `compressPiece` makes it.
        func compress(_ piece: UnsafeBufferPointer<UInt8>, last: Bool) -> Piece {
            if let mode {
                return Piece(bytes: DeflateEncoder.encode(piece, mode: mode, last: last), adler: Deflate.adler32(piece), count: piece.count)
            }
            if used { deflateReset(stream) }
            used = true
            stream.pointee.next_in = UnsafeMutablePointer(mutating: piece.baseAddress)
            stream.pointee.avail_in = uInt(piece.count)
            stream.pointee.next_out = output
            stream.pointee.avail_out = uInt(outputCount)
            let status = deflate(stream, last ? Z_FINISH : Z_SYNC_FLUSH)
            precondition(status == Z_OK || status == Z_STREAM_END, "deflate failed with a bound-sized buffer")
            let produced = outputCount - Int(stream.pointee.avail_out)
            return Piece(bytes: Array(UnsafeBufferPointer(start: output, count: produced)),
                         adler: Deflate.adler32(piece), count: piece.count)
        }
    }

    /// Adler-32 (RFC 1950) of `input`, 16 bytes a step in vector lanes: the same number as
    /// zlib's `adler32(1, …)` (DeflateTests check it against the RFC's definition). A step
    /// loads the 16 bytes as eight 16-bit words and splits them into the even and the odd
    /// bytes (an and, a shift), adds them to the lane sums and the lane sums before them to
    /// the prefix sums: six vector operations for 16 bytes, no widening and no multiplying in
    /// the loop. Blocks of at most 23 steps keep the 16-bit prefix sums from overflowing
    /// (255 × 23 × 22 / 2 ≤ 65,535); the weights of the lanes are applied once a block.
    package static func adler32(_ input: UnsafeBufferPointer<UInt8>) -> uLong {
        let modulus: UInt64 = 65521
        var a: UInt64 = 1, b: UInt64 = 0
        guard var p = input.baseAddress else { return 1 }
        var n = input.count
        #if _endian(little)
        // Byte 2j of a step is the low half of word j, byte 2j + 1 its high half; byte l
        // of a step of N bytes before the block's end weighs 16 − l in b (see below).
        let evenWeights = SIMD8<UInt32>(16, 14, 12, 10, 8, 6, 4, 2)
        let oddWeights = SIMD8<UInt32>(15, 13, 11, 9, 7, 5, 3, 1)
        let low = SIMD8<UInt16>(repeating: 0xFF)
        while n >= 16 {
            let steps = min(n / 16, 23)
            // For bytes d₀…d_{N−1} after (a, b): a += Σ dᵢ, b += N·a + Σ (N − i)·dᵢ. With
            // i = 16k + l, N − i = 16·(steps − 1 − k) + (16 − l): the lane sums before each
            // step, added up (`prefix`), count 16 times, and each byte its weight 16 − l.
            var even = SIMD8<UInt16>.zero, odd = SIMD8<UInt16>.zero
            var evenPrefix = SIMD8<UInt16>.zero, oddPrefix = SIMD8<UInt16>.zero
            for _ in 0..<steps {
                let words = UnsafeRawPointer(p).loadUnaligned(as: SIMD8<UInt16>.self)
                evenPrefix &+= even
                oddPrefix &+= odd
                even &+= words & low
                odd &+= words &>> 8
                p += 16
            }
            let even32 = SIMD8<UInt32>(truncatingIfNeeded: even), odd32 = SIMD8<UInt32>(truncatingIfNeeded: odd)
            let prefixSum = UInt64((SIMD8<UInt32>(truncatingIfNeeded: evenPrefix) &+ SIMD8<UInt32>(truncatingIfNeeded: oddPrefix)).wrappedSum())
            let weightedSum = UInt64((even32 &* evenWeights &+ odd32 &* oddWeights).wrappedSum())
            let byteSum = UInt64((even32 &+ odd32).wrappedSum())
            b = (b + UInt64(steps * 16) * a + 16 * prefixSum + weightedSum) % modulus
            a = (a + byteSum) % modulus
            n -= steps * 16
        }
        #endif
        while n > 0 { a = (a + UInt64(p.pointee)) % modulus; b = (b + a) % modulus; p += 1; n -= 1 }
        return uLong(b << 16 | a)
    }

    /// The workspaces of one `compress(count:…)`: as many are made as threads run at once.
    final class WorkspacePool: @unchecked Sendable {
        private let groupBytes: Int, level: Int32, strategy: Strategy
        private var free: [Workspace] = []
        #if canImport(Dispatch)
        private let mutex = DispatchSemaphore(value: 1)
        #endif

        init(groupBytes: Int, level: Int32, strategy: Strategy) {
            self.groupBytes = groupBytes; self.level = level; self.strategy = strategy
        }

        func take() -> Workspace {
            #if canImport(Dispatch)
            mutex.wait()
            let workspace = free.popLast()
            mutex.signal()
            #else
            let workspace = free.popLast()
            #endif
            return workspace ?? Workspace(groupBytes: groupBytes, level: level, strategy: strategy)
        }

        func give(_ workspace: Workspace) {
            #if canImport(Dispatch)
            mutex.wait()
            free.append(workspace)
            mutex.signal()
            #else
            free.append(workspace)
            #endif
        }
    }

    /// One compressed piece: raw deflate, and the Adler-32 and length of its input.
    struct Piece {
        var bytes: [UInt8] = []
        var adler: uLong = 1
        var count = 0
    }

    /// A piece handed to another thread: compressed by whichever thread takes it first.
    final class PieceBox: @unchecked Sendable {
        /// The stream's bytes the piece is `range` of (shared with the other pieces taken at
        /// the same time), let go once the piece is compressed.
        private var input: [UInt8]
        private let range: Range<Int>
        private let level: Int32
        private let strategy: Strategy
        private var piece = Piece()
        private var claimed = false
        #if canImport(Dispatch)
        /// Guards `claimed` (a semaphore as a mutex: balanced, so it may be freed anytime).
        private let mutex = DispatchSemaphore(value: 1)
        /// Signalled when `piece` is written.
        private let done = DispatchSemaphore(value: 0)
        #endif

        init(_ input: [UInt8], _ range: Range<Int>, level: Int32, strategy: Strategy) {
            self.input = input
            self.range = range
            self.level = level
            self.strategy = strategy
        }

        /// Compresses the piece unless another thread has taken it; returns whether it did.
        func compressIfUnclaimed() -> Bool {
            #if canImport(Dispatch)
            mutex.wait()
            let mine = !claimed
            claimed = true
            mutex.signal()
            guard mine else { return false }
            compress()
            done.signal()
            return true
            #else
            compress()
            return true
            #endif
        }

        private func compress() {
            piece = input.withUnsafeBufferPointer {
                compressPiece(UnsafeBufferPointer(rebasing: $0[range]), level: level, strategy: strategy, last: false)
            }
            input = []
        }

        /// The compressed piece, waiting for the thread that took it if need be.
        func result() -> Piece {
            #if canImport(Dispatch)
            if !compressIfUnclaimed() { done.wait() }
            #endif
            return piece
        }
    }

    /// The pieces of `input` from index `first` on, in parallel.
    private static func compressPieces(_ input: [UInt8], from first: Int, level: Int32, strategy: Strategy) -> [Piece] {
        let chunkSize = strategy.pieceSize
        let pieces = (input.count + chunkSize - 1) / chunkSize
        guard first < pieces else { return [] }
        var results = [Piece](repeating: Piece(), count: pieces - first)
        input.withUnsafeBufferPointer { source in
            results.withUnsafeMutableBufferPointer { slots in
                // Each piece writes only its own slot; the buffers outlive the loop.
                nonisolated(unsafe) let sourceBuffer = source
                nonisolated(unsafe) let slotsBase = slots.baseAddress!
                @Sendable func work(_ offset: Int) {
                    let index = first + offset
                    let start = index * chunkSize
                    let end = min(start + chunkSize, sourceBuffer.count)
                    slotsBase[offset] = compressPiece(UnsafeBufferPointer(rebasing: sourceBuffer[start..<end]), level: level, strategy: strategy, last: index == pieces - 1)
                }
                #if canImport(Dispatch)
                DispatchQueue.concurrentPerform(iterations: pieces - first) { work($0) }
                #else
                for offset in 0..<(pieces - first) { work(offset) }
                #endif
            }
        }
        return results
    }

    private static func compressPiece(_ input: UnsafeBufferPointer<UInt8>, level: Int32, strategy: Strategy, last: Bool) -> Piece {
        Piece(bytes: rawDeflate(input, level: level, strategy: strategy, last: last), adler: adler32(input), count: input.count)
    }

    /// The zlib stream of `pieces`: header, the pieces, and the Adler-32 of the whole input
    /// (combined from the pieces', which gives exactly the checksum of the whole).
    private static func assemble(_ pieces: [Piece]) -> [UInt8] {
        var output: [UInt8] = [0x78, 0x01]  // deflate, 32 KiB window, "fastest" level flag; header check valid
        output.reserveCapacity(pieces.reduce(6) { $0 + $1.bytes.count })
        var checksum: uLong = 1
        for piece in pieces {
            output.append(contentsOf: piece.bytes)
            checksum = adler32_combine(checksum, piece.adler, .init(piece.count))
        }
        output.append(UInt8(truncatingIfNeeded: checksum >> 24))
        output.append(UInt8(truncatingIfNeeded: checksum >> 16))
        output.append(UInt8(truncatingIfNeeded: checksum >> 8))
        output.append(UInt8(truncatingIfNeeded: checksum))
        return output
    }

    private static func compressWhole(_ input: [UInt8], level: Int32) -> [UInt8] {
        var destinationLength = compressBound(uLong(input.count))
        var output = [UInt8](repeating: 0, count: Int(destinationLength))
        let status = output.withUnsafeMutableBufferPointer { destination in
            input.withUnsafeBufferPointer { source in
                compress2(destination.baseAddress, &destinationLength, source.baseAddress, uLong(source.count), level)
            }
        }
        precondition(status == Z_OK, "compress2 failed with a bound-sized buffer")
        output.removeSubrange(Int(destinationLength)...)
        return output
    }

    /// One piece as raw deflate (no zlib header or checksum), ending byte-aligned with a
    /// sync flush, or with the final block when `last`.
    private static func rawDeflate(_ input: UnsafeBufferPointer<UInt8>, level: Int32, strategy: Strategy, last: Bool) -> [UInt8] {
        if let mode = strategy.encoderMode { return DeflateEncoder.encode(input, mode: mode, last: last) }
        var stream = z_stream()
        // windowBits -15: raw deflate with a 32 KiB window.
        guard deflateInit2_(&stream, level, Z_DEFLATED, -15, 8, strategy.zlib, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            preconditionFailure("deflateInit2 failed")
        }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(input.count))) + 16
        var output = [UInt8](repeating: 0, count: bound)
        let produced = output.withUnsafeMutableBufferPointer { destination -> Int in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = uInt(input.count)
            stream.next_out = destination.baseAddress
            stream.avail_out = uInt(destination.count)
            let status = deflate(&stream, last ? Z_FINISH : Z_SYNC_FLUSH)
            precondition(status == Z_OK || status == Z_STREAM_END, "deflate failed with a bound-sized buffer")
            return destination.count - Int(stream.avail_out)
        }
        output.removeSubrange(produced...)
        return output
    }

    /// How a streamed decompression ended.
    package enum InflateEnd: Hashable, Sendable {
        /// The zlib stream ended, its checksum correct.
        case complete
        /// The input ended before the stream did (a file cut short).
        case truncated
        /// The data is not valid deflate, or its checksum is wrong.
        case damaged
        /// The sink asked to stop.
        case stopped
    }

    /// Decompresses a zlib stream piece by piece, handing each piece of output to `sink`
    /// (which returns false to stop) without holding the whole output: validators read
    /// gigabytes of pixels this way in 64 KiB of memory.
    package static func inflate(_ input: [UInt8], into sink: (UnsafeBufferPointer<UInt8>) -> Bool) -> InflateEnd {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return .damaged }
        defer { inflateEnd(&stream) }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        return input.withUnsafeBufferPointer { source -> InflateEnd in
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = uInt(source.count)
            return chunk.withUnsafeMutableBufferPointer { buffer -> InflateEnd in
                while true {
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(buffer.count)
                    let status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    let produced = buffer.count - Int(stream.avail_out)
                    if produced > 0, !sink(UnsafeBufferPointer(rebasing: buffer[0..<produced])) { return .stopped }
                    if status == Z_STREAM_END { return .complete }
                    if status == Z_BUF_ERROR || (status == Z_OK && produced == 0 && stream.avail_in == 0) { return .truncated }
                    if status != Z_OK { return .damaged }
                }
            }
        }
    }

    /// Decompresses a zlib stream; nil when the data is damaged or larger than `limit`.
    package static func decompress(_ input: [UInt8], limit: Int = 1 << 30) -> [UInt8]? {
        var output: [UInt8] = []
        let end = inflate(input) { piece in
            output.append(contentsOf: piece)
            return output.count <= limit
        }
        return end == .complete ? output : nil
    }
}
