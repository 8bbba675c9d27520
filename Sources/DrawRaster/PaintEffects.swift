// Gradients, shadows and blend modes in the rasterizer (issue 24): a gradient is evaluated
// per pixel centre through `Gradient.color(at:inverse:)` (the IR's one definition); a
// shadow is the group layer's alpha, offset, blurred with a true Gaussian (separable,
// σ = blur / 2 scaled to pixels, kernel to 3σ) and tinted; blend modes follow the formulas
// of ISO 32000-1 §11.3.5 on premultiplied pixels.

import DrawBase
import DrawScene
#if canImport(Foundation)
import Foundation
#endif

extension Painter {
    /// The colour of a gradient at device pixel (x, y), or nil when the transform from
    /// device to gradient space does not exist.
    func gradientShader(_ gradient: Gradient, ctm: Transform) -> ((Int, Int) -> Color)? {
        let full = gradient.transform.then(ctm)
        let determinant = full.a * full.d - full.b * full.c
        guard determinant.isFinite, abs(determinant) > 1e-12 else { return nil }
        let inverse = Transform(
            a: full.d / determinant, b: -full.b / determinant, c: -full.c / determinant, d: full.a / determinant,
            e: (full.c * full.f - full.d * full.e) / determinant, f: (full.b * full.e - full.a * full.f) / determinant)
        return { x, y in gradient.color(at: Point(Double(x) + 0.5, Double(y) + 0.5), inverse: inverse) }
    }

    /// Paints `shadow` of the content in `layer` onto `target`: alpha offset by the shadow's
    /// offset (in the coordinates of `ctm`), blurred, in the shadow's colour.
    func paintShadow(_ shadow: Shadow, of layer: Layer, ctm: Transform, onto target: Layer) {
        let box = layer.dirty.intersection(PixelBox(x0: 0, y0: 0, x1: width, y1: height))
        guard !box.isEmpty, shadow.color.alpha > 0 else { return }
        let scale = max(1e-9, (abs(ctm.a * ctm.d - ctm.b * ctm.c)).squareRoot())
        let dx = ctm.a * shadow.offset.x + ctm.c * shadow.offset.y
        let dy = ctm.b * shadow.offset.x + ctm.d * shadow.offset.y
        let sigma = shadow.sigma * scale
        let reach = Int((3 * sigma).rounded(.up))
        // The shadow's box: the content's, moved and grown by the kernel, cut to the page.
        let ox = Int(dx.rounded()), oy = Int(dy.rounded())
        let out = PixelBox(x0: box.x0 + ox - reach, y0: box.y0 + oy - reach, x1: box.x1 + ox + reach, y1: box.y1 + oy + reach)
            .intersection(PixelBox(x0: 0, y0: 0, x1: width, y1: height))
        guard !out.isEmpty else { return }
        let w = out.x1 - out.x0, h = out.y1 - out.y0
        // Alpha moved into the shadow's box (whole-pixel offset; fractions are below what
        // the blur keeps).
        var alpha = [Float](repeating: 0, count: w * h)
        layer.pixels.withUnsafeBufferPointer { src in
            for y in out.y0..<out.y1 {
                let sy = y - oy
                guard sy >= box.y0, sy < box.y1 else { continue }
                for x in out.x0..<out.x1 {
                    let sx = x - ox
                    guard sx >= box.x0, sx < box.x1 else { continue }
                    alpha[(y - out.y0) * w + (x - out.x0)] = Float(src[(sy * width + sx) * 4 + 3]) / 255
                }
            }
        }
        if sigma > 0.05 {
            let kernel = gaussianKernel(sigma: sigma, reach: reach)
            alpha = blurred(alpha, width: w, height: h, kernel: kernel, reach: reach)
        }
        target.markDirty(out)
        let color = shadow.color
        target.pixels.withUnsafeMutableBufferPointer { px in
            for y in 0..<h {
                for x in 0..<w {
                    let a = alpha[y * w + x]
                    if a <= 0 { continue }
                    blend(px, ((y + out.y0) * width + x + out.x0) * 4, color, min(1, a))
                }
            }
        }
    }

