// A growable array owned by one lexer or parser alone, for the arrays they append to on
// every token (tokens, expressions, arguments).
//
// `Array.append` checks that its buffer is not shared (an out-of-line call) and copies the
// element through its value witness; on the `shapes` workload that was about a tenth of
// parse time. The owner here is unique by construction (noncopyable), so an append is a
// capacity check and a move. `finish()` hands the elements over as an ordinary Array.

// (The arenas once asked for transparent huge pages, madvise MADV_HUGEPAGE, for buffers of
// 4 MiB and more. On the 2-core benchmark VM that tripled the kernel time of large inputs —
// each huge page is a 2 MiB fault to back and zero — so they no longer do: bench/RESULTS.md.)

struct Arena<Element>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 16) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    @inline(__always)
    mutating func append(_ element: consuming Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count &+= 1  // below `capacity`, which is an Int: cannot overflow
    }

    @inline(never)
    private mutating func grow() {
        let newCapacity = capacity * 2
        let new = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        new.moveInitialize(from: base, count: count)
        base.deallocate()
        base = new
        capacity = newCapacity
    }

    /// Reads and writes in `0..<count` (checked in debug builds).
    subscript(index: Int) -> Element {
        @inline(__always) get {
            assert(index >= 0 && index < count)
            return base[index]
        }
        @inline(__always) set {
            assert(index >= 0 && index < count)
            base[index] = newValue
        }
    }

    /// The last element; the arena must not be empty.
    var last: Element {
        assert(count > 0)
        return base[count - 1]
    }

    /// Drops the elements from `newCount` on.
    mutating func truncate(to newCount: Int) {
        assert(newCount >= 0 && newCount <= count)
        (base + newCount).deinitialize(count: count - newCount)
        count = newCount
    }

    /// Appends `other[from...]`, moving them out of `other` (which keeps `from` elements).
    mutating func moveAppend(from other: inout Arena<Element>, startingAt from: Int) {
        let moved = other.count - from
        while capacity < count + moved { grow() }
        (base + count).moveInitialize(from: other.base + from, count: moved)
        count += moved
        other.count = from
    }

    /// The elements in place, valid until the arena changes or is freed.
    var buffer: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

    /// The elements as an Array (moved, not copied element by element); leaves this empty,
    /// its storage freed at once.
    mutating func takeAll() -> [Element] {
        let count = self.count
        let base = self.base
        let result = [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            if count > 0 { buffer.baseAddress!.moveInitialize(from: base, count: count) }
            initialized = count
        }
        self.count = 0
        releaseStorage()
        return result
    }

    /// The elements from `start` on as an Array (moved); this keeps the first `start`.
    mutating func takeTail(from start: Int) -> [Element] {
        let moved = count - start
        let source = base + start
        let result = [Element](unsafeUninitializedCapacity: moved) { buffer, initialized in
            if moved > 0 { buffer.baseAddress!.moveInitialize(from: source, count: moved) }
            initialized = moved
        }
        count = start
        return result
    }

    /// Drops every element and frees the storage now.
    mutating func discardAll() {
        base.deinitialize(count: count)
        count = 0
        releaseStorage()
    }

    private mutating func releaseStorage() {
        base.deallocate()
        capacity = 1
        base = .allocate(capacity: 1)
    }
}
