/// Why a schema or regex could not be turned into a grammar.
///
/// The message names what was wrong and where, e.g.
/// `unsupported keyword 'patternProperties' at #/properties/a`, so a caller can tell the user
/// which guide cannot be enforced instead of silently decoding without it.
public struct GrammarError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// A JSON Schema keyword (or keyword value) the grammar cannot enforce.
        case unsupportedKeyword
        /// The schema itself is malformed (wrong value type for a keyword, dangling `$ref`...).
        case invalidSchema
        /// A `pattern` or regex that does not parse, or uses a feature a DFA cannot express.
        case invalidRegex
        /// Compilation needed more automaton states than `GrammarLimits` allow.
        case budgetExceeded
    }

    public let kind: Kind
    /// The keyword or construct at fault (`patternProperties`, `(?=`, ...).
    public let keyword: String
    /// JSON pointer of the subschema at fault (`#/properties/a`), or the regex offset.
    public let path: String
    public let detail: String

    package init(_ kind: Kind, keyword: String, path: String, detail: String = "") {
        self.kind = kind
        self.keyword = keyword
        self.path = path
        self.detail = detail
    }

    public var description: String {
        let suffix = detail.isEmpty ? "" : ": \(detail)"
        switch kind {
        case .unsupportedKeyword: return "unsupported keyword '\(keyword)' at \(path)\(suffix)"
        case .invalidSchema: return "invalid schema at \(path) ('\(keyword)')\(suffix)"
        case .invalidRegex: return "invalid regex '\(keyword)' at \(path)\(suffix)"
        case .budgetExceeded: return "grammar budget exceeded (\(keyword)) at \(path)\(suffix)"
        }
    }
}
