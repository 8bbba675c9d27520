#include "BuildInfo.h"

// DRAWC_COMMIT is given by scripts/release.sh (swift build -Xcc -DDRAWC_COMMIT='"abc…"');
// a plain `swift build` leaves it empty.
#ifndef DRAWC_COMMIT
#define DRAWC_COMMIT ""
#endif

const char *drawc_build_commit(void) { return DRAWC_COMMIT; }
