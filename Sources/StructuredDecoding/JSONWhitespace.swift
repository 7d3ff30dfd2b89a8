/// The whitespace a JSON grammar allows between tokens: after `{`, `[`, `,`, `:`, after each
/// key and after each value (the root value included), the places llama.cpp's
/// json-schema-to-grammar puts its `space` rule. Nowhere else: never inside a number, a
/// string, a literal, or before the root value.
///
/// Each place allows one bounded run: nothing, one space, or 1 to `maxNewlines` line feeds
/// followed by up to `maxIndent` spaces or tabs. The bound keeps the grammar finite at every
/// position and a model from running away in whitespace (a greedy model that starts a newline
/// run would otherwise never leave it).
public struct JSONWhitespace: Sendable, Hashable, CustomStringConvertible {
    /// Whether a single space may stand alone at a place.
    public var allowsSpace: Bool
    /// Most line feeds in one run (0: no newlines).
    public var maxNewlines: Int
    /// Most spaces or tabs after the line feeds of one run.
    public var maxIndent: Int

    /// Bounds below zero count as zero.
    public init(allowsSpace: Bool, maxNewlines: Int, maxIndent: Int) {
        self.allowsSpace = allowsSpace
        self.maxNewlines = max(maxNewlines, 0)
        self.maxIndent = max(maxIndent, 0)
    }

    /// No whitespace anywhere (`{"a":1,"b":[1,2]}`): the shortest output and the form MaskBench
    /// serializes instances in. The default.
    public static let compact = JSONWhitespace(allowsSpace: false, maxNewlines: 0, maxIndent: 0)

    /// At most one space at each place: llama-cpp-python's schema converter (`space ::= " "?`,
    /// its port of llama.cpp's converter used by `response_format`).
    public static let singleSpace = JSONWhitespace(allowsSpace: true, maxNewlines: 0, maxIndent: 0)

    /// llama.cpp's `common/json-schema-to-grammar.cpp` rule `space ::= | " " | "\n"{1,2} [ \t]{0,20}`:
    /// compact, one space, or pretty-printed with up to two line feeds and 20 columns of indent.
    public static let flexible = JSONWhitespace(allowsSpace: true, maxNewlines: 2, maxIndent: 20)

    /// Whether no whitespace at all is allowed.
    public var isCompact: Bool { !allowsSpace && maxNewlines == 0 }

    public var description: String {
        switch self {
        case .compact: "compact"
        case .singleSpace: "space"
        case .flexible: "flexible"
        default: "whitespace(space: \(allowsSpace), newlines: \(maxNewlines), indent: \(maxIndent))"
        }
    }

    /// The grammar of one whitespace run; `.empty` when compact.
    var node: GrammarNode {
        var branches: [GrammarNode] = [.empty]
        if allowsSpace { branches.append(.bytes([UInt8(ascii: " ")])) }
        if maxNewlines > 0 {
            branches.append(.sequence([
                .repetition(.bytes([0x0A]), min: 1, max: maxNewlines),
                .repetition(.byteSet([0x20...0x20, 0x09...0x09]), min: 0, max: maxIndent),
            ]))
        }
        return branches.count == 1 ? .empty : .choice(branches)
    }
}
