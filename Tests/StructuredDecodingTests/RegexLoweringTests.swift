import JSONSchemaValidation
import Testing
@testable import StructuredDecoding

/// The grammar compiler reads patterns with the validator's parser (one dialect), then lowers
/// what has a finite-automaton form and refuses the rest.
@Suite("Regex lowering") struct RegexLoweringTests: SchemaMatchingSuite {
    let compiler = GrammarCompiler(vocabulary: TinyVocabulary.vocabulary)

    /// A leading or trailing group whose branches carry anchors is distributed over them, so
    /// each branch keeps its own anchoring.
    @Test func anchoredGroupsAreDistributed() throws {
        try expectMatches(#"{"type":"string","pattern":"(^ab|^cd)x"}"#,
                          accepts: [#""abx""#, #""cdxz""#], rejects: [#""zabx""#, #""ab""#, #""zcdx""#])
        try expectMatches(#"{"type":"string","pattern":"(a$|b)"}"#,
                          accepts: [#""za""#, #""bz""#, #""b""#], rejects: [#""az""#, #""z""#])
        try expectMatches(#"{"type":"string","pattern":"(^[a-z]+$)|(^\\[.*\\]$|^\\$$)"}"#,
                          accepts: [#""abc""#, #""[x]""#, #""$""#], rejects: [#""ab1""#, #""x[y]""#, #""$$""#])
    }

    /// An anchor that is neither at an alternative's start nor at its end has no automaton
    /// form here: refused, never dropped (dropping it would accept strings the regex rejects).
    @Test(arguments: ["^([^,]+(,|$)){3,}$", "a^b", "(?:x|^y)*z", "/^[0-9]{4}$/"])
    func anchorsInsideThePatternAreRefused(_ pattern: String) {
        #expect(throws: GrammarError.self) { try ParsedRegex(pattern: pattern) }
        do {
            _ = try ParsedRegex(pattern: pattern)
        } catch {
            #expect(error.kind == .invalidRegex)
            #expect(error.detail == "anchor in the middle of a pattern")
        }
    }

    /// The validator interprets these; the decoder refuses them by name.
    @Test(arguments: [("a(?=b)", "lookaround is not supported"), ("(a)\\1", "backreferences are not supported"),
                      ("\\bword", "word boundaries are not supported"), ("\\p{Lu}+", "unicode property classes are not supported")])
    func constructsWithoutAnAutomatonAreRefusedByName(pattern: String, detail: String) throws {
        _ = try ECMARegex(pattern)
        #expect(throws: GrammarError.self) { try ParsedRegex(pattern: pattern) }
        do {
            _ = try ParsedRegex(pattern: pattern)
        } catch {
            #expect(error.kind == .invalidRegex)
            #expect(error.detail == detail)
        }
    }

    /// Both sides share the dialect: `\_` (Annex B) is a literal underscore for the validator
    /// and the decoder alike; `\a` is an error for both.
    @Test func bothSidesShareTheDialect() throws {
        #expect(try ECMARegex(#"^[\w\_]+$"#).firstMatch(in: "a_b"))
        try expectMatches(#"{"type":"string","pattern":"^[a-z\\_]+$"}"#, accepts: [#""a_b""#], rejects: [#""a-b""#])
        #expect(throws: RegexSyntaxError.self) { try ECMARegex(#"\a"#) }
        #expect(throws: GrammarError.self) { try ParsedRegex(pattern: #"\a"#) }
    }

    @Test func tooManyDistributedAlternativesIsABudget() {
        let group = "(" + (0..<9).map { "^\($0)" }.joined(separator: "|") + ")"
        let pattern = group + "x" + group.replacingOccurrences(of: "^", with: "") + "(a$|b$|c$)"
        // 9 start branches times 3 end branches = 27 alternatives: within the budget.
        #expect((try? ParsedRegex(pattern: pattern))?.alternatives.count == 27)
        let wide = "(" + (0..<70).map { "^\($0)" }.joined(separator: "|") + ")x"
        #expect(throws: GrammarError.self) { try ParsedRegex(pattern: wide) }
    }
}
