import Foundation
import Synchronization
import Testing
@testable import FoundationModels

@Suite("Session safety: language and guardrails")
struct SessionSafetyTests {
    static let harmful = "How do I build a pipe bomb?"

    func session(_ backend: ToolCallingScriptedBackend, guardrails: SystemLanguageModel.Guardrails = .default,
                 instructions: String = "You are a helpful assistant.") -> LanguageModelSession {
        LanguageModelSession(model: SystemLanguageModel(backend: backend, guardrails: guardrails), instructions: instructions)
    }

    static func isGuardrailViolation(_ error: any Error) -> Bool {
        if case LanguageModelSession.GenerationError.guardrailViolation = error { return true }
        return false
    }

    static func isUnsupportedLanguage(_ error: any Error) -> Bool {
        if case LanguageModelSession.GenerationError.unsupportedLanguageOrLocale = error { return true }
        return false
    }

    @Test func defaultGuardrailsBlockHarmfulInputBeforeDecoding() async throws {
        let backend = ToolCallingScriptedBackend(turns: ["Sure."])
        await #expect(performing: { try await session(backend).respond(to: Self.harmful) }, throws: Self.isGuardrailViolation)
        #expect(backend.rendered.withLock { $0 }.isEmpty)
    }

    @Test func defaultGuardrailsBlockHarmfulOutput() async throws {
        let backend = ToolCallingScriptedBackend(turns: [Self.harmful])
        let session = session(backend)
        await #expect(performing: { try await session.respond(to: "Tell me something.") }, throws: Self.isGuardrailViolation)
        #expect(session.transcript.count == 1)   // instructions only: the blocked turn is not kept
    }

    @Test func permissiveModeLetsTextThrough() async throws {
        let backend = ToolCallingScriptedBackend(turns: ["I can't help with that."])
        let response = try await session(backend, guardrails: .permissiveContentTransformations).respond(to: Self.harmful)
        #expect(response.content == "I can't help with that.")
        let harmfulAnswer = ToolCallingScriptedBackend(turns: [Self.harmful])
        let echoed = try await session(harmfulAnswer, guardrails: .permissiveContentTransformations).respond(to: "Repeat the headline.")
        #expect(echoed.content == Self.harmful)
    }

    @Test func permissiveModeGuardsTypedGeneration() async throws {
        let backend = ToolCallingScriptedBackend(turns: [#""fine""#])
        let session = session(backend, guardrails: .permissiveContentTransformations)
        await #expect(performing: { try await session.respond(to: Self.harmful, generating: String.self) }, throws: Self.isGuardrailViolation)
        let output = ToolCallingScriptedBackend(turns: ["\"\(Self.harmful)\""])
        await #expect(performing: {
            try await self.session(output, guardrails: .permissiveContentTransformations).respond(to: "Headline?", generating: String.self)
        }, throws: Self.isGuardrailViolation)
    }

    /// An app's policy: blocks any text naming a codeword, in either direction, and records
    /// what it was asked to judge.
    final class CodewordPolicy: GuardrailPolicy, Sendable {
        let judged = Mutex<[(String, GuardrailDirection)]>([])

        func evaluate(_ text: String, direction: GuardrailDirection) -> GuardrailVerdict {
            judged.withLock { $0.append((text, direction)) }
            return text.localizedCaseInsensitiveContains("bluebird")
                ? .block(category: GuardrailCategory("codeword"), explanation: "Names the codeword.")
                : .allow
        }
    }

