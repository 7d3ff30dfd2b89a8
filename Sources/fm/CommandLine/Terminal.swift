import Foundation

/// What fm knows about where its output goes, and the one way it writes to it.
///
/// Colour and progress bars appear only on a terminal: colour on a stream only when that
/// stream is a terminal, `NO_COLOR` is unset or empty (no-color.org) and `TERM` is not
/// `dumb`; in pipes the output is plain text. Writes go straight to the file descriptor
/// (`FileHandle`), unbuffered, so streamed text appears as it is generated and the two
/// streams interleave in the order they were written.
enum Terminal {
    enum Stream {
        case standardOutput, standardError

        var fileDescriptor: Int32 { self == .standardOutput ? 1 : 2 }
        var isTerminal: Bool { isatty(fileDescriptor) == 1 }
    }

    enum Style {
        case errorLabel, dim, bold, prompt

        var code: String {
            switch self {
            case .errorLabel: "\u{1B}[1;31m"
            case .dim: "\u{1B}[2m"
            case .bold: "\u{1B}[1m"
            case .prompt: "\u{1B}[1;36m"
            }
        }
    }

    static var standardInputIsTerminal: Bool { isatty(0) == 1 }

    /// Whether colour may be used on `stream`.
    static func colorEnabled(on stream: Stream, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard stream.isTerminal else { return false }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        return environment["TERM"] != "dumb"
    }

    /// `text` wrapped in the style's escape codes.
    static func style(_ text: String, _ style: Style) -> String { style.code + text + "\u{1B}[0m" }

    /// `text` styled when colour is enabled on `stream`, else as it is.
    static func style(_ text: String, _ style: Style, on stream: Stream) -> String {
        colorEnabled(on: stream) ? self.style(text, style) : text
    }

    static func write(_ text: String, to stream: Stream = .standardOutput) {
        let handle = stream == .standardOutput ? FileHandle.standardOutput : FileHandle.standardError
        handle.write(Data(text.utf8))
    }

    /// Writes one line to standard output.
    static func line(_ text: String) {
        write(text + "\n")
    }

    /// Writes one line of diagnostics to standard error.
    static func log(_ line: String) {
        write(line + "\n", to: .standardError)
    }

    /// Reads standard input to its end, as UTF-8 (invalid bytes become U+FFFD).
    static func readStandardInput() -> String {
        String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    }
}
