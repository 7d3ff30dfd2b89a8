/// Counts what chat turns cost in a model's context, with the model's own chat template and
/// tokenizer: the arithmetic behind `SystemLanguageModel.tokenCount(for:)`.
///
/// A turn's cost is measured as a difference, the tokens of a conversation with the turn minus
/// the tokens of the same conversation without it, because templates do not render turns on
/// their own: ChatML may add a default system prompt before a first turn that is not a system
/// turn (SmolLM2 does), and Gemma folds the system text into the first user turn. Where every
/// turn starts with a control token (ChatML, Llama 3) the tokenizer cannot merge across turns,
/// so the difference is exactly the turn's tokens in any conversation.
struct TokenCounter {
    let backend: any LanguageModelBackend

    /// The tokens of a whole conversation, BOS included where the model has one, without the
    /// opening of the next assistant turn: what a transcript holds in the context.
    /// - throws: `GenerationError.exceededContextWindowSize` for text that cannot fit the
    ///   context window by its length alone (see `refuseUnfitting`), before it is tokenized.
    func conversation(_ turns: [ChatTurn]) throws -> Int {
        let text = backend.render(turns, addGenerationPrompt: false)
        try refuseUnfitting(text)
        return backend.tokenizePrompt(text).count
    }

    /// The tokens `turns` add after `prefix`.
    func added(_ turns: [ChatTurn], after prefix: [ChatTurn]) throws -> Int {
        try rendered(prefix + turns) - rendered(prefix)
    }

    /// The tokens of a system turn holding `content`. An empty user turn follows it so that a
    /// template without a system turn, which writes the system text into the next user turn,
    /// counts the text too; the empty user turn itself is subtracted.
    func systemTurn(_ content: String) throws -> Int {
        let closing = [ChatTurn(role: .user, content: "")]
        // Measured against an empty system turn, which keeps a default system prompt out.
        let empty = ChatTurn(role: .system, content: "")
        return try rendered([ChatTurn(role: .system, content: content)] + closing) - rendered([empty] + closing) + rendered([empty])
    }

    /// The tokens of rendered turns without BOS (which belongs to the conversation, not a turn).
    private func rendered(_ turns: [ChatTurn]) throws -> Int {
        let text = backend.render(turns, addGenerationPrompt: false)
        try refuseUnfitting(text)
        return backend.tokenize(text).count
    }

    /// Refuses text whose tokens could not fit the context window whatever they are (at least
    /// `minimumTokenCount` of them, which only texts of 256 KB and more can reach), before the
    /// tokenizer spends seconds on it: 10 MB of one emoji is an error with the numbers in
    /// milliseconds. Shorter text is counted exactly, even past the context window.
    private func refuseUnfitting(_ text: String) throws {
        let atLeast = backend.minimumTokenCount(text)
        guard atLeast <= backend.contextSize else {
            throw LanguageModelSession.GenerationError.exceededContextWindowSize(.init(
                debugDescription: "Content contains at least \(atLeast) tokens (\(text.utf8.count) bytes), which exceeds the maximum allowed context size of \(backend.contextSize)."))
        }
    }
}
