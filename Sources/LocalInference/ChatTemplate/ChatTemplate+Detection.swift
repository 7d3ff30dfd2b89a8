extension ChatTemplate {
    /// Chooses the template for a model from `tokenizer.chat_template`, or, when the file has
    /// none, from `general.architecture` (`gemma*` → Gemma; Gemma 3 GGUFs often ship without
    /// a template).
    ///
    /// ```swift
    /// let template = try ChatTemplate(gguf: file)
    /// ```
    /// - throws: `ChatTemplateError.unrecognized(excerpt:)` for a template of another family;
    ///   `ChatTemplateError.missing(architecture:)` when there is no template and the
    ///   architecture implies none.
    public init(gguf: GGUFFile) throws {
        try self.init(template: gguf.metadata.string("tokenizer.chat_template"),
                      architecture: gguf.metadata.architecture)
    }

    /// Chooses the template from Jinja template text (as `tokenizer.chat_template` holds it).
    /// - throws: as ``init(gguf:)``.
    public init(template: String?, architecture: String? = nil) throws {
        guard let template, !template.isEmpty else {
            if let architecture, architecture.hasPrefix("gemma") {
                self = .gemma
                return
            }
            throw ChatTemplateError.missing(architecture: architecture)
        }
        if template.contains("<|im_start|>") {
            self.init(family: .chatML, defaultSystemPrompt: Self.chatMLDefaultSystemPrompt(in: template))
        } else if template.contains("<|start_header_id|>"), template.contains("<|end_header_id|>") {
            self = .llama3
        } else if template.contains("<start_of_turn>") {
            self = .gemma
        } else {
            throw ChatTemplateError.unrecognized(excerpt: String(template.prefix(200)))
        }
    }

    /// The literal system text a ChatML template writes when the conversation has no system
    /// message: `'<|im_start|>system\nTEXT<|im_end|>` where TEXT is a plain string (not an
    /// expression such as `message['content']`).
    static func chatMLDefaultSystemPrompt(in template: String) -> String? {
        let opener = "<|im_start|>system"
        var searchStart = template.startIndex
        while let range = template.range(of: opener, range: searchStart..<template.endIndex) {
            searchStart = range.upperBound
            var rest = template[range.upperBound...]
            if rest.hasPrefix("\n") {
                rest = rest.dropFirst()
            } else if rest.hasPrefix("\\n") {
                rest = rest.dropFirst(2)
            } else {
                continue
            }
            guard let end = rest.range(of: "<|im_end|>") else { continue }
            let text = rest[..<end.lowerBound]
            if text.isEmpty || text.contains("'") || text.contains("\"") || text.contains("{") || text.contains("}") {
                continue
            }
            return String(text).replacingEscapedNewlines()
        }
        return nil
    }
}

extension String {
    /// Jinja string literals in templates stored as JSON-escaped text spell a newline `\n`.
    fileprivate func replacingEscapedNewlines() -> String {
        var result = ""
        var iterator = makeIterator()
        while let character = iterator.next() {
            if character == "\\" {
                guard let next = iterator.next() else { result.append(character); break }
                result.append(next == "n" ? "\n" : next == "t" ? "\t" : next)
            } else {
                result.append(character)
            }
        }
        return result
    }
}
