import JSONCore
/// An ECMA-262 regular expression (with the `u` flag's code point semantics), as JSON Schema's
/// `pattern`, `patternProperties` and `format: regex` require.
///
/// ```swift
/// let regex = try ECMARegex("^[a-z]+\\d{2}$")
/// regex.firstMatch(in: "abc12")   // true
/// regex.firstMatch(in: "abc1")    // false
/// ```
///
/// Written here rather than delegated to `NSRegularExpression` because ICU differs from ECMA-262
/// where JSON Schema tests look: `\d`, `\w` and `\b` are ASCII-only in ECMA-262, `$` does not
/// match before a final newline, `\s` includes U+FEFF, and `\p{...}` uses ECMA property names.
/// The matcher is a backtracking one over Unicode scalars. Supported: alternation, groups
/// (capturing, non-capturing, named), look-ahead and look-behind, greedy and lazy quantifiers,
/// classes with ranges and class escapes, back-references, `\p{General_Category}`.
/// - Note: Backtracking is bounded by `stepBudget` per match; a pattern that exhausts it on an
///   input is reported as not matching by `firstMatch(in:)` rather than running for exponential
///   time. `JSONSchema.validate(_:)` tells the two apart: an exhausted budget is its
///   `ValidationLimitError.regexBudgetExhausted`, not a mismatch.
public struct ECMARegex: Sendable {
    /// The pattern as written.
    public let pattern: String
    let root: RegexNode
    let captureCount: Int
    let groupNames: [String: Int]

    /// The most matcher steps one `firstMatch` may take (about 10 ms of work).
    public static let stepBudget = 2_000_000

    /// Parses `pattern`.
    /// - throws: `RegexSyntaxError` naming the offset and what was wrong.
    public init(_ pattern: String) throws(RegexSyntaxError) {
        var parser = RegexParser(Array(pattern.unicodeScalars))
        root = try parser.parse()
        captureCount = parser.captureCount
        groupNames = parser.groupNames
        self.pattern = pattern
    }

    /// Whether the pattern matches anywhere in `string` (JSON Schema patterns are not anchored).
    ///
    /// Matching recurses; long inputs under quantified groups are matched on a thread with a
    /// large stack (see `DeepStack`) so no input can overflow the caller's stack.
    public func firstMatch(in string: String) -> Bool {
        switch match(in: string, depthLimit: Self.shallowDepthLimit) {
        case .matched: return true
        case .notMatched, .exhaustedSteps: return false
        case .exhaustedDepth:
            return DeepStack.run { self.match(in: string, depthLimit: Self.deepDepthLimit) == .matched }
        }
    }

    /// Recursion allowed on the caller's stack, and on `DeepStack`'s.
    static let shallowDepthLimit = 300
    static let deepDepthLimit = 250_000

    enum MatchResult: Equatable { case matched, notMatched, exhaustedSteps, exhaustedDepth }

    func match(in string: String, depthLimit: Int) -> MatchResult {
        let input = Array(string.unicodeScalars)
        let matcher = RegexMatcher(input: input, captureCount: captureCount, groupNames: groupNames, depthLimit: depthLimit)
        for start in 0...input.count {
            if matcher.match(root, start, { _ in true }) { return .matched }
            if matcher.exceededDepth { return .exhaustedDepth }
            if matcher.steps > Self.stepBudget { return .exhaustedSteps }
        }
        return .notMatched
    }
}
