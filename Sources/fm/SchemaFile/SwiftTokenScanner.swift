/// Splits Swift source into ``SwiftToken``s, skipping whitespace and comments.
///
/// It knows what a schema file needs: identifiers (backticked too), single-line string
/// literals with the common escapes, numbers, `/regex/` literals where an argument starts,
/// and punctuation. Anything else (multi-line or raw strings, interpolation) is an error
/// naming the line, never a guess.
struct SwiftTokenScanner {
    private let scalars: [Unicode.Scalar]
    private let path: String
    private var index = 0
    private var line = 1
    private var column = 1

    init(source: String, path: String) {
        scalars = Array(source.unicodeScalars)
        self.path = path
    }

    /// - throws: `SchemaFileError` at the first thing it cannot read.
    mutating func tokens() throws -> [SwiftToken] {
        var tokens: [SwiftToken] = []
        while let scalar = peek() {
            if scalar.properties.isWhitespace { advance(); continue }
            if scalar == "/", peek(1) == "/" { skipLine(); continue }
            if scalar == "/", peek(1) == "*" { try skipBlockComment(); continue }
            let (startLine, startColumn) = (line, column)
            func token(_ kind: SwiftToken.Kind) -> SwiftToken { SwiftToken(kind: kind, line: startLine, column: startColumn) }
            if scalar == "\"" {
                tokens.append(token(.string(try stringLiteral())))
            } else if scalar == "/", Self.startsArgument(after: tokens.last) {
                tokens.append(token(.regex(try regexLiteral())))
            } else if scalar == "`" {
                advance()
                let name = take(while: Self.isIdentifierPart)
                guard peek() == "`", !name.isEmpty else { throw error("an unterminated `name`") }
                advance()
                tokens.append(token(.word(name)))
            } else if Self.isIdentifierStart(scalar) {
                tokens.append(token(.word(take(while: Self.isIdentifierPart))))
            } else if ("0"..."9").contains(scalar)
                        || scalar == "-" && peek(1).map({ ("0"..."9").contains($0) }) == true && Self.startsArgument(after: tokens.last) {
                tokens.append(token(.number(numberLiteral())))
            } else if scalar == "." && peek(1) == "." && (peek(2) == "." || peek(2) == "<") {
                let text = String(String.UnicodeScalarView([scalar, peek(1)!, peek(2)!]))
                advance(3)
                tokens.append(token(.symbol(text)))
            } else if "@()[]{}:,.?=;<>#".unicodeScalars.contains(scalar) {
                advance()
                tokens.append(token(.symbol(String(scalar))))
            } else if "+-*%&|^~!".unicodeScalars.contains(scalar) {
                tokens.append(token(.symbol(take { "+-*%&|^~!=/<>".unicodeScalars.contains($0) })))
            } else {
                throw error("unexpected character '\(scalar)'")
            }
        }
        return tokens
    }

    // MARK: - Pieces

    private mutating func stringLiteral() throws -> String {
        if peek(1) == "\"", peek(2) == "\"" { throw error("multi-line string literals are not supported in a schema file") }
        advance()
        var value = String.UnicodeScalarView()
        while true {
            guard let scalar = peek(), scalar != "\n" else { throw error("an unterminated string literal") }
            advance()
            if scalar == "\"" { return String(value) }
            guard scalar == "\\" else { value.append(scalar); continue }
            let escapeColumn = column - 1
            guard let escaped = peek() else { throw error("an unterminated string literal") }
            advance()
            switch escaped {
            case "n": value.append("\n")
            case "t": value.append("\t")
            case "r": value.append("\r")
            case "0": value.append("\0")
            case "\"", "\\", "'": value.append(escaped)
            case "(":
                throw SchemaFileError(path: path, line: line, column: escapeColumn,
                                      message: "string interpolation is not supported in a schema file: the schema must be known without running code")
            case "u":
                guard peek() == "{" else { throw error("a \\u escape needs {hex digits}") }
                advance()
                let hex = take { $0.properties.isASCIIHexDigit }
                guard peek() == "}", let code = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(code) else {
                    throw error("a bad \\u{...} escape")
                }
                advance()
                value.append(decoded)
            default: throw error("the unknown escape \\\(escaped)")
            }
        }
    }

    /// Digits, `_`, one fraction and an exponent; a `.` counts only before a digit, so `1...5`
    /// stays a number, a range and a number.
    private mutating func numberLiteral() -> String {
        var text = String.UnicodeScalarView()
        if peek() == "-" { text.append("-"); advance() }
        while let scalar = peek() {
            let isDigit = ("0"..."9").contains(scalar)
            let startsFraction = scalar == "." && peek(1).map { ("0"..."9").contains($0) } == true
            guard isDigit || scalar == "_" || startsFraction || scalar == "e" || scalar == "E" else { break }
            if scalar != "_" { text.append(scalar) }
            advance()
        }
        return String(text)
    }

    private mutating func regexLiteral() throws -> String {
        advance()
        var pattern = String.UnicodeScalarView()
        while true {
            guard let scalar = peek(), scalar != "\n" else { throw error("an unterminated regex literal") }
            advance()
            if scalar == "/" { return String(pattern) }
            pattern.append(scalar)
            if scalar == "\\", let next = peek() { pattern.append(next); advance() }
        }
    }

    private mutating func skipLine() {
        while let scalar = peek(), scalar != "\n" { _ = scalar; advance() }
    }

    private mutating func skipBlockComment() throws {
        advance(2)
        var depth = 1
        while depth > 0 {
            guard let scalar = peek() else { throw error("an unterminated /* comment") }
            if scalar == "*", peek(1) == "/" { depth -= 1; advance(2) }
            else if scalar == "/", peek(1) == "*" { depth += 1; advance(2) }
            else { advance() }
        }
    }

    /// A `/` or `-` after these starts a value (a regex, a negative number), not an operator.
    private static func startsArgument(after token: SwiftToken?) -> Bool {
        guard let token else { return true }
        return ["(", ",", "[", ":", "="].contains { token.isSymbol($0) } || token.isSymbol("...") || token.isSymbol("..<")
    }

    private static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic
    }

    private static func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
        isIdentifierStart(scalar) || ("0"..."9").contains(scalar)
    }

    // MARK: - Cursor

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    private mutating func advance(_ count: Int = 1) {
        for _ in 0..<count where index < scalars.count {
            if scalars[index] == "\n" { line += 1; column = 1 } else { column += 1 }
            index += 1
        }
    }

    private mutating func take(while predicate: (Unicode.Scalar) -> Bool) -> String {
        var result = String.UnicodeScalarView()
        while let scalar = peek(), predicate(scalar) { result.append(scalar); advance() }
        return String(result)
    }

    private func error(_ message: String) -> SchemaFileError {
        SchemaFileError(path: path, line: line, column: column, message: message)
    }
}
