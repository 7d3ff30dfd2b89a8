extension LineEditor {
    /// The line being edited and where it is on the screen.
    ///
    /// The prompt and the text are drawn from the start of the row the prompt began on; a line
    /// wider than the terminal wraps onto more rows. `cursorRow` is the row (counted from the
    /// prompt's) the cursor was left on, so the next redraw can go back up to the start.
    struct EditState {
        let prompt: String
        let promptWidth: Int
        let columns: Int
        var buffer: [Character] = []
        var cursor = 0
        var cursorRow = 0

        init(prompt: String, columns: Int) {
            self.prompt = prompt
            promptWidth = DisplayWidth.of(prompt)
            self.columns = max(columns, 1)
        }

        mutating func insert(_ character: Character) {
            buffer.insert(character, at: cursor)
            cursor += 1
        }

        mutating func deleteBackward() {
            guard cursor > 0 else { return }
            buffer.remove(at: cursor - 1)
            cursor -= 1
        }

        mutating func deleteForward() {
            guard cursor < buffer.count else { return }
            buffer.remove(at: cursor)
        }

        /// The start of the word before `index` (spaces before it skipped).
        func wordStart(before index: Int) -> Int {
            var position = index
            while position > 0, buffer[position - 1].isWhitespace { position -= 1 }
            while position > 0, !buffer[position - 1].isWhitespace { position -= 1 }
            return position
        }

        /// The end of the word after `index`.
        func wordEnd(after index: Int) -> Int {
            var position = index
            while position < buffer.count, buffer[position].isWhitespace { position += 1 }
            while position < buffer.count, !buffer[position].isWhitespace { position += 1 }
            return position
        }

        /// The escape codes and text that redraw the prompt and line and put the cursor in place.
        mutating func render() -> String {
            var output = cursorRow > 0 ? "\u{1B}[\(cursorRow)A" : ""
            output += "\r\u{1B}[J" + prompt + String(buffer)
            let total = promptWidth + DisplayWidth.of(buffer[...])
            // At an exact multiple of the width the terminal waits to wrap; make it wrap now so
            // the cursor's row is known.
            if total > 0, total % columns == 0 { output += "\r\n" }
            let endRow = total / columns
            let target = promptWidth + DisplayWidth.of(buffer[..<cursor])
            let targetRow = target / columns, targetColumn = target % columns
            if endRow > targetRow { output += "\u{1B}[\(endRow - targetRow)A" }
            output += "\r" + (targetColumn > 0 ? "\u{1B}[\(targetColumn)C" : "")
            cursorRow = targetRow
            return output
        }

        /// Moves the cursor below the line's last row (before Enter's newline).
        mutating func moveToEnd() -> String {
            cursor = buffer.count
            return render()
        }
    }
}
