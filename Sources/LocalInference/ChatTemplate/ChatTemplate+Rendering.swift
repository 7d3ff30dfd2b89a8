extension ChatTemplate {
    /// Renders `messages` into prompt text.
    ///
    /// ```swift
    /// ChatTemplate.gemma.render([ChatMessage(role: .system, content: "Be brief."),
    ///                            ChatMessage(role: .user, content: "Hi")], addGenerationPrompt: true)
    /// // "<start_of_turn>user\nBe brief.\n\nHi<end_of_turn>\n<start_of_turn>model\n"
    /// ```
    /// - parameter messages: the conversation, oldest first.
    /// - parameter addGenerationPrompt: end with the opening of an assistant turn, so that the
    ///   model's next tokens are its reply.
    /// - returns: text to tokenize with `parseSpecial: true`.
    public func render(_ messages: [ChatMessage], addGenerationPrompt: Bool) -> String {
        switch family.kind {
        case .chatML: renderChatML(messages, addGenerationPrompt)
        case .llama3: renderLlama3(messages, addGenerationPrompt)
        case .gemma: renderGemma(messages, addGenerationPrompt)
        }
    }

    private func renderChatML(_ messages: [ChatMessage], _ addGenerationPrompt: Bool) -> String {
        var text = ""
        if let defaultSystemPrompt, let first = messages.first, first.role != .system {
            text += "<|im_start|>system\n\(defaultSystemPrompt)<|im_end|>\n"
        }
        for message in messages {
            text += "<|im_start|>\(message.role.rawValue)\n\(message.content)<|im_end|>\n"
        }
        if addGenerationPrompt { text += "<|im_start|>assistant\n" }
        return text
    }

    private func renderLlama3(_ messages: [ChatMessage], _ addGenerationPrompt: Bool) -> String {
        var text = ""
        var pendingSystem = messages.first?.role == .system ? nil : defaultSystemPrompt
        for message in messages {
            if let system = pendingSystem {
                text += "<|start_header_id|>system<|end_header_id|>\n\n\(system.trimmed)<|eot_id|>"
                pendingSystem = nil
            }
            let role = message.role == .tool ? "ipython" : message.role.rawValue
            text += "<|start_header_id|>\(role)<|end_header_id|>\n\n\(message.content.trimmed)<|eot_id|>"
        }
        if addGenerationPrompt { text += "<|start_header_id|>assistant<|end_header_id|>\n\n" }
        return text
    }

    private func renderGemma(_ messages: [ChatMessage], _ addGenerationPrompt: Bool) -> String {
        var text = ""
        var system = messages.first?.role == .system ? "" : (defaultSystemPrompt?.trimmed ?? "")
        for message in messages {
            if message.role == .system {
                system += message.content.trimmed
                continue
            }
            let role = message.role == .assistant ? "model" : "user"
            text += "<start_of_turn>\(role)\n"
            if !system.isEmpty, role != "model" {
                text += system + "\n\n"
                system = ""
            }
            text += message.content.trimmed + "<end_of_turn>\n"
        }
        if addGenerationPrompt { text += "<start_of_turn>model\n" }
        return text
    }
}

extension String {
    /// Leading and trailing whitespace removed, as llama.cpp's `trim` and Jinja's `| trim`.
    fileprivate var trimmed: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
