#!/usr/bin/env bash
# (Pipes into `grep -q` are avoided: grep stops reading, the writer dies of SIGPIPE and
# pipefail turns a match into a failure. Output is captured and given as a here-string.)
# Checks scripts/release.sh (run by .ci/run; docs/testing.md, "Releases"):
#   1. the tarball and the .deb hold what they should;
#   2. the binary needs no Swift library (ldd) and compiles a sample with an empty environment;
#   3. a second run gives the same bytes — with another umask and newer file times, which
#      the archives must not show. The second run's `swift build` finds nothing to do, so
#      both archives pack the same binary: this proves the packing reproducible, not the
#      Swift compiler (a second release build from scratch costs ~10 more minutes of CI);
#   4. as root with dpkg (CI): `dpkg -i` installs the .deb (its Depends: satisfied), and the
#      installed drawc, man page and completions work; then `dpkg -r` removes it.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
fail() { echo "test-release: $*" >&2; exit 1; }

export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct)}"
start=$(date +%s)
bash scripts/release.sh > /dev/null
built=$(date +%s)
echo "test-release: release.sh took $((built - start)) s"

version=$(sed -n 's/.*public static let string = "\(.*\)".*/\1/p' Sources/DrawKit/DrawKit.swift)
tarball="dist/drawc-$version-linux-$(uname -m).tar.gz"
deb="dist/drawc_${version}_$(dpkg --print-architecture).deb"
[ -f "$tarball" ] || fail "no $tarball"
[ -f "$deb" ] || fail "no $deb"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# 1. What the archives hold.
top="drawc-$version-linux-$(uname -m)"
expected_tar="$top/
$top/CHANGELOG.md
$top/README.md
$top/bin/
$top/bin/drawc
$top/share/
$top/share/bash-completion/
$top/share/bash-completion/completions/
$top/share/bash-completion/completions/drawc
$top/share/fish/
$top/share/fish/vendor_completions.d/
$top/share/fish/vendor_completions.d/drawc.fish
$top/share/man/
$top/share/man/man1/
$top/share/man/man1/drawc.1
$top/share/zsh/
$top/share/zsh/site-functions/
$top/share/zsh/site-functions/_drawc"
if [ -f LICENSE ]; then expected_tar=$(printf '%s\n%s/LICENSE' "$expected_tar" "$top" | sort); fi
[ "$(tar -tzf "$tarball")" = "$expected_tar" ] || fail "the tarball's entries differ: $(tar -tzf "$tarball")"
tar -tvzf "$tarball" | awk '$2 != "0/0" { exit 1 }' || fail "tarball entries not owned by 0/0"
listing=$(dpkg-deb -c "$deb")
for file in usr/bin/drawc usr/share/man/man1/drawc.1.gz usr/share/bash-completion/completions/drawc \
  usr/share/zsh/vendor-completions/_drawc usr/share/fish/vendor_completions.d/drawc.fish; do
  grep -q " \./$file\$" <<< "$listing" || fail "the .deb lacks /$file"
done
depends=$(dpkg-deb -f "$deb" Depends)
for package in libc6 zlib1g; do
  grep -q "\b$package\b" <<< "$depends" || fail "Depends: lacks $package ($depends)"
done
grep -qi swift <<< "$depends" && fail "Depends: names Swift ($depends)"

# 2. No Swift library, and it runs with an empty environment.
tar -xzf "$tarball" -C "$work"
bin="$work/$top/bin/drawc"
libraries=$(ldd "$bin")
grep -Eqi 'swift|Foundation|dispatch|BlocksRuntime' <<< "$libraries" && fail "ldd shows Swift libraries: $libraries"
grep -q 'libz\.so' <<< "$libraries" || fail "ldd does not show the system zlib: $libraries"
commit=$(git rev-parse --short=12 HEAD)
[ -n "$(git status --porcelain --untracked-files=no)" ] && commit="$commit+"
[ "$(env -i "$bin" --version)" = "drawc $version ($commit)" ] || fail "--version: $(env -i "$bin" --version)"
cp samples/flowchart.draw "$work/"
(cd "$work" && env -i "$bin" compile flowchart.draw -o flowchart.pdf && env -i "$bin" compile flowchart.draw -o flowchart.svg) \
  || fail "the released drawc cannot compile a sample with an empty environment"
head -c 5 "$work/flowchart.pdf" | grep -q '%PDF-' || fail "flowchart.pdf is no PDF"
grep -q '<svg' "$work/flowchart.svg" || fail "flowchart.svg is no SVG"
page=$(printf '# Doc\n\n```draw\nrect "A"\n```\n' | env -i "$bin" markdown -) || fail "drawc markdown failed"
grep -q '<svg' <<< "$page" || fail "drawc markdown does not draw"

# 3. Reproducible: again, with another umask and newer file times in the tree.
mkdir "$work/first"
cp "$tarball" "$deb" "$work/first/"
touch README.md CHANGELOG.md packaging/man/drawc.1 packaging/completions/*
(umask 077 && bash scripts/release.sh > /dev/null)
cmp "$tarball" "$work/first/$(basename "$tarball")" || fail "the tarball differs between two runs"
cmp "$deb" "$work/first/$(basename "$deb")" || fail "the .deb differs between two runs"
echo "test-release: two runs gave the same bytes ($(sha256sum "$tarball" | cut -c1-16)…, $(sha256sum "$deb" | cut -c1-16)…)"

# 4. dpkg -i, as root (CI runs as root on a fresh machine).
if [ "$(id -u)" = 0 ] && [ "${DRAWC_TEST_INSTALL:-1}" = 1 ]; then
  dpkg -i "$deb" > /dev/null || fail "dpkg -i failed"
  trap 'dpkg -r drawc > /dev/null 2>&1 || true; rm -rf "$work"' EXIT
  [ "$(command -v drawc)" = /usr/bin/drawc ] || fail "drawc is not /usr/bin/drawc after dpkg -i"
  (cd "$work" && env -i /usr/bin/drawc compile flowchart.draw -o installed.pdf) || fail "the installed drawc cannot compile"
  grep -q '^\.TH DRAWC 1' <<< "$(zcat /usr/share/man/man1/drawc.1.gz)" || fail "the man page is not installed"
  if command -v man > /dev/null; then man -w drawc > /dev/null || fail "man does not find drawc(1)"; fi
  bash --norc --noprofile -c 'source /usr/share/bash-completion/completions/drawc && complete -p drawc' > /dev/null \
    || fail "the bash completion does not load"
  dpkg -r drawc > /dev/null || fail "dpkg -r failed"
  [ ! -e /usr/bin/drawc ] || fail "dpkg -r left /usr/bin/drawc"
  echo "test-release: dpkg -i installed and ran drawc; dpkg -r removed it"
fi
echo "test-release: passed in $(($(date +%s) - start)) s"
