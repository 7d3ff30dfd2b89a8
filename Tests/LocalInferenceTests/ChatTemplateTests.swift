import Foundation
import Testing
@testable import LocalInference

/// Expected strings were produced by jinja2 from SmolLM2's `tokenizer.chat_template` and by
/// llama.cpp's `llama_chat_apply_template` ("chatml", "llama3", "gemma"), llama-cpp-python 0.3.36.
@Suite("ChatTemplate") struct ChatTemplateTests {
    let userOnly = [ChatMessage(role: .user, content: "Hi")]
    let conversation = [
        ChatMessage(role: .system, content: "Be brief."),
        ChatMessage(role: .user, content: "Hi"),
        ChatMessage(role: .assistant, content: "Hello!"),
        ChatMessage(role: .user, content: "  What is 2+2?  "),
    ]
    let toolTurn = [
        ChatMessage(role: .user, content: "Weather?"),
        ChatMessage(role: .assistant, content: "{\"call\":1}"),
        ChatMessage(role: .tool, content: "sunny"),
    ]
    static let smolSystem = "<|im_start|>system\nYou are a helpful AI assistant named SmolLM, trained by Hugging Face<|im_end|>\n"

    @Test func smolLM2TemplateIsChatMLWithItsDefaultSystemPrompt() throws {
        let template = try ChatTemplate(gguf: TestModels.file(TestModels.smolLM2))
        #expect(template.family == .chatML)
        #expect(template.defaultSystemPrompt == "You are a helpful AI assistant named SmolLM, trained by Hugging Face")
        #expect(template.endOfTurn == "<|im_end|>")
        #expect(template.render(userOnly, addGenerationPrompt: true)
                == Self.smolSystem + "<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n")
        // A conversation that brings its own system message gets no default one.
        #expect(template.render(conversation, addGenerationPrompt: true)
                == "<|im_start|>system\nBe brief.<|im_end|>\n<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\nHello!<|im_end|>\n<|im_start|>user\n  What is 2+2?  <|im_end|>\n<|im_start|>assistant\n")
        #expect(template.render(toolTurn, addGenerationPrompt: true)
                == Self.smolSystem + "<|im_start|>user\nWeather?<|im_end|>\n<|im_start|>assistant\n{\"call\":1}<|im_end|>\n<|im_start|>tool\nsunny<|im_end|>\n<|im_start|>assistant\n")
        #expect(template.render([], addGenerationPrompt: false) == "")
        #expect(template.render(userOnly, addGenerationPrompt: false) == Self.smolSystem + "<|im_start|>user\nHi<|im_end|>\n")
    }

    @Test func plainChatMLMatchesLlamaCpp() {
        #expect(ChatTemplate.chatML.render(userOnly, addGenerationPrompt: true)
                == "<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n")
        #expect(ChatTemplate.chatML.render(toolTurn, addGenerationPrompt: true)
                == "<|im_start|>user\nWeather?<|im_end|>\n<|im_start|>assistant\n{\"call\":1}<|im_end|>\n<|im_start|>tool\nsunny<|im_end|>\n<|im_start|>assistant\n")
    }

    @Test func llama3MatchesLlamaCpp() {
        #expect(ChatTemplate.llama3.render(userOnly, addGenerationPrompt: true)
                == "<|start_header_id|>user<|end_header_id|>\n\nHi<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n")
        #expect(ChatTemplate.llama3.render(conversation, addGenerationPrompt: true)
                == "<|start_header_id|>system<|end_header_id|>\n\nBe brief.<|eot_id|><|start_header_id|>user<|end_header_id|>\n\nHi<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\nHello!<|eot_id|><|start_header_id|>user<|end_header_id|>\n\nWhat is 2+2?<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n")
        // Tool results use Llama 3.1's `ipython` role (llama.cpp's built-in writes `tool`).
        #expect(ChatTemplate.llama3.render(toolTurn, addGenerationPrompt: false)
                == "<|start_header_id|>user<|end_header_id|>\n\nWeather?<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n{\"call\":1}<|eot_id|><|start_header_id|>ipython<|end_header_id|>\n\nsunny<|eot_id|>")
    }

    @Test func gemmaMatchesLlamaCpp() throws {
        let template = try ChatTemplate(gguf: TestModels.file(TestModels.gemma3))   // no template in the file: by architecture
        #expect(template == .gemma)
        #expect(template.render(userOnly, addGenerationPrompt: true)
                == "<start_of_turn>user\nHi<end_of_turn>\n<start_of_turn>model\n")
        #expect(template.render(conversation, addGenerationPrompt: true)
                == "<start_of_turn>user\nBe brief.\n\nHi<end_of_turn>\n<start_of_turn>model\nHello!<end_of_turn>\n<start_of_turn>user\nWhat is 2+2?<end_of_turn>\n<start_of_turn>model\n")
        // Tool results are user turns for Gemma (llama.cpp's built-in writes a `tool` turn).
        #expect(template.render(toolTurn, addGenerationPrompt: true)
                == "<start_of_turn>user\nWeather?<end_of_turn>\n<start_of_turn>model\n{\"call\":1}<end_of_turn>\n<start_of_turn>user\nsunny<end_of_turn>\n<start_of_turn>model\n")
    }

    @Test func detectsFamiliesFromTemplateText() throws {
        #expect(try ChatTemplate(template: "{% for m in messages %}{{'<|im_start|>' + m['role'] + '\\n' + m['content'] + '<|im_end|>\\n'}}{% endfor %}") == .chatML)
        let qwen = "{%- else %}{{- '<|im_start|>system\\nYou are Qwen, created by Alibaba Cloud. You are a helpful assistant.<|im_end|>\\n' }}{%- endif %}{{'<|im_start|>' + message['role']}}"
        #expect(try ChatTemplate(template: qwen).defaultSystemPrompt == "You are Qwen, created by Alibaba Cloud. You are a helpful assistant.")
        #expect(try ChatTemplate(template: "{{ '<|im_start|>system\\n' + message['content'] + '<|im_end|>' }}").defaultSystemPrompt == nil)
        #expect(try ChatTemplate(template: "{{ '<|start_header_id|>' + role + '<|end_header_id|>\n\n' }}") == .llama3)
        #expect(try ChatTemplate(template: "{{ '<start_of_turn>' + role }}") == .gemma)
        #expect(try ChatTemplate(template: nil, architecture: "gemma2") == .gemma)
    }

    @Test func unknownTemplatesAreErrors() {
        let mistral = "{{ bos_token }}{% for message in messages %}[INST] {{ message['content'] }} [/INST]{% endfor %}"
        #expect(throws: ChatTemplateError.unrecognized(excerpt: mistral)) { try ChatTemplate(template: mistral) }
        #expect(throws: ChatTemplateError.missing(architecture: "llama")) { try ChatTemplate(template: nil, architecture: "llama") }
        #expect(throws: ChatTemplateError.missing(architecture: nil)) { try ChatTemplate(template: "") }
        let long = String(repeating: "x", count: 1000)
        #expect(throws: ChatTemplateError.unrecognized(excerpt: String(repeating: "x", count: 200))) { try ChatTemplate(template: long) }
    }

    /// The rendered prompt tokenizes to the model's special tokens (one id each).
    @Test func renderedPromptsTokenizeToSpecialTokens() throws {
        let tokenizer = try TestTokenizers.smolLM2()
        let prompt = try ChatTemplate(gguf: TestModels.file(TestModels.smolLM2)).render(userOnly, addGenerationPrompt: true)
        let ids = tokenizer.encode(prompt, parseSpecial: true)
        #expect(ids.first == 1)                              // <|im_start|>
        #expect(ids.filter { $0 == 2 }.count == 2)           // two <|im_end|>
        #expect(tokenizer.decode(ids) == prompt)
        let gemma = try TestTokenizers.gemma3()
        let gemmaIDs = gemma.encode(ChatTemplate.gemma.render(userOnly, addGenerationPrompt: true), parseSpecial: true)
        #expect(Array(gemmaIDs.prefix(2)) == [2, 105])     // <bos> <start_of_turn>
        #expect(gemmaIDs.contains(106))                      // <end_of_turn>
    }
}