    func gaussianKernel(sigma: Double, reach: Int) -> [Float] {
        var kernel = (-reach...reach).map { Float(exp(-Double($0 * $0) / (2 * sigma * sigma))) }
        let sum = kernel.reduce(0, +)
        for i in kernel.indices { kernel[i] /= sum }
        return kernel
    }

    /// A separable convolution, horizontal then vertical, zero outside.
    func blurred(_ values: [Float], width w: Int, height h: Int, kernel: [Float], reach: Int) -> [Float] {
        var horizontal = [Float](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                var sum: Float = 0
                for k in max(-reach, -x)...min(reach, w - 1 - x) { sum += values[y * w + x + k] * kernel[k + reach] }
                horizontal[y * w + x] = sum
            }
        }
        var result = [Float](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                var sum: Float = 0
                for k in max(-reach, -y)...min(reach, h - 1 - y) { sum += horizontal[(y + k) * w + x] * kernel[k + reach] }
                result[y * w + x] = sum
            }
        }
        return result
    }

    /// Composites `layer` onto `below` with `opacity` through blend mode `mode`
    /// (ISO 32000-1 §11.3.6, on premultiplied pixels):
    /// co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cb, Cs).
    func composite(_ layer: Layer, opacity: Double, blend mode: BlendMode, onto below: Layer) {
        let box = layer.dirty.intersection(PixelBox(x0: 0, y0: 0, x1: width, y1: height))
        guard !box.isEmpty else { return }
        below.markDirty(box)
        let k = opacity
        let w = width
        layer.pixels.withUnsafeBufferPointer { src in
            below.pixels.withUnsafeMutableBufferPointer { dst in
                for y in box.y0..<box.y1 {
                    for x in box.x0..<box.x1 {
                        let i = (y * w + x) * 4
                        let sa = Double(src[i + 3]) / 255 * k
                        if sa <= 0 { continue }
                        let ba = Double(dst[i + 3]) / 255
                        let s = (0..<3).map { Double(src[i + $0]) / 255 * k }  // premultiplied
                        let b = (0..<3).map { Double(dst[i + $0]) / 255 }
                        let cs = s.map { $0 / sa }, cb = b.map { ba > 0 ? $0 / ba : 0 }
                        let mixed = blendColor(mode, backdrop: cb, source: cs)
                        for c in 0..<3 {
                            let value = s[c] * (1 - ba) + b[c] * (1 - sa) + sa * ba * mixed[c]
                            dst[i + c] = UInt8(min(255, max(0, (value * 255).rounded())))
                        }
                        dst[i + 3] = UInt8(min(255, ((sa + ba - sa * ba) * 255).rounded()))
                    }
                }
            }
        }
    }
}

/// B(Cb, Cs) for all blend modes (ISO 32000-1 §11.3.5.2 and .3).
func blendColor(_ mode: BlendMode, backdrop cb: [Double], source cs: [Double]) -> [Double] {
    if mode.separable(0, 0) != nil { return (0..<3).map { mode.separable(cb[$0], cs[$0])! } }
    func lum(_ c: [Double]) -> Double { 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2] }
    func clipColor(_ c: [Double]) -> [Double] {
        let l = lum(c), n = c.min()!, x = c.max()!
        var c = c
        if n < 0 { c = c.map { l + ($0 - l) * l / (l - n) } }
        if x > 1 { c = c.map { l + ($0 - l) * (1 - l) / (x - l) } }
        return c
    }
    func setLum(_ c: [Double], _ l: Double) -> [Double] { let d = l - lum(c); return clipColor(c.map { $0 + d }) }
    func sat(_ c: [Double]) -> Double { c.max()! - c.min()! }
    func setSat(_ c: [Double], _ s: Double) -> [Double] {
        let x = c.max()!, n = c.min()!
        guard x > n else { return [0, 0, 0] }
        return c.map { ($0 - n) * s / (x - n) }
    }
    switch mode {
    case .hue: return setLum(setSat(cs, sat(cb)), lum(cb))
    case .saturation: return setLum(setSat(cb, sat(cs)), lum(cb))
    case .color: return setLum(cs, lum(cb))
    default: return setLum(cb, lum(cs))  // luminosity
    }
}
