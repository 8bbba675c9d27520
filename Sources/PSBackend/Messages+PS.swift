// The PostScript backend's diagnostic ids, typed (a test checks no id is written inline).
// docs/postscript.md lists what each approximation is.

package enum PSID: String, CaseIterable, Sendable {
    /// Something PostScript cannot show as PDF and SVG do (transparency, an unembeddable
    /// TrueType font, partial image alpha, an undecodable image, an out-of-range page size):
    /// the output is written, approximated, with this warning at the cause.
    case approximation = "ps.approximation"
}
