// Types written the way the @Generable macro expands them (CONTRACT-generable.md), so the API
// the macro calls is tested here without the macro plugin.
import FoundationModels

struct RecipeCard: Equatable {
    let title: String
    let difficulty: Int
    let ingredients: [String]
    let steps: [String]
    var note: String?
}

extension RecipeCard: FoundationModels.Generable {
    nonisolated static var generationSchema: FoundationModels.GenerationSchema {
        FoundationModels.GenerationSchema(type: Self.self, description: "A recipe", properties: [
            FoundationModels.GenerationSchema.Property(name: "title", description: "The dish's name", type: String.self, guides: []),
            FoundationModels.GenerationSchema.Property(name: "difficulty", description: "Difficulty from 1 to 5", type: Int.self, guides: [.range(1...5)]),
            FoundationModels.GenerationSchema.Property(name: "ingredients", description: nil, type: [String].self, guides: []),
            FoundationModels.GenerationSchema.Property(name: "steps", description: nil, type: [String].self, guides: [.count(1...6)]),
            FoundationModels.GenerationSchema.Property(name: "note", description: nil, type: String?.self, guides: []),
        ])
    }

    nonisolated init(_ content: FoundationModels.GeneratedContent) throws {
        self.title = try content.value(String.self, forProperty: "title")
        self.difficulty = try content.value(Int.self, forProperty: "difficulty")
        self.ingredients = try content.value([String].self, forProperty: "ingredients")
        self.steps = try content.value([String].self, forProperty: "steps")
        self.note = try content.value(String?.self, forProperty: "note")
    }

    nonisolated var generatedContent: FoundationModels.GeneratedContent {
        FoundationModels.GeneratedContent(properties: [
            "title": title, "difficulty": difficulty, "ingredients": ingredients, "steps": steps, "note": note,
        ])
    }

    nonisolated struct PartiallyGenerated: Identifiable, FoundationModels.ConvertibleFromGeneratedContent {
        var id: FoundationModels.GenerationID
        var title: String.PartiallyGenerated?
        var difficulty: Int.PartiallyGenerated?
        var ingredients: [String].PartiallyGenerated?
        var steps: [String].PartiallyGenerated?
        var note: String.PartiallyGenerated?

        nonisolated init(_ content: FoundationModels.GeneratedContent) throws {
            self.id = content.id ?? FoundationModels.GenerationID()
            self.title = try content.value(String.PartiallyGenerated?.self, forProperty: "title")
            self.difficulty = try content.value(Int.PartiallyGenerated?.self, forProperty: "difficulty")
            self.ingredients = try content.value([String].PartiallyGenerated?.self, forProperty: "ingredients")
            self.steps = try content.value([String].PartiallyGenerated?.self, forProperty: "steps")
            self.note = try content.value(String.PartiallyGenerated?.self, forProperty: "note")
        }
    }

    nonisolated func asPartiallyGenerated() -> PartiallyGenerated {
        // The full value always converts to its partial form.
        (try? PartiallyGenerated(generatedContent)) ?? PartiallyGenerated(id: GenerationID())
    }
}

extension RecipeCard.PartiallyGenerated {
    init(id: GenerationID) { self.id = id }
}

enum Mood: Equatable { case cheerful, grumpy, curious }

extension Mood: FoundationModels.Generable {
    nonisolated static var generationSchema: FoundationModels.GenerationSchema {
        FoundationModels.GenerationSchema(type: Self.self, description: nil, anyOf: ["cheerful", "grumpy", "curious"])
    }

    nonisolated init(_ content: FoundationModels.GeneratedContent) throws {
        switch try content.value(String.self) {
        case "cheerful": self = .cheerful
        case "grumpy": self = .grumpy
        case "curious": self = .curious
        case let other: throw FoundationModels.GeneratedContent._decodingFailure("Unknown case '\(other)' of Mood", content: content)
        }
    }

    nonisolated var generatedContent: FoundationModels.GeneratedContent {
        switch self {
        case .cheerful: FoundationModels.GeneratedContent("cheerful")
        case .grumpy: FoundationModels.GeneratedContent("grumpy")
        case .curious: FoundationModels.GeneratedContent("curious")
        }
    }
}

