/// Where a grammar-constrained value may end.
enum GrammarEnd {
    /// Whether the grammar allows nothing but end-of-generation tokens now.
    static func onlyEndAllowed(_ constraint: any TokenConstraint, backend: any LanguageModelBackend, scratch: inout [UInt64]?) -> Bool {
        var words = scratch ?? [UInt64](repeating: 0, count: (backend.vocabularySize + 63) / 64)
        for index in words.indices { words[index] = 0 }
        constraint.fillAllowedTokens(into: &words)
        for token in backend.endOfGenerationTokens {
            let index = Int(token)
            if index >= 0, index / 64 < words.count { words[index / 64] &= ~(1 << UInt64(index % 64)) }
        }
        scratch = words
        return words.allSatisfy { $0 == 0 }
    }
}
