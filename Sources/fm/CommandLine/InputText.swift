import ArgumentParsing

/// Where a command's text comes from, the same way for every command: its words (joined with
/// spaces); a lone `-` or no words with standard input not a terminal: standard input.
///
/// ```swift
/// let prompt = try InputText.read(prompt, name: "<prompt>")
/// ```
enum InputText {
    /// - parameter trimsTrailingNewlines: drop the newlines at the end of standard input
    ///   (`echo hi | fm respond` asks "hi", not "hi\n"); false where every byte counts (`fm tokenize`).
    /// - throws: `UsageError` when there are no words and standard input is a terminal.
    static func read(_ words: [String], name: String, trimsTrailingNewlines: Bool = true) throws -> String {
        if !words.isEmpty, words != ["-"] { return words.joined(separator: " ") }
        guard words == ["-"] || !Terminal.standardInputIsTerminal else {
            throw UsageError("missing '\(name)': give it as an argument, or on standard input")
        }
        var text = Terminal.readStandardInput()
        if trimsTrailingNewlines {
            while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
            guard !text.isEmpty else { throw UsageError("missing '\(name)': standard input was empty") }
        }
        return text
    }

    /// A prompt made of words and `--text` segments, one segment per line (Apple's `--text`):
    /// the words (or standard input, when there are neither words nor segments) come first.
    static func read(_ words: [String], segments: [String], name: String) throws -> String {
        if words.isEmpty, !segments.isEmpty { return segments.joined(separator: "\n") }
        return ([try read(words, name: name)] + segments).joined(separator: "\n")
    }
}
