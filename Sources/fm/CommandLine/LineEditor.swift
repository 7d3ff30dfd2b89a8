import Foundation

/// A small line editor for `fm chat` on a terminal, over termios (no readline dependency:
/// Debian's libedit would add a C library to install for what ~300 lines do here).
///
/// Keys: printable text inserts at the cursor; ←/→ (Ctrl-B/F), Alt-B/F by word, Home/End
/// (Ctrl-A/E); Backspace, Delete (Ctrl-D on a non-empty line), Ctrl-W (word before), Ctrl-U
/// (to the start), Ctrl-K (to the end); ↑/↓ (Ctrl-P/N) walk the history; Ctrl-L clears the
/// screen; Enter submits; Ctrl-D on an empty line ends input; Ctrl-C abandons the line.
///
/// The terminal is in raw mode only while a line is read, so output in between (a streamed
/// response) and Ctrl-C (SIGINT) behave as usual. Lines longer than the terminal wrap; the
/// editor redraws every row it spans.
final class LineEditor {
    enum Result: Equatable {
        case line(String)
        case endOfInput
        case interrupted
    }

    private let input: Int32
    private let output: Int32
    private(set) var history: [String] = []
    /// The most lines kept in the history.
    let historyLimit = 500

    /// A line editor on `input`/`output`, or nil when either is not a terminal.
    init?(input: Int32 = 0, output: Int32 = 1) {
        guard isatty(input) == 1, isatty(output) == 1 else { return nil }
        self.input = input
        self.output = output
    }

    /// Adds a submitted line to the history (not blank ones, nor a repeat of the last).
    func remember(_ line: String) {
        guard !line.trimmingCharacters(in: .whitespaces).isEmpty, history.last != line else { return }
        history.append(line)
        if history.count > historyLimit { history.removeFirst(history.count - historyLimit) }
    }

    /// Reads one line, showing `prompt` (which may contain colour escapes).
    func readLine(prompt: String) -> Result {
        var original = termios()
        guard tcgetattr(input, &original) == 0 else { return fallbackReadLine(prompt: prompt) }
        var raw = original
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | BRKINT | ISTRIP)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        // TCSADRAIN, not TCSAFLUSH: keys typed while a response was streaming are kept.
        guard tcsetattr(input, TCSADRAIN, &raw) == 0 else { return fallbackReadLine(prompt: prompt) }
        defer { tcsetattr(input, TCSADRAIN, &original) }
        var state = EditState(prompt: prompt, columns: terminalColumns())
        var historyIndex = history.count
        var scratch: [Character] = []
        write(state.render())
        while true {
            guard let key = readKey() else {
                write("\r\n")
                return .endOfInput
            }
            switch key {
            case .enter:
                write(state.moveToEnd() + "\r\n")
                return .line(String(state.buffer))
            case .interrupt:
                write(state.moveToEnd() + "^C\r\n")
                return .interrupted
            case .endOfInput:
                if state.buffer.isEmpty {
                    write("\r\n")
                    return .endOfInput
                }
                state.deleteForward()
            case .character(let character): state.insert(character)
            case .backspace: state.deleteBackward()
            case .delete: state.deleteForward()
            case .left: state.cursor = max(0, state.cursor - 1)
            case .right: state.cursor = min(state.buffer.count, state.cursor + 1)
            case .wordLeft: state.cursor = state.wordStart(before: state.cursor)
            case .wordRight: state.cursor = state.wordEnd(after: state.cursor)
            case .home: state.cursor = 0
            case .end: state.cursor = state.buffer.count
            case .killToEnd: state.buffer.removeSubrange(state.cursor...)
            case .killToStart:
                state.buffer.removeSubrange(..<state.cursor)
                state.cursor = 0
            case .killWord:
                let start = state.wordStart(before: state.cursor)
                state.buffer.removeSubrange(start..<state.cursor)
                state.cursor = start
            case .clearScreen:
                write("\u{1B}[H\u{1B}[2J")
                state.cursorRow = 0
            case .up, .down:
                let next = key == .up ? historyIndex - 1 : historyIndex + 1
                guard next >= 0, next <= history.count else { continue }
                if historyIndex == history.count { scratch = state.buffer }
                historyIndex = next
                state.buffer = next == history.count ? scratch : Array(history[next])
                state.cursor = state.buffer.count
            case .ignored:
                continue
            }
            write(state.render())
        }
    }

    /// Without termios (should not happen on a terminal): a plain read of one line.
    private func fallbackReadLine(prompt: String) -> Result {
        write(prompt)
        guard let line = Swift.readLine() else { return .endOfInput }
        return .line(line)
    }

    private func write(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return -1 }
                return Foundation.write(output, base + offset, buffer.count - offset)
            }
            if written < 0, errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }

    /// The next byte of input (nil at its end).
    func readByte() -> UInt8? {
        var byte: UInt8 = 0
        while true {
            let count = Foundation.read(input, &byte, 1)
            if count == 1 { return byte }
            if count < 0, errno == EINTR { continue }
            return nil
        }
    }

    /// The terminal's width in columns (80 when it does not say).
    private func terminalColumns() -> Int {
        var size = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }
}
