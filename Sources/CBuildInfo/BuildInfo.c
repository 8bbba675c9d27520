#include "BuildInfo.h"

// scripts/release.sh writes .build/drawc-build-info/drawc_commit.h (`#define DRAWC_COMMIT
// "abc…"`) and builds with -Xcc -I that folder. The flag is the same for every commit, so a
// new commit recompiles only this file (its header is a tracked dependency), not every
// target as a changing -D would. A plain `swift build` finds no such header: "".
#if __has_include("drawc_commit.h")
#include "drawc_commit.h"
#endif
#ifndef DRAWC_COMMIT
#define DRAWC_COMMIT ""
#endif

const char *drawc_build_commit(void) { return DRAWC_COMMIT; }
