// The one image decoder measured against an independent one: Pillow (libjpeg, libpng)
// writes JPEG and PNG files of every kind the decoder claims and its own decoding of
// them; ours must agree — exactly for PNG, within JPEG's rounding for JPEG (libjpeg's
// integer IDCT and triangle upsampling against our float IDCT and box upsampling).

import DrawImages
import DrawTestSupport
import Foundation
import Testing

/// Runs a Python script with Pillow in a scratch folder; nil (after recording an issue in
/// CI) when python3 or Pillow is missing.
func withPillow(_ script: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> TemporaryFolder? {
    guard ExternalTool.requirePython(modules: ["PIL"], sourceLocation: sourceLocation) else { return nil }
    let folder = try TemporaryFolder(prefix: "images")
    let run = try ExternalTool.run("python3", ["-c", script, folder.path])
    if !run.succeeded {
        Issue.record("python3: \(run.stderrText)", sourceLocation: sourceLocation)
        return nil
    }
    return folder
}

func read(_ path: String) throws -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else { throw CocoaError(.fileReadNoSuchFile) }
    return [UInt8](data)
}

/// A picture with smooth gradients, hard edges and a little noise, of odd size.
let pillowPicture = """
    import sys, random
    from PIL import Image
    out = sys.argv[1]
    random.seed(7)
    w, h = 83, 61
    img = Image.new('RGB', (w, h))
    px = img.load()
    for y in range(h):
        for x in range(w):
            r = (x * 255) // (w - 1)
            g = (y * 255) // (h - 1)
            b = 200 if (x // 16 + y // 16) % 2 else 40
            n = random.randint(-6, 6)
            px[x, y] = (max(0, min(255, r + n)), g, b)
    """

@Suite("Image decoder")
struct DecoderTests {
    @Test("JPEG baseline, progressive, 4:4:4, 4:2:0, 4:2:2, grey, CMYK and restart intervals decode like libjpeg")
    func jpegAgainstLibjpeg() throws {
        let script = pillowPicture + """

            kinds = {
                'baseline420': dict(quality=90, subsampling=2),
                'baseline444': dict(quality=95, subsampling=0),
                'baseline422': dict(quality=90, subsampling=1),
                'progressive420': dict(quality=90, subsampling=2, progressive=True),
                'progressive444': dict(quality=85, subsampling=0, progressive=True),
                'restarts': dict(quality=90, subsampling=2, restart_marker_blocks=3),
                'progressiverestarts': dict(quality=90, subsampling=2, progressive=True, restart_marker_rows=1),
            }
            for name, options in kinds.items():
                img.save(f'{out}/{name}.jpg', 'JPEG', **options)
                back = Image.open(f'{out}/{name}.jpg').convert('RGB')
                open(f'{out}/{name}.rgb', 'wb').write(back.tobytes())
            grey = img.convert('L')
            grey.save(f'{out}/grey.jpg', 'JPEG', quality=90)
            open(f'{out}/grey.rgb', 'wb').write(Image.open(f'{out}/grey.jpg').convert('RGB').tobytes())
            grey.save(f'{out}/greyprogressive.jpg', 'JPEG', quality=90, progressive=True)
            open(f'{out}/greyprogressive.rgb', 'wb').write(Image.open(f'{out}/greyprogressive.jpg').convert('RGB').tobytes())
            cmyk = img.convert('CMYK')
            cmyk.save(f'{out}/cmyk.jpg', 'JPEG', quality=95)
            open(f'{out}/cmyk.cmyk', 'wb').write(Image.open(f'{out}/cmyk.jpg').tobytes())
            """
        guard let folder = try withPillow(script) else { return }
        for name in ["baseline420", "baseline444", "baseline422", "progressive420", "progressive444", "restarts",
                     "progressiverestarts", "grey", "greyprogressive"] {
            let bytes = try read(folder.file("\(name).jpg"))
            let expected = try read(folder.file("\(name).rgb"))
            let info = try #require(ImageDecoder.info(bytes), "\(name): no header")
            #expect(info.format == .jpeg && info.width == 83 && info.height == 61)
            #expect(info.progressive == name.contains("progressive"), "\(name)")
            let image = try #require(ImageDecoder.decode(bytes), "\(name): not decoded")
            #expect(image.width == 83 && image.height == 61)
            var total = 0, worst = 0
            for p in 0..<(83 * 61) {
                let (r, g, b) = image.rgb(p)
                for (c, v) in [r, g, b].enumerated() {
                    let d = abs(Int(v) - Int(expected[3 * p + c]))
                    total += d
                    worst = max(worst, d)
                }
            }
            let mean = Double(total) / Double(83 * 61 * 3)
            // Chroma upsampling differs (box here, triangle in libjpeg) at colour edges.
            #expect(mean < 2.5, "\(name): mean difference \(mean)")
            #expect(worst < (name.contains("444") || name.contains("grey") ? 12 : 80), "\(name): worst difference \(worst)")
        }
        let cmyk = try #require(ImageDecoder.decode(try read(folder.file("cmyk.jpg"))))
        let expected = try read(folder.file("cmyk.cmyk"))
        #expect(cmyk.components == 4)
        var total = 0
        for i in 0..<expected.count { total += abs(Int(cmyk.samples[i]) - Int(expected[i])) }
        #expect(Double(total) / Double(expected.count) < 2.5, "CMYK mean difference")
    }

