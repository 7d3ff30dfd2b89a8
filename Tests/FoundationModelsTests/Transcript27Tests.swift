import Foundation
import Testing
@testable import FoundationModels

@Generable(name: "Recipe", description: "A recipe under its schema name")
struct RenamedRecipe {
    let title: String
}

@Generable(name: "Weather")
enum RenamedSky {
    case clear
    case cloudy(cover: Int)
}

/// A custom segment type of the app's own.
struct Citation: Transcript.CustomSegment {
    var id = "cite-1"
    var content: [String: String]
    var description: String { "Source: \(content["url"] ?? "?")" }
}

@Suite("Transcript (27 data types)")
struct Transcript27Tests {
    static let photo = URL(fileURLWithPath: "/tmp/receipt.png")

    /// Every entry kind and segment kind of the 27 API, with metadata wherever entries carry it.
    static let sample: Transcript = {
        var prompt = Transcript.Prompt(id: "p1", segments: [
            .text(.init(id: "t1", content: "What is on this receipt?")),
            .attachment(.init(id: "a1", content: .image(.init(imageURL: photo, orientation: .right)), label: "receipt")),
        ])
        prompt.metadata["requestID"] = GeneratedContent("r-17")
        return Transcript(entries: [
            .instructions(.init(id: "i1", segments: [.text(.init(id: "t0", content: "Read receipts."))], toolDefinitions: [])),
            .prompt(prompt),
            .reasoning(.init(id: "r1", metadata: ["effort": 2], segments: [.text(.init(id: "t2", content: "A receipt: list the items."))],
                             signature: Data([0xDE, 0xAD]))),
            .toolCalls(.init(id: "c1", [Transcript.ToolCall(id: "call-1", metadata: ["provider": "local"], toolName: "lookup",
                                                            arguments: GeneratedContent(properties: ["item": "tea"]))])),
            .response(.init(id: "s1", metadata: ["modelID": "smollm2"], segments: [
                .structure(.init(id: "t3", schemaName: "Recipe", content: GeneratedContent(properties: ["title": "Tea"]))),
                .custom(Citation(content: ["url": "https://example.com"])),
            ])),
        ])
    }()

    @Test func everyTwentySevenEntryAndSegmentRoundTripsThroughJSON() throws {
        let decoded = try JSONDecoder().decode(Transcript.self, from: JSONEncoder().encode(Self.sample))
        #expect(decoded.count == 5)
        // Everything but the custom segment compares equal: it decodes as this module's stand-in.
        #expect(Array(decoded.prefix(4)) == Array(Self.sample.prefix(4)))
        guard case .prompt(let prompt) = decoded[1], case .attachment(let attachment) = prompt.segments[1],
              case .reasoning(let reasoning) = decoded[2], case .toolCalls(let calls) = decoded[3],
              case .response(let response) = decoded[4], case .structure(let structure) = response.segments[0],
              case .custom(let custom) = response.segments[1] else {
            Issue.record("an entry or segment changed kind: \(decoded)")
            return
        }
        #expect(prompt.metadata["requestID"] == GeneratedContent("r-17"))
        #expect(attachment.label == "receipt")
        guard case .image(let image) = attachment.content else { return }
        #expect(image.url == Self.photo)
        #expect(image.orientation == .right)
        #expect(reasoning.signature == Data([0xDE, 0xAD]))
        #expect(reasoning.metadata["effort"] == GeneratedContent(2))
        #expect(calls[0].metadata["provider"] == GeneratedContent("local"))
        #expect(response.metadata == ["modelID": GeneratedContent("smollm2")])
        #expect(structure.schemaName == "Recipe")
        #expect(custom.id == "cite-1")
        #expect(custom.description == "Source: https://example.com")
        #expect(custom is DecodedCustomSegment)
        #expect((custom as? DecodedCustomSegment)?.content.value == ["url": "https://example.com"])
        // The stand-in encodes back to the same JSON, so a second round trip is exact.
        let again = try JSONDecoder().decode(Transcript.self, from: JSONEncoder().encode(decoded))
        #expect(again == decoded)
    }

