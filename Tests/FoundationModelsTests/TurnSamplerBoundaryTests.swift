import Foundation
import JSONSchemaValidation
import StructuredDecoding
import Testing
@testable import FoundationModels

/// The forced-token boundary rule on the real SmolLM2 vocabulary and model: bytes the grammar
/// forces go in as the tokenizer's tokens, except where the grammar also allows a token that
/// runs past the forced bytes; there the model picks the token itself (`":` after `{"title`).
@Suite("TurnSampler: forced tokens stop where a longer token may span them",
       .enabled(if: defaultModelPresent, "the default model is not downloaded"))
struct TurnSamplerBoundaryTests {
    static let title = #"""
        {"type": "object", "properties": {"title": {"type": "string"}}, "required": ["title"],
         "additionalProperties": false}
        """#

    /// `fm generate`'s RecipeCard example (scripts/bench/guided_vs_llama_cpp.py).
    static let recipe = #"""
        {"type": "object", "properties": {
          "title": {"type": "string"},
          "difficulty": {"type": "integer", "minimum": 1, "maximum": 5},
          "ingredients": {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 6},
          "steps": {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 4}},
         "required": ["title", "difficulty", "ingredients", "steps"], "additionalProperties": false}
        """#

    /// The same card with every string bounded by an ASCII pattern, so that the grammar ends
    /// the value within `boundedRecipeBudget` tokens whatever the model picks: at most 202 bytes
    /// compact (title 18, difficulty 1, four ingredients and three steps of 18 each, 94 of
    /// keys and punctuation), a space at each of at most 24 places where `.singleSpace` allows
    /// one, and every token is at least one byte. (The unbounded card lets a greedy run loop
    /// inside a string until the budget: on AVX2 SmolLM2 wrote "chicken_bread_cakes_chicken_...".)
    static let boundedRecipe = #"""
        {"type": "object", "properties": {
          "title": {"type": "string", "pattern": "^[A-Za-z ]{1,16}$"},
          "difficulty": {"type": "integer", "minimum": 1, "maximum": 5},
          "ingredients": {"type": "array", "items": {"type": "string", "pattern": "^[A-Za-z ]{1,16}$"}, "minItems": 1, "maxItems": 4},
          "steps": {"type": "array", "items": {"type": "string", "pattern": "^[A-Za-z ]{1,16}$"}, "minItems": 1, "maxItems": 3}},
         "required": ["title", "difficulty", "ingredients", "steps"], "additionalProperties": false}
        """#
    static let boundedRecipeBudget = 256

    let backend: LocalEngineBackend

    init() throws {
        backend = try LocalEngineBackend(url: defaultModelURL, contextSize: 1024)
    }

    func matcher(_ schema: String, whitespace: JSONWhitespace) throws -> GrammarMatcher {
        GrammarMatcher(grammar: try backend.grammars.compile(
            jsonSchema: try JSONValue(parsing: Array(schema.utf8)), options: JSONGrammarOptions(whitespace: whitespace)))
    }

    func isAllowed(_ token: Int32, by matcher: GrammarMatcher) -> Bool {
        var words: [UInt64] = []
        matcher.fillAllowedTokens(into: &words)
        return words[Int(token) / 64] & (1 << UInt64(token % 64)) != 0
    }

    /// With a space allowed before `:`, the `"` closing the key is forced but `":` (one token in
    /// SmolLM2's vocabulary) covers it and the colon: the `"` is left to the model.
    @Test func forcedQuoteIsNotForcedWhenALongerTokenSpansIt() throws {
        let matcher = try matcher(Self.title, whitespace: .singleSpace)
        #expect(matcher.accept(bytes: Array(#"{"title"#.utf8)))
        #expect(matcher.forcedBytes() == Array(#"""#.utf8))
        let quote = backend.tokenizeText(#"""#)
        let quoteColon = backend.tokenizeText(#"":"#)
        #expect(quote.count == 1 && quoteColon.count == 1, "SmolLM2 spells `\"` and `\":` as one token each")
        #expect(isAllowed(quote[0], by: matcher) && isAllowed(quoteColon[0], by: matcher))

        var scratch: [UInt64] = []
        #expect(matcher.allowsToken(extending: Array(#"""#.utf8), scratch: &scratch))
        #expect(matcher.acceptForcedTokens(budget: 16, scratch: &scratch) { backend.tokenizeText($0) } == [])
        // Nothing was accepted: the same choice is still open.
        #expect(matcher.forcedBytes() == Array(#"""#.utf8))
        #expect(matcher.accept(quoteColon[0]))
    }

    /// Forcing stops at the boundary, not before: the tokens before the spanned `"` are forced.
    @Test func tokensBeforeTheBoundaryAreForced() throws {
        let matcher = try matcher(Self.title, whitespace: .singleSpace)
        #expect(matcher.accept(bytes: Array(#"{""#.utf8)))
        #expect(matcher.forcedBytes() == Array(#"title""#.utf8))
        var scratch: [UInt64] = []
        let forced = matcher.acceptForcedTokens(budget: 16, scratch: &scratch) { backend.tokenizeText($0) }
        #expect(forced == backend.tokenizeText("title"))
        #expect(matcher.forcedBytes() == Array(#"""#.utf8))
    }

    /// Where the forced bytes could be one token but a longer one is allowed (`{` then a space
    /// or `"`: `{"` spans the choice), nothing is forced.
    @Test func openingBraceIsLeftToTheModel() throws {
        let matcher = try matcher(Self.title, whitespace: .singleSpace)
        #expect(matcher.forcedBytes() == Array("{".utf8))
        var scratch: [UInt64] = []
        #expect(matcher.acceptForcedTokens(budget: 16, scratch: &scratch) { backend.tokenizeText($0) } == [])
        #expect(matcher.forcedBytes() == Array("{".utf8))
    }

    /// In compact JSON the same quote is forced with the colon and the opening quote after it
    /// (`":"`, one token), and no longer token spans them: the tokenizer's split is forced.
    @Test func forcedBytesNoTokenSpansAreForcedWhole() throws {
        let matcher = try matcher(Self.title, whitespace: .compact)
        #expect(matcher.accept(bytes: Array(#"{"title"#.utf8)))
        #expect(matcher.forcedBytes() == Array(#"":""#.utf8))
        var scratch: [UInt64] = []
        #expect(!matcher.allowsToken(extending: Array(#"":""#.utf8), scratch: &scratch))
        let forced = matcher.acceptForcedTokens(budget: 16, scratch: &scratch) { backend.tokenizeText($0) }
        #expect(forced == backend.tokenizeText(#"":""#))
        #expect(matcher.forcedBytes().isEmpty)
    }

    /// The budget caps the forced tokens; the ones that fit are forced.
    @Test func budgetCapsTheForcedTokens() throws {
        let matcher = try matcher(Self.title, whitespace: .compact)
        var scratch: [UInt64] = []
        let all = backend.tokenizeText(#"{"title":""#)
        #expect(all.count > 1)
        let forced = matcher.acceptForcedTokens(budget: 1, scratch: &scratch) { backend.tokenizeText($0) }
        #expect(forced == Array(all.prefix(1)))
    }

    /// `allowsToken(extending:)` skips the mask when no token of the vocabulary extends the
    /// bytes (a trie walk); at every point of these values, for every rest of the forced bytes,
    /// it answers as a scan of the whole mask does.
    @Test(arguments: [
        (JSONWhitespace.singleSpace, #"{ "title": "Pancakes", "difficulty": 1, "ingredients": [ "milk", "sugar" ], "steps": [ "boil" ] }"#),
        (JSONWhitespace.compact, #"{"title":"","difficulty":2,"ingredients":["a","bc"],"steps":["Mix, then fry."]}"#),
    ])
    func trieShortcutAgreesWithTheMask(whitespace: JSONWhitespace, text: String) throws {
        let matcher = try matcher(Self.recipe, whitespace: whitespace)
        var scratch: [UInt64] = []
        var words: [UInt64] = []
        var checked = 0, spanned = 0
        for byte in text.utf8 {
            let forced = matcher.forcedBytes()
            for start in forced.indices {
                let rest = forced[start...]
                matcher.fillAllowedTokens(into: &words)
                var scanned = false
                for token in 0..<backend.vocabularySize where words[token / 64] & (1 << UInt64(token % 64)) != 0 {
                    let bytes = backend.tokenBytes(Int32(token))
                    if bytes.count > rest.count, bytes.starts(with: rest) { scanned = true; break }
                }
                #expect(matcher.allowsToken(extending: rest, scratch: &scratch) == scanned,
                        "after \(checked) checks, forced rest \(String(decoding: rest, as: UTF8.self))")
                checked += 1
                if scanned { spanned += 1 }
            }
            #expect(matcher.accept(bytes: [byte]))
        }
        #expect(matcher.isComplete)
        // Both answers occur, so the comparison checks something either way.
        #expect(checked > spanned && spanned > 0, "\(checked) checks, \(spanned) spanned")
    }

    /// On the real model, under a grammar with a space allowed around `:`, the `"` closing each
    /// key is never forced (`":` spans it): the token holding it is always the model's pick,
    /// whichever of `"`, `":` or `" :` that is. The forced tokens still go in as batches, and
    /// the value is complete (the bounded schema guarantees it within the budget) and valid.
    @Test func modelPicksTheTokenAfterEveryKeyAndTheValueIsValid() throws {
        let run = try generate(Self.boundedRecipe, prompt: "Write a recipe card for pancakes.", whitespace: .singleSpace,
                               budget: Self.boundedRecipeBudget)
        print("TurnSamplerBoundary space:", run.text)
        #expect(run.complete)
        let bytes = run.tokens.map { backend.tokenBytes($0) }
        // The tokens as evaluated spell the text but its last token (never evaluated).
        #expect(run.text.utf8.starts(with: bytes.joined()) && !bytes.isEmpty)
        let text = Array(run.text.utf8)
        var checkedKeys = 0
        for key in ["title", "difficulty", "ingredients", "steps"] {
            // The key is the quoted name followed (after an optional space) by a colon.
            let quoted = Array("\"\(key)\"".utf8)
            guard let start = text.indices.first(where: { at in
                text[at...].starts(with: quoted) && text[(at + quoted.count)...].drop(while: { $0 == 0x20 }).first == UInt8(ascii: ":")
            }) else {
                Issue.record("no key \(key) in \(run.text)")
                continue
            }
            let closingQuote = start + quoted.count - 1
            var offset = 0
            for (index, token) in bytes.enumerated() {
                if offset + token.count > closingQuote {
                    #expect(run.sampled[index], "the token \(String(decoding: token, as: UTF8.self).debugDescription) closing key \(key) was forced")
                    break
                }
                offset += token.count
            }
            checkedKeys += 1
        }
        #expect(checkedKeys == 4)
        #expect(run.forwardPasses < run.generated, "forced tokens go in batches")
        try expectValid(run.text, schema: Self.boundedRecipe)
    }

    /// The library's own path (`respond(to:schema:)`, compact grammar) yields values the
    /// independent validator accepts, within the budget the bounded schema guarantees.
    @Test func guidedResponseIsValid() async throws {
        let model = SystemLanguageModel(contentsOf: defaultModelURL, contextSize: 1024)
        let session = LanguageModelSession(model: model)
        let response = try await session.respond(
            to: "Write a recipe card for pancakes.",
            schema: try JSONDecoder().decode(GenerationSchema.self, from: Data(Self.boundedRecipe.utf8)),
            options: GenerationOptions(sampling: .greedy, maximumResponseTokens: Self.boundedRecipeBudget))
        print("TurnSamplerBoundary compact:", response.content.jsonString)
        try expectValid(response.content.jsonString, schema: Self.boundedRecipe)
    }

    func expectValid(_ text: String, schema: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let value = try JSONValue(parsing: Array(text.utf8))
        let result = try JSONSchema(try JSONValue(parsing: Array(schema.utf8))).validate(value)
        #expect(result.isValid, "\(text): \(result.errors)", sourceLocation: sourceLocation)
    }

    /// Counts the forward passes the sampler asks of the engine.
    final class CountingDecoder: BackendDecoder {
        let base: any BackendDecoder
        var passes = 0
        /// The response's tokens as evaluated (the last one is never evaluated).
        var tokens: [Int32] = []
        /// Per token of `tokens`: whether the model picked it (`append`) rather than the
        /// grammar forcing it (`evaluate`'s response start, `extend`).
        var sampled: [Bool] = []
        init(_ base: any BackendDecoder) { self.base = base }
        func evaluate(_ tokens: [Int32]) throws { passes += 1; try base.evaluate(tokens) }
        func evaluate(_ prompt: [Int32], responseStart: [Int32]) throws {
            passes += 1
            tokens = responseStart
            sampled = responseStart.map { _ in false }
            try base.evaluate(prompt, responseStart: responseStart)
        }
        func append(_ token: Int32) throws {
            passes += 1
            tokens.append(token)
            sampled.append(true)
            try base.append(token)
        }
        func extend(_ more: [Int32]) throws {
            passes += 1
            tokens += more
            sampled += more.map { _ in false }
            try base.extend(more)
        }
        func sample(_ plan: SamplingPlan, allowed: [UInt64]?) throws -> Int32 { try base.sample(plan, allowed: allowed) }
        func reusablePrefixLength(of tokens: [Int32]) -> Int { base.reusablePrefixLength(of: tokens) }
    }

    func generate(_ schema: String, prompt: String, whitespace: JSONWhitespace, budget: Int, insertsForcedBytes: Bool = true) throws
        -> (text: String, tokens: [Int32], sampled: [Bool], generated: Int, complete: Bool, forwardPasses: Int)
    {
        let constraint = try matcher(schema, whitespace: whitespace)
        let rendered = backend.render([
            ChatTurn(role: .system, content: "Respond with a JSON value that follows this JSON Schema:\n" + schema),
            ChatTurn(role: .user, content: prompt),
        ], addGenerationPrompt: true)
        let decoder = CountingDecoder(try backend.makeDecoder())
        var sampler = TurnSampler(backend: backend, decoder: decoder, plan: .greedy)
        sampler.insertsForcedBytes = insertsForcedBytes
        var output = UTF8Accumulator()
        var generated = 0
        try sampler.run(prompt: backend.tokenizePrompt(rendered), into: &output, generated: &generated,
                        constraint: constraint, budget: budget, onText: nil)
        return (output.text, decoder.tokens, decoder.sampled, generated, constraint.isComplete, decoder.passes)
    }
}
