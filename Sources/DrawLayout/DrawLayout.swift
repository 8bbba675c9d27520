// DrawLayout — measuring and placing: the resolved node tree becomes the scene IR.
//
// Takes: `DrawSemantics.Drawing` (every property typed and resolved, lengths in points) and
// a `FontResolver`. Hands on: `Scene.Document` — pages of paths, text runs, images and
// groups in absolute page points (origin top-left, y down) — plus diagnostics for what only
// layout can find (unknown anchors in `at:`, bad path data, characters a font lacks).
//
// Invariants of the output: every path is move/line/cubic/close (arcs, quadratics,
// ellipses and rounded corners become cubics here, once); every text run is positioned
// glyph by glyph with kerning applied; fonts and images are listed once per document in
// first-use order; the result depends only on the input (no dictionary order, no clock).
//
// What it deliberately does not do: look up names, apply styles or check types (semantics
// did), read font files (the resolver's loader does), or know any output format.