    /// A transcript as this package encoded it before the 27 types existed: no `metadata` keys,
    /// structured segments with `source`, response formats with `name` and `schema`.
    static let savedBeforeTwentySeven = #"""
    {"entries":[
      {"instructions":{"_0":{"id":"i1","segments":[{"text":{"_0":{"id":"t0","content":"Be brief."}}}],"toolDefinitions":[]}}},
      {"prompt":{"_0":{"id":"p1","segments":[{"text":{"_0":{"id":"t1","content":"A recipe?"}}}],"options":{"temperature":0.5},
        "responseFormat":{"name":"Recipe","schema":{"type":"object","title":"Recipe","properties":{"title":{"type":"string"}},"required":["title"],"x-order":["title"],"additionalProperties":false}}}}},
      {"toolCalls":{"_0":{"id":"c1","calls":[{"id":"call-1","toolName":"lookup","arguments":"{\"item\":\"tea\"}"}]}}},
      {"toolOutput":{"_0":{"id":"call-1","toolName":"lookup","segments":[{"text":{"_0":{"id":"t2","content":"Tea: 3"}}}]}}},
      {"response":{"_0":{"id":"s1","assetIDs":["asset-1"],"segments":[{"structure":{"_0":{"id":"t3","source":"Recipe","content":"{\"title\":\"Tea\"}"}}}]}}}
    ]}
    """#

    @Test func transcriptsSavedBeforeTheTwentySevenTypesStillDecode() throws {
        let transcript = try JSONDecoder().decode(Transcript.self, from: Data(Self.savedBeforeTwentySeven.utf8))
        #expect(transcript.map(\.id) == ["i1", "p1", "c1", "call-1", "s1"])
        guard case .prompt(let prompt) = transcript[1], case .response(let response) = transcript[4],
              case .structure(let structure) = response.segments[0] else {
            Issue.record("entries changed kind")
            return
        }
        #expect(prompt.metadata.isEmpty)
        #expect(prompt.responseFormat?.name == "Recipe")
        #expect(prompt.options.temperature == 0.5)
        #expect(structure.schemaName == "Recipe")
        #expect(response.assetIDs == ["asset-1"])
        // Apple's back-deployed metadata reports the asset identifiers.
        #expect(response.metadata == ["assetIDs": GeneratedContent(["asset-1"])])
        #expect(transcript[2].description == #"Tool calls: lookup({"item":"tea"})"#)
        // Entries without the 27 fields encode without them, as before.
        let encoded = String(decoding: try JSONEncoder().encode(transcript), as: UTF8.self)
        #expect(!encoded.contains("metadata"))
        #expect(encoded.contains(#""source":"Recipe""#))
    }

    @Test func historyIsEverythingAfterTheLeadingInstructions() {
        var transcript = Self.sample
        #expect(transcript.history.map(\.id) == ["p1", "r1", "c1", "s1"])
        #expect(transcript.history.startIndex < transcript.history.endIndex)
        // Writing the history keeps the leading instructions.
        transcript.history = Transcript.HistoryView(transcript.history.suffix(2))
        #expect(transcript.map(\.id) == ["i1", "c1", "s1"])
        transcript.history.append(.prompt(.init(id: "p2", segments: [])))
        #expect(transcript.map(\.id) == ["i1", "c1", "s1", "p2"])
        // Without leading instructions the history is the whole transcript; later
        // instructions entries stay in it.
        var plain = Transcript(entries: [.prompt(.init(id: "p0", segments: [])), .instructions(.init(id: "i9", segments: [], toolDefinitions: []))])
        #expect(plain.history.map(\.id) == ["p0", "i9"])
        plain.history = []
        #expect(plain.isEmpty)
        // Slices of a view are views that share its indices.
        let history = Self.sample.history
        let tail = history[history.index(after: history.startIndex)...]
        #expect(tail.startIndex == history.index(after: history.startIndex))
        #expect(tail.map(\.id) == ["r1", "c1", "s1"])
    }

    @Test func aTranscriptIsMutableAndRangeReplaceable() {
        var transcript = Transcript()
        #expect(transcript.isEmpty)
        transcript.append(contentsOf: Self.sample)
        transcript.removeSubrange(1..<3)
        #expect(transcript.map(\.id) == ["i1", "c1", "s1"])
        transcript[1] = .response(.init(id: "s0", segments: []))
        #expect(transcript.map(\.id) == ["i1", "s0", "s1"])
        transcript.insert(.reasoning(.init(id: "r0", segments: [])), at: 1)
        #expect(transcript[1].description == "Reasoning: ")
    }

    @Test func schemasAreNamedByTheirTypeOrTheGenerableName() throws {
        #expect(RecipeCard.generationSchema.name == "RecipeCard")
        #expect(RenamedRecipe.generationSchema.name == "Recipe")
        #expect(try RenamedRecipe.generationSchema.jsonSchema()["title"] == "Recipe")
        #expect(RenamedSky.generationSchema.name == "Weather")
        // The case objects of an enum with associated values are renamed with it.
        let sky = try RenamedSky.generationSchema.jsonSchema()
        #expect(sky["anyOf"]?.array?.compactMap { $0["title"]?.string } == ["Weather.clear", "Weather.cloudy"])
        #expect(String.generationSchema.name == "String")
        #expect(Float.generationSchema.name == "Float")
        #expect([Int].generationSchema.name == "Array<Int>")
        #expect(String?.generationSchema.name == "Optional<String>")
        let dynamic = try GenerationSchema(root: DynamicGenerationSchema(name: "Menu", properties: []), dependencies: [])
        #expect(dynamic.name == "Menu")
        // The response format and its kind carry the schema, under the schema's name.
        let format = Transcript.ResponseFormat(type: RenamedRecipe.self)
        #expect(format.name == "Recipe")
        guard case .schema(let schema) = format.kind else { return }
        #expect(schema.name == "Recipe")
        #expect(Transcript.ResponseFormat(schema: dynamic).name == "Menu")
        // A schema decoded from JSON Schema is named by its title.
        let decoded = try JSONDecoder().decode(GenerationSchema.self, from: JSONEncoder().encode(RenamedRecipe.generationSchema))
        #expect(decoded.name == "Recipe")
    }

    @Test func anImageReferenceResolvesToTheLatestAttachmentWithItsLabel() throws {
        let older = URL(fileURLWithPath: "/tmp/old.png")
        let transcript = Transcript(entries: [
            .prompt(.init(segments: [.attachment(.init(content: .image(.init(imageURL: older)), label: "receipt"))])),
            .toolOutput(.init(id: "o1", toolName: "scan", segments: [.attachment(.init(content: .image(.init(imageURL: Self.photo)), label: "receipt"))])),
        ])
        #expect(ImageReference(attachmentLabel: "receipt").resolved(in: transcript)?.url == Self.photo)
        #expect(ImageReference(attachmentLabel: "menu").resolved(in: transcript) == nil)
        let reference = try ImageReference(GeneratedContent(json: #"{"attachmentLabel":"receipt"}"#))
        #expect(reference.attachmentLabel == "receipt")
        #expect(reference.generatedContent.jsonString == #"{"attachmentLabel":"receipt"}"#)
        #expect(try ImageReference.generationSchema.jsonSchema()["required"] == ["attachmentLabel"])
        let partial = try ImageReference.PartiallyGenerated(GeneratedContent(json: #"{"attachmentLabel":"rec"#))
        #expect(partial.attachmentLabel == "rec")
    }

    @Test func attachmentsInPromptsAndInstructionsBecomeAttachmentSegments() {
        let prompt = Prompt {
            "Compare these two images:"
            Attachment(imageURL: Self.photo).label("image-0")
            Attachment(imageURL: URL(fileURLWithPath: "/tmp/b.png"), orientation: .left)
            "Which is brighter?"
        }
        #expect(prompt.text == "Compare these two images:\nWhich is brighter?")
        #expect(prompt.segments.count == 4)
        guard case .attachment(let first) = prompt.segments[1], case .attachment(let second) = prompt.segments[2],
              case .image(let image) = second.content else {
            Issue.record("the attachments are not segments: \(prompt.segments)")
            return
        }
        #expect(first.label == "image-0")
        #expect(second.label == nil)
        #expect(image.orientation == .left)
        #expect(first.description == "[image \"image-0\": file:///tmp/receipt.png]")
        let instructions = Instructions {
            "Describe the photo."
            Attachment(imageURL: Self.photo)
        }
        #expect(instructions.segments.count == 2)
    }

    @Test func customSegmentsCompareByTypeAndValue() {
        let citation = Transcript.Segment.custom(Citation(content: ["url": "a"]))
        #expect(citation == .custom(Citation(content: ["url": "a"])))
        #expect(citation != .custom(Citation(content: ["url": "b"])))
        #expect(citation != .text(.init(id: "cite-1", content: "Source: a")))
        #expect(citation.description == "Source: a")
        #expect(Citation(content: ["url": "a"]).promptRepresentation.text == "Source: a")
    }
}

@Suite("Image attachments on the default model", .enabled(if: defaultModelPresent, "the default model is not downloaded"))
struct ImageAttachmentRefusalTests {
    @Test func theLocalModelRefusesImagesWithApplesError() async throws {
        let session = LanguageModelSession(model: SystemLanguageModel(contentsOf: defaultModelURL, contextSize: 512))
        await #expect {
            try await session.respond(options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 4)) {
                "What is in this picture?"
                Attachment(imageURL: URL(fileURLWithPath: "/tmp/receipt.png")).label("receipt")
            }
        } throws: { error in
            guard case LanguageModelError.unsupportedCapability(let failure) = error else { return false }
            return failure.capability == .vision && failure.debugDescription.contains("receipt")
        }
        #expect(session.transcript.isEmpty)
        #expect(!session.isResponding)
        // Attachments in instructions are refused too, rather than silently dropped.
        let shown = LanguageModelSession(model: SystemLanguageModel(contentsOf: defaultModelURL, contextSize: 512)) {
            "Describe the photo."
            Attachment(imageURL: URL(fileURLWithPath: "/tmp/receipt.png"))
        }
        await #expect(throws: LanguageModelError.self) { try await shown.respond(to: "Go.") }
    }
}
