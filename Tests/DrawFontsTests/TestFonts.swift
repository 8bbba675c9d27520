import DrawTestSupport
import Foundation
@testable import DrawFonts

/// The committed test fonts (Tests/Fonts), found relative to this file.
enum TestFonts {
    static let directory: String = {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fonts").path
    }()
    static var dejaVuSansPath: String { directory + "/DejaVuSans.ttf" }
    static var microHeiPath: String { directory + "/wqy-microhei.ttc" }

    static let dejaVuSansBytes: [UInt8] = [UInt8](FileManager.default.contents(atPath: dejaVuSansPath)!)
    static let microHeiBytes: [UInt8] = [UInt8](FileManager.default.contents(atPath: microHeiPath)!)

    /// The small CFF test fonts (scripts/make-cff-test-fonts.py): CID-keyed with subroutines,
    /// and name-keyed without.
    static let cffCJKBytes: [UInt8] = [UInt8](FileManager.default.contents(atPath: directory + "/DrawcTestCJK.otf")!)
    static let cffSansBytes: [UInt8] = [UInt8](FileManager.default.contents(atPath: directory + "/DrawcTestSans.otf")!)

    static let dejaVuSans: TrueTypeFontRef = try! TrueTypeFontRef.load(bytes: dejaVuSansBytes, path: dejaVuSansPath)
    static let microHei: TrueTypeFontRef = try! TrueTypeFontRef.load(bytes: microHeiBytes, face: .index(0), path: microHeiPath)
}
