// The command line's own diagnostic ids, typed (a test checks no id is written inline).

enum CLIID: String, CaseIterable {
    /// An input that cannot be read or an output that cannot be written (docs/cli.md).
    case ioError = "io.error"
}
