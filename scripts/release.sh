#!/usr/bin/env bash
# Builds a release of drawc that runs without Swift installed, and packs it twice:
#
#   dist/drawc-VERSION-linux-ARCH.tar.gz   bin/drawc, share/man/man1/drawc.1, the bash, zsh and
#                                          fish completions in their conventional folders,
#                                          README.md, CHANGELOG.md (and LICENSE if the repository
#                                          has one: today it has none)
#   dist/drawc_VERSION_DEBARCH.deb         /usr/bin/drawc, the man page, the completions, with
#                                          Depends: from dpkg-shlibdeps (what ldd shows)
#
# The Swift runtime and Foundation are linked statically (--static-swift-stdlib); the system
# zlib and glibc stay dynamic. Both archives are reproducible: the same commit and
# SOURCE_DATE_EPOCH (default: the commit's time) give the same bytes — entries sorted, mtimes
# set to SOURCE_DATE_EPOCH, owner root:root, gzip -n. scripts/test-release.sh checks all of it.
#
# Usage: scripts/release.sh [--skip-build]   (--skip-build packs the binary already built)
# Needs: Swift 6, git, tar, gzip, strip, dpkg-deb and dpkg-shlibdeps (Debian's dpkg-dev).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

skip_build=0
for arg in "$@"; do
  case "$arg" in
    --skip-build) skip_build=1 ;;
    *) echo "usage: scripts/release.sh [--skip-build]" >&2; exit 2 ;;
  esac
done

version=$(sed -n 's/.*public static let string = "\(.*\)".*/\1/p' Sources/DrawKit/DrawKit.swift)
[ -n "$version" ] || { echo "release.sh: no version in Sources/DrawKit/DrawKit.swift" >&2; exit 1; }
arch=$(uname -m)
debarch=$(dpkg --print-architecture)

commit=""
if git rev-parse --git-dir >/dev/null 2>&1; then
  commit=$(git rev-parse --short=12 HEAD)
  if [ -n "$(git status --porcelain --untracked-files=no)" ]; then commit="$commit+"; fi
  : "${SOURCE_DATE_EPOCH:=$(git log -1 --format=%ct)}"
fi
: "${SOURCE_DATE_EPOCH:?set SOURCE_DATE_EPOCH when building outside git}"
export SOURCE_DATE_EPOCH

# The commit goes in through the C target CBuildInfo, as a header in a folder given with -I:
# the flags stay the same from commit to commit, so a new commit rebuilds one C file
# (Sources/CBuildInfo/BuildInfo.c says why; Package.swift why not the manifest).
info="$root/.build/drawc-build-info"
mkdir -p "$info"
header="#define DRAWC_COMMIT \"$commit\""
if [ "$(cat "$info/drawc_commit.h" 2>/dev/null)" != "$header" ]; then echo "$header" > "$info/drawc_commit.h"; fi
build=(swift build -c release --product drawc --static-swift-stdlib -Xcc -I -Xcc "$info")
if [ "$skip_build" = 0 ]; then
  "${build[@]}"
fi
bin="$("${build[@]}" --show-bin-path)/drawc"
[ -x "$bin" ] || { echo "release.sh: no binary at $bin (run without --skip-build)" >&2; exit 1; }

dist="$root/dist"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$dist"

# Every file and folder: fixed permissions and mtime (umask and checkout times must not show).
normalize() {
  find "$1" -type d -exec chmod 0755 {} +
  find "$1" -type f -exec chmod 0644 {} +
  find "$1" -type f -path '*/bin/drawc' -exec chmod 0755 {} +
  find "$1" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
}

# One tree, laid out as under /usr (or /usr/local): bin, share/man, share/…/completions.
install_tree() { # $1 = prefix folder, $2 = zsh folder under share, $3 = "gz" to gzip the man page
  local prefix=$1
  mkdir -p "$prefix/bin" "$prefix/share/man/man1" "$prefix/share/bash-completion/completions" \
    "$prefix/share/$2" "$prefix/share/fish/vendor_completions.d"
  strip -o "$prefix/bin/drawc" "$bin"
  if [ "${3:-}" = gz ]; then
    gzip -9n < packaging/man/drawc.1 > "$prefix/share/man/man1/drawc.1.gz"
  else
    cp packaging/man/drawc.1 "$prefix/share/man/man1/drawc.1"
  fi
  cp packaging/completions/drawc.bash "$prefix/share/bash-completion/completions/drawc"
  cp packaging/completions/_drawc "$prefix/share/$2/_drawc"
  cp packaging/completions/drawc.fish "$prefix/share/fish/vendor_completions.d/drawc.fish"
}

# --- The tarball: one top folder, drawc-VERSION-linux-ARCH/.
name="drawc-$version-linux-$arch"
install_tree "$work/$name" zsh/site-functions
cp README.md CHANGELOG.md "$work/$name/"
if [ -f LICENSE ]; then cp LICENSE "$work/$name/"; fi
normalize "$work/$name"
tar --sort=name --format=gnu --mtime="@$SOURCE_DATE_EPOCH" --owner=0 --group=0 --numeric-owner \
  -C "$work" -cf - "$name" | gzip -9n > "$dist/$name.tar.gz"

# --- The Debian package. Debian keeps zsh completions in vendor-completions and gzips man pages.
deb="$work/deb"
install_tree "$deb/usr" zsh/vendor-completions gz
mkdir -p "$deb/usr/share/doc/drawc" "$deb/DEBIAN"
cp README.md CHANGELOG.md "$deb/usr/share/doc/drawc/"
if [ -f LICENSE ]; then cp LICENSE "$deb/usr/share/doc/drawc/copyright"; fi
# Depends: the shared libraries the binary needs (ldd), as packages with minimum versions.
mkdir -p "$work/shlibs/debian"
printf 'Source: drawc\n\nPackage: drawc\nArchitecture: any\n' > "$work/shlibs/debian/control"
depends=$(cd "$work/shlibs" && dpkg-shlibdeps -O "$deb/usr/bin/drawc" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "release.sh: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
size=$(du -sk --apparent-size "$deb/usr" | cut -f1)
cat > "$deb/DEBIAN/control" <<EOF
Package: drawc
Version: $version
Architecture: $debarch
Maintainer: drawc developers <drawc@invalid>
Installed-Size: $size
Depends: $depends
Section: graphics
Priority: optional
Description: compiler for the .draw drawing language
 drawc compiles .draw, a small text language for drawings kept in version
 control, to PDF, SVG, PostScript, EPS and PNG. It also formats drawings,
 serves a live preview, speaks the Language Server Protocol, and turns draw
 code blocks in Markdown, mdBook and pandoc documents into pictures.
EOF
normalize "$deb"
dpkg-deb --root-owner-group -Zxz --build "$deb" "$dist/drawc_${version}_${debarch}.deb" >/dev/null

echo "dist/$name.tar.gz"
echo "dist/drawc_${version}_${debarch}.deb"
