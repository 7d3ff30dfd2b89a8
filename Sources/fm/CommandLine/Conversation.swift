import FoundationModels

/// `fm chat`'s conversation: the session, and what starting over needs (the model and the
/// instructions).
struct Conversation {
    let model: SystemLanguageModel
    let modelName: String
    var instructions: String?
    private(set) var session: LanguageModelSession

    init(model: SystemLanguageModel, modelName: String, instructions: String?, transcript: Transcript?) {
        self.model = model
        self.modelName = modelName
        self.instructions = instructions
        session = Self.makeSession(model: model, instructions: instructions, transcript: transcript)
    }

    /// A fresh session with the current instructions: the history is gone.
    mutating func reset() {
        session = Self.makeSession(model: model, instructions: instructions, transcript: nil)
    }

    /// Continues from a saved transcript (its instructions included).
    mutating func load(_ transcript: Transcript) {
        session = Self.makeSession(model: model, instructions: nil, transcript: transcript)
    }

    private static func makeSession(model: SystemLanguageModel, instructions: String?, transcript: Transcript?) -> LanguageModelSession {
        if let transcript { return LanguageModelSession(model: model, transcript: transcript) }
        if let instructions { return LanguageModelSession(model: model, instructions: instructions) }
        return LanguageModelSession(model: model)
    }
}
