import Foundation
import Testing
@testable import FoundationModels

/// Qwen2.5-Coder-0.5B-Instruct, when it is pulled (`fm models pull qwen2.5-coder-0.5b`;
/// scripts/test.sh pulls it). Its suites are skipped, saying so, when the file is missing.
enum QwenModel {
    static let name = "qwen2.5-coder-0.5b"
    static let skipReason: Testing.Comment = "needs the Qwen2.5-Coder-0.5B model: run 'fm models pull qwen2.5-coder-0.5b'"

    static var available: Bool { (try? SystemLanguageModel.installedFile(named: name)) != nil }

    /// Found by name, as an app finds a pulled model; a small context: the tests' prompts are
    /// short, and the KV cache stays small.
    static func model() throws -> SystemLanguageModel { try SystemLanguageModel(name: name, contextSize: 2048) }
}

/// A notice, in Korean, as the seed's noticeboard parses it; the date's form is the grammar's.
@Generable
struct KoreanNotice {
    @Guide(description: "공지의 제목", .pattern(/^[^\n"\\]{1,40}$/))
    let title: String
    @Guide(description: "행사 날짜 (YYYY-MM-DD)", .pattern(/^20[0-9]{2}-[01][0-9]-[0-3][0-9]$/))
    let date: String
}

@Suite("Qwen2.5-Coder-0.5B: tool calls in Qwen's format, Korean", .enabled(if: QwenModel.available, QwenModel.skipReason), .serialized)
struct QwenModelTests {
    static let greedy = GenerationOptions(sampling: .greedy, maximumResponseTokens: 160)

    @Test func theModelGetsQwensToolCallFormatAndItsLanguages() throws {
        let model = try QwenModel.model()
        #expect(try model.backend().toolCallSyntax is QwenToolCallSyntax)
        #expect(model.supportedLanguages.contains(Locale.Language(identifier: "ko")))
        #expect(model.supportsLocale(Locale(identifier: "ko_KR")))
    }

    /// A call turn the grammar requires: whatever the model writes, it is Qwen's format, parsed
    /// into calls of the session's tool with arguments that decode (the tool ran with them).
    @Test func aRequiredCallTurnIsParsedIntoToolCalls() async throws {
        let tool = RecordingWeatherTool()
        let session = LanguageModelSession(model: try QwenModel.model(), tools: [tool],
                                           instructions: "When the user asks about weather, use the currentWeather tool.")
        session.maximumToolCallRounds = 1
        let options = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 200, toolCallingMode: .required)
        do {
            _ = try await session.respond(to: "What is the weather in Seoul and in Busan?", options: options)
            Issue.record("a required call in every round cannot end in an answer")
        } catch LanguageModelSession.GenerationError.decodingFailure(let context) {
            // The second round is past the bound: the calls of the first ran.
            #expect(context.debugDescription.contains("maximumToolCallRounds"), "\(context.debugDescription)")
        }
        let cities = tool.inFlight.withLock { $0.cities }
        print("Qwen required call turn: cities \(cities)")
        #expect((1...ToolCallGrammar.defaultMaximumCallsPerTurn).contains(cities.count))
        #expect(cities.allSatisfy { $0.wholeMatch(of: /[A-Za-z ]{1,20}/) != nil })
    }

    /// The seed's two-city weather session runs to a text answer or to the loop bound, and
    /// whatever the model chose, the transcript is instructions, prompt, then call turns each
    /// followed by one output per call (in call order, from the tool), then the answer.
    @Test func seedWeatherSessionIsWellFormed() async throws {
        let tool = RecordingWeatherTool()
        let session = LanguageModelSession(model: try QwenModel.model(), tools: [tool],
                                           instructions: "When the user asks about weather, use the currentWeather tool.")
        session.maximumToolCallRounds = 2
        var answer: String?
        do {
            let response: LanguageModelSession.Response<String> = try await session.respond(
                to: "What is the temperature difference between Seoul and Busan today?", options: Self.greedy)
            answer = response.content
        } catch LanguageModelSession.GenerationError.decodingFailure(let context) where context.debugDescription.contains("maximumToolCallRounds") {
            print("Qwen weather session: \(context.debugDescription)")
            answer = nil
        }
        for entry in session.transcript { print("  Qwen transcript: \(entry)") }
        let entries = Array(session.transcript)
        guard let answer else {
            #expect(entries.count == 1, "a request the loop bound ends leaves the transcript as it was")
            return
        }
        guard entries.count >= 3, case .instructions = entries[0], case .prompt = entries[1],
              case .response(let last) = entries[entries.count - 1] else {
            Issue.record("not instructions, prompt, ..., response: \(entries)")
            return
        }
        #expect(last.segments.plainText == answer)
        #expect(!answer.contains("<tool_call>"))
        var called: [String] = []
        var index = 2
        while index < entries.count - 1 {
            guard case .toolCalls(let calls) = entries[index] else {
                Issue.record("entry \(index) is not a call turn: \(entries[index])")
                return
            }
            index += 1
            for call in calls {
                guard index < entries.count - 1, case .toolOutput(let output) = entries[index] else {
                    Issue.record("call \(call.id) has no output after it")
                    return
                }
                #expect(output.id == call.id && output.toolName == "currentWeather")
                let city = try call.arguments.value(String.self, forProperty: "city")
                #expect(output.segments.plainText.hasPrefix(city + ": "))
                called.append(city)
                index += 1
            }
        }
        // The calls of a turn run concurrently: the tool saw the same cities, in any order.
        #expect(called.sorted() == tool.inFlight.withLock { $0.cities }.sorted())
    }

    /// A Korean prompt is answered (not refused for its language), in text and under a schema.
    @Test func koreanPromptsAreAnswered() async throws {
        let session = LanguageModelSession(model: try QwenModel.model(), instructions: "한국어로 짧게 답하세요.")
        let text = try await session.respond(to: "서울에서 가볼 만한 곳 하나를 추천해 주세요.",
                                             options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 24)).content
        print("Qwen, Korean text: \(text)")
        #expect(!text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)

        let notice = try await LanguageModelSession(model: try QwenModel.model()).respond(
            to: "다음 공지에서 제목과 날짜를 뽑아 주세요: [공지] 2026년 3월 14일 토요일, 아파트 주민 벼룩시장이 놀이터에서 열립니다.",
            generating: KoreanNotice.self, options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 64)).content
        print("Qwen, Korean notice: \(notice.title) / \(notice.date)")
        #expect(!notice.title.isEmpty)
        #expect(notice.date.wholeMatch(of: /20[0-9]{2}-[01][0-9]-[0-3][0-9]/) != nil)
    }
}

