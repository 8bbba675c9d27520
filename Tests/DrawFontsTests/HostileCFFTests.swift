import Testing
@testable import DrawFonts

/// Damaged and hostile CFF data must give `FontError`s (or blank glyphs), never a crash or a
/// hang: corrupted copies of the committed CFF test fonts, and CFF tables made here whose
/// charstrings break the Type 2 limits.
@Suite struct HostileCFFTests {
    /// A name-keyed CFF table with these charstrings and subroutines.
    static func table(charstrings: [[UInt8]], globalSubrs: [[UInt8]] = [], localSubrs: [[UInt8]] = [],
                      topExtra: [UInt8] = []) -> [UInt8] {
        let header: [UInt8] = [1, 0, 4, 4]
        let name = CFFFont.index([Array("Hostile".utf8)])
        let strings = CFFFont.index([])
        let gsubrs = CFFFont.index(globalSubrs)
        let cs = CFFFont.index(charstrings)
        var priv = ByteWriter()
        if !localSubrs.isEmpty { CFFFont.writeOffset(0, into: &priv); CFFFont.writeOperator(19, into: &priv) }
        let privSize = priv.bytes.count
        func top(_ csAt: Int, _ privAt: Int) -> [UInt8] {
            var w = ByteWriter()
            w.append(topExtra)
            CFFFont.writeOffset(csAt, into: &w); CFFFont.writeOperator(17, into: &w)
            CFFFont.writeOffset(privSize, into: &w); CFFFont.writeOffset(privAt, into: &w); CFFFont.writeOperator(18, into: &w)
            return w.bytes
        }
        let topSize = CFFFont.index([top(0, 0)]).count
        let csAt = header.count + name.count + topSize + strings.count + gsubrs.count
        let privAt = csAt + cs.count
        var out = header + name + CFFFont.index([top(csAt, privAt)]) + strings + gsubrs + cs
        if !localSubrs.isEmpty {
            var p = ByteWriter()
            CFFFont.writeOffset(privSize, into: &p); CFFFont.writeOperator(19, into: &p)
            out += p.bytes + CFFFont.index(localSubrs)
        }
        return out
    }

    static func font(_ table: [UInt8]) throws(FontError) -> CFFFont {
        try CFFFont(reader: ByteReader(table), table: 0..<table.count)
    }