enum Reply: Equatable {
    case text(String)
    case score(value: Int)
    case none
}

extension Reply: FoundationModels.Generable {
    nonisolated static var generationSchema: FoundationModels.GenerationSchema {
        FoundationModels.GenerationSchema(type: Self.self, description: "A reply", _taggedCases: [
            FoundationModels.GenerationSchema._TaggedCase(name: "text", properties: [.init(name: "_0", description: nil, type: String.self, guides: [])]),
            FoundationModels.GenerationSchema._TaggedCase(name: "score", properties: [.init(name: "value", description: nil, type: Int.self, guides: [])]),
            FoundationModels.GenerationSchema._TaggedCase(name: "none", properties: []),
        ])
    }

    nonisolated init(_ content: FoundationModels.GeneratedContent) throws {
        switch try content.value(String.self, forProperty: "case") {
        case "text": self = .text(try content.value(String.self, forProperty: "_0"))
        case "score": self = .score(value: try content.value(Int.self, forProperty: "value"))
        case "none": self = .none
        case let other: throw FoundationModels.GeneratedContent._decodingFailure("Unknown case '\(other)' of Reply", content: content)
        }
    }

    nonisolated var generatedContent: FoundationModels.GeneratedContent {
        switch self {
        case .text(let value): FoundationModels.GeneratedContent(properties: ["case": "text", "_0": value])
        case .score(let value): FoundationModels.GeneratedContent(properties: ["case": "score", "value": value])
        case .none: FoundationModels.GeneratedContent(properties: ["case": "none"])
        }
    }
}

/// A recursive type: a tree of comments.
struct Comment {
    var text: String
    var replies: [Comment]
}

extension Comment: FoundationModels.Generable {
    nonisolated static var generationSchema: FoundationModels.GenerationSchema {
        FoundationModels.GenerationSchema(type: Self.self, description: nil, properties: [
            FoundationModels.GenerationSchema.Property(name: "text", description: nil, type: String.self, guides: []),
            FoundationModels.GenerationSchema.Property(name: "replies", description: nil, type: [Comment].self, guides: [.maximumCount(3)]),
        ])
    }

    nonisolated init(_ content: FoundationModels.GeneratedContent) throws {
        self.text = try content.value(String.self, forProperty: "text")
        self.replies = try content.value([Comment].self, forProperty: "replies")
    }

    nonisolated var generatedContent: FoundationModels.GeneratedContent {
        FoundationModels.GeneratedContent(properties: ["text": text, "replies": replies])
    }
}

struct Character {
    var name: String
    var age: Int
    var traits: [String]
    var nickname: String?
    var mood: Mood
}

extension Character: FoundationModels.Generable {
    nonisolated static var generationSchema: FoundationModels.GenerationSchema {
        FoundationModels.GenerationSchema(type: Self.self, description: "A character in a short story", properties: [
            FoundationModels.GenerationSchema.Property(name: "name", description: "Given name", type: String.self, guides: [/[A-Z][a-z]+/]),
            FoundationModels.GenerationSchema.Property(name: "age", description: nil, type: Int.self, guides: [.range(18...99)]),
            FoundationModels.GenerationSchema.Property(name: "traits", description: "Traits", type: [String].self, guides: [.count(3)]),
            FoundationModels.GenerationSchema.Property(name: "nickname", description: nil, type: String?.self, guides: []),
            FoundationModels.GenerationSchema.Property(name: "mood", description: nil, type: Mood.self, guides: []),
        ])
    }

    nonisolated init(_ content: FoundationModels.GeneratedContent) throws {
        self.name = try content.value(String.self, forProperty: "name")
        self.age = try content.value(Int.self, forProperty: "age")
        self.traits = try content.value([String].self, forProperty: "traits")
        self.nickname = try content.value(String?.self, forProperty: "nickname")
        self.mood = try content.value(Mood.self, forProperty: "mood")
    }

    nonisolated var generatedContent: FoundationModels.GeneratedContent {
        FoundationModels.GeneratedContent(properties: ["name": name, "age": age, "traits": traits, "nickname": nickname, "mood": mood])
    }
}