/// The language rule on the two families, as Apple's `unsupportedLanguageOrLocale`: a Korean
/// prompt is refused before decoding on English-only SmolLM2, and admitted on Qwen2.5.
@Suite("Korean on SmolLM2 and Qwen2.5", .enabled(if: QwenModel.available && ToolCallingModels.available, QwenModel.skipReason))
struct KoreanLanguageRuleTests {
    @Test func koreanIsRefusedOnSmolLM2AndAdmittedOnQwen() async throws {
        let prompt = "이번 주 토요일 서울 날씨는 어때요?"
        let smol = try ToolCallingModels.model(contextSize: 512)
        #expect(!smol.supportsLocale(Locale(identifier: "ko_KR")))
        let refusal = await #expect(throws: LanguageModelSession.GenerationError.self) {
            _ = try await LanguageModelSession(model: smol).respond(to: prompt, options: GenerationOptions(maximumResponseTokens: 4))
        }
        guard case .unsupportedLanguageOrLocale? = refusal else {
            Issue.record("not unsupportedLanguageOrLocale: \(String(describing: refusal))")
            return
        }
        let answer = try await LanguageModelSession(model: try QwenModel.model())
            .respond(to: prompt, options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 4))
        #expect(answer.usage.output.totalTokenCount > 0)
    }
}
