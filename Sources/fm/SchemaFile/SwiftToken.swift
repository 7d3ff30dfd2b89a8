/// One token of a Swift source file, as far as ``SwiftTokenScanner`` tells tokens apart: enough
/// for the declarations `@Generable` reads (attributes, `struct`/`enum` headers, stored
/// properties, guide calls), not a full Swift lexer.
struct SwiftToken: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        /// An identifier or keyword (`struct`, `var`, `Recipe`, `` `default` `` without backticks).
        case word(String)
        /// A string literal's value, escapes resolved.
        case string(String)
        /// A number as written (`3`, `-1.5`, `1_000`).
        case number(String)
        /// A regex literal's pattern, without the slashes.
        case regex(String)
        /// Punctuation and operators: `@ ( ) [ ] { } : , . ? = ... ..< < > ;` and any other
        /// run of operator characters.
        case symbol(String)
    }

    let kind: Kind
    /// 1-based, for messages.
    let line: Int
    let column: Int

    var word: String? { if case .word(let word) = kind { word } else { nil } }

    func isSymbol(_ symbol: String) -> Bool { kind == .symbol(symbol) }
    func isWord(_ word: String) -> Bool { kind == .word(word) }

    /// How messages quote the token.
    var quoted: String {
        switch kind {
        case .word(let text), .number(let text), .symbol(let text): "'\(text)'"
        case .string(let text): "the string \"\(text)\""
        case .regex(let text): "the regex /\(text)/"
        }
    }
}