    @Test("PNG of every colour type, depth, palette, tRNS and Adam7 decodes exactly like libpng")
    func pngAgainstLibpng() throws {
        let script = pillowPicture + """

            import struct
            rgba = img.convert('RGBA')
            ap = rgba.load()
            for y in range(h):
                for x in range(w):
                    r, g, b, _ = ap[x, y]
                    ap[x, y] = (r, g, b, (x * 3 + y * 5) % 256)
            cases = {
                'rgb': img, 'rgba': rgba, 'grey': img.convert('L'), 'greyalpha': rgba.convert('LA'),
                'palette': img.convert('P', palette=Image.ADAPTIVE, colors=200),
                'palette16': img.convert('P', palette=Image.ADAPTIVE, colors=16),
                'bilevel': img.convert('1'),
                'grey16': img.convert('I;16'),
            }
            for name, im in cases.items():
                im.save(f'{out}/{name}.png')
                im.save(f'{out}/{name}-interlaced.png', interlace=1) if name in ('rgb', 'rgba', 'palette16') else None
            keyed = img.convert('P', palette=Image.ADAPTIVE, colors=64)
            keyed.info['transparency'] = 3
            keyed.save(f'{out}/palettetrns.png', transparency=3)
            import os
            for f in sorted(os.listdir(out)):
                if f.endswith('.png'):
                    im = Image.open(f'{out}/{f}')
                    if im.mode.startswith('I;16'):
                        # Pillow clips 16-bit samples to 8 bits; the high byte is the 8-bit value.
                        data = bytes(b for v in im.getdata() for b in (v >> 8, v >> 8, v >> 8, 255))
                    else:
                        data = im.convert('RGBA').tobytes()
                    open(f'{out}/{f[:-4]}.rgba', 'wb').write(data)
            """
        guard let folder = try withPillow(script) else { return }
        let names = folder.contents().filter { $0.hasSuffix(".png") }
        #expect(names.count >= 12)
        for file in names {
            let name = String(file.dropLast(4))
            let bytes = try read(folder.file(file))
            let expected = try read(folder.file("\(name).rgba"))
            let image = try #require(ImageDecoder.decode(bytes), "\(name): not decoded")
            var mismatches = 0
            for p in 0..<(image.width * image.height) {
                let (r, g, b) = image.rgb(p)
                let a = image.alpha?[p] ?? 255
                let e = Array(expected[4 * p..<4 * p + 4])
                // Where alpha is 0 the colour does not matter.
                if a != e[3] || (a != 0 && (r != e[0] || g != e[1] || b != e[2])) { mismatches += 1 }
            }
            #expect(mismatches == 0, "\(name): \(mismatches) pixels differ")
        }
    }

    @Test("damaged, truncated and oversized images give nil, never a crash")
    func hostile() throws {
        #expect(ImageDecoder.info([]) == nil)
        #expect(ImageDecoder.decode([0xFF, 0xD8, 0xFF]) == nil)
        // A PNG header claiming 100,000 × 100,000 pixels.
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        png += [0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0, 8, 2, 0, 0, 0, 0, 0, 0, 0]
        png += [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
        let info = try #require(ImageDecoder.info(png))
        #expect(info.isTooLarge && info.pixelCount == 10_000_000_000)
        #expect(ImageDecoder.decode(png) == nil)
        // Every truncation of a real JPEG and PNG.
        let script = pillowPicture + """

            img.save(f'{out}/a.jpg', 'JPEG', progressive=True)
            img.save(f'{out}/a.png')
            """
        guard let folder = try withPillow(script) else { return }
        for file in ["a.jpg", "a.png"] {
            let bytes = try read(folder.file(file))
            for cut in stride(from: 0, to: bytes.count, by: 97) {
                _ = ImageDecoder.decode(Array(bytes[0..<cut]))
                var flipped = bytes
                flipped[cut] ^= 0x5A
                _ = ImageDecoder.decode(flipped)
            }
        }
    }
}
