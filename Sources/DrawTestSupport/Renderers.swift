// The independent renderers of the conformance suites, in one place: a file drawc wrote,
// rendered by poppler (pdftoppm), MuPDF (mutool), Ghostscript or librsvg (rsvg-convert) at
// the suites' resolution and read back as `Raster`s. Poppler and Ghostscript render at four
// times the resolution and are scaled down (poppler by a 4 × 4 box filter here, Ghostscript
// by its own DownScaleFactor): poppler hardwires stroke adjustment, which at 96 dpi snaps
// every thin stroke onto whole pixels, and Ghostscript's direct low-resolution text is
// grid-fitted; supersampled, both anti-alias as cairo and MuPDF do. A renderer that fails
// throws, with what it said.

import Foundation

/// A renderer that exited with an error.
package struct RendererError: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}

package enum Renderers {
    /// The resolution of the conformance renderings.
    package static let dpi = 96

    /// The images of the files in `folder` whose names start with `prefix`, in name order.
    package static func readPages(in folder: String, prefix: String) throws -> [Raster] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasPrefix(prefix) }.sorted()
        return try names.map { name in
            guard let data = FileManager.default.contents(atPath: folder + "/" + name), let raster = Raster.read([UInt8](data)) else {
                throw RendererError("cannot decode \(folder)/\(name)")
            }
            return raster
        }
    }

    /// Removes the files in `folder` whose names start with `prefix` (a previous run's pages).
    package static func removePages(in folder: String, prefix: String) {
        for old in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where old.hasPrefix(prefix) {
            try? FileManager.default.removeItem(atPath: "\(folder)/\(old)")
        }
    }

    /// Every page of the PDF at `pdf` by poppler, at 4 × `dpi` scaled down to `dpi`. The pages
    /// are also left in `folder` as `<prefix>-NNN.ppm` for looking at.
    package static func poppler(pdf: String, folder: String, prefix: String, dpi: Int = Renderers.dpi) throws -> [Raster] {
        let big = "\(prefix)-big"
        removePages(in: folder, prefix: big)
        let run = try ExternalTool.run("pdftoppm", ["-r", "\(dpi * 4)", pdf, "\(folder)/\(big)"])
        guard run.status == 0 else { throw RendererError("pdftoppm: \(run.stderrText)") }
        let pages = try readPages(in: folder, prefix: big).map { $0.downsampled(by: 4) }
        removePages(in: folder, prefix: big)
        for (index, page) in pages.enumerated() {
            _ = FileManager.default.createFile(atPath: "\(folder)/\(prefix)-\(String(format: "%03d", index + 1)).ppm", contents: Data(page.ppm))
        }
        return pages
    }

    /// The first page of the PDF at `pdf` by MuPDF at `dpi` (written to `output`, a PNG).
    package static func mupdf(pdf: String, output: String, dpi: Int = Renderers.dpi) throws -> Raster {
        let run = try ExternalTool.run("mutool", ["draw", "-q", "-r", "\(dpi)", "-o", output, pdf])
        guard run.status == 0 else { throw RendererError("mutool: \(run.stderrText)") }
        guard let data = FileManager.default.contents(atPath: output), let raster = Raster.read([UInt8](data)) else {
            throw RendererError("cannot decode \(output)")
        }
        return raster
    }

    /// Every page of the PostScript at `ps` by Ghostscript, anti-aliased, at 4 × `dpi` scaled
    /// down by Ghostscript to `dpi`, with its transparency extensions on
    /// (`-dALLOWPSTRANSPARENCY`, which drawc's PostScript uses where they exist). Pages are
    /// left in `folder` as `<prefix>-NNN.png`.
    package static func ghostscript(ps: String, folder: String, prefix: String, dpi: Int = Renderers.dpi) throws -> [Raster] {
        removePages(in: folder, prefix: prefix + "-")
        let run = try ExternalTool.run("gs", [
            "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-dALLOWPSTRANSPARENCY", "-sDEVICE=png16m",
            "-r\(dpi * 4)", "-dDownScaleFactor=4", "-dTextAlphaBits=4", "-dGraphicsAlphaBits=4",
            "-sOutputFile=\(folder)/\(prefix)-%03d.png", ps,
        ])
        guard run.status == 0 else { throw RendererError("gs: \(run.stdoutText)\(run.stderrText)") }
        return try readPages(in: folder, prefix: prefix + "-")
    }

    /// The SVG at `svg` by librsvg at `dpi` on white paper (written to `output`, a PNG).
    package static func rsvg(svg: String, output: String, dpi: Int = Renderers.dpi) throws -> Raster {
        let run = try ExternalTool.run("rsvg-convert", [
            "--dpi-x", "\(dpi)", "--dpi-y", "\(dpi)", "--background-color", "white", "--format", "png", "--output", output, svg,
        ])
        guard run.status == 0 else { throw RendererError("rsvg-convert: \(run.stderrText)") }
        guard let data = FileManager.default.contents(atPath: output), let raster = Raster.read([UInt8](data)) else {
            throw RendererError("cannot decode \(output)")
        }
        return raster
    }
}
