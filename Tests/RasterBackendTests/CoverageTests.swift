import DrawScene
import Testing
@testable import RasterBackend

@Suite("Raster coverage")
struct CoverageTests {
    @Test func placeholder() {}
}
