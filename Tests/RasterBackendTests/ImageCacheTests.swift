// Issue 34, point 13: PNG kept every decoded image of the document (six 8192² images took
// 1.85 GB). The cache keeps decoded images within its budget and decodes a dropped one
// again when it is drawn again.

@testable import DrawRaster
import Testing

@Suite struct ImageCacheTests {
    static func entry(_ bytes: Int) -> ImageCache.Entry {
        ImageCache.Entry(width: bytes / 4, height: 1, rgba: [UInt8](repeating: 1, count: bytes))
    }

    @Test func decodedImagesStayWithinTheBudget() {
        var cache = ImageCache(budget: 100)
        var decodes: [Int] = []
        func draw(_ index: Int) {
            let image = cache.image(index, bytes: 60) { decodes.append(index); return Self.entry(60) }
            #expect(image?.rgba.count == 60)
            #expect(cache.keptBytes <= 100, "kept \(cache.keptBytes) bytes of a budget of 100")
        }
        // Six images: never more than one kept (60 + 60 > 100), each decoded once in order.
        for index in 0..<6 { draw(index) }
        #expect(decodes == [0, 1, 2, 3, 4, 5])
        // The last one is kept; the first was dropped and is decoded again.
        draw(5)
        draw(0)
        #expect(decodes == [0, 1, 2, 3, 4, 5, 0])
    }

    @Test func anImageLargerThanTheBudgetIsDrawnButNotKept() {
        var cache = ImageCache(budget: 100)
        let image = cache.image(0, bytes: 400) { Self.entry(400) }
        #expect(image?.rgba.count == 400)
        #expect(cache.keptBytes == 0)
    }
}
