#!/bin/sh
# Fuzz the whole compiler with libFuzzer: every input goes through DrawKit's check, the IR
# dump and every output format (SVG, PDF, PS, EPS, PNG), see Sources/DrawFuzzing. Inputs are
# drawing source, or (first byte 0x00) choices for the structure-aware drawing generator.
#
#   scripts/fuzz-drawc.sh [seconds] [libFuzzer flags…]   (default 300 s)
#
# Builds in $WORK (default /tmp/drawc-fuzz), outside the repository's .build:
#   DRAWC_FUZZ=1 swift build -c release --product drawc-fuzz --scratch-path $WORK/build \
#     -Xswiftc -sanitize=fuzzer,address -Xswiftc -DDRAWC_LIBFUZZER
# (-sanitize=fuzzer instruments every module and links libFuzzer; DRAWC_FUZZ=1 makes Package.swift
# build Sources/drawc-fuzz/LibFuzzerEntry.swift, a main shim that calls LLVMFuzzerRunDriver, in
# place of the replay main.swift. -c release is -O, which keeps every bounds check.)
# Reads the committed seeds (Tests/Fuzz/corpus) and dictionary (Tests/Fuzz/drawc.dict);
# new inputs go to $WORK/corpus, crashers to $WORK/crashes, and the script fails on a crash,
# a timeout or running out of memory. CI runs it for 90 s (.ci/run); before a release run it
# for 30 minutes or more (docs/testing.md). Reproduce a crasher without libFuzzer:
#   swift build --product drawc-fuzz && .build/debug/drawc-fuzz --errors CRASHFILE
#
# DRAWC_FUZZ_TARGET picks the target (the same binary): `compiler` (the default, above),
# `lsp` (sessions of JSON-RPC messages through the language server's framing and handler,
# seeds Tests/Fuzz/lsp-corpus) or `http` (preview requests through the request reader and the
# routes, seeds Tests/Fuzz/http-corpus); see Sources/DrawFuzzing/ServerTargets.swift.
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
work=${WORK:-/tmp/drawc-fuzz}
seconds=${1:-300}
[ $# -gt 0 ] && shift
target=${DRAWC_FUZZ_TARGET:-compiler}
case "$target" in
    compiler) seeds="$repo/Tests/Fuzz/corpus"; corpus="$work/corpus"; set -- -dict="$repo/Tests/Fuzz/drawc.dict" "$@" ;;
    lsp) seeds="$repo/Tests/Fuzz/lsp-corpus"; corpus="$work/corpus-lsp" ;;
    http) seeds="$repo/Tests/Fuzz/http-corpus"; corpus="$work/corpus-http" ;;
    *) echo "fuzz-drawc.sh: DRAWC_FUZZ_TARGET is compiler, lsp or http" >&2; exit 2 ;;
esac
export DRAWC_FUZZ_TARGET="$target"
mkdir -p "$corpus" "$work/crashes"
cd "$repo"
DRAWC_FUZZ=1 swift build -c release --product drawc-fuzz --scratch-path "$work/build" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DDRAWC_LIBFUZZER
bin=$(DRAWC_FUZZ=1 swift build -c release --scratch-path "$work/build" --show-bin-path)/drawc-fuzz
# ASan's leak check is off: the target keeps its counters and caches alive on purpose.
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0} DRAWC_FUZZ_ROOT="$repo" "$bin" \
    -max_total_time="$seconds" -timeout=30 -rss_limit_mb=4096 -max_len=4096 \
    -artifact_prefix="$work/crashes/$target-" -print_final_stats=1 \
    "$@" "$corpus" "$seeds"
