import Foundation
import JSONSchemaValidation
import Testing
@testable import FoundationModels

/// Input that decides depth or size, through the public API (issue #15): a typed error within a
/// second, never a crash, a hang or unbounded memory.
@Suite("Hostile input: sessions and generated content") struct HostileSessionInputTests {
    /// 200,000 nested arrays: the streaming parser stops at its depth limit with a typed error,
    /// whether the text is complete or cut off.
    @Test func deepJSONArrayIsRefusedByTheStreamingParser() {
        let open = String(repeating: "[", count: 200_000)
        for text in [open + String(repeating: "]", count: 200_000), open] {
            let clock = ContinuousClock()
            let elapsed = clock.measure {
                do {
                    _ = try GeneratedContent(json: text)
                    Issue.record("a 200,000-deep array parsed")
                } catch LanguageModelSession.GenerationError.decodingFailure(let context) {
                    #expect(context.debugDescription.contains("\(JSONValue.maximumNestingDepth)"))
                } catch {
                    Issue.record("unexpected error \(error)")
                }
            }
            #expect(elapsed < .seconds(1))
        }
    }

    /// 10,000 nested arrays or objects, complete or cut off: the streaming parser's error names
    /// its limit and the JSON Pointer of the value that went one level too deep.
    @Test func tenThousandDeepJSONNamesTheLimitAndPath() {
        let limit = JSONValue.maximumNestingDepth
        let cases: [(open: String, close: String, token: String)] = [
            (String(repeating: "[", count: 10_000), String(repeating: "]", count: 10_000), "0"),
            (String(repeating: #"{"k":"#, count: 10_000) + "1", String(repeating: "}", count: 10_000), "k"),
            (#"{"a":[1,"# + String(repeating: "[", count: 10_000), "", "?"),
        ]
        for (open, close, token) in cases {
            let clock = ContinuousClock()
            let elapsed = clock.measure {
                do {
                    _ = try GeneratedContent(json: open + close)
                    Issue.record("a 10,000-deep document parsed")
                } catch LanguageModelSession.GenerationError.decodingFailure(let context) {
                    #expect(context.debugDescription.contains("nesting deeper than \(limit) levels"))
                    if token == "?" {
                        #expect(context.debugDescription.contains("at '/a/1/0/0/0"), "\(context.debugDescription)")
                    } else {
                        #expect(context.debugDescription.contains("at '/\(token)/\(token)/"), "\(context.debugDescription)")
                        #expect(context.debugDescription.contains("(\(limit) tokens)"), "\(context.debugDescription)")
                    }
                } catch {
                    Issue.record("unexpected error \(error)")
                }
            }
            #expect(elapsed < .seconds(1))
        }
    }

    /// Found by FuzzJSON (strict and streaming parsers disagreed on `[…,05]`): the streaming
    /// parser took any text `Double` reads as a number. Now it follows JSON's grammar.
    @Test(arguments: ["[05]", "[+1]", "[.5]", "[-.5]", "[1.]", "[1.e3]", "[1e]", "{\"a\":00}", "[-]", "05", "+1"])
    func numbersOutsideJSONGrammarAreRefused(_ text: String) {
        #expect(throws: LanguageModelSession.GenerationError.self) { _ = try GeneratedContent(json: text) }
        #expect(throws: JSONParseError.self) { _ = try JSONValue(parsing: text) }
    }

    @Test func numbersInJSONGrammarParse() throws {
        let content = try GeneratedContent(json: "[0, -0, 10, 1.5, -2.25e3, 1E+2, 3e-1]")
        #expect(content.isComplete)
        #expect(content.jsonString == "[0,0,10,1.5,-2250,100,0.3]")  // -0 is written as 0
        // A number cut off by the end of the text is a prefix, not a complete value.
        for prefix in ["1.", "-", "1e", "1e+"] {
            #expect(try GeneratedContent(json: prefix).isComplete == false, "\(prefix)")
        }
        guard case .array(let elements) = try GeneratedContent(json: "[1.").kind else {
            Issue.record("[1. is not an array")
            return
        }
        #expect(elements.allSatisfy { !$0.isComplete })
        #expect(try GeneratedContent(json: "42").isComplete)
    }

    /// Deep arrays a transcript file might hold: Foundation's decoder refuses them too.
    @Test func deepTranscriptJSONIsADecodingError() {
        let text = #"{"entries":"# + String(repeating: "[", count: 200_000)
        #expect(throws: DecodingError.self) { _ = try JSONDecoder().decode(Transcript.self, from: Data(text.utf8)) }
    }
}

/// The same on the real default model: prompts and schemas a user may send.
@Suite("Hostile input: sessions on the default model", .serialized, .enabled(if: defaultModelPresent, "the default model is not downloaded"))
struct HostileModelInputTests {
    let model = SystemLanguageModel(contentsOf: defaultModelURL, contextSize: 1024)

    /// 10 MB of one emoji: refused as over the context window before it is tokenized.
    @Test func tenMegabytePromptIsOverTheContextWindow() async throws {
        // Loads the engine (weights, grammar vocabulary) outside the timing.
        _ = try await LanguageModelSession(model: model).respond(to: "Hi", options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 1))
        let prompt = String(repeating: "😀", count: 2_500_000)
        #expect(prompt.utf8.count == 10_000_000)
        // The fastest of up to three tries: on two cores under the whole suite a thread can be
        // starved for seconds (one try measured 6.2 s there, 0.1 s alone); tokenizing the 10 MB
        // instead, the defect this guards against, takes about 5 s every time.
        let clock = ContinuousClock()
        var fastest = Duration.seconds(3600)
        var session = LanguageModelSession(model: model)
        for _ in 0..<3 where fastest >= .seconds(1) {
            session = LanguageModelSession(model: model)
            let start = clock.now
            do {
                _ = try await session.respond(to: prompt, options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 1))
                Issue.record("a 10 MB prompt was answered")
            } catch LanguageModelSession.GenerationError.exceededContextWindowSize(let context) {
                #expect(context.debugDescription.contains("exceeds the maximum allowed context size of 1024"))
            }
            fastest = min(fastest, clock.now - start)
        }
        #expect(fastest < .seconds(1))
        // The session is usable afterwards, with nothing of the refused turn in its transcript.
        #expect(!session.isResponding)
        #expect(session.transcript.allSatisfy { if case .response = $0 { false } else { true } })
    }

    /// Expects `body` to throw `exceededContextWindowSize` naming the context size (and, with
    /// `atLeast`, the lower bound of a text refused before it was tokenized); returns the fastest
    /// of up to three tries (one try can be starved for seconds on two loaded cores).
    @discardableResult
    func overTheContext(atLeast: Bool, sourceLocation: SourceLocation = #_sourceLocation,
                        _ body: () async throws -> Void) async -> Duration {
        let clock = ContinuousClock()
        var fastest = Duration.seconds(3600)
        for _ in 0..<3 where fastest >= .seconds(1) {
            let start = clock.now
            do {
                try await body()
                Issue.record("an over-long request succeeded", sourceLocation: sourceLocation)
            } catch LanguageModelSession.GenerationError.exceededContextWindowSize(let context) {
                let text = context.debugDescription
                #expect(text.contains("exceeds the maximum allowed context size of 1024"), "\(text)", sourceLocation: sourceLocation)
                #expect(text.contains("at least") == atLeast, "\(text)", sourceLocation: sourceLocation)
                #expect(text.contains(" tokens"), "\(text)", sourceLocation: sourceLocation)
            } catch {
                Issue.record("not exceededContextWindowSize: \(error)", sourceLocation: sourceLocation)
            }
            fastest = min(fastest, clock.now - start)
        }
        return fastest
    }

    /// `tokenCount(for:)` on 10 MB (a prompt, instructions, a tool's description, transcript
    /// entries): the typed error with the numbers, before tokenizing (about 5 s of work).
    /// Shorter text is counted exactly, past the context window too.
    @Test func tokenCountRefusesTextThatCannotFitBeforeTokenizing() async throws {
        _ = try await model.tokenCount(for: "Hi")   // loads the model outside the timing
        let huge = String(repeating: "😀", count: 2_500_000)
        #expect(await overTheContext(atLeast: true) { _ = try await model.tokenCount(for: Prompt(huge)) } < .seconds(1))
        #expect(await overTheContext(atLeast: true) { _ = try await model.tokenCount(for: Instructions(huge)) } < .seconds(1))
        #expect(await overTheContext(atLeast: true) { _ = try await model.tokenCount(for: [DescribedTool(description: huge)]) } < .seconds(1))
        let entries: [Transcript.Entry] = [.prompt(.init(segments: Prompt(huge).segments))]
        #expect(await overTheContext(atLeast: true) { _ = try await model.tokenCount(for: entries) } < .seconds(1))
        let overByWords = try await model.tokenCount(for: Prompt(String(repeating: "word ", count: 1_100)))
        #expect(overByWords > 1_024)
    }

    /// Tool definitions (with instructions) past the context, through `respond`: the typed
    /// error with the numbers, from the session's bound for 1 MB of description (before the
    /// guardrails read it) and from the exact count for a few kilobytes, before any evaluation.
    @Test func toolDefinitionsPastTheContextAreRefused() async throws {
        let options = GenerationOptions(sampling: .greedy, maximumResponseTokens: 4)
        let megabyte = String(repeating: "Looks things up. ", count: 62_000)
        let fastest = await overTheContext(atLeast: true) {
            let session = LanguageModelSession(model: model, tools: [DescribedTool(description: megabyte)], instructions: "Use the tool.")
            _ = try await session.respond(to: "Look up tea.", options: options)
        }
        #expect(fastest < .seconds(1))
        let session = LanguageModelSession(model: model, tools: [DescribedTool(description: String(repeating: "Looks things up. ", count: 400))],
                                           instructions: "Use the tool.")
        await overTheContext(atLeast: false) { _ = try await session.respond(to: "Look up tea.", options: options) }
        // Nothing of the refused turns is kept; the session still answers a request that fits.
        #expect(session.transcript.count == 1)
        #expect(!session.isResponding)
        // 10 MB of instructions: refused before the guardrails and language checks read them.
        let instructions = String(repeating: "😀", count: 2_500_000)
        #expect(await overTheContext(atLeast: true) {
            _ = try await LanguageModelSession(model: model, instructions: instructions).respond(to: "Hi", options: options)
        } < .seconds(1))
    }

    /// A schema shown in the prompt that takes it past the context: the exact count, refused
    /// before evaluation.
    @Test func aSchemaPastTheContextIsRefused() async throws {
        let description = String(repeating: "A field of the answer. ", count: 300)
        let json = #"{"type":"object","title":"Answer","properties":{"a":{"type":"string","description":"\#(description)"}},"required":["a"]}"#
        let schema = try JSONDecoder().decode(GenerationSchema.self, from: Data(json.utf8))
        let options = GenerationOptions(sampling: .greedy, maximumResponseTokens: 8)
        await overTheContext(atLeast: false) {
            _ = try await LanguageModelSession(model: model).respond(to: "Answer.", schema: schema, includeSchemaInPrompt: true, options: options)
        }
        // It is the schema that does not fit.
        #expect(try await model.tokenCount(for: schema) > 1_024)
    }

    /// A prompt just over the context still gets the exact count (the bound does not cut in early).
    @Test func aPromptJustOverTheContextIsCountedExactly() async throws {
        let session = LanguageModelSession(model: model)
        let prompt = String(repeating: "word ", count: 1_100)
        do {
            _ = try await session.respond(to: prompt, options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 1))
            Issue.record("an over-long prompt was answered")
        } catch LanguageModelSession.GenerationError.exceededContextWindowSize(let context) {
            #expect(!context.debugDescription.contains("at least"))
        }
    }

    /// The 20 KB nested pattern of issue #15 through `respond(schema:)`: an unsupported guide,
    /// not a segmentation fault.
    @Test func nestedPatternInASchemaIsAnUnsupportedGuide() async throws {
        let pattern = String(repeating: "(", count: 10_000) + "a" + String(repeating: ")", count: 10_000)
        let json = #"{"type":"object","title":"Code","properties":{"code":{"type":"string","pattern":"\#(pattern)"}},"required":["code"]}"#
        let schema = try JSONDecoder().decode(GenerationSchema.self, from: Data(json.utf8))
        let session = LanguageModelSession(model: model)
        let clock = ContinuousClock()
        let start = clock.now
        do {
            _ = try await session.respond(to: "A code?", schema: schema, includeSchemaInPrompt: false, options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 4))
            Issue.record("the nested pattern was accepted")
        } catch LanguageModelSession.GenerationError.unsupportedGuide(let context) {
            #expect(context.debugDescription.contains("RegexParser.maximumGroupNesting"))
        }
        // A bound against a hang or a runaway parse, not a speed claim: the first respond may
        // also load the model, and measured 5.3 s under load 12 with other suites running.
        #expect(clock.now - start < .seconds(20))
    }
}

/// A tool whose description is whatever the test needs (a long one, to overflow the context).
struct DescribedTool: Tool {
    let name = "lookUp"
    let description: String

    @Generable
    struct Arguments {
        @Guide(description: "What to look up")
        var query: String
    }

    func call(arguments: Arguments) async throws -> String { "nothing found for \(arguments.query)" }
}
