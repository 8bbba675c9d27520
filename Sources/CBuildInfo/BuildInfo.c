#include "BuildInfo.h"

// DRAWC_COMMIT is defined by Package.swift from Context.gitInformation (empty outside git).
#ifndef DRAWC_COMMIT
#define DRAWC_COMMIT ""
#endif

const char *drawc_build_commit(void) { return DRAWC_COMMIT; }
