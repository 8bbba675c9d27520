# Homebrew formula for drawc, in the form of homebrew-core's Swift formulas (swift build
# from the release's source archive, `--disable-sandbox` on macOS because Homebrew builds in
# a sandbox of its own, the man page and the bash, zsh and fish completions installed from
# packaging/).
#
# NOT TESTED: this repository's machines run Linux without Homebrew, so neither
# `brew install --build-from-source` nor `brew test` nor `brew audit` has run on it. Before
# publishing it in a tap: set `url` to the tagged release's source archive and `sha256` to
# its checksum (`shasum -a 256`), set `homepage`, add `license` once the project has one
# (homebrew-core requires it; the repository has no LICENSE file today), then run
# `brew install --build-from-source ./drawc.rb && brew test drawc && brew audit --new drawc`.
class Drawc < Formula
  desc "Compiler for the .draw drawing language (PDF, SVG, PostScript, EPS, PNG)"
  homepage "https://example.invalid/drawc" # set to the project's page
  url "https://example.invalid/drawc/archive/refs/tags/v0.3.0.tar.gz" # set to the release archive
  sha256 "0000000000000000000000000000000000000000000000000000000000000000" # set from the archive
  head "https://example.invalid/drawc.git", branch: "main" # set to the project's repository

  depends_on xcode: ["15.3", :build]
  depends_on macos: :ventura # Package.swift: .macOS(.v13)

  uses_from_macos "swift" => :build
  uses_from_macos "zlib"

  def install
    args = if OS.mac?
      ["--disable-sandbox"]
    else
      ["--static-swift-stdlib"]
    end
    system "swift", "build", *args, "--configuration", "release", "--product", "drawc"
    bin.install ".build/release/drawc"
    man1.install "packaging/man/drawc.1"
    bash_completion.install "packaging/completions/drawc.bash" => "drawc"
    zsh_completion.install "packaging/completions/_drawc"
    fish_completion.install "packaging/completions/drawc.fish"
  end

  test do
    assert_match version.to_s, shell_output("#{bin}/drawc --version")
    (testpath/"box.draw").write "rect \"Hello\", fill: lightyellow\n"
    system bin/"drawc", "compile", "box.draw", "-o", "box.svg"
    assert_match "<svg", (testpath/"box.svg").read
    (testpath/"doc.md").write "# Doc\n\n```draw\ncircle r: 10pt\n```\n"
    assert_match "<svg", shell_output("#{bin}/drawc markdown doc.md")
  end
end
