// What Package.swift knows about the build: the git commit drawc is built from.
#ifndef DRAWC_BUILD_INFO_H
#define DRAWC_BUILD_INFO_H

/// The commit drawc was built from (12 hex digits, "+" when the tree had changes), or "".
const char *drawc_build_commit(void);

#endif