    // Type 2 numbers and operators.
    static func n(_ v: Int) -> [UInt8] { v >= -107 && v <= 107 ? [UInt8(v + 139)] : [28, UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
    static let endchar: [UInt8] = [14], rlineto: [UInt8] = [5], rmoveto: [UInt8] = [21]
    static let callsubr: [UInt8] = [10], callgsubr: [UInt8] = [29], ret: [UInt8] = [11]

    @Test func wellFormedTableDraws() throws {
        let square = Self.n(50) + Self.n(0) + Self.n(0) + Self.rmoveto + Self.n(100) + Self.n(0) + Self.n(0) + Self.n(100)
            + Self.n(-100) + Self.n(0) + Self.rlineto + Self.endchar
        let f = try Self.font(Self.table(charstrings: [Self.endchar, square]))
        let run = try f.run(glyph: 1)
        #expect(run.width == 50)  // nominalWidthX 0 + the extra first argument
        #expect(run.outline.elements == [.move(x: 0, y: 0), .line(x: 100, y: 0), .line(x: 100, y: 100), .line(x: 0, y: 100), .close])
    }

    @Test func recursiveSubroutinesStopAtTheNestingLimit() throws {
        // Global subr 0 calls itself (bias 107: number -107 is subr 0).
        let f = try Self.font(Self.table(charstrings: [Self.endchar, Self.n(-107) + Self.callgsubr + Self.endchar],
                                         globalSubrs: [Self.n(-107) + Self.callgsubr + Self.ret]))
        #expect(throws: FontError.self) { try f.run(glyph: 1) }
        do { _ = try f.run(glyph: 1) } catch { #expect(error.kind == .limitExceeded); #expect(error.detail.contains("nest")) }
    }

    @Test func subroutineFanOutIsBounded() throws {
        // Each local subr calls the next one 40 times: 40^9 calls without the token budget.
        var subrs: [[UInt8]] = []
        for level in 0..<10 {
            var body: [UInt8] = []
            if level < 9 { for _ in 0..<40 { body += Self.n(level + 1 - 107) + Self.callsubr } }
            subrs.append(body + Self.ret)
        }
        let f = try Self.font(Self.table(charstrings: [Self.endchar, Self.n(-107) + Self.callsubr + Self.endchar], localSubrs: subrs))
        let start = ContinuousClock.now
        do { _ = try f.run(glyph: 1); Issue.record("expected an error") } catch {
            #expect(error.kind == .limitExceeded)
        }
        #expect(ContinuousClock.now - start < .seconds(5))
    }

    @Test func stackAndHintLimits() throws {
        let tooMany: [UInt8] = (0..<49).flatMap { _ in Self.n(1) } + Self.endchar
        let stems: [UInt8] = (0..<98).flatMap { _ in Self.n(10) } + [1]  // hstem with 49 pairs: over 48 arguments
        let stemPair: [UInt8] = Self.n(10) + Self.n(10) + [1]
        let manyStems: [UInt8] = (0..<97).flatMap { _ in stemPair } + Self.endchar  // 97 stems
        let badSubr: [UInt8] = Self.n(5) + Self.callsubr + Self.endchar  // no local subrs
        let reserved: [UInt8] = [2, 14]
        let put: [UInt8] = Self.n(1) + Self.n(40) + [12, 20] + Self.endchar  // put beyond the transient array
        let truncated: [UInt8] = [28, 1]
        let shortMask: [UInt8] = Self.n(1) + Self.n(2) + [18, 19]  // hintmask without its mask byte
        let f = try Self.font(Self.table(charstrings: [Self.endchar, tooMany, stems, manyStems, badSubr, reserved, put, truncated, shortMask]))
        for g in 1..<f.glyphCount {
            #expect(throws: FontError.self, "glyph \(g)") { try f.run(glyph: g) }
        }
        // As a face the damage is a blank glyph, not an error for the drawing.
        #expect((try? f.run(glyph: 0)) != nil)
    }

    @Test func computedSubroutineNumbersCannotBeFlattened() throws {
        let computed = Self.n(-100) + Self.n(-7) + [12, 10] + Self.callsubr + Self.endchar  // -100 + -7 add → subr 0
        let f = try Self.font(Self.table(charstrings: [Self.endchar, computed], localSubrs: [Self.n(0) + Self.n(0) + Self.rmoveto + Self.ret]))
        #expect(try f.run(glyph: 1).outline.elements == [.move(x: 0, y: 0), .close])
        #expect(throws: FontError.self) { try f.run(glyph: 1, flatten: true) }
    }

    @Test func damagedStructures() {
        let good = Self.table(charstrings: [Self.endchar, Self.endchar])
        #expect((try? Self.font(good)) != nil)
        var cases: [[UInt8]] = []
        var v = good; v[0] = 2; cases.append(v)                       // major version 2
        v = good; v[2] = 200; cases.append(v)                          // header size past the end
        v = good; v[6] = 5; cases.append(v)                            // Name INDEX offSize 5
        v = good; v[7] = 0; cases.append(v)                            // first offset 0
        v = good; v[8] = 0xFF; cases.append(v)                         // data past the table
        cases.append(Array(good.prefix(20)))                           // truncated
        cases.append(Self.table(charstrings: [Self.endchar], topExtra: [30, 0x12, 0x34, 0x56, 0x78, 0x9A, 0x12, 0x34, 0x56,
                                                                        0x78, 0x9A, 0x12, 0x34, 0x56, 0x78, 0x9A, 0x12, 0x34, 0x56,
                                                                        0x78, 0x9A, 0x12, 0x34, 0x56, 0x78, 0x9A, 0x12, 0x34, 0x56,
                                                                        0x78, 0x9A, 0x12, 0x34, 0x56, 0x78, 0x9A, 0x12, 0x34, 0x56, 5]))  // endless real
        cases.append(Self.table(charstrings: [Self.endchar], topExtra: [139, 12, 6]))  // charstring type 0
        cases.append(Self.table(charstrings: [Self.endchar], topExtra: [255]))       // reserved DICT byte
        cases.append(Self.table(charstrings: [Self.endchar], topExtra: Array(repeating: 139, count: 49) + [5]))  // 49 operands
        cases.append(Self.table(charstrings: []))                      // no glyphs
        for (i, bytes) in cases.enumerated() {
            #expect(throws: FontError.self, "case \(i)") { try Self.font(bytes) }
        }
    }

    /// Every truncation and deterministic random corruption of both committed CFF fonts:
    /// anything may fail, nothing may crash or hang.
    @Test func corruptedTestFonts() {
        var rng = SplitMix64(seed: 0xCFF)
        for source in [TestFonts.cffCJKBytes, TestFonts.cffSansBytes] {
            #expect(HostileFontTests.exercise(source) == nil)
            let cffAt = HostileFontTests.tableOffset(source, "CFF ")
            let cffLength = HostileFontTests.u32(source, HostileFontTests.record(source, "CFF ")! + 12)
            for n in stride(from: cffAt, to: cffAt + cffLength, by: 97) { _ = HostileFontTests.exercise(Array(source.prefix(n))) }
            for round in 0..<400 {
                var bytes = source
                for _ in 0..<(1 + Int(rng.next() % 6)) {
                    let span = round % 3 == 0 ? cffLength : min(cffLength, 200)
                    bytes[cffAt + Int(rng.next() % UInt64(span))] = UInt8(truncatingIfNeeded: rng.next())
                }
                if let face = try? TrueTypeFontRef.load(bytes: bytes) {
                    for g in 0..<face.glyphCount { _ = face.outline(glyph: UInt16(g)) }
                }
                _ = HostileFontTests.exercise(bytes)
            }
        }
    }
}