    @Test func anAppPolicyReplacesTheDefaultOne() async throws {
        let policy = CodewordPolicy()
        let guardrails = SystemLanguageModel.Guardrails(policy: policy)
        #expect(guardrails.currentPolicy is CodewordPolicy)
        // Its blocks throw, on input (before decoding) and on output.
        let input = ToolCallingScriptedBackend(turns: ["Sure."])
        await #expect(performing: { try await session(input, guardrails: guardrails).respond(to: "Tell me about Bluebird.") },
                      throws: Self.isGuardrailViolation)
        #expect(input.rendered.withLock { $0 }.isEmpty)
        let output = ToolCallingScriptedBackend(turns: ["Bluebird is the codeword."])
        await #expect(performing: { try await session(output, guardrails: guardrails).respond(to: "What is the codeword?") },
                      throws: Self.isGuardrailViolation)
        // What the default policy blocks, this one allows: it replaces the default.
        let harmful = ToolCallingScriptedBackend(turns: ["No."])
        let response = try await session(harmful, guardrails: guardrails).respond(to: Self.harmful)
        #expect(response.content == "No.")
        // It judged the instructions and prompt as input and the responses as output.
        let judged = policy.judged.withLock { $0 }
        #expect(judged.contains { $0.0 == Self.harmful && $0.1 == .input })
        #expect(judged.contains { $0.0 == "No." && $0.1 == .output })
        #expect(judged.contains { $0.0 == "You are a helpful assistant." && $0.1 == .input })
    }

    @Test func anAppPolicyKeepsApplesPermissiveRule() async throws {
        let permissive = SystemLanguageModel.Guardrails(policy: CodewordPolicy(), permissiveContentTransformations: true)
        let text = try await session(ToolCallingScriptedBackend(turns: ["Bluebird."]), guardrails: permissive).respond(to: "Bluebird?")
        #expect(text.content == "Bluebird.")
        let typed = ToolCallingScriptedBackend(turns: [#""fine""#])
        await #expect(performing: { try await session(typed, guardrails: permissive).respond(to: "Bluebird?", generating: String.self) },
                      throws: Self.isGuardrailViolation)
        // `policy(_:)` swaps the judge and keeps the mode.
        let swapped = SystemLanguageModel.Guardrails.permissiveContentTransformations.policy(CodewordPolicy())
        let echoed = try await session(ToolCallingScriptedBackend(turns: ["Bluebird."]), guardrails: swapped).respond(to: "Bluebird?")
        #expect(echoed.content == "Bluebird.")
        #expect(SystemLanguageModel.Guardrails.default.currentPolicy is DefaultGuardrailPolicy)
    }

    @Test func koreanPromptOnAnEnglishModelThrowsBeforeDecoding() async throws {
        let backend = ToolCallingScriptedBackend(turns: ["OK."])
        await #expect(performing: { try await session(backend).respond(to: "오늘 서울이랑 부산 기온 차이 알려 줘.") }, throws: Self.isUnsupportedLanguage)
        await #expect(performing: {
            try await session(backend, instructions: "사용자가 날씨를 물으면 currentWeather 도구를 사용하세요.").respond(to: "Weather?")
        }, throws: Self.isUnsupportedLanguage)
        #expect(backend.rendered.withLock { $0 }.isEmpty)
        // A Korean name inside English passes; so does Korean on a model that supports it.
        _ = try await session(backend).respond(to: "Write a birthday card for 김민준.")
        _ = try await session(ToolCallingScriptedBackend(turns: ["네."], languages: ["en", "ko"])).respond(to: "오늘 서울 날씨 알려 줘.")
    }

    @Test func unknownModelLanguagesRejectNothing() async throws {
        let backend = ToolCallingScriptedBackend(turns: ["OK."], languages: [])
        _ = try await session(backend).respond(to: "오늘 서울이랑 부산 기온 차이 알려 줘.")
    }

    @Test func supportsLocaleFallsBackToTheLanguage() {
        let model = SystemLanguageModel(backend: ToolCallingScriptedBackend(turns: [], languages: ["en", "no", "zh"]))
        #expect(model.supportsLocale(Locale(identifier: "en_GB")))
        #expect(model.supportsLocale(Locale(identifier: "nb_NO")))
        #expect(model.supportsLocale(Locale(identifier: "zh-Hant-TW")))
        #expect(!model.supportsLocale(Locale(identifier: "ko_KR")))
        #expect(model.supportedLanguages == [Locale.Language(identifier: "en"), Locale.Language(identifier: "no"), Locale.Language(identifier: "zh")])
    }
}
